public import Foundation

// What the cart and order history screens show, and nothing more: these values are what the
// repository caches (encrypted, per user). No token, no profile, no e-mail, no rating comment.

/// One line of the cart as the screen shows it.
public struct CartLine: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// An asset reference (e.g. `img/em-200.png`), not a URL with credentials.
    public var imageRef: String
    public var quantity: Int
    /// Exact money: parsed from the server's decimal string, never through binary floating point.
    public var unitPrice: Decimal
    /// ISO 4217.
    public var currency: String

    public init(id: String, name: String, imageRef: String, quantity: Int, unitPrice: Decimal, currency: String) {
        self.id = id
        self.name = name
        self.imageRef = imageRef
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.currency = currency
    }

    /// Quantity × unit price, exactly.
    public var lineTotal: Decimal { unitPrice * Decimal(quantity) }
}

/// The cart: its lines and the total the server computed.
public struct ShoppingCart: Codable, Sendable, Hashable {
    public var items: [CartLine]
    public var total: Decimal
    public var currency: String

    public init(items: [CartLine], total: Decimal, currency: String) {
        self.items = items
        self.total = total
        self.currency = currency
    }

    /// How many units in all (what "3 items" counts).
    public var unitCount: Int { items.reduce(0) { $0 + $1.quantity } }

    public func line(_ id: String) -> CartLine? { items.first { $0.id == id } }
}

/// Where an order is. The raw values are the server's words and the catalog's `status.<raw>` keys.
public enum OrderStatus: String, Codable, Sendable, Hashable, CaseIterable {
    case placed, processing, shipped, delivered, cancelled
}

/// One order of the history as the screen shows it.
public struct OrderSummary: Sendable, Hashable, Identifiable {
    public var id: String
    public var date: Date
    public var status: OrderStatus
    public var total: Decimal
    public var currency: String
    /// Whether the customer has rated it (decides whether "Rate Order" is offered); the stars and
    /// comment themselves are not kept.
    public var isRated: Bool

    public init(id: String, date: Date, status: OrderStatus, total: Decimal, currency: String, isRated: Bool = false) {
        self.id = id
        self.date = date
        self.status = status
        self.total = total
        self.currency = currency
        self.isRated = isRated
    }

    /// Only a delivered order that has no rating yet can be rated.
    public var canBeRated: Bool { status == .delivered && !isRated }
}

extension OrderSummary: Codable {
    // The date is cached as seconds since 1970: reading 2,000 of them back must be cheap (item 10),
    // and parsing ISO 8601 strings is the slowest part of decoding a history.
    private enum CodingKeys: String, CodingKey { case id, date, status, total, currency, isRated }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        date = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .date))
        status = try container.decode(OrderStatus.self, forKey: .status)
        total = try container.decode(Decimal.self, forKey: .total)
        currency = try container.decode(String.self, forKey: .currency)
        isRated = try container.decodeIfPresent(Bool.self, forKey: .isRated) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date.timeIntervalSince1970, forKey: .date)
        try container.encode(status, forKey: .status)
        try container.encode(total, forKey: .total)
        try container.encode(currency, forKey: .currency)
        if isRated { try container.encode(true, forKey: .isRated) }
    }
}

/// The order history, newest first (the server's order).
public struct OrderHistory: Codable, Sendable, Hashable {
    public var orders: [OrderSummary]

    public init(orders: [OrderSummary]) {
        self.orders = orders
    }

    public func order(_ id: String) -> OrderSummary? { orders.first { $0.id == id } }
}

/// Form input kept on the device while a blocking form cannot be submitted (offline pattern C):
/// quantities typed into the cart and stars chosen for an order. Only cart and order data, which the
/// screens show anyway; the checkout's e-mail field is never stored (personal data, item 7).
public struct FormDrafts: Codable, Sendable, Hashable {
    /// Cart line id → the quantity the customer chose but has not sent.
    public var quantities: [String: Int]
    /// Order id → the stars chosen but not sent.
    public var ratings: [String: Int]

    public init(quantities: [String: Int] = [:], ratings: [String: Int] = [:]) {
        self.quantities = quantities
        self.ratings = ratings
    }

    public var isEmpty: Bool { quantities.isEmpty && ratings.isEmpty }
}
