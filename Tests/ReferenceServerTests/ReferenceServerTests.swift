import Clocks
import Connectivity
import Core
import Foundation
import Logging
@testable import ReferenceServer
import TestSupport
import IntegrationSupport
import Testing
import WireContract

/// The reference backend: per-user isolation, idempotent writes, faults and the request log.
@Suite(.timeLimit(.minutes(1))) struct ReferenceServerTests {
    func api(_ url: URL, user: String = "user1", token: String? = nil) -> HTTPClient {
        HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: token ?? ReferenceServer.developmentToken(for: user)),
                   connectivity: .alwaysOnline, time: liveTime)
    }

    func status(of body: () async throws -> Void) async -> Int? {
        do { try await body(); return 200 } catch let error as HTTPClientError {
            if case let .http(status, _) = error { return status }
            return nil
        } catch { return nil }
    }

    @Test func theRequestLogCountsEveryRequestButKeepsOnlyTheLatestEntries() {
        let log = RequestLog(retainedEntries: 3)
        for index in 1...5 { log.record(.init(endpoint: index.isMultiple(of: 2) ? "GET /even" : "GET /odd", path: "/\(index)")) }
        #expect(log.entries.map(\.path) == ["/3", "/4", "/5"])
        #expect(log.total == 5)
        #expect(log.count("GET /odd") == 3)
        #expect(log.counts == RequestCounts(total: 5, byEndpoint: ["GET /odd": 3, "GET /even": 2]))
        log.reset()
        #expect(log.total == 0 && log.entries.isEmpty)
    }

    @Test func healthAnswers204WithoutAToken() async throws {
        try await withReferenceServer { server, url in
            let (status, _) = try await HTTPClient(configuration: .init(baseURL: url), connectivity: .alwaysOnline, time: liveTime)
                .send(method: "GET", path: "/health", body: nil, idempotencyKey: nil)
            #expect(status == 204)
            #expect(server.requestLog.count("GET /health") == 1)
        }
    }

    /// The server serves the wire contract's routes (Modules/WireContract), each counted under the contract's name, and
    /// no route of its own outside `/_admin`: a route the contract declares and the server forgot would be counted nowhere.
    @Test func everyRouteOfTheWireContractIsServedAndCountedUnderItsName() async throws {
        try await withReferenceServer { server, url in
            let examples = ["user": "user1", "product": "user1-p1", "item": "user1-c1", "order": "user1-o1", "period": "2025", "name": "em-200.png"]
            for route in Wire.Route.all {
                let endpoint = route.endpoint(filling: route.parameters.map { examples[$0] ?? $0 })
                // Writes without a body are refused (400), signing out with a development token too (401): counted all the same.
                _ = await status { _ = try await api(url).send(method: route.method.rawValue, path: endpoint, body: nil, idempotencyKey: nil) }
                #expect(server.requestLog.count(route.description) == 1, "\(route) at \(endpoint)")
            }
            #expect(Set(server.requestLog.counts.byEndpoint.keys) == Set(Wire.Route.all.map(\.description)))
        }
    }

    @Test("The backend serves small real PNGs for the cart's image references (issue 25, item 8)")
    func theBackendServesSmallRealPNGsForTheCartsImages() async throws {
        try await withReferenceServer { _, url in
            let plain = HTTPClient(configuration: .init(baseURL: url), connectivity: .alwaysOnline, time: liveTime)
            let (code, png) = try await plain.send(method: "GET", path: "/v1/images/em-200.png", body: nil, idempotencyKey: nil)
            #expect(code == 200 && png.count < 4_096)
            #expect(PixelSize(png: png) == PixelSize(width: 120, height: 120))
            // Every chunk's CRC holds (what a decoder checks first), and two names get two colours.
            var offset = 8
            let bytes = [UInt8](png)
            while offset < bytes.count {
                let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
                let body = Array(bytes[(offset + 4)..<(offset + 8 + length)])
                let crc = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                #expect(PNGImages.crc32(body) == crc)
                offset += 12 + length
            }
            #expect(PNGImages.image(named: "a.png") != PNGImages.image(named: "b.png"))
            #expect(await status { _ = try await plain.send(method: "GET", path: "/v1/images/notes.txt", body: nil, idempotencyKey: nil) } == 404)
        }
    }

    @Test func aUserCanNeverReadAnotherUsersData() async throws {
        try await withReferenceServer { _, url in
            let alice = api(url, user: "user1")
            // Another user's collection through one's own token: 403.
            #expect(await status { let _: Wire.Cart = try await alice.get("/v1/users/user2/cart") } == 403)
            #expect(await status { let _: Wire.ProductList = try await alice.get("/v1/users/user2/products") } == 403)
            #expect(await status { let _: Wire.Order = try await alice.post("/v1/users/user2/orders", body: [String: String]()) } == 403)
            // Another user's product id under one's own path: 404, never the product.
            #expect(await status { let _: Wire.Product = try await alice.get("/v1/users/user1/products/user2-p1") } == 404)
            #expect(await status {
                let _: Wire.ServiceRequest = try await alice.post("/v1/users/user1/products/user2-p1/service-requests", body: Wire.ServiceRequestBody(issue: "x"))
            } == 404)
            // No token, or a made-up one: 401.
            #expect(await status { let _: Wire.Cart = try await self.api(url, token: "").get("/v1/users/user1/cart") } == 401)
            #expect(await status { let _: Wire.Cart = try await self.api(url, token: "token-mallory").get("/v1/users/user1/cart") } == 401)
            let own: Wire.Product = try await alice.get("/v1/users/user1/products/user1-p1")
            #expect(own.id == "user1-p1")
        }
    }

    @Test func theSameSeedAlwaysGivesTheSameData() async throws {
        let first = try await withReferenceServer { _, url in try await api(url, user: "user2").get("/v1/users/user2/products", as: Wire.ProductList.self) }
        let second = try await withReferenceServer { _, url in try await api(url, user: "user2").get("/v1/users/user2/products", as: Wire.ProductList.self) }
        #expect(first == second)
        #expect(first.items.count == 12)
        #expect(first.items.allSatisfy { $0.warrantyExpiresAt > $0.purchaseDate && !$0.serialNumber.isEmpty })
    }

    @Test func anUnknownUserIsProvisionedOnFirstSightWithDataSeededByTheirIDOnlyWhenAskedTo() async throws {
        let seed = SeedConfiguration(provisionUnknownUsers: true)
        func cart(_ user: String) async throws -> Wire.Cart {
            try await withReferenceServer(seed: seed) { _, url in try await api(url, user: user).get(Endpoint("v1", "users", user, "cart")) }
        }
        let first = try await cart("newcomer")
        #expect(try await cart("newcomer") == first, "the same id always gets the same data")
        #expect(!first.items.isEmpty && first.items.allSatisfy { $0.id.hasPrefix("newcomer-c") })
        // Off (the default): an unknown user's token is refused.
        try await withReferenceServer { _, url in
            #expect(await status { let _: Wire.Cart = try await api(url, user: "newcomer").get("/v1/users/newcomer/cart") } == 401)
        }
    }

    @Test func oneUserCanHaveTenThousandProductsAndPagesThroughThem() async throws {
        try await withReferenceServer(seed: SeedConfiguration(users: 2, productCounts: ["user1": 10_000])) { _, url in
            let all: Wire.ProductList = try await api(url).get("/v1/users/user1/products")
            #expect(all.items.count == 10_000)
            let page: Wire.ProductList = try await api(url).get("/v1/users/user1/products", query: ["offset": "9990", "limit": "50"])
            #expect(page.items.map(\.id) == (9991...10_000).map { "user1-p\($0)" })
            #expect(page.total == 10_000)
        }
    }

    @Test func aReplayedWriteReturnsTheFirstResultAndNeverAppliesTwice() async throws {
        try await withReferenceServer { server, url in
            let alice = api(url)
            let first: Wire.Cart = try await alice.post("/v1/users/user1/cart/items/user1-c1/quantity", body: Wire.UpdateQuantityBody(quantity: 5), idempotencyKey: "q-1")
            // Meanwhile another change, then the replay: the replay must not undo it.
            _ = try await alice.post("/v1/users/user1/cart/items/user1-c1/quantity", body: Wire.UpdateQuantityBody(quantity: 7), idempotencyKey: "q-2") as Wire.Cart
            let replay: Wire.Cart = try await alice.post("/v1/users/user1/cart/items/user1-c1/quantity", body: Wire.UpdateQuantityBody(quantity: 5), idempotencyKey: "q-1")
            #expect(replay == first)
            let now: Wire.Cart = try await alice.get("/v1/users/user1/cart")
            #expect(now.items.first?.quantity == 7)
            #expect(server.requestLog.count("POST /v1/users/{user}/cart/items/{item}/quantity") == 3)
        }
    }

    @Test func concurrentReplaysOfOneOrderPlaceExactlyOneOrder() async throws {
        try await withReferenceServer { _, url in
            let alice = api(url)
            let orders = try await withThrowingTaskGroup(of: Wire.Order.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await alice.post("/v1/users/user1/orders", body: [String: String](), idempotencyKey: "checkout-1") }
                }
                var orders: [Wire.Order] = []
                for try await order in group { orders.append(order) }
                return orders
            }
            #expect(Set(orders.map(\.id)).count == 1)
            let list: Wire.OrderList = try await alice.get("/v1/users/user1/orders")
            #expect(list.items.count == 9)
        }
    }

    @Test func reusingAKeyForADifferentRequestIsRejected() async throws {
        try await withReferenceServer { _, url in
            let alice = api(url)
            _ = try await alice.post("/v1/users/user1/profile", body: Wire.UpdateProfileBody(displayName: "A"), idempotencyKey: "p-1") as Wire.Profile
            #expect(await status {
                let _: Wire.Profile = try await alice.post("/v1/users/user1/profile", body: Wire.UpdateProfileBody(displayName: "B"), idempotencyKey: "p-1")
            } == 422)
        }
    }

    @Test func idempotencyKeysBelongToOneUser() async throws {
        try await withReferenceServer { _, url in
            let first: Wire.Order = try await api(url, user: "user1").post("/v1/users/user1/orders", body: [String: String](), idempotencyKey: "same")
            let second: Wire.Order = try await api(url, user: "user2").post("/v1/users/user2/orders", body: [String: String](), idempotencyKey: "same")
            #expect(first.id != second.id)
        }
    }

    @Test func everyStateChangingEndpointWorks() async throws {
        try await withReferenceServer { _, url in
            let alice = api(url)
            let rated: Wire.Order = try await alice.post("/v1/users/user1/orders/user1-o1/rating", body: Wire.RateOrderBody(stars: 5, comment: "great"))
            #expect(rated.rating?.stars == 5 && rated.rating?.comment == "great")
            #expect(await status { let _: Wire.Order = try await alice.post("/v1/users/user1/orders/user1-o1/rating", body: Wire.RateOrderBody(stars: 9)) } == 400)
            let profile: Wire.Profile = try await alice.post("/v1/users/user1/profile", body: Wire.UpdateProfileBody(email: "new@example.com"))
            #expect(profile.email == "new@example.com")
            let request: Wire.ServiceRequest = try await alice.post("/v1/users/user1/products/user1-p2/service-requests", body: Wire.ServiceRequestBody(issue: "noisy"))
            #expect(request.status == "open" && request.productId == "user1-p2")
            let activity: Wire.Activity = try await alice.post("/v1/users/user1/activities", body: Wire.RegisterActivityBody(kind: "run", occurredAt: fixedNow))
            #expect(activity.kind == "run")
            let transfer: Wire.OwnershipTransfer = try await alice.post("/v1/users/user1/products/user1-p3/transfer", body: Wire.TransferOwnershipBody(toUser: "user2"))
            #expect(transfer.toUser == "user2")
            #expect(await status { let _: Wire.Product = try await alice.get("/v1/users/user1/products/user1-p3") } == 404)
            let moved: Wire.Product = try await api(url, user: "user2").get("/v1/users/user2/products/user1-p3")
            #expect(moved.id == "user1-p3")
            let emptied: Wire.Cart = try await alice.post("/v1/users/user1/cart/items/user1-c1/quantity", body: Wire.UpdateQuantityBody(quantity: 0))
            #expect(emptied.items.count == 2)
            let summary: Wire.AnnualSummary = try await alice.get("/v1/users/user1/summary/2025")
            #expect(summary.period == "2025" && summary.comparison?.previousPeriod == "2024")
            #expect(summary.statCards.map(\.id) == ["orders", "spent", "products", "activities"])
        }
    }

    @Test func placingAnOrderWithAnEmptyCartIsAConflict() async throws {
        try await withReferenceServer(seed: SeedConfiguration(cartItemsPerUser: 0)) { _, url in
            #expect(await status { let _: Wire.Order = try await self.api(url).post("/v1/users/user1/orders", body: [String: String]()) } == 409)
        }
    }

    @Test func faultsCanBeSetAndClearedThroughTheAdminEndpoint() async throws {
        try await withReferenceServer { server, url in
            let admin = HTTPClient(configuration: .init(baseURL: url), connectivity: .alwaysOnline, time: liveTime)
            let body = try JSONEncoder().encode(FaultConfiguration(errorRate: 1, errorStatus: 502, pathPrefixes: ["/v1/users/user1/cart"]))
            _ = try await admin.send(method: "POST", path: "/_admin/faults", body: body, idempotencyKey: nil)
            #expect(server.faults.errorStatus == 502)
            #expect(await status { let _: Wire.Cart = try await self.api(url).get("/v1/users/user1/cart") } == 502)
            let orders: Wire.OrderList = try await api(url).get("/v1/users/user1/orders")  // other paths untouched
            #expect(orders.items.count == 8)
            _ = try await admin.send(method: "DELETE", path: "/_admin/faults", body: nil, idempotencyKey: nil)
            let cart: Wire.Cart = try await api(url).get("/v1/users/user1/cart")
            #expect(cart.items.count == 3)
            let (_, countsBody) = try await admin.send(method: "GET", path: "/_admin/requests", body: nil, idempotencyKey: nil)
            let counts = try JSONDecoder().decode(RequestCounts.self, from: countsBody)
            #expect(counts.byEndpoint["GET /v1/users/{user}/cart"] == 2)
            #expect(counts.total == 3)  // admin calls are not counted
        }
    }

    @Test func startedRefusingItTakesOnlyAPortAndServesThereOnceConnectionsAreAccepted() async throws {
        try await withReferenceServer(faults: FaultConfiguration(refuseConnections: true)) { server, url in
            #expect(url.port != nil && url.port != 0 && server.port == url.port)
            do {
                let _: Wire.Cart = try await api(url).get("/v1/users/user1/cart")
                Issue.record("a server started refusing answered")
            } catch let error as HTTPClientError {
                guard case .unreachable = error else { throw error }
            }
            try await server.clearFaults()
            let cart: Wire.Cart = try await api(url).get("/v1/users/user1/cart")
            #expect(server.port == url.port)
            _ = cart
        }
    }

    /// Whether a plain socket (no `SO_REUSEADDR`, as most servers bind) can take 127.0.0.1:`port` now.
    static func canBind(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    @Test func whileRefusingThePortStaysTheServersSoNothingElseTakesItBeforeItListensAgain() async throws {
        try await withReferenceServer(faults: FaultConfiguration(refuseConnections: true)) { server, url in
            let port = try #require(url.port)
            #expect(!Self.canBind(port), "started refusing: the port is held, not released")
            try await server.clearFaults()
            let _: Wire.Cart = try await api(url).get("/v1/users/user1/cart")
            try await server.setFaults(FaultConfiguration(refuseConnections: true))
            #expect(!Self.canBind(port), "refusing again: the port is still held")
            await #expect(throws: HTTPClientError.self) { let _: Wire.Cart = try await api(url).get("/v1/users/user1/cart") }
            try await server.clearFaults()
            #expect(server.port == port)
            let _: Wire.Cart = try await api(url).get("/v1/users/user1/cart")
        }
    }

    /// The timer runs on a test clock: with a real 300 ms window, a full local run (1,105 tests on two cores) once
    /// missed the refusal altogether and looped until the 60 s limit, waiting for one that had come and gone.
    @Test func refusingThroughTheAdminEndpointClosesTheListenerUntilTheTimerReopensIt() async throws {
        let clock = TestClock()
        var logger = Logger(label: "ReferenceServer.test")
        logger.logLevel = .critical
        let server = ReferenceServer(configuration: ReferenceServerConfiguration(now: { fixedNow }, logger: logger, acceptsDevelopmentTokens: true,
                                                                                 sleep: { try await clock.sleep(for: $0) }))
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let admin = HTTPClient(configuration: .init(baseURL: url), connectivity: .alwaysOnline, time: liveTime)
        let body = try JSONEncoder().encode(FaultConfiguration(refuseConnections: true, refuseForMs: 300))
        _ = try await admin.send(method: "POST", path: "/_admin/faults", body: body, idempotencyKey: nil)
        /// One request: true when served, false when refused; nil for a pooled keep-alive connection that the closing
        /// server drops (neither refused nor serving yet).
        func attempt() async throws -> Bool? {
            do {
                let _: Wire.Cart = try await api(url).get("/v1/users/user1/cart")
                return true
            } catch let error as HTTPClientError {
                switch error {
                case .unreachable: return false
                case .connectionLost: return nil
                default: throw error
                }
            }
        }
        // The listener stays closed until the clock moves, however long the runner takes to look.
        var refused = false
        let deadline = ContinuousClock.now + .seconds(30)
        while !refused, ContinuousClock.now < deadline { refused = try await attempt() == false }
        #expect(refused, "the listener never closed")
        #expect(server.faults.refuseConnections)
        await clock.advance(by: .milliseconds(300))
        var served = false
        while !served, ContinuousClock.now < deadline { served = try await attempt() == true }
        #expect(served, "the timer never reopened the listener")
        #expect(server.faults.refuseConnections == false)
        await server.stop()
    }

    @Test func stoppingEndsRequestsThatWaitOutAnInjectedDelayInsteadOfCancellingTheServer() async throws {
        let server = ReferenceServer(configuration: ReferenceServerConfiguration(now: { Date() }))
        let url = try await server.start()
        try await server.setFaults(FaultConfiguration(latencyMs: 600_000))
        let api = HTTPClient(configuration: .init(baseURL: url), connectivity: .alwaysOnline, time: liveTime)
        let waiting = Task { try await api.send(method: "GET", path: "/health", body: nil, idempotencyKey: nil, timeout: .seconds(900)) }
        await waitUntil { server.requestLog.total > 0 }
        // Before, a stop waited 1 s and then cancelled the serving task (which can trap inside SwiftNIO); now the
        // graceful shutdown ends the injected 10-minute delay and the stop returns well within its grace.
        let clock = ContinuousClock()
        let started = clock.now
        await server.stop()
        #expect(clock.now - started < ReferenceServer.shutdownGrace)
        // The delayed request is answered as the server stops (500: its handler was ended), not dropped with its
        // connection by a cancelled server.
        let error = await #expect(throws: HTTPClientError.self) { try await waiting.value }
        guard case .http(status: 500, _) = error else { Issue.record("expected a 500 answer, got \(String(describing: error))"); return }
    }
}
