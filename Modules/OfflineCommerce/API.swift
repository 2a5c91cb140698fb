public import Foundation
public import Core
package import WireContract

/// A change to the customer's profile (`POST /v1/users/{user}/profile`). Sent, never stored.
public struct ProfileChange: Sendable, Hashable {
    public var displayName: String?
    public var email: String?

    public init(displayName: String? = nil, email: String? = nil) {
        self.displayName = displayName
        self.email = email
    }
}

/// The endpoints the cart and order history call (`Wire.Route`, Modules/WireContract), as a struct of
/// closures: `live` talks HTTP, `test` fails on any call a test did not set up.
///
/// Every write takes an idempotency key, so a retry after a lost answer is never applied twice.
/// None of the writes is called directly by the feature: the repository runs them through the
/// `OnlineOnlyGate` (BR-OFF-001).
public struct CommerceAPI: Sendable {
    public var fetchCart: @Sendable () async throws(HTTPClientError) -> ShoppingCart
    public var fetchOrders: @Sendable () async throws(HTTPClientError) -> OrderHistory
    /// Sets a line's quantity (0 removes it); answers the whole cart as the server now has it.
    public var updateQuantity: @Sendable (_ itemID: String, _ quantity: Int, _ idempotencyKey: String) async throws(HTTPClientError) -> ShoppingCart
    /// Places an order from the server's cart (which it then empties).
    public var placeOrder: @Sendable (_ idempotencyKey: String) async throws(HTTPClientError) -> OrderSummary
    public var rateOrder: @Sendable (_ orderID: String, _ stars: Int, _ idempotencyKey: String) async throws(HTTPClientError) -> OrderSummary
    public var updateProfile: @Sendable (_ change: ProfileChange, _ idempotencyKey: String) async throws(HTTPClientError) -> Void
    /// The bytes of a cart line's image (`CartLine.imageRef`), kept for offline use.
    public var fetchImage: @Sendable (_ reference: String) async throws(HTTPClientError) -> Data
    /// The cart asked for conditionally: `validators` (those of the cached copy) go out as `If-None-Match`/
    /// `If-Modified-Since`, and a 304 is `.notModified` with nothing decoded. Nil (fixtures, `test`): the cart comes
    /// whole through `fetchCart` and nothing is revalidated.
    public var fetchCartConditionally: (@Sendable (_ validators: CacheValidators?) async throws(HTTPClientError) -> ConditionalAnswer<ShoppingCart>)?
    /// The order history asked for conditionally, as `fetchCartConditionally`; nil: it comes whole through `fetchOrders`.
    public var fetchOrdersConditionally: (@Sendable (_ validators: CacheValidators?) async throws(HTTPClientError) -> ConditionalAnswer<OrderHistory>)?

    public init(
        fetchCart: @escaping @Sendable () async throws(HTTPClientError) -> ShoppingCart,
        fetchOrders: @escaping @Sendable () async throws(HTTPClientError) -> OrderHistory,
        updateQuantity: @escaping @Sendable (_ itemID: String, _ quantity: Int, _ idempotencyKey: String) async throws(HTTPClientError) -> ShoppingCart,
        placeOrder: @escaping @Sendable (_ idempotencyKey: String) async throws(HTTPClientError) -> OrderSummary,
        rateOrder: @escaping @Sendable (_ orderID: String, _ stars: Int, _ idempotencyKey: String) async throws(HTTPClientError) -> OrderSummary,
        updateProfile: @escaping @Sendable (_ change: ProfileChange, _ idempotencyKey: String) async throws(HTTPClientError) -> Void,
        fetchImage: @escaping @Sendable (_ reference: String) async throws(HTTPClientError) -> Data = { reference throws(HTTPClientError) in
            throw .invalidRequest("no image endpoint for \(reference)")
        }
    ) {
        self.fetchCart = fetchCart
        self.fetchOrders = fetchOrders
        self.updateQuantity = updateQuantity
        self.placeOrder = placeOrder
        self.rateOrder = rateOrder
        self.updateProfile = updateProfile
        self.fetchImage = fetchImage
    }
}

