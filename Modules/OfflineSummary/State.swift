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
    /// The user registered an activity (not stored yet). `stored`: the snapshot in the device store, for a screen
    /// not opened yet.
    case activityRequested(RegisteredActivity, OutboxRequest, stored: String?)
    /// The outbox refused the activity: nothing was stored or queued.
    case activityNotQueued(activityID: String, SummaryActivityError)
    /// The registered activities or their pending look changed (synced, failed, dismissed).
    case activitiesChanged([ActivityEntry])
    /// The server applied queued writes: the summary may not show them.
    case writesSynced
    /// The server answered whether the activity data changed since the cached summary `snapshotID` was computed.
    case activityVersionChecked(snapshotID: String, changed: Bool)
    case shared(SharedSummary)
    case shareFailed
    case shareClosed
    case toastExpired(sequence: Int)
}

/// The feature's own work, done by `SummaryFeature`'s performer (timers, cancellation and telemetry are the runtime's).
public enum SummaryWork: Sendable, Equatable {
    /// Refresh through the repository in the background and report `.loadFinished(sequence:)`.
    case load(SummaryLoadTrigger, sequence: Int)
    /// Store the mark that says the snapshot is out of date.
    case markInvalid(snapshotID: String, reason: InvalidationReason)
    /// Queue the activity through the outbox, its optimistic data with the mark of `invalidating` (the summary shown
    /// when it was registered) in one transaction; report `.activityRegistered` or `.activityNotQueued`.
    case queueActivity(RegisteredActivity, OutboxRequest, invalidating: String?)
    /// Tell the caller of `registerActivity` how its registration ended.
    case reportRegistration(activityID: String, SummaryActivityError?)
    /// Delete the card file once it has been shared: it holds the figures in clear, outside the encrypted store.
    case deleteSharedCard(URL)
    /// Ask the server (cheaply) whether the user's activity data changed since `known`, the version the cached
    /// summary reflects; report `.activityVersionChecked`.
    case checkActivityVersion(snapshotID: String, known: String)
}

/// What the machine asks for.
public typealias SummaryEffect = FeatureEffect<SummaryEvent, SummaryWork>

/// The machine's effects by name (each is one `FeatureEffect`).
extension FeatureEffect where Event == SummaryEvent, Work == SummaryWork {
    public static func load(_ trigger: SummaryLoadTrigger, sequence: Int) -> Self { .perform(.load(trigger, sequence: sequence)) }
    /// `.loadDeadlinePassed(sequence)` after `after` on the injected clock.
    public static func armLoadDeadline(sequence: Int, after: Duration) -> Self {
        .startTimer(id: SummaryState.loadDeadlineTimerID, after: after, send: .loadDeadlinePassed(sequence: sequence))
    }
    /// Stop waiting for the load under way (its answer, if any, is ignored).
    public static func cancelLoad(sequence: Int) -> Self { .cancelWork(lane: SummaryState.loadLane) }
    public static func markInvalid(snapshotID: String, reason: InvalidationReason) -> Self {
        .perform(.markInvalid(snapshotID: snapshotID, reason: reason))
    }
    /// `.toastExpired(sequence)` after `after` on the injected clock.
    public static func expireToast(sequence: Int, after: Duration) -> Self {
        .startTimer(id: SummaryState.toastTimerID, after: after, send: .toastExpired(sequence: sequence))
    }
}

/// The summary screen as a pure state machine: events in, effects out; no I/O, and time passed in.
///
/// Never an endless spinner: a spinner shows only while a load runs with nothing cached, every load ends
/// with `.loadFinished` or its deadline, and no load starts while offline.
public struct SummaryState: StateMachine, Equatable {
    public typealias Event = SummaryEvent
    public typealias Work = SummaryWork

