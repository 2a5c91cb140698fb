public import Connectivity
public import OfflineCommerce
import Core
import Foundation
import WireContract

extension CommerceAPI {
    /// The reference backend's endpoints for `user`, through `client` (which adds the bearer token and
    /// fails at once while offline).
    ///
    /// - Parameter readTimeout: reads fail fast: a screen keeps its cached view rather than wait for a
    ///   slow network (item 6). Writes use the client's own timeout.
    /// Reads revalidate (`fetchCartConditionally`, `fetchOrdersConditionally`): the cached copy's validators go out and a
    /// 304 keeps it without a body on the wire.
    public static func live(client: HTTPClient, user: String, readTimeout: Duration = .seconds(5)) -> CommerceAPI {
        var api = CommerceAPI(
            fetchCart: { () throws(HTTPClientError) in
                try ShoppingCart(wire: try await client.get(Wire.Route.cart.endpoint(user), timeout: readTimeout, as: Wire.Cart.self))
            },
            fetchOrders: { () throws(HTTPClientError) in
                try OrderHistory(wire: try await client.get(Wire.Route.orders.endpoint(user), timeout: readTimeout, as: Wire.OrderList.self))
            },
            updateQuantity: { (itemID, quantity, key) throws(HTTPClientError) in
                try ShoppingCart(wire: try await client.post(Wire.Route.updateQuantity.endpoint(user, itemID),
                                                             body: Wire.UpdateQuantityBody(quantity: quantity), idempotencyKey: key,
                                                             as: Wire.Cart.self))
            },
            placeOrder: { key throws(HTTPClientError) in
                try OrderSummary(wire: try await client.post(Wire.Route.placeOrder.endpoint(user), body: Wire.EmptyBody(), idempotencyKey: key,
                                                             as: Wire.Order.self))
            },
            rateOrder: { (orderID, stars, key) throws(HTTPClientError) in
                try OrderSummary(wire: try await client.post(Wire.Route.rateOrder.endpoint(user, orderID), body: Wire.RateOrderBody(stars: stars),
                                                             idempotencyKey: key, as: Wire.Order.self))
            },
            updateProfile: { (change, key) throws(HTTPClientError) in
                // The answer (`Wire.Profile`) is not read: the app keeps no profile.
                let _: EmptyResponse = try await client.post(Wire.Route.updateProfile.endpoint(user),
                                                             body: Wire.UpdateProfileBody(displayName: change.displayName, email: change.email),
                                                             idempotencyKey: key)
            },
            fetchImage: { reference throws(HTTPClientError) in
                // The backend serves every image by its file name (a CDN would serve the reference as is).
                let name = reference.split(separator: "/").last.map(String.init) ?? reference
                return try await client.send(method: "GET", path: Wire.Route.image.endpoint(name), body: nil, idempotencyKey: nil,
                                             timeout: readTimeout).body
            }
        )
        api.fetchCartConditionally = { validators throws(HTTPClientError) in
            try await client.getConditionally(Wire.Route.cart.endpoint(user), validators: validators, timeout: readTimeout, as: Wire.Cart.self)
                .map { cart throws(HTTPClientError) in try ShoppingCart(wire: cart) }
        }
        api.fetchOrdersConditionally = { validators throws(HTTPClientError) in
            try await client.getConditionally(Wire.Route.orders.endpoint(user), validators: validators, timeout: readTimeout, as: Wire.OrderList.self)
                .map { list throws(HTTPClientError) in try OrderHistory(wire: list) }
        }
        return api
    }
}
