public import OfflinePatterns
public import Core
public import Foundation

/// Where a shared card goes: a folder outside the encrypted store (an export) and the reader's locale.
public struct SummaryShareTarget: Sendable {
    public var folder: URL
    /// Resolves copy in the locale the reader uses now (the composition root's current `Localizer`).
    public var localizer: @Sendable () -> any CopyResolving

    public init(folder: URL, localizer: @escaping @Sendable () -> any CopyResolving) {
        self.folder = folder
        self.localizer = localizer
    }
}

/// Why an activity could not be registered. Nothing was stored or queued when one of these is thrown.
public enum SummaryActivityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The registration could not be turned into a request (a programming error in the caller).
    case invalidRequest(String)
    /// The device store refused it; the activity was not saved. Free some space and try again.
    case notQueued(String)

    public var description: String {
        switch self {
        case let .invalidRequest(detail): "the activity could not be registered: \(detail)"
        case let .notQueued(detail): "the activity could not be saved on the device (\(detail)); free some space and try again"
        }
    }
}

/// The summary feature, on the shared `FeatureRuntime`: its performer loads, marks and queues for `SummaryState`; the
/// runtime runs the load deadline and toast timers and publishes `viewState`.
///
/// `open()` shows the cached summary at once (or the first-load empty state) and loads the fresh one in
/// the background when not offline; the screen never waits for the network. An activity registration is a
/// queued write through the shared `Outbox` (pattern B); every write the server applies marks the cached
/// summary out of date, and the screen prompts to refresh. Which summary a registration marks is the machine's
/// decision, taken in the same turn as the request, so no answer arriving meanwhile can slip past it.
public final class SummaryFeature: AppFeature {
    public typealias UserAction = SummaryUserAction
    public static let featureID = "summary"
    /// The id of the summary's screen, as the app's routes name it (where `attention` points).
    public static let screenID = "summary"

    /// What the screen shows; the REPL and apps render it (`viewNode()`).
    public let viewState: StateCell<SummaryViewState>
    /// The cache this feature reads and writes through.
    public let repository: SummaryRepository

    /// The kind a registration has when the caller names none.
    public static let defaultActivityKind = "peer-support"

    private let runtime: FeatureRuntime<SummaryState, SummaryViewState>
    private let outbox: Outbox
    private let connectivity: StateCell<ConnectivityStatus>
    private let time: TimeSource
    private let shareTarget: SummaryShareTarget?
    private let makeID: @Sendable () -> String
    /// How registrations ended, for the `registerActivity` calls waiting for them.
    private let registrations = Completions<String, Result<RegisteredActivity, SummaryActivityError>>()
    /// Dismissals of failed registrations, for the taps waiting for them.
    private let rowActions = Completions<String, Bool>()
    /// The outbox's synced count already accounted for.
    private let syncedSeen: HighWaterMark

    /// - Parameters:
    ///   - store: the user's vault (`SecureStore.vault(for:)`): the summary is cached there encrypted. The
    ///     outbox must queue in the same store, so an activity and its mark land in one transaction.
    ///   - api: `SummaryAPI.live(client:user:)` in the app.
    ///   - outbox: the app's outbox (started by the composition root); activity registrations go through it.
    ///   - connectivity: the connectivity signal (`ConnectivityMonitor.status`).
    ///   - time: the clock (load deadline, toasts) and `now` ("Last updated", staleness, activity dates).
    ///   - year: the period the screen shows.
    ///   - share: where shared cards are written; nil hides Share.
    ///   - makeID: ids of snapshots and activities (the app passes UUIDs; tests deterministic ones).
    public init(store: any RecordStore, api: SummaryAPI, outbox: Outbox, connectivity: StateCell<ConnectivityStatus>,
                time: TimeSource, year: Int, telemetry: Telemetry = .disabled, share: SummaryShareTarget? = nil,
                makeID: @escaping @Sendable () -> String) {
        let repository = SummaryRepository(
            store: store, api: api, year: year, status: { [connectivity] in connectivity.value },
            waitForWrites: { [outbox] in await outbox.waitUntilSynced(collections: [SummaryRepository.activitiesCollection]) },
            now: time.now, makeID: makeID, telemetry: telemetry)
        self.repository = repository
        self.outbox = outbox
        self.connectivity = connectivity
        self.time = time
        shareTarget = share
        self.makeID = makeID
        syncedSeen = HighWaterMark(Self.activityWritesSynced(outbox.syncedByCollection.value))
        let performer = Performer(repository: repository, api: api, outbox: outbox, clock: time.clock, now: time.now, makeID: makeID,
                                  share: share, registrations: registrations, rowActions: rowActions)
        runtime = FeatureRuntime(SummaryState(year: year, connectivity: connectivity.value, canShare: share != nil), time: time,
                                 telemetry: telemetry,
                                 view: { state, now in SummaryViewState(state: state, now: now) },
                                 perform: performer.perform)
        viewState = runtime.viewState
    }