extension CommerceAPI {

    /// Fails every call with `.invalidRequest` naming the endpoint: a test sets the closures it expects.
    public static var test: CommerceAPI {
        CommerceAPI(
            fetchCart: { () throws(HTTPClientError) in throw unexpected("fetchCart") },
            fetchOrders: { () throws(HTTPClientError) in throw unexpected("fetchOrders") },
            updateQuantity: { (_, _, _) throws(HTTPClientError) in throw unexpected("updateQuantity") },
            placeOrder: { _ throws(HTTPClientError) in throw unexpected("placeOrder") },
            rateOrder: { (_, _, _) throws(HTTPClientError) in throw unexpected("rateOrder") },
            updateProfile: { (_, _) throws(HTTPClientError) in throw unexpected("updateProfile") }
        )
    }

    /// Answers reads with fixed values; writes fail like `test` (previews, benchmarks).
    public static func fixture(cart: ShoppingCart, orders: OrderHistory) -> CommerceAPI {
        var api = CommerceAPI.test
        api.fetchCart = { () throws(HTTPClientError) in cart }
        api.fetchOrders = { () throws(HTTPClientError) in orders }
        return api
    }

    /// Every call fails as the client does while offline, without sending anything.
    public static var offline: CommerceAPI {
        CommerceAPI(
            fetchCart: { () throws(HTTPClientError) in throw .offline },
            fetchOrders: { () throws(HTTPClientError) in throw .offline },
            updateQuantity: { (_, _, _) throws(HTTPClientError) in throw .offline },
            placeOrder: { _ throws(HTTPClientError) in throw .offline },
            rateOrder: { (_, _, _) throws(HTTPClientError) in throw .offline },
            updateProfile: { (_, _) throws(HTTPClientError) in throw .offline },
            fetchImage: { _ throws(HTTPClientError) in throw .offline }
        )
    }

    private static func unexpected(_ endpoint: String) -> HTTPClientError {
        .invalidRequest("CommerceAPI.test: unexpected call to \(endpoint); set this closure in the test that expects it")
    }
}

// MARK: - From the wire (Modules/WireContract): money becomes an exact Decimal, a status this app knows

extension ShoppingCart {
    package init(wire cart: Wire.Cart) throws(HTTPClientError) {
        var lines: [CartLine] = []
        lines.reserveCapacity(cart.items.count)
        for item in cart.items {
            lines.append(CartLine(id: item.id, name: item.name, imageRef: item.imageRef, quantity: item.quantity,
                                  unitPrice: try amount(item.unitPrice, field: "cart item \(item.id) unitPrice"), currency: item.currency))
        }
        self.init(items: lines, total: try amount(cart.subtotal, field: "cart subtotal"), currency: cart.currency)
    }
}

extension OrderSummary {
    package init(wire order: Wire.Order) throws(HTTPClientError) {
        guard let status = OrderStatus(rawValue: order.status) else {
            throw .decoding("order \(order.id) has the status \"\(order.status)\", which this app does not know; expected one of "
                + OrderStatus.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.init(id: order.id, date: order.date, status: status, total: try amount(order.total, field: "order \(order.id) total"),
                  currency: order.currency, isRated: order.rating != nil)
    }
}

extension OrderHistory {
    package init(wire list: Wire.OrderList) throws(HTTPClientError) {
        var orders: [OrderSummary] = []
        orders.reserveCapacity(list.items.count)
        for item in list.items { orders.append(try OrderSummary(wire: item)) }
        self.init(orders: orders)
    }
}

/// A money string of the wire as an exact amount; anything else is a decoding error naming the field.
private func amount(_ text: String, field: String) throws(HTTPClientError) -> Decimal {
    guard let value = Wire.Money.amount(text) else { throw .decoding("\(field) \"\(text)\" is not a decimal amount") }
    return value
}
