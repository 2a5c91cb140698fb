public import Connectivity
public import Core
public import Foundation

/// What started a load of the summary, for telemetry and tests.
public enum SummaryLoadTrigger: String, Sendable, Hashable, CaseIterable {
    /// The screen opened while not offline: the fresh summary replaces the cached one.
    case open
    /// The user tapped Refresh (or Retry).
    case refresh
    /// The connection came back and the screen had nothing, or only a stale summary, to show.
    case reconnect
    /// The app came to the foreground with nothing, or only a stale summary, on screen.
    case foreground
    /// The warmup session filled the cache.
    case prefetch
}

/// How a load ended.
public enum SummaryLoadResult: Sendable, Equatable {
    /// The server answered and the cache now holds `snapshot`. `writesSyncedDuringFetch`: the server applied
    /// queued writes after the request left, so the answer may already be out of date.
    case fresh(SummarySnapshot, writesSyncedDuringFetch: Bool)
    /// The last good summary (nil: there never was one) stays.
    case failed(HTTPClientError, kept: CachedSummary?)
}

/// A summary card written to a file for sharing: the file and the text shared with it.
public struct SharedSummary: Sendable, Hashable {
    public var fileURL: URL
    public var text: Copy

    public init(fileURL: URL, text: Copy) {
        self.fileURL = fileURL
        self.text = text
    }
}

/// Something that happened to the summary screen.
public enum SummaryEvent: Sendable, Equatable {
    /// The screen opened and read the cache (nil: nothing cached) and the activities waiting to sync.
    case opened(CachedSummary?, activities: [ActivityEntry])
    case connectivityChanged(ConnectivityStatus)
    case lifecycle(AppLifecycle)
    case refreshRequested
    case prefetchRequested
    case loadFinished(sequence: Int, SummaryLoadResult)
    /// The load `sequence` has run past `SummaryState.loadDeadline` on the injected clock.
    case loadDeadlinePassed(sequence: Int)
    /// An activity was queued through the outbox (its optimistic data, the mark included, is stored).
    case activityRegistered(ActivityEntry)
    /// The registered activities or their pending look changed (synced, failed, dismissed).
    case activitiesChanged([ActivityEntry])
    /// The server applied queued writes: the summary may not show them.
    case writesSynced
    case shared(SharedSummary)
    case shareFailed
    case shareClosed
    case toastExpired(sequence: Int)
}

/// What the feature actor must do.
public enum SummaryEffect: Sendable, Equatable {
    /// Refresh through the repository in the background and report `.loadFinished(sequence:)`.
    case load(SummaryLoadTrigger, sequence: Int)
    /// Report `.loadDeadlinePassed(sequence)` after `after` on the injected clock.
    case armLoadDeadline(sequence: Int, after: Duration)
    /// Stop waiting for the load `sequence` (its answer, if any, is ignored).
    case cancelLoad(sequence: Int)
    /// Store the mark that says the snapshot is out of date.
    case markInvalid(snapshotID: String, reason: InvalidationReason)
    /// Report `.toastExpired(sequence)` after `after` on the injected clock.
    case expireToast(sequence: Int, after: Duration)
}

/// The summary screen as a pure state machine: events in, effects out; no I/O, and time passed in.
///
/// Never an endless spinner: a spinner shows only while a load runs with nothing cached, every load ends
/// with `.loadFinished` or its deadline, and no load starts while offline.
public struct SummaryState: Sendable, Equatable {
    /// A cached summary older than this is stale: offline, a banner asks to connect to refresh it.
    public static let staleAfter: Duration = .seconds(30 * 86_400)
    /// A load still running after this is given up (the cache stays; nothing cached shows the empty state).
    public static let loadDeadline: Duration = .seconds(30)
    public static let toastDuration: Duration = .seconds(4)

    public var year: Int
    public var connectivity: ConnectivityStatus = .unknown
    /// The summary on screen: the cache, then each successful load.
    public var cache: CachedSummary?
    public var hasOpened = false
    /// The load running now.
    public var loadInFlight: SummaryLoadTrigger?
    public var loadSequence = 0
    /// Writes synced while the load ran: a kept cache is out of date too (a fresh answer says so itself).
    public var writesSyncedDuringLoad = false
    /// An activity was registered while the load ran: its answer may not count it.
    public var activityRegisteredDuringLoad = false
    /// Why the last load failed while nothing is cached (nil once something is).
    public var lastFailure: HTTPClientError?
    /// The last load was refused (401/403): the session ended. Cleared by a successful load.
    public var sessionRefused = false
    /// Activities registered on this device that the server has not confirmed, with their pending look.
    public var activities: [ActivityEntry] = []
    public var shared: SharedSummary?
    public var toast: Toast?
    public var toastSequence = 0

    public init(year: Int) {
        self.year = year
    }

    public var freshness: Freshness? {
        cache.map { Freshness(lastUpdated: $0.fetchedAt, staleAfter: Self.staleAfter) }
    }

    public func isStale(at now: Date) -> Bool {
        freshness?.isStale(at: now) ?? false
    }