    // MARK: - Events

    /// Shows the cached summary at once (or the first-load empty state), then loads the fresh one unless
    /// offline. Returns once the first view state from the cache is published.
    public func open() async {
        let (repository, outbox) = (repository, outbox)
        let ((cached, activities), duration) = await measure(on: time.clock) {
            (repository.cachedSummary(), Self.loadActivities(repository: repository, outbox: outbox))
        }
        let status = connectivity.value
        if await runtime.state.connectivity != status { await send(.connectivityChanged(status)) }
        await send(.opened(cached, activities: activities, took: duration))
        await start()
    }

    /// How many activity registrations the server has applied since the outbox started.
    static func activityWritesSynced(_ counts: [String: Int]) -> Int { counts[SummaryRepository.activitiesCollection] ?? 0 }

    /// Starts following the connection and the outbox (open() and prefetch() call it). Idempotent.
    public func start() async {
        guard await runtime.start() else { return }
        // A card a previous run wrote and never saw shared (a kill, a crash) goes now, at the latest.
        if let shareTarget { SummaryShareCard.removeCards(in: shareTarget.folder) }
        let (repository, outbox, syncedSeen) = (repository, outbox, syncedSeen)
        await runtime.follow(connectivity) { [.connectivityChanged($0)] }
        // Only activity writes change what the summary counts: another feature's write through the same outbox does not
        // make it out of date.
        await runtime.follow(outbox.syncedByCollection) { counts in
            guard syncedSeen.raise(to: Self.activityWritesSynced(counts)) else { return [] }
            return [.activitiesChanged(Self.loadActivities(repository: repository, outbox: outbox)), .writesSynced]
        }
        await runtime.follow(outbox.feedbackRevision) { _ in [.activitiesChanged(Self.loadActivities(repository: repository, outbox: outbox))] }
    }

    /// The connection changed (the observation sends these; composition roots may too). Ignored once stopped.
    public func connectivityChanged(_ status: ConnectivityStatus) async { await runtime.sendUnlessStopped(.connectivityChanged(status)) }

    public func lifecycle(_ phase: AppLifecycle) async {
        await send(.lifecycle(phase))
        if phase == .terminated { await stop() }
    }

    /// Pull to refresh, the prompt's Refresh, Retry: offline it says there is no connection.
    public func refresh() async { await send(.refreshRequested) }

    /// The wall clock moved (the REPL's `app advance`): staleness is computed again.
    public func timeChanged() async { await runtime.publish() }

    /// Registers an activity (pattern B): saved on the device with the summary's out-of-date mark in one
    /// transaction, queued durably, sent when online; shown pending until synced.
    @discardableResult
    public func registerActivity(kind: String = SummaryFeature.defaultActivityKind, note: String? = nil) async throws(SummaryActivityError) -> RegisteredActivity {
        let id = makeID()
        await send(.registrationRequested(id: id, kind: kind, note: note))
        let activity = try await registrations.wait(for: id).get()
        // The write may already have synced while this waited for the outbox: the store says what is still pending.
        await reloadActivities()
        return activity
    }

    /// Writes the summary card for sharing, from the summary on screen (cached or fresh, offline too).
    /// Nil when there is no summary yet, no share folder, or the file cannot be written (a toast says so).
    @discardableResult
    public func share() async -> SummaryShareOutput? {
        let before = await runtime.state.toast.sequence
        let state = await runtime.send(.actionTapped(SummaryActionID.share))
        // The card was written when this tap showed "ready" (a failure shows its own toast and keeps no card).
        guard state.lastTap == .handled, state.toast.sequence > before, state.toast.current?.id == SummaryState.shareReadyToastID else { return nil }
        return state.sharedOutput
    }

    /// A tap on anything by its action id (`app tap ID`): refresh, retry, share, register-activity, close-share,
    /// dismiss:<activity id>, resend:<activity id>. The machine decides, in one turn with the state it reads.
    @discardableResult
    public func tap(actionID: String) async -> TapResult {
        let result = await runtime.send(.actionTapped(actionID)).lastTap ?? .notOnScreen
        // A dismissal or a retry is done when its tap returns: the row is gone or queued again (or a failure was
        // recorded).
        if result == .handled, actionID.hasPrefix(SummaryActionID.dismissPrefix) || actionID.hasPrefix(SummaryActionID.resendPrefix) {
            _ = await rowActions.wait(for: actionID)
            await reloadActivities()
        }
        return result
    }

