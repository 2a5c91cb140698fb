import Core
import Foundation

/// Reads the XML property lists `.stringsdict` files are, in one pass over their UTF-8, into the native values
/// `PropertyListSerialization` gives (`[String: Any]`, `[Any]`, `String`): Foundation's reader and the bridging of its
/// NSDictionaries to Swift took 9.5 M instructions for a 40-rule file, most of a 60-locale project's load. It knows
/// exactly the plain layout Xcode and translation tools write: the XML declaration, a DOCTYPE, comments, `plist`,
/// `dict`, `key`, `string` and `array`, the five named entities and character references. Anything else (another
/// element, CDATA, a carriage return, a duplicate key, an encoding other than UTF-8) gives nil, and the caller reads the
/// file with `PropertyListSerialization`, so what a file means never depends on which reader read it.
enum XMLPlistReader {
    static func read(_ data: Data) -> Any? {
        data.withUnsafeBytes { raw -> Any? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.document()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func document() -> Any? {
            // The prolog: an XML declaration (UTF-8 only), a DOCTYPE, comments, in any order before `<plist`.
            while true {
                skipSpace()
                if starts(with: "<?xml") {
                    guard let end = find("?>") else { return nil }
                    let declaration = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).lowercased()
                    if declaration.contains("encoding="), !declaration.contains("utf-8") { return nil }
                    index = end + 2
                } else if starts(with: "<!DOCTYPE") {
                    guard let end = find(">") else { return nil }
                    index = end + 1
                } else if starts(with: "<!--") {
                    guard skipComment() else { return nil }
                } else {
                    break
                }
            }
            guard starts(with: "<plist"), let open = find(">") else { return nil }
            index = open + 1
            guard let root = value() else { return nil }
            skipSpaceAndComments()
            guard starts(with: "</plist>") else { return nil }
            index += 8
            skipSpaceAndComments()
            return index == bytes.count ? root : nil
        }

        /// One `dict`, `array` or `string` element, after any space and comments.
        mutating func value() -> Any? {
            skipSpaceAndComments()
            if starts(with: "<dict/>") { index += 7; return [String: Any]() }
            if starts(with: "<array/>") { index += 8; return [Any]() }
            if starts(with: "<string/>") { index += 9; return "" }
            if starts(with: "<string>") {
                index += 8
                return text(until: "</string>")
            }
            if starts(with: "<array>") {
                index += 7
                var items: [Any] = []
                while true {
                    skipSpaceAndComments()
                    if starts(with: "</array>") { index += 8; return items }
                    guard let item = value() else { return nil }
                    items.append(item)
                }
            }
            if starts(with: "<dict>") {
                index += 6
                var dictionary: [String: Any] = [:]
                while true {
                    skipSpaceAndComments()
                    if starts(with: "</dict>") { index += 7; return dictionary }
                    guard starts(with: "<key>") else { return nil }
                    index += 5
                    guard let key = text(until: "</key>"), let item = value(), dictionary.updateValue(item, forKey: key) == nil else { return nil }
                }
            }
            return nil
        }

        /// Character data up to `end` (consumed), with entities and character references resolved.
        mutating func text(until end: StaticString) -> String? {
            let start = index
            var plain = true
            var ascii = true
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                switch bytes[index] {
                case UInt8(ascii: "&"): plain = false
                case 0x0D, UInt8(ascii: ">"): return nil // XML's line-end and `]]>` rules: Foundation decides
                case 0x80...: ascii = false
                default: break
                }
                index += 1
            }
            guard starts(with: end) else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += end.utf8CodeUnitCount
            // ASCII is valid UTF-8 as it is; anything else is validated (invalid UTF-8: Foundation reports it).
            guard let decoded = ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self) else { return nil }
            return plain ? decoded : Self.resolvingReferences(decoded)
        }

        static func resolvingReferences(_ text: String) -> String? { XMLText.resolvingReferences(text) }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { index += 1 }
        }

        mutating func skipSpaceAndComments() {
            while true {
                skipSpace()
                guard starts(with: "<!--"), skipComment() else { return }
            }
        }

        mutating func skipComment() -> Bool {
            guard let end = find("-->") else { return false }
            index = end + 3
            return true
        }

        func starts(with literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0
        }

        /// Where `literal` next starts at or after the cursor.
        func find(_ literal: StaticString) -> Int? {
            let count = literal.utf8CodeUnitCount
            var position = index
            while position + count <= bytes.count {
                if memcmp(bytes.baseAddress! + position, literal.utf8Start, count) == 0 { return position }
                position += 1
            }
            return nil
        }
    }
}
