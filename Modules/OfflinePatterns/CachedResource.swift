public import Core
public import Foundation
import Logging

/// API.read: one cached resource of one user, read stale-while-revalidate.
///
/// `cached()` returns the stored value at once; `revalidate()` fetches (only when the connectivity
/// signal is not offline, and only after pending writes this resource depends on have synced, so a
/// refresh never shows the server's older copy over an optimistic change), stores the answer
/// atomically and returns it, or keeps the last good value when the fetch fails.
///
/// A resource made with a conditional fetch also keeps the server's validators (`ETag`, `Last-Modified`) beside its
/// value, in a small record of their own (`validatorsCollection`), and revalidates with them: a "not modified" answer
/// leaves the value's record untouched (no decode, no write) and rewrites only that small record, whose `savedAt` is
/// then the value's "Last updated". The validators always describe the stored value as the server sent it: storing
/// anything else (`store(_:)`, `clear()`) drops them in the same transaction.
public struct CachedResource<Value: Codable & Sendable>: Sendable {
    /// Where every resource's validators live: one record per resource, keyed `collection/key`.
    public static var validatorsCollection: String { "cache-validators" }

    public let collection: String
    public let key: String
    private let store: any RecordStore
    private let fetch: @Sendable (CacheValidators?) async throws(HTTPClientError) -> ConditionalAnswer<Value>
    /// Made with a conditional fetch: it keeps validators (a resource that never does reads and writes only its value).
    private let keepsValidators: Bool
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
        self.init(collection: collection, key: key, store: store, now: now, status: status, waitForWrites: waitForWrites, keepsValidators: false,
                  conditionalFetch: { _ throws(HTTPClientError) in .modified(try await fetch(), CacheValidators()) })
    }

    /// A resource revalidated with the validators of its stored copy: `conditionalFetch` gets them (nil when nothing
    /// usable is stored) and answers `.notModified` when the server says the copy is current.
    public init(collection: String, key: String, store: any RecordStore, now: @escaping @Sendable () -> Date,
                status: @escaping @Sendable () -> ConnectivityStatus,
                waitForWrites: @escaping @Sendable () async -> Void = {},
                conditionalFetch: @escaping @Sendable (CacheValidators?) async throws(HTTPClientError) -> ConditionalAnswer<Value>) {
        self.init(collection: collection, key: key, store: store, now: now, status: status, waitForWrites: waitForWrites, keepsValidators: true,
                  conditionalFetch: conditionalFetch)
    }

    private init(collection: String, key: String, store: any RecordStore, now: @escaping @Sendable () -> Date,
                 status: @escaping @Sendable () -> ConnectivityStatus, waitForWrites: @escaping @Sendable () async -> Void, keepsValidators: Bool,
                 conditionalFetch: @escaping @Sendable (CacheValidators?) async throws(HTTPClientError) -> ConditionalAnswer<Value>) {
        self.keepsValidators = keepsValidators
        self.collection = collection
        self.key = key
        self.store = store
        self.now = now
        self.status = status
        self.waitForWrites = waitForWrites
        fetch = conditionalFetch
    }

    private var validatorsKey: String { "\(collection)/\(key)" }

    /// The stored value, or nil when there is none or it cannot be read (treated as a cache miss, logged).
    public func cached() -> CachedValue<Value>? {
        do {
            guard let record = try store.load(collection: collection, key: key) else { return nil }
            if LaunchTrace.isEnabled { LaunchTrace.mark("\(collection) read and decrypted") }
            let value: Value
            do { value = try CachedResourceCoding.decode(Value.self, from: record.value) } catch {
                // A copy that no longer decodes must be fetched whole: a 304 would keep it unreadable.
                if keepsValidators { try? store.delete(collection: Self.validatorsCollection, key: validatorsKey) }
                throw error
            }
            if LaunchTrace.isEnabled { LaunchTrace.mark("\(collection) decoded") }
            return CachedValue(value: value, savedAt: lastConfirmed(record.savedAt))
        } catch {
            logger.warning("cached \(collection)/\(key) is unreadable, treated as a miss: \(error)")
            return nil
        }
    }

    /// The validators of the stored copy and when the server last confirmed it; nil when there are none (or unreadable).
    private func storedValidators() -> (validators: CacheValidators, confirmedAt: Date)? {
        guard keepsValidators, let record = try? store.load(collection: Self.validatorsCollection, key: validatorsKey),
              let validators = try? CachedResourceCoding.decoder.decode(CacheValidators.self, from: record.value) else { return nil }
        return (validators, record.savedAt)
    }

    /// When the server last sent or confirmed the stored copy (the validators record's date), without reading the copy:
    /// a "not modified" moves it on. Nil when the copy did not come from a conditional fetch (or there is none). A
    /// value that carries its own date (the summary's `fetchedAt`) takes the later of the two as its "Last updated".
    public func confirmedAt() -> Date? {
        storedValidators()?.confirmedAt
    }

    /// A copy's "Last updated": its own save, or the server's later "not modified".
    private func lastConfirmed(_ savedAt: Date) -> Date {
        guard let confirmed = storedValidators()?.confirmedAt else { return savedAt }
        return max(savedAt, confirmed)
    }

    /// When the stored value was saved, without decoding it: what a warm-up decision needs (`WarmupPolicy`), at the cost
    /// of reading and authenticating the sealed record, where `cached()` also decodes every element (≈ 50 ms for 10,000
    /// products, `offline-bench products`). Nil when there is none or the record cannot be read or opened (a miss,
    /// logged). A record that opens but no longer decodes (a model changed without a new key) counts as saved here and
    /// as a miss in `cached()`; the screen's own refresh on open refills it.
    public func savedAt() -> Date? {
        do {
            return try store.load(collection: collection, key: key).map { lastConfirmed($0.savedAt) }
        } catch {
            logger.warning("cached \(collection)/\(key) is unreadable, treated as a miss: \(error)")
            return nil
        }
    }

    /// Fetches when the signal is not offline and stores the answer; otherwise keeps the last good value.
    public func revalidate() async -> RevalidateOutcome<Value> {
        guard status() != .offline else { return .kept(cached(), .offline) }
        await waitForWrites()
        // The validators are saved and dropped in the same transactions as the copy they describe, so they are there
        // only with it (checking would read and open the whole copy); one that no longer decodes drops them in `cached()`.
        let answer: ConditionalAnswer<Value>
        do { answer = try await fetch(storedValidators()?.validators) } catch { return .kept(cached(), error) }
        let value: Value
        let validators: CacheValidators
        switch answer {
        case let .notModified(confirmed):
            // The copy stays as it is: only the small validators record is written, and its date is "Last updated".
            do {
                return .unchanged(savedAt: try store.save(try encodedValidators(confirmed), collection: Self.validatorsCollection, key: validatorsKey))
            } catch {
                logger.error("could not record that \(collection)/\(key) is current: \(error)")
                return .unchanged(savedAt: now())
            }
        case let .modified(fresh, sent):
            value = fresh
            validators = sent
        }
        do {
            // What was stored is what the caller gets, stamped as the store stamped it: no read-back and decode.
            return .fresh(CachedValue(value: value, savedAt: try store(value, validators: validators)))
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
        try store(value, validators: CacheValidators())
    }

    /// The value and the validators the server sent with it, in one transaction (none: the old ones are dropped, since
    /// they describe another copy).
    private func store(_ value: Value, validators: CacheValidators) throws(RecordStoreError) -> Date {
        let data: Data
        do { data = try CachedResourceCoding.encode(value) } catch {
            throw .unavailable(reason: "the value for \(collection)/\(key) could not be encoded: \(error)")
        }
        let saved = RecordChange.save(collection: collection, key: key, value: data)
        guard keepsValidators else { return try store.apply([saved]) }
        let kept: RecordChange = validators.isEmpty
            ? .delete(collection: Self.validatorsCollection, key: validatorsKey)
            : .save(collection: Self.validatorsCollection, key: validatorsKey, value: try encodedValidators(validators))
        return try store.apply([saved, kept])
    }

    private func encodedValidators(_ validators: CacheValidators) throws(RecordStoreError) -> Data {
        do { return try CachedResourceCoding.encoder.encode(validators) } catch {
            throw .unavailable(reason: "the validators of \(collection)/\(key) could not be encoded: \(error)")
        }
    }

    /// Forgets the cached value (a cleared cache) and its validators.
    public func clear() throws(RecordStoreError) {
        try store.apply(clearingChanges)
    }

    /// What `clear()` applies, for a caller that forgets more in the same transaction. The validators go too (whether
    /// or not this resource keeps them): left behind, they would have the next refresh confirm a copy that is gone.
    public var clearingChanges: [RecordChange] {
        [.delete(collection: collection, key: key), .delete(collection: Self.validatorsCollection, key: validatorsKey)]
    }
}
