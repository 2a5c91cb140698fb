/// The automatic retries of a refresh that failed while online: capped exponential backoff with equal jitter on the
/// injected clock (2 s doubling to a minute for a screen's refresh), never for being offline (the connection's return
/// refreshes), a refused session or a wrong request. The jitter comes from a seeded generator kept in the state, so a
/// machine that holds it stays a pure function.
public struct RetrySchedule: Sendable, Hashable {
    /// The backoff of a screen's refresh.
    public static let refreshPolicy = RetryPolicy(baseDelay: .seconds(2), maxDelay: .seconds(60))

    public let policy: RetryPolicy
    /// Failed refreshes in a row that a retry can cure; 0: not retrying.
    public private(set) var attempt = 0
    private var jitter: SplitMix64

    public init(policy: RetryPolicy = Self.refreshPolicy, seed: UInt64) {
        self.policy = policy
        jitter = SplitMix64(seed: seed)
    }

    public var isRetrying: Bool { attempt > 0 }

    /// After a refresh ended: the wait before the next automatic try, or nil when there is none (a success, offline, or
    /// a failure no retry cures), which also ends the series.
    public mutating func next(after failure: HTTPClientError?, online: Bool) -> Duration? {
        guard let failure, online, RetryPolicy.isCuredByRetryingOnline(failure) else {
            attempt = 0
            return nil
        }
        attempt += 1
        return policy.delay(afterAttempt: attempt, unit: jitter.nextUnit())
    }
}
