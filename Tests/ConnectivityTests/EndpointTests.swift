import Core
import Connectivity
import Foundation
import ReferenceServer
import TestSupport
import IntegrationSupport
import Testing
import WireContract

/// Ids go into paths as one segment each, encoded exactly once, and the server reads back the very same id.
@Suite(.timeLimit(.minutes(1))) struct EndpointTests {
    @Test(arguments: [
        ("a/b", "a%2Fb"), ("50%", "50%25"), ("a b", "a%20b"), ("ä", "%C3%A4"), ("日本", "%E6%97%A5%E6%9C%AC"),
        ("a?b#c", "a%3Fb%23c"), ("a+b&c=d", "a%2Bb%26c%3Dd"), ("..", "%2E%2E"), (".", "%2E"), ("a.b-c_d~e", "a.b-c_d~e"),
        ("%2F", "%252F"),
    ])
    func eachSegmentIsPercentEncodedOnce(id: String, encoded: String) throws {
        let endpoint = Endpoint("v1", "users", id, "cart")
        #expect(endpoint.encodedPath == "v1/users/\(encoded)/cart")
        let url = try endpoint.url(relativeTo: URL(string: "http://127.0.0.1:8080/")!)
        #expect(url.absoluteString == "http://127.0.0.1:8080/v1/users/\(encoded)/cart")
        // Decoding the segment gives the id back: nothing was encoded twice or left raw.
        #expect(url.absoluteString.split(separator: "/")[4].removingPercentEncoding == id)
    }

    @Test func anEncodedPathIsNeverEncodedAgainAndSurvivesCodable() throws {
        let endpoint = Endpoint("v1", "users", "a/b%").appending("items", "ä 1")
        #expect(endpoint.description == "/v1/users/a%2Fb%25/items/%C3%A4%201")
        #expect(Endpoint(encodedPath: endpoint.encodedPath) == endpoint)
        let decoded = try JSONDecoder().decode(Endpoint.self, from: JSONEncoder().encode(endpoint))
        #expect(decoded == endpoint)
        #expect(("/health" as Endpoint).encodedPath == "health")
    }

    @Test func theQueryIsSortedAndEncoded() throws {
        let url = try Endpoint("v1", "products").url(relativeTo: URL(string: "http://h/base/")!, query: ["q": "a b&c", "limit": "10"])
        #expect(url.absoluteString == "http://h/base/v1/products?limit=10&q=a%20b%26c")
    }

    @Test(arguments: ["ä b/%c", "a/b", "100% ü", "x y"])
    func anIdWithSlashPercentSpaceAndNonASCIIRoundTripsThroughTheServer(user: String) async throws {
        try await withReferenceServer(seed: SeedConfiguration(provisionUnknownUsers: true)) { server, url in
            let api = client(url, user: user, connectivity: EvidenceRecorder().context)
            let cart: Wire.Cart = try await api.get(Endpoint("v1", "users", user, "cart"))
            #expect(cart.items.first?.id == "\(user)-c1")
            let product: Wire.Product = try await api.get(Endpoint("v1", "users", user, "products", "\(user)-p1"))
            #expect(product.id == "\(user)-p1")
            let _: EmptyResponse = try await api.post(Endpoint("v1", "users", user, "cart", "items", "\(user)-c1", "quantity"),
                                                      body: Wire.UpdateQuantityBody(quantity: 7), idempotencyKey: "k1")
            let after: Wire.Cart = try await api.get(Endpoint("v1", "users", user, "cart"))
            #expect(after.items.first?.quantity == 7)
            #expect(server.requestLog.entries.allSatisfy { $0.user == user }, "the server saw the id, whole, every time")
        }
    }
}
