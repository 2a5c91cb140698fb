import Core
public import Foundation

// The JSON the reference backend speaks. Features decode these shapes; README.md documents them.
// Dates are ISO 8601 strings in UTC; money is a decimal string with a separate ISO 4217 currency.

public struct Product: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var model: String
    public var serialNumber: String
    public var purchaseDate: Date
    public var warrantyExpiresAt: Date
}

public struct ProductList: Codable, Sendable, Equatable {
    public var items: [Product]
    public var total: Int
}

public struct CartItem: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var imageRef: String
    public var quantity: Int
    public var unitPrice: String
    public var currency: String
}

public struct Cart: Codable, Sendable, Equatable {
    public var items: [CartItem]
    public var subtotal: String
    public var currency: String
}

public struct OrderRating: Codable, Sendable, Equatable {
    public var stars: Int
    public var comment: String?
}

public struct Order: Codable, Sendable, Equatable {
    public var id: String
    public var date: Date
    public var status: String
    public var total: String
    public var currency: String
    public var rating: OrderRating?
}

public struct OrderList: Codable, Sendable, Equatable {
    public var items: [Order]
}

public struct StatCard: Codable, Sendable, Equatable {
    /// A stable identifier the app maps to its own copy ("orders", "spent", "products", "activities").
    public var id: String
    public var value: String
    /// "count", or an ISO 4217 currency code for money.
    public var unit: String
}

public struct Badge: Codable, Sendable, Equatable {
    public var id: String
    public var earnedAt: Date
}

public struct PeriodComparison: Codable, Sendable, Equatable {
    public struct Card: Codable, Sendable, Equatable {
        public var id: String
        public var current: String
        public var previous: String
        /// Change from the previous period in percent, one decimal ("33.3", "-12.0"); nil when previous is 0.
        public var changePercent: String?
    }

    public var previousPeriod: String
    public var cards: [Card]
}

public struct AnnualSummary: Codable, Sendable, Equatable {
    public var period: String
    public var statCards: [StatCard]
    public var badges: [Badge]
    public var comparison: PeriodComparison
    /// The version of the user's activity data this summary reflects (`GET …/activities/version` answers the current).
    public var activityVersion: String?
}

/// `GET /v1/users/{user}/activities/version`: a cheap answer to "did the activity data change since version X?".
public struct ActivityVersion: Codable, Sendable, Equatable {
    public var version: String
}

public struct Activity: Codable, Sendable, Equatable {
    public var id: String
    public var kind: String
    public var occurredAt: Date
    public var note: String?
}

public struct Profile: Codable, Sendable, Equatable {
    public var userId: String
    public var displayName: String
    public var email: String
}

public struct ServiceRequest: Codable, Sendable, Equatable {
    public var id: String
    public var productId: String
    public var issue: String
    public var status: String
    public var createdAt: Date
}

public struct OwnershipTransfer: Codable, Sendable, Equatable {
    public var productId: String
    public var fromUser: String
    public var toUser: String
    public var transferredAt: Date
}

// MARK: - Request bodies

public struct UpdateQuantityBody: Codable, Sendable, Equatable {
    public var quantity: Int
    public init(quantity: Int) { self.quantity = quantity }
}

public struct RateOrderBody: Codable, Sendable, Equatable {
    public var stars: Int
    public var comment: String?
    public init(stars: Int, comment: String? = nil) { self.stars = stars; self.comment = comment }
}

public struct UpdateProfileBody: Codable, Sendable, Equatable {
    public var displayName: String?
    public var email: String?
    public init(displayName: String? = nil, email: String? = nil) { self.displayName = displayName; self.email = email }
}

public struct ServiceRequestBody: Codable, Sendable, Equatable {
    public var issue: String
    public init(issue: String) { self.issue = issue }
}

public struct TransferOwnershipBody: Codable, Sendable, Equatable {
    public var toUser: String
    public init(toUser: String) { self.toUser = toUser }
}

public struct RegisterActivityBody: Codable, Sendable, Equatable {
    public var kind: String
    public var occurredAt: Date
    public var note: String?
    public init(kind: String, occurredAt: Date, note: String? = nil) { self.kind = kind; self.occurredAt = occurredAt; self.note = note }
}

/// Every error response: `{"error": {"code": "...", "message": "..."}}`.
public struct ErrorBody: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
    }

    public var error: Detail
}

/// `GET /_admin/requests`.
public struct RequestCounts: Codable, Sendable, Equatable {
    public var total: Int
    public var byEndpoint: [String: Int]
}

public enum WireFormat {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The clients' decoder (Core's `WireJSON`): dates with or without fractional seconds, as the apps send them.
    public static func decoder() -> JSONDecoder { WireJSON.decoder }
}
