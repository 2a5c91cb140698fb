public import Core
public import Foundation
import Logging

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

/// API.read: one cached resource of one user, read stale-while-revalidate.
///
/// `cached()` returns the stored value at once; `revalidate()` fetches (only when the connectivity
/// signal is not offline, and only after pending writes this resource depends on have synced, so a
/// refresh never shows the server's older copy over an optimistic change), stores the answer
/// atomically and returns it, or keeps the last good value when the fetch fails.
public struct CachedResource<Value: Codable & Sendable>: Sendable {
    public let collection: String
    public let key: String
    private let store: any RecordStore
    private let fetch: @Sendable () async throws(HTTPClientError) -> Value
    private let status: @Sendable () -> ConnectivityStatus
    private let waitForWrites: @Sendable () async -> Void
    private let logger = Logger(label: "OfflineKit.CachedResource")

    /// - Parameters:
    ///   - waitForWrites: suspends until the pending writes this read depends on have left the outbox
    ///     (`Outbox.waitUntilSynced(resources:)`); the default waits for nothing.
    public init(collection: String, key: String, store: any RecordStore,
                status: @escaping @Sendable () -> ConnectivityStatus,
                waitForWrites: @escaping @Sendable () async -> Void = {},
                fetch: @escaping @Sendable () async throws(HTTPClientError) -> Value) {
        self.collection = collection
        self.key = key
        self.store = store
        self.status = status
        self.waitForWrites = waitForWrites
        self.fetch = fetch
    }

    /// The stored value, or nil when there is none or it cannot be read (treated as a cache miss, logged).
    public func cached() -> CachedValue<Value>? {
        do {
            guard let record = try store.load(collection: collection, key: key) else { return nil }
            let value = try CachedResourceCoding.decoder.decode(Value.self, from: record.value)
            return CachedValue(value: value, savedAt: record.savedAt)
        } catch {
            logger.warning("cached \(collection)/\(key) is unreadable, treated as a miss: \(error)")
            return nil
        }
    }

    /// Fetches when the signal is not offline and stores the answer; otherwise keeps the last good value.
    public func revalidate() async -> RevalidateOutcome<Value> {
        guard status() != .offline else { return .kept(cached(), .offline) }
        await waitForWrites()
        let value: Value
        do { value = try await fetch() } catch { return .kept(cached(), error) }
        do {
            // What was stored is what the caller gets, stamped as the store stamped it: no read-back and decode.
            return .fresh(CachedValue(value: value, savedAt: try store(value)))
        } catch {
            // The fresh value is still shown; it is just not cached this time.
            logger.error("could not cache \(collection)/\(key): \(error)")
            return .fresh(CachedValue(value: value, savedAt: Date()))
        }
    }

    /// The cached value at once, then the outcome of one refresh.
    public func read() -> AsyncStream<ReadEvent<Value>> {
        AsyncStream { continuation in
            continuation.yield(.cached(cached()))
            let task = Task {
                continuation.yield(.revalidated(await revalidate()))
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Stores a value as if the server had sent it (a write's success data, a test fixture); returns the `savedAt` the
    /// store stamped on it.
    @discardableResult
    public func store(_ value: Value) throws(RecordStoreError) -> Date {
        let data: Data
        do { data = try CachedResourceCoding.encode(value) } catch {
            throw .unavailable(reason: "the value for \(collection)/\(key) could not be encoded: \(error)")
        }
        return try store.save(data, collection: collection, key: key)
    }

    /// Forgets the cached value (a cleared cache).
    public func clear() throws(RecordStoreError) {
        try store.delete(collection: collection, key: key)
    }
}

/// One JSON coding for cached values, so a value cached by one build is read by the next.
public enum CachedResourceCoding {
    /// The cache bytes of `value`: its own writer when it has one (`CacheDataEncodable`), else `encoder`.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        if let own = value as? any CacheDataEncodable, let data = own.cacheData() { return data }
        return try encoder.encode(value)
    }

    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ISO8601Timestamp.decodingStrategy
        return decoder
    }()
}
