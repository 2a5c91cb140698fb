public import Foundation
import Core
import WireContract

/// What the server starts with. The same configuration always yields the same data.
public struct SeedConfiguration: Sendable, Equatable {
    /// Users are named `user1` … `userN`; each one's bearer token is `token-<user>`.
    public var users: Int
    public var productsPerUser: Int
    /// Per-user overrides of the product count (e.g. `["user1": 10_000]`).
    public var productCounts: [String: Int]
    public var ordersPerUser: Int
    public var cartItemsPerUser: Int
    /// The date the seed is built around (purchase dates, warranties, orders); fixed so data is reproducible.
    public var referenceDate: Date
    /// A user id the server has not seen gets sample data on first sight (seeded by the id, so the same id always
    /// gets the same data): `app start --user anyone` works. Off, an unknown user's token is refused with 401.
    public var provisionUnknownUsers: Bool

    public static let maximumProductsPerUser = 10_000

    public init(users: Int = 3, productsPerUser: Int = 12, productCounts: [String: Int] = [:], ordersPerUser: Int = 8,
                cartItemsPerUser: Int = 3, referenceDate: Date = Date(timeIntervalSince1970: 1_767_225_600) /* 2026-01-01Z */,
                provisionUnknownUsers: Bool = false) {
        self.provisionUnknownUsers = provisionUnknownUsers
        self.users = users
        self.productsPerUser = productsPerUser
        self.productCounts = productCounts
        self.ordersPerUser = ordersPerUser
        self.cartItemsPerUser = cartItemsPerUser
        self.referenceDate = referenceDate
    }

    public var userNames: [String] { (0..<max(users, 0)).map { "user\($0 + 1)" } }

    public func productCount(for user: String) -> Int {
        min(productCounts[user] ?? productsPerUser, Self.maximumProductsPerUser)
    }
}


/// One user's data as the server holds it.
struct UserData: Sendable {
    var products: [Wire.Product]
    var productIndex: [String: Int]
    var cart: [Wire.CartItem]
    var orders: [Wire.Order]
    var activities: [Wire.Activity]
    var profile: Wire.Profile
    var serviceRequests: [Wire.ServiceRequest]
    var nextSequence = 1
}

enum SeedData {
    static let catalog: [(name: String, model: String, price: String)] = [
        ("Espresso Machine", "EM-200", "249.00"), ("Robot Vacuum", "RV-9", "399.99"), ("Washing Machine", "WM-7", "649.00"),
        ("Cordless Drill", "CD-18", "129.50"), ("Headphones", "HP-X3", "199.00"), ("Smart Speaker", "SS-2", "89.99"),
        ("Air Purifier", "AP-40", "179.00"), ("Dishwasher", "DW-5", "529.00"), ("Blender", "BL-1200", "74.95"),
        ("Electric Kettle", "EK-17", "39.90"),
    ]

    static func make(_ configuration: SeedConfiguration) -> [String: UserData] {
        var users: [String: UserData] = [:]
        for (userIndex, user) in configuration.userNames.enumerated() {
            users[user] = makeUser(user, index: userIndex, configuration: configuration)
        }
        return users
    }

    /// The data of a user provisioned on first sight: seeded by the id (FNV-1a of its UTF-8), the same for the same id.
    static func makeProvisionedUser(_ user: String, configuration: SeedConfiguration) -> UserData {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in user.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return makeUser(user, index: Int(hash % 997), seed: hash, configuration: configuration)
    }

    private static func makeUser(_ user: String, index: Int, configuration: SeedConfiguration) -> UserData {
        makeUser(user, index: index, seed: UInt64(index + 1) &* 0x5851_F42D_4C95_7F2D, configuration: configuration)
    }

    private static func makeUser(_ user: String, index: Int, seed: UInt64, configuration: SeedConfiguration) -> UserData {
        var random = SplitMix64(seed: seed)
        let reference = configuration.referenceDate
        let day: TimeInterval = 86_400
        var products: [Wire.Product] = []
        let count = configuration.productCount(for: user)
        products.reserveCapacity(count)
        for number in 0..<count {
            let entry = catalog[Int(random.next() % UInt64(catalog.count))]
            let purchase = reference.addingTimeInterval(-Double(random.next() % 1_400) * day)
            let years = Double(1 + random.next() % 3)
            products.append(Wire.Product(
                id: "\(user)-p\(number + 1)", name: entry.name, model: entry.model,
                serialNumber: String(format: "SN%010llu", random.next() % 10_000_000_000),
                purchaseDate: purchase, warrantyExpiresAt: purchase.addingTimeInterval(years * 365 * day)))
        }
        var productIndex: [String: Int] = [:]
        for (position, product) in products.enumerated() { productIndex[product.id] = position }

        let cart = (0..<configuration.cartItemsPerUser).map { number in
            let entry = catalog[(index + number) % catalog.count]
            return Wire.CartItem(id: "\(user)-c\(number + 1)", name: entry.name, imageRef: "img/\(entry.model.lowercased()).png",
                                 quantity: 1 + number % 3, unitPrice: entry.price, currency: "EUR")
        }
        let statuses = ["delivered", "shipped", "processing", "cancelled"]
        let orders = (0..<configuration.ordersPerUser).map { number in
            let entry = catalog[(index * 3 + number) % catalog.count]
            return Wire.Order(id: "\(user)-o\(number + 1)", date: reference.addingTimeInterval(-Double(number * 23 + 2) * day),
                              status: statuses[number % statuses.count], total: entry.price, currency: "EUR", rating: nil)
        }
        let profile = Wire.Profile(userId: user, displayName: "User \(index + 1)", email: "\(user)@example.com")
        return UserData(products: products, productIndex: productIndex, cart: cart, orders: orders, activities: [],
                        profile: profile, serviceRequests: [])
    }
}
