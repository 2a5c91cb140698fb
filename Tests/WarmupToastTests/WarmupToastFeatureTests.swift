import Clocks
import Core
import Foundation
import Testing
import WarmupToast
import TestSupport

@Suite("WarmupToastFeature: the toast and banner over a real coordinator, on a test clock")
struct WarmupToastFeatureTests {
    @Test func theToastIsUpExactlyWhileTheSessionIsInProgress() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator)
        #expect(feature.viewState.value == .hidden)
        let ticket = coordinator.begin(id: "summary", required: true)
        let shown = await waitFor(feature.viewState) { $0.showsToast }
        #expect(shown.toast == WarmupToastViewState.optimizingToast)
        #expect(feature.viewNode == .toast(WarmupToastViewState.optimizingToast))
        ticket.finish()
        let after = await waitFor(feature.viewState) { !$0.showsToast }
        #expect(after.banner == WarmupToastViewState.optimizedBanner)
        await feature.stop()
    }

    @Test func startedDuringASessionItShowsTheToastAndStartedAfterOneItShowsNoBanner() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let ticket = coordinator.begin(id: "summary", required: true)
        let during = await fixture.feature(coordinator)
        #expect(during.viewState.value.showsToast)
        ticket.finish()
        await waitFor(during.viewState) { $0.showsBanner }
        let after = await fixture.feature(coordinator)
        #expect(after.viewState.value == .hidden)
        await during.stop()
        await after.stop()
    }

    @Test func nothingIsShownWhenNoCachingIsNeeded() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator(plan: CacheWarmupPlan(isWarmingNeeded: { false }, warm: { _ in }))
        let feature = await fixture.feature(coordinator)
        #expect(await coordinator.launch() == false)
        #expect(feature.viewState.value == .hidden)
        #expect(await feature.publishedChanges == 0)
        await feature.stop()
    }

    @Test func navigationContinuesWhileTheToastIsUp() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator)
        let ticket = coordinator.begin(id: "summary", required: true)
        await waitFor(feature.viewState) { $0.showsToast }
        let changes = await feature.publishedChanges
        for screen in ["orders", "orders.detail", "products", "home"] {
            await feature.screenOpened(screen)
        }
        #expect(feature.viewState.value.toast?.passesTouchesThrough == true)
        #expect(await feature.publishedChanges == changes)
        ticket.finish()
        await feature.stop()
    }

    @Test func theBannerDismissesItselfAfterTheConfiguredSecondsOnTheInjectedClock() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator, configuration: WarmupToastConfiguration(bannerDuration: .seconds(5)))
        coordinator.begin(id: "summary", required: true).finish()
        await waitFor(feature.viewState) { $0.showsBanner }
        await waitForSleeper(on: fixture.clock)
        await fixture.clock.advance(by: .milliseconds(4_999))
        #expect(feature.viewState.value.showsBanner)
        await fixture.clock.advance(by: .milliseconds(1))
        #expect(await waitFor(feature.viewState) { !$0.showsBanner } == .hidden)
        await feature.stop()
    }

    @Test func tappingXDismissesTheBannerAtOnceAndStopsItsTimer() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator)
        #expect(await feature.tap(actionID: WarmupToastActionID.closeBanner) == .notOnScreen)
        coordinator.begin(id: "summary", required: true).finish()
        await waitFor(feature.viewState) { $0.showsBanner }
        await waitForSleeper(on: fixture.clock)
        #expect(await feature.tap(actionID: WarmupToastActionID.closeBanner) == .handled)
        #expect(feature.viewState.value == .hidden)
        #expect(await clockHasNoSleepers(fixture.clock))
        await feature.stop()
    }

    @Test func failureDismissesTheToastAndShowsNoErrorToast() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator)
        let ticket = coordinator.begin(id: "summary", required: true)
        await waitFor(feature.viewState) { $0.showsToast }
        ticket.fail(DownloadFailed())
        #expect(await waitFor(feature.viewState) { !$0.showsToast } == .hidden)
        #expect(await feature.publishedChanges == 2)
        await feature.stop()
    }

    @Test func backgroundedDuringWarmupAndForegroundedBeforeItCompletesTheToastIsBack() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator)
        let ticket = coordinator.begin(id: "summary", required: true)
        await waitFor(feature.viewState) { $0.showsToast }
        await feature.lifecycle(.backgrounded)
        #expect(feature.viewState.value == .hidden)
        await feature.lifecycle(.foregrounded)
        #expect(feature.viewState.value.showsToast)
        #expect(coordinator.snapshot.sessionNumber == 1)
        ticket.finish()
        await waitFor(feature.viewState) { !$0.showsToast }
        await feature.stop()
    }

    @Test func aScreenThatDisallowsToastsHidesItAndLeavingBringsItBackWithoutRestarting() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator,
                                            configuration: WarmupToastConfiguration(screensWithoutToasts: ["media.fullscreen", "passcode"]))
        let ticket = coordinator.begin(id: "summary", required: true)
        await waitFor(feature.viewState) { $0.showsToast }
        for screen in ["media.fullscreen", "passcode"] {
            await feature.screenOpened(screen)
            #expect(feature.viewState.value == .hidden, "\(screen)")
            await feature.screenOpened("home")
            #expect(feature.viewState.value.showsToast)
        }
        // Not restarted: the same session, one start, nothing new published by the coordinator.
        #expect(coordinator.snapshot.sessionNumber == 1)
        #expect(coordinator.publishedChanges == 1)
        #expect(fixture.eventNames == [WarmupIdentifiers.startedEvent])
        ticket.finish()
        await feature.stop()
    }

    @Test func oneSessionWithTenThousandSubtasksShowsTheToastOnceAndHidesItOnce() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let feature = await fixture.feature(coordinator)
        // Every value the UI would draw, read in step so none is conflated away.
        var views = feature.viewState.values().makeAsyncIterator()
        var drawn = [await views.next()]
        let tickets = (0..<10_000).map { coordinator.begin(id: "item.\($0)", required: true) }
        drawn.append(await views.next())
        for ticket in tickets { ticket.finish() }
        drawn.append(await views.next())
        let visibility = drawn.map { $0?.showsToast == true }
        let shows = zip(visibility, visibility.dropFirst()).filter { !$0 && $1 }.count
        let hides = zip(visibility, visibility.dropFirst()).filter { $0 && !$1 }.count
        #expect(drawn.last??.showsBanner == true)
        #expect(shows == 1)
        #expect(hides == 1)
        #expect(coordinator.publishedChanges == 2)
        #expect(await feature.publishedChanges == 2)
        await feature.stop()
    }
}
