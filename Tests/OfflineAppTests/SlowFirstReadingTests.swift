import Core
import Foundation
@testable import OfflineApp
import Testing
import TestSupport
import WarmupToast

/// Issue 40, item 6: the launch waits 3 s (real time: the probe is a real request) for a first connectivity reading and
/// then decides what to warm. A first check slower than that must not cost the run its warmup (AC1, AC16).
@Suite struct SlowFirstReadingTests {
    @Test("AC1/AC16: a first connectivity check slower than the launch's wait does not skip the warmup: the reading that comes later starts it, with its toast")
    func aSlowFirstConnectivityCheckDoesNotSkipTheWarmup() async throws {
        try await OfflineAppTests.withApp { app in
            await app.kill()
            await app.advance(seconds: 25 * 3_600)  // a day later the caches call for refilling
            // The first check answers 4 s late: past the launch's 3 s wait (and the probe's own 2 s timeout, which says
            // "server slow", no evidence either way).
            try await app.setBackendSlow(endpoint: "health", milliseconds: 4_000)
            try await app.relaunch()
            let run = try #require(await app.run)
            #expect(run.monitor.status.value == .unknown, "no reading within the launch's wait")
            #expect(await app.warmupSnapshot?.phase == .idle, "the launch decided without a reading: nothing warmed yet")
            // The session's data requests wait at the backend so its toast can be seen; the next check answers at once.
            try await app.setBackendHolding(true)
            try await app.setBackendSlow(endpoint: nil, milliseconds: 0)
            let online = await waitFor(run.monitor.status, timeout: .seconds(20)) { $0 == .online }
            #expect(online == .online, "the reading comes later in the same run")
            let shown = await waitFor(run.warmup.viewState, timeout: .seconds(20)) { $0.toast == WarmupToastViewState.optimizingToast }
            #expect(shown.toast == WarmupToastViewState.optimizingToast, "AC1: the session shows \"Optimizing your experience\"")
            let warmup = try #require(await app.warmupSnapshot)
            #expect(warmup.phase == .inProgress && warmup.sessionNumber == 1)
            let started = app.telemetrySink.events.filter { $0.name == WarmupIdentifiers.startedEvent }
            #expect(started.last?.attributes["trigger"] == "connectionConfirmed", "started by the late reading, not a reconnect")
            try await app.setBackendHolding(false)
            #expect(await app.warmupSnapshot?.phase == .completed, "AC16: the caching that started later completes")
            #expect(await app.screen().descendants.contains(.banner(WarmupToastViewState.optimizedBanner)), "App optimized")
        }
    }
}