    /// A cached summary older than this is stale: offline, a banner asks to connect to refresh it.
    public static let staleAfter: Duration = .seconds(30 * 86_400)
    /// A load still running after this is given up (the cache stays; nothing cached shows the empty state).
    public static let loadDeadline: Duration = .seconds(30)
    public static let toastDuration: Duration = .seconds(4)
    /// The ids of the machine's timers and of the lane its loads run in.
    public static let toastTimerID = "toast"
    public static let loadDeadlineTimerID = "load-deadline"
    public static let loadLane = "load"

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
    /// Activities being queued now, with the snapshot their transaction marks out of date: until each is queued, an
    /// answer to a load cannot be known to count it.
    public var registrationsInFlight: [String: String?] = [:]
    /// How many loads have ended (answer, failure or deadline) and whether the last one brought a fresh summary.
    public var loadsFinished = 0
    public var lastLoadSucceeded = false
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
            guard status == .online, previous != .online else { return [] }
            // Back online: load what is missing or stale. New activity synced meanwhile prompts instead
            // (`.writesSynced`): the screen does not change under the reader's eyes.
            if hasOpened, cache == nil || isStale(at: now) { return requestLoad(.reconnect) }
            // Activity may have reached the server from elsewhere meanwhile (another device, a coordinator): ask
            // cheaply whether the data the cached summary reflects changed; if it did, the summary prompts to refresh.
            if let cached = cache, !cached.isInvalidated, let known = cached.summary.activityVersion {
                return [.perform(.checkActivityVersion(snapshotID: cached.snapshot.id, known: known))]
            }
            return []

        case let .activityVersionChecked(snapshotID, changed):
            guard changed, let cached = cache, cached.snapshot.id == snapshotID, !cached.isInvalidated else { return [] }
            // A load under way brings the new data itself.
            guard loadInFlight == nil else { return [] }
            cache?.isInvalidated = true
            return [.markInvalid(snapshotID: snapshotID, reason: .serverActivity)]

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
            return [.cancelTimer(id: Self.loadDeadlineTimerID)] + finishLoad(trigger, result)

        case let .loadDeadlinePassed(sequence):
            guard sequence == loadSequence, let trigger = loadInFlight else { return [] }
            return [.cancelLoad(sequence: sequence), .record("summary.load", attributes: ["outcome": "deadline"])]
                + finishLoad(trigger, .failed(.timeout, kept: cache))

        case let .activityRequested(activity, request, stored):
            // The summary on screen now (or in the store, before the screen opened) is the one its transaction marks.
            let shown = hasOpened ? cache?.snapshot.id : stored
            registrationsInFlight[activity.id] = shown
            return [.perform(.queueActivity(activity, request, invalidating: shown))]

        case let .activityNotQueued(activityID, error):
            registrationsInFlight[activityID] = nil
            return [.perform(.reportRegistration(activityID: activityID, error))]

        case let .activityRegistered(entry):
            if !activities.contains(where: { $0.id == entry.id }) { activities.append(entry) }
            let marked = registrationsInFlight.removeValue(forKey: entry.id) ?? nil
            var effects: [SummaryEffect] = []
            // The mark went into the store with the activity's optimistic data; a summary that arrived while the
            // activity was being queued is marked now.
            if let cached = cache, !cached.isInvalidated, cached.snapshot.id != marked {
                effects.append(.markInvalid(snapshotID: cached.snapshot.id, reason: .activityRegistered))
            }
            cache?.isInvalidated = true
            if loadInFlight != nil { activityRegisteredDuringLoad = true }
            return effects + [.perform(.reportRegistration(activityID: entry.id, nil))]

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
            // Shared (or given up): the card file goes at once.
            guard let card = shared else { return [] }
            shared = nil
            return [.perform(.deleteSharedCard(card.fileURL))]

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
        loadsFinished += 1
        if case .fresh = result { lastLoadSucceeded = true } else { lastLoadSucceeded = false }
        // An activity still being queued may not be in the answer either.
        let registeredMeanwhile = activityRegisteredDuringLoad || !registrationsInFlight.isEmpty
        let syncedMeanwhile = writesSyncedDuringLoad || registeredMeanwhile
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
