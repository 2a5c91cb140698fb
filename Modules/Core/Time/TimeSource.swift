public import Foundation

/// Where a feature gets its time from. Features never call `Date()`, `Task.sleep` on a live clock
/// or `ContinuousClock()` themselves: the composition root passes a `TimeSource` in, and tests
/// pass a test clock and a fixed `now`.
public struct TimeSource: Sendable {
    /// Measures durations and sleeps (a `ContinuousClock` live, a test clock in tests).
    public var clock: any Clock<Duration>
    /// The wall-clock date, for timestamps shown to people ("Last updated") and for expiry.
    public var now: @Sendable () -> Date

    public init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Date) {
        self.clock = clock
        self.now = now
    }

    /// The real clocks. Only composition roots (Tools/) use this.
    public static var live: TimeSource {
        TimeSource(clock: ContinuousClock(), now: { Date() })
    }

    /// A fixed wall-clock date with the given clock, for tests and previews.
    public static func fixed(_ date: Date, clock: any Clock<Duration> = ContinuousClock()) -> TimeSource {
        TimeSource(clock: clock, now: { date })
    }
}

extension Duration {
    /// The duration in seconds as a `Double` (for telemetry and benchmarks).
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
