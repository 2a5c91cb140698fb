import Clocks
import Connectivity
import Core
import Foundation
import OfflineProducts
import Testing
import TestSupport

/// The feature actor with an in-memory store and API fixtures: effects run, view state published.
@Suite(.timeLimit(.minutes(1))) struct ProductsFeatureTests {
    func feature(store: any RecordStore, api: ProductsAPI, status: StateCell<ConnectivityStatus>,
                 clock: TestClock<Duration> = TestClock(), telemetry: Telemetry = .disabled) -> ProductsFeature {
        ProductsFeature(store: store, api: api, connectivity: status, time: TimeSource(clock: clock, now: { fixedNow }), telemetry: telemetry,
                        idempotencyKeys: .sequential("products"))
    }

    @Test func showsCachedProductsWhenOfflineWithTheOfflineIndicatorAnnounced() async throws {
        let products = makeProducts(4)
        let feature = feature(store: try storeHolding(products), api: .offline, status: connectivity(.offline))
        await feature.open()
        let view = await waitFor(feature.viewState) { $0.offlineIndicator != nil }
        #expect(view.rows.map(\.name) == products.map(\.name))
        #expect(view.announcement == CoreCopy.offlineIndicatorAccessibilityLabel)
        #expect(localizer("en").string(view.announcement!) == "You are offline. Viewing offline data.")
        #expect(localizer("en").string(view.offlineIndicator!.title) == "Offline Mode")
        #expect(localizer("en").string(view.offlineIndicator!.message!) == "Viewing offline data")
        await feature.stop()
    }

    @Test func needsWarmingWhenNothingIsCachedTheListIsOlderThanADayOrItCannotBeOpened() throws {
        func needsWarming(_ store: any RecordStore, at now: Date) -> Bool {
            ProductsFeature(store: store, api: .offline, connectivity: connectivity(.online), time: TimeSource(clock: TestClock(), now: { now }),
                            idempotencyKeys: .sequential("products"))
                .needsWarming
        }
        #expect(needsWarming(try storeHolding(nil), at: fixedNow))
        // storeHolding saves the list a day before fixedNow: a day old is still fresh, a second more is not.
        let cached = try storeHolding(makeProducts(3))
        #expect(!needsWarming(cached, at: fixedNow))
        #expect(needsWarming(cached, at: fixedNow.addingTimeInterval(1)))
        #expect(needsWarming(UnopenableStore(), at: fixedNow))
    }

    @Test func theFirstViewStateComesFromTheCacheBeforeAnySync() async throws {
        let held = HeldFetch(makeProducts(9))
        let feature = feature(store: try storeHolding(makeProducts(3)), api: held.api, status: connectivity(.online))
        await feature.open()
        #expect(feature.viewState.value.rows.count == 3, "published by open() itself, from the cache")
        await feature.loggedIn()
        #expect(feature.viewState.value.isSyncing)
        held.release()
        await feature.waitUntilIdle()
        #expect(feature.viewState.value.rows.count == 9)
        await feature.stop()
    }

    @Test func theUIIsNotBlockedWhileTheBackgroundSyncRuns() async throws {
        let products = makeProducts(5)
        let held = HeldFetch(makeProducts(7))
        let status = connectivity(.offline)
        let feature = feature(store: try storeHolding(products), api: held.api, status: status)
        await feature.open()
        await waitFor(feature.viewState) { $0.offlineIndicator != nil }
        status.set(.online)
        await waitFor(feature.viewState) { $0.isSyncing }
        // The fetch is held: the screen still answers every event at once.
        await feature.openProduct(id: products[2].id)
        var view = feature.viewState.value
        #expect(view.card?.card.productName == products[2].name)
        #expect(view.isSyncing && view.offlineIndicator != nil)
        await feature.closeCard()
        #expect(feature.viewState.value.card == nil)
        #expect(held.calls <= 1, "the fetch has not answered yet")
        held.release()
        view = await waitFor(feature.viewState) { !$0.isSyncing }
        #expect(held.calls == 1)
        #expect(view.offlineIndicator == nil)
        #expect(view.rows.count == 7)
        await feature.stop()
    }

    @Test func firstUseWithNoPriorSyncShowsTheConnectToSyncMessage() async throws {
        let feature = feature(store: try storeHolding(nil), api: .test, status: connectivity(.offline))
        await feature.open()
        let view = await waitFor(feature.viewState) { $0.offlineIndicator != nil }
        #expect(view.list == .blocked(EmptyState(title: ProductsCopy.firstUseMessage)))
        #expect(localizer("en").string(ProductsCopy.firstUseMessage) == "Please connect to the internet to sync your products")
        await feature.stop()
    }

    @Test func failedFirstSyncSaysItDidNotLoadAndNoErrorToast() async throws {
        let scripted = ScriptedAPI([.failure(.http(status: 503))])
        let feature = feature(store: try storeHolding(nil), api: scripted.api, status: connectivity(.online))
        await feature.open()
        await feature.waitUntilIdle()
        let view = feature.viewState.value
        guard case let .blocked(empty) = view.list else { Issue.record("expected the load-failed state, got \(view.list)"); return }
        #expect(empty.title == ProductsCopy.firstUseFailedTitle)
        #expect(view.toast == nil)
        #expect(scripted.calls == 3, "a 503 page is retried before the sync gives up")
        await feature.stop()
    }

    @Test func failedSyncKeepsTheLastGoodCacheSilently() async throws {
        let products = makeProducts(5)
        let store = try storeHolding(products)
        let sink = InMemoryTelemetrySink()
        let scripted = ScriptedAPI([.failure(.connectionLost("reset by peer"))])
        let feature = feature(store: store, api: scripted.api, status: connectivity(.online), telemetry: Telemetry(sink: sink, now: { fixedNow }))
        await feature.open()
        await feature.loggedIn()
        await feature.waitUntilIdle()
        let view = feature.viewState.value
        #expect(view.rows.map(\.id) == products.map(\.id))
        #expect(view.toast == nil && view.offlineIndicator == nil && view.syncProgress == nil)
        #expect(ProductsRepository(store: store, api: .test, now: { fixedNow }, status: { .offline }).cachedCatalog().map { Array($0.value.products) } == products)
        #expect(sink.events.last { $0.name == "products.sync" }?.attributes["outcome"] == "kept")
        await feature.stop()
    }

    @Test func syncsOnLoginAndOnForegroundWhenOnline() async throws {
        let scripted = ScriptedAPI([.products(makeProducts(2)), .products(makeProducts(4))])
        let feature = feature(store: try storeHolding(makeProducts(1)), api: scripted.api, status: connectivity(.online))
        await feature.open()
        await feature.loggedIn()
        await feature.waitUntilIdle()
        #expect(feature.viewState.value.rows.count == 2)
        await feature.lifecycle(.backgrounded)
        await feature.lifecycle(.foregrounded)
        await feature.waitUntilIdle()
        #expect(feature.viewState.value.rows.count == 4)
        #expect(scripted.calls == 2)
        await feature.stop()
    }

    @Test func noSyncOnForegroundWhileOffline() async throws {
        let scripted = ScriptedAPI([.products(makeProducts(2))])
        let feature = feature(store: try storeHolding(makeProducts(1)), api: scripted.api, status: connectivity(.offline))
        await feature.open()
        await waitFor(feature.viewState) { $0.offlineIndicator != nil }
        await feature.lifecycle(.foregrounded)
        await feature.loggedIn()
        await feature.waitUntilIdle()
        #expect(scripted.calls == 0)
        #expect(feature.viewState.value.rows.count == 1)
        await feature.stop()
    }

    @Test func tappingADisabledActionShowsRequiresConnectionUntilTheClockPasses() async throws {
        let clock = TestClock()
        let products = makeProducts(2)
        let feature = feature(store: try storeHolding(products), api: .test, status: connectivity(.offline), clock: clock)
        await feature.open()
        await waitFor(feature.viewState) { $0.offlineIndicator != nil }
        #expect(await feature.tap(actionID: "product:\(products[0].id)") == .handled)
        #expect(await feature.tap(actionID: "raise-service-request") == .handled)
        let toast = try #require(feature.viewState.value.toast)
        #expect(localizer("en").string(toast.message) == "This feature requires an internet connection")
        #expect(feature.viewState.value.flow == nil)
        await clock.advance(by: ToastSlot.duration + .milliseconds(1))
        await waitFor(feature.viewState) { $0.toast == nil }
        #expect(await feature.tap(actionID: "back") == .handled)
        #expect(await feature.tap(actionID: "no-such-button") == .notOnScreen)
        await feature.stop()
    }

    @Test func programmaticOnlineOnlyActionsOfflineFailWithATypedErrorAndSendNothing() async throws {
        let sent = ScriptedAPI([.products([])])
        var api = sent.api
        api.raiseServiceRequest = { _, _, _ throws(HTTPClientError) in Issue.record("a request was built while offline"); throw .offline }
        api.transferOwnership = { _, _, _ throws(HTTPClientError) in Issue.record("a request was built while offline"); throw .offline }
        let products = makeProducts(1)
        let feature = feature(store: try storeHolding(products), api: api, status: connectivity(.offline))
        await feature.open()
        await #expect(throws: ProductActionError.requiresConnection(.raiseServiceRequest)) {
            try await feature.raiseServiceRequest(productID: products[0].id, issue: "Leaks water")
        }
        await #expect(throws: ProductActionError.requiresConnection(.transferOwnership)) {
            try await feature.transferOwnership(productID: products[0].id, toUser: "user2")
        }
        #expect(ProductActionError.requiresConnection(.transferOwnership).message == CoreCopy.requiresConnection)
        #expect(feature.viewState.value.rows.count == 1, "offline data is read-only: nothing changed")
        await feature.stop()
    }

    @Test func prefetchFillsTheCacheForTheWarmupSession() async throws {
        let store = try storeHolding(nil)
        let feature = feature(store: store, api: .serving(makeProducts(60), pageSize: 25), status: connectivity(.online))
        #expect(await feature.prefetch())
        #expect(ProductsRepository(store: store, api: .test, now: { fixedNow }, status: { .offline }).cachedCatalog()?.value.count == 60)
        let offline = self.feature(store: try storeHolding(nil), api: .test, status: connectivity(.offline))
        await offline.connectivityChanged(.offline)
        #expect(await offline.prefetch() == false)
        await feature.stop()
        await offline.stop()
    }

    @Test func aPrefetchAfterTheLaunchsOwnSyncHasEndedDoesNotFetchTheListAgain() async throws {
        let pages = Locked(0)
        var api = ProductsAPI.serving(makeProducts(60), pageSize: 25)
        let serve = api.fetchPage
        api.fetchPage = { offset, limit throws(HTTPClientError) in
            pages.withLock { $0 += 1 }
            return try await serve(offset, limit)
        }
        let feature = feature(store: try storeHolding(nil), api: api, status: connectivity(.online))
        await feature.lifecycle(.launched) // BR-002: the launch syncs
        await feature.waitUntilIdle()
        #expect(pages.withLock { $0 } == 3)
        // The warmup, which decided to warm before that sync ended, finds the list fresh: nothing is fetched again.
        #expect(await feature.prefetch())
        #expect(pages.withLock { $0 } == 3)
        await feature.stop()
    }

    @Test(arguments: [0, 1, 3, 5, 50, 120])
    func productListWithThisManyProductsSyncsAndReadsBack(_ count: Int) async throws {
        let products = makeProducts(count)
        let store = try storeHolding(nil)
        let feature = feature(store: store, api: .serving(products, pageSize: 50), status: connectivity(.online))
        await feature.open()
        await feature.waitUntilIdle()
        let view = feature.viewState.value
        if count == 0 {
            #expect(view.list == .empty(EmptyState(title: ProductsCopy.emptyNoProducts)))
        } else {
            #expect(view.rows.map(\.id) == products.map(\.id))
            #expect(view.list.content?.count == ProductsCopy.productsCount(count: count))
        }
        await feature.stop()
        // Offline afterwards, a fresh feature on the same store shows the same list.
        let reopened = self.feature(store: store, api: .offline, status: connectivity(.offline))
        await reopened.open()
        #expect(reopened.viewState.value.rows.map(\.id) == products.map(\.id))
        await reopened.stop()
    }

    @Test func theCachedListRoundTripsAndAnUnreadableRecordIsACacheMissNotACrash() async throws {
        let products = makeProducts(7)
        let store = try storeHolding(products)
        let repository = ProductsRepository(store: store, api: .test, now: { fixedNow }, status: { .offline })
        #expect(repository.cachedCatalog().map { Array($0.value.products) } == products)
        // A record from a future build, and one cut short: both read as "nothing cached", never as wrong data.
        for damaged in [#"{"format":2,"id":[]}"#, #"{"format":1,"id":["a"],"name":[]}"#, "not json"] {
            try store.save(Data(damaged.utf8), collection: ProductsRepository.collection, key: ProductsRepository.catalogKey)
            #expect(repository.cachedCatalog() == nil)
            let feature = feature(store: store, api: .test, status: connectivity(.offline))
            await feature.open()
            #expect(feature.viewState.value.list == .blocked(EmptyState(title: ProductsCopy.firstUseMessage)))
            await feature.stop()
        }
    }
}
