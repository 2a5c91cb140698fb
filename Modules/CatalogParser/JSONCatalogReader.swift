import Foundation

/// Reads a String Catalog's JSON in one pass over its UTF-8 into the native values `JSONSerialization` gives
/// (`[String: Any]`, `[Any]`, `String`, `Bool`): Foundation's parser and the bridging of its objects were 9 % of a
/// 60-locale project's lint, for one 500 KB file. It knows what Xcode writes: objects, arrays, strings with every JSON
/// escape, integers (a substitution's `argNum`), `true`, `false` and `null`. Another number, a duplicate key, a lone
/// surrogate or anything that is not JSON gives nil,
/// and the caller reads the file with `JSONSerialization`, so what a file means never depends on which reader read it.
enum JSONCatalogReader {
    static func read(_ data: Data) -> Any? {
        data.withUnsafeBytes { raw -> Any? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            // A byte-order mark or anything before the value: Foundation decides.
            guard let root = reader.value() else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? root : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func value() -> Any? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var object: [String: Any] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return object }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard expect(UInt8(ascii: ":")), let item = value(), object.updateValue(item, forKey: key) == nil else { return nil }
                    skipSpace()
                    if expect(UInt8(ascii: ",")) { continue }
                    return expect(UInt8(ascii: "}")) ? object : nil
                }
            case UInt8(ascii: "["):
                index += 1
                var array: [Any] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return array }
                while true {
                    guard let item = value() else { return nil }
                    array.append(item)
                    skipSpace()
                    if expect(UInt8(ascii: ",")) { continue }
                    return expect(UInt8(ascii: "]")) ? array : nil
                }
            case UInt8(ascii: "\""):
                return string()
            case UInt8(ascii: "t"):
                return literal("true") ? true : nil
            case UInt8(ascii: "f"):
                return literal("false") ? false : nil
            case UInt8(ascii: "n"):
                return literal("null") ? NSNull() : nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return integer()
            default:
                return nil
            }
        }

        /// An integer, as a substitution's `argNum` (an `Int`, which `as? Int` reads as it reads Foundation's number).
        /// A fraction, an exponent, a leading zero or an overflow: nil, and Foundation decides.
        mutating func integer() -> Any? {
            let start = index
            _ = expect(UInt8(ascii: "-"))
            let digits = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > digits, !(bytes[digits] == UInt8(ascii: "0") && index - digits > 1) else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
            return Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { return false }
            index += count
            return true
        }

        /// A JSON string; its bytes are taken as they are up to the first escape.
        mutating func string() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let start = index
            var ascii = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
                if byte < 0x20 { return nil } // a control character must be escaped
                if byte >= 0x80 { ascii = false }
                index += 1
            }
            return nil
        }

        /// The rest of a string that has escapes, from its first byte.
        mutating func escapedString(from start: Int) -> String? {
            var units: [UInt16] = []
            guard let prefix = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) else { return nil }
            units.append(contentsOf: prefix.utf16)
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    // Lone surrogates make no valid string: Foundation decides.
                    var result = ""
                    var iterator = units.makeIterator()
                    var decoder = UTF16()
                    while true {
                        switch decoder.decode(&iterator) {
                        case .scalarValue(let scalar): result.unicodeScalars.append(scalar)
                        case .emptyInput: return result
                        case .error: return nil
                        }
                    }
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < bytes.count else { return nil }
                    let escaped = bytes[index + 1]
                    index += 2
                    switch escaped {
                    case UInt8(ascii: "\""): units.append(0x22)
                    case UInt8(ascii: "\\"): units.append(0x5C)
                    case UInt8(ascii: "/"): units.append(0x2F)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0C)
                    case UInt8(ascii: "n"): units.append(0x0A)
                    case UInt8(ascii: "r"): units.append(0x0D)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                              UnsafeBufferPointer(rebasing: bytes[index..<index + 4]).allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
                              let unit = UInt16(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self), radix: 16)
                        else { return nil }
                        units.append(unit)
                        index += 4
                    default: return nil
                    }
                    continue
                }
                // Plain bytes up to the next escape or the closing quote, as UTF-8.
                let run = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
                guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self) else { return nil }
                units.append(contentsOf: text.utf16)
            }
            return nil
        }
    }
}
