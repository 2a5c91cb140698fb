import Core
import Foundation
import TestSupport
import Testing
import WireContract

/// Every body of the contract, written as the reference server writes it (keys sorted) and read back as the apps read
/// it (`WireJSON`). The expected JSON is the API's documented shape (README.md): renaming a property here would change
/// the wire for both sides at once, so it fails these tests instead of passing unnoticed.
@Suite struct BodyTests {
    /// The reference server's encoder: `WireJSON`'s dates, keys sorted, slashes unescaped.
    static let serverEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as the server writes it; and what an app reads from those bytes, which must be `value` again.
    func wire<Body: Codable & Equatable>(_ value: Body) throws -> String {
        let data = try Self.serverEncoder.encode(value)
        #expect(try WireJSON.decoder.decode(Body.self, from: data) == value)
        // And what an app writes (WireJSON's own encoder) reads back the same.
        #expect(try WireJSON.decoder.decode(Body.self, from: WireJSON.encoder.encode(value)) == value)
        return String(decoding: data, as: UTF8.self)
    }

    let day = fixedNow.addingTimeInterval(-80 * 86_400)  // 2025-11-12T00:00:00Z

    @Test func productsAndTheirWrites() throws {
        let product = Wire.Product(id: "user1-p1", name: "Espresso Machine", model: "EM-200", serialNumber: "SN0048213377",
                                   purchaseDate: day, warrantyExpiresAt: fixedNow)
        #expect(try wire(product) == #"{"id":"user1-p1","model":"EM-200","name":"Espresso Machine","purchaseDate":"2025-11-12T00:00:00Z","serialNumber":"SN0048213377","warrantyExpiresAt":"2026-01-31T00:00:00Z"}"#)
        #expect(try wire(Wire.ProductList(items: [product], total: 12)).hasSuffix(#"}],"total":12}"#))
        #expect(try wire(Wire.ProductList(items: [], total: 0)) == #"{"items":[],"total":0}"#)
        #expect(try wire(Wire.ServiceRequestBody(issue: "noisy")) == #"{"issue":"noisy"}"#)
        #expect(try wire(Wire.ServiceRequest(id: "user1-p1-sr1", productId: "user1-p1", issue: "noisy", status: "open", createdAt: fixedNow))
            == #"{"createdAt":"2026-01-31T00:00:00Z","id":"user1-p1-sr1","issue":"noisy","productId":"user1-p1","status":"open"}"#)
        #expect(try wire(Wire.TransferOwnershipBody(toUser: "user2")) == #"{"toUser":"user2"}"#)
        #expect(try wire(Wire.OwnershipTransfer(productId: "user1-p3", fromUser: "user1", toUser: "user2", transferredAt: fixedNow))
            == #"{"fromUser":"user1","productId":"user1-p3","toUser":"user2","transferredAt":"2026-01-31T00:00:00Z"}"#)
    }

    @Test func theCartOrdersAndProfile() throws {
        let item = Wire.CartItem(id: "user1-c1", name: "Blender", imageRef: "img/bl-1200.png", quantity: 2, unitPrice: "74.95", currency: "EUR")
        #expect(try wire(Wire.Cart(items: [item], subtotal: "149.90", currency: "EUR"))
            == #"{"currency":"EUR","items":[{"currency":"EUR","id":"user1-c1","imageRef":"img/bl-1200.png","name":"Blender","quantity":2,"unitPrice":"74.95"}],"subtotal":"149.90"}"#)
        #expect(try wire(Wire.UpdateQuantityBody(quantity: 0)) == #"{"quantity":0}"#)
        // An order not rated yet has no `rating` key at all: optional keys are left out when absent.
        let order = Wire.Order(id: "user1-o1", date: day, status: "delivered", total: "74.95", currency: "EUR")
        #expect(try wire(order) == #"{"currency":"EUR","date":"2025-11-12T00:00:00Z","id":"user1-o1","status":"delivered","total":"74.95"}"#)
        var rated = order
        rated.rating = Wire.OrderRating(stars: 5)
        #expect(try wire(rated).contains(#""rating":{"stars":5}"#))
        rated.rating?.comment = "great"
        #expect(try wire(Wire.OrderList(items: [rated])).contains(#""rating":{"comment":"great","stars":5}"#))
        #expect(try wire(Wire.RateOrderBody(stars: 4)) == #"{"stars":4}"#)
        #expect(try wire(Wire.RateOrderBody(stars: 4, comment: "ok")) == #"{"comment":"ok","stars":4}"#)
        #expect(try wire(Wire.EmptyBody()) == "{}")
        #expect(try wire(Wire.Profile(userId: "user1", displayName: "User 1", email: "user1@example.com"))
            == #"{"displayName":"User 1","email":"user1@example.com","userId":"user1"}"#)
        #expect(try wire(Wire.UpdateProfileBody(email: "new@example.com")) == #"{"email":"new@example.com"}"#)
        #expect(try wire(Wire.UpdateProfileBody(displayName: "A", email: nil)) == #"{"displayName":"A"}"#)
    }

