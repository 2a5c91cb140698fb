import Core
public import LocalizationKit
import Foundation

/// Writes `.strings` text (UTF-8) and `.stringsdict` objects that Apple's parsers read back to the same values.
public enum StringsWriter {
    public static func text(_ entries: [(key: String, value: String, comment: String?)]) -> String {
        var out = ""
        for entry in entries {
            if let comment = entry.comment, !comment.isEmpty {
                // A "*/" inside the comment would end it early.
                out += "/* \(comment.replacingOccurrences(of: "*/", with: "* /")) */\n"
            }
            out += "\"\(quoted(entry.key))\" = \"\(quoted(entry.value))\";\n\n"
        }
        return out
    }

    /// The body of a quoted old-style plist string: `\` and `"` escaped, control characters as escapes.
    public static func quoted(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\U" + String(format: "%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A `.stringsdict` rule as a property-list dictionary.
    public static func stringsdictObject(_ rule: PluralRule) -> [String: Any] {
        var object: [String: Any] = ["NSStringLocalizedFormatKey": rule.format]
        for (name, variable) in rule.variables {
            var spec: [String: Any] = ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": variable.valueType]
            for (category, form) in variable.forms { spec[category.rawValue] = form }
            object[name] = spec
        }
        return object
    }
}
