public import Core
public import Foundation

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
public enum SummaryEvent: Sendable, Equatable, ToastExpiring {
    /// The screen opened and read the cache (nil: nothing cached) and the activities waiting to sync, in `took`.
    case opened(CachedSummary?, activities: [ActivityEntry], took: Duration = .zero)
    case connectivityChanged(ConnectivityStatus)
    case lifecycle(AppLifecycle)
    case refreshRequested
    case prefetchRequested
    /// The refresh `sequence` ended after `took`. `writesSyncedDuringFetch`: the server applied queued writes after the
    /// request left, so a fresh answer may already be out of date.
    case refreshFinished(sequence: Int, RevalidateOutcome<SummarySnapshot>, writesSyncedDuringFetch: Bool = false, took: Duration = .zero)
    /// The refresh `sequence` has run past `SummaryState.refreshDeadline` on the injected clock.
    case refreshDeadlinePassed(sequence: Int)
    /// The automatic retry of a failed refresh is due.
    case retryDue
    /// An action of the view state, by id (`SummaryActionID`).
    case actionTapped(String)
    /// `SummaryFeature.registerActivity`: register an activity with this id (the tap makes one).
    case registrationRequested(id: String?, kind: String, note: String?)
    /// An activity was queued through the outbox (its optimistic data, the mark included, is stored).
    case activityRegistered(ActivityEntry)
    /// The activity is ready to queue (not stored yet). `stored`: the snapshot in the device store, for a screen not
    /// opened yet.
    case activityRequested(RegisteredActivity, OutboxRequest, stored: String?)
    /// The outbox refused the activity: nothing was stored or queued.
    case activityNotQueued(activityID: String, SummaryActivityError)
    /// The registered activities or their pending look changed (synced, failed, dismissed).
    case activitiesChanged([ActivityEntry])
    /// The store says whether the summary `snapshotID` is still marked out of date (a refused registration's failure
    /// data took its mark back).
    case markRead(snapshotID: String, isMarked: Bool)
    /// The server applied queued writes: the summary may not show them.
    case writesSynced
    /// The server answered whether the activity data changed since the cached summary `snapshotID` was computed.
    case activityVersionChecked(snapshotID: String, changed: Bool)
    /// The share card was written (`output`: its SVG and text in the reader's locale).
    case shared(SharedSummary, output: SummaryShareOutput? = nil)
    case shareFailed(String)
    case shareClosed
    case toastExpired(sequence: Int)
    /// Work the user never sees failed (a mark not stored, a card not deleted); recorded for support.
    case workFailed(String, error: String)
}

/// The feature's own work, done by `SummaryFeature`'s performer (timers, cancellation and telemetry are the runtime's).
public enum SummaryWork: Sendable, Equatable {
    /// Refresh through the repository in the background and report `.refreshFinished(sequence:)`.
    case refresh(RefreshTrigger, sequence: Int)
    /// Store the mark that says the snapshot is out of date.
    case markInvalid(snapshotID: String, reason: InvalidationReason)
    /// Read whether the snapshot is still marked out of date; report `.markRead`.
    case readMark(snapshotID: String)
    /// Make the activity (its id, unless given, and its date) and its request; report `.activityRequested` with the
    /// stored snapshot's id when `readStored` (the screen has not opened), or `.activityNotQueued`.
    case prepareActivity(id: String?, kind: String, note: String?, readStored: Bool)
    /// Queue the activity through the outbox, its optimistic data with the mark of `invalidating` (the summary shown
    /// when it was registered) in one transaction; report `.activityRegistered` or `.activityNotQueued`.
    case queueActivity(RegisteredActivity, OutboxRequest, invalidating: String?)
    /// Tell the caller of `registerActivity` how its registration ended.
    case reportRegistration(activityID: String, Result<RegisteredActivity, SummaryActivityError>)
    /// Dismiss the failed registration (its dead letter in the outbox) and tell the tap waiting for it, which reloads
    /// the rows.
    case dismissActivity(String)
    /// Queue the failed registration again (its dead letter back in the outbox) and tell the tap waiting for it, which
    /// reloads the rows.
    case resendActivity(String)
    /// Write the share card of the summary on screen; report `.shared` or `.shareFailed`.
    case writeShareCard(AnnualSummary)
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
    public static func refresh(_ trigger: RefreshTrigger, sequence: Int) -> Self { .perform(.refresh(trigger, sequence: sequence)) }
    /// `.refreshDeadlinePassed(sequence)` after `after` on the injected clock.
    public static func armRefreshDeadline(sequence: Int, after: Duration) -> Self {
        .startTimer(id: SummaryState.refreshDeadlineTimerID, after: after, send: .refreshDeadlinePassed(sequence: sequence))
    }
    /// Stop waiting for the refresh under way (its answer, if any, is ignored).
    public static var cancelRefresh: Self { .cancelWork(lane: SummaryState.refreshLane) }
    public static func markInvalid(snapshotID: String, reason: InvalidationReason) -> Self {
        .perform(.markInvalid(snapshotID: snapshotID, reason: reason))
    }
}

