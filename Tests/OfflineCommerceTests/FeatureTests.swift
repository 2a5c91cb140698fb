import Clocks
import Connectivity
import Core
import Foundation
@testable import OfflineCommerce
import ReferenceServer
import SecureStore
import Testing
import TestSupport
import IntegrationSupport
import OfflinePatterns
import OfflineCommerceLive

/// The feature actor end to end: SecureStore vault in a temporary folder, the reference backend on loopback,
/// connectivity switched by the test (the gate, the client and the feature all read the same status).
@Suite(.timeLimit(.minutes(1))) struct FeatureTests {
    struct Harness {
        let feature: CommerceFeature
        let connectivity: ConnectivitySwitch
        let clock: TestClock<Duration>
        let telemetry: InMemoryTelemetrySink

        var view: CommerceViewState { feature.viewState.value }

        /// Switches connectivity and waits until the feature shows it.
        func go(_ status: ConnectivityStatus) async {
            connectivity.set(status)
            await waitFor(feature.viewState) { ($0.offlineIndicator != nil) == (status == .offline) }
            await feature.waitUntilIdle()
        }

        func open(_ screen: CommerceScreen) async {
            await feature.open(screen)
            await feature.waitUntilIdle()
        }

        func tap(_ id: String) async {
            #expect(await feature.tap(actionID: id) == .handled, "\(id) is not on screen")
            await feature.waitUntilIdle()
        }
    }

    static func harness(_ url: URL?, store: any RecordStore, status: ConnectivityStatus, user: String = "user1",
                        keys: KeyCounter = KeyCounter()) -> Harness {
        let connectivity = ConnectivitySwitch(status)
        let api = url.map { CommerceAPI.live(client: httpClient($0, user: user, connectivity: connectivity.context), user: user) } ?? .test
        let clock = TestClock()
        let sink = InMemoryTelemetrySink()
        let feature = CommerceFeature(store: store, api: api, connectivity: connectivity.cell, time: TimeSource(clock: clock, now: { fixedNow }),
                                      telemetry: Telemetry(sink: sink, now: { fixedNow }), idempotencyKeys: IdempotencyKeys(keys.make))
        return Harness(feature: feature, connectivity: connectivity, clock: clock, telemetry: sink)
    }

    // MARK: Item 1

    @Test("AC1 every online view caches the cart and order history, encrypted per user")
    func everyOnlineViewCachesTheCartAndOrderHistoryEncryptedForTheUser() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let secure = try fixture.open()
        defer { secure.close() }
        try await withReferenceServer { server, url in
            let online = Self.harness(url, store: secure.vault(for: "user1"), status: .online)
            await online.open(.cart)
            let cart = try #require(online.view.cartContent)
            #expect(cart.lines.map(\.id) == ["user1-c1", "user1-c2", "user1-c3"])
            await online.open(.orders)
            #expect(online.view.ordersContent?.orders.count == 8)
            // Viewing again online revalidates again (stale-while-revalidate on every online view).
            await online.open(.cart)
            #expect(server.requestLog.count("GET /v1/users/{user}/cart") == 2)
            await online.feature.stop()

            // A later session, offline, on the same vault: the screens as they were.
            let offline = Self.harness(nil, store: secure.vault(for: "user1"), status: .offline)
            await offline.open(.cart)
            #expect(offline.view.cartContent?.lines.map(\.shown) == cart.lines.map(\.shown))
            await offline.open(.orders)
            #expect(offline.view.ordersContent?.orders.map(\.id) == (1...8).map { "user1-o\($0)" })
            // Another user of the same device sees nothing of it.
            let other = Self.harness(nil, store: secure.vault(for: "user2"), status: .offline)
            await other.open(.cart)
            #expect(other.view.cart == .empty(offlineFirstLoad(CommerceCopy.cartFirstLoad)))
        }
    }

    @Test("Cart story: the cached cart shows each line's image offline — fetched online, kept encrypted, a placeholder where it never loaded (issue 25, item 8)")
    func theCachedCartShowsEachLinesImageOffline() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let secure = try fixture.open()
        defer { secure.close() }
        try await withReferenceServer { server, url in
            // The image server fails at first: the cart loads, each line with a placeholder.
            try await server.setFaults(FaultConfiguration(errorRate: 1, errorStatus: 503, pathPrefixes: ["/v1/images/"]))
            let online = Self.harness(url, store: secure.vault(for: "user1"), status: .online)
            await online.open(.cart)
            let lines = try #require(online.view.cartContent?.lines)
            #expect(lines.count == 3 && lines.allSatisfy { $0.image.size == nil })
            // It recovers: the next online view fetches them, once each.
            try await server.clearFaults()
            await online.open(.cart)
            let sizes = try #require(online.view.cartContent?.lines.map(\.image.size))
            #expect(sizes == Array(repeating: PixelSize(width: 120, height: 120), count: 3))
            await online.open(.cart)
            #expect(server.requestLog.count("GET /v1/images/{name}") == 3 + 3, "three failed, three fetched, none fetched again")
            await online.feature.stop()

            // Offline, later, on the same vault: the same images.
            let offline = Self.harness(nil, store: secure.vault(for: "user1"), status: .offline)
            await offline.open(.cart)
            #expect(offline.view.cartContent?.lines.map(\.image.size) == sizes)
            #expect(offline.feature.viewNode.descendants.contains { if case let .image(image) = $0 { image.size != nil } else { false } })
        }
        for (name, bytes) in try fixture.files() {
            #expect(bytes.range(of: Data([0x89, 0x50, 0x4E, 0x47])) == nil, "\(name) holds a PNG in plain text")
        }
    }

    // MARK: Item 2

    @Test("AC2 offline end to end: last known data, indicator, disabled actions, toast, nothing sent")
    func offlineTheScreensShowTheLastKnownDataTheIndicatorAndDisabledActionsThatSayWhy() async throws {
        try await withReferenceServer { server, url in
            let app = Self.harness(url, store: InMemoryRecordStore(now: { fixedNow }), status: .online)
            await app.open(.orders)
            await app.open(.cart)
            let onlineCart = try #require(app.view.cartContent)
            let requestsBefore = server.requestLog.total

            await app.go(.offline)
            let banner = try #require(app.view.offlineIndicator)
            #expect(banner.accessibilityLabel == CoreCopy.offlineIndicatorAccessibilityLabel)
            let cart = try #require(app.view.cartContent)
            #expect(cart.lines.map(\.name) == onlineCart.lines.map(\.name))
            #expect(cart.lines.map(\.quantity) == onlineCart.lines.map(\.quantity))
            #expect(cart.lines.map(\.unitPrice) == onlineCart.lines.map(\.unitPrice))
            #expect(cart.total == onlineCart.total)
            #expect(cart.checkout?.accessibilityLabel == CoreCopy.disabledAccessibilityLabel(CommerceCopy.actionCheckout))

            for id in ["checkout", "update-quantity:user1-c1"] {
                await app.tap(id)
                #expect(app.view.toast?.message == CoreCopy.noConnection, "\(id)")
                #expect(app.view.sheet == nil)
            }
            await app.refresh()
            #expect(!app.view.isRefreshing)
            #expect(app.view.toast?.message == CoreCopy.noConnection)

            await app.open(.orders)
            let orders = try #require(app.view.ordersContent)
            #expect(orders.orders.count == 8)
            for id in ["track:user1-o2", "rate:user1-o1"] {
                #expect(app.view.actions[id]?.state == .disabled(reason: CoreCopy.noConnection))
                await app.tap(id)
                #expect(app.view.toast?.message == CoreCopy.noConnection, "\(id)")
            }
            // Offline, nothing at all went to the server.
            #expect(server.requestLog.total == requestsBefore)
        }
    }

    @Test("AC2 the no-connection toast goes after four seconds of the injected clock")
    func theNoConnectionToastDismissesItselfAfterFourSecondsOnTheInjectedClock() async throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        try CommerceRepository(store: store, api: .test, status: { .offline }, now: { fixedNow })
            .saveDrafts(FormDrafts(quantities: ["c1": 2]))
        let cart = CachedResource<ShoppingCart>(collection: CommerceRepository.Collection.cart, key: "current", store: store,
                                                now: { fixedNow }, status: { .offline }, fetch: { () throws(HTTPClientError) in Fixtures.cart })
        try cart.store(Fixtures.cart)
        let app = Self.harness(nil, store: store, status: .offline)
        await app.open(.cart)
        await app.tap("checkout")
        #expect(app.view.toast == CorePreviews.noConnectionToast)
        await app.clock.advance(by: .seconds(3))
        #expect(app.view.toast != nil)
        // Just past the deadline: TestClock parks a sleep whose deadline equals `now` until the next advance.
        await app.clock.advance(by: .seconds(1) + .milliseconds(1))
        await waitFor(app.feature.viewState) { $0.toast == nil }
        await app.feature.stop()
    }

    // MARK: Item 3: BR-OFF-001

    @Test("AC3 BR-OFF-001 end to end: no state-changing call reaches the server offline, and the user is told")
    func noStateChangingCallReachesTheServerOfflineAndTheUserIsTold() async throws {
        try await withReferenceServer { server, url in
            let app = Self.harness(url, store: InMemoryRecordStore(now: { fixedNow }), status: .online)
            await app.open(.orders)
            await app.open(.cart)
            // Each form opened online, then the connection goes before its submit.
            let forms: [(open: String, edit: String?, submit: String, screen: CommerceScreen)] = [
                ("update-quantity:user1-c1", "add-one", "submit-quantity", .cart),
                ("checkout", nil, "place-order", .cart),
                ("rate:user1-o1", "stars:4", "submit-rating", .orders),
            ]
            for form in forms {
                await app.go(.online)
                await app.open(form.screen)
                await app.tap(form.open)
                #expect(app.view.sheet != nil, "\(form.open)")
                if let edit = form.edit { await app.tap(edit) }
                if form.submit == "place-order" { await app.feature.editReceiptEmail("kari@example.com") }
                await app.go(.offline)
                await app.tap(form.submit)
                #expect(app.view.toast?.message == CoreCopy.noConnection, "\(form.submit)")
                // The form stays, its submit disabled with "You appear offline".
                #expect(app.view.actions[form.submit]?.state == .disabled(reason: CoreCopy.noConnection))
            }
            // Place order, update quantity, rate order, update profile: none reached the server.
            #expect(server.requestLog.entries.filter { $0.endpoint.hasPrefix("POST") }.isEmpty)
            #expect(app.telemetry.events.filter { $0.name == "commerce.action_refused" }.count == 3)
        }
    }

    @Test("AC3 AC4 online, quantity, checkout, rating and tracking go through and the screens follow")
    func onlineTheFormsGoThroughOnceAndTheScreensFollow() async throws {
        try await withReferenceServer { server, url in
            let keys = KeyCounter()
            let app = Self.harness(url, store: InMemoryRecordStore(now: { fixedNow }), status: .online, keys: keys)
            await app.open(.cart)
            await app.tap("update-quantity:user1-c2")
            await app.tap("add-one")
            await app.tap("submit-quantity")
            #expect(app.view.sheet == nil)
            #expect(app.view.cartContent?.lines.first { $0.id == "user1-c2" }?.quantity == CommerceCopy.cartQuantity(quantity: .integer(3)))

            await app.tap("checkout")
            await app.feature.editReceiptEmail("kari@example.com")
            await app.tap("place-order")
            #expect(app.view.cartContent?.lines.isEmpty == true)
            #expect(app.view.cartContent?.emptyMessage == CommerceCopy.cartEmpty)
            let placed = try #require(app.view.toast?.message.arguments.first)

            await app.open(.orders)
            #expect(app.view.ordersContent?.orders.first.map { CopyArgument.text($0.id) } == placed)
            await app.tap("rate:user1-o1")
            await app.tap("stars:4")
            await app.tap("submit-rating")
            #expect(app.view.toast?.message == CommerceCopy.toastRated)
            #expect(app.view.actions["rate:user1-o1"] == nil)

            await app.tap("track:user1-o2")
            guard case let .tracking(page) = app.view.sheet else { Issue.record("no tracking page"); return }
            #expect(page.page.content?.status == CommerceCopy.status(.shipped))

            #expect(server.requestLog.count("POST /v1/users/{user}/cart/items/{item}/quantity") == 1)
            #expect(server.requestLog.count("POST /v1/users/{user}/profile") == 1)
            #expect(server.requestLog.count("POST /v1/users/{user}/orders") == 1)
            #expect(server.requestLog.count("POST /v1/users/{user}/orders/{order}/rating") == 1)
            #expect(server.requestLog.entries.compactMap(\.idempotencyKey) == ["key-1", "key-2-profile", "key-2-order", "key-3"])
        }
    }

    // MARK: Item 4

    @Test("AC4 back online end to end: indicator gone, actions enabled, revalidated by itself, pull-to-refresh works")
    func backOnlineTheIndicatorGoesActionsEnableAndTheVisibleScreenRevalidatesByItself() async throws {
        try await withReferenceServer { server, url in
            let app = Self.harness(url, store: InMemoryRecordStore(now: { fixedNow }), status: .online)
            await app.open(.cart)
            await app.go(.offline)
            #expect(app.view.cartContent?.checkout?.state == .disabled(reason: CoreCopy.noConnection))
            let fetched = server.requestLog.count("GET /v1/users/{user}/cart")

            await app.go(.online)
            #expect(app.view.offlineIndicator == nil)
            #expect(app.view.cartContent?.checkout?.state == .enabled)
            #expect(app.view.cartContent?.lines.allSatisfy { $0.updateQuantity.state == .enabled } == true)
            // Nobody pulled: the visible screen asked the server again on its own.
            #expect(server.requestLog.count("GET /v1/users/{user}/cart") == fetched + 1)
            // And pull-to-refresh works again.
            await app.refresh()
            #expect(server.requestLog.count("GET /v1/users/{user}/cart") == fetched + 2)
            #expect(app.view.toast == nil)
        }
    }

    // MARK: Item 5

    @Test("AC5 end to end: never visited online, each screen says a connection is needed, then loads online")
    func aScreenNeverVisitedOnlineSaysAConnectionIsNeededTheFirstTimeThenLoadsWhenOnline() async throws {
        try await withReferenceServer { _, url in
            let app = Self.harness(url, store: InMemoryRecordStore(now: { fixedNow }), status: .offline)
            await app.open(.cart)
            #expect(app.view.cart == .empty(offlineFirstLoad(CommerceCopy.cartFirstLoad)))
            await app.open(.orders)
            #expect(app.view.orders == .empty(offlineFirstLoad(CommerceCopy.ordersFirstLoad)))
            // Retry offline says why; online it loads.
            await app.tap("retry")
            #expect(app.view.toast?.message == CoreCopy.noConnection)
            await app.go(.online)
            #expect(app.view.ordersContent?.orders.count == 8)
        }
    }

    // MARK: Issue 25, item 5

    @Test("AC-004 end to end: a refresh the server fails is retried by itself on the injected clock until it recovers")
    func aRefreshTheServerFailsIsRetriedByItselfUntilItRecovers() async throws {
        try await withReferenceServer { server, url in
            let app = Self.harness(url, store: InMemoryRecordStore(now: { fixedNow }), status: .online)
            await app.open(.cart)
            #expect(app.view.cartContent != nil)
            try await server.setFaults(FaultConfiguration(errorRate: 1, errorStatus: 503, pathPrefixes: ["/v1/users/user1/cart"]))
            await app.refresh()
            #expect(app.view.refreshBanner?.title == CoreCopy.refreshFailedTitle && app.view.offlineIndicator == nil)
            #expect(app.view.cartContent != nil, "the saved cart stays")
            let endpoint = "GET /v1/users/{user}/cart"
            // Nobody taps: the retry comes by itself once its time has passed on the injected clock.
            let failed = server.requestLog.count(endpoint)
            await app.clock.advance(by: .seconds(2))
            for _ in 0..<10_000 where server.requestLog.count(endpoint) == failed { await Task.yield() }
            await app.feature.waitUntilIdle()
            #expect(server.requestLog.count(endpoint) == failed + 1)
            #expect(app.view.refreshBanner != nil, "still failing: still said")
            // The server recovers; the next retry (at most 4 s later) brings the truth and the banner goes.
            try await server.setFaults(.none)
            await app.clock.advance(by: .seconds(4))
            for _ in 0..<10_000 where app.view.refreshBanner != nil { await Task.yield(); await app.feature.waitUntilIdle() }
            #expect(app.view.refreshBanner == nil)
            #expect(server.requestLog.count(endpoint) == failed + 2)
        }
    }

    // MARK: Item 6

    @Test("AC6 requests fail fast (timeout on the injected clock) and the failure keeps the cached view")
    func requestsFailFastOnTheInjectedClockAndAFailureKeepsTheCachedView() async throws {
        try await withReferenceServer { server, url in
            let connectivity = ConnectivitySwitch(.online)
            let clock = TestClock()
            let time = TimeSource(clock: clock, now: { fixedNow })
            let client = httpClient(url, connectivity: connectivity.context, time: time, timeout: .seconds(30))
            let feature = CommerceFeature(store: InMemoryRecordStore(now: { fixedNow }),
                                          api: .live(client: client, user: "user1", readTimeout: .seconds(2)),
                                          connectivity: connectivity.cell, time: time, idempotencyKeys: .sequential("commerce"))
            await feature.open(.cart)
            await feature.waitUntilIdle()
            let cached = try #require(feature.viewState.value.cartContent)

            // The server now takes a minute to answer; the read gives up after two seconds of the injected clock.
            try await server.setFaults(FaultConfiguration(latencyMs: 60_000))
            await feature.refresh()
            #expect(feature.viewState.value.isRefreshing)
            var waited = Duration.zero
            while feature.viewState.value.isRefreshing, waited < .seconds(10) {
                await clock.advance(by: .milliseconds(250))
                waited += .milliseconds(250)
                await Task.yield()
            }
            let view = await waitFor(feature.viewState) { !$0.isRefreshing }
            #expect(waited <= .seconds(3), "gave up after \(waited) of the injected clock")
            #expect(await feature.snapshot.cart.lastFailure == .timeout)
            #expect(view.cartContent == cached)
            #expect(view.toast?.message == CoreCopy.noConnection)
            await feature.stop()
            try await server.clearFaults()
        }
    }

    // MARK: Item 7

    @Test("AC7 only what the screens show is stored: no token, no profile, no e-mail")
    func onlyWhatTheScreensShowIsStoredNoTokenNoProfileNoEmail() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let secure = try fixture.open()
        defer { secure.close() }
        let store = RecordingStore(secure.vault(for: "user1"))
        try await withReferenceServer { _, url in
            let app = Self.harness(url, store: store, status: .online)
            await app.open(.cart)
            await app.tap("update-quantity:user1-c1")
            await app.tap("add-one")
            await app.tap("cancel")
            await app.open(.orders)
            await app.tap("rate:user1-o1")
            await app.tap("stars:3")
            await app.tap("submit-rating")
            await app.open(.cart)
            await app.tap("checkout")
            await app.feature.editReceiptEmail("kari.nordmann@example.com")
            await app.tap("place-order")
            await app.feature.prefetch()
        }
        let saved = store.saved
        #expect(!saved.isEmpty)
        // Only the module's collections, and the validators of its cart and history (an opaque tag and a date each).
        let validators = CachedResource<ShoppingCart>.validatorsCollection
        #expect(Set(saved.map(\.collection)).isSubset(of: Set(CommerceRepository.Collection.all + [validators])))
        #expect(Set(saved.filter { $0.collection == validators }.map(\.key))
            .isSubset(of: ["\(CommerceRepository.Collection.cart)/current", "\(CommerceRepository.Collection.orders)/current"]))
        // Only the fields the screens show.
        let allowed: [String: Set<String>] = [
            CommerceRepository.Collection.cart: ["items", "total", "currency", "id", "name", "imageRef", "quantity", "unitPrice"],
            CommerceRepository.Collection.orders: ["ids", "dates", "statuses", "totals", "currencies", "rated"],
            CommerceRepository.Collection.drafts: ["quantities", "ratings", "user1-c1", "user1-o1"],
            validators: ["etag", "lastModified"],
        ]
        for record in saved where record.collection == CommerceRepository.Collection.images {
            #expect(PixelSize(png: record.value) != nil, "only the cart's images, as PNGs")
        }
        let imageIndex = "\(CommerceRepository.Collection.images).index"
        for record in saved where record.collection == imageIndex {
            let keys = try Self.jsonKeys(record.value).filter { !$0.hasPrefix("img/") }  // keyed by the lines' image references
            #expect(keys.isSubset(of: ["bytes", "size", "width", "height", "lastShown"]), "\(keys)")
        }
        for record in saved where record.collection != CommerceRepository.Collection.images && record.collection != imageIndex {
            let keys = try Self.jsonKeys(record.value)
            #expect(keys.isSubset(of: allowed[record.collection] ?? []), "\(record.collection) stores \(keys.subtracting(allowed[record.collection] ?? []))")
            let text = String(decoding: record.value, as: UTF8.self)
            for secret in ["token-user1", "Bearer", "kari.nordmann", "@example.com", "User 1", "displayName", "email", "comment", "stars"] {
                #expect(!text.contains(secret), "\(record.collection) holds \(secret)")
            }
        }
        // And what is in the vault now is exactly that.
        for collection in CommerceRepository.Collection.all where !collection.hasPrefix(CommerceRepository.Collection.images) {
            for record in try secure.vault(for: "user1").loadAll(collection: collection) {
                #expect(try Self.jsonKeys(record.value).isSubset(of: allowed[collection] ?? []))
            }
        }
        // The files themselves hold no plaintext of it either.
        for (name, bytes) in try fixture.files() {
            for marker in ["kari.nordmann", "token-user1", "Espresso Machine", "user1-o1"] {
                #expect(bytes.range(of: Data(marker.utf8)) == nil, "\(marker) in \(name)")
            }
        }
    }

    /// Every object key anywhere in a JSON value.
    static func jsonKeys(_ data: Data) throws -> Set<String> {
        func walk(_ value: Any) -> Set<String> {
            if let object = value as? [String: Any] {
                return object.reduce(into: Set(object.keys)) { $0.formUnion(walk($1.value)) }
            }
            if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(walk($1)) } }
            return []
        }
        return walk(try JSONSerialization.jsonObject(with: data))
    }

    // MARK: Prefetch (the warm-up session)

    @Test func prefetchFillsBothCachesForLaterOfflineUse() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let secure = try fixture.open()
        defer { secure.close() }
        try await withReferenceServer { _, url in
            let app = Self.harness(url, store: secure.vault(for: "user1"), status: .online)
            #expect(await app.feature.prefetch().succeeded)
        }
        let offline = Self.harness(nil, store: secure.vault(for: "user1"), status: .offline)
        await offline.open(.cart)
        #expect(offline.view.cartContent?.lines.count == 3)
        await offline.open(.orders)
        #expect(offline.view.ordersContent?.orders.count == 8)
        #expect(await offline.feature.prefetch() == PrefetchOutcome(cartError: .offline, ordersError: .offline))
    }

    @Test func prefetchJoinsTheWarmupSessionAsOneSubtaskFailedByEitherResource() async throws {
        let port = RecordingWarmupPort()
        try await withReferenceServer { server, url in
            let app = Self.harness(url, store: InMemoryRecordStore(now: { fixedNow }), status: .online)
            try await app.feature.prefetch(reportingTo: port)
            #expect(port.settlements == ["commerce: finished"])
            try await server.setFaults(FaultConfiguration(errorRate: 1, errorStatus: 503, pathPrefixes: ["/v1/users/user1/orders"]))
            await #expect(throws: HTTPClientError.self) { try await app.feature.prefetch(reportingTo: port) }
            #expect(port.settlements == ["commerce: finished", "commerce: failed"])
        }
    }
}

extension FeatureTests.Harness {
    func refresh() async {
        await feature.refresh()
        await feature.waitUntilIdle()
    }
}
