public import Foundation

/// The product list as it is cached and held: one contiguous buffer of columns, read one product at a time.
///
/// Opening the screen needs its first rows, a count and a date; decoding 10,000 products first cost ~40 ms
/// (`offline-bench products`). This layout is opened by checking its header and offsets (no string is made), and a
/// product is built only when something asks for it (a visible row, the card, a lookup by id).
///
/// Layout (little-endian), format 2:
///
///     "OKPC"  UInt32 format  UInt32 count
///     4 × string column (id, name, model, serial number): UInt32 offsets[count + 1], then the UTF-8 bytes
///     2 × Float64 column (purchase date, warranty expiry: seconds since 1970): count values
///
/// Every offset is checked when the buffer is opened, so reading a product never traps on a damaged record: a record
/// that does not check out is refused (a cache miss, re-synced).
final class ProductColumns: Sendable {
    static let magic: [UInt8] = Array("OKPC".utf8)
    static let format: UInt32 = 2
    static let headerSize = 12

    let bytes: [UInt8]
    let count: Int
    /// Where each string column's offsets start; its UTF-8 bytes follow them.
    private let stringColumns: [Int]
    private let dateColumns: [Int]

    enum Column: Int { case id, name, model, serialNumber }

    struct Damaged: Error, CustomStringConvertible {
        var reason: String
        var description: String { "product cache record: \(reason); it is re-synced" }
    }

    /// Opens a buffer `write(_:)` made, checking every offset.
    init(bytes: [UInt8]) throws(Damaged) {
        guard bytes.count >= Self.headerSize, Array(bytes[0..<4]) == Self.magic else { throw Damaged(reason: "not a format-2 record") }
        let format = Self.uint32(bytes, at: 4)
        guard format == Self.format else { throw Damaged(reason: "format \(format) is not \(Self.format)") }
        let count = Int(Self.uint32(bytes, at: 8))
        var position = Self.headerSize
        var stringColumns: [Int] = []
        for _ in 0..<4 {
            let offsetsEnd = position + (count + 1) * 4
            guard count < Int(UInt32.max), offsetsEnd <= bytes.count else { throw Damaged(reason: "truncated offsets") }
            // Offsets start at 0, never go back, and end inside the buffer.
            var previous = 0
            for index in 0...count {
                let offset = Int(Self.uint32(bytes, at: position + index * 4))
                guard offset >= previous, index > 0 || offset == 0 else { throw Damaged(reason: "offsets out of order") }
                previous = offset
            }
            guard offsetsEnd + previous <= bytes.count else { throw Damaged(reason: "truncated text") }
            stringColumns.append(position)
            position = offsetsEnd + previous
        }
        let dateColumns = [position, position + count * 8]
        guard position + count * 16 == bytes.count else { throw Damaged(reason: "date columns do not end the record") }
        self.bytes = bytes
        self.count = count
        self.stringColumns = stringColumns
        self.dateColumns = dateColumns
    }

    /// The buffer of `products`.
    static func write(_ products: some Collection<Product>) -> [UInt8] {
        var bytes: [UInt8] = []
        let textBytes = products.reduce(0) { $0 + $1.id.utf8.count + $1.name.utf8.count + $1.model.utf8.count + $1.serialNumber.utf8.count }
        bytes.reserveCapacity(headerSize + 4 * (products.count + 1) * 4 + textBytes + products.count * 16)
        bytes += magic
        append(format, to: &bytes)
        append(UInt32(products.count), to: &bytes)
        for column in [\Product.id, \.name, \.model, \.serialNumber] {
            var offset: UInt32 = 0
            append(offset, to: &bytes)
            for product in products {
                offset += UInt32(product[keyPath: column].utf8.count)
                append(offset, to: &bytes)
            }
            for product in products { bytes += product[keyPath: column].utf8 }
        }
        for column in [\Product.purchaseDate, \.warrantyExpiresAt] {
            for product in products {
                append(product[keyPath: column].timeIntervalSince1970.bitPattern, to: &bytes)
            }
        }
        return bytes
    }

    /// The product at `index` (0 ..< count).
    func product(at index: Int) -> Product {
        Product(id: string(.id, index), name: string(.name, index), model: string(.model, index),
                serialNumber: string(.serialNumber, index), purchaseDate: date(0, index), warrantyExpiresAt: date(1, index))
    }

    func string(_ column: Column, _ index: Int) -> String {
        let range = byteRange(column, index)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// True when every date is a finite number of seconds (what a JSON cache could hold).
    var datesAreFinite: Bool { (0..<count).allSatisfy { date(0, $0).timeIntervalSince1970.isFinite && date(1, $0).timeIntervalSince1970.isFinite } }

    /// The warranty expiry of the product at `index`, without building it (a row's badge).
    func warrantyExpiresAt(_ index: Int) -> Date { date(1, index) }

    /// The index of the product with this id, comparing bytes (no string is made per product).
    func index(ofID id: String) -> Int? {
        var id = id
        return id.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                (0..<count).first { index in
                    let range = byteRange(.id, index)
                    return range.count == wanted.count && UnsafeBufferPointer(rebasing: buffer[range]).elementsEqual(wanted)
                }
            }
        }
    }

    private func byteRange(_ column: Column, _ index: Int) -> Range<Int> {
        let offsets = stringColumns[column.rawValue]
        let text = offsets + (count + 1) * 4
        return (text + Int(Self.uint32(bytes, at: offsets + index * 4)))..<(text + Int(Self.uint32(bytes, at: offsets + (index + 1) * 4)))
    }

    private func date(_ column: Int, _ index: Int) -> Date {
        let position = dateColumns[column] + index * 8
        let bits = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt64.self) }
        return Date(timeIntervalSince1970: Double(bitPattern: UInt64(littleEndian: bits)))
    }

    private static func uint32(_ bytes: [UInt8], at position: Int) -> UInt32 {
        UInt32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt32.self) })
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}

/// Every product of a catalog, in order, each built when it is read: a random-access collection, so scrolling, search
/// and `Array(catalog.products)` see all of them.
public struct ProductList: RandomAccessCollection, Sendable, Hashable {
    let columns: ProductColumns

    public var startIndex: Int { 0 }
    public var endIndex: Int { columns.count }
    public subscript(position: Int) -> Product { columns.product(at: position) }

    public static func == (lhs: ProductList, rhs: ProductList) -> Bool {
        lhs.columns === rhs.columns || lhs.columns.bytes == rhs.columns.bytes
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(columns.bytes) }
}