    public mutating func handle(_ event: SummaryEvent, now: Date) -> [SummaryEffect] {
        switch event {
        case let .opened(cached, activities):
            hasOpened = true
            if let cached { cache = cached }
            self.activities = activities
            // Online: the fresh summary replaces the cached one (shown meanwhile). Offline: the cache, or the empty state.
            return requestLoad(.open)

        case let .connectivityChanged(status):
            let previous = connectivity
            connectivity = status
            guard status == .online, previous != .online, hasOpened else { return [] }
            // Back online: load what is missing or stale. New activity synced meanwhile prompts instead
            // (`.writesSynced`): the screen does not change under the reader's eyes.
            if cache == nil || isStale(at: now) { return requestLoad(.reconnect) }
            return []

        case let .lifecycle(phase):
            switch phase {
            case .launched, .foregrounded:
                guard hasOpened, cache == nil || isStale(at: now) else { return [] }
                return requestLoad(.foreground)
            case .backgrounded, .terminated:
                return []
            }

        case .refreshRequested:
            guard connectivity != .offline else { return showToast(CoreCopy.noConnection, id: "no-connection", severity: .warning) }
            return requestLoad(.refresh)

        case .prefetchRequested:
            return requestLoad(.prefetch)

        case let .loadFinished(sequence, result):
            guard sequence == loadSequence, let trigger = loadInFlight else { return [] }
            return finishLoad(trigger, result)

        case let .loadDeadlinePassed(sequence):
            guard sequence == loadSequence, let trigger = loadInFlight else { return [] }
            return [.cancelLoad(sequence: sequence)] + finishLoad(trigger, .failed(.timeout, kept: cache))

        case let .activityRegistered(entry):
            if !activities.contains(where: { $0.id == entry.id }) { activities.append(entry) }
            // The mark went into the store with the activity's optimistic data.
            cache?.isInvalidated = true
            if loadInFlight != nil { activityRegisteredDuringLoad = true }
            return []

        case let .activitiesChanged(entries):
            activities = entries
            return []

        case .writesSynced:
            if loadInFlight != nil {
                writesSyncedDuringLoad = true
                return []
            }
            guard let cached = cache, !cached.isInvalidated else { return [] }
            cache?.isInvalidated = true
            return [.markInvalid(snapshotID: cached.snapshot.id, reason: .writesSynced)]

        case let .shared(result):
            shared = result
            return showToast(SummaryCopy.shareReady, id: "share-ready", severity: .success)

        case .shareFailed:
            return showToast(SummaryCopy.shareFailed, id: "share-failed", severity: .error)

        case .shareClosed:
            shared = nil
            return []

        case let .toastExpired(sequence):
            if sequence == toastSequence { toast = nil }
            return []
        }
    }

    private mutating func requestLoad(_ trigger: SummaryLoadTrigger) -> [SummaryEffect] {
        // Offline nothing is sent: the cache (or the empty state) shows at once, never a spinner.
        guard connectivity != .offline, loadInFlight == nil else { return [] }
        loadSequence += 1
        loadInFlight = trigger
        writesSyncedDuringLoad = false
        activityRegisteredDuringLoad = false
        return [.load(trigger, sequence: loadSequence), .armLoadDeadline(sequence: loadSequence, after: Self.loadDeadline)]
    }

    private mutating func finishLoad(_ trigger: SummaryLoadTrigger, _ result: SummaryLoadResult) -> [SummaryEffect] {
        loadInFlight = nil
        let syncedMeanwhile = writesSyncedDuringLoad || activityRegisteredDuringLoad
        let registeredMeanwhile = activityRegisteredDuringLoad
        writesSyncedDuringLoad = false
        activityRegisteredDuringLoad = false
        switch result {
        case let .fresh(snapshot, syncedDuringFetch):
            // Writes synced before the request left are in the answer (the load waits for them); later ones are not.
            let outOfDate = syncedDuringFetch || registeredMeanwhile
            cache = CachedSummary(snapshot: snapshot, isInvalidated: outOfDate)
            lastFailure = nil
            sessionRefused = false
            return outOfDate ? [.markInvalid(snapshotID: snapshot.id, reason: .writesSynced)] : []
        case let .failed(error, kept):
            var effects: [SummaryEffect] = []
            if var kept {
                if syncedMeanwhile, !kept.isInvalidated {
                    kept.isInvalidated = true
                    effects.append(.markInvalid(snapshotID: kept.snapshot.id, reason: .writesSynced))
                }
                cache = kept
            }
            lastFailure = cache == nil ? error : nil
            sessionRefused = error.isAuthenticationFailure
            // Only a refresh the user asked for says why it did not happen; other loads fail silently.
            if trigger == .refresh, cache != nil {
                let message = error.isAuthenticationFailure ? CoreCopy.signInRequiredMessage
                    : error == .offline || error.isTransportFailure ? CoreCopy.noConnection : SummaryCopy.loadFailedTitle
                effects += showToast(message, id: "refresh-failed", severity: .warning)
            }
            return effects
        }
    }

    private mutating func showToast(_ message: Copy, id: String, severity: Severity) -> [SummaryEffect] {
        toastSequence += 1
        toast = Toast(id: id, severity: severity, message: message, autoDismissAfter: Self.toastDuration)
        return [.expireToast(sequence: toastSequence, after: Self.toastDuration)]
    }
}