    /// Fills the cache for the warmup session: loads unless offline and waits for the outcome.
    /// Returns true when the cache now holds a fresh summary.
    @discardableResult
    public func prefetch() async -> Bool {
        await start()
        let finishedBefore = await runtime.state.summary.refreshesFinished
        await send(.prefetchRequested)
        await waitUntilIdle()
        let state = await runtime.state
        return state.summary.refreshesFinished > finishedBefore && state.summary.lastRefreshSucceeded
    }

    /// `prefetch()` as the `summary` subtask of the app's warmup session; throws when the summary was not refreshed.
    public func prefetch(reportingTo warmup: any CacheWarmupPort) async throws {
        try await warmup.perform(id: Self.featureID) {
            guard await prefetch() else { throw PrefetchFailed(featureID: Self.featureID) }
        }
    }

    public static func userAction(forActionID id: String) -> SummaryUserAction? { SummaryUserAction(actionID: id) }

    /// Registrations the server rejected for good, not yet dismissed: the summary screen needs the person's attention,
    /// and every other screen leads here with a marker until the last one is dismissed.
    public var attention: Attention? {
        // The outbox's own record, read at once (the screen's rows follow it a moment later).
        let rejected = outbox.deadLetters.value.count { $0.entry.write.resource?.collection == SummaryRepository.activitiesCollection }
        return rejected == 0 ? nil : Attention(screenID: Self.screenID, count: rejected)
    }

    /// The year's summary has never been cached, or is older than `WarmupPolicy.rewarmAfter`: a warmup session fills it.
    public var needsWarming: Bool { WarmupPolicy.needsWarming(savedAt: repository.cachedSummary()?.fetchedAt, now: time.now()) }

    /// Waits for the load running now, if any (tests, the REPL, the warmup session).
    public func waitUntilIdle() async { await runtime.waitUntilIdle() }

    /// Stops following the connection and the outbox; cancels timers and a running load.
    public func stop() async { await runtime.stop() }

    /// The screen as plain data, to render in any locale.
    public var viewNode: ViewNode { viewState.value.viewNode }

    /// The state machine's state (tests, the REPL's diagnostics).
    public var snapshot: SummaryState { get async { await runtime.state } }

    // MARK: - Running the machine

    private func send(_ event: SummaryEvent) async { await runtime.send(event) }

    private func reloadActivities() async {
        let entries = Self.loadActivities(repository: repository, outbox: outbox)
        guard await runtime.state.activities != entries else { return }
        await send(.activitiesChanged(entries))
    }

    static func loadActivities(repository: SummaryRepository, outbox: Outbox) -> [ActivityEntry] {
        repository.registeredActivities().map { activity in
            ActivityEntry(activity: activity, feedback: outbox.feedback(for: SummaryRepository.resource(of: activity)) ?? .none)
        }
    }
}

/// Does `SummaryState`'s work.
private struct Performer: Sendable {
    let repository: SummaryRepository
    let api: SummaryAPI
    let outbox: Outbox
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let makeID: @Sendable () -> String
    let share: SummaryShareTarget?
    let registrations: Completions<String, Result<RegisteredActivity, SummaryActivityError>>
    let rowActions: Completions<String, Bool>

    /// A failed registration's row action (dismiss, retry) on its dead letter in the outbox, in the registrations' lane;
    /// then tells the tap waiting for it (`SummaryFeature.tap(actionID:)`), which reloads the rows.
    private func rowWork(_ actionID: String, activityID: String, failure: String,
                         _ act: @escaping @Sendable (Outbox, UInt64) async throws(OutboxError) -> Void) -> WorkPlan<SummaryEvent> {
        let (outbox, rowActions) = (outbox, rowActions)
        return .background(lane: "registrations") {
            let resource = ResourceID(collection: SummaryRepository.activitiesCollection, key: activityID)
            var events: [SummaryEvent] = []
            if let letter = outbox.deadLetters.value.first(where: { $0.entry.write.resource == resource }) {
                do { try await act(outbox, letter.id) } catch { events = [.workFailed(failure, error: "\(error)")] }
            }
            rowActions.deliver(true, for: actionID)
            return events
        }
    }

