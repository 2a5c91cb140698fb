public import Foundation
public import Core

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

extension OrderStatus {
    /// The badge colour family: delivered is good news, cancelled bad, the rest under way.
    public var tone: BadgeTone {
        switch self {
        case .delivered: .positive
        case .cancelled: .negative
        case .shipped: .caution
        case .placed, .processing: .neutral
        }
    }
}

/// One order of the history as the screen shows it.
public struct OrderSummary: Codable, Sendable, Hashable, Identifiable {
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

/// The order history, newest first (the server's order).
public struct OrderHistory: Sendable, Hashable {
    public var orders: [OrderSummary]

    public init(orders: [OrderSummary]) {
        self.orders = orders
    }

    public func order(_ id: String) -> OrderSummary? { orders.first { $0.id == id } }
}

extension OrderHistory: Codable {
    // Cached column by column: six arrays decode about three times faster than 2,000 keyed objects,
    // which keeps a long history's first view state well under 20 ms (item 10). Dates are seconds
    // since 1970 and amounts decimal strings, so nothing goes through a date parser or a Double.
    private enum CodingKeys: String, CodingKey { case ids, dates, statuses, totals, currencies, rated }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ids = try container.decode([String].self, forKey: .ids)
        let dates = try container.decode([Double].self, forKey: .dates)
        let statuses = try container.decode([String].self, forKey: .statuses)
        let totals = try container.decode([String].self, forKey: .totals)
        let currencies = try container.decode([String].self, forKey: .currencies)
        let rated = try container.decode([Bool].self, forKey: .rated)
        guard [dates.count, statuses.count, totals.count, currencies.count, rated.count].allSatisfy({ $0 == ids.count }) else {
            throw DecodingError.dataCorruptedError(forKey: .ids, in: container, debugDescription: "the order columns differ in length")
        }
        let posix = Locale(identifier: "en_US_POSIX")
        var orders: [OrderSummary] = []
        orders.reserveCapacity(ids.count)
        for index in ids.indices {
            guard let status = OrderStatus(rawValue: statuses[index]) else {
                throw DecodingError.dataCorruptedError(forKey: .statuses, in: container, debugDescription: "unknown status \(statuses[index])")
            }
            guard let total = Decimal(string: totals[index], locale: posix) else {
                throw DecodingError.dataCorruptedError(forKey: .totals, in: container, debugDescription: "\(totals[index]) is not an amount")
            }
            orders.append(OrderSummary(id: ids[index], date: Date(timeIntervalSince1970: dates[index]), status: status, total: total,
                                       currency: currencies[index], isRated: rated[index]))
        }
        self.orders = orders
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(orders.map(\.id), forKey: .ids)
        try container.encode(orders.map(\.date.timeIntervalSince1970), forKey: .dates)
        try container.encode(orders.map(\.status.rawValue), forKey: .statuses)
        try container.encode(orders.map { "\($0.total)" }, forKey: .totals)
        try container.encode(orders.map(\.currency), forKey: .currencies)
        try container.encode(orders.map(\.isRated), forKey: .rated)
    }
}

extension OrderHistory: CacheDataEncodable {
    /// The columns `encode(to:)` writes, written directly (a 2,000-order history is cached on every sync).
    public func cacheData() -> Data? {
        var object = CacheJSONObject(estimatedBytes: 64 + orders.count * 80)
        object.strings(CodingKeys.ids.stringValue, orders.lazy.map(\.id))
        guard object.numbers(CodingKeys.dates.stringValue, orders.map(\.date.timeIntervalSince1970)) else { return nil }
        object.strings(CodingKeys.statuses.stringValue, orders.lazy.map(\.status.rawValue))
        object.strings(CodingKeys.totals.stringValue, orders.lazy.map { "\($0.total)" })
        object.strings(CodingKeys.currencies.stringValue, orders.lazy.map(\.currency))
        object.booleans(CodingKeys.rated.stringValue, orders.map(\.isRated))
        return object.data()
    }
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
