public import Foundation

extension Wire {
    /// A product the user registered (`Route.products`, `Route.product`).
    public struct Product: Codable, Sendable, Equatable {
        /// Public so that a reader of the JSON that does without `JSONDecoder` (the products feature's page reader)
        /// takes its keys from here, and must handle a field added here.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case id, name, model, serialNumber, purchaseDate, warrantyExpiresAt
        }

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
    }

    /// One page of `Route.products`: `items` from the query's offset, and how many the user has in all.
    public struct ProductList: Codable, Sendable, Equatable {
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case items, total
        }

        public var items: [Product]
        public var total: Int

        public init(items: [Product], total: Int) {
            self.items = items
            self.total = total
        }
    }

    /// What `Route.raiseServiceRequest` takes.
    public struct ServiceRequestBody: Codable, Sendable, Equatable {
        public var issue: String

        public init(issue: String) {
            self.issue = issue
        }
    }

    /// What `Route.raiseServiceRequest` answers (201).
    public struct ServiceRequest: Codable, Sendable, Equatable {
        public var id: String
        public var productId: String
        public var issue: String
        /// `"open"`.
        public var status: String
        public var createdAt: Date

        public init(id: String, productId: String, issue: String, status: String, createdAt: Date) {
            self.id = id
            self.productId = productId
            self.issue = issue
            self.status = status
            self.createdAt = createdAt
        }
    }

    /// What `Route.transferOwnership` takes: another user the backend knows.
    public struct TransferOwnershipBody: Codable, Sendable, Equatable {
        public var toUser: String

        public init(toUser: String) {
            self.toUser = toUser
        }
    }

    /// What `Route.transferOwnership` answers.
    public struct OwnershipTransfer: Codable, Sendable, Equatable {
        public var productId: String
        public var fromUser: String
        public var toUser: String
        public var transferredAt: Date

        public init(productId: String, fromUser: String, toUser: String, transferredAt: Date) {
            self.productId = productId
            self.fromUser = fromUser
            self.toUser = toUser
            self.transferredAt = transferredAt
        }
    }
}
