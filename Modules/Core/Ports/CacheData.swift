public import Foundation

/// A value that writes its own cache bytes: the same JSON its `Decodable` conformance reads (and its `Encodable` one
/// writes), built without `JSONEncoder`'s per-value machinery. For large values cached on every sync (10,000 products:
/// `JSONEncoder` spent ~15 % of a full warmup on them). Nil means "use `JSONEncoder`" (a value it cannot write).
public protocol CacheDataEncodable {
    func cacheData() -> Data?
}

/// A value that reads its own cache bytes (what its `cacheData()` wrote), when that is cheaper than `JSONDecoder`:
/// a format made to be opened without decoding every element first. `CachedResourceCoding.decode` prefers it.
public protocol CacheDataDecodable {
    init(cacheData: Data) throws
}

/// A JSON object of columns, written directly, for `CacheDataEncodable` writers:
/// `{"format":1,"id":["a","b"],"date":[1.0,2.5],"rated":[true,false]}`.
public struct CacheJSONObject {
    private var json: [UInt8]
    private var isFirst = true

    public init(estimatedBytes: Int = 256) {
        json = [UInt8(ascii: "{")]
        json.reserveCapacity(estimatedBytes)
    }

    public mutating func integer(_ key: String, _ value: Int) {
        self.key(key)
        json.append(contentsOf: String(value).utf8)
    }

    public mutating func strings<Values: Sequence<String>>(_ key: String, _ values: Values) {
        array(key, values) { json, value in Self.appendString(value, to: &json) }
    }

    /// False (and nothing written) when a value is NaN or infinite, which JSON cannot hold.
    @discardableResult
    public mutating func numbers(_ key: String, _ values: [Double]) -> Bool {
        guard values.allSatisfy(\.isFinite) else { return false }
        array(key, values) { json, value in json.append(contentsOf: value.description.utf8) }
        return true
    }

    public mutating func booleans(_ key: String, _ values: [Bool]) {
        array(key, values) { json, value in json.append(contentsOf: (value ? "true" : "false").utf8) }
    }

    /// The finished object.
    public consuming func data() -> Data {
        json.append(UInt8(ascii: "}"))
        return Data(json)
    }

    private mutating func key(_ key: String) {
        if !isFirst { json.append(UInt8(ascii: ",")) }
        isFirst = false
        Self.appendString(key, to: &json)
        json.append(UInt8(ascii: ":"))
    }

    private mutating func array<Values: Sequence>(_ key: String, _ values: Values, _ write: (inout [UInt8], Values.Element) -> Void) {
        self.key(key)
        json.append(UInt8(ascii: "["))
        var first = true
        for value in values {
            if !first { json.append(UInt8(ascii: ",")) }
            first = false
            write(&json, value)
        }
        json.append(UInt8(ascii: "]"))
    }

    /// Appends `text` as a JSON string literal (quotes, backslashes and control characters escaped).
    static func appendString(_ text: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                json.append(UInt8(ascii: "\\"))
                json.append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                json.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default:
                json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }
}
