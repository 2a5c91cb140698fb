public import Foundation
public import Core
package import WireContract

/// An activity registration: what `POST /v1/users/{user}/activities` sends (as `Wire.RegisterActivityBody`).
public struct ActivityRegistration: Sendable, Hashable {
    public var kind: String
    public var occurredAt: Date
    public var note: String?

    public init(kind: String, occurredAt: Date, note: String? = nil) {
        self.kind = kind
        self.occurredAt = occurredAt
        self.note = note
    }
}

/// The reference backend's summary endpoints (`Wire.Route`, Modules/WireContract) as a struct of closures:
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
    /// The summary asked for conditionally: `validators` (those of the cached copy) go out as `If-None-Match`/
    /// `If-Modified-Since`, and a 304 is `.notModified` with nothing decoded. Nil (fixtures, `test`): the summary comes
    /// whole through `fetchSummary` and nothing is revalidated.
    public var fetchSummaryConditionally: (@Sendable (_ year: Int, _ validators: CacheValidators?) async throws(HTTPClientError)
        -> ConditionalAnswer<AnnualSummary>)?

    public init(fetchSummary: @escaping @Sendable (_ year: Int) async throws(HTTPClientError) -> AnnualSummary,
                activityRequest: @escaping @Sendable (_ registration: ActivityRegistration) throws(OutboxError) -> OutboxRequest,
                activityVersion: @escaping @Sendable () async throws(HTTPClientError) -> String = { () throws(HTTPClientError) in
                    throw HTTPClientError.invalidRequest("SummaryAPI: no activityVersion given; pass one")
                }) {
        self.fetchSummary = fetchSummary
        self.activityRequest = activityRequest
        self.activityVersion = activityVersion
    }

    /// The request that registers `registration` for `user` (`Wire.Route.registerActivity`).
    public static func activityRequest(user: String, _ registration: ActivityRegistration) throws(OutboxError) -> OutboxRequest {
        let route = Wire.Route.registerActivity
        return try OutboxRequest.json(route.method.rawValue, route.endpoint(user),
                                      Wire.RegisterActivityBody(kind: registration.kind, occurredAt: registration.occurredAt, note: registration.note))
    }

    /// The model from the server's JSON (`Wire.AnnualSummary`), as `live` maps it: unknown stat and badge ids are left
    /// out; an unreadable figure is a `.decoding` error.
    public static func summary(fromWire data: Data) throws(HTTPClientError) -> AnnualSummary {
        let wire: Wire.AnnualSummary
        do { wire = try WireJSON.decoder.decode(Wire.AnnualSummary.self, from: data) } catch { throw .decoding("\(error)") }
        return try AnnualSummary(wire: wire)
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

// MARK: - From the wire (Modules/WireContract): stat values are decimal strings with a unit ("count" or an ISO 4217
// code), percentages strings with one decimal

extension AnnualSummary {
    /// The model the screen renders. Unknown stat or badge ids are dropped: the app shows only figures it has
    /// words for (a newer server may send more). A known card whose value cannot be read fails the whole answer.
    package init(wire: Wire.AnnualSummary) throws(HTTPClientError) {
        var cards: [StatCard] = []
        var units: [StatKind: String] = [:]
        for card in wire.statCards {
            guard let kind = StatKind(wireID: card.id) else { continue }
            cards.append(StatCard(kind: kind, value: try Self.value(card.value, unit: card.unit, id: card.id)))
            units[kind] = card.unit
        }
        let badges = wire.badges.compactMap { badge in BadgeKind(wireID: badge.id).map { EarnedBadge(kind: $0, earnedAt: badge.earnedAt) } }
        var comparison: PeriodComparison?
        if let wire = wire.comparison {
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
        self.init(period: wire.period, statCards: cards, badges: badges, comparison: comparison, activityVersion: wire.activityVersion)
    }

    static func value(_ text: String, unit: String, id: String) throws(HTTPClientError) -> StatValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if unit == "count", let count = Int(trimmed) { return .count(count) }
        if unit.count == 3, unit.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            guard let amount = Wire.Money.amount(trimmed) else {
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
