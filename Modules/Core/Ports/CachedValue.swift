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
    /// The server confirmed the cached value (HTTP 304): it was neither sent, decoded nor written again; only its
    /// "Last updated" moved on to `savedAt`. The screen keeps the value it shows (`ResourceState.finish` restamps it).
    case unchanged(savedAt: Date)
    /// No refresh happened or it failed; `cached` is the last good value (nil: there never was one).
    case kept(CachedValue<Value>?, HTTPClientError)

    /// What the screen shows after the refresh; nil after `.unchanged`, whose value the screen already holds.
    public var current: CachedValue<Value>? {
        switch self {
        case let .fresh(value): value
        case .unchanged: nil
        case let .kept(value, _): value
        }
    }

    /// When the server last vouched for the value: a fresh one's save, or an `.unchanged` answer's; nil after a failure.
    public var confirmedAt: Date? {
        switch self {
        case let .fresh(value): value.savedAt
        case let .unchanged(savedAt): savedAt
        case .kept: nil
        }
    }

    public var error: HTTPClientError? {
        if case let .kept(_, error) = self { return error }
        return nil
    }
}

extension RevalidateOutcome: Equatable where Value: Equatable {}

/// What a server sent to tell whether a copy is still current (RFC 9110 §8.8): kept with the copy, and sent back as
/// `If-None-Match` / `If-Modified-Since` when it is revalidated. Opaque: compared by the server, never parsed here.
public struct CacheValidators: Sendable, Equatable, Codable {
    /// The `ETag` header as sent (quotes included).
    public var etag: String?
    /// The `Last-Modified` header as sent (an HTTP-date).
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// No validator: the copy can only be fetched whole again.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// The answer to a conditional fetch: a new value with its validators, or "what you have is current" (HTTP 304),
/// with validators that may have been refreshed.
public enum ConditionalAnswer<Value: Sendable>: Sendable {
    case modified(Value, CacheValidators)
    case notModified(CacheValidators)
}

extension ConditionalAnswer {
    /// The same answer with the value transformed (a page's list, a wire body's model).
    public func map<Other>(_ transform: (Value) throws(HTTPClientError) -> Other) throws(HTTPClientError) -> ConditionalAnswer<Other> {
        switch self {
        case let .modified(value, validators): .modified(try transform(value), validators)
        case let .notModified(validators): .notModified(validators)
        }
    }
}

extension ConditionalAnswer: Equatable where Value: Equatable {}

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
