import Clocks
import Core
import Foundation
import Testing
import TestSupport
import WarmupToast

/// What another feature module does: it knows only Core's port, never WarmupToast.
func cacheProductsThroughThePort(_ port: any CacheWarmupPort, pages: Int) async {
    await port.perform(id: "products") {
        for page in 0..<pages {
            port.begin(id: "products.page.\(page)", required: true).finish()
        }
    }
}

@Suite("CacheWarmupCoordinator: one session")
struct CacheWarmupCoordinatorTests {
    @Test func startsIdleAndTheFirstSubtaskOpensASession() {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        #expect(coordinator.state.value == .idle)
        let ticket = coordinator.begin(id: "summary", required: true)
        #expect(coordinator.state.value == .inProgress)
        #expect(coordinator.snapshot.sessionNumber == 1)
        ticket.finish()
        #expect(coordinator.state.value == .completed)
    }

    @Test func completesOnlyWhenEveryRequiredSubtaskHasFinished() {
        let coordinator = WarmupFixture().coordinator()
        let summary = coordinator.begin(id: "summary", required: true)
        let orders = coordinator.begin(id: "orders", required: true)
        let products = coordinator.begin(id: "products", required: true)
        summary.finish()
        #expect(coordinator.state.value == .inProgress)
        products.finish()
        #expect(coordinator.state.value == .inProgress)
        orders.finish()
        #expect(coordinator.state.value == .completed)
    }

    @Test func failsAsSoonAsARequiredSubtaskFailsAndLaterSettlementsChangeNothing() {
        let coordinator = WarmupFixture().coordinator()
        let summary = coordinator.begin(id: "summary", required: true)
        let orders = coordinator.begin(id: "orders", required: true)
        orders.fail(DownloadFailed())
        #expect(coordinator.state.value == .failed)
        summary.finish()
        #expect(coordinator.state.value == .failed)
        #expect(coordinator.publishedChanges == 2)
    }

    @Test func optionalSubtasksNeitherHoldTheSessionOpenNorFailIt() {
        let coordinator = WarmupFixture().coordinator()
        let required = coordinator.begin(id: "summary", required: true)
        let slowOptional = coordinator.begin(id: "thumbnails", required: false)
        let failingOptional = coordinator.begin(id: "avatars", required: false)
        failingOptional.fail(DownloadFailed())
        #expect(coordinator.state.value == .inProgress)
        #expect(coordinator.snapshot.failedOptional == 1)
        required.finish()
        #expect(coordinator.state.value == .completed)
        slowOptional.finish()
        #expect(coordinator.state.value == .completed)
    }

    @Test func aSessionOfOptionalSubtasksAloneCompletesWhenAllHaveSettled() {
        let coordinator = WarmupFixture().coordinator()
        let first = coordinator.begin(id: "thumbnails", required: false)
        let second = coordinator.begin(id: "avatars", required: false)
        first.finish()
        #expect(coordinator.state.value == .inProgress)
        second.fail(DownloadFailed())
        #expect(coordinator.state.value == .completed)
    }

    @Test func cachingTriggeredAgainWhileInProgressJoinsTheSameSessionWithoutAnyPublishedChange() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        var phases = coordinator.state.values().makeAsyncIterator()
        #expect(await phases.next() == .idle)
        let first = coordinator.begin(id: "summary", required: true)
        #expect(await phases.next() == .inProgress)
        // Triggered again, twice, while the first is still running: same session, nothing published.
        let again = coordinator.begin(id: "summary", required: true)
        let orders = coordinator.begin(id: "orders", required: true)
        #expect(coordinator.snapshot.sessionNumber == 1)
        #expect(coordinator.snapshot.subtasks == 3)
        #expect(coordinator.publishedChanges == 1)
        first.finish()
        again.finish()
        orders.finish()
        #expect(await phases.next() == .completed)
        #expect(coordinator.publishedChanges == 2)
        #expect(fixture.eventNames == [WarmupIdentifiers.startedEvent, WarmupIdentifiers.completedEvent])
    }

    @Test func aSubtaskAfterTheSessionEndedOpensANewOne() {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        coordinator.begin(id: "summary", required: true).finish()
        let next = coordinator.begin(id: "summary", required: true)
        #expect(coordinator.state.value == .inProgress)
        #expect(coordinator.snapshot.sessionNumber == 2)
        next.finish()
        #expect(fixture.eventNames == [WarmupIdentifiers.startedEvent, WarmupIdentifiers.completedEvent,
                                       WarmupIdentifiers.startedEvent, WarmupIdentifiers.completedEvent])
    }

    @Test func aLateSubtaskOfAFailedSessionCannotEndTheNextOne() {
        let coordinator = WarmupFixture().coordinator()
        let stale = coordinator.begin(id: "summary", required: true)
        coordinator.begin(id: "orders", required: true).fail(DownloadFailed())
        let current = coordinator.begin(id: "orders", required: true)
        stale.fail(DownloadFailed())
        #expect(coordinator.state.value == .inProgress)
        current.finish()
        #expect(coordinator.state.value == .completed)
    }

    @Test func settlingATicketTwiceCountsOnce() {
        let coordinator = WarmupFixture().coordinator()
        let first = coordinator.begin(id: "summary", required: true)
        let second = coordinator.begin(id: "orders", required: true)
        first.finish()
        first.finish()
        first.fail(DownloadFailed())
        #expect(first.isSettled)
        #expect(coordinator.state.value == .inProgress)
        #expect(coordinator.snapshot.pendingRequired == 1)
        second.finish()
        #expect(coordinator.state.value == .completed)
    }

    @Test func aTicketDroppedUnsettledFailsTheSessionSoTheToastCannotStayForEver() {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        do {
            _ = coordinator.begin(id: "forgotten", required: true)
        }
        #expect(coordinator.state.value == .failed)
        #expect(fixture.sink.events.last?.attributes["error"] == "WarmupTicketAbandoned")
    }

    @Test func anyModuleJoinsThroughCoresPortAlone() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let port: any CacheWarmupPort = coordinator
        await cacheProductsThroughThePort(port, pages: 5)
        #expect(coordinator.state.value == .completed)
        #expect(coordinator.snapshot.subtasks == 6)
        #expect(coordinator.snapshot.sessionNumber == 1)
        #expect(coordinator.publishedChanges == 2)
    }

    @Test func subtasksFromManyTasksAtOnceKeepExactCountsAndPublishTwice() async {
        let coordinator = WarmupFixture().coordinator()
        let session = coordinator.begin(id: "launch", required: true)
        await withTaskGroup(of: Void.self) { group in
            for module in 0..<8 {
                group.addTask {
                    for item in 0..<2_000 {
                        coordinator.begin(id: "module\(module).\(item)", required: item % 3 != 0).finish()
                    }
                }
            }
        }
        #expect(coordinator.snapshot.subtasks == 16_001)
        #expect(coordinator.snapshot.pendingRequired == 1)
        #expect(coordinator.snapshot.pendingOptional == 0)
        #expect(coordinator.state.value == .inProgress)
        session.finish()
        #expect(coordinator.state.value == .completed)
        #expect(coordinator.publishedChanges == 2)
    }
}

