public import Core
public import Foundation
import Logging

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
    private let now: @Sendable () -> Date
    private let logger = Logger(label: "OfflineKit.CachedResource")

    /// - Parameters:
    ///   - waitForWrites: suspends until the pending writes this read depends on have left the outbox
    ///     (`Outbox.waitUntilSynced(resources:)`); the default waits for nothing.
    ///   - now: the time a fresh value that could not be cached is stamped with (what "Last updated" shows).
    public init(collection: String, key: String, store: any RecordStore, now: @escaping @Sendable () -> Date,
                status: @escaping @Sendable () -> ConnectivityStatus,
                waitForWrites: @escaping @Sendable () async -> Void = {},
                fetch: @escaping @Sendable () async throws(HTTPClientError) -> Value) {
        self.collection = collection
        self.key = key
        self.store = store
        self.now = now
        self.status = status
        self.waitForWrites = waitForWrites
        self.fetch = fetch
    }

    /// The stored value, or nil when there is none or it cannot be read (treated as a cache miss, logged).
    public func cached() -> CachedValue<Value>? {
        do {
            guard let record = try store.load(collection: collection, key: key) else { return nil }
            if LaunchTrace.isEnabled { LaunchTrace.mark("\(collection) read and decrypted") }
            let value = try CachedResourceCoding.decode(Value.self, from: record.value)
            if LaunchTrace.isEnabled { LaunchTrace.mark("\(collection) decoded") }
            return CachedValue(value: value, savedAt: record.savedAt)
        } catch {
            logger.warning("cached \(collection)/\(key) is unreadable, treated as a miss: \(error)")
            return nil
        }
    }

    /// When the stored value was saved, without decoding it: what a warm-up decision needs (`WarmupPolicy`), at the cost
    /// of reading and authenticating the sealed record, where `cached()` also decodes every element (≈ 50 ms for 10,000
    /// products, `offline-bench products`). Nil when there is none or the record cannot be read or opened (a miss,
    /// logged). A record that opens but no longer decodes (a model changed without a new key) counts as saved here and
    /// as a miss in `cached()`; the screen's own refresh on open refills it.
    public func savedAt() -> Date? {
        do {
            return try store.load(collection: collection, key: key)?.savedAt
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
            return .fresh(CachedValue(value: value, savedAt: now()))
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
