import Core
import LocalizationKit
import Foundation

/// Changes a `.strings` file the way a translator's tool must: only what changed. A changed value is replaced where it
/// stands; a new key goes after its nearest earlier neighbour in base order (at the end when it has none); header
/// comments, entry comments, markers it does not know (`// Fuzzy`), order, blank lines, encoding and BOM stay byte
/// for byte. Nil when the file cannot be edited in place (it does not parse, is UTF-32, or holds a construct the
/// scanner leaves alone, such as an array value); the caller then rewrites it.
enum StringsFileEditor {
    static func edit(_ data: Data, updates: [(key: String, value: String)]) -> Data? {
        guard let file = try? StringsParser.parse(data), let (prefix, units) = decode(data, file.encoding),
              let tokens = scan(units), tokens.count == file.entries.count else { return nil }
        var lastIndex: [String: Int] = [:]
        for (index, entry) in file.entries.enumerated() { lastIndex[entry.key] = index }
        var edits: [(range: Range<Int>, text: [UInt16])] = []
        var anchorForNewKeys: Int? = nil
        for update in updates {
            if let index = lastIndex[update.key] {
                anchorForNewKeys = index
                // Apple uses the last of duplicate keys, so that is the one to change.
                guard file.entries[index].value.stringValue != update.value else { continue }
                guard let value = tokens[index].value else { return nil }
                edits.append((value, Array("\"\(StringsWriter.quoted(update.value))\"".utf16)))
            } else {
                let line = "\"\(StringsWriter.quoted(update.key))\" = \"\(StringsWriter.quoted(update.value))\";"
                if let anchor = anchorForNewKeys {
                    let token = tokens[anchor]
                    let at = token.lineEnd ?? token.end
                    edits.append((at..<at, Array((token.lineEnd == nil ? "\n" + line : line + "\n").utf16)))
                } else {
                    let endsWithNewline = units.last == 0x0A || units.isEmpty
                    edits.append((units.count..<units.count, Array(((endsWithNewline ? "" : "\n") + line + "\n").utf16)))
                }
            }
        }
        guard !edits.isEmpty else { return data }
        var edited = units
        // From the end, so earlier offsets stay valid; insertions at one place keep their base order.
        let ordered = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset) }
        for (_, edit) in ordered { edited.replaceSubrange(edit.range, with: edit.text) }
        return encode(edited, prefix: prefix, encoding: file.encoding)
    }

    /// Where one entry stands, in UTF-16 code units: its value token (quotes included), the end of its `;`, and the end
    /// of its line when nothing but whitespace follows the `;` there.
    struct Token {
        var value: Range<Int>?
        var end: Int
        var lineEnd: Int?
    }

    /// The entries of old-style `.strings` text, or nil for anything but `key = value;` and `key;` entries.
    static func scan(_ units: [UInt16]) -> [Token]? {
        var index = 0
        let count = units.count
        func skipSpaceAndComments() -> Bool {
            while index < count {
                let unit = units[index]
                if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x0C || unit == 0x0B || unit == 0xFEFF {
                    index += 1
                } else if unit == 0x2F, index + 1 < count, units[index + 1] == 0x2F {
                    while index < count, units[index] != 0x0A { index += 1 }
                } else if unit == 0x2F, index + 1 < count, units[index + 1] == 0x2A {
                    index += 2
                    while index + 1 < count, !(units[index] == 0x2A && units[index + 1] == 0x2F) { index += 1 }
                    guard index + 1 < count else { return false }
                    index += 2
                } else {
                    return true
                }
            }
            return true
        }
        func stringToken() -> Range<Int>? {
            let start = index
            guard index < count else { return nil }
            let quote = units[index]
            if quote == 0x22 || quote == 0x27 {
                index += 1
                while index < count, units[index] != quote { index += units[index] == 0x5C ? 2 : 1 }
                guard index < count else { return nil }
                index += 1
                return start..<index
            }
            while index < count, isUnquoted(units[index]) { index += 1 }
            return index > start ? start..<index : nil
        }
        var tokens: [Token] = []
        while true {
            guard skipSpaceAndComments() else { return nil }
            guard index < count else { break }
            guard stringToken() != nil, skipSpaceAndComments(), index < count else { return nil }
            var value: Range<Int>?
            if units[index] == 0x3D { // =
                index += 1
                guard skipSpaceAndComments(), let token = stringToken(), skipSpaceAndComments() else { return nil }
                value = token
            }
            guard index < count, units[index] == 0x3B else { return nil } // ;
            index += 1
            var lookahead = index
            while lookahead < count, units[lookahead] == 0x20 || units[lookahead] == 0x09 || units[lookahead] == 0x0D { lookahead += 1 }
            let lineEnd = lookahead < count && units[lookahead] == 0x0A ? lookahead + 1 : nil
            tokens.append(Token(value: value, end: index, lineEnd: lineEnd))
        }
        return tokens
    }

    /// The characters of an unquoted old-style plist string.
    static func isUnquoted(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x3A, 0x2E, 0x2F, 0x2D: true
        default: false
        }
    }

    /// The bytes before the text (a BOM) and the text as UTF-16 code units.
    static func decode(_ data: Data, _ encoding: StringsEncoding) -> (prefix: Data, units: [UInt16])? {
        let bytes = [UInt8](data)
        switch encoding {
        case .utf8, .utf8BOM:
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return (Data(bytes[..<bom]), Array(String(decoding: bytes[bom...], as: UTF8.self).utf16))
        case .utf16LE, .utf16BE:
            let bom = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? 2 : 0
            guard (bytes.count - bom) % 2 == 0 else { return nil }
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - bom) / 2)
            var index = bom
            while index + 1 < bytes.count {
                let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(encoding == .utf16LE ? first | second << 8 : first << 8 | second)
                index += 2
            }
            return (Data(bytes[..<bom]), units)
        case .utf32LE, .utf32BE:
            return nil
        }
    }

    static func encode(_ units: [UInt16], prefix: Data, encoding: StringsEncoding) -> Data? {
        var data = prefix
        switch encoding {
        case .utf8, .utf8BOM:
            data.append(contentsOf: Array(String(decoding: units, as: UTF16.self).utf8))
        case .utf16LE:
            for unit in units { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        case .utf16BE:
            for unit in units { data.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        case .utf32LE, .utf32BE:
            return nil
        }
        return data
    }
}
