import Connectivity
import Core
import Foundation
@testable import OfflineCommerce
import ReferenceServer
import SecureStore
import TestSupport
import IntegrationSupport
import Testing
import OfflineCommerceLive
import WireContract

/// The repository with real parts: a SecureStore vault in a temporary folder and the reference backend on loopback.
@Suite(.timeLimit(.minutes(1))) struct RepositoryTests {
    @Test func theOrderHistoryWritesItsOwnCacheBytesAndTheyReadBackExactly() throws {
        var history = Fixtures.bigHistory(300)
        history.orders[0].id = "quote \" backslash \\ tab \t 日本"
        let own = try #require(history.cacheData())
        #expect(try CachedResourceCoding.decoder.decode(OrderHistory.self, from: own) == history)
        let standard = try CachedResourceCoding.encoder.encode(history)
        #expect(try JSONSerialization.jsonObject(with: own) as? NSDictionary == JSONSerialization.jsonObject(with: standard) as? NSDictionary)
    }

    static func repository(_ url: URL, vault: any RecordStore, user: String = "user1", status: ConnectivityStatus = .online,
                           client connectivity: ConnectivityContext = .alwaysOnline) -> CommerceRepository {
        let api = CommerceAPI.live(client: httpClient(url, user: user, connectivity: connectivity), user: user)
        return CommerceRepository(store: vault, api: api, status: { status }, now: { fixedNow })
    }

    @Test("An image that is not a PNG is not kept, and telemetry says so (the line keeps its placeholder)")
    func anImageThatIsNotAPNGIsReportedNotDroppedSilently() async throws {
        let cart = ShoppingCart(items: [CartLine(id: "1", name: "Mug", imageRef: "mug.jpg", quantity: 1, unitPrice: 5, currency: "EUR")],
                                total: 5, currency: "EUR")
        var api = CommerceAPI.fixture(cart: cart, orders: OrderHistory(orders: []))
        api.fetchImage = { _ throws(HTTPClientError) in Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) } // a JPEG's first bytes
        let sink = InMemoryTelemetrySink()
        let repository = CommerceRepository(store: InMemoryRecordStore(now: { fixedNow }), api: api, status: { .online }, now: { fixedNow },
                                            telemetry: Telemetry(sink: sink, now: { fixedNow }))
        _ = await repository.revalidateCart()
        #expect(repository.imageSizes(of: cart).isEmpty)
        let event = try #require(sink.events.first { $0.name == "commerce.image_not_kept" })
        #expect(event.attributes["reason"] == "not a PNG within the budget" && event.attributes["bytes"] == "6")
    }

    // MARK: Item 1

    @Test("AC1 the vault holds each user's cart and history, encrypted")
    func cartAndOrderHistoryAreCachedEncryptedPerUserOnEveryOnlineView() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let secure = try fixture.open()
        defer { secure.close() }
        try await withReferenceServer { server, url in
            let first = Self.repository(url, vault: secure.vault(for: "user1"), user: "user1")
            let second = Self.repository(url, vault: secure.vault(for: "user2"), user: "user2")
            #expect(first.cachedCart() == nil)
            #expect(first.cachedOrders() == nil)
            let cart = try #require(await first.revalidateCart().current)
            let orders = try #require(await first.revalidateOrders().current)
            _ = await second.revalidateCart()
            #expect(cart.savedAt == fixedNow)
            #expect(cart.value.items.map(\.id) == ["user1-c1", "user1-c2", "user1-c3"])
            #expect(orders.value.orders.count == 8)
            // Read back from the vault: the same values, each user only their own.
            #expect(first.cachedCart() == cart)
            #expect(first.cachedOrders() == orders)
            #expect(second.cachedCart()?.value.items.map(\.id) == ["user2-c1", "user2-c2", "user2-c3"])
            #expect(second.cachedOrders() == nil)
            // Every online view refreshes the cache (a second view fetches again).
            _ = await first.revalidateCart()
            #expect(server.requestLog.count("GET /v1/users/{user}/cart") == 3)
        }
        // Encrypted: no file of the store holds the cached names, ids or amounts in plaintext.
        for (name, bytes) in try fixture.files() {
            for marker in ["Espresso Machine", "user1-c1", "user1-o1", "249.00", "commerce.cart"] {
                #expect(bytes.range(of: Data(marker.utf8)) == nil, "\(marker) in \(name)")
            }
        }
    }

    @Test("AC1 money is exact: decimal strings to Decimal, line totals add up to the cart total")
    func moneyIsReadExactlyFromTheServersDecimalStrings() async throws {
        try await withReferenceServer(seed: SeedConfiguration(cartItemsPerUser: 10)) { _, url in
            let repository = Self.repository(url, vault: InMemoryRecordStore(now: { fixedNow }))
            let cart = try #require(await repository.revalidateCart().current?.value)
            #expect(cart.items.contains { $0.unitPrice == Fixtures.money("39.90") })
            #expect(cart.items.contains { $0.unitPrice == Fixtures.money("89.99") })
            // Line totals add up to the server's subtotal to the cent: no binary floating point anywhere.
            #expect(cart.items.reduce(Decimal(0)) { $0 + $1.lineTotal } == cart.total)
            // And survive the cache's round trip unchanged.
            #expect(repository.cachedCart()?.value == cart)
        }
    }

    @Test func theWireFormatIsReadStrictly() throws {
        func total(_ text: String) throws(HTTPClientError) -> Decimal {
            try ShoppingCart(wire: Wire.Cart(items: [], subtotal: text, currency: "EUR")).total
        }
        #expect(throws: HTTPClientError.self) { try total("12,50") }
        #expect(throws: HTTPClientError.self) { try total("1.2.3") }
        #expect(throws: HTTPClientError.self) { try total("") }
        #expect(try total("-0.10") == Fixtures.money("-0.10"))
        let unknownStatus = Data(#"{"id":"o1","date":"2026-01-01T00:00:00Z","status":"lost","total":"1.00","currency":"EUR"}"#.utf8)
        let order = try WireJSON.decoder.decode(Wire.Order.self, from: unknownStatus)
        #expect(throws: HTTPClientError.self) { try OrderSummary(wire: order) }
    }

    @Test("AC7 an order is cached with only the fields the screen shows")
    func theHistoryIsCachedWithOnlyWhatTheScreenShows() throws {
        let orders = [
            OrderSummary(id: "A-1", date: fixedNow, status: .delivered, total: Fixtures.money("19.99"), currency: "EUR", isRated: true),
            OrderSummary(id: "A-2", date: fixedNow.addingTimeInterval(-86_400), status: .cancelled, total: Fixtures.money("0.10"), currency: "NOK"),
        ]
        let data = try CachedResourceCoding.encoder.encode(OrderHistory(orders: orders))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [Any]])
        #expect(Set(object.keys) == ["ids", "dates", "statuses", "totals", "currencies", "rated"])
        #expect(object["totals"] as? [String] == ["19.99", "0.1"])
        // Read back exactly, amounts to the cent.
        #expect(try CachedResourceCoding.decoder.decode(OrderHistory.self, from: data).orders == orders)
        // Columns of different lengths are a damaged record, not a shorter history.
        let damaged = Data(#"{"ids":["A-1","A-2"],"dates":[0],"statuses":["placed"],"totals":["1"],"currencies":["EUR"],"rated":[false]}"#.utf8)
        #expect(throws: DecodingError.self) { try CachedResourceCoding.decoder.decode(OrderHistory.self, from: damaged) }
    }

    // MARK: Item 3: BR-OFF-001

    @Test("AC3 BR-OFF-001: place order, update quantity, rate order, update profile are refused before a request is built (the server received nothing)")
    func placeOrderUpdateQuantityRateOrderAndUpdateProfileAreRefusedOfflineBeforeARequestIsBuilt() async throws {
        try await withReferenceServer { server, url in
            // The client itself believes it is online and would send: only the gate stands in the way.
            let calls = Locked<[String]>([])
            var api = CommerceAPI.live(client: httpClient(url, connectivity: .alwaysOnline), user: "user1")
            let live = api
            api.placeOrder = { key throws(HTTPClientError) in calls.withLock { $0.append("placeOrder") }; return try await live.placeOrder(key) }
            api.updateQuantity = { (item, quantity, key) throws(HTTPClientError) in
                calls.withLock { $0.append("updateQuantity") }; return try await live.updateQuantity(item, quantity, key)
            }
            api.rateOrder = { (order, stars, key) throws(HTTPClientError) in
                calls.withLock { $0.append("rateOrder") }; return try await live.rateOrder(order, stars, key)
            }
            api.updateProfile = { (change, key) throws(HTTPClientError) in
                calls.withLock { $0.append("updateProfile") }; try await live.updateProfile(change, key)
            }
            let repository = CommerceRepository(store: InMemoryRecordStore(now: { fixedNow }), api: api, status: { .offline }, now: { fixedNow })
            await #expect(throws: OnlineOnlyError<CommerceUserAction>.refused(.placeOrder, reason: CoreCopy.noConnection)) { try await repository.placeOrder(idempotencyKey: "k1") }
            await #expect(throws: OnlineOnlyError<CommerceUserAction>.refused(.updateQuantity, reason: CoreCopy.noConnection)) {
                try await repository.updateQuantity(itemID: "user1-c1", to: 2, idempotencyKey: "k2")
            }
            await #expect(throws: OnlineOnlyError<CommerceUserAction>.refused(.rateOrder, reason: CoreCopy.noConnection)) { try await repository.rateOrder("user1-o1", stars: 5, idempotencyKey: "k3") }
            await #expect(throws: OnlineOnlyError<CommerceUserAction>.refused(.updateProfile, reason: CoreCopy.noConnection)) {
                try await repository.updateProfile(ProfileChange(email: "kari@example.com"), idempotencyKey: "k4")
            }
            // Nothing was built, nothing was sent, nothing arrived.
            #expect(calls.withLock { $0 }.isEmpty)
            #expect(server.requestLog.total == 0)
            // The user is told: the refusal carries the copy the toast shows.
            #expect(OnlineOnlyError<CommerceUserAction>.refused(.placeOrder, reason: CoreCopy.noConnection).reason == CoreCopy.noConnection)
        }
    }

    @Test("AC3 online, the writes go through once (idempotency keys) and the cache follows")
    func onlineTheWritesReachTheServerOnceWithTheirIdempotencyKeysAndTheCacheFollows() async throws {
        try await withReferenceServer { server, url in
            let repository = Self.repository(url, vault: InMemoryRecordStore(now: { fixedNow }))
            _ = await repository.revalidateCart()
            _ = await repository.revalidateOrders()

            let cart = try await repository.updateQuantity(itemID: "user1-c1", to: 5, idempotencyKey: "q-1")
            #expect(cart.value.line("user1-c1")?.quantity == 5)
            #expect(repository.cachedCart()?.value == cart.value)

            let rated = try await repository.rateOrder("user1-o1", stars: 4, idempotencyKey: "r-1")
            #expect(rated.isRated)
            #expect(repository.cachedOrders()?.value.order("user1-o1")?.isRated == true)

            try await repository.updateProfile(ProfileChange(email: "kari@example.com"), idempotencyKey: "p-1")
            let order = try await repository.placeOrder(idempotencyKey: "o-1")
            #expect(order.status == .processing)
            #expect(repository.cachedCart()?.value.items.isEmpty == true)
            #expect(repository.cachedOrders()?.value.orders.first?.id == order.id)

            let writes = server.requestLog.entries.filter { $0.endpoint.hasPrefix("POST") }
            #expect(writes.map(\.idempotencyKey) == ["q-1", "r-1", "p-1", "o-1"])
            // A retry with the same key is not applied twice.
            let again = try await repository.placeOrder(idempotencyKey: "o-1")
            #expect(again.id == order.id)
            let afterRetry = try #require(await repository.revalidateOrders().current)
            #expect(afterRetry.value.orders.count { $0.id == order.id } == 1)
        }
    }

    @Test("AC8 Track Order is a fresh read: it fails rather than answer from the cache")
    func trackOrderIsAFreshReadAndFailsRatherThanAnswerFromTheCache() async throws {
        try await withReferenceServer { server, url in
            let repository = Self.repository(url, vault: InMemoryRecordStore(now: { fixedNow }))
            _ = await repository.revalidateOrders()
            #expect(try await repository.trackOrder("user1-o2")?.status == .shipped)
            #expect(try await repository.trackOrder("nope") == nil)
            try await server.setFaults(FaultConfiguration(errorRate: 1, errorStatus: 503))
            let error = await #expect(throws: HTTPClientError.self) { _ = try await repository.trackOrder("user1-o2") }
            guard case let .http(status, _) = error else { Issue.record("expected the server's 503, got \(String(describing: error))"); return }
            #expect(status == 503)
            // The cache still holds the last good history.
            #expect(repository.cachedOrders()?.value.orders.count == 8)
        }
    }

    @Test func draftsAreKeptOnTheDeviceAndRemovedWhenEmpty() throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let secure = try fixture.open()
        defer { secure.close() }
        let repository = CommerceRepository(store: secure.vault(for: "user1"), api: .test, status: { .offline }, now: { fixedNow })
        #expect(repository.drafts() == FormDrafts())
        try repository.saveDrafts(FormDrafts(quantities: ["c1": 3], ratings: ["o1": 4]))
        #expect(repository.drafts() == FormDrafts(quantities: ["c1": 3], ratings: ["o1": 4]))
        try repository.saveDrafts(FormDrafts())
        #expect(try secure.vault(for: "user1").load(collection: CommerceRepository.Collection.drafts, key: "current") == nil)
        try repository.clear()
    }

    @Test func warmingIsNeededUntilBothTheCartAndTheHistoryAreCachedAndAgainAfterADay() async throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        let api = CommerceAPI.fixture(cart: Fixtures.bigCart(3), orders: Fixtures.bigHistory(20))
        func needsWarming(at now: Date, store: any RecordStore = store) -> Bool {
            CommerceFeature(store: store, api: api, connectivity: StateCell(.online), time: TimeSource(clock: ContinuousClock(), now: { now }), idempotencyKeys: .sequential("commerce"))
                .needsWarming
        }
        let repository = CommerceRepository(store: store, api: api, status: { .online }, now: { fixedNow })
        #expect(needsWarming(at: fixedNow))
        _ = await repository.revalidateCart()
        #expect(needsWarming(at: fixedNow), "the order history is not cached yet")
        _ = await repository.revalidateOrders()
        #expect(repository.savedAt() == (cart: fixedNow, orders: fixedNow))
        #expect(!needsWarming(at: fixedNow.addingTimeInterval(WarmupPolicy.rewarmAfter)))
        #expect(needsWarming(at: fixedNow.addingTimeInterval(WarmupPolicy.rewarmAfter + 1)))
        #expect(needsWarming(at: fixedNow, store: UnopenableStore()))
    }
}
