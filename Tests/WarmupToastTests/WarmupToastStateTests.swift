import Core
import Testing
import WarmupToast

@Suite("WarmupToastState: the pure state machine")
struct WarmupToastStateTests {
    func machine(bannerDuration: Duration = .seconds(3), screensWithoutToasts: Set<String> = ["media.fullscreen", "passcode"])
        -> WarmupToastState {
        WarmupToastState(configuration: WarmupToastConfiguration(bannerDuration: bannerDuration,
                                                                 screensWithoutToasts: screensWithoutToasts))
    }

    @Test(arguments: WarmupPhase.allCases)
    func theToastIsVisibleIffTheSessionIsInProgress(phase: WarmupPhase) {
        var state = machine()
        _ = state.handle(.phaseChanged(phase), now: .distantPast)
        let view = WarmupToastViewState(state: state)
        #expect(view.showsToast == (phase == .inProgress))
    }

    @Test func everyCombinationShowsTheToastOnlyInProgressOnScreenAndOnAnAllowedScreen() {
        for phase in WarmupPhase.allCases {
            for moment in AppLifecycle.allCases {
                for screen in ["home", "orders", "passcode", "media.fullscreen"] {
                    var state = machine()
                    _ = state.handle(.phaseChanged(phase), now: .distantPast)
                    _ = state.handle(.lifecycle(moment), now: .distantPast)
                    _ = state.handle(.screenOpened(screen), now: .distantPast)
                    let expected = phase == .inProgress && moment.isActive && !["passcode", "media.fullscreen"].contains(screen)
                    #expect(WarmupToastViewState(state: state).showsToast == expected, "\(phase) \(moment) \(screen)")
                }
            }
        }
    }

    @Test func noCachingNeededShowsNothing() {
        let state = machine()
        #expect(WarmupToastViewState(state: state) == .hidden)
    }

    @Test func theToastIsTheStorysToastAndPassesTouchesThrough() throws {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        let toast = try #require(WarmupToastViewState(state: state).toast)
        #expect(toast.title == Copy("WarmupToast", "toast.title"))
        #expect(toast.message == Copy("WarmupToast", "toast.message"))
        #expect(toast.icon == WarmupIdentifiers.toastIcon)
        #expect(toast.passesTouchesThrough)
        #expect(toast.autoDismissAfter == nil)
    }

    @Test func navigationWhileTheToastIsUpChangesNothingOnScreen() {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        let before = WarmupToastViewState(state: state)
        for screen in ["home", "orders", "orders.detail", "products", "home"] {
            #expect(state.handle(.screenOpened(screen), now: .distantPast).isEmpty)
            #expect(WarmupToastViewState(state: state) == before)
        }
    }

    @Test func completionReplacesTheToastWithTheBannerAndStartsItsTimer() throws {
        var state = machine(bannerDuration: .seconds(5))
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        let effects = state.handle(.phaseChanged(.completed), now: .distantPast)
        #expect(effects == [.startTimer(id: WarmupToastState.bannerTimerID, after: .seconds(5), send: .bannerTimerFired(timer: 1))])
        let view = WarmupToastViewState(state: state)
        #expect(view.toast == nil)
        let banner = try #require(view.banner)
        #expect(banner.title == Copy("WarmupToast", "banner.optimized.title"))
        #expect(banner.severity == .success)
        #expect(banner.isDismissible)
        #expect(view.actions.map(\.id) == [WarmupToastActionID.closeBanner])
        #expect(view.actions.first?.title == Copy("WarmupToast", "banner.close"))
    }

