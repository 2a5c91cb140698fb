import Core
import LocalizationKit
import Foundation

/// A String Catalog (`.xcstrings`) as JSON that keeps its members in the order they were read, written back in
/// Xcode's own layout (two-space indent, `"key" : value`, an empty object as `{` blank line `}`, `/` not escaped). A
/// catalog Xcode wrote reads and writes back byte for byte, so `l10n format` and `l10n import` change only what they
/// mean to.
indirect enum OrderedJSON: Equatable, Sendable {
    case object([(key: String, value: OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    /// A number as written.
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    subscript(key: String) -> OrderedJSON? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    var stringValue: String? { if case .string(let text) = self { text } else { nil } }

    /// Every object's members in Xcode's order (`XcodeKeyOrder`), at every depth, as Xcode writes a catalog.
    func sortedAsXcode() -> OrderedJSON {
        switch self {
        case .object(let members):
            .object(members.map { ($0.key, $0.value.sortedAsXcode()) }.sorted { XcodeKeyOrder.precedes($0.key, $1.key) })
        case .array(let items): .array(items.map { $0.sortedAsXcode() })
        default: self
        }
    }

    /// Sets `key`'s value; a member new to the object goes where Xcode's order puts it, the others stay where they are.
    mutating func set(_ key: String, _ value: OrderedJSON) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.insert((key, value), at: members.firstIndex { XcodeKeyOrder.precedes(key, $0.key) } ?? members.count)
        }
        self = .object(members)
    }

    func value(at keys: [String]) -> OrderedJSON? {
        keys.reduce(Optional(self)) { node, key in node?[key] }
    }

    /// Sets the value at a path of members, creating the objects on the way in Xcode's order.
    mutating func setValue(_ value: OrderedJSON, at keys: [String]) {
        guard let first = keys.first else { self = value; return }
        var child = self[first] ?? .object([])
        child.setValue(value, at: Array(keys.dropFirst()))
        set(first, child)
    }

    // MARK: Reading

    static func parse(_ data: Data) -> OrderedJSON? {
        var reader = Reader(bytes: [UInt8](data))
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return false }
            index += utf8.count
            return true
        }

        mutating func value() -> OrderedJSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: OrderedJSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard literal(":"), let member = value() else { return nil }
                    members.append((key, member))
                    skipSpace()
                    if literal(",") { continue }
                    return literal("}") ? .object(members) : nil
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [OrderedJSON] = []
                skipSpace()
                if literal("]") { return .array(items) }
                while true {
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipSpace()
                    if literal(",") { continue }
                    return literal("]") ? .array(items) : nil
                }
            case UInt8(ascii: "\""):
                return string().map(OrderedJSON.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
            }
        }

        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else { index += 1; continue }
                flush(index)
                guard index + 1 < bytes.count else { return nil }
                let escaped = bytes[index + 1]
                index += 2
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default: return nil
                }
                run = index
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            return code
        }
    }

    // MARK: Writing

    /// Xcode's layout, with the final newline Xcode leaves off.
    func xcodeText() -> String {
        var out = ""
        write(to: &out, indent: "")
        return out
    }

    private func write(to out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{\n\n\(indent)}"; return }
            out += "{\n"
            for (position, member) in members.enumerated() {
                out += inner + JSONText.quote(member.key) + " : "
                member.value.write(to: &out, indent: inner)
                out += position == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .array(let items):
            if items.isEmpty { out += "[\n\n\(indent)]"; return }
            out += "[\n"
            for (position, item) in items.enumerated() {
                out += inner
                item.write(to: &out, indent: inner)
                out += position == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .string(let text): out += JSONText.quote(text)
        case .number(let number): out += number
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        }
    }
}

