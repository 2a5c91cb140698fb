public import Foundation

/// A value a screen caches: what the store gives back, with the time it was saved ("Last updated", staleness).
public protocol SavedValue: Sendable, Equatable {
    var savedAt: Date { get }
}

extension CachedValue: SavedValue where Value: Equatable {}

/// One cached resource as a server-backed screen holds it: the last good value, the refresh under way and why, how the
/// last one ended, and the automatic retries. Every server-backed feature keeps its resources in this shape, so its
/// `State.swift` reads like the others'.
///
/// Stale-while-revalidate: a failed refresh never empties `cached`; one refresh runs at a time; a write that lands while
/// one runs supersedes it (its answer may predate the write) and the resource is fetched once more.
public struct ResourceState<Cached: SavedValue>: Sendable, Equatable {
    /// The last good value (from the store, or fresh from the server); nil: never loaded.
    public var cached: Cached?
    /// The store has been read since the feature started.
    public var cacheRead = false
    /// The refresh under way and why it started; nil: none.
    public var refreshing: RefreshTrigger?
    /// A refresh asked for while it could not run (offline): it starts when the connection is there.
    public var wanted: RefreshTrigger?
    /// A write landed while a refresh was under way: its answer is dropped and the resource is fetched once more.
    public var superseded = false
    /// How many refreshes have ended (answer or failure): what a prefetch waits for.
    public var refreshesFinished = 0
    /// Why the last refresh failed; nil after a success (or before any).
    public var lastFailure: HTTPClientError?
    /// The automatic retries of a refresh that failed while online.
    public var retry: RetrySchedule

    /// - Parameter retrySeed: seeds the retries' jitter (a constant per resource: the machine stays a pure function).
    public init(retrySeed: UInt64) {
        retry = RetrySchedule(seed: retrySeed)
    }

    public var isRefreshing: Bool { refreshing != nil }
    /// At least one refresh has ended, so "nothing cached" is final, not "still loading".
    public var refreshedOnce: Bool { refreshesFinished > 0 }
    /// The last refresh brought a fresh value.
    public var lastRefreshSucceeded: Bool { refreshedOnce && lastFailure == nil }
    /// The last refresh was refused (401/403): the session ended. Cleared by a successful refresh (a new sign-in).
    public var sessionRefused: Bool { lastFailure?.isAuthenticationFailure ?? false }
    /// When the value on screen was saved.
    public var savedAt: Date? { cached?.savedAt }

    /// Starts a refresh for `trigger` unless one is under way: true when the work must be asked for now. A refresh the
    /// user asks for while another runs takes it over (its spinner shows and its failure is said).
    public mutating func begin(_ trigger: RefreshTrigger) -> Bool {
        wanted = nil
        guard refreshing == nil else {
            if trigger.isUserInitiated { refreshing = trigger }
            return false
        }
        refreshing = trigger
        return true
    }

    /// Remembers a refresh that cannot run now (offline); the first reason wins.
    public mutating func want(_ trigger: RefreshTrigger) {
        wanted = wanted ?? trigger
    }

    /// Marks the refresh under way as superseded by a write; false when none runs (the caller starts one).
    public mutating func supersede() -> Bool {
        guard refreshing != nil else { return false }
        superseded = true
        return true
    }

    /// Ends the refresh under way: `value` is what the screen shows now (nil keeps what it had), `failure` nil for a
    /// success. Returns why it had started, or nil when its answer was superseded (the caller fetches again; the
    /// refresh stays under way).
    public mutating func finish(showing value: Cached?, failure: HTTPClientError?) -> RefreshTrigger? {
        if superseded {
            superseded = false
            return nil
        }
        let trigger = refreshing ?? .open
        refreshing = nil
        wanted = nil
        cacheRead = true
        refreshesFinished += 1
        if let value { cached = value }
        lastFailure = failure
        return trigger
    }
}

extension ResourceState {
    /// `finish(showing:failure:)` for the shape every repository answers with.
    /// An `.unchanged` answer keeps the value on screen and moves its "Last updated" on.
    public mutating func finish<Value>(_ outcome: RevalidateOutcome<Value>) -> RefreshTrigger? where Cached == CachedValue<Value> {
        if case let .unchanged(savedAt) = outcome {
            return finish(showing: cached.map { CachedValue(value: $0.value, savedAt: savedAt) }, failure: nil)
        }
        return finish(showing: outcome.current, failure: outcome.error)
    }
}
