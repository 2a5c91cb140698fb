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

    /// What the screen shows; the REPL and apps render it (`viewNode()`).
    public let viewState: StateCell<SummaryViewState>
    /// The cache this feature reads and writes through.
    public let repository: SummaryRepository

    /// The kind a registration has when the caller names none.
    public static let defaultActivityKind = "peer-support"

    private let runtime: FeatureRuntime<SummaryState, SummaryViewState>
    private let api: SummaryAPI
    private let outbox: Outbox
    private let connectivity: StateCell<ConnectivityStatus>
    private let time: TimeSource
    private let telemetry: Telemetry
    private let shareTarget: SummaryShareTarget?
    private let makeID: @Sendable () -> String
    /// How registrations ended, for the `registerActivity` calls waiting for them.
    private let registrations = Completions<String, SummaryActivityError?>()
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
        self.api = api
        self.outbox = outbox
        self.connectivity = connectivity
        self.time = time
        self.telemetry = telemetry
        shareTarget = share
        self.makeID = makeID
        syncedSeen = HighWaterMark(Self.activityWritesSynced(outbox.syncedByCollection.value))
        var initial = SummaryState(year: year)
        _ = initial.handle(.connectivityChanged(connectivity.value), now: time.now())
        let canShare = share != nil
        let performer = Performer(repository: repository, api: api, outbox: outbox, clock: time.clock, telemetry: telemetry,
                                  registrations: registrations)
        runtime = FeatureRuntime(initial, time: time, telemetry: telemetry,
                                 view: { state, now in SummaryViewState(state: state, now: now, canShare: canShare) },
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
        let state = await runtime.send(.opened(cached, activities: activities))
        telemetry.record("summary.opened", attributes: ["cached": cached == nil ? "none" : "yes", "connectivity": state.connectivity.rawValue],
                         duration: duration)
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
        let activity = RegisteredActivity(id: makeID(), kind: kind, occurredAt: time.now(), note: note)
        let request: OutboxRequest
        do {
            request = try api.activityRequest(ActivityRegistration(kind: kind, occurredAt: activity.occurredAt, note: note))
        } catch {
            throw .invalidRequest(error.description)
        }
        // Before the screen opened, the summary to mark is the stored one (read only then: it is decrypted to be read).
        let stored = await runtime.state.hasOpened ? nil : repository.cachedSummary()?.snapshot.id
        await send(.activityRequested(activity, request, stored: stored))
        if let error = await registrations.wait(for: activity.id) { throw error }
        // The write may already have synced while this waited for the outbox: the store says what is still pending.
        await reloadActivities()
        telemetry.record("summary.activity_registered", attributes: ["kind": kind, "connectivity": await runtime.state.connectivity.rawValue])
        return activity
    }

    /// Writes the summary card for sharing, from the summary on screen (cached or fresh, offline too).
    /// Nil when there is no summary yet, no share folder, or the file cannot be written (a toast says so).
    @discardableResult
    public func share() async -> SummaryShareOutput? {
        let state = await runtime.state
        guard let shareTarget, let cache = state.cache else { return nil }
        do {
            let output = try SummaryShareCard.write(cache.summary, localizer: shareTarget.localizer(), to: shareTarget.folder)
            await send(.shared(SharedSummary(fileURL: output.fileURL, text: SummaryCopy.shareText(cache.summary))))
            telemetry.record("summary.shared", attributes: ["connectivity": state.connectivity.rawValue])
            return output
        } catch {
            telemetry.record("summary.share_failed", attributes: ["error": error.description])
            await send(.shareFailed)
            return nil
        }
    }

    /// A tap on anything by its action id (`app tap ID`): refresh, retry, share, register-activity, close-share,
    /// dismiss:<activity id>. A registration the outbox could not queue is handled too: its failure is recorded.
    @discardableResult
    public func tap(actionID: String) async -> TapResult {
        if actionID.hasPrefix(SummaryActionID.dismissPrefix) {
            return await dismissFailedActivity(String(actionID.dropFirst(SummaryActionID.dismissPrefix.count))) ? .handled : .notOnScreen
        }
        switch actionID {
        case SummaryActionID.refresh, SummaryActionID.retry:
            await send(.refreshRequested)
        case SummaryActionID.share:
            guard shareTarget != nil, await runtime.state.cache != nil else { return .notOnScreen }
            await share()
        case SummaryActionID.registerActivity:
            do { try await registerActivity() } catch {
                telemetry.record("summary.activity_registration_failed", attributes: ["error": error.description])
            }
        case SummaryActionID.closeShare:
            guard await runtime.state.shared != nil else { return .notOnScreen }
            await send(.shareClosed)
        default:
            return .notOnScreen
        }
        return .handled
    }

    /// Fills the cache for the warmup session: loads unless offline and waits for the outcome.
    /// Returns true when the cache now holds a fresh summary.
    @discardableResult
    public func prefetch() async -> Bool {
        await start()
        let finishedBefore = await runtime.state.loadsFinished
        await send(.prefetchRequested)
        await waitUntilIdle()
        let state = await runtime.state
        return state.loadsFinished > finishedBefore && state.lastLoadSucceeded
    }

    /// `prefetch()` as the `summary` subtask of the app's warmup session; throws when the summary was not refreshed.
    public func prefetch(reportingTo warmup: any CacheWarmupPort) async throws {
        try await warmup.perform(id: Self.featureID) {
            guard await prefetch() else { throw PrefetchFailed(featureID: Self.featureID) }
        }
    }

    public static func userAction(forActionID id: String) -> SummaryUserAction? { SummaryUserAction(actionID: id) }

    /// A registration the server rejected for good, not yet dismissed: the summary needs the person's attention, and every
    /// other screen leads here with a marker until it is dismissed.
    public var attention: Copy? {
        // The outbox's own record, read at once (the screen's rows follow it a moment later).
        let rejected = outbox.deadLetters.value.contains { $0.entry.write.resource?.collection == SummaryRepository.activitiesCollection }
        return rejected ? SummaryCopy.navigationTitle : nil
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

    private static func loadActivities(repository: SummaryRepository, outbox: Outbox) -> [ActivityEntry] {
        repository.registeredActivities().map { activity in
            ActivityEntry(activity: activity, feedback: outbox.feedback(for: SummaryRepository.resource(of: activity)) ?? .none)
        }
    }

    private func dismissFailedActivity(_ id: String) async -> Bool {
        let resource = ResourceID(collection: SummaryRepository.activitiesCollection, key: id)
        guard let letter = outbox.deadLetters.value.first(where: { $0.entry.write.resource == resource }) else { return false }
        do { try await outbox.dismiss(letter.id) } catch {
            telemetry.record("summary.dismiss_failed", attributes: ["error": error.description])
            return false
        }
        await reloadActivities()
        return true
    }
}

