public import CatalogParser

/// The Swift type an argument takes, from its printf specifier.
public enum ArgumentType: String, Sendable, Hashable {
    /// `%d`, `%ld`, `%lld`, `%i`, `%u`, `%x`…, `%c`, and a plural variable whose count is an integer.
    case int = "Int"
    /// `%f`, `%g`, `%e`, `%a` and their capitals.
    case double = "Double"
    /// `%@` and `%s`: text (or, in the `copy` template, any `CopyArgument`).
    case text = "String"

    init(_ kind: FormatSpecifier.ArgumentKind) {
        switch kind {
        case .integer, .unsignedInteger, .character, .pointer: self = .int
        case .floatingPoint: self = .double
        case .object, .cString, .pluralVariable: self = .text
        }
    }

    /// A plural variable's count by its `NSStringFormatValueTypeKey` (`d`, `ld`, `f`…).
    init(pluralValueType valueType: String) {
        let kind = FormatSpecifier.parse("%" + valueType).first?.argumentKind ?? .integer
        self = kind == .floatingPoint ? .double : .int
    }
}

/// One argument of an accessor: where it goes in the format, its label and its type.
public struct AccessorParameter: Sendable, Hashable {
    /// `_` for none.
    public var label: String
    /// The name inside the function (`arg1`, or the label).
    public var name: String
    public var type: ArgumentType
}

/// One key as the generated file offers it.
public struct Accessor: Sendable, Hashable {
    public var table: String
    public var key: String
    /// The member's path under the generated type (`["toastTitle"]`, or `["Toast", "title"]` structured).
    public var path: [String]
    public var parameters: [AccessorParameter]
    /// The base locale's text (a plural's `other` form after its format), for the doc comment.
    public var baseText: String
    public var comment: String?

    /// The arguments a base value takes, in order: positional specifiers (`%2$@`) where they say, the others in turn; a
    /// plural variable is one argument, its count. A gap (`%1$@ … %3$@`) is taken as text, as Foundation reads it.
    public static func arguments(of value: CatalogValue) -> [(type: ArgumentType, variable: String?)] {
        var slots: [Int: (type: ArgumentType, variable: String?)] = [:]
        func place(_ specifiers: [FormatSpecifier], variables: [String: PluralVariable]) {
            var next = 1
            for specifier in specifiers {
                let position = specifier.position ?? next
                next = position + 1
                if let name = specifier.variable {
                    let type = variables[name].map { ArgumentType(pluralValueType: $0.valueType) } ?? .int
                    slots[position] = (type, name)
                } else if slots[position] == nil || slots[position]?.variable == nil {
                    slots[position] = (ArgumentType(specifier.argumentKind), nil)
                }
            }
        }
        switch value {
        case let .text(text):
            place(FormatSpecifier.parse(text), variables: [:])
        case let .plural(rule):
            place(FormatSpecifier.parse(rule.format), variables: rule.variables)
            // A form may name another argument by position (`%2$@`); its own count is the variable's.
            for variable in rule.variables.values {
                for form in variable.forms.values {
                    let positioned = FormatSpecifier.parse(form).filter { ($0.position ?? 0) > 0 && slots[$0.position ?? 0] == nil }
                    for specifier in positioned { slots[specifier.position ?? 0] = (ArgumentType(specifier.argumentKind), nil) }
                }
            }
        case .other:
            break
        }
        guard let last = slots.keys.max() else { return [] }
        return (1...last).map { slots[$0] ?? (.text, nil) }
    }

    /// The base text a doc comment shows: the value, or a plural's format with each variable's `other` form in place.
    public static func baseText(of value: CatalogValue) -> String {
        switch value {
        case let .text(text):
            return text
        case let .plural(rule):
            var text = rule.format
            for (name, variable) in rule.variables.sorted(by: { $0.key < $1.key }) {
                let form = variable.forms[.other] ?? variable.forms.values.sorted().first ?? ""
                for specifier in FormatSpecifier.parse(text).reversed() where specifier.variable == name {
                    let start = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: specifier.offset)
                    let end = text.unicodeScalars.index(start, offsetBy: specifier.text.unicodeScalars.count)
                    text.unicodeScalars.replaceSubrange(start..<end, with: form.unicodeScalars)
                }
            }
            return text
        case .other:
            return ""
        }
    }
}
