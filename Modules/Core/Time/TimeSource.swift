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

    /// A fixed wall-clock date with the given clock (a test clock in tests), for tests and previews.
    public static func fixed(_ date: Date, clock: any Clock<Duration>) -> TimeSource {
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

/// A sleep whose deadline is fixed when this is called, not when the task that awaits it first runs. Timers scheduled
/// as `let sleep = sleeper(on: clock, for: d); Task { try await sleep() … }` then fire even when a test clock is
/// advanced before the task has started (otherwise the deadline would be taken after the advance and never come).
public func sleeper(on clock: any Clock<Duration>, for duration: Duration) -> @Sendable () async throws -> Void {
    func fixed<C: Clock<Duration>>(_ clock: C) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }
    return fixed(clock)
}

/// How long `body` took on `clock` (the injected one: a test clock measures test time). Opens the existential once here
/// so callers holding `any Clock<Duration>` need no generic helper of their own.
public func measure<T>(on clock: any Clock<Duration>, _ body: () throws -> T) rethrows -> (T, Duration) {
    func opened<C: Clock<Duration>>(_ clock: C) throws -> (T, Duration) {
        let start = clock.now
        let result = try body()
        return (result, start.duration(to: clock.now))
    }
    return try opened(clock)
}

/// How long the async `body` took on `clock`.
public func measure<T: Sendable>(on clock: any Clock<Duration>, _ body: @Sendable () async -> T) async -> (T, Duration) {
    func opened<C: Clock<Duration>>(_ clock: C) async -> (T, Duration) {
        let start = clock.now
        let result = await body()
        return (result, start.duration(to: clock.now))
    }
    return await opened(clock)
}