/// The summary screen as a pure state machine: events in, effects out; no I/O, and time passed in.
///
/// Never an endless spinner: a spinner shows only while a load runs with nothing cached, every load ends
/// with `.refreshFinished` or its deadline, and no refresh starts while offline.
public struct SummaryState: StateMachine, Equatable {
    public typealias Event = SummaryEvent
    public typealias Work = SummaryWork

    /// A cached summary older than this is stale: offline, a banner asks to connect to refresh it.
    public static let staleAfter: Duration = .seconds(30 * 86_400)
    /// A refresh still running after this is given up (the cache stays; nothing cached shows the empty state).
    public static let refreshDeadline: Duration = .seconds(30)
    /// The ids of the machine's deadline timer and of the lane its refreshes run in.
    public static let refreshDeadlineTimerID = "refresh.deadline"
    /// The id of the automatic retry's timer.
    public static let retryTimerID = "refresh.retry"
    /// The id of the toast that says the share card is ready (`SummaryFeature.share()` reads it).
    public static let shareReadyToastID = "share-ready"
    public static let refreshLane = "refresh"

    public var year: Int
    public var connectivity: ConnectivityStatus
    /// The summary: the cache, then each successful refresh; where its refresh stands.
    public var summary = ResourceState<CachedSummary>(retrySeed: 0x5EED_5A77_A12E)
    /// Names each refresh, so the answer or deadline of one given up is ignored.
    public var refreshSequence = 0
    public var hasOpened = false
    /// Writes synced while the refresh ran: a kept cache is out of date too (a fresh answer says so itself).
    public var writesSyncedDuringRefresh = false
    /// An activity was registered while the refresh ran: its answer may not count it.
    public var activityRegisteredDuringRefresh = false
    /// Activities registered on this device that the server has not confirmed, with their pending look.
    public var activities: [ActivityEntry] = []
    /// Activities being queued now, with the snapshot their transaction marks out of date: until each is queued, an
    /// answer to a refresh cannot be known to count it.
    public var registrationsInFlight: [String: String?] = [:]
    /// A share folder is configured (Share is offered).
    public var canShare: Bool
    public var shared: SharedSummary?
    /// The card as the last share wrote it.
    public var sharedOutput: SummaryShareOutput?
    public var toast = ToastSlot()
    /// What became of the last `.actionTapped`.
    public var lastTap: TapResult?

    public init(year: Int, connectivity: ConnectivityStatus, canShare: Bool = true) {
        self.year = year
        self.connectivity = connectivity
        self.canShare = canShare
    }

    public var freshness: Freshness? {
        summary.cached.map { Freshness(lastUpdated: $0.fetchedAt, staleAfter: Self.staleAfter) }
    }

    public func isStale(at now: Date) -> Bool {
        freshness?.isStale(at: now) ?? false
    }