    func perform(_ work: SummaryWork) -> WorkPlan<SummaryEvent> {
        let (repository, outbox) = (repository, outbox)
        switch work {
        case let .refresh(_, sequence):
            let (synced, clock) = (outbox.syncedByCollection, clock)
            return .background(lane: SummaryState.refreshLane) {
                let mark = StateCell<Int?>(nil)
                let (outcome, duration) = await measure(on: clock) {
                    await repository.refresh(beforeFetch: { mark.set(SummaryFeature.activityWritesSynced(synced.value)) })
                }
                let syncedDuringFetch = mark.value.map { SummaryFeature.activityWritesSynced(synced.value) > $0 } ?? false
                return [.refreshFinished(sequence: sequence, outcome, writesSyncedDuringFetch: syncedDuringFetch, took: duration)]
            }
        case let .checkActivityVersion(snapshotID, known):
            let api = api
            return .background(lane: "activity-version") {
                do {
                    let current = try await api.activityVersion()
                    return [.activityVersionChecked(snapshotID: snapshotID, changed: current != known)]
                } catch {
                    // Nothing learned: no prompt (the next reconnect or refresh asks again).
                    return [.workFailed("activity_version_failed", error: "\(error)")]
                }
            }
        case let .markInvalid(snapshotID, reason):
            do { try repository.invalidate(snapshotID: snapshotID, reason: reason) } catch {
                // The screen prompts anyway; only a restart would forget it.
                return .done(.workFailed("invalidation_not_stored", error: error.description))
            }
            return .nothing
        case let .readMark(snapshotID):
            return .done(.markRead(snapshotID: snapshotID, isMarked: repository.isMarked(snapshotID: snapshotID)))
        case let .prepareActivity(id, kind, note, readStored):
            let activity = RegisteredActivity(id: id ?? makeID(), kind: kind, occurredAt: now(), note: note)
            let request: OutboxRequest
            do {
                request = try api.activityRequest(ActivityRegistration(kind: kind, occurredAt: activity.occurredAt, note: note))
            } catch {
                return .done(.activityNotQueued(activityID: activity.id, .invalidRequest(error.description)))
            }
            // Before the screen opened, the summary to mark is the stored one (read only then: it is decrypted to be read).
            return .done(.activityRequested(activity, request, stored: readStored ? repository.cachedSummary()?.snapshot.id : nil))
        case let .queueActivity(activity, request, invalidating):
            return .background(lane: "registrations") {
                var optimistic: [RecordChange]
                do {
                    optimistic = [try repository.saveActivityChange(activity)]
                    if let invalidating { optimistic.append(try repository.registrationMark(of: invalidating, activityID: activity.id)) }
                } catch {
                    return [.activityNotQueued(activityID: activity.id, .notQueued(String(describing: error)))]
                }
                let resource = SummaryRepository.resource(of: activity)
                let write = OutboxWrite(request: request, resource: resource, pendingAction: .add, pattern: SummaryUserAction.registerActivity.pattern,
                                        optimisticData: optimistic,
                                        successData: [.delete(collection: SummaryRepository.activitiesCollection, key: activity.id)],
                                        // Refused for good: the summary is no longer out of date on its account.
                                        failureData: [repository.removingRegistrationMark(activityID: activity.id)])
                do { try await outbox.write(write) } catch {
                    return [.activityNotQueued(activityID: activity.id, .notQueued(String(describing: error)))]
                }
                return [.activityRegistered(ActivityEntry(activity: activity,
                                                          feedback: outbox.feedback(for: resource) ?? OfflineFeedback(pendingAction: .add)))]
            }
        case let .reportRegistration(activityID, result):
            registrations.deliver(result, for: activityID)
            return .nothing
        case let .dismissActivity(id):
            return rowWork(SummaryActionID.dismiss(id), activityID: id, failure: "dismiss_failed") { outbox, letter throws(OutboxError) in
                try await outbox.dismiss(letter)
            }
        case let .resendActivity(id):
            return rowWork(SummaryActionID.resend(id), activityID: id, failure: "retry_failed") { outbox, letter throws(OutboxError) in
                try await outbox.retry(letter)
            }
        case let .writeShareCard(summary):
            guard let share else { return .nothing }
            do {
                let output = try SummaryShareCard.write(summary, localizer: share.localizer(), to: share.folder)
                return .done(.shared(SharedSummary(fileURL: output.fileURL, text: SummaryCopy.shareText(summary)), output: output))
            } catch {
                return .done(.shareFailed(error.description))
            }
        case let .deleteSharedCard(url):
            do { try FileManager.default.removeItem(at: url) } catch {
                return .done(.workFailed("share_cleanup_failed", error: "\(error)"))
            }
            return .nothing
        }
    }
}