    @Test func theTimerTakesTheBannerDownButAnOldTimerDoesNot() {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.phaseChanged(.completed), now: .distantPast)
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.phaseChanged(.completed), now: .distantPast)
        #expect(state.banner == .shown(timer: 2))
        _ = state.handle(.bannerTimerFired(timer: 1), now: .distantPast)
        #expect(WarmupToastViewState(state: state).showsBanner)
        _ = state.handle(.bannerTimerFired(timer: 2), now: .distantPast)
        #expect(WarmupToastViewState(state: state) == .hidden)
    }

    @Test func tappingXTakesTheBannerDownAndCancelsItsTimer() {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.phaseChanged(.completed), now: .distantPast)
        #expect(state.handle(.closeBannerTapped, now: .distantPast) == [.cancelTimer(id: WarmupToastState.bannerTimerID)])
        #expect(WarmupToastViewState(state: state) == .hidden)
        #expect(state.handle(.bannerTimerFired(timer: 1), now: .distantPast).isEmpty)
        #expect(WarmupToastViewState(state: state) == .hidden)
    }

    @Test func failureDismissesTheToastAndShowsNoErrorToastOrBanner() {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        #expect(state.handle(.phaseChanged(.failed), now: .distantPast).isEmpty)
        #expect(WarmupToastViewState(state: state) == .hidden)
    }

    @Test func aNewSessionTakesALingeringBannerDown() {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.phaseChanged(.completed), now: .distantPast)
        #expect(state.handle(.phaseChanged(.inProgress), now: .distantPast) == [.cancelTimer(id: WarmupToastState.bannerTimerID)])
        let view = WarmupToastViewState(state: state)
        #expect(view.showsToast && !view.showsBanner)
    }

    @Test func backgroundedDuringWarmupTheToastIsBackOnForegroundUntilCompletion() {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.lifecycle(.backgrounded), now: .distantPast)
        #expect(WarmupToastViewState(state: state) == .hidden)
        _ = state.handle(.lifecycle(.foregrounded), now: .distantPast)
        #expect(WarmupToastViewState(state: state).showsToast)
        _ = state.handle(.phaseChanged(.completed), now: .distantPast)
        #expect(!WarmupToastViewState(state: state).showsToast)
    }

    @Test func completedWhileInTheBackgroundTheBannerWaitsForTheReturn() {
        var state = machine(bannerDuration: .seconds(4))
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.lifecycle(.backgrounded), now: .distantPast)
        #expect(state.handle(.phaseChanged(.completed), now: .distantPast).isEmpty)
        #expect(state.banner == .waitingForForeground)
        #expect(state.handle(.lifecycle(.foregrounded), now: .distantPast) == [.startTimer(id: WarmupToastState.bannerTimerID, after: .seconds(4), send: .bannerTimerFired(timer: 1))])
        #expect(WarmupToastViewState(state: state).showsBanner)
    }

    @Test func aDisallowedScreenHidesTheToastAndLeavingItBringsItBack() {
        var state = machine(screensWithoutToasts: ["camera"])
        _ = state.handle(.screenOpened("home"), now: .distantPast)
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.screenOpened("camera"), now: .distantPast)
        #expect(WarmupToastViewState(state: state) == .hidden)
        _ = state.handle(.screenOpened("home"), now: .distantPast)
        #expect(WarmupToastViewState(state: state).showsToast)
        // The default set is not used once configured: passcode is allowed here.
        _ = state.handle(.screenOpened("passcode"), now: .distantPast)
        #expect(WarmupToastViewState(state: state).showsToast)
    }

    @Test func theBannerIsHiddenOnADisallowedScreenToo() {
        var state = machine()
        _ = state.handle(.phaseChanged(.inProgress), now: .distantPast)
        _ = state.handle(.phaseChanged(.completed), now: .distantPast)
        _ = state.handle(.screenOpened("passcode"), now: .distantPast)
        #expect(WarmupToastViewState(state: state) == .hidden)
        _ = state.handle(.screenOpened("home"), now: .distantPast)
        #expect(WarmupToastViewState(state: state).showsBanner)
    }

    @Test func closingTheBannerIsTheOnlyActionAndNeedsNoServer() {
        // The toast has no dismiss control (the story leaves it out); the banner's X is local.
        #expect(WarmupToastUserAction.allCases == [.closeBanner])
        #expect(WarmupToastUserAction.closeBanner.answers == .noServer)
        #expect(WarmupToastUserAction.closeBanner.pattern == .none)
    }
}
