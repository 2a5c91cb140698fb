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

    /// Revalidated with the cached snapshot's validators when the API can ask conditionally (`live`): an unchanged
    /// summary is confirmed by a 304 and neither sent, decoded nor written again (the snapshot keeps its id). Otherwise
    /// (fixtures) it is fetched whole.
    private func resource(beforeFetch: @escaping @Sendable () -> Void = {}) -> CachedResource<SummarySnapshot> {
        guard let fetchConditionally = api.fetchSummaryConditionally else {
            return CachedResource(collection: Self.summaryCollection, key: key, store: store, now: now, status: status,
                                  waitForWrites: waitForWrites) { [api, year, now, makeID] () throws(HTTPClientError) -> SummarySnapshot in
                beforeFetch()
                let summary = try await api.fetchSummary(year)
                return SummarySnapshot(id: makeID(), summary: summary, fetchedAt: now())
            }
        }
        return CachedResource(collection: Self.summaryCollection, key: key, store: store, now: now, status: status,
                              waitForWrites: waitForWrites) { [year, now, makeID] validators throws(HTTPClientError) in
            beforeFetch()
            return try await fetchConditionally(year, validators).map { summary in SummarySnapshot(id: makeID(), summary: summary, fetchedAt: now()) }
        }
    }

    // MARK: Reading

    /// The cached summary with its invalidation, or nil when there is none or it cannot be read (a miss;
    /// CachedResource logs it).
    public func cachedSummary() -> CachedSummary? {
        let resource = resource()
        guard var snapshot = resource.cached()?.value else { return nil }
        // A 304 since the snapshot was fetched moved "Last updated" on without rewriting it.
        if let confirmed = resource.confirmedAt(), confirmed > snapshot.fetchedAt { snapshot.fetchedAt = confirmed }
        return CachedSummary(snapshot: snapshot, isInvalidated: isInvalidated(snapshot))
    }

    /// Out of date when the summary's own mark, or the mark of a registration still standing, names this snapshot.
    private func isInvalidated(_ snapshot: SummarySnapshot) -> Bool { isMarked(snapshotID: snapshot.id) }

    /// Whether a mark in the store names the snapshot `snapshotID` (read without decrypting the summary itself).
    public func isMarked(snapshotID: String) -> Bool {
        do {
            let prefix = registrationMarkKey("")
            for record in try store.loadAll(collection: Self.invalidationCollection) where record.key == key || record.key.hasPrefix(prefix) {
                if try CachedResourceCoding.decoder.decode(SummaryInvalidation.self, from: record.value).snapshotID == snapshotID { return true }
            }
            return false
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
    /// A 304 (`.unchanged`) keeps the cached snapshot and drops the marks on it: the server vouched for it, as a fresh
    /// snapshot's new id would have made them moot.
    public func refresh(beforeFetch: @escaping @Sendable () -> Void = {}) async -> RevalidateOutcome<SummarySnapshot> {
        let outcome = await resource(beforeFetch: beforeFetch).revalidate()
        switch outcome {
        case .fresh: pruneRegistrationMarks()
        case .unchanged: dropMarks()
        case .kept: break
        }
        return outcome
    }

    /// Drops every mark of this year's summary, its own and the registrations' (moot after a fresh snapshot too); the
    /// machine marks it again when writes synced while the request was out (`SummaryState`).
    private func dropMarks() {
        do {
            let prefix = registrationMarkKey("")
            let marks = try store.loadAll(collection: Self.invalidationCollection).filter { $0.key == key || $0.key.hasPrefix(prefix) }
            guard !marks.isEmpty else { return }
            _ = try store.apply(marks.map { .delete(collection: Self.invalidationCollection, key: $0.key) })
        } catch {
            unreadable("invalidation marks", error)
        }
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

    /// The same mark as a change, to apply atomically with another write.
    public func invalidation(of snapshotID: String, reason: InvalidationReason) throws(RecordStoreError) -> RecordChange {
        try mark(snapshotID, reason: reason, key: key)
    }

    /// The mark a registration puts on the summary it was registered over: a record of its own, part of the activity's
    /// optimistic data, so the activity's failure data can take exactly it back (pattern B: "failureData — always")
    /// without touching a mark anything else made.
    public func registrationMark(of snapshotID: String, activityID: String) throws(RecordStoreError) -> RecordChange {
        try mark(snapshotID, reason: .activityRegistered, key: registrationMarkKey(activityID))
    }

    /// Takes a registration's mark back (its failure data).
    public func removingRegistrationMark(activityID: String) -> RecordChange {
        .delete(collection: Self.invalidationCollection, key: registrationMarkKey(activityID))
    }

    /// The registration marks of activities no longer waiting (synced or dismissed), once a fresh summary has replaced
    /// the one they marked: nothing reads them any more.
    public func pruneRegistrationMarks() {
        do {
            let pending = Set(registeredActivities().map(\.id))
            let prefix = registrationMarkKey("")
            let stale = try store.loadAll(collection: Self.invalidationCollection).filter { record in
                record.key.hasPrefix(prefix) && !pending.contains(String(record.key.dropFirst(prefix.count)))
            }
            guard !stale.isEmpty else { return }
            _ = try store.apply(stale.map { .delete(collection: Self.invalidationCollection, key: $0.key) })
        } catch {
            unreadable("registration marks", error)
        }
    }

    private func registrationMarkKey(_ activityID: String) -> String { "\(key)/registration/\(activityID)" }

    private func mark(_ snapshotID: String, reason: InvalidationReason, key: String) throws(RecordStoreError) -> RecordChange {
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

    /// Forgets the cached summary, its validators and its mark in one transaction (a cleared cache).
    public func clear() throws(RecordStoreError) {
        try store.apply(resource().clearingChanges + [.delete(collection: Self.invalidationCollection, key: key)])
    }
}
