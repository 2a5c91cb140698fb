import Core
import Foundation
import WireContract

/// Reads one `GET …/products` page (`Wire.ProductList`) straight from its bytes. A full sync decodes 10,000 products; `JSONDecoder` spends
/// about 2.5 µs on each (its keyed containers and the date strategy), which made decoding the largest part of a warmup on
/// the client. This reader walks the JSON once and builds the products directly. It understands exactly the page's shape
/// (keys in any order, unknown keys skipped, any whitespace, every string escape) and returns nil for anything else
/// (a null, a wrong type, invalid UTF-8, a truncated body), so the caller falls back to `JSONDecoder`, which then says
/// precisely what is wrong. Its keys are the contract's (`Wire.ProductList.CodingKeys`, `Wire.Product.CodingKeys`), matched
/// exhaustively: a field added to the contract does not compile here until the reader reads it. Tested against
/// `JSONDecoder` on generated pages, escapes and malformed input.
struct WirePageReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    static func page(from data: Data) -> ProductPage? {
        data.withUnsafeBytes { raw in
            var reader = WirePageReader(bytes: raw.bindMemory(to: UInt8.self))
            guard let page = reader.readPage() else { return nil }
            reader.skipWhitespace()
            return reader.index == reader.bytes.count ? page : nil
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: The page's shape

    private mutating func readPage() -> ProductPage? {
        var items: [Product]?
        var total: Int?
        let complete = readObject { reader, key in
            switch Wire.ProductList.CodingKeys(rawValue: key) {
            case .items: items = reader.readArray { reader in reader.readProduct() }; return items != nil
            case .total: total = reader.readInteger(); return total != nil
            case nil: return reader.skipValue(depth: 0)
            }
        }
        guard complete, let items, let total else { return nil }
        return ProductPage(items: items, total: total)
    }

    private mutating func readProduct() -> Product? {
        var id: String?, name: String?, model: String?, serial: String?
        var purchase: Date?, expiry: Date?
        let complete = readObject { reader, key in
            switch Wire.Product.CodingKeys(rawValue: key) {
            case .id: id = reader.readString(); return id != nil
            case .name: name = reader.readString(); return name != nil
            case .model: model = reader.readString(); return model != nil
            case .serialNumber: serial = reader.readString(); return serial != nil
            case .purchaseDate: purchase = reader.readTimestamp(); return purchase != nil
            case .warrantyExpiresAt: expiry = reader.readTimestamp(); return expiry != nil
            case nil: return reader.skipValue(depth: 0)
            }
        }
        guard complete, let id, let name, let model, let serial, let purchase, let expiry else { return nil }
        return Product(id: id, name: name, model: model, serialNumber: serial, purchaseDate: purchase, warrantyExpiresAt: expiry)
    }

    // MARK: JSON

    /// `{ "key": value, … }`; `member` reads the value of each key and says whether it could.
    private mutating func readObject(_ member: (inout WirePageReader, String) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = readString() else { return false }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard member(&self, key) else { return false }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}"))
        }
    }

    private mutating func readArray<Element>(_ element: (inout WirePageReader) -> Element?) -> [Element]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return elements }
        while true {
            skipWhitespace()
            guard let value = element(&self) else { return nil }
            elements.append(value)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]")) ? elements : nil
        }
    }

    /// A string, escapes resolved; nil for invalid UTF-8 or escapes (a lone surrogate included).
    private mutating func readString() -> String? {
        guard let (start, end, escaped) = scanString() else { return nil }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard escaped else { return String(validating: slice, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var position = start
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                unescaped.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < end else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "\""): unescaped.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): unescaped.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): unescaped.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(at: position + 1, end: end) else { return nil }
                position += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by `\u` and a low one.
                    guard position + 6 < end, bytes[position + 1] == UInt8(ascii: "\\"), bytes[position + 2] == UInt8(ascii: "u"),
                          let low = hex4(at: position + 3, end: end), (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                unescaped.append(contentsOf: String(Character(unicode)).utf8)
            default:
                return nil
            }
            position += 1
        }
        return unescaped.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
    }

    /// A date string, read in place by `ISO8601Timestamp` (Foundation's parser for any other form).
    private mutating func readTimestamp() -> Date? {
        guard let (start, end, escaped) = scanString() else { return nil }
        if !escaped, let date = ISO8601Timestamp.date(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end])) { return date }
        index = start - 1
        return readString().flatMap(ISO8601Timestamp.date(from:))
    }

    /// Moves past a string; its content's bounds and whether it holds escapes. Control characters are not allowed in it.
    private mutating func scanString() -> (start: Int, end: Int, escaped: Bool)? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start, index - 1, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            guard byte >= 0x20 else { return nil }
            index += 1
        }
        return nil
    }

    private mutating func readInteger() -> Int? {
        let negative = consume(UInt8(ascii: "-"))
        let start = index
        var value = 0
        var digits = 0
        while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(digit))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            digits += 1
            index += 1
        }
        // A fraction or an exponent is not this reader's business (JSONDecoder decides whether it is an Int).
        guard digits > 0, index >= bytes.count || !Self.numberContinues(bytes[index]) else { return nil }
        if bytes[start] == UInt8(ascii: "0"), digits > 1 { return nil }  // a leading zero is not JSON
        return negative ? -value : value
    }

    /// Skips any JSON value (unknown keys), with a depth limit against hostile nesting.
    private mutating func skipValue(depth: Int) -> Bool {
        guard depth < 64, index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return scanString() != nil
        case UInt8(ascii: "{"): return readObject { reader, _ in reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return readArray { reader in reader.skipValue(depth: depth + 1) ? true : nil } != nil
        case UInt8(ascii: "t"): return consumeWord("true")
        case UInt8(ascii: "f"): return consumeWord("false")
        case UInt8(ascii: "n"): return consumeWord("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            index += 1
            while index < bytes.count, Self.numberContinues(bytes[index]) || bytes[index] == UInt8(ascii: "-") { index += 1 }
            return true
        default:
            return false
        }
    }

    private static func numberContinues(_ byte: UInt8) -> Bool {
        (byte &- UInt8(ascii: "0")) < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+")
    }

    private func hex4(at position: Int, end: Int) -> UInt32? {
        guard position + 4 <= end else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func consumeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
