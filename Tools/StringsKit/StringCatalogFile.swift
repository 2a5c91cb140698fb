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

/// `l10n format FILE.xcstrings` and XLIFF import into String Catalogs.
enum StringCatalogFile {
    /// The catalog in Xcode's layout; a trailing newline is kept where the file had one.
    static func formatted(_ data: Data) -> Data? {
        guard let json = OrderedJSON.parse(data) else { return nil }
        return Data((json.xcodeText() + (data.last == 0x0A ? "\n" : "")).utf8)
    }

    /// Sets translations of plain `stringUnit` entries: a changed value gets the unit's XLIFF state (`translated`, or
    /// `needs_review` for XLIFF's needs-review states); an unchanged one keeps everything. Comments, `extractionState`,
    /// `shouldTranslate`, substitutions and variations are kept. Nil when the file is not a String Catalog.
    static func importing(_ units: [XLIFFUnit], locale: String, into data: Data) -> Data? {
        guard var json = OrderedJSON.parse(data), json["strings"] != nil else { return nil }
        var changed = false
        for unit in units {
            guard let target = unit.target, var entry = json["strings"]?[unit.id] else { continue }
            var localizations = entry["localizations"] ?? .object([])
            if localizations[locale] == nil, case .object(var members) = localizations {
                // Xcode lists localizations by name.
                members.insert((locale, .object([])), at: members.firstIndex { $0.key > locale } ?? members.count)
                localizations = .object(members)
            }
            var localization = localizations[locale] ?? .object([])
            if localization["variations"] != nil || localization["substitutions"] != nil { continue } // not exported as text
            var stringUnit = localization["stringUnit"] ?? .object([])
            guard stringUnit["value"]?.stringValue != target else { continue }
            let reviewed = unit.state.map { $0.hasPrefix("needs-review") } ?? false
            stringUnit["state"] = .string(reviewed ? "needs_review" : "translated")
            stringUnit["value"] = .string(target)
            localization["stringUnit"] = stringUnit
            localizations[locale] = localization
            entry["localizations"] = localizations
            json["strings"]?[unit.id] = entry
            changed = true
        }
        guard changed else { return data }
        return Data((json.xcodeText() + (data.last == 0x0A ? "\n" : "")).utf8)
    }
}