@Suite("CacheWarmupCoordinator: telemetry")
struct CacheWarmupTelemetryTests {
    @Test func startedAndCompletedCarryTheDurationFromTheInjectedClock() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let ticket = coordinator.begin(id: "summary", required: true)
        await fixture.clock.advance(by: .milliseconds(1_500))
        ticket.finish()
        let events = fixture.sink.events
        #expect(events.map(\.name) == ["cache_warmup_started", "cache_warmup_completed"])
        #expect(events[0].duration == nil)
        #expect(events[1].duration == .milliseconds(1_500))
        #expect(events[1].attributes["subtasks"] == "1")
        #expect(events.allSatisfy { $0.date == fixedNow })
    }

    @Test func failedCarriesTheDurationAndWhichSubtaskFailed() async {
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator()
        let summary = coordinator.begin(id: "summary", required: true)
        await fixture.clock.advance(by: .seconds(2))
        let orders = coordinator.begin(id: "orders", required: true)
        await fixture.clock.advance(by: .milliseconds(250))
        orders.fail(DownloadFailed())
        summary.finish()
        let failed = fixture.sink.events.last
        #expect(fixture.eventNames == ["cache_warmup_started", "cache_warmup_failed"])
        #expect(failed?.duration == .milliseconds(2_250))
        #expect(failed?.attributes["subtask"] == "orders")
        #expect(failed?.attributes["error"] == "DownloadFailed")
    }

    @Test func theEventNamesAreTheOnesTheIdentifiersDeclare() {
        #expect(WarmupIdentifiers.telemetryEvents == ["cache_warmup_started", "cache_warmup_completed", "cache_warmup_failed"])
        #expect(WarmupIdentifiers.all.contains("cacheWarmupState"))
        #expect(WarmupIdentifiers.all.contains(WarmupIdentifiers.toastIcon))
    }
}

@Suite("CacheWarmupCoordinator: launch")
struct CacheWarmupLaunchTests {
    @Test func launchStaysIdleWhenNoCachingIsNeeded() async {
        let fixture = WarmupFixture()
        let warmed = Locked(false)
        let plan = CacheWarmupPlan(isWarmingNeeded: { false }, warm: { _ in warmed.withLock { $0 = true } })
        let coordinator = fixture.coordinator(plan: plan)
        #expect(await coordinator.launch() == false)
        #expect(coordinator.state.value == .idle)
        #expect(warmed.withLock { $0 } == false)
        #expect(fixture.eventNames.isEmpty)
    }

    @Test func launchWarmsInOneSessionWhichPiecesRunOneAfterAnotherJoin() async {
        let fixture = WarmupFixture()
        // Two features cache one after the other; the launch subtask keeps the session open between them.
        let plan = CacheWarmupPlan(isWarmingNeeded: { true }, warm: { port in
            await cacheProductsThroughThePort(port, pages: 3)
            await port.perform(id: "summary") {}
        })
        let coordinator = fixture.coordinator(plan: plan)
        var phases = coordinator.state.values().makeAsyncIterator()
        #expect(await phases.next() == .idle)
        #expect(await coordinator.launch() == true)
        #expect(await phases.next() == .completed)
        #expect(coordinator.snapshot.sessionNumber == 1)
        #expect(coordinator.snapshot.subtasks == 6)
        #expect(coordinator.publishedChanges == 2)
    }

    @Test func aFailingWarmEndsTheSessionQuietly() async {
        let fixture = WarmupFixture()
        let plan = CacheWarmupPlan(isWarmingNeeded: { true }, warm: { _ in throw DownloadFailed() })
        let coordinator = fixture.coordinator(plan: plan)
        #expect(await coordinator.launch() == true)
        #expect(coordinator.state.value == .failed)
        #expect(fixture.sink.events.last?.attributes["subtask"] == WarmupIdentifiers.launchSubtask)
    }
}
