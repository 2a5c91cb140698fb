public import Connectivity
public import Core
public import Foundation

/// Where a shared card goes: a folder outside the encrypted store (an export) and the reader's locale.
public struct SummaryShareTarget: Sendable {
    public var folder: URL
    /// The Localizer of the locale the reader uses now (the composition root's current one).
    public var localizer: @Sendable () -> Localizer

    public init(folder: URL, localizer: @escaping @Sendable () -> Localizer) {
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

/// The summary feature: runs `SummaryState`'s effects and publishes `viewState`.
///
/// `open()` shows the cached summary at once (or the first-load empty state) and loads the fresh one in
/// the background when not offline; the actor never waits for the network. An activity registration is a
/// queued write through the shared `Outbox` (pattern B); every write the server applies marks the cached
/// summary out of date, and the screen prompts to refresh.
public actor SummaryFeature {
    /// What the screen shows; the REPL and apps render it (`viewNode()`).
    public nonisolated let viewState: StateCell<SummaryViewState>
    /// The cache this feature reads and writes through.
    public nonisolated let repository: SummaryCacheRepository

    /// The kind a registration has when the caller names none.
    public static let defaultActivityKind = "peer-support"

    private var state: SummaryState
    private let api: AnnualSummaryRepository
    private let outbox: Outbox
    private let connectivity: StateCell<ConnectivityStatus>
    private let time: TimeSource
    private let telemetry: Telemetry
    private let shareTarget: SummaryShareTarget?
    private let makeID: @Sendable () -> String
    private var observations: [Task<Void, Never>] = []
    private var loadTask: Task<Void, Never>?
    private var deadlines: [Int: Task<Void, Never>] = [:]
    private var toastTimers: [Int: Task<Void, Never>] = [:]
    /// The outbox's synced count already accounted for.
    private var syncedSeen: Int
    private var loadsFinished = 0
    private var lastLoadSucceeded = false
    /// Set by stop(): a call the observations queued before they were cancelled must not touch a closed store.
    private var isStopped = false

    /// - Parameters:
    ///   - store: the user's vault (`SecureStore.vault(for:)`): the summary is cached there encrypted. The
    ///     outbox must queue in the same store, so an activity and its mark land in one transaction.
    ///   - api: `AnnualSummaryRepository.live(client:user:)` in the app.
    ///   - outbox: the app's outbox (started by the composition root); activity registrations go through it.
    ///   - connectivity: the connectivity signal (`ConnectivityMonitor.status`).
    ///   - time: the clock (load deadline, toasts) and `now` ("Last updated", staleness, activity dates).
    ///   - year: the period the screen shows.
    ///   - share: where shared cards are written; nil hides Share.
    ///   - makeID: ids of snapshots and activities (UUIDs; tests pass deterministic ones).
    public init(store: any RecordStore, api: AnnualSummaryRepository, outbox: Outbox, connectivity: StateCell<ConnectivityStatus>,
                time: TimeSource, year: Int, telemetry: Telemetry = .disabled, share: SummaryShareTarget? = nil,
                makeID: @escaping @Sendable () -> String = { UUID().uuidString }) {
        repository = SummaryCacheRepository(
            store: store, api: api, year: year, status: { [connectivity] in connectivity.value },
            waitForWrites: { [outbox] in await outbox.waitUntilSynced(collections: [SummaryCacheRepository.activitiesCollection]) },
            now: time.now, makeID: makeID, telemetry: telemetry)
        self.api = api
        self.outbox = outbox
        self.connectivity = connectivity
        self.time = time
        self.telemetry = telemetry
        shareTarget = share
        self.makeID = makeID
        syncedSeen = outbox.syncedCount.value
        var initial = SummaryState(year: year)
        _ = initial.handle(.connectivityChanged(connectivity.value), now: time.now())
        state = initial
        viewState = StateCell(SummaryViewState(state: initial, now: time.now(), canShare: share != nil))
    }

    // MARK: - Events

    /// Shows the cached summary at once (or the first-load empty state), then loads the fresh one unless
    /// offline. Returns once the first view state from the cache is published.
    public func open() {
        let ((cached, activities), duration) = measure(on: time.clock) { (repository.cachedSummary(), loadActivities()) }
        if connectivity.value != state.connectivity { send(.connectivityChanged(connectivity.value)) }
        send(.opened(cached, activities: activities))
        telemetry.record("summary.opened", attributes: ["cached": cached == nil ? "none" : "yes", "connectivity": state.connectivity.rawValue],
                         duration: duration)
        start()
    }

    /// Starts following the connection and the outbox (open() and prefetch() call it). Idempotent.
    public func start() {
        guard observations.isEmpty else { return }
        isStopped = false
        let statuses = connectivity.values()
        let synced = outbox.syncedCount.values()
        let revisions = outbox.feedbackRevision.values()
        observations = [
            Task { [weak self] in
                for await status in statuses {
                    guard let self else { return }
                    await self.connectivityChanged(status)
                }
            },
            Task { [weak self] in
                for await count in synced {
                    guard let self else { return }
                    await self.syncedCountChanged(count)
                }
            },
            Task { [weak self] in
                for await _ in revisions {
                    guard let self else { return }
                    await self.reloadActivities()
                }
            },
        ]
    }

    /// The connection changed (the observation sends these; composition roots may too). Ignored once stopped.
    public func connectivityChanged(_ status: ConnectivityStatus) {
        guard !isStopped else { return }
        send(.connectivityChanged(status))
    }

    public func lifecycle(_ phase: AppLifecycle) {
        send(.lifecycle(phase))
        if phase == .terminated { stop() }
    }

    /// Pull to refresh, the prompt's Refresh, Retry: offline it says there is no connection.
    public func refresh() { send(.refreshRequested) }

    /// The wall clock moved (the REPL's `app advance`): staleness is computed again.
    public func timeChanged() { publish() }

    /// Registers an activity (pattern B): saved on the device with the summary's out-of-date mark in one
    /// transaction, queued durably, sent when online; shown pending until synced.
    @discardableResult
    public func registerActivity(kind: String = SummaryFeature.defaultActivityKind, note: String? = nil) async throws(SummaryActivityError) -> RegisteredActivity {
        let activity = RegisteredActivity(id: makeID(), kind: kind, occurredAt: time.now(), note: note)
        let request: OutboxRequest
        do {
            request = try api.activityRequest(ActivityRegistration(kind: kind, occurredAt: activity.occurredAt, note: note))
        } catch {
            throw .invalidRequest(error.description)
        }
        var optimistic: [RecordChange]
        do {
            optimistic = [try repository.saveActivityChange(activity)]
            let shown = state.hasOpened ? state.cache : repository.cachedSummary()
            if let shown { optimistic.append(try repository.invalidation(of: shown.snapshot.id, reason: .activityRegistered)) }
        } catch {
            throw .notQueued(error.description)
        }
        let resource = SummaryCacheRepository.resource(of: activity)
        let write = OutboxWrite(request: request, resource: resource, pendingAction: .add, pattern: SummaryUserAction.registerActivity.pattern,
                                optimisticData: optimistic,
                                successData: [.delete(collection: SummaryCacheRepository.activitiesCollection, key: activity.id)])
        do { try await outbox.write(write) } catch { throw .notQueued(error.description) }
        send(.activityRegistered(ActivityEntry(activity: activity, feedback: outbox.feedback(for: resource) ?? OfflineFeedback(pendingAction: .add))))
        // The write may already have synced while this waited for the outbox: the store says what is still pending.
        reloadActivities()
        telemetry.record("summary.activity_registered", attributes: ["kind": kind, "connectivity": state.connectivity.rawValue])
        return activity
    }

    /// Writes the summary card for sharing, from the summary on screen (cached or fresh, offline too).
    /// Nil when there is no summary yet, no share folder, or the file cannot be written (a toast says so).
    @discardableResult
    public func share() -> SummaryShareOutput? {
        guard let shareTarget, let cache = state.cache else { return nil }
        do {
            let output = try SummaryShareCard.write(cache.summary, localizer: shareTarget.localizer(), to: shareTarget.folder)
            send(.shared(SharedSummary(fileURL: output.fileURL, text: SummaryCopy.shareText(cache.summary))))
            telemetry.record("summary.shared", attributes: ["connectivity": state.connectivity.rawValue])
            return output
        } catch {
            telemetry.record("summary.share_failed", attributes: ["error": error.description])
            send(.shareFailed)
            return nil
        }
    }

    /// A tap on anything by its action id (`app tap ID`): refresh, retry, share, register-activity, close-share,
    /// dismiss:<activity id>. Returns false when nothing on screen has that id.
    @discardableResult
    public func tap(actionID: String) async -> Bool {
        if actionID.hasPrefix(SummaryActionID.dismissPrefix) {
            return await dismissFailedActivity(String(actionID.dropFirst(SummaryActionID.dismissPrefix.count)))
        }
        switch actionID {
        case SummaryActionID.refresh, SummaryActionID.retry:
            send(.refreshRequested)
        case SummaryActionID.share:
            guard shareTarget != nil, state.cache != nil else { return false }
            share()
        case SummaryActionID.registerActivity:
            do { try await registerActivity() } catch {
                telemetry.record("summary.activity_registration_failed", attributes: ["error": error.description])
                return false
            }
        case SummaryActionID.closeShare:
            guard state.shared != nil else { return false }
            send(.shareClosed)
        default:
            return false
        }
        return true
    }

    /// Fills the cache for the warmup session: loads unless offline and waits for the outcome.
    /// Returns true when the cache now holds a fresh summary.
    @discardableResult
    public func prefetch() async -> Bool {
        start()
        let finishedBefore = loadsFinished
        send(.prefetchRequested)
        await waitUntilIdle()
        return loadsFinished > finishedBefore && lastLoadSucceeded
    }

    /// Waits for the load running now, if any (tests, the REPL, the warmup session).
    public func waitUntilIdle() async {
        while let task = loadTask {
            await task.value
            if loadTask == task { loadTask = nil }
        }
    }

    /// Stops following the connection and the outbox; cancels timers and a running load.
    public func stop() {
        isStopped = true
        for task in observations { task.cancel() }
        observations.removeAll()
        loadTask?.cancel()
        for task in deadlines.values { task.cancel() }
        deadlines.removeAll()
        for task in toastTimers.values { task.cancel() }
        toastTimers.removeAll()
    }

    /// The screen as plain data, to render in any locale.
    public nonisolated func viewNode() -> ViewNode { viewState.value.viewNode }

    /// The state machine's state (tests, the REPL's diagnostics).
    public var snapshot: SummaryState { state }

    // MARK: - Running the machine

    private func send(_ event: SummaryEvent) {
        let effects = state.handle(event, now: time.now())
        publish()
        for effect in effects { run(effect) }
    }

    private func publish() {
        viewState.set(SummaryViewState(state: state, now: time.now(), canShare: shareTarget != nil))
    }

    private func run(_ effect: SummaryEffect) {
        switch effect {
        case let .load(trigger, sequence):
            let repository = repository
            let synced = outbox.syncedCount
            let previous = loadTask
            let clock = time.clock
            loadTask = Task { [weak self] in
                await previous?.value
                let mark = StateCell<Int?>(nil)
                let (outcome, duration) = await measure(on: clock) {
                    await repository.refresh(beforeFetch: { mark.set(synced.value) })
                }
                let syncedDuringFetch = mark.value.map { synced.value > $0 } ?? false
                await self?.finishLoad(sequence: sequence, trigger: trigger, outcome: outcome, syncedDuringFetch: syncedDuringFetch, duration: duration)
            }
        case let .armLoadDeadline(sequence, delay):
            let sleep = sleeper(on: time.clock, for: delay)
            deadlines[sequence] = Task { [weak self] in
                do { try await sleep() } catch { return }
                await self?.deadlinePassed(sequence)
            }
        case .cancelLoad:
            // Recorded as `summary.load` with outcome `deadline` when the deadline passed.
            loadTask?.cancel()
        case let .markInvalid(snapshotID, reason):
            do { try repository.invalidate(snapshotID: snapshotID, reason: reason) } catch {
                // The screen prompts anyway; only a restart would forget it.
                telemetry.record("summary.invalidation_not_stored", attributes: ["error": error.description])
            }
            telemetry.record("summary.invalidated", attributes: ["reason": reason.rawValue])
        case let .expireToast(sequence, delay):
            toastTimers[sequence - 1]?.cancel()
            toastTimers[sequence - 1] = nil
            let sleep = sleeper(on: time.clock, for: delay)
            toastTimers[sequence] = Task { [weak self] in
                do { try await sleep() } catch { return }
                await self?.toastExpired(sequence)
            }
        }
    }

    private func finishLoad(sequence: Int, trigger: SummaryLoadTrigger, outcome: RevalidateOutcome<SummarySnapshot>,
                            syncedDuringFetch: Bool, duration: Duration) {
        deadlines.removeValue(forKey: sequence)?.cancel()
        guard sequence == state.loadSequence, state.loadInFlight != nil else { return }
        loadsFinished += 1
        switch outcome {
        case let .fresh(value):
            lastLoadSucceeded = true
            telemetry.record("summary.load", attributes: ["trigger": trigger.rawValue, "outcome": "fresh"], duration: duration)
            send(.loadFinished(sequence: sequence, .fresh(value.value, writesSyncedDuringFetch: syncedDuringFetch)))
        case let .kept(_, error):
            lastLoadSucceeded = false
            telemetry.record("summary.load", attributes: ["trigger": trigger.rawValue, "outcome": "kept", "error": error.description],
                             duration: duration)
            send(.loadFinished(sequence: sequence, .failed(error, kept: repository.cachedSummary())))
        }
    }

    private func deadlinePassed(_ sequence: Int) {
        deadlines[sequence] = nil
        guard sequence == state.loadSequence, state.loadInFlight != nil else { return }
        loadsFinished += 1
        lastLoadSucceeded = false
        telemetry.record("summary.load", attributes: ["outcome": "deadline"])
        send(.loadDeadlinePassed(sequence: sequence))
    }

    private func syncedCountChanged(_ count: Int) {
        guard !isStopped, count > syncedSeen else { return }
        syncedSeen = count
        reloadActivities()
        send(.writesSynced)
    }

    private func reloadActivities() {
        guard !isStopped else { return }
        let entries = loadActivities()
        guard entries != state.activities else { return }
        send(.activitiesChanged(entries))
    }

    private func loadActivities() -> [ActivityEntry] {
        repository.registeredActivities().map { activity in
            ActivityEntry(activity: activity, feedback: outbox.feedback(for: SummaryCacheRepository.resource(of: activity)) ?? .none)
        }
    }

    private func dismissFailedActivity(_ id: String) async -> Bool {
        let resource = ResourceID(collection: SummaryCacheRepository.activitiesCollection, key: id)
        guard let letter = outbox.deadLetters.value.first(where: { $0.entry.write.resource == resource }) else { return false }
        do { try await outbox.dismiss(letter.id) } catch {
            telemetry.record("summary.dismiss_failed", attributes: ["error": error.description])
            return false
        }
        reloadActivities()
        return true
    }

    private func toastExpired(_ sequence: Int) {
        toastTimers[sequence] = nil
        send(.toastExpired(sequence: sequence))
    }
}