/// Does `SummaryState`'s work.
private struct Performer: Sendable {
    let repository: SummaryRepository
    let api: SummaryAPI
    let outbox: Outbox
    let clock: any Clock<Duration>
    let telemetry: Telemetry
    let registrations: Completions<String, SummaryActivityError?>

    func perform(_ work: SummaryWork) -> WorkPlan<SummaryEvent> {
        switch work {
        case let .load(trigger, sequence):
            let (repository, synced, clock, telemetry) = (repository, outbox.syncedByCollection, clock, telemetry)
            return .background(lane: SummaryState.loadLane) {
                let mark = StateCell<Int?>(nil)
                let (outcome, duration) = await measure(on: clock) {
                    await repository.refresh(beforeFetch: { mark.set(SummaryFeature.activityWritesSynced(synced.value)) })
                }
                let syncedDuringFetch = mark.value.map { SummaryFeature.activityWritesSynced(synced.value) > $0 } ?? false
                switch outcome {
                case let .fresh(value):
                    telemetry.record("summary.load", attributes: ["trigger": trigger.rawValue, "outcome": "fresh"], duration: duration)
                    return [.loadFinished(sequence: sequence, .fresh(value.value, writesSyncedDuringFetch: syncedDuringFetch))]
                case let .kept(_, error):
                    telemetry.record("summary.load", attributes: ["trigger": trigger.rawValue, "outcome": "kept", "error": error.description],
                                     duration: duration)
                    return [.loadFinished(sequence: sequence, .failed(error, kept: repository.cachedSummary()))]
                }
            }
        case let .checkActivityVersion(snapshotID, known):
            let (api, telemetry) = (api, telemetry)
            return .background(lane: "activity-version") {
                do {
                    let current = try await api.activityVersion()
                    telemetry.record("summary.activity_version_checked", attributes: ["changed": String(current != known)])
                    return [.activityVersionChecked(snapshotID: snapshotID, changed: current != known)]
                } catch {
                    // Nothing learned: no prompt (the next reconnect or refresh asks again).
                    telemetry.record("summary.activity_version_failed", attributes: ["error": "\(error)"])
                    return []
                }
            }
        case let .markInvalid(snapshotID, reason):
            do { try repository.invalidate(snapshotID: snapshotID, reason: reason) } catch {
                // The screen prompts anyway; only a restart would forget it.
                telemetry.record("summary.invalidation_not_stored", attributes: ["error": error.description])
            }
            telemetry.record("summary.invalidated", attributes: ["reason": reason.rawValue])
            return .nothing
        case let .queueActivity(activity, request, invalidating):
            let (repository, outbox) = (repository, outbox)
            return .background(lane: "registrations") {
                var optimistic: [RecordChange]
                do {
                    optimistic = [try repository.saveActivityChange(activity)]
                    if let invalidating { optimistic.append(try repository.invalidation(of: invalidating, reason: .activityRegistered)) }
                } catch {
                    return [.activityNotQueued(activityID: activity.id, .notQueued(String(describing: error)))]
                }
                let resource = SummaryRepository.resource(of: activity)
                let write = OutboxWrite(request: request, resource: resource, pendingAction: .add, pattern: SummaryUserAction.registerActivity.pattern,
                                        optimisticData: optimistic,
                                        successData: [.delete(collection: SummaryRepository.activitiesCollection, key: activity.id)])
                do { try await outbox.write(write) } catch {
                    return [.activityNotQueued(activityID: activity.id, .notQueued(String(describing: error)))]
                }
                return [.activityRegistered(ActivityEntry(activity: activity,
                                                          feedback: outbox.feedback(for: resource) ?? OfflineFeedback(pendingAction: .add)))]
            }
        case let .reportRegistration(activityID, error):
            registrations.deliver(error, for: activityID)
            return .nothing
        case let .deleteSharedCard(url):
            do { try FileManager.default.removeItem(at: url) } catch {
                telemetry.record("summary.share_cleanup_failed", attributes: ["error": "\(error)"])
            }
            return .nothing
        }
    }
}
