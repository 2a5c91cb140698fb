public import Foundation
public import Core

/// A change to the customer's profile (`POST /v1/users/{user}/profile`). Sent, never stored.
public struct ProfileChange: Sendable, Hashable {
    public var displayName: String?
    public var email: String?

    public init(displayName: String? = nil, email: String? = nil) {
        self.displayName = displayName
        self.email = email
    }
}

/// The endpoints the cart and order history call (Tools/ReferenceServer/README.md), as a struct of
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

// MARK: - Wire format (the reference backend's JSON; money is a decimal string plus a currency)

package enum WireFormat {
    static var decoder: JSONDecoder { WireJSON.decoder }

    package static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(HTTPClientError) -> Value {
        do { return try decoder.decode(type, from: data) } catch { throw .decoding("\(Value.self): \(error)") }
    }

    /// "19.99" → 19.99 exactly; anything else is a decoding error naming the field.
    static func money(_ text: String, field: String) throws(HTTPClientError) -> Decimal {
        guard isPlainDecimal(text), let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw .decoding("\(field) \"\(text)\" is not a decimal amount")
        }
        return value
    }

    /// `-?[0-9]+(\.[0-9]+)?`: what the server sends, and nothing `Decimal(string:)` would half-read.
    static func isPlainDecimal(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
    }
}

struct WireCartItem: Decodable {
    var id: String
    var name: String
    var imageRef: String
    var quantity: Int
    var unitPrice: String
    var currency: String
}

package struct WireCart: Decodable {
    var items: [WireCartItem]
    var subtotal: String
    var currency: String

    package func model() throws(HTTPClientError) -> ShoppingCart {
        var lines: [CartLine] = []
        lines.reserveCapacity(items.count)
        for item in items {
            lines.append(CartLine(id: item.id, name: item.name, imageRef: item.imageRef, quantity: item.quantity,
                                  unitPrice: try WireFormat.money(item.unitPrice, field: "cart item \(item.id) unitPrice"),
                                  currency: item.currency))
        }
        return ShoppingCart(items: lines, total: try WireFormat.money(subtotal, field: "cart subtotal"), currency: currency)
    }
}

struct WireOrderRating: Decodable {
    var stars: Int
}

package struct WireOrder: Decodable {
    var id: String
    var date: Date
    var status: String
    var total: String
    var currency: String
    var rating: WireOrderRating?

    package func model() throws(HTTPClientError) -> OrderSummary {
        guard let status = OrderStatus(rawValue: status) else {
            throw .decoding("order \(id) has the status \"\(status)\", which this app does not know; expected one of "
                + OrderStatus.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return OrderSummary(id: id, date: date, status: status, total: try WireFormat.money(total, field: "order \(id) total"),
                            currency: currency, isRated: rating != nil)
    }
}

package struct WireOrderList: Decodable {
    var items: [WireOrder]

    package func model() throws(HTTPClientError) -> OrderHistory {
        var orders: [OrderSummary] = []
        orders.reserveCapacity(items.count)
        for item in items { orders.append(try item.model()) }
        return OrderHistory(orders: orders)
    }
}

