public import Core

extension Wire {
    /// One endpoint of the backend: its method and a path whose `{name}` segments are parameters
    /// (`POST /v1/users/{user}/orders/{order}/rating`). A client fills the parameters in (`endpoint(_:)`), the reference
    /// server routes on the same value, and its request log names the endpoint by `description`.
    public struct Route: Sendable, Hashable, CustomStringConvertible {
        public enum Method: String, Sendable, Hashable, CaseIterable {
            case get = "GET", post = "POST", delete = "DELETE"
        }

        /// A segment of the path: a fixed name, or a parameter the request fills in.
        public enum Segment: Sendable, Hashable {
            case fixed(String)
            case parameter(String)
        }

        public let method: Method
        public let segments: [Segment]

        /// `path` is written as the README writes it: `/v1/users/{user}/cart`.
        init(_ method: Method, _ path: String) {
            self.method = method
            segments = path.split(separator: "/").map { part in
                part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .fixed(String(part))
            }
        }

        /// `/v1/users/{user}/cart`.
        public var path: String { path(writingParameters: { "{\($0)}" }) }

        /// The path with each parameter written by `parameter`: a router's own syntax (`:user`).
        public func path(writingParameters parameter: (_ name: String) -> String) -> String {
            "/" + segments.map { segment in
                switch segment {
                case let .fixed(name): name
                case let .parameter(name): parameter(name)
                }
            }.joined(separator: "/")
        }

        /// The names of the parameters, in the path's order.
        public var parameters: [String] {
            segments.compactMap { segment in
                if case let .parameter(name) = segment { name } else { nil }
            }
        }

        /// `GET /v1/users/{user}/cart`: how the reference server's request log counts it.
        public var description: String { "\(method.rawValue) \(path)" }

        /// The path with `values` for its parameters, in the path's order. Each value stays one segment, percent-encoded
        /// once by `Endpoint` (an id may hold `/`, `%` or spaces).
        public func endpoint(_ values: String...) -> Endpoint {
            endpoint(filling: values)
        }

        /// `endpoint(_:)` with the values in an array (code that walks every route).
        public func endpoint(filling values: [String]) -> Endpoint {
            assert(values.count == parameters.count, "\(self) takes \(parameters.count) values, not \(values.count)")
            var remaining = values[...]
            return Endpoint(segments: segments.map { segment in
                switch segment {
                case let .fixed(name): name
                case .parameter: remaining.popFirst() ?? ""
                }
            })
        }
    }
}

// The routes. Bodies and answers are this module's types; every `/v1/users/{user}/…` route needs the user's session
// (`Authorization: Bearer <token>`), and every POST there takes an `Idempotency-Key`.
extension Wire.Route {
    // MARK: Without a session

    /// 204, no body: the connectivity probe.
    public static let health = Self(.get, "/health")
    /// A cart line's image (`imageRef` `img/em-200.png` → `em-200.png`): 200 `image/png`, as a CDN serves it.
    public static let image = Self(.get, "/v1/images/{name}")
    /// `SignInBody` → 201 `Session`.
    public static let signIn = Self(.post, "/v1/sessions")
    /// The session's bearer → 204.
    public static let signOut = Self(.delete, "/v1/sessions/current")

    // MARK: Reads

    /// `?offset=&limit=` (`PageQuery`) → `ProductList`.
    public static let products = Self(.get, "/v1/users/{user}/products")
    /// → `Product`.
    public static let product = Self(.get, "/v1/users/{user}/products/{product}")
    /// → `Cart`.
    public static let cart = Self(.get, "/v1/users/{user}/cart")
    /// → `OrderList`, newest first.
    public static let orders = Self(.get, "/v1/users/{user}/orders")
    /// → `Profile`.
    public static let profile = Self(.get, "/v1/users/{user}/profile")
    /// → `[Activity]`.
    public static let activities = Self(.get, "/v1/users/{user}/activities")
    /// → `ActivityVersion`: a cheap answer to "did the activity data change since version X?".
    public static let activityVersion = Self(.get, "/v1/users/{user}/activities/version")
    /// `{period}` is a year → `AnnualSummary`.
    public static let summary = Self(.get, "/v1/users/{user}/summary/{period}")

    // MARK: Writes

    /// `UpdateQuantityBody` (0…99, 0 removes the line) → `Cart`.
    public static let updateQuantity = Self(.post, "/v1/users/{user}/cart/items/{item}/quantity")
    /// `EmptyBody` (or no body) → 201 `Order` from the cart, which is emptied.
    public static let placeOrder = Self(.post, "/v1/users/{user}/orders")
    /// `RateOrderBody` → `Order` with its `rating`.
    public static let rateOrder = Self(.post, "/v1/users/{user}/orders/{order}/rating")
    /// `UpdateProfileBody` → `Profile`.
    public static let updateProfile = Self(.post, "/v1/users/{user}/profile")
    /// `ServiceRequestBody` → 201 `ServiceRequest`.
    public static let raiseServiceRequest = Self(.post, "/v1/users/{user}/products/{product}/service-requests")
    /// `TransferOwnershipBody` → `OwnershipTransfer`; the product moves to the other user.
    public static let transferOwnership = Self(.post, "/v1/users/{user}/products/{product}/transfer")
    /// `RegisterActivityBody` → 201 `Activity`.
    public static let registerActivity = Self(.post, "/v1/users/{user}/activities")

    /// Every route of the backend, for the server to serve and the tests to walk.
    public static let all: [Self] = [
        health, image, signIn, signOut,
        products, product, cart, orders, profile, activities, activityVersion, summary,
        updateQuantity, placeOrder, rateOrder, updateProfile, raiseServiceRequest, transferOwnership, registerActivity,
    ]
}

extension Wire {
    /// The query of a paged read (`Route.products`): `limit` items from `offset`, or all the rest without a limit.
    public struct PageQuery: Sendable, Hashable {
        public static let offsetName = "offset"
        public static let limitName = "limit"

        public var offset: Int
        public var limit: Int?

        public init(offset: Int, limit: Int? = nil) {
            self.offset = offset
            self.limit = limit
        }

        /// What the server makes of a request's query: a missing or unreadable offset is 0, a missing or unreadable
        /// limit none.
        public init(reading value: (_ name: String) -> String?) {
            self.init(offset: value(Self.offsetName).flatMap { Int($0) } ?? 0, limit: value(Self.limitName).flatMap { Int($0) })
        }

        /// The query a client sends.
        public var parameters: [String: String] {
            var parameters = [Self.offsetName: String(offset)]
            if let limit { parameters[Self.limitName] = String(limit) }
            return parameters
        }
    }
}
