import Connectivity
import Core
import Foundation
@testable import ReferenceServer
import TestSupport
import IntegrationSupport
import Testing
import WireContract

/// Issue 41, item 5: the backend answers reads with validators and a 304 when the client holds the content, gzips when
/// asked, and can be throttled to a cellular-like link; the client revalidates and decompresses.
@Suite(.timeLimit(.minutes(1))) struct LightOnTheWireTests {
    static let token = ReferenceServer.developmentToken(for: "user1")

    /// One GET through the transport with exactly these headers (the client's own are what other tests check).
    func get(_ url: URL, _ path: String, _ headers: [String: String] = [:]) async throws -> TransportResponse {
        var fields = [TransportHeader("Authorization", "Bearer \(Self.token)")]
        // AsyncHTTPClient asks for gzip on a request that names no encoding: say `identity` unless the test names one.
        if headers["Accept-Encoding"] == nil { fields.append(TransportHeader("Accept-Encoding", "identity")) }
        fields += headers.sorted { $0.key < $1.key }.map { TransportHeader($0.key, $0.value) }
        return try await HTTPTransports.shared.send(TransportRequest(method: "GET", url: URL(string: url.absoluteString + path)!, headers: fields,
                                                                     timeout: .seconds(30)))
    }

    @Test func aReadCarriesAStrongETagAndLastModifiedAndIsAnswered304WhenTheClientHoldsIt() async throws {
        try await withReferenceServer { _, url in
            let first = try await get(url, "/v1/users/user1/cart")
            #expect(first.status == 200)
            let etag = try #require(first.headers["etag"])
            let lastModified = try #require(first.headers["last-modified"])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong validator: quoted, no W/")
            #expect(lastModified.hasSuffix(" GMT"))

            let byTag = try await get(url, "/v1/users/user1/cart", ["If-None-Match": etag])
            #expect(byTag.status == 304)
            #expect(byTag.body.isEmpty)
            #expect(byTag.headers["etag"] == etag)
            let byDate = try await get(url, "/v1/users/user1/cart", ["If-Modified-Since": lastModified])
            #expect(byDate.status == 304)
            // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2): another tag means the client's copy is another.
            let otherTag = try await get(url, "/v1/users/user1/cart", ["If-None-Match": "\"something-else\"", "If-Modified-Since": lastModified])
            #expect(otherTag.status == 200)
            #expect(try WireJSON.decoder.decode(Wire.Cart.self, from: otherTag.body).items.count == 3)
        }
    }

    @Test func everyPageOfTheProductListCarriesTheListsVersionWhichMovesOnWhenAProductChanges() async throws {
        try await withReferenceServer(seed: SeedConfiguration(productsPerUser: 50)) { server, url in
            let first = try await get(url, "/v1/users/user1/products?offset=0&limit=20")
            let second = try await get(url, "/v1/users/user1/products?offset=20&limit=20")
            let etag = try #require(first.headers["etag"])
            #expect(second.headers["etag"] == etag)
            #expect(try await get(url, "/v1/users/user1/products?offset=0&limit=20", ["If-None-Match": etag]).status == 304)

            #expect(server.changeProducts(of: "user1", count: 1) == 1)
            let changed = try await get(url, "/v1/users/user1/products?offset=0&limit=20", ["If-None-Match": etag])
            #expect(changed.status == 200)
            #expect(changed.headers["etag"] != etag)
            #expect(try await get(url, "/v1/users/user1/products?offset=40&limit=20").headers["etag"] == changed.headers["etag"])
        }
    }

    @Test func bodiesAreGzippedWhenAskedAndNotOtherwise() async throws {
        try await withReferenceServer(seed: SeedConfiguration(productsPerUser: 300)) { server, url in
            let plain = try await get(url, "/v1/users/user1/products")
            #expect(plain.headers["content-encoding"] == nil)
            #expect(plain.headers["vary"] == "Accept-Encoding")
            let products = try WireJSON.decoder.decode(Wire.ProductList.self, from: plain.body)
            #expect(products.items.count == 300)

            server.resetWireBytes()
            let gzipped = try await get(url, "/v1/users/user1/products", ["Accept-Encoding": "gzip"])
            #expect(gzipped.status == 200)
            #expect(gzipped.headers["content-encoding"] == "gzip")
            #expect(gzipped.headers["vary"] == "Accept-Encoding")
            // The transport decompressed it; on the wire it was several times smaller than the JSON.
            #expect(try WireJSON.decoder.decode(Wire.ProductList.self, from: gzipped.body) == products)
            #expect(server.wireBytes.sent * 4 < plain.body.count, "\(server.wireBytes.sent) bytes sent for \(plain.body.count) of JSON")
            // Another representation, another strong tag; either one revalidates the content.
            #expect(gzipped.headers["etag"] != plain.headers["etag"])
            let revalidated = try await get(url, "/v1/users/user1/products", ["Accept-Encoding": "gzip", "If-None-Match": try #require(plain.headers["etag"])])
            #expect(revalidated.status == 304)

            #expect(try await get(url, "/v1/users/user1/products", ["Accept-Encoding": "gzip;q=0, identity"]).headers["content-encoding"] == nil)
        }
    }

    @Test func theClientAsksForGzipRevalidatesWithItsValidatorsAndSurfacesA304() async throws {
        try await withReferenceServer(seed: SeedConfiguration(productsPerUser: 300)) { server, url in
            let client = HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: Self.token), connectivity: .alwaysOnline, time: liveTime)
            let endpoint = Wire.Route.products.endpoint("user1")
            server.resetWireBytes()
            guard case let .modified(list, validators) = try await client.getConditionally(endpoint, validators: nil, as: Wire.ProductList.self) else {
                Issue.record("the first fetch was not a 200")
                return
            }
            #expect(list.items.count == 300)
            #expect(validators.etag != nil && validators.lastModified != nil)
            let bytes = server.wireBytes.sent
            #expect(bytes * 4 < WireResponse.json(list).body.count, "asked for gzip and decompressed: \(bytes) bytes on the wire")

            let answer = try await client.getConditionally(endpoint, validators: validators, as: Wire.ProductList.self)
            #expect(answer == .notModified(validators))
            #expect(server.requestLog.count("GET /v1/users/{user}/products") == 2)

            // Any other status than 2xx and 304 is still an error; a plain `send` never takes a 304 for a success.
            do {
                _ = try await client.getConditionally(Wire.Route.product.endpoint("user1", "nope"), validators: nil)
                Issue.record("a 404 was taken for an answer")
            } catch let error as HTTPClientError {
                guard case .http(status: 404, _) = error else { Issue.record("\(error)"); return }
            }
        }
    }

    @Test func theBandwidthFaultThrottlesEveryAnswerAndTheWireIsCounted() async throws {
        // 300 products are ~51 KB of JSON: at 800 kbit/s (100 KB/s) they need half a second on the link.
        try await withReferenceServer(seed: SeedConfiguration(productsPerUser: 300), faults: FaultConfiguration(bandwidthKbps: 800)) { server, url in
            server.resetWireBytes()
            let clock = ContinuousClock()
            let started = clock.now
            let answer = try await get(url, "/v1/users/user1/products")
            let elapsed = clock.now - started
            #expect(answer.status == 200)
            let sent = server.wireBytes.sent
            #expect(sent > answer.body.count, "headers and body counted: \(sent)")
            #expect(server.wireBytes.received > 0)
            // A lower bound only: a busy machine can make it slower, never faster than the link.
            let floor = Duration.milliseconds(sent * 8 / 800) * 0.9
            #expect(elapsed >= floor, "\(elapsed) for \(sent) bytes at 800 kbit/s")

            try await server.clearFaults()
            let unthrottled = try await get(url, "/v1/users/user1/products")
            #expect(unthrottled.body == answer.body)
        }
    }
}