/// The order Xcode writes a String Catalog's members in: its JSON writer's sorted keys, which compare numerically,
/// ignoring case (ties broken by case), by the root locale's collation, so `%@` and `•` come before letters and
/// `Account` sits among `account.*`. Checked against catalogs Xcode wrote (IceCubesApp's 733 keys, CubeTime's 289).
public enum XcodeKeyOrder {
    private static let options: String.CompareOptions = [.numeric, .caseInsensitive, .forcedOrdering]
    private static let root = Locale(identifier: "")

    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.compare(rhs, options: options, range: nil, locale: root) == .orderedAscending
    }
}

/// `l10n format FILE.xcstrings` and XLIFF import into String Catalogs.
enum StringCatalogFile {
    /// The catalog in Xcode's layout and order; a trailing newline is kept where the file had one.
    static func formatted(_ data: Data) -> Data? {
        guard let json = OrderedJSON.parse(data) else { return nil }
        return Data((json.sortedAsXcode().xcodeText() + (data.last == 0x0A ? "\n" : "")).utf8)
    }

    /// Sets the translations of `units` (Xcode's ids: `key`, `key|==|plural.one`, `key|==|device.iphone`,
    /// `key|==|device.iphone.plural.one`, `key|==|substitutions.name.plural.one`): a changed text gets its `stringUnit`
    /// value and the unit's XLIFF state (`translated`, or `needs_review` for XLIFF's needs-review states); a form, device
    /// or localization the target lacks is created where Xcode's order puts it, with the base's substitution details.
    /// Comments, `extractionState`, `shouldTranslate` and everything unchanged stay; nothing changed returns `data` itself.
    /// Nil when the file is not a String Catalog.
    static func importing(_ units: [XLIFFUnit], locale: String, into data: Data) -> Data? {
        guard var json = OrderedJSON.parse(data), json["strings"] != nil else { return nil }
        let base = json["sourceLanguage"]?.stringValue ?? "en"
        var changed = false
        for unit in units {
            guard let target = unit.target, let (key, path) = split(unit.id, in: json["strings"] ?? .object([])),
                  let keys = jsonKeys(ofPath: path) else { continue }
            var entry = json["strings"]?[key] ?? .object([])
            let baseLocalization = entry["localizations"]?[base]
            var localization = entry["localizations"]?[locale] ?? .object([])
            guard CatalogText.exported(localization, path: path) != target else { continue }
            let value = CatalogText.imported(target, path: path, base: baseLocalization)
            if keys.first == "substitutions", keys.count > 1 {
                // A substitution new to the target takes the base's argument number and format specifier.
                var substitution = localization["substitutions"]?[keys[1]] ?? .object([])
                if case .object(let members)? = baseLocalization?["substitutions"]?[keys[1]] {
                    for member in members where member.key != "variations" && substitution[member.key] == nil { substitution.set(member.key, member.value) }
                }
                localization.setValue(substitution, at: Array(keys.prefix(2)))
                if localization["stringUnit"] == nil, let parent = baseLocalization?["stringUnit"]?["value"] {
                    // A catalog needs the text the substitutions fill; until translated it is the base's, marked new.
                    localization.set("stringUnit", .object([("state", .string("new")), ("value", parent)]))
                }
            }
            let reviewed = unit.state.map { $0.hasPrefix("needs-review") } ?? false
            localization.setValue(.object([("state", .string(reviewed ? "needs_review" : "translated")), ("value", .string(value))]),
                                  at: keys + ["stringUnit"])
            var localizations = entry["localizations"] ?? .object([])
            localizations.set(locale, localization)
            entry.set("localizations", localizations)
            json["strings"]?.set(key, entry)
            changed = true
        }
        guard changed else { return data }
        return Data((json.xcodeText() + (data.last == 0x0A ? "\n" : "")).utf8)
    }

    static let separator = "|==|"

