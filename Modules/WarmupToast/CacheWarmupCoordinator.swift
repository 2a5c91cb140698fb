public import Core
import Foundation
import Logging

/// Where the app's one cache-warmup session is.
public enum WarmupPhase: String, Sendable, Hashable, CaseIterable, Codable {
    /// No session has run since launch (or nothing needed warming).
    case idle
    case inProgress
    /// Every required subtask finished.
    case completed
    /// A required subtask failed.
    case failed
}

/// What started a caching session: every caching that runs to speed up later use is one, whenever it starts.
public enum WarmupTrigger: String, Sendable, Hashable, CaseIterable, Codable {
    /// The app launched (or relaunched, resuming a session a termination cut short).
    case launch
    /// The connection came back after the app was offline: what it could not fetch meanwhile is fetched now.
    case reconnect
    /// The connection was confirmed after a time of not knowing (a first reading slower than the launch waited for):
    /// the launch decided while the status was unknown, so caching starts now (issue 40, item 6).
    case connectionConfirmed
}

/// The app's one cache-warmup session. Any module registers subtasks through `CacheWarmupPort`;
/// a subtask that begins while a session is in progress joins it, so caching triggered again does
/// not change the published state (no second toast, no reset, no flicker).
///
/// `state` changes only when the phase does. Per subtask the coordinator does O(1) work under one
/// lock (a counter), never an actor hop, so millions of subtask events a second cost no UI update.
/// Phase changes (two a session) publish, note the session in the store and record telemetry under
/// that lock, so all three see sessions in the order they happened.
/// The phase is never restored from disk: after a restart the session starts `idle`, and `launch()`
/// asks the plan whether the cache needs warming before anything is shown.
public final class CacheWarmupCoordinator: CacheWarmupPort {
    /// The published phase; subscribers see only real changes.
    public let state: StateCell<WarmupPhase>

    private let session: Locked<Session>
    /// Time since this coordinator was made, on the injected clock.
    private let elapsed: @Sendable () -> Duration
    private let telemetry: Telemetry
    private let plan: CacheWarmupPlan
    private let marker: InterruptionMarker?
    /// True while `warm(_:)` runs the plan: a second trigger meanwhile does not run it again.
    private let warming = Locked(false)
    /// The launch has asked the plan (and warmed if it had to): until then a confirmed connection leaves it to the launch.
    private let launchDecided = Locked(false)

    /// - Parameters:
    ///   - plan: whether the cache needs warming at launch, and the work that warms it.
    ///   - store: where a session in progress is noted, so the next launch knows a run was cut short
    ///     (for telemetry only: it never brings the toast back by itself). Nil keeps nothing.
    public init(plan: CacheWarmupPlan = .nothingToWarm, store: (any RecordStore)? = nil,
                time: TimeSource, telemetry: Telemetry) {
        state = StateCell(.idle)
        session = Locked(Session())
        elapsed = Self.stopwatch(time.clock)
        self.telemetry = telemetry
        self.plan = plan
        marker = store.map { InterruptionMarker(store: $0, now: time.now) }
    }

    // MARK: CacheWarmupPort

    public func begin(id: String, required: Bool) -> WarmupTicket {
        session.withLock { session in
            if session.phase != .inProgress { open(&session) }
            if required {
                session.pendingRequired += 1
                session.requiredJoined += 1
            } else {
                session.pendingOptional += 1
            }
            session.subtasks += 1
            return WarmupTicket(id: id, isRequired: required, report: session.report)
        }
    }

    // MARK: Sessions

    /// Called once at launch: the phase starts `idle` whatever happened before. Asks the plan whether
    /// the cache needs warming; only then does a session open (the toast shows) and `warm` run inside
    /// one required subtask, which other modules' subtasks join. Returns when that work has ended;
    /// run it in a task of its own. Returns whether warming was needed.
    @discardableResult
    public func launch() async -> Bool {
        let interrupted = marker?.takeInterruptedSession() ?? false
        defer { launchDecided.withLock { $0 = true } }
        return await warm(.launch, resumesInterruptedRun: interrupted)
    }

    /// A caching session for `trigger` (the connection came back, …): the same rules as at launch. Only when the plan
    /// says warming is needed does a session open; while one trigger's warming runs, another does nothing (returns
    /// false), so a flapping connection never starts a second session or a second toast. Returns whether it warmed.
    @discardableResult
    public func warm(_ trigger: WarmupTrigger) async -> Bool {
        await warm(trigger, resumesInterruptedRun: false)
    }

    private func warm(_ trigger: WarmupTrigger, resumesInterruptedRun: Bool) async -> Bool {
        // A confirmed connection before the launch has decided is the launch's to handle (it decides online, and resumes
        // an interrupted session as only the launch does).
        if trigger == .connectionConfirmed, !launchDecided.withLock({ $0 }) { return false }
        guard warming.withLock({ busy in
            defer { busy = true }
            return !busy
        }) else { return false }
        defer { warming.withLock { $0 = false } }
        guard await plan.isWarmingNeeded() else { return false }
        session.withLock {
            $0.nextTrigger = trigger
            if resumesInterruptedRun { $0.resumesInterruptedRun = true }
        }
        do {
            try await perform(id: WarmupIdentifiers.launchSubtask, required: true) { try await plan.warm(self) }
        } catch {
            // Already reported: the session failed, its toast went away, and no error toast is shown.
        }
        return true
    }

    // MARK: Diagnostics

