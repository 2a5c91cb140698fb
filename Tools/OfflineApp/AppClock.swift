public import Clocks
public import Core
public import Foundation

/// The app's simulated time: a TestClock the REPL advances (`app advance SECONDS`) and a `now` that moves with
/// it from the moment the app was created. Features get this; the network (HTTP deadlines, probes, outbox
/// backoff) runs on the real clock, because the sockets do.
public final class AppClock: Sendable {
    public let clock = TestClock<Duration>()
    public let start: Date
    private let origin = TestClock<Duration>.Instant()

    public init(start: Date) {
        self.start = start
    }

    public var now: Date { start.addingTimeInterval(origin.duration(to: clock.now).seconds) }

    public var time: TimeSource {
        TimeSource(clock: clock, now: { [self] in now })
    }

    /// Moves simulated time on, firing every timer that falls due (banner auto-dismiss, staleness).
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration)
    }
}
