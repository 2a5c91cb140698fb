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
/// Held and cached as columns in one buffer (`ProductColumns`, format 2): opening it checks the buffer and builds
/// nothing, and each product is built when it is read, so a screen shows its first rows, the count and the date of
/// 10,000 products without decoding them all. Format 1 (JSON, one array per column) is still read.
public struct ProductCatalog: Sendable, Hashable {
    /// Every product, in order, each built when read.
    public let products: ProductList

    public init(_ products: some Collection<Product>) {
        self.init(columns: try! ProductColumns(bytes: ProductColumns.write(products)))
    }

    init(columns: ProductColumns) {
        products = ProductList(columns: columns)
    }

    public static let empty = ProductCatalog([Product]())

    public var count: Int { products.count }

    /// The bytes the list holds in memory (its buffer of columns): what 10,000 products cost open.
    public var byteCount: Int { products.columns.bytes.count }

    public func product(id: String) -> Product? {
        products.columns.index(ofID: id).map { products[$0] }
    }

    /// The list without one product (after its ownership moved to someone else).
    public func removing(id: String) -> ProductCatalog {
        guard let index = products.columns.index(ofID: id) else { return self }
        return ProductCatalog(products.enumerated().lazy.filter { $0.offset != index }.map(\.element))
    }

    /// The warranty expiry of the product at `index`, without building the product (a row's badge).
    func warrantyExpiresAt(_ index: Int) -> Date { products.columns.warrantyExpiresAt(index) }

    /// The text of one column of the product at `index`, without building the product (a row).
    func text(_ column: ProductColumns.Column, _ index: Int) -> String { products.columns.string(column, index) }

    public static func == (lhs: ProductCatalog, rhs: ProductCatalog) -> Bool { lhs.products == rhs.products }
    public func hash(into hasher: inout Hasher) { hasher.combine(products) }
}

extension ProductCatalog: Codable {
    /// Format 1, the JSON columns (`Codable`; still read from caches an earlier version wrote). The cache itself is
    /// written in format 2 (`cacheData()`, `ProductColumns`).
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
        self.init((0..<count).lazy.map { index in
            Product(id: ids[index], name: names[index], model: models[index], serialNumber: serials[index],
                    purchaseDate: Date(timeIntervalSince1970: purchases[index]),
                    warrantyExpiresAt: Date(timeIntervalSince1970: expiries[index]))
        })
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

extension ProductCatalog: CacheDataEncodable, CacheDataDecodable {
    /// Format 2: the catalog's own buffer, as it is (nil when a date is not finite, which JSON cannot hold either:
    /// `JSONEncoder` then refuses it).
    public func cacheData() -> Data? {
        products.columns.datesAreFinite ? Data(products.columns.bytes) : nil
    }

    /// Format 2, or format 1's JSON (a cache an earlier version wrote, read once and then replaced by the next sync).
    public init(cacheData: Data) throws {
        if cacheData.first == UInt8(ascii: "{") {
            self = try CachedResourceCoding.decoder.decode(ProductCatalog.self, from: cacheData)
        } else {
            self.init(columns: try ProductColumns(bytes: [UInt8](cacheData)))
        }
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
    public var accessibilityLabel: Copy { ProductsCopy.accessibilityBadge(status: .copy(title)) }
}
