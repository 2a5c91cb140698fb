import Core
import Foundation
@testable import OfflineCommerce
import Testing
import TestSupport

/// Issue 25, item 5 (AC-004): after reconnect, the truth. A refresh that fails while online says so in the screen's
/// own words — never the offline indicator — and the app retries by itself with capped exponential backoff and jitter on
/// the injected clock, without waiting for a foreground or a tap.
@Suite struct RefreshRetryTests {
    typealias Event = CommerceEvent

    static let saved = StateMachineTests.cached
    static let opened: [Event] = [.screenOpened(.cart), .draftsRead(FormDrafts()), .cartRead(saved)]

    /// The retry timer an effect list starts for `screen`, and its delay.
    static func retryDelay(_ effects: [CommerceEffect], _ screen: CommerceScreen = .cart) -> Duration? {
        for effect in effects {
            if case let .startTimer(id, after, send) = effect, id == CommerceState.retryTimerID(screen), send == .retryDue(screen) { return after }
        }
        return nil
    }

    @Test("AC-004 a refresh that fails online shows 'Couldn't refresh' over the saved data, never the offline indicator")
    func aRefreshThatFailsOnlineSaysSoInTheScreensOwnWords() {
        for failure in [HTTPClientError.http(status: 503), .connectionLost("reset"), .timeout] {
            var state = CommerceState(connectivity: .online)
            for event in Self.opened { _ = state.handle(event, now: fixedNow) }
            _ = state.handle(.cartRefreshFinished(.kept(Self.saved, failure)), now: fixedNow)
            let view = CommerceViewState(state: state)
            #expect(view.offlineIndicator == nil, "\(failure)")
            #expect(view.refreshBanner == CorePreviews.refreshFailedBanner(savedAt: Self.saved.savedAt, retry: CommerceActionID.retry))
            #expect(view.viewNode.actions.contains { $0.id == CommerceActionID.retry && $0.state.isEnabled })
            #expect(view.cartContent != nil, "the saved cart stays on screen")
        }
    }

    @Test("AC-004 the app retries by itself: 2 s doubling to a minute, each with jitter, until a refresh succeeds")
    func theAppRetriesByItselfWithCappedExponentialBackoffAndJitter() throws {
        var state = CommerceState(connectivity: .online)
        for event in Self.opened { _ = state.handle(event, now: fixedNow) }
        var delays: [Duration] = []
        for _ in 0..<9 {
            let effects = state.handle(.cartRefreshFinished(.kept(Self.saved, .http(status: 502))), now: fixedNow)
            delays.append(try #require(Self.retryDelay(effects), "a retry is scheduled after every curable failure"))
            // The timer fires: the machine refreshes by itself.
            #expect(state.handle(.retryDue(.cart), now: fixedNow) == [.refresh(.cart)])
        }
        for (index, delay) in delays.enumerated() {
            let step = min(Duration.seconds(2) * (1 << index), .seconds(60))
            #expect(delay >= step / 2 && delay <= step, "attempt \(index + 1): \(delay) within equal jitter of \(step)")
        }
        #expect(Set(delays.suffix(4)).count > 1, "jitter: capped retries do not all wait the same")
        // Success ends it: the timer goes, the banner goes, the count starts again.
        let fresh = CachedValue(value: Self.saved.value, savedAt: fixedNow)
        let effects = state.handle(.cartRefreshFinished(.fresh(fresh)), now: fixedNow)
        #expect(effects.contains(.cancelTimer(id: CommerceState.retryTimerID(.cart))))
        #expect(state.cart.retry.attempt == 0)
        #expect(CommerceViewState(state: state).refreshBanner == nil)
    }

    @Test("AC-004 a refused session, a wrong request or being offline is not retried by itself")
    func aRefusedSessionAWrongRequestOrBeingOfflineIsNotRetried() {
        for failure in [HTTPClientError.http(status: 401), .http(status: 404), .decoding("bad JSON")] {
            var state = CommerceState(connectivity: .online)
            for event in Self.opened { _ = state.handle(event, now: fixedNow) }
            let effects = state.handle(.cartRefreshFinished(.kept(Self.saved, failure)), now: fixedNow)
            #expect(Self.retryDelay(effects) == nil, "\(failure)")
            #expect(CommerceViewState(state: state).refreshBanner == nil)
        }
        var offline = CommerceState(connectivity: .offline)
        for event in Self.opened { _ = offline.handle(event, now: fixedNow) }
        #expect(Self.retryDelay(offline.handle(.cartRefreshFinished(.kept(Self.saved, .offline)), now: fixedNow)) == nil)
        #expect(offline.handle(.retryDue(.cart), now: fixedNow).isEmpty, "a retry due while offline waits for the connection")
    }
}