    public mutating func handle(_ event: SummaryEvent, now: Date) -> [SummaryEffect] {
        switch event {
        case let .opened(cached, activities, took):
            hasOpened = true
            summary.cacheRead = true
            if let cached { summary.cached = cached }
            self.activities = activities
            // Online: the fresh summary replaces the cached one (shown meanwhile). Offline: the cache, or the empty state.
            return [.record("summary.opened", attributes: ["cached": cached == nil ? "none" : "yes", "connectivity": connectivity.rawValue],
                            duration: took)] + requestRefresh(.open)

        case let .connectivityChanged(status):
            let previous = connectivity
            connectivity = status
            guard status == .online, previous != .online else { return [] }
            // Back online: load what is missing or stale. New activity synced meanwhile prompts instead
            // (`.writesSynced`): the screen does not change under the reader's eyes.
            if hasOpened, summary.cached == nil || isStale(at: now) { return requestRefresh(.reconnect) }
            // Activity may have reached the server from elsewhere meanwhile (another device, a coordinator): ask
            // cheaply whether the data the cached summary reflects changed; if it did, the summary prompts to refresh.
            if let cached = summary.cached, !cached.isInvalidated, let known = cached.summary.activityVersion {
                return [.perform(.checkActivityVersion(snapshotID: cached.snapshot.id, known: known))]
            }
            return []

        case let .activityVersionChecked(snapshotID, changed):
            let checked: SummaryEffect = .record("summary.activity_version_checked", attributes: ["changed": String(changed)])
            guard changed, let cached = summary.cached, cached.snapshot.id == snapshotID, !cached.isInvalidated else { return [checked] }
            // A refresh under way brings the new data itself.
            guard !summary.isRefreshing else { return [checked] }
            return [checked] + invalidate(reason: .serverActivity)

        case let .lifecycle(phase):
            switch phase {
            case .launched, .foregrounded:
                guard hasOpened, summary.cached == nil || isStale(at: now) else { return [] }
                return requestRefresh(.foreground)
            case .backgrounded, .terminated:
                return []
            }

        case .refreshRequested:
            guard connectivity != .offline else { return toast.show(CoreCopy.noConnection, id: "no-connection") }
            return requestRefresh(.refresh)

        case .prefetchRequested:
            return requestRefresh(.prefetch)

        case .retryDue:
            // Offline the connection's return refreshes; a refresh under way will report by itself.
            return connectivity == .online ? requestRefresh(.retry) : []

        case let .refreshFinished(sequence, outcome, syncedDuringFetch, took):
            guard sequence == refreshSequence, summary.isRefreshing else { return [] }
            return [.cancelTimer(id: Self.refreshDeadlineTimerID)] + finishRefresh(outcome, syncedDuringFetch: syncedDuringFetch, took: took)

        case let .refreshDeadlinePassed(sequence):
            guard sequence == refreshSequence, summary.isRefreshing else { return [] }
            return [.cancelRefresh] + finishRefresh(.kept(nil, .timeout), syncedDuringFetch: false, took: Self.refreshDeadline, deadline: true)

        case let .actionTapped(id):
            let (result, effects) = tap(id, now: now)
            lastTap = result
            return effects

        case let .registrationRequested(id, kind, note):
            return [.perform(.prepareActivity(id: id, kind: kind, note: note, readStored: !hasOpened))]

        case let .activityRequested(activity, request, stored):
            // The summary on screen now (or in the store, before the screen opened) is the one its transaction marks.
            let shown = hasOpened ? summary.cached?.snapshot.id : stored
            registrationsInFlight[activity.id] = shown
            return [.perform(.queueActivity(activity, request, invalidating: shown))]

        case let .activityNotQueued(activityID, error):
            registrationsInFlight[activityID] = nil
            return [.record("summary.activity_registration_failed", attributes: ["error": error.description]),
                    .perform(.reportRegistration(activityID: activityID, .failure(error)))]

        case let .activityRegistered(entry):
            if !activities.contains(where: { $0.id == entry.id }) { activities.append(entry) }
            let marked = registrationsInFlight.removeValue(forKey: entry.id) ?? nil
            var effects: [SummaryEffect] = [
                .record("summary.activity_registered", attributes: ["kind": entry.activity.kind, "connectivity": connectivity.rawValue]),
            ]
            // The mark went into the store with the activity's optimistic data; a summary that arrived while the
            // activity was being queued is marked now.
            if let cached = summary.cached, !cached.isInvalidated, cached.snapshot.id != marked {
                effects += invalidate(reason: .activityRegistered)
            }
            summary.cached?.isInvalidated = true
            if summary.isRefreshing { activityRegisteredDuringRefresh = true }
            return effects + [.perform(.reportRegistration(activityID: entry.id, .success(entry.activity)))]

        case let .activitiesChanged(entries):
            let newlyFailed = entries.contains { entry in
                guard !entry.feedback.errors.isEmpty else { return false }
                return activities.first { $0.id == entry.id }?.feedback.errors.isEmpty ?? true
            }
            activities = entries
            // Pattern B, failureData: a registration refused for good took its mark back in the store; the prompt stays
            // only if something else still marks the summary.
            guard newlyFailed, let cached = summary.cached, cached.isInvalidated else { return [] }
            return [.perform(.readMark(snapshotID: cached.snapshot.id))]

        case let .markRead(snapshotID, isMarked):
            guard summary.cached?.snapshot.id == snapshotID, !isMarked, registrationsInFlight.isEmpty, !summary.isRefreshing else { return [] }
            summary.cached?.isInvalidated = false
            return [.record("summary.invalidation_taken_back", attributes: [:])]

        case .writesSynced:
            if summary.isRefreshing {
                writesSyncedDuringRefresh = true
                return []
            }
            guard let cached = summary.cached, !cached.isInvalidated else { return [] }
            return invalidate(reason: .writesSynced)

        case let .shared(result, output):
            shared = result
            sharedOutput = output
            return [.record("summary.shared", attributes: ["connectivity": connectivity.rawValue])]
                + toast.show(SummaryCopy.shareReady, id: Self.shareReadyToastID, severity: .success)

        case let .shareFailed(error):
            return [.record("summary.share_failed", attributes: ["error": error])]
                + toast.show(SummaryCopy.shareFailed, id: "share-failed", severity: .error)

        case .shareClosed:
            // Shared (or given up): the card file goes at once.
            guard let card = shared else { return [] }
            shared = nil
            sharedOutput = nil
            return [.perform(.deleteSharedCard(card.fileURL))]

        case let .toastExpired(sequence):
            toast.expire(sequence: sequence)
            return []

        case let .workFailed(name, error):
            return [.record("summary.\(name)", attributes: ["error": error])]
        }
    }

