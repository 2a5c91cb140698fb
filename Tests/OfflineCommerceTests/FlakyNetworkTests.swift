import Clocks
import Connectivity
import Core
import Foundation
@testable import OfflineCommerce
import ReferenceServer
import Testing
import TestSupport
import IntegrationSupport
import OfflineCommerceLive

/// Item 6 against the reference backend's fault injection, with a real `ConnectivityMonitor` (HTTP probe of
/// `/health`, the client's evidence) on an injected clock: the indicator follows sustained evidence, never a
/// single failure.
@Suite(.timeLimit(.minutes(2))) struct FlakyNetworkTests {
    /// Lets the monitor handle the evidence already reported and finish any probe it started (real I/O).
    static func settle(_ monitor: ConnectivityMonitor) async {
        for _ in 0..<20 { await Task.yield() }
        await waitUntil { await !monitor.snapshot.probeInFlight }
    }

    static func statuses(_ sink: InMemoryTelemetrySink, event: String) -> [String] {
        sink.events.filter { $0.name == event }.compactMap { $0.attributes["to"] }
    }

    @Test("AC6 intermittent failures (fault injection) do not make the indicator flicker; a sustained outage shows it once")
    func intermittentFailuresDoNotMakeTheOfflineIndicatorFlickerAndTheCachedViewStays() async throws {
        try await withReferenceServer { server, url in
            let clock = TestClock()
            let time = TimeSource(clock: clock, now: { fixedNow })
            let monitorEvents = InMemoryTelemetrySink()
            let monitor = ConnectivityMonitor(pathSource: SimulatedPathSource(.wifi),
                                              probe: .http(healthURL: url.appendingPathComponent("health"), time: time),
                                              time: time, randomSeed: 7, telemetry: Telemetry(sink: monitorEvents, now: { fixedNow }))
            try await monitor.start()
            await waitFor(monitor.status) { $0 == .online }

            let featureEvents = InMemoryTelemetrySink()
            let client = httpClient(url, connectivity: monitor.context, time: time)
            let feature = CommerceFeature(store: InMemoryRecordStore(now: { fixedNow }), api: .live(client: client, user: "user1"),
                                          connectivity: monitor.status, time: time, telemetry: Telemetry(sink: featureEvents, now: { fixedNow }), idempotencyKeys: .sequential("commerce"))
            await feature.open(.cart)
            await feature.waitUntilIdle()
            let cached = try #require(feature.viewState.value.cartContent)

            // Poor coverage: three in ten connections reset, three in ten answers are 503, on every path (/health too).
            try await server.setFaults(FaultConfiguration(errorRate: 0.3, errorStatus: 503, resetRate: 0.3))
            // A minute of pulling to refresh every quarter second (of the injected clock): far past the 5 s window.
            for _ in 0..<240 {
                await feature.refresh()
                await feature.waitUntilIdle()
                await Self.settle(monitor)
                #expect(feature.viewState.value.cartContent?.lines.map(\.shown) == cached.lines.map(\.shown))
                await clock.advance(by: .milliseconds(250))
            }
            let outcomes = featureEvents.events.filter { $0.name == "commerce.revalidated" }.compactMap { $0.attributes["outcome"] }
            // The faults did hit: resets, 503s and successes all happened.
            #expect(outcomes.contains("connection_lost"))
            #expect(outcomes.contains("http_503"))
            #expect(outcomes.contains("fresh"))
            // And the indicator never flickered: one change, unknown → online, in the monitor and in the feature.
            #expect(Self.statuses(monitorEvents, event: "connectivity.status") == ["online"])
            #expect(Self.statuses(featureEvents, event: "commerce.connectivity") == [])
            #expect(feature.viewState.value.offlineIndicator == nil)

            // A sustained outage is different: the listener closes, failures pile up past the window → offline, once.
            try await server.setFaults(FaultConfiguration(refuseConnections: true))
            for _ in 0..<30 where monitor.status.value != .offline {
                await feature.refresh()
                await feature.waitUntilIdle()
                await Self.settle(monitor)
                await clock.advance(by: .seconds(1))
            }
            let offline = await waitFor(feature.viewState) { $0.offlineIndicator != nil }
            #expect(offline.cartContent?.lines.map(\.shown) == cached.lines.map(\.shown))  // the failure kept the cached view
            #expect(offline.cartContent?.checkout?.state == .disabled(reason: CoreCopy.noConnection))

            // The server comes back: the next probe on the backoff schedule finds it, and the screen revalidates by itself.
            try await server.clearFaults()
            let fetchedBefore = server.requestLog.count("GET /v1/users/{user}/cart")
            for _ in 0..<120 where monitor.status.value != .online {
                await clock.advance(by: .seconds(1))
                await Self.settle(monitor)
            }
            let back = await waitFor(feature.viewState) { $0.offlineIndicator == nil }
            await feature.waitUntilIdle()
            #expect(back.cartContent?.checkout?.state == .enabled)
            #expect(server.requestLog.count("GET /v1/users/{user}/cart") == fetchedBefore + 1)
            #expect(Self.statuses(monitorEvents, event: "connectivity.status") == ["online", "offline", "online"])
            #expect(Self.statuses(featureEvents, event: "commerce.connectivity") == ["offline", "online"])
            await feature.stop()
            await monitor.stop()
        }
    }

    @Test("AC6 offline, reads fail at once without reaching the server")
    func offlineRequestsFailAtOnceWithoutReachingTheServer() async throws {
        try await withReferenceServer { server, url in
            let connectivity = ConnectivitySwitch(.offline)
            let client = httpClient(url, connectivity: connectivity.context)
            let api = CommerceAPI.live(client: client, user: "user1")
            await #expect(throws: HTTPClientError.offline) { _ = try await api.fetchCart() }
            await #expect(throws: HTTPClientError.offline) { _ = try await api.fetchOrders() }
            #expect(server.requestLog.total == 0)
        }
    }
}
