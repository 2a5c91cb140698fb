public import Core
public import Logging

/// Evidence about the network that the HTTP client reports after every request.
public enum ConnectivityEvidence: Sendable, Equatable {
    /// An HTTP response arrived (whatever its status).
    case reachedServer
    /// The request failed in transport: refused, unreachable, connection lost.
    case transportFailed
    /// A connection was made but the answer did not come in time: the server is slow, the network may be fine.
    /// Not counted towards offline (a slow answer is not evidence of being offline); recorded in telemetry.
    case serverSlow
}

/// Runs `ConnectivityMachine` with real inputs: the path source, the reachability probe and the evidence
/// the HTTP client reports; publishes the status through `status` (a Core `StateCell`).
/// Events are handled one at a time, in the order they arrive.
public actor ConnectivityMonitor {
    /// The status to show: `unknown` until the first evidence.
    public nonisolated let status = StateCell(ConnectivityStatus.unknown)
    /// The latest path reading (nil until the path source reports).
    public nonisolated let path = StateCell<NetworkPath?>(nil)

    private var machine: ConnectivityMachine
    private let pathSource: (any PathSource)?
    private let probe: ReachabilityProbe?
    private let clock: ElapsedClock
    private let telemetry: Telemetry
    private let logger: Logger
    private let inbox: AsyncStream<ConnectivityMachine.Event>.Continuation
    private let events: AsyncStream<ConnectivityMachine.Event>
    private var tasks: [Task<Void, Never>] = []
    private var timer: Task<Void, Never>?
    private var timerDeadline: Duration?
    private var probeTask: Task<Void, Never>?
    private var started = false

    /// - Parameters:
    ///   - pathSource: the path (netlink, NWPathMonitor or simulated); nil to rely on probes and requests alone.
    ///   - probe: the reachability probe; nil to rely on the path and requests alone.
    ///   - randomSeed: seeds the backoff jitter (the composition root passes a random value).
    public init(pathSource: (any PathSource)?, probe: ReachabilityProbe?, policy: ConnectivityPolicy = .default,
                time: TimeSource, randomSeed: UInt64, telemetry: Telemetry = .disabled,
                logger: Logger = Logger(label: "OfflineKit.Connectivity")) {
        machine = ConnectivityMachine(policy: policy, randomSeed: randomSeed)
        self.pathSource = pathSource
        self.probe = probe
        clock = ElapsedClock(time.clock)
        self.telemetry = telemetry
        self.logger = logger
        (events, inbox) = AsyncStream<ConnectivityMachine.Event>.makeStream()
    }

    /// Starts the path source, the first probe and the event loop.
    public func start() throws(PathMonitorError) {
        guard !started else { return }
        started = true
        try pathSource?.start()
        tasks.append(Task { [weak self, events] in
            for await event in events {
                guard let self else { return }
                await self.apply(event)
            }
        })
        if let pathSource {
            let paths = pathSource.path.values()
            tasks.append(Task { [inbox] in
                for await reading in paths {
                    if let reading { inbox.yield(.pathChanged(reading)) }
                }
            })
        }
        inbox.yield(.started)
    }

    /// Stops everything it started; the status keeps its last value.
    public func stop() {
        pathSource?.stop()
        for task in tasks { task.cancel() }
        tasks.removeAll()
        timer?.cancel()
        probeTask?.cancel()
        inbox.finish()
    }

    // MARK: - Evidence and overrides

    /// Reports the outcome of a request. Safe from any context; handled in order with other events.
    public nonisolated func report(_ evidence: ConnectivityEvidence) {
        switch evidence {
        case .reachedServer: inbox.yield(.requestSucceeded)
        case .transportFailed: inbox.yield(.requestFailed)
        case .serverSlow: telemetry.record("connectivity.server_slow")
        }
    }

    /// Shows offline regardless of the evidence (tests, the REPL), until `clearOverride()`.
    public func forceOffline() { apply(.override(.offline)) }
    /// Shows online regardless of the evidence, until `clearOverride()`.
    public func forceOnline() { apply(.override(.online)) }
    public func clearOverride() { apply(.override(nil)) }

    /// The state machine's view, for diagnostics and the REPL.
    public var snapshot: ConnectivityMachine { machine }

    /// A `ConnectivityContext` for the HTTP client and the gate.
    public nonisolated var context: ConnectivityContext {
        ConnectivityContext(status: { [status] in status.value }, report: { [weak self] in self?.report($0) })
    }

    // MARK: - Running the machine

    private func apply(_ event: ConnectivityMachine.Event) {
        if case let .pathChanged(reading) = event { path.set(reading) }
        let before = machine.status
        let effects = machine.handle(event, now: clock.now())
        for effect in effects {
            switch effect {
            case let .publish(newStatus):
                // Telemetry first, so whoever sees the new status also finds it recorded.
                telemetry.record("connectivity.status", attributes: ["from": before.rawValue, "to": newStatus.rawValue])
                logger.info("connectivity status changed", metadata: ["from": "\(before)", "to": "\(newStatus)"])
                status.set(newStatus)
            case .startProbe:
                runProbe()
            }
        }
        rearmTimer()
    }

    private func runProbe() {
        guard let probe else {
            // No probe configured: the path alone decides.
            inbox.yield(machine.path?.isUsable == true ? .probeSucceeded : .probeFailed)
            return
        }
        let started = ContinuousClock.now
        probeTask = Task { [inbox, logger, telemetry] in
            let outcome = await probe.check()
            guard !Task.isCancelled else { return }
            logger.debug("reachability probe", metadata: ["reachable": "\(outcome.isReachable)", "detail": "\(outcome.detail)"])
            // Each probe's outcome and how long it took: what a slow return to online is made of.
            telemetry.record("connectivity.probe", attributes: ["reachable": "\(outcome.isReachable)", "timed_out": "\(outcome.timedOut)",
                                                                "detail": outcome.detail], duration: ContinuousClock.now - started)
            inbox.yield(outcome.isReachable ? .probeSucceeded : outcome.timedOut ? .probeTimedOut : .probeFailed)
        }
    }

    private func rearmTimer() {
        let deadline = machine.nextDeadline
        guard deadline != timerDeadline else { return }
        timer?.cancel()
        timerDeadline = deadline
        guard let deadline else { timer = nil; return }
        timer = Task { [clock, inbox, weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.timerFired(deadline)
            inbox.yield(.deadlineReached)
        }
    }

    private func timerFired(_ deadline: Duration) {
        if timerDeadline == deadline { timerDeadline = nil }
    }
}

/// What the HTTP client and the gate need from the monitor: the current status and a place to report evidence.
public struct ConnectivityContext: Sendable {
    public var status: @Sendable () -> ConnectivityStatus
    public var report: @Sendable (ConnectivityEvidence) -> Void

    public init(status: @escaping @Sendable () -> ConnectivityStatus, report: @escaping @Sendable (ConnectivityEvidence) -> Void) {
        self.status = status
        self.report = report
    }

    /// Always online, reports dropped (previews, tests of other parts).
    public static let alwaysOnline = ConnectivityContext(status: { .online }, report: { _ in })
    /// Always offline.
    public static let alwaysOffline = ConnectivityContext(status: { .offline }, report: { _ in })
}

/// Time since an origin on an injected clock, so the machine sees plain `Duration`s.
struct ElapsedClock: Sendable {
    let now: @Sendable () -> Duration
    let sleep: @Sendable (Duration) async throws -> Void

    init(_ clock: any Clock<Duration>) {
        self = Self.make(clock)
    }

    private init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    private static func make<C: Clock<Duration>>(_ clock: C) -> ElapsedClock {
        let origin = clock.now
        return ElapsedClock(
            now: { origin.duration(to: clock.now) },
            sleep: { deadline in try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) })
    }

    func sleep(until deadline: Duration) async throws { try await sleep(deadline) }
}