    /// How many times `state` has changed since this coordinator was made: what the UI redraws for.
    public var publishedChanges: Int { session.withLock { $0.publishedChanges } }

    /// The current (or last) session in numbers.
    public var snapshot: Snapshot {
        session.withLock { Snapshot(phase: $0.phase, sessionNumber: $0.generation, subtasks: $0.subtasks,
                                    pendingRequired: $0.pendingRequired, pendingOptional: $0.pendingOptional,
                                    failedOptional: $0.failedOptional) }
    }

    public struct Snapshot: Sendable, Hashable {
        public var phase: WarmupPhase
        /// 1 for the first session since launch, 2 for the next…
        public var sessionNumber: UInt64
        public var subtasks: Int
        public var pendingRequired: Int
        public var pendingOptional: Int
        public var failedOptional: Int
    }

    // MARK: Session

    private struct Session {
        var phase: WarmupPhase = .idle
        var generation: UInt64 = 0
        var subtasks = 0
        var pendingRequired = 0
        var pendingOptional = 0
        var requiredJoined = 0
        var failedOptional = 0
        var publishedChanges = 0
        var resumesInterruptedRun = false
        /// What the next session to open is for (telemetry); a subtask that opens one by itself has none.
        var nextTrigger: WarmupTrigger?
        var startedAt: Duration = .zero
        // One closure per session, shared by all its tickets: a ticket costs one allocation.
        var report: @Sendable (WarmupTicket.Settlement) -> Void = { _ in }
    }

    // Under the lock.
    private func open(_ session: inout Session) {
        let generation = session.generation + 1
        let resumed = session.resumesInterruptedRun
        let trigger = session.nextTrigger
        session = Session(generation: generation, publishedChanges: session.publishedChanges)
        session.startedAt = elapsed()
        session.report = { [weak self] settlement in self?.settle(settlement, generation: generation) }
        marker?.noteSessionStarted()  // before publishing: whoever sees the toast can rely on the note
        publish(.inProgress, &session)
        var attributes = ["session": String(generation)]
        if let trigger { attributes["trigger"] = trigger.rawValue }
        if resumed { attributes["resumed_after_termination"] = "true" }
        telemetry.record(WarmupIdentifiers.startedEvent, attributes: attributes)
    }

    private func settle(_ settlement: WarmupTicket.Settlement, generation: UInt64) {
        session.withLock { session in
            // A subtask of a session that already ended (completed, failed, or superseded) changes nothing.
            guard session.generation == generation, session.phase == .inProgress else { return }
            if settlement.isRequired {
                session.pendingRequired -= 1
                if let error = settlement.error {
                    close(&session, as: .failed, failedSubtask: settlement.id, error: error)
                    return
                }
            } else {
                session.pendingOptional -= 1
                if settlement.error != nil { session.failedOptional += 1 }
            }
            // Optional subtasks never hold the session open, unless there is nothing else to wait for.
            let done = session.pendingRequired == 0 && (session.requiredJoined > 0 || session.pendingOptional == 0)
            if done { close(&session, as: .completed) }
        }
    }

    // Under the lock.
    private func close(_ session: inout Session, as phase: WarmupPhase, failedSubtask: String? = nil,
                       error: (any Error)? = nil) {
        marker?.noteSessionEnded()
        publish(phase, &session)
        var attributes = ["session": String(session.generation), "subtasks": String(session.subtasks)]
        if session.failedOptional > 0 { attributes["optional_failures"] = String(session.failedOptional) }
        if let failedSubtask { attributes["subtask"] = failedSubtask }
        if let error { attributes["error"] = String(describing: type(of: error)) }
        let name = phase == .completed ? WarmupIdentifiers.completedEvent : WarmupIdentifiers.failedEvent
        telemetry.record(name, attributes: attributes, duration: elapsed() - session.startedAt)
    }

    private func publish(_ phase: WarmupPhase, _ session: inout Session) {
        session.phase = phase
        if state.set(phase) { session.publishedChanges += 1 }
    }

    /// Time since now on the injected clock (the clock's `Instant` type is opened here).
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}

/// A record in the store that says "a session was in progress": written when one opens, removed when
/// it ends. Found at launch, it means the last run was terminated mid-warmup.
private struct InterruptionMarker: Sendable {
    let store: any RecordStore
    let now: @Sendable () -> Date
    private static let logger = Logger(label: "OfflineKit.WarmupToast")
    private static let key = "session"

    private struct Record: Codable {
        var startedAt: Date
    }

    func noteSessionStarted() {
        do {
            let data = try JSONEncoder().encode(Record(startedAt: now()))
            try store.save(data, collection: WarmupIdentifiers.stateKey, key: Self.key)
        } catch {
            Self.logger.warning("could not note the warmup session in the store; a termination will go unreported: \(error)")
        }
    }

    func noteSessionEnded() {
        do {
            try store.delete(collection: WarmupIdentifiers.stateKey, key: Self.key)
        } catch {
            Self.logger.warning("could not clear the warmup session note; the next launch will report a termination: \(error)")
        }
    }

    /// Whether the last run left a session in progress; clears the note.
    func takeInterruptedSession() -> Bool {
        do {
            let found = try store.load(collection: WarmupIdentifiers.stateKey, key: Self.key) != nil
            if found { try store.delete(collection: WarmupIdentifiers.stateKey, key: Self.key) }
            return found
        } catch {
            Self.logger.warning("could not read the warmup session note; treating the last run as finished: \(error)")
            return false
        }
    }
}
