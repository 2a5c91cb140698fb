public import Foundation

extension Wire {
    /// One line of the cart. `unitPrice` is money (`Wire.Money`) in `currency`.
    public struct CartItem: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        /// An asset reference (`img/em-200.png`), served by `Route.image` under its file name.
        public var imageRef: String
        public var quantity: Int
        public var unitPrice: String
        public var currency: String

        public init(id: String, name: String, imageRef: String, quantity: Int, unitPrice: String, currency: String) {
            self.id = id
            self.name = name
            self.imageRef = imageRef
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.currency = currency
        }
    }

    /// `Route.cart`, and what `Route.updateQuantity` answers: the lines and the subtotal the server computed.
    public struct Cart: Codable, Sendable, Equatable {
        public var items: [CartItem]
        public var subtotal: String
        public var currency: String

        public init(items: [CartItem], subtotal: String, currency: String) {
            self.items = items
            self.subtotal = subtotal
            self.currency = currency
        }
    }

    /// What `Route.updateQuantity` takes: 0…99, where 0 removes the line.
    public struct UpdateQuantityBody: Codable, Sendable, Equatable {
        public var quantity: Int

        public init(quantity: Int) {
            self.quantity = quantity
        }
    }

    public struct OrderRating: Codable, Sendable, Equatable {
        public var stars: Int
        public var comment: String?

        public init(stars: Int, comment: String? = nil) {
            self.stars = stars
            self.comment = comment
        }
    }

    /// One order. `status` is one of `processing`, `shipped`, `delivered`, `cancelled`; `total` is money in `currency`.
    public struct Order: Codable, Sendable, Equatable {
        public var id: String
        public var date: Date
        public var status: String
        public var total: String
        public var currency: String
        /// Absent until the customer rated it (`Route.rateOrder`).
        public var rating: OrderRating?

        public init(id: String, date: Date, status: String, total: String, currency: String, rating: OrderRating? = nil) {
            self.id = id
            self.date = date
            self.status = status
            self.total = total
            self.currency = currency
            self.rating = rating
        }
    }

    /// `Route.orders`: newest first.
    public struct OrderList: Codable, Sendable, Equatable {
        public var items: [Order]

        public init(items: [Order]) {
            self.items = items
        }
    }

    /// What `Route.rateOrder` takes: 1…5 stars.
    public struct RateOrderBody: Codable, Sendable, Equatable {
        public var stars: Int
        public var comment: String?

        public init(stars: Int, comment: String? = nil) {
            self.stars = stars
            self.comment = comment
        }
    }

    /// `Route.profile`, and what `Route.updateProfile` answers.
    public struct Profile: Codable, Sendable, Equatable {
        public var userId: String
        public var displayName: String
        public var email: String

        public init(userId: String, displayName: String, email: String) {
            self.userId = userId
            self.displayName = displayName
            self.email = email
        }
    }

    /// What `Route.updateProfile` takes: the fields to change (an absent one is left as it is).
    public struct UpdateProfileBody: Codable, Sendable, Equatable {
        public var displayName: String?
        public var email: String?

        public init(displayName: String? = nil, email: String? = nil) {
            self.displayName = displayName
            self.email = email
        }
    }

    /// `{}`: what `Route.placeOrder` takes (the order is made from the server's cart).
    public struct EmptyBody: Codable, Sendable, Equatable {
        public init() {}
    }
}
