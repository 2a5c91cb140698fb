public import Connectivity
public import OfflineCommerce
import Core
import Foundation

extension CommerceAPI {
    /// The reference backend's endpoints for `user`, through `client` (which adds the bearer token and
    /// fails at once while offline).
    ///
    /// - Parameter readTimeout: reads fail fast: a screen keeps its cached view rather than wait for a
    ///   slow network (item 6). Writes use the client's own timeout.
    public static func live(client: HTTPClient, user: String, readTimeout: Duration = .seconds(5)) -> CommerceAPI {
        let userPath = Endpoint("v1", "users", user)
        return CommerceAPI(
            fetchCart: { () throws(HTTPClientError) in
                let data = try await client.send(method: "GET", path: userPath.appending("cart"), body: nil, idempotencyKey: nil,
                                                 timeout: readTimeout).body
                return try WireFormat.decode(WireCart.self, from: data).model()
            },
            fetchOrders: { () throws(HTTPClientError) in
                let data = try await client.send(method: "GET", path: userPath.appending("orders"), body: nil, idempotencyKey: nil,
                                                 timeout: readTimeout).body
                return try WireFormat.decode(WireOrderList.self, from: data).model()
            },
            updateQuantity: { (itemID, quantity, key) throws(HTTPClientError) in
                let cart: WireCart = try await client.post(userPath.appending("cart", "items", itemID, "quantity"),
                                                           body: WireQuantity(quantity: quantity), idempotencyKey: key)
                return try cart.model()
            },
            placeOrder: { key throws(HTTPClientError) in
                let order: WireOrder = try await client.post(userPath.appending("orders"), body: WireEmpty(), idempotencyKey: key)
                return try order.model()
            },
            rateOrder: { (orderID, stars, key) throws(HTTPClientError) in
                let order: WireOrder = try await client.post(userPath.appending("orders", orderID, "rating"),
                                                             body: WireRating(stars: stars), idempotencyKey: key)
                return try order.model()
            },
            updateProfile: { (change, key) throws(HTTPClientError) in
                let _: EmptyResponse = try await client.post(userPath.appending("profile"),
                                                             body: WireProfileChange(displayName: change.displayName, email: change.email),
                                                             idempotencyKey: key)
            },
            fetchImage: { reference throws(HTTPClientError) in
                // The backend serves every image by its file name under /v1/images (a CDN would serve the reference as is).
                let name = reference.split(separator: "/").last.map(String.init) ?? reference
                return try await client.send(method: "GET", path: Endpoint("v1", "images", name), body: nil, idempotencyKey: nil,
                                             timeout: readTimeout).body
            }
        )
    }
}

private struct WireQuantity: Encodable { var quantity: Int }
private struct WireRating: Encodable { var stars: Int }
private struct WireEmpty: Encodable {}
private struct WireProfileChange: Encodable {
    var displayName: String?
    var email: String?
}
