public import Foundation
public import Core

/// What `POST /v1/users/{user}/activities` takes: an activity registration.
public struct ActivityRegistration: Sendable, Hashable, Codable {
    public var kind: String
    public var occurredAt: Date
    public var note: String?

    public init(kind: String, occurredAt: Date, note: String? = nil) {
        self.kind = kind
        self.occurredAt = occurredAt
        self.note = note
    }
}

/// The reference backend's summary endpoints (Tools/ReferenceServer/README.md) as a struct of closures:
/// `live(client:user:)` for the app, `test` that fails on every call, and fixtures for tests and previews.
///
/// The activity registration is not sent from here: it is a queued write (pattern B), so this only
/// describes its request and the outbox sends it when it can.
public struct SummaryAPI: Sendable {
    /// `GET /v1/users/{user}/summary/{year}`, mapped to the model the screen renders.
    public var fetchSummary: @Sendable (_ year: Int) async throws(HTTPClientError) -> AnnualSummary
    /// The request of `POST /v1/users/{user}/activities`, for the outbox.
    public var activityRequest: @Sendable (_ registration: ActivityRegistration) throws(OutboxError) -> OutboxRequest
    /// `GET /v1/users/{user}/activities/version`: the current version of the user's activity data (a few bytes, not a
    /// download of anything).
    public var activityVersion: @Sendable () async throws(HTTPClientError) -> String

    public init(fetchSummary: @escaping @Sendable (_ year: Int) async throws(HTTPClientError) -> AnnualSummary,
                activityRequest: @escaping @Sendable (_ registration: ActivityRegistration) throws(OutboxError) -> OutboxRequest,
                activityVersion: @escaping @Sendable () async throws(HTTPClientError) -> String = { () throws(HTTPClientError) in
                    throw HTTPClientError.invalidRequest("SummaryAPI: no activityVersion given; pass one")
                }) {
        self.fetchSummary = fetchSummary
        self.activityRequest = activityRequest
        self.activityVersion = activityVersion
    }

    /// The version endpoint for `user`.
    public static func activityVersionEndpoint(user: String) -> Endpoint { Endpoint("v1", "users", user, "activities", "version") }

    /// The activities endpoint for `user` (each segment percent-encoded once).
    public static func activitiesEndpoint(user: String) -> Endpoint { Endpoint("v1", "users", user, "activities") }

    /// The request that registers `registration` for `user`.
    public static func activityRequest(user: String, _ registration: ActivityRegistration) throws(OutboxError) -> OutboxRequest {
        try OutboxRequest.json("POST", activitiesEndpoint(user: user), registration)
    }

    /// The model from the server's JSON (`AnnualSummary` in the wire format), as `live` maps it: unknown stat and
    /// badge ids are left out; an unreadable figure is a `.decoding` error.
    public static func summary(fromWire data: Data) throws(HTTPClientError) -> AnnualSummary {
        let wire: SummaryWire
        do { wire = try WireJSON.decoder.decode(SummaryWire.self, from: data) } catch { throw .decoding("\(error)") }
        return try wire.summary()
    }

    /// Fails every call with an error naming it: a test overrides only the closures it expects.
    public static var test: SummaryAPI {
        SummaryAPI(
            fetchSummary: { _ throws(HTTPClientError) in
                throw .invalidRequest("SummaryAPI.test: unexpected call to fetchSummary; override it in the test")
            },
            activityRequest: { _ throws(OutboxError) in
                throw .invalidWrite("SummaryAPI.test: unexpected call to activityRequest; override it in the test")
            }
        )
    }

    /// Serves `summary` from memory; activity requests go to `user`'s path; the activity version is the summary's own.
    public static func serving(_ summary: AnnualSummary, user: String = "user1") -> SummaryAPI {
        SummaryAPI(
            fetchSummary: { _ throws(HTTPClientError) in summary },
            activityRequest: { registration throws(OutboxError) in try activityRequest(user: user, registration) },
            activityVersion: { () throws(HTTPClientError) in summary.activityVersion ?? "0" }
        )
    }

    /// Every fetch fails as the HTTP client does while offline.
    public static func offline(user: String = "user1") -> SummaryAPI {
        SummaryAPI(
            fetchSummary: { _ throws(HTTPClientError) in throw .offline },
            activityRequest: { registration throws(OutboxError) in try activityRequest(user: user, registration) }
        )
    }
}

// MARK: - Wire format

/// `AnnualSummary` as the server sends it: stat values are decimal strings with a unit ("count" or an
/// ISO 4217 code), percentages are strings with one decimal.
package struct SummaryWire: Decodable, Sendable {
    struct Card: Decodable, Sendable {
        var id: String
        var value: String
        var unit: String
    }

    struct Badge: Decodable, Sendable {
        var id: String
        var earnedAt: Date
    }

    struct Comparison: Decodable, Sendable {
        struct Card: Decodable, Sendable {
            var id: String
            var current: String
            var previous: String
            var changePercent: String?
        }

        var previousPeriod: String
        var cards: [Card]
    }

    var period: String
    var statCards: [Card]
    var badges: [Badge]
    var comparison: Comparison?
    var activityVersion: String?

    /// The model the screen renders. Unknown stat or badge ids are dropped: the app shows only figures it has
    /// words for (a newer server may send more). A known card whose value cannot be read fails the whole answer.
    package func summary() throws(HTTPClientError) -> AnnualSummary {
        var cards: [StatCard] = []
        var units: [StatKind: String] = [:]
        for card in statCards {
            guard let kind = StatKind(wireID: card.id) else { continue }
            cards.append(StatCard(kind: kind, value: try Self.value(card.value, unit: card.unit, id: card.id)))
            units[kind] = card.unit
        }
        let badges = self.badges.compactMap { badge in BadgeKind(wireID: badge.id).map { EarnedBadge(kind: $0, earnedAt: badge.earnedAt) } }
        var comparison: PeriodComparison?
        if let wire = self.comparison {
            var changes: [StatChange] = []
            for card in wire.cards {
                guard let kind = StatKind(wireID: card.id) else { continue }
                let unit = units[kind] ?? "count"
                let current = try Self.value(card.current, unit: unit, id: card.id)
                let previous = try Self.value(card.previous, unit: unit, id: card.id)
                var percent = card.changePercent.flatMap { Double($0) }
                if percent == nil, previous.sign != 0 {
                    // The server leaves it out only when the previous figure is zero; compute it otherwise.
                    percent = (current.doubleValue - previous.doubleValue) / abs(previous.doubleValue) * 100
                }
                changes.append(StatChange(kind: kind, current: current, previous: previous, percentChange: percent))
            }
            comparison = PeriodComparison(previousPeriod: wire.previousPeriod, changes: changes)
        }
        return AnnualSummary(period: period, statCards: cards, badges: badges, comparison: comparison, activityVersion: activityVersion)
    }

    static func value(_ text: String, unit: String, id: String) throws(HTTPClientError) -> StatValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if unit == "count", let count = Int(trimmed) { return .count(count) }
        if unit.count == 3, unit.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            let isDecimal = !trimmed.isEmpty && trimmed.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }
            guard isDecimal, let amount = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), amount.isFinite else {
                throw .decoding("stat card \(id): \"\(text)\" is not an amount of \(unit)")
            }
            return .amount(amount, currency: unit)
        }
        guard let number = Double(trimmed), number.isFinite else {
            throw .decoding("stat card \(id): \"\(text)\" (\(unit)) is not a number")
        }
        return .quantity(number)
    }
}
