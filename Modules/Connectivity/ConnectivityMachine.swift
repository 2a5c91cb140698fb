public import Core

/// The pure decision core of `ConnectivityMonitor`: evidence in, status and probes out. No I/O, no clock:
/// `now` is the time since the monitor started, passed with every event.
///
/// - `unknown` at start-up, until the first evidence.
/// - Online as soon as one probe or request succeeds.
/// - A probe or request the server answers too slowly is no evidence: the status stays (at launch, `unknown`), and
///   while not online the probe runs again after its backoff.
/// - Offline only after sustained evidence: the path has stayed unusable for `pathDownConfirmation`,
///   or `failureThreshold` consecutive failures span at least `failureWindow` (before any evidence, at launch,
///   `initialFailureThreshold` over `initialFailureWindow`).
/// - A manual override (`forceOffline`/`forceOnline`) wins until cleared; the evidence keeps being tracked.
public struct ConnectivityMachine: Sendable {
    public enum Event: Sendable, Equatable {
        case started
        case pathChanged(NetworkPath)
        case probeSucceeded
        case probeFailed
        /// The probe's connection was made but the server did not answer in time: slow, not offline. No evidence
        /// either way (the status stays as it is, no failure is counted); the probe runs again after its backoff.
        case probeTimedOut
        /// A request got an HTTP response (any status): the network works.
        case requestSucceeded
        /// A request failed in transport (timeout, refused, connection lost).
        case requestFailed
        /// The time returned by `nextDeadline` has come.
        case deadlineReached
        /// nil clears the override.
        case override(ConnectivityStatus?)
    }

    public enum Effect: Sendable, Equatable {
        /// The status the app should show changed.
        case publish(ConnectivityStatus)
        /// Run one reachability probe now and report `probeSucceeded` or `probeFailed`.
        case startProbe
    }

    public let policy: ConnectivityPolicy
    /// What the evidence says, ignoring the override.
    public private(set) var evidenceStatus: ConnectivityStatus = .unknown
    public private(set) var override: ConnectivityStatus?
    public private(set) var path: NetworkPath?
    public private(set) var pathUnusableSince: Duration?
    public private(set) var consecutiveFailures = 0
    public private(set) var firstFailureAt: Duration?
    public private(set) var probeInFlight = false
    public private(set) var nextProbeAt: Duration?
    public private(set) var backoffAttempt = 0
    /// How many of `policy.settleRetries` were used since the path last changed to usable.
    public private(set) var settleRetriesUsed: Int
    private var probeWanted = false
    private var random: SplitMix64
    private var published: ConnectivityStatus = .unknown

    public init(policy: ConnectivityPolicy = .default, randomSeed: UInt64 = 0) {
        self.policy = policy
        random = SplitMix64(seed: randomSeed)
        settleRetriesUsed = policy.settleRetries.count
    }

    /// What the app shows: the override if any, else the evidence.
    public var status: ConnectivityStatus { override ?? evidenceStatus }

    /// When to send `deadlineReached` next (nil: nothing is pending).
    public var nextDeadline: Duration? {
        var deadlines: [Duration] = []
        if let nextProbeAt, !probeInFlight { deadlines.append(nextProbeAt) }
        if evidenceStatus != .offline {
            if let pathUnusableSince { deadlines.append(pathUnusableSince + policy.pathDownConfirmation) }
            let rule = policy.failureRule(from: evidenceStatus)
            if consecutiveFailures >= rule.threshold, let firstFailureAt {
                deadlines.append(firstFailureAt + rule.window)
            }
        }
        return deadlines.min()
    }

    public mutating func handle(_ event: Event, now: Duration) -> [Effect] {
        switch event {
        case .started:
            probeWanted = true
        case let .pathChanged(newPath):
            let changed = newPath != path
            path = newPath
            if newPath.isUsable {
                pathUnusableSince = nil
                // A new way out: check it at once rather than waiting out the backoff.
                if changed { probeWanted = true; backoffAttempt = 0; settleRetriesUsed = 0 }
            } else if pathUnusableSince == nil {
                pathUnusableSince = now
            }
        case .probeSucceeded:
            probeInFlight = false
            succeeded(now: now)
        case .requestSucceeded:
            succeeded(now: now)
        case .probeFailed:
            probeInFlight = false
            failed(now: now)
            scheduleRetry(now: now)
        case .probeTimedOut:
            probeInFlight = false
            if evidenceStatus != .online { scheduleRetry(now: now) }
        case .requestFailed:
            failed(now: now)
            // A failure while online is worth confirming at once; otherwise the backoff schedule stands.
            if evidenceStatus == .online, nextProbeAt == nil { probeWanted = true }
        case .deadlineReached:
            break  // settle() acts on whatever is due
        case let .override(status):
            override = status
        }
        return settle(now: now)
    }

    private mutating func succeeded(now: Duration) {
        consecutiveFailures = 0
        firstFailureAt = nil
        backoffAttempt = 0
        settleRetriesUsed = policy.settleRetries.count
        nextProbeAt = nil
        evidenceStatus = .online
        // The path may still claim to be down: give it a fresh confirmation window rather than trust it over a success.
        if pathUnusableSince != nil { pathUnusableSince = now }
    }

    private mutating func failed(now: Duration) {
        consecutiveFailures += 1
        if firstFailureAt == nil { firstFailureAt = now }
    }

    private mutating func scheduleRetry(now: Duration) {
        guard evidenceStatus != .online || consecutiveFailures > 0 else { nextProbeAt = nil; return }
        if settleRetriesUsed < policy.settleRetries.count, path?.isUsable == true {
            nextProbeAt = now + policy.settleRetries[settleRetriesUsed]
            settleRetriesUsed += 1
            return
        }
        let unit = random.nextUnit()
        nextProbeAt = now + policy.backoff(attempt: backoffAttempt, unit: unit)
        backoffAttempt += 1
    }

    private mutating func settle(now: Duration) -> [Effect] {
        // A retry that is due runs now, whichever event noticed it first.
        if let nextProbeAt, nextProbeAt <= now, !probeInFlight { probeWanted = true }
        if evidenceStatus != .offline {
            let rule = policy.failureRule(from: evidenceStatus)
            if let since = pathUnusableSince, now - since >= policy.pathDownConfirmation {
                evidenceStatus = .offline
            } else if consecutiveFailures >= rule.threshold, let first = firstFailureAt, now - first >= rule.window {
                evidenceStatus = .offline
            }
        }
        // While not online, something must keep probing.
        if evidenceStatus != .online, !probeInFlight, !probeWanted, nextProbeAt == nil {
            scheduleRetry(now: now)
        }
        var effects: [Effect] = []
        if status != published {
            published = status
            effects.append(.publish(status))
        }
        if probeWanted, !probeInFlight {
            probeWanted = false
            probeInFlight = true
            nextProbeAt = nil
            effects.append(.startProbe)
        }
        return effects
    }
}
