import Clocks
import Core
import Foundation
import Testing
import TestSupport
import WarmupToast

/// Warmup toast story: "When the app starts a background caching process … a toast banner is displayed", whenever
/// that caching starts — at launch, and once the connection comes back after the app was offline.
@Suite("Caching sessions after launch: the connection's return")
struct ReconnectSessionTests {
    @Test func backOnlineAfterBeingOfflineStartsACachingSessionOfItsOwn() {
        var state = WarmupToastState()
        #expect(state.handle(.connectivityChanged(.offline), now: fixedNow).isEmpty)
        #expect(state.handle(.connectivityChanged(.online), now: fixedNow) == [.perform(.warm(.reconnect))])
    }

    @Test("A slow first connectivity check does not skip the warmup (issue 40, item 6): unknown → online asks for a session; an unchanged connection asks nothing")
    func aSlowFirstReadingStillAsksForASessionAndAnUnchangedConnectionAsksNothing() {
        var state = WarmupToastState()
        #expect(state.handle(.connectivityChanged(.unknown), now: fixedNow).isEmpty)
        #expect(state.handle(.connectivityChanged(.online), now: fixedNow) == [.perform(.warm(.connectionConfirmed))],
                "the launch may have decided while the status was unknown: the coordinator decides again, now online")
        #expect(state.handle(.connectivityChanged(.online), now: fixedNow).isEmpty)
        #expect(state.handle(.connectivityChanged(.unknown), now: fixedNow).isEmpty)
    }

    @Test("A slow first connectivity check does not skip the warmup (issue 40, item 6): the launch decided 'nothing to warm' while unknown; the connection confirmed later opens the session and its toast")
    func aLaunchThatDecidedWhileUnknownWarmsOnceTheConnectionIsConfirmed() async {
        let fixture = WarmupFixture()
        let status = StateCell(ConnectivityStatus.unknown)
        let warmed = Locked(0)
        let coordinator = fixture.coordinator(plan: CacheWarmupPlan(isWarmingNeeded: { status.value == .online }, warm: { port in
            warmed.withLock { $0 += 1 }
            port.begin(id: "products", required: true).finish()
        }))
        #expect(await coordinator.warm(.connectionConfirmed) == false, "before the launch has decided, the launch handles it")
        #expect(await coordinator.launch() == false, "a 4 s first probe: the launch decides while the status is unknown")
        #expect(coordinator.state.value == .idle)
        status.set(.online)
        #expect(await coordinator.warm(.connectionConfirmed), "the reading arrives: the caching session starts, with its toast")
        #expect(coordinator.state.value == .completed && warmed.withLock { $0 } == 1)
        let started = fixture.sink.events.filter { $0.name == WarmupIdentifiers.startedEvent }
        #expect(started.map { $0.attributes["trigger"] } == ["connectionConfirmed"])
    }

    @Test func aReconnectSessionFollowsTheLaunchsRulesAndSaysWhatStartedIt() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator(plan: CacheWarmupPlan(isWarmingNeeded: { true }, warm: { port in
            port.begin(id: "products", required: true).finish()
        }))
        #expect(await coordinator.warm(.reconnect))
        #expect(coordinator.state.value == .completed)
        let started = fixture.sink.events.filter { $0.name == WarmupIdentifiers.startedEvent }
        #expect(started.map { $0.attributes["trigger"] } == ["reconnect"])
        #expect(fixture.sink.events.contains { $0.name == WarmupIdentifiers.completedEvent && $0.duration != nil })
    }

    @Test func nothingToRefillOnReconnectOpensNoSession() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator(plan: CacheWarmupPlan(isWarmingNeeded: { false }, warm: { _ in
            Issue.record("nothing needed warming: the plan must not run")
        }))
        #expect(await coordinator.warm(.reconnect) == false)
        #expect(coordinator.state.value == .idle && coordinator.publishedChanges == 0)
    }

    @Test func aSecondTriggerWhileOneWarmsRunsNothingAndShowsNoSecondToast() async {
        let fixture = WarmupFixture()
        let runs = Locked(0)
        let release = Completions<Int, Void>()
        let coordinator = fixture.coordinator(plan: CacheWarmupPlan(isWarmingNeeded: { true }, warm: { _ in
            runs.withLock { $0 += 1 }
            await release.wait(for: 1)
        }))
        let first = Task { await coordinator.warm(.launch) }
        await waitUntil { coordinator.state.value == .inProgress }
        #expect(await coordinator.warm(.reconnect) == false, "a flapping connection adds nothing")
        release.deliver((), for: 1)
        #expect(await first.value)
        #expect(runs.withLock { $0 } == 1)
        #expect(coordinator.snapshot.sessionNumber == 1)
        #expect(coordinator.publishedChanges == 2, "one show, one hide")
    }

    @Test func theFeatureStartsTheSessionWhenTheConnectionReturnsAndShowsTheSameToastAndBanner() async {
        let fixture = WarmupFixture()
        let release = Completions<Int, Void>()
        let coordinator = fixture.coordinator(plan: CacheWarmupPlan(isWarmingNeeded: { true }, warm: { port in
            await port.perform(id: "products") { await release.wait(for: 1) }
        }))
        let connectivity = StateCell(ConnectivityStatus.offline)
        let feature = WarmupToastFeature(coordinator: coordinator, connectivity: connectivity, time: fixture.time)
        await feature.start()
        await waitUntil { await feature.heardConnectivity == .offline }
        #expect(feature.viewState.value == .hidden, "offline: nothing to cache, no toast")
        connectivity.set(.online)
        let during = await waitFor(feature.viewState) { $0.showsToast }
        #expect(during.toast == WarmupToastViewState.optimizingToast)
        release.deliver((), for: 1)
        await feature.waitUntilIdle()
        let after = await waitFor(feature.viewState) { $0.showsBanner }
        #expect(after.banner == WarmupToastViewState.optimizedBanner && after.toast == nil)
        await feature.stop()
    }

    @Test func theOptimizingToastHasNoDismissControl() {
        // The story puts manual dismissal out of scope: the toast offers nothing to tap and never times out.
        let view = WarmupToastViewState(toast: WarmupToastViewState.optimizingToast)
        #expect(view.actions.isEmpty)
        #expect(view.viewNode?.actions.isEmpty == true)
        #expect(WarmupToastViewState.optimizingToast.autoDismissAfter == nil)
        #expect(WarmupToastViewState.optimizingToast.passesTouchesThrough)
    }

    @Test func theToastCarriesItsPlacementAndItsLightAndDarkColoursInItsViewState() throws {
        let style = try #require(WarmupToastViewState.optimizingToast.style)
        #expect(style.anchor == .bottomAboveNavigationBar)
        #expect(style.light == WarmupPalette.light.toastColors && style.dark == WarmupPalette.dark.toastColors)
        for colors in [style.light, style.dark] {
            #expect(colors.text.contrastRatio(with: colors.background) >= WCAG.minimumTextContrast)
            #expect(colors.icon.contrastRatio(with: colors.background) >= WCAG.minimumNonTextContrast)
        }
        // The anchor's rule on a phone with a bottom bar and a home indicator: above the bar, inside the safe area.
        let phone = ScreenGeometry(width: 390, height: 844, safeArea: EdgeInsets(top: 47, bottom: 34), navigationBarHeight: 49)
        let frame = WarmupToastViewState.placement.frame(contentHeight: 56, in: phone)
        #expect(frame.maxY <= phone.navigationBarTop && frame.minY >= phone.safeArea.top)
    }
}