    /// The catalog key and variation path of an XLIFF id: the whole id where the catalog has it as a key, else the
    /// text before the last `|==|` (a key new to the catalog when it has neither).
    static func split(_ id: String, in strings: OrderedJSON) -> (key: String, path: String)? {
        if strings[id] != nil { return (id, "") }
        guard let range = id.range(of: separator, options: .backwards) else { return (id, "") }
        return (String(id[..<range.lowerBound]), String(id[range.upperBound...]))
    }

    /// The JSON members from a localization to the object holding a path's `stringUnit`: `plural.one` →
    /// `variations/plural/one`; `device.iphone.plural.one` → `variations/device/iphone/variations/plural/one`;
    /// `substitutions.n.plural.one` → `substitutions/n/variations/plural/one`; "" → none. Nil for any other path.
    static func jsonKeys(ofPath path: String) -> [String]? {
        if path.isEmpty { return [] }
        if path.hasPrefix("substitutions.") {
            let rest = path.dropFirst("substitutions.".count)
            guard let plural = rest.range(of: ".plural.", options: .backwards), plural.lowerBound > rest.startIndex,
                  PluralCategory(rawValue: String(rest[plural.upperBound...])) != nil else { return nil }
            return ["substitutions", String(rest[..<plural.lowerBound]), "variations", "plural", String(rest[plural.upperBound...])]
        }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count % 2 == 0 else { return nil }
        var keys: [String] = []
        for index in stride(from: 0, to: parts.count, by: 2) {
            let (axis, name) = (parts[index], parts[index + 1])
            guard !name.isEmpty, axis == "device" || (axis == "plural" && PluralCategory(rawValue: name) != nil) else { return nil }
            keys += ["variations", axis, name]
        }
        return keys
    }

    /// The variation paths of a localization, in Xcode's export order: its own `stringUnit` (""), plural forms in CLDR
    /// order, devices as listed (each with its plural forms), then each substitution's plural forms.
    static func paths(of localization: OrderedJSON?) -> [String] {
        guard let localization else { return [] }
        var paths: [String] = []
        func walk(_ node: OrderedJSON, _ prefix: String) {
            if node["stringUnit"] != nil { paths.append(prefix) }
            let dot = prefix.isEmpty ? "" : prefix + "."
            if case .object(let forms)? = node["variations"]?["plural"] {
                for category in PluralCategory.allCases {
                    if let form = forms.first(where: { $0.key == category.rawValue }) { walk(form.value, dot + "plural." + category.rawValue) }
                }
            }
            if case .object(let devices)? = node["variations"]?["device"] {
                for device in devices { walk(device.value, dot + "device." + device.key) }
            }
        }
        walk(localization, "")
        if case .object(let substitutions)? = localization["substitutions"] {
            for substitution in substitutions { walk(substitution.value, "substitutions." + substitution.key) }
        }
        return paths
    }

    /// True when the base or the target localization of `item` varies (plural, device) or has substitutions: such an entry
    /// is exported with Xcode's `|==|` ids rather than as one text.
    static func varies(_ item: OrderedJSON, base: String, target: String) -> Bool {
        [base, target].contains { locale in
            let localization = item["localizations"]?[locale]
            return localization?["variations"] != nil || localization?["substitutions"] != nil
        }
    }

