public import Foundation
import Core
import WireContract

/// A response before it becomes HTTP: status, JSON body (or none for 204).
public struct WireResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data
    /// True when this is the stored first result of an idempotent write, replayed.
    public var replayed = false
    /// JSON unless said otherwise (an image).
    public var contentType = "application/json"
    /// The validators of a read's answer (`ETag` without its coding, `Last-Modified`); nil: none sent.
    var validator: Validator?

    public init(status: Int, body: Data, replayed: Bool = false, contentType: String = "application/json") {
        self.status = status
        self.body = body
        self.replayed = replayed
        self.contentType = contentType
    }

    static func json(_ value: some Encodable, status: Int = 200) -> WireResponse {
        WireResponse(status: status, body: (try? encoder.encode(value)) ?? Data())
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> WireResponse {
        json(Wire.ErrorBody(code: code, message: message), status: status)
    }

    /// The server's JSON: `WireJSON`'s dates, with keys sorted and slashes left unescaped, so an answer's bytes are the
    /// same every time (clients read any order).
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// Every user's data plus the idempotency records, behind one lock so a write and its
/// idempotency record are stored atomically (a replay can never apply twice).
final class ReferenceStore: Sendable {
    private struct IdempotencyRecord { var fingerprint: String; var response: WireResponse }
    private struct State {
        var users: [String: UserData]
        var idempotency: [String: IdempotencyRecord] = [:]
        /// The digest of each user's whole product list, made when first asked for and dropped by any write.
        var productDigests: [String: String] = [:]
        /// Each resource's last validator ("user/resource"): its `Last-Modified` is when its digest last changed.
        var validators: [String: Validator] = [:]
    }

    private let state: Locked<State>
    private let now: @Sendable () -> Date
    private let seed: SeedConfiguration

    init(seed: SeedConfiguration, now: @escaping @Sendable () -> Date) {
        state = Locked(State(users: SeedData.make(seed)))
        self.now = now
        self.seed = seed
    }

    /// True when `user` exists, provisioning them first when the seed says unknown users get sample data.
    func hasUser(_ user: String) -> Bool {
        state.withLock { state in
            if state.users[user] != nil { return true }
            guard seed.provisionUnknownUsers, !user.isEmpty else { return false }
            state.users[user] = SeedData.makeProvisionedUser(user, configuration: seed)
            return true
        }
    }

    /// Runs a read against one user's data.
    func read(_ user: String, _ body: (UserData) -> WireResponse) -> WireResponse {
        state.withLock { state in
            guard let data = state.users[user] else { return .error(404, "unknown_user", "No user \(user).") }
            return body(data)
        }
    }

    /// Runs a write once per idempotency key: a replay with the same key returns the first response
    /// (and `replayed == true`) without applying anything.
    func write(_ user: String, idempotencyKey: String?, fingerprint: String,
               _ body: (inout UserData, inout [String: UserData], Date) -> WireResponse) -> (WireResponse, replayed: Bool) {
        let date = now()
        return state.withLock { state in
            let recordKey = idempotencyKey.map { "\(user)\u{0}\($0)" }
            if let recordKey, let record = state.idempotency[recordKey] {
                guard record.fingerprint == fingerprint else {
                    return (.error(422, "idempotency_key_reused",
                                   "This Idempotency-Key was already used for a different request; send a new key."), false)
                }
                return (record.response, true)
            }
            guard var data = state.users.removeValue(forKey: user) else {
                return (.error(404, "unknown_user", "No user \(user)."), false)
            }
            let response = body(&data, &state.users, date)
            state.users[user] = data
            // A write may change any user's products (a transfer moves one to another user).
            state.productDigests.removeAll()
            // Only successes are remembered: a rejected write may be retried with the same key after fixing it.
            if let recordKey, (200..<300).contains(response.status) {
                state.idempotency[recordKey] = IdempotencyRecord(fingerprint: fingerprint, response: response)
            }
            return (response, false)
        }
    }

    // MARK: - Validators

    /// The validator of `user`'s `resource` whose content now has `digest`: the same `Last-Modified` as long as the
    /// digest is the same, now (second precision, as HTTP-dates are) when it changed.
    func validator(_ user: String, resource: String, digest: String) -> Validator {
        let date = now()
        return state.withLock { state in
            let key = "\(user)/\(resource)"
            if let known = state.validators[key], known.digest == digest { return known }
            let validator = Validator(digest: digest, lastModified: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
            state.validators[key] = validator
            return validator
        }
    }

    /// The digest of `user`'s whole product list, the version every page of it carries (so a client can tell from its
    /// first page whether any changed, and no sync mixes two versions); made once per version of the list.
    func productsDigest(_ user: String) -> String? {
        state.withLock { state in
            if let digest = state.productDigests[user] { return digest }
            guard let data = state.users[user] else { return nil }
            let digest = Validator.digest(of: WireResponse.json(Wire.ProductList(items: data.products, total: data.products.count)).body)
            state.productDigests[user] = digest
            return digest
        }
    }

    // MARK: - Operations

    /// `count` products spread over the list get a warranty a year longer (`ReferenceServer.changeProducts`).
    static func changeProducts(_ data: inout UserData, count: Int) -> Int {
        let total = data.products.count
        let changed = min(max(count, 0), total)
        guard changed > 0 else { return 0 }
        for step in 0..<changed {
            let position = step * total / changed
            data.products[position].warrantyExpiresAt.addTimeInterval(365 * 86_400)
        }
        return changed
    }

    static func products(_ data: UserData, offset: Int, limit: Int?) -> WireResponse {
        let start = min(max(offset, 0), data.products.count)
        let end = limit.map { min(start + max($0, 0), data.products.count) } ?? data.products.count
        return .json(Wire.ProductList(items: Array(data.products[start..<end]), total: data.products.count))
    }

    static func product(_ data: UserData, id: String) -> WireResponse {
        guard let position = data.productIndex[id] else { return .error(404, "not_found", "No product \(id) for this user.") }
        return .json(data.products[position])
    }

    static func cart(_ data: UserData) -> WireResponse { .json(cartValue(data)) }

    static func cartValue(_ data: UserData) -> Wire.Cart {
        let subtotal = data.cart.reduce(Decimal(0)) { $0 + (Wire.Money.amount($1.unitPrice) ?? 0) * Decimal($1.quantity) }
        return Wire.Cart(items: data.cart, subtotal: Wire.Money.text(subtotal), currency: "EUR")
    }

    static func updateQuantity(_ data: inout UserData, itemID: String, quantity: Int) -> WireResponse {
        guard (0...99).contains(quantity) else { return .error(400, "invalid_quantity", "Quantity must be between 0 and 99.") }
        guard let position = data.cart.firstIndex(where: { $0.id == itemID }) else {
            return .error(404, "not_found", "No cart item \(itemID) for this user.")
        }
        if quantity == 0 { data.cart.remove(at: position) } else { data.cart[position].quantity = quantity }
        return .json(cartValue(data))
    }

    static func placeOrder(_ data: inout UserData, user: String, date: Date) -> WireResponse {
        guard !data.cart.isEmpty else { return .error(409, "cart_empty", "The cart is empty; add an item before placing an order.") }
        let total = cartValue(data).subtotal
        let order = Wire.Order(id: "\(user)-o\(data.orders.count + 1)-n\(data.nextSequence)", date: date, status: "processing",
                               total: total, currency: "EUR", rating: nil)
        data.nextSequence += 1
        data.orders.insert(order, at: 0)
        data.cart.removeAll()
        return .json(order, status: 201)
    }

    static func orders(_ data: UserData) -> WireResponse { .json(Wire.OrderList(items: data.orders)) }

    static func rateOrder(_ data: inout UserData, orderID: String, body: Wire.RateOrderBody) -> WireResponse {
        guard (1...5).contains(body.stars) else { return .error(400, "invalid_rating", "Stars must be between 1 and 5.") }
        guard let position = data.orders.firstIndex(where: { $0.id == orderID }) else {
            return .error(404, "not_found", "No order \(orderID) for this user.")
        }
        data.orders[position].rating = Wire.OrderRating(stars: body.stars, comment: body.comment)
        return .json(data.orders[position])
    }

    static func updateProfile(_ data: inout UserData, body: Wire.UpdateProfileBody) -> WireResponse {
        if let email = body.email, !email.contains("@") {
            return .error(400, "invalid_email", "The email address needs an @.")
        }
        if let name = body.displayName { data.profile.displayName = name }
        if let email = body.email { data.profile.email = email }
        return .json(data.profile)
    }

    static func raiseServiceRequest(_ data: inout UserData, productID: String, body: Wire.ServiceRequestBody, date: Date) -> WireResponse {
        guard data.productIndex[productID] != nil else { return .error(404, "not_found", "No product \(productID) for this user.") }
        let request = Wire.ServiceRequest(id: "\(productID)-sr\(data.serviceRequests.count + 1)", productId: productID,
                                          issue: body.issue, status: "open", createdAt: date)
        data.serviceRequests.append(request)
        return .json(request, status: 201)
    }

    static func transferOwnership(_ data: inout UserData, others: inout [String: UserData], user: String,
                                  productID: String, to target: String, date: Date) -> WireResponse {
        guard let position = data.productIndex[productID] else { return .error(404, "not_found", "No product \(productID) for this user.") }
        guard target != user, others[target] != nil else {
            return .error(400, "invalid_recipient", "Ownership can only be transferred to another existing user.")
        }
        let product = data.products.remove(at: position)
        data.productIndex = Dictionary(uniqueKeysWithValues: data.products.enumerated().map { ($1.id, $0) })
        others[target]?.products.append(product)
        if let count = others[target]?.products.count { others[target]?.productIndex[product.id] = count - 1 }
        return .json(Wire.OwnershipTransfer(productId: productID, fromUser: user, toUser: target, transferredAt: date))
    }

    static func registerActivity(_ data: inout UserData, user: String, body: Wire.RegisterActivityBody) -> WireResponse {
        let activity = Wire.Activity(id: "\(user)-a\(data.activities.count + 1)", kind: body.kind, occurredAt: body.occurredAt, note: body.note)
        data.activities.append(activity)
        return .json(activity, status: 201)
    }

    /// Changes whenever an activity is recorded (from any device): the number of activities so far.
    static func activityVersion(_ data: UserData) -> String { String(data.activities.count) }

    static func summary(_ data: UserData, period: String, reference: Date) -> WireResponse {
        guard let year = Int(period), (1970...9999).contains(year) else {
            return .error(400, "invalid_period", "The period is a four-digit year, e.g. 2025.")
        }
        let calendar: Calendar = { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }()
        func orders(in year: Int) -> [Wire.Order] { data.orders.filter { calendar.component(.year, from: $0.date) == year } }
        func spent(_ orders: [Wire.Order]) -> Decimal { orders.reduce(0) { $0 + (Wire.Money.amount($1.total) ?? 0) } }
        func products(in year: Int) -> Int { data.products.count { calendar.component(.year, from: $0.purchaseDate) == year } }
        func activities(in year: Int) -> Int { data.activities.count { calendar.component(.year, from: $0.occurredAt) == year } }
        let current = orders(in: year), previous = orders(in: year - 1)
        let cards = [
            Wire.StatCard(id: "orders", value: "\(current.count)", unit: "count"),
            Wire.StatCard(id: "spent", value: Wire.Money.text(spent(current)), unit: "EUR"),
            Wire.StatCard(id: "products", value: "\(products(in: year))", unit: "count"),
            Wire.StatCard(id: "activities", value: "\(activities(in: year))", unit: "count"),
        ]
        let previousValues = ["orders": "\(previous.count)", "spent": Wire.Money.text(spent(previous)),
                              "products": "\(products(in: year - 1))", "activities": "\(activities(in: year - 1))"]
        let comparison = Wire.PeriodComparison(previousPeriod: "\(year - 1)", cards: cards.map { card in
            let old = previousValues[card.id] ?? "0"
            let change: String? = {
                guard let new = Double(card.value), let before = Double(old), before != 0 else { return nil }
                return String(format: "%.1f", (new - before) / before * 100)
            }()
            return .init(id: card.id, current: card.value, previous: old, changePercent: change)
        })
        var badges: [Wire.Badge] = []
        let yearEnd = calendar.date(from: DateComponents(year: year, month: 12, day: 31)) ?? reference
        if current.count >= 3 { badges.append(Wire.Badge(id: "regular-customer", earnedAt: current[2].date)) }
        if products(in: year) >= 5 { badges.append(Wire.Badge(id: "collector", earnedAt: yearEnd)) }
        if current.contains(where: { $0.rating != nil }) { badges.append(Wire.Badge(id: "reviewer", earnedAt: yearEnd)) }
        return .json(Wire.AnnualSummary(period: "\(year)", statCards: cards, badges: badges, comparison: comparison,
                                        activityVersion: activityVersion(data)))
    }
}