    /// A tap, decided here in one turn with the state it reads: refresh, retry, share, register-activity, close-share,
    /// dismiss:<activity id>, resend:<activity id>.
    private mutating func tap(_ id: String, now: Date) -> (TapResult, [SummaryEffect]) {
        for (prefix, work) in [(SummaryActionID.dismissPrefix, SummaryWork.dismissActivity), (SummaryActionID.resendPrefix, SummaryWork.resendActivity)]
        where id.hasPrefix(prefix) {
            let activityID = String(id.dropFirst(prefix.count))
            let failed = activities.contains { entry in
                guard entry.id == activityID, case .failed = entry.feedback.rowFeedback(isOffline: connectivity == .offline) else { return false }
                return true
            }
            return failed ? (.handled, [.perform(work(activityID))]) : (.notOnScreen, [])
        }
        switch id {
        case SummaryActionID.refresh, SummaryActionID.retry:
            return (.handled, handle(.refreshRequested, now: now))
        case SummaryActionID.share:
            guard canShare, let cached = summary.cached else { return (.notOnScreen, []) }
            return (.handled, [.perform(.writeShareCard(cached.summary))])
        case SummaryActionID.registerActivity:
            return (.handled, handle(.registrationRequested(id: nil, kind: SummaryFeature.defaultActivityKind, note: nil), now: now))
        case SummaryActionID.closeShare:
            guard shared != nil else { return (.notOnScreen, []) }
            return (.handled, handle(.shareClosed, now: now))
        default:
            return (.notOnScreen, [])
        }
    }

    /// Marks the summary on screen out of date, on screen and in the store.
    private mutating func invalidate(reason: InvalidationReason) -> [SummaryEffect] {
        guard let cached = summary.cached else { return [] }
        summary.cached?.isInvalidated = true
        return Self.mark(cached.snapshot.id, reason)
    }

    /// Stores the out-of-date mark of `snapshotID` (and records why).
    private static func mark(_ snapshotID: String, _ reason: InvalidationReason) -> [SummaryEffect] {
        [.markInvalid(snapshotID: snapshotID, reason: reason), .record("summary.invalidated", attributes: ["reason": reason.rawValue])]
    }

