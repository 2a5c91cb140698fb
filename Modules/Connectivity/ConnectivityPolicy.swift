public import Core

/// The hysteresis and probe timings of `ConnectivityMachine`. Online needs one success; offline needs
/// sustained evidence, so a link that flaps faster than `pathDownConfirmation` never shows offline.
public struct ConnectivityPolicy: Sendable, Equatable {
    /// How long the path must stay unusable (with no success meanwhile) before the status is offline.
    public var pathDownConfirmation: Duration
    /// How many consecutive failures (probe or request) make the status offline …
    public var failureThreshold: Int
    /// … provided the first and the latest of them are at least this far apart.
    public var failureWindow: Duration
    /// The same two numbers before there is any evidence at all (status `unknown`, at launch). Deciding quickly
    /// then costs no flicker (nothing was shown online yet) and lets a launch without a network show its cached
    /// screens at once, while leaving `online` still takes `failureThreshold` failures over `failureWindow`.
    public var initialFailureThreshold: Int
    public var initialFailureWindow: Duration
    /// Probe retries while not online: `initialBackoff` doubling up to `maximumBackoff` …
    public var initialBackoff: Duration
    public var maximumBackoff: Duration
    /// … each stretched by up to this fraction at random (0.2: 5 s becomes 5–6 s), never above the maximum.
    public var jitter: Double
    /// After the path changes to usable, failed probes first retry after these short delays (a link that
    /// just came up may drop the first packets while routes and neighbours settle), then back off as usual.
    public var settleRetries: [Duration]

    /// `initialFailureThreshold`/`initialFailureWindow` default to `failureThreshold`/`failureWindow`.
    public init(pathDownConfirmation: Duration = .seconds(1), failureThreshold: Int = 3, failureWindow: Duration = .seconds(5),
                initialFailureThreshold: Int? = nil, initialFailureWindow: Duration? = nil,
                initialBackoff: Duration = .seconds(5), maximumBackoff: Duration = .seconds(60), jitter: Double = 0.2,
                settleRetries: [Duration] = [.milliseconds(250), .seconds(1)]) {
        self.pathDownConfirmation = pathDownConfirmation
        self.failureThreshold = max(failureThreshold, 1)
        self.failureWindow = failureWindow
        self.initialFailureThreshold = max(initialFailureThreshold ?? failureThreshold, 1)
        self.initialFailureWindow = initialFailureWindow ?? failureWindow
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.jitter = min(max(jitter, 0), 1)
        self.settleRetries = settleRetries
    }

    public static let `default` = ConnectivityPolicy()

    /// How many failures over how long make `evidence` offline: the initial pair while nothing is known yet.
    public func failureRule(from evidence: ConnectivityStatus) -> (threshold: Int, window: Duration) {
        evidence == .unknown ? (initialFailureThreshold, initialFailureWindow) : (failureThreshold, failureWindow)
    }

    /// The delay before retry number `attempt` (0-based), with `unit` in 0..<1 from the random source.
    public func backoff(attempt: Int, unit: Double) -> Duration {
        let exponent = min(max(attempt, 0), 30)
        let base = min(initialBackoff * (1 << exponent), maximumBackoff)
        let stretched = base * (1 + jitter * min(max(unit, 0), 1))
        return min(stretched, maximumBackoff)
    }
}