    /// The XLIFF units of one varying entry, as Xcode exports a String Catalog: one per path either side has, plus the
    /// plural forms the target's language needs (`targetCategories`); a path the base lacks takes its `other` form's text.
    static func units(key: String, item: OrderedJSON, base: String, target: String, targetCategories: [PluralCategory],
                      note: String?, translate: Bool, contextNotes: [String]) -> [XLIFFUnit] {
        let baseLocalization = item["localizations"]?[base]
        let targetLocalization = item["localizations"]?[target]
        var found: [String] = []
        for path in paths(of: baseLocalization) + paths(of: targetLocalization) where !found.contains(path) { found.append(path) }
        var all: [String] = []
        for path in found {
            guard let range = path.range(of: "plural.", options: .backwards), path[range.upperBound...].allSatisfy({ $0 != "." }) else {
                if !all.contains(path) { all.append(path) }
                continue
            }
            let prefix = String(path[..<range.upperBound])
            for category in PluralCategory.allCases where found.contains(prefix + category.rawValue) || targetCategories.contains(category) {
                if !all.contains(prefix + category.rawValue) { all.append(prefix + category.rawValue) }
            }
        }
        var units: [XLIFFUnit] = []
        for path in all {
            let source = CatalogText.exported(baseLocalization, path: path) ?? CatalogText.exported(baseLocalization, path: fallback(path))
                ?? CatalogText.exported(baseLocalization, path: "") ?? key
            let state = targetLocalization?.value(at: (jsonKeys(ofPath: path) ?? []) + ["stringUnit", "state"])?.stringValue
            units.append(XLIFFUnit(id: path.isEmpty ? key : key + separator + path, source: source,
                                   target: CatalogText.exported(targetLocalization, path: path), state: state ?? "translated",
                                   note: note, translate: translate, contextNotes: units.isEmpty ? contextNotes : []))
        }
        return units
    }

    /// Where a path the base lacks takes its source text from: its `other` plural form, or `device.other`.
    static func fallback(_ path: String) -> String {
        var parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { return path }
        parts[parts.count - 1] = "other"
        return parts.joined(separator: ".")
    }
}

/// A catalog text as XLIFF carries it, and back. In XLIFF, Xcode writes a substitution's `%arg` as `%N$lld` (its
/// argument number and format specifier) and a positional substitution's `%#@name@` as `%N$#@name@`.
enum CatalogText {
    static func exported(_ localization: OrderedJSON?, path: String) -> String? {
        guard let localization, let keys = StringCatalogFile.jsonKeys(ofPath: path),
              var text = localization.value(at: keys + ["stringUnit", "value"])?.stringValue else { return nil }
        if keys.first == "substitutions", let substitution = localization["substitutions"]?[keys[1]] {
            text = text.replacingOccurrences(of: "%arg", with: argument(substitution))
        } else if case .object(let substitutions)? = localization["substitutions"] {
            for (name, substitution) in substitutions {
                if let number = substitution["argNum"], case .number(let digits) = number {
                    text = text.replacingOccurrences(of: "%#@\(name)@", with: "%\(digits)$#@\(name)@")
                }
            }
        }
        return text
    }

    /// An XLIFF target in the catalog's own form, judged by how the base writes the same text.
    static func imported(_ text: String, path: String, base: OrderedJSON?) -> String {
        guard let base, let keys = StringCatalogFile.jsonKeys(ofPath: path), case .object(let substitutions)? = base["substitutions"] else { return text }
        var result = text
        if keys.first == "substitutions" {
            guard let substitution = substitutions.first(where: { $0.key == keys[1] })?.value,
                  case .object(let forms)? = substitution["variations"]?["plural"],
                  forms.contains(where: { $0.value["stringUnit"]?["value"]?.stringValue?.contains("%arg") == true }) else { return text }
            result = result.replacingOccurrences(of: argument(substitution), with: "%arg")
        } else if let parent = base["stringUnit"]?["value"]?.stringValue {
            for (name, substitution) in substitutions {
                guard let number = substitution["argNum"], case .number(let digits) = number, parent.contains("%#@\(name)@") else { continue }
                result = result.replacingOccurrences(of: "%\(digits)$#@\(name)@", with: "%#@\(name)@")
            }
        }
        return result
    }

    /// `%2$lld` for a substitution with `argNum` 2 and `formatSpecifier` `lld`; `%lld` without an argument number.
    static func argument(_ substitution: OrderedJSON) -> String {
        let specifier = substitution["formatSpecifier"]?.stringValue ?? "lld"
        if let number = substitution["argNum"], case .number(let digits) = number { return "%\(digits)$\(specifier)" }
        return "%" + specifier
    }
}