    /// After reconnect, the truth (issue 40, item 5), as on the cart and the products: a failure a retry can cure, while
    /// online, schedules the next refresh (2 s doubling to a minute, with jitter); a success or a final failure ends it.
    private mutating func scheduleRetry(after failure: HTTPClientError?) -> [SummaryEffect] {
        let wasRetrying = summary.retry.isRetrying
        guard let delay = summary.retry.next(after: failure, online: connectivity == .online) else {
            return wasRetrying ? [.cancelTimer(id: Self.retryTimerID)] : []
        }
        return [.startTimer(id: Self.retryTimerID, after: delay, send: .retryDue)]
    }

    private mutating func requestRefresh(_ trigger: RefreshTrigger) -> [SummaryEffect] {
        // Offline nothing is sent: the cache (or the empty state) shows at once, never a spinner.
        guard connectivity != .offline, summary.begin(trigger) else { return [] }
        refreshSequence += 1
        writesSyncedDuringRefresh = false
        activityRegisteredDuringRefresh = false
        return [.refresh(trigger, sequence: refreshSequence), .armRefreshDeadline(sequence: refreshSequence, after: Self.refreshDeadline)]
    }

    /// `deadline`: no answer came in time (the refresh was given up).
    private mutating func finishRefresh(_ outcome: RevalidateOutcome<SummarySnapshot>, syncedDuringFetch: Bool, took: Duration,
                                        deadline: Bool = false) -> [SummaryEffect] {
        // An activity still being queued may not be in the answer either.
        let registeredMeanwhile = activityRegisteredDuringRefresh || !registrationsInFlight.isEmpty
        let syncedMeanwhile = writesSyncedDuringRefresh || registeredMeanwhile
        writesSyncedDuringRefresh = false
        activityRegisteredDuringRefresh = false
        switch outcome {
        case let .unchanged(savedAt):
            // The server vouched for the stored summary: it stays, "Last updated" moves on, and it is out of date only as a
            // fresh one would be (the repository dropped the marks on it). With none on screen yet (a prefetch before
            // open) the stored one is the one confirmed, and opening reads it with its new date.
            let outOfDate = syncedDuringFetch || registeredMeanwhile
            summary.cached?.snapshot.fetchedAt = savedAt
            summary.cached?.isInvalidated = outOfDate
            let trigger = summary.finish(showing: summary.cached, failure: nil) ?? .open
            var effects: [SummaryEffect] = [.record("summary.load", attributes: ["trigger": trigger.rawValue, "outcome": "unchanged"], duration: took)]
            if outOfDate, let cached = summary.cached { effects += Self.mark(cached.snapshot.id, .writesSynced) }
            return effects + scheduleRetry(after: nil)
        case let .fresh(value):
            // Writes synced before the request left are in the answer (the refresh waits for them); later ones are not.
            let outOfDate = syncedDuringFetch || registeredMeanwhile
            let trigger = summary.finish(showing: CachedSummary(snapshot: value.value, isInvalidated: outOfDate), failure: nil) ?? .open
            var effects: [SummaryEffect] = [.record("summary.load", attributes: ["trigger": trigger.rawValue, "outcome": "fresh"], duration: took)]
            if outOfDate { effects += Self.mark(value.value.id, .writesSynced) }
            return effects + scheduleRetry(after: nil)
        case let .kept(value, error):
            // The last good summary stays; one the store had and the screen not yet (a prefetch before open) shows.
            let kept = summary.cached ?? value.map { CachedSummary(snapshot: $0.value) }
            let trigger = summary.finish(showing: kept, failure: error) ?? .open
            var effects: [SummaryEffect] = [.record("summary.load", attributes: ["trigger": trigger.rawValue, "outcome": deadline ? "deadline" : "kept",
                                                                                 "error": error.description], duration: took)]
            if syncedMeanwhile, let cached = summary.cached, !cached.isInvalidated {
                summary.cached?.isInvalidated = true
                effects += Self.mark(cached.snapshot.id, .writesSynced)
            }
            // Only a refresh the user asked for says why it did not happen; other refreshes fail silently.
            if trigger.isUserInitiated, summary.cached != nil {
                let message = error.isAuthenticationFailure ? CoreCopy.signInRequiredMessage
                    : error == .offline || error.isTransportFailure ? CoreCopy.noConnection : SummaryCopy.emptyLoadFailedTitle
                effects += toast.show(message, id: "refresh-failed", severity: .warning)
            }
            return effects + scheduleRetry(after: error)
        }
    }
}
