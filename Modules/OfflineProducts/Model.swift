public import Core
public import Foundation

/// A product the user registered, as the device shows it (from the backend's `Wire.Product`: `Product(wire:)`).
public struct Product: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var model: String
    public var serialNumber: String
    public var purchaseDate: Date
    public var warrantyExpiresAt: Date

    public init(id: String, name: String, model: String, serialNumber: String, purchaseDate: Date, warrantyExpiresAt: Date) {
        self.id = id
        self.name = name
        self.model = model
        self.serialNumber = serialNumber
        self.purchaseDate = purchaseDate
        self.warrantyExpiresAt = warrantyExpiresAt
    }

    /// The warranty's status at `now` under `policy`.
    public func warrantyStatus(at now: Date, policy: WarrantyPolicy) -> WarrantyStatus {
        WarrantyStatus(expiresAt: warrantyExpiresAt, now: now, policy: policy)
    }
}

/// One page of `GET /v1/users/{user}/products?offset=&limit=` (`Wire.ProductList`, read by `ProductPage(wire:)`).
public struct ProductPage: Sendable, Equatable {
    public var items: [Product]
    /// How many products the user has in all.
    public var total: Int

    public init(items: [Product], total: Int) {
        self.items = items
        self.total = total
    }
}

/// The whole product list of one user: what one sync fetches and the device caches as one record.
///
/// Cached as a single record rather than one record per product: opening 10,000 sealed records and
/// decoding 10,000 JSON documents costs several times more than one record (benchmark `products`).
/// Its cache encoding is columnar (one array per field, dates as seconds since 1970), which decodes
/// several times faster than an array of objects with ISO 8601 dates.
public struct ProductCatalog: Sendable, Hashable {
    public var products: [Product]

    public init(_ products: [Product]) {
        self.products = products
    }

    public static let empty = ProductCatalog([])

    public var count: Int { products.count }

    public func product(id: String) -> Product? {
        products.first { $0.id == id }
    }

    /// The list without one product (after its ownership moved to someone else).
    public func removing(id: String) -> ProductCatalog {
        ProductCatalog(products.filter { $0.id != id })
    }
}

extension ProductCatalog: Codable {
    /// Bump when the columns change; an older build reads a newer record as a cache miss, never as wrong data.
    static let format = 1

    private enum CodingKeys: String, CodingKey {
        case format, id, name, model, serialNumber, purchaseDate, warrantyExpiresAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decode(Int.self, forKey: .format)
        guard format == Self.format else {
            throw DecodingError.dataCorruptedError(forKey: .format, in: container,
                                                   debugDescription: "product cache format \(format) is not \(Self.format); it is re-synced")
        }
        let ids = try container.decode([String].self, forKey: .id)
        let names = try container.decode([String].self, forKey: .name)
        let models = try container.decode([String].self, forKey: .model)
        let serials = try container.decode([String].self, forKey: .serialNumber)
        let purchases = try container.decode([Double].self, forKey: .purchaseDate)
        let expiries = try container.decode([Double].self, forKey: .warrantyExpiresAt)
        let count = ids.count
        guard names.count == count, models.count == count, serials.count == count, purchases.count == count, expiries.count == count else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container,
                                                   debugDescription: "product cache columns differ in length; it is re-synced")
        }
        var products: [Product] = []
        products.reserveCapacity(count)
        for index in 0..<count {
            products.append(Product(id: ids[index], name: names[index], model: models[index], serialNumber: serials[index],
                                    purchaseDate: Date(timeIntervalSince1970: purchases[index]),
                                    warrantyExpiresAt: Date(timeIntervalSince1970: expiries[index])))
        }
        self.products = products
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.format, forKey: .format)
        try container.encode(products.map(\.id), forKey: .id)
        try container.encode(products.map(\.name), forKey: .name)
        try container.encode(products.map(\.model), forKey: .model)
        try container.encode(products.map(\.serialNumber), forKey: .serialNumber)
        try container.encode(products.map(\.purchaseDate.timeIntervalSince1970), forKey: .purchaseDate)
        try container.encode(products.map(\.warrantyExpiresAt.timeIntervalSince1970), forKey: .warrantyExpiresAt)
    }
}

extension ProductCatalog: CacheDataEncodable {
    /// The JSON `encode(to:)` writes (format, then one array per column), written directly: decoding reads either.
    public func cacheData() -> Data? {
        var object = CacheJSONObject(estimatedBytes: 64 + products.count * 160)
        object.integer(CodingKeys.format.stringValue, Self.format)
        object.strings(CodingKeys.id.stringValue, products.lazy.map(\.id))
        object.strings(CodingKeys.name.stringValue, products.lazy.map(\.name))
        object.strings(CodingKeys.model.stringValue, products.lazy.map(\.model))
        object.strings(CodingKeys.serialNumber.stringValue, products.lazy.map(\.serialNumber))
        // JSON has no NaN or infinity: `JSONEncoder` refuses them, so it gets to say so.
        guard object.numbers(CodingKeys.purchaseDate.stringValue, products.map(\.purchaseDate.timeIntervalSince1970)),
              object.numbers(CodingKeys.warrantyExpiresAt.stringValue, products.map(\.warrantyExpiresAt.timeIntervalSince1970)) else { return nil }
        return object.data()
    }
}

/// How long before the end of a warranty it counts as "expiring soon".
public struct WarrantyPolicy: Sendable, Hashable {
    /// Within this many days (of 24 hours) of the expiry date, the badge says "Expiring soon".
    public var expiringSoonWithinDays: Int

    public init(expiringSoonWithinDays: Int = 30) {
        self.expiringSoonWithinDays = max(0, expiringSoonWithinDays)
    }

    public static let `default` = WarrantyPolicy()

    var expiringSoonInterval: TimeInterval { TimeInterval(expiringSoonWithinDays) * 86_400 }
}

/// A warranty's status at a given moment; drives the colour-coded badge on the card and in the list.
public enum WarrantyStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case active
    case expiringSoon
    case expired

    /// Expired once the expiry instant has come; expiring soon when it comes within the policy's window; else active.
    public init(expiresAt: Date, now: Date, policy: WarrantyPolicy) {
        let remaining = expiresAt.timeIntervalSince(now)
        if remaining <= 0 {
            self = .expired
        } else if remaining <= policy.expiringSoonInterval {
            self = .expiringSoon
        } else {
            self = .active
        }
    }

    /// The badge text ("Active", "Expiring soon", "Expired").
    public var title: Copy {
        switch self {
        case .active: ProductsCopy.badgeActive
        case .expiringSoon: ProductsCopy.badgeExpiringSoon
        case .expired: ProductsCopy.badgeExpired
        }
    }

    /// Green, amber, red: the theme maps each tone to colours that meet WCAG AA.
    public var tone: BadgeTone {
        switch self {
        case .active: .positive
        case .expiringSoon: .caution
        case .expired: .negative
        }
    }

    /// "Warranty status: Expiring soon".
    public var accessibilityLabel: Copy { ProductsCopy.badgeAccessibilityLabel(title) }
}
