import Core
import Foundation
import Testing

/// The server-backed screens' shared vocabulary: one resource state, one retry schedule, one toast slot.
@Suite struct ResourceVocabularyTests {
    typealias Resource = ResourceState<CachedValue<String>>
    let old = CachedValue(value: "old", savedAt: Date(timeIntervalSince1970: 0))
    let new = CachedValue(value: "new", savedAt: Date(timeIntervalSince1970: 60))

    @Test func oneRefreshAtATimeAndAFailureKeepsTheLastGoodValue() {
        var resource = Resource(retrySeed: 1)
        resource.cached = old
        let opened = resource.begin(.open)
        let again = resource.begin(.foreground)
        #expect(opened && !again, "one at a time")
        #expect(resource.refreshing == .open)
        let pulled = resource.begin(.refresh)
        #expect(!pulled && resource.refreshing == .refresh, "the user's refresh takes the running one over")
        let failed = resource.finish(RevalidateOutcome<String>.kept(nil, .http(status: 503)))
        #expect(failed == .refresh)
        #expect(resource.cached == old && resource.lastFailure == .http(status: 503) && !resource.lastRefreshSucceeded)
        let retried = resource.begin(.retry)
        let succeeded = resource.finish(.fresh(new))
        #expect(retried && succeeded == .retry)
        #expect(resource.cached == new && resource.lastRefreshSucceeded && resource.refreshesFinished == 2 && resource.savedAt == new.savedAt)
    }

    @Test func aWriteDuringARefreshSupersedesItsAnswer() {
        var resource = Resource(retrySeed: 1)
        let idle = resource.supersede()
        #expect(!idle, "nothing runs: the caller starts a refresh")
        _ = resource.begin(.open)
        let superseded = resource.supersede()
        #expect(superseded)
        let dropped = resource.finish(.fresh(old))
        #expect(dropped == nil, "dropped: fetch again")
        #expect(resource.isRefreshing && resource.cached == nil)
        let kept = resource.finish(.fresh(new))
        #expect(kept == .open)
        #expect(resource.cached == new)
    }

    @Test func aRefusedSessionIsTheLastFailureAndASuccessClearsIt() {
        var resource = Resource(retrySeed: 1)
        resource.want(.login)
        resource.want(.foreground)
        #expect(resource.wanted == .login, "the first reason wins")
        let began = resource.begin(.login)
        #expect(began && resource.wanted == nil)
        _ = resource.finish(RevalidateOutcome<String>.kept(old, .http(status: 401)))
        #expect(resource.sessionRefused && resource.cached == old)
        _ = resource.begin(.refresh)
        _ = resource.finish(.fresh(new))
        #expect(!resource.sessionRefused)
    }

    @Test func retriesBackOffFrom2sToAMinuteOnlyForWhatARetryCures() {
        var schedule = RetrySchedule(seed: 7)
        var delays: [Duration] = []
        for _ in 0..<8 { delays.append(schedule.next(after: .http(status: 503), online: true)!) }
        for (index, delay) in delays.enumerated() {
            let step = min(Duration.seconds(2) * (1 << index), .seconds(60))
            #expect(delay >= step / 2 && delay <= step, "attempt \(index + 1)")
        }
        #expect(schedule.attempt == 8 && schedule.isRetrying)
        let afterSuccess = schedule.next(after: nil, online: true)
        #expect(afterSuccess == nil && schedule.attempt == 0, "a success ends the series")
        let afterOffline = schedule.next(after: .offline, online: true)
        #expect(afterOffline == nil, "offline: the connection's return refreshes")
        let whileOffline = schedule.next(after: .http(status: 503), online: false)
        #expect(whileOffline == nil)
        let afterRefusal = schedule.next(after: .http(status: 401), online: true)
        #expect(afterRefusal == nil, "a refused session is not retried")
        var same = RetrySchedule(seed: 7)
        let replayed = same.next(after: .timeout, online: true)
        #expect(replayed == delays[0], "the jitter replays from its seed")
    }

    enum Event: ToastExpiring, Equatable { case toastExpired(sequence: Int) }

    @Test func onlyTheTimerOfTheToastOnScreenTakesItAway() {
        var slot = ToastSlot()
        let first: [FeatureEffect<Event, Never>] = slot.show(CoreCopy.noConnection, id: "a")
        #expect(first == [.startTimer(id: ToastSlot.timerID, after: ToastSlot.duration, send: .toastExpired(sequence: 1))])
        let second: [FeatureEffect<Event, Never>] = slot.show(CoreCopy.noConnection, id: "a")
        #expect(second == [.expireToast(sequence: 2, after: ToastSlot.duration)], "the same toast again is a new one")
        slot.expire(sequence: 1)
        #expect(slot.current?.id == "a", "the first toast's timer does not take the second away")
        slot.expire(sequence: 2)
        #expect(slot.current == nil)
        let staying: [FeatureEffect<Event, Never>] = slot.show(Toast(id: "b", message: CoreCopy.noConnection))
        #expect(staying.isEmpty && slot.current?.id == "b", "a toast without autoDismissAfter stays")
    }
}
