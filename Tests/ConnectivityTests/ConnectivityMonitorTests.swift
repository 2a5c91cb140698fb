import Clocks
import Connectivity
import Core
import Foundation
import Testing
import TestSupport

/// A probe the test answers: each call waits for the test's verdict.
final class ScriptedProbe: Sendable {
    private let calls = Locked(0)
    private let answers: Locked<[Bool]>
    init(answers: [Bool]) { self.answers = Locked(answers) }

    var callCount: Int { calls.withLock { $0 } }

    var probe: ReachabilityProbe {
        ReachabilityProbe { [self] in
            calls.withLock { $0 += 1 }
            let reachable = answers.withLock { $0.isEmpty ? false : $0.removeFirst() }
            return .init(isReachable: reachable, detail: "scripted")
        }
    }
}

/// The monitor actor with a test clock and a simulated path: wiring, timers and overrides.
@Suite(.timeLimit(.minutes(1))) struct ConnectivityMonitorTests {
    func makeMonitor(path: SimulatedPathSource, probe: ReachabilityProbe, clock: TestClock<Duration>,
                     telemetry: Telemetry = .disabled) -> ConnectivityMonitor {
        ConnectivityMonitor(pathSource: path, probe: probe, policy: ConnectivityPolicy(pathDownConfirmation: .seconds(1)),
                            time: TimeSource(clock: clock, now: { fixedNow }), randomSeed: 1, telemetry: telemetry)
    }

    @Test func startsUnknownAndGoesOnlineOnTheFirstSuccessfulProbe() async throws {
        let clock = TestClock()
        let monitor = makeMonitor(path: SimulatedPathSource(.wifi), probe: .fixed(true), clock: clock)
        #expect(monitor.status.value == .unknown)
        try await monitor.start()
        #expect(await waitFor(monitor.status) { $0 == .online } == .online)
        await monitor.stop()
    }

    @Test func aPathThatStaysDownGoesOfflineOnlyWhenTheTestClockPassesTheConfirmation() async throws {
        let clock = TestClock()
        let path = SimulatedPathSource(.wifi)
        let sink = InMemoryTelemetrySink()
        let monitor = makeMonitor(path: path, probe: .fixed(true), clock: clock, telemetry: Telemetry(sink: sink, now: { fixedNow }))
        try await monitor.start()
        _ = await waitFor(monitor.status) { $0 == .online }
        path.set(.unusable)
        _ = await waitFor(monitor.path) { $0 == .unusable }
        await clock.advance(by: .milliseconds(999))
        #expect(monitor.status.value == .online)
        // Just past the deadline: TestClock parks a sleep whose deadline equals `now` until the next advance.
        await clock.advance(by: .milliseconds(2))
        #expect(await waitFor(monitor.status) { $0 == .offline } == .offline)
        path.set(.cellular)
        #expect(await waitFor(monitor.status) { $0 == .online } == .online)
        #expect(sink.events.filter { $0.name == "connectivity.status" }.map { $0.attributes["to"] } == ["online", "offline", "online"])
        await monitor.stop()
    }

    @Test func failedProbesRetryWithBackoffOnTheInjectedClockAndThreeSpanningFiveSecondsMeanOffline() async throws {
        let clock = TestClock()
        let script = ScriptedProbe(answers: [false, false, false, true])
        // No path source: the probe alone decides, so only the backoff schedule drives it.
        let sink = InMemoryTelemetrySink()
        let monitor = ConnectivityMonitor(pathSource: nil, probe: script.probe, policy: .default,
                                          time: TimeSource(clock: clock, now: { fixedNow }), randomSeed: 1,
                                          telemetry: Telemetry(sink: sink, now: { fixedNow }))
        try await monitor.start()
        var elapsed = Duration.zero
        var delays: [Duration] = []
        for call in 1...3 {
            await waitUntil { script.callCount >= call }
            let next = await waitForScheduledRetry(monitor)
            delays.append(next - elapsed)
            // Just past the deadline: TestClock parks a sleep whose deadline equals `now` until the next advance.
            await clock.advance(by: next - elapsed + .milliseconds(1))
            elapsed = next + .milliseconds(1)
        }
        await waitUntil { script.callCount >= 4 }
        #expect(await waitFor(monitor.status) { $0 == .online } == .online)
        #expect(sink.events.filter { $0.name == "connectivity.status" }.map { $0.attributes["to"] } == ["offline", "online"])  // offline at the third failure
        // Each probe's outcome is recorded too, with how long it took: what a slow return to online is made of.
        let probes = sink.events.filter { $0.name == "connectivity.probe" }
        #expect(probes.map { $0.attributes["reachable"] } == ["false", "false", "false", "true"])
        #expect(probes.allSatisfy { $0.duration != nil && $0.attributes["timed_out"] == "false" })
        let bounds: [(Double, Double)] = [(5, 6), (10, 12), (20, 24)]
        for (delay, (low, high)) in zip(delays, bounds) {
            #expect(delay.seconds >= low && delay.seconds <= high, "retry after \(delay)")
        }
        await monitor.stop()
    }

    /// Waits until the monitor has handled the last probe result and scheduled the next probe; returns when.
    @discardableResult
    func waitForScheduledRetry(_ monitor: ConnectivityMonitor) async -> Duration {
        while true {
            let machine = await monitor.snapshot
            if !machine.probeInFlight, let next = machine.nextProbeAt { return next }
            await Task.yield()
        }
    }

    @Test func requestEvidenceReachesTheMonitor() async throws {
        let clock = TestClock()
        let monitor = makeMonitor(path: SimulatedPathSource(.wifi), probe: .fixed(false), clock: clock)
        try await monitor.start()
        monitor.context.report(.reachedServer)
        #expect(await waitFor(monitor.status) { $0 == .online } == .online)
        await monitor.stop()
    }

    @Test func overridesWinUntilCleared() async throws {
        let clock = TestClock()
        let monitor = makeMonitor(path: SimulatedPathSource(.wifi), probe: .fixed(true), clock: clock)
        try await monitor.start()
        _ = await waitFor(monitor.status) { $0 == .online }
        await monitor.forceOffline()
        #expect(monitor.status.value == .offline)
        #expect(monitor.context.status() == .offline)
        await monitor.clearOverride()
        #expect(monitor.status.value == .online)
        await monitor.forceOnline()
        #expect(monitor.status.value == .online)
        await monitor.stop()
    }

    @Test func theSimulatedPathUnderstandsTheREPLWords() {
        let path = SimulatedPathSource()
        #expect(path.set(named: "wifi") == .wifi)
        #expect(path.set(named: "cellular") == .cellular)
        #expect(path.set(named: "none") == .unusable)
        #expect(path.set(named: "carrier-pigeon") == nil)
        #expect(path.path.value == .unusable)
    }
}