    @Test func theSummaryAndActivities() throws {
        let summary = Wire.AnnualSummary(
            period: "2025",
            statCards: [Wire.StatCard(id: "orders", value: "8", unit: "count"), Wire.StatCard(id: "spent", value: "499.90", unit: "EUR")],
            badges: [Wire.Badge(id: "regular-customer", earnedAt: day)],
            comparison: Wire.PeriodComparison(previousPeriod: "2024", cards: [
                Wire.PeriodComparison.Card(id: "orders", current: "8", previous: "6", changePercent: "33.3"),
                Wire.PeriodComparison.Card(id: "spent", current: "499.90", previous: "0"),
            ]),
            activityVersion: "3")
        #expect(try wire(summary) == #"{"activityVersion":"3","badges":[{"earnedAt":"2025-11-12T00:00:00Z","id":"regular-customer"}],"#
            + #""comparison":{"cards":[{"changePercent":"33.3","current":"8","id":"orders","previous":"6"},{"current":"499.90","id":"spent","previous":"0"}],"previousPeriod":"2024"},"#
            + #""period":"2025","statCards":[{"id":"orders","unit":"count","value":"8"},{"id":"spent","unit":"EUR","value":"499.90"}]}"#)
        // A server that sends no comparison (or no activity version) is still read.
        let bare = try WireJSON.decoder.decode(Wire.AnnualSummary.self, from: Data(#"{"badges":[],"period":"2025","statCards":[]}"#.utf8))
        #expect(bare == Wire.AnnualSummary(period: "2025", statCards: [], badges: []))
        #expect(try wire(Wire.ActivityVersion(version: "12")) == #"{"version":"12"}"#)
        #expect(try wire(Wire.Activity(id: "user1-a1", kind: "home-visit", occurredAt: day, note: "Tea & talk"))
            == #"{"id":"user1-a1","kind":"home-visit","note":"Tea & talk","occurredAt":"2025-11-12T00:00:00Z"}"#)
        #expect(try wire(Wire.RegisterActivityBody(kind: "call", occurredAt: fixedNow)) == #"{"kind":"call","occurredAt":"2026-01-31T00:00:00Z"}"#)
    }

    @Test func sessionsAndErrors() throws {
        #expect(try wire(Wire.SignInBody(user: "user1")) == #"{"user":"user1"}"#)
        #expect(try wire(Wire.Session(token: "ab12", user: "user1", expiresAt: fixedNow))
            == #"{"expiresAt":"2026-01-31T00:00:00Z","token":"ab12","user":"user1"}"#)
        #expect(try wire(Wire.ErrorBody(code: "not_found", message: "No product p9 for this user."))
            == #"{"error":{"code":"not_found","message":"No product p9 for this user."}}"#)
    }

    /// Dates are ISO 8601 in UTC; an app reads them with or without fractional seconds and with any offset, to the instant.
    @Test func datesAreReadToTheInstantInEveryISO8601FormTheAppsMeet() throws {
        for (text, seconds) in [("2026-01-31T00:00:00Z", 0.0), ("2026-01-31T00:00:00.500Z", 0.5), ("2026-01-31T01:00:00+01:00", 0.0),
                                ("2026-01-30T23:59:59.25+00:00", -0.75)] {
            let json = #"{"kind":"call","occurredAt":"\#(text)"}"#
            let body = try WireJSON.decoder.decode(Wire.RegisterActivityBody.self, from: Data(json.utf8))
            #expect(body.occurredAt == fixedNow.addingTimeInterval(seconds), "\(text)")
        }
        #expect(throws: DecodingError.self) {
            try WireJSON.decoder.decode(Wire.RegisterActivityBody.self, from: Data(#"{"kind":"call","occurredAt":"31.01.2026"}"#.utf8))
        }
    }

    @Test func theProductKeysAreTheOnesTheJSONCarries() throws {
        let product = Wire.Product(id: "p", name: "n", model: "m", serialNumber: "s", purchaseDate: day, warrantyExpiresAt: day)
        let object = try #require(JSONSerialization.jsonObject(with: WireJSON.encoder.encode(product)) as? [String: Any])
        #expect(Set(object.keys) == Set(Wire.Product.CodingKeys.allCases.map(\.rawValue)))
        let page = try #require(JSONSerialization.jsonObject(with: WireJSON.encoder.encode(Wire.ProductList(items: [], total: 0))) as? [String: Any])
        #expect(Set(page.keys) == Set(Wire.ProductList.CodingKeys.allCases.map(\.rawValue)))
    }
}
