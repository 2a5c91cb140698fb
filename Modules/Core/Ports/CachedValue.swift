public import Foundation

/// A value from the local store with the time it was saved (the "Last updated" a screen shows).
public struct CachedValue<Value: Sendable>: Sendable {
    public var value: Value
    public var savedAt: Date

    public init(value: Value, savedAt: Date) {
        self.value = value
        self.savedAt = savedAt
    }
}

extension CachedValue: Equatable where Value: Equatable {}

/// How a refresh ended. The cache is never emptied by a failed refresh: the last good value stays.
public enum RevalidateOutcome<Value: Sendable>: Sendable {
    /// The server answered; the value is now the cached one.
    case fresh(CachedValue<Value>)
    /// No refresh happened or it failed; `cached` is the last good value (nil: there never was one).
    case kept(CachedValue<Value>?, HTTPClientError)

    /// What the screen shows after the refresh.
    public var current: CachedValue<Value>? {
        switch self {
        case let .fresh(value): value
        case let .kept(value, _): value
        }
    }

    public var error: HTTPClientError? {
        if case let .kept(_, error) = self { return error }
        return nil
    }
}

extension RevalidateOutcome: Equatable where Value: Equatable {}

/// One step of a stale-while-revalidate read, in the order a screen receives them.
public enum ReadEvent<Value: Sendable>: Sendable {
    /// At once, from the local store (nil: nothing cached yet).
    case cached(CachedValue<Value>?)
    /// Then, once the refresh has ended (offline it ends at once with `.kept(_, .offline)`).
    case revalidated(RevalidateOutcome<Value>)
}

extension ReadEvent: Equatable where Value: Equatable {}

/// One JSON coding for cached values, so a value cached by one build is read by the next.
public enum CachedResourceCoding {
    /// The cache bytes of `value`: its own writer when it has one (`CacheDataEncodable`), else `encoder`.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        if let own = value as? any CacheDataEncodable, let data = own.cacheData() { return data }
        return try encoder.encode(value)
    }

    /// A value from its cache bytes: its own reader when it has one (`CacheDataDecodable`), else `decoder`.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if let own = type as? any CacheDataDecodable.Type, let value = try own.init(cacheData: data) as? Value { return value }
        return try decoder.decode(type, from: data)
    }

    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The wire's decoder: a cached value is read as the backend's JSON is.
    public static var decoder: JSONDecoder { WireJSON.decoder }
}
