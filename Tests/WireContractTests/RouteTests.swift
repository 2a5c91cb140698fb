import Core
import Foundation
import Testing
import WireContract

/// The routes: each declared once, each path what the README documents, and filled in so that an id stays one segment.
@Suite struct RouteTests {
    @Test func everyRouteIsOneMethodAndPathOnlyOnce() {
        let all = Wire.Route.all
        #expect(Set(all).count == all.count)
        #expect(Set(all.map(\.description)).count == all.count)
        #expect(all.map(\.description) == [
            "GET /health", "GET /v1/images/{name}", "POST /v1/sessions", "DELETE /v1/sessions/current",
            "GET /v1/users/{user}/products", "GET /v1/users/{user}/products/{product}", "GET /v1/users/{user}/cart",
            "GET /v1/users/{user}/orders", "GET /v1/users/{user}/profile", "GET /v1/users/{user}/activities",
            "GET /v1/users/{user}/activities/version", "GET /v1/users/{user}/summary/{period}",
            "POST /v1/users/{user}/cart/items/{item}/quantity", "POST /v1/users/{user}/orders", "POST /v1/users/{user}/orders/{order}/rating",
            "POST /v1/users/{user}/profile", "POST /v1/users/{user}/products/{product}/service-requests",
            "POST /v1/users/{user}/products/{product}/transfer", "POST /v1/users/{user}/activities",
        ])
    }

    /// Only the public routes go without a user: every other one is under `/v1/users/{user}`, where the session is checked.
    @Test func everyRouteButThePublicOnesIsAUsersAndNamesItFirst() {
        let open: Set<Wire.Route> = [.health, .image, .signIn, .signOut]
        for route in Wire.Route.all where !open.contains(route) {
            #expect(route.path.hasPrefix("/v1/users/{user}/"), "\(route)")
            #expect(route.parameters.first == "user", "\(route)")
        }
        #expect(Wire.Route.rateOrder.parameters == ["user", "order"])
        #expect(Wire.Route.health.parameters.isEmpty)
    }

    @Test func anEndpointFillsTheParametersInOrderEachOneSegment() {
        #expect(Wire.Route.cart.endpoint("user1").encodedPath == "v1/users/user1/cart")
        #expect(Wire.Route.updateQuantity.endpoint("user1", "user1-c1").encodedPath == "v1/users/user1/cart/items/user1-c1/quantity")
        // An id holding `/`, `%`, a space or letters beyond ASCII stays one segment, encoded once.
        #expect(Wire.Route.raiseServiceRequest.endpoint("a/b", "p 1%").encodedPath == "v1/users/a%2Fb/products/p%201%25/service-requests")
        #expect(Wire.Route.summary.endpoint("Åse", "2025").encodedPath == "v1/users/%C3%85se/summary/2025")
        #expect(Wire.Route.health.endpoint().encodedPath == "health")
        #expect(Wire.Route.signOut.method == .delete && Wire.Route.signIn.method == .post && Wire.Route.products.method == .get)
    }

    @Test func aPageQueryIsSentAndReadBackTheSameWay() {
        let query = Wire.PageQuery(offset: 2_000, limit: 1_000)
        #expect(query.parameters == ["offset": "2000", "limit": "1000"])
        #expect(Wire.PageQuery { query.parameters[$0] } == query)
        #expect(Wire.PageQuery(offset: 5).parameters == ["offset": "5"])
        // The server reads a missing or unreadable value as "from the start" and "all of them".
        #expect(Wire.PageQuery { _ in nil } == Wire.PageQuery(offset: 0, limit: nil))
        #expect(Wire.PageQuery { ["offset": "x", "limit": "1.5"][$0] } == Wire.PageQuery(offset: 0, limit: nil))
    }
}
