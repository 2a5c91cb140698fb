import OfflinePatterns
public import Core
public import Foundation

/// Why the cached summary no longer shows everything the peer mentor did.
public enum InvalidationReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// An activity was registered on this device (queued through the outbox).
    case activityRegistered
    /// The server applied queued writes (after a reconnect, or while online).
    case writesSynced
    /// On reconnect the server said its activity data changed since the summary (activity from another device).
    case serverActivity
}

/// The mark that says "snapshot X is out of date". It names the snapshot, so a refresh (which writes a
/// snapshot with a new id, in one transaction) makes it moot without a second write.
struct SummaryInvalidation: Sendable, Hashable, Codable {
    var snapshotID: String
    var reason: InvalidationReason
    var at: Date
}

/// The summary cache of one user (SecureStore vault in the app: encrypted, isolated per user), cache-first:
/// `cachedSummary()` at once from the store, `refresh()` stale-while-revalidate through Connectivity's
/// `CachedResource` — one `RecordStore.apply` replaces the whole rendered summary, and a failed refresh keeps
/// the last good one.
public struct SummaryRepository: Sendable {
    public static let summaryCollection = "summary"
    public static let invalidationCollection = "summary.invalidation"
    public static let activitiesCollection = "summary.activities"

    public let year: Int
    private let store: any RecordStore
    private let api: SummaryAPI
    private let status: @Sendable () -> ConnectivityStatus
    private let waitForWrites: @Sendable () async -> Void
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> String
    private let telemetry: Telemetry

    /// - Parameters:
    ///   - store: the user's vault (`SecureStore.vault(for:)`), the same one the outbox queues in.
    ///   - status: the connectivity signal; a refresh while offline keeps the cache without a request.
    ///   - waitForWrites: suspends until queued writes the summary depends on have synced
    ///     (`Outbox.waitUntilSynced`), so a refresh never shows the server's copy from before them.
    ///   - now: stamps "Last updated".
    ///   - makeID: the id of each fetched snapshot (a UUID; tests pass a deterministic one).
    ///   - telemetry: hears of records that cannot be read (`summary.cache_unreadable`), never shown to the user.
    public init(store: any RecordStore, api: SummaryAPI, year: Int,
                status: @escaping @Sendable () -> ConnectivityStatus,
                waitForWrites: @escaping @Sendable () async -> Void = {},
                now: @escaping @Sendable () -> Date,
                makeID: @escaping @Sendable () -> String,
                telemetry: Telemetry = .disabled) {
        self.store = store
        self.api = api
        self.year = year
        self.status = status
        self.waitForWrites = waitForWrites
        self.now = now
        self.makeID = makeID
        self.telemetry = telemetry
    }

    var key: String { String(year) }

    private func resource(beforeFetch: @escaping @Sendable () -> Void = {}) -> CachedResource<SummarySnapshot> {
        CachedResource(collection: Self.summaryCollection, key: key, store: store, now: now, status: status,
                       waitForWrites: waitForWrites) { [api, year, now, makeID] () throws(HTTPClientError) -> SummarySnapshot in
            beforeFetch()
            let summary = try await api.fetchSummary(year)
            return SummarySnapshot(id: makeID(), summary: summary, fetchedAt: now())
        }
    }

    // MARK: Reading

    /// The cached summary with its invalidation, or nil when there is none or it cannot be read (a miss;
    /// CachedResource logs it).
    public func cachedSummary() -> CachedSummary? {
        guard let snapshot = resource().cached()?.value else { return nil }
        return CachedSummary(snapshot: snapshot, isInvalidated: isInvalidated(snapshot))
    }

    private func isInvalidated(_ snapshot: SummarySnapshot) -> Bool {
        do {
            guard let record = try store.load(collection: Self.invalidationCollection, key: key) else { return false }
            return try CachedResourceCoding.decoder.decode(SummaryInvalidation.self, from: record.value).snapshotID == snapshot.id
        } catch {
            // Unknown is treated as out of date: a needless "refresh" prompt is better than hiding new activity.
            unreadable("invalidation", error)
            return true
        }
    }

    /// The activities registered on this device that the server has not confirmed yet (oldest first).
    public func registeredActivities() -> [RegisteredActivity] {
        do {
            return try store.loadAll(collection: Self.activitiesCollection).compactMap { record in
                do { return try CachedResourceCoding.decoder.decode(RegisteredActivity.self, from: record.value) } catch {
                    unreadable("activity", error)
                    return nil
                }
            }
        } catch {
            unreadable("activities", error)
            return []
        }
    }

    private func unreadable(_ record: String, _ error: any Error) {
        telemetry.record("summary.cache_unreadable", attributes: ["record": record, "error": "\(error)"])
    }

    // MARK: Refreshing

    /// Fetches the summary unless offline and replaces the cache with it in one transaction; on failure the
    /// last good summary stays. `beforeFetch` runs after pending writes have synced, right before the request.
    public func refresh(beforeFetch: @escaping @Sendable () -> Void = {}) async -> RevalidateOutcome<SummarySnapshot> {
        await resource(beforeFetch: beforeFetch).revalidate()
    }

    // MARK: Writing

    /// Stores `summary` as if the server had just sent it (fixtures, benchmarks, the warmup of a test).
    @discardableResult
    public func saveSummary(_ summary: AnnualSummary, fetchedAt: Date) throws(RecordStoreError) -> SummarySnapshot {
        let snapshot = SummarySnapshot(id: makeID(), summary: summary, fetchedAt: fetchedAt)
        try resource().store(snapshot)
        return snapshot
    }

    /// Marks the snapshot `snapshotID` out of date (the screen then prompts to refresh).
    public func invalidate(snapshotID: String, reason: InvalidationReason) throws(RecordStoreError) {
        try store.apply([try invalidation(of: snapshotID, reason: reason)])
    }

    /// The same mark as a change, to apply atomically with another write (an activity's optimistic data).
    public func invalidation(of snapshotID: String, reason: InvalidationReason) throws(RecordStoreError) -> RecordChange {
        let mark = SummaryInvalidation(snapshotID: snapshotID, reason: reason, at: now())
        do {
            return .save(collection: Self.invalidationCollection, key: key, value: try CachedResourceCoding.encoder.encode(mark))
        } catch {
            throw .unavailable(reason: "the summary's invalidation mark could not be encoded: \(error)")
        }
    }

    /// The resource an activity's queued write is about (its pending look is keyed on it).
    public static func resource(of activity: RegisteredActivity) -> ResourceID {
        ResourceID(collection: activitiesCollection, key: activity.id)
    }

    /// Saves the activity on the device (the optimistic data of its registration).
    public func saveActivityChange(_ activity: RegisteredActivity) throws(RecordStoreError) -> RecordChange {
        do {
            return .save(collection: Self.activitiesCollection, key: activity.id, value: try CachedResourceCoding.encoder.encode(activity))
        } catch {
            throw .unavailable(reason: "the activity could not be encoded: \(error)")
        }
    }

    /// Forgets the cached summary and its mark in one transaction (a cleared cache).
    public func clear() throws(RecordStoreError) {
        try store.apply([
            .delete(collection: Self.summaryCollection, key: key),
            .delete(collection: Self.invalidationCollection, key: key),
        ])
    }
}
