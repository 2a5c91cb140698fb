import Core
import Foundation
import Testing
import TestSupport

@Suite("Core vocabulary")
struct VocabularyTests {
    @Test func freshnessTurnsStaleAfterItsThreshold() {
        let updated = fixedNow
        let freshness = Freshness(lastUpdated: updated, staleAfter: .seconds(30 * 86_400))
        #expect(!freshness.isStale(at: updated.addingTimeInterval(30 * 86_400)))
        #expect(freshness.isStale(at: updated.addingTimeInterval(30 * 86_400 + 1)))
        #expect(freshness.lastUpdatedCopy == Copy("Core", "freshness.lastUpdated", [.date(updated, .medium)]))
    }

    @Test func neverLoadedDataIsMissingNotStale() {
        let freshness = Freshness(lastUpdated: nil, staleAfter: .seconds(1))
        #expect(!freshness.isStale(at: fixedNow))
        #expect(freshness.lastUpdatedCopy == nil)
    }

    @Test func disabledActionSaysWhyAndIsAnnouncedAsDisabled() {
        let title = Copy("OfflineCommerce", "action.checkout")
        let action = Action(id: "checkout", title: title, state: .disabled(reason: CoreCopy.noConnection))
        #expect(!action.state.isEnabled)
        #expect(action.state.disabledReason == CoreCopy.noConnection)
        #expect(action.accessibilityLabel == Copy("Core", "accessibility.disabledAction", [.copy(title)]))
        #expect(Action(id: "checkout", title: title).accessibilityLabel == title)
    }

    @Test func screenStateExposesItsContentOnlyWhenItHasSome() {
        let loaded = ScreenState<[String]>.content(["a"])
        let empty = ScreenState<[String]>.empty(EmptyState(title: CoreCopy.requiresConnection))
        #expect(loaded.content == ["a"])
        #expect(empty.content == nil)
    }

    @Test func connectivityStatusIsHonestWhileUnknown() {
        #expect(!ConnectivityStatus.unknown.showsOfflineIndicator)
        #expect(!ConnectivityStatus.unknown.allowsOnlineActions)
        #expect(ConnectivityStatus.offline.showsOfflineIndicator)
        #expect(ConnectivityStatus.online.allowsOnlineActions)
    }

    @Test func terminatedAppOnlyLaunchesAgain() {
        #expect(AppLifecycle.terminated.canMove(to: .launched))
        #expect(!AppLifecycle.terminated.canMove(to: .foregrounded))
        #expect(AppLifecycle.launched.canMove(to: .backgrounded))
        #expect(AppLifecycle.backgrounded.canMove(to: .foregrounded))
        #expect(!AppLifecycle.foregrounded.canMove(to: .launched))
    }

    @Test func telemetryCarriesTheInjectedDateAndDuration() {
        let sink = InMemoryTelemetrySink()
        let telemetry = Telemetry(sink: sink, now: { fixedNow })
        telemetry.record("cache_warmup_completed", attributes: ["subtasks": "4"], duration: .milliseconds(1500))
        #expect(sink.events == [TelemetryEvent(name: "cache_warmup_completed", attributes: ["subtasks": "4"],
                                               duration: .milliseconds(1500), date: fixedNow)])
    }

    @Test func timeSourceFixedReturnsTheSameDate() {
        let time = TimeSource.fixed(fixedNow, clock: ContinuousClock())
        #expect(time.now() == fixedNow)
        #expect(Duration.milliseconds(1500).seconds == 1.5)
    }

    @Test func inMemoryRecordStoreAppliesABatchAndKeepsFirstSaveOrder() throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        try store.apply([
            .save(collection: "products", key: "b", value: Data("2".utf8)),
            .save(collection: "products", key: "a", value: Data("1".utf8)),
        ])
        try store.save(Data("2b".utf8), collection: "products", key: "b")
        #expect(try store.loadAll(collection: "products").map(\.key) == ["b", "a"])
        #expect(try store.load(collection: "products", key: "b")?.value == Data("2b".utf8))
        try store.replaceAll(collection: "products", with: [(key: "c", value: Data())])
        #expect(try store.loadAll(collection: "products").map(\.key) == ["c"])
        try store.delete(collection: "products", key: "c")
        #expect(try store.load(collection: "products", key: "c") == nil)
    }

    @Test func storedRecordKnowsWhenItHasExpired() {
        let record = StoredRecord(collection: "c", key: "k", value: Data(), savedAt: fixedNow, expiresAt: fixedNow.addingTimeInterval(60))
        #expect(!record.isExpired(at: fixedNow))
        #expect(record.isExpired(at: fixedNow.addingTimeInterval(60)))
    }
}
