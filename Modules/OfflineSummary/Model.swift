public import Core
public import Foundation

/// What a stat card counts. The server names each with a stable id; the app maps it to its own copy
/// (no user-facing text comes from the server). Ids the app does not know are left out, never shown raw.
public enum StatKind: String, Sendable, Hashable, CaseIterable, Codable {
    case activities
    case hours
    case peopleReached
    case orders
    case spent
    case products

    /// The server's id for it (`"people-reached"` in the wire format's kebab case).
    public var wireID: String {
        switch self {
        case .peopleReached: "people-reached"
        default: rawValue
        }
    }

    public init?(wireID: String) {
        switch wireID {
        case "people-reached", "peopleReached": self = .peopleReached
        default:
            guard let kind = StatKind(rawValue: wireID) else { return nil }
            self = kind
        }
    }

    /// The card's label ("Activities", "Hours", …).
    public var label: Copy {
        switch self {
        case .activities: SummaryCopy.statActivities
        case .hours: SummaryCopy.statHours
        case .peopleReached: SummaryCopy.statPeopleReached
        case .orders: SummaryCopy.statOrders
        case .spent: SummaryCopy.statSpent
        case .products: SummaryCopy.statProducts
        }
    }
}

/// A figure on a stat card, kept exact: counts as integers, money as a decimal with its currency.
public enum StatValue: Sendable, Hashable, Codable {
    case count(Int)
    /// Money: never passes through binary floating point.
    case amount(Decimal, currency: String)
    /// A measured quantity that may have a fraction (hours: 12.5).
    case quantity(Double)

    /// The value as a Copy argument, formatted per locale by ICU when resolved.
    public var argument: CopyArgument {
        switch self {
        case let .count(value): .integer(value)
        case let .amount(value, currency): .currency(value, code: currency)
        case let .quantity(value): .number(value)
        }
    }

    /// -1, 0 or 1.
    public var sign: Int {
        switch self {
        case let .count(value): value.signum()
        case let .amount(value, _): value.isZero ? 0 : (value < 0 ? -1 : 1)
        case let .quantity(value): value == 0 ? 0 : (value < 0 ? -1 : 1)
        }
    }

    /// The same value without its sign.
    public var magnitude: StatValue {
        switch self {
        case let .count(value): .count(abs(value))
        case let .amount(value, currency): .amount(value < 0 ? -value : value, currency: currency)
        case let .quantity(value): .quantity(abs(value))
        }
    }

    /// `self - other`, or nil when the two are not the same kind of figure (a count against money).
    public func difference(from other: StatValue) -> StatValue? {
        switch (self, other) {
        case let (.count(a), .count(b)): return .count(a - b)
        case let (.amount(a, currency), .amount(b, otherCurrency)) where currency == otherCurrency: return .amount(a - b, currency: currency)
        case let (.quantity(a), .quantity(b)): return .quantity(a - b)
        case let (.count(a), .quantity(b)): return .quantity(Double(a) - b)
        case let (.quantity(a), .count(b)): return .quantity(a - Double(b))
        default: return nil
        }
    }

    /// The value as a plain number (for percentages).
    public var doubleValue: Double {
        switch self {
        case let .count(value): Double(value)
        case let .amount(value, _): NSDecimalNumber(decimal: value).doubleValue
        case let .quantity(value): value
        }
    }
}

/// One stat card: what it counts and the figure for the period.
public struct StatCard: Sendable, Hashable, Codable {
    public var kind: StatKind
    public var value: StatValue

    public init(kind: StatKind, value: StatValue) {
        self.kind = kind
        self.value = value
    }
}

/// A badge the server awarded for the period. Ids the app does not know are left out.
public enum BadgeKind: String, Sendable, Hashable, CaseIterable, Codable {
    case regularCustomer
    case collector
    case reviewer

    public var wireID: String {
        switch self {
        case .regularCustomer: "regular-customer"
        case .collector: "collector"
        case .reviewer: "reviewer"
        }
    }

    public init?(wireID: String) {
        guard let kind = Self.allCases.first(where: { $0.wireID == wireID }) else { return nil }
        self = kind
    }

    public var title: Copy {
        switch self {
        case .regularCustomer: SummaryCopy.badgeRegularCustomer
        case .collector: SummaryCopy.badgeCollector
        case .reviewer: SummaryCopy.badgeReviewer
        }
    }
}

public struct EarnedBadge: Sendable, Hashable, Codable {
    public var kind: BadgeKind
    public var earnedAt: Date

    public init(kind: BadgeKind, earnedAt: Date) {
        self.kind = kind
        self.earnedAt = earnedAt
    }
}

/// How one figure changed against the previous period.
public struct StatChange: Sendable, Hashable, Codable {
    public var kind: StatKind
    public var current: StatValue
    public var previous: StatValue
    /// The change in percent (33.3 means +33.3 %); nil when the previous figure was zero.
    public var percentChange: Double?

    public init(kind: StatKind, current: StatValue, previous: StatValue, percentChange: Double?) {
        self.kind = kind
        self.current = current
        self.previous = previous
        self.percentChange = percentChange
    }

    /// `current - previous` (nil only for figures of different kinds, which the server never sends).
    public var difference: StatValue? { current.difference(from: previous) }
}

/// The comparison with the previous period.
public struct PeriodComparison: Sendable, Hashable, Codable {
    public var previousPeriod: String
    public var changes: [StatChange]

    public init(previousPeriod: String, changes: [StatChange]) {
        self.previousPeriod = previousPeriod
        self.changes = changes
    }
}

/// The annual summary as the screen renders it: the period, its stat cards, the badges and the comparison.
/// Only data (no resolved strings), so the same value renders in every locale and caches as is.
public struct AnnualSummary: Sendable, Hashable, Codable {
    /// The year, as the server names it ("2025"); shown as is.
    public var period: String
    public var statCards: [StatCard]
    public var badges: [EarnedBadge]
    public var comparison: PeriodComparison?
    /// The version of the user's activity data the server computed this summary from (nil: the server does not say).
    /// On reconnect the app asks the server for the current one: a different one means activity arrived from
    /// elsewhere (another device, a coordinator), and the summary prompts to refresh.
    public var activityVersion: String?

    public init(period: String, statCards: [StatCard], badges: [EarnedBadge], comparison: PeriodComparison?, activityVersion: String? = nil) {
        self.activityVersion = activityVersion
        self.period = period
        self.statCards = statCards
        self.badges = badges
        self.comparison = comparison
    }

    public func value(of kind: StatKind) -> StatValue? {
        statCards.first { $0.kind == kind }?.value
    }
}

/// What the cache holds for one user and year: the summary, when the server gave it, and an id that an
/// invalidation names (so a refresh, which writes a new id, makes every older invalidation moot).
public struct SummarySnapshot: Sendable, Hashable, Codable {
    public var id: String
    public var summary: AnnualSummary
    /// When the server answered ("Last updated").
    public var fetchedAt: Date

    public init(id: String, summary: AnnualSummary, fetchedAt: Date) {
        self.id = id
        self.summary = summary
        self.fetchedAt = fetchedAt
    }
}

/// The cached summary as the screen uses it: the snapshot and whether new activity has made it out of date.
public struct CachedSummary: Sendable, Hashable, SavedValue {
    public var snapshot: SummarySnapshot
    /// New activity was registered or synced since the snapshot was fetched: the screen prompts to refresh.
    public var isInvalidated: Bool

    public init(snapshot: SummarySnapshot, isInvalidated: Bool = false) {
        self.snapshot = snapshot
        self.isInvalidated = isInvalidated
    }

    public var summary: AnnualSummary { snapshot.summary }
    public var fetchedAt: Date { snapshot.fetchedAt }
    public var savedAt: Date { snapshot.fetchedAt }
}

/// An activity the peer mentor registered on this device (kept until the server has it).
public struct RegisteredActivity: Sendable, Hashable, Codable, Identifiable {
    /// Local id: the record key in the store and the row's id.
    public var id: String
    /// What kind of activity ("home-visit"); an identifier, never shown as copy.
    public var kind: String
    public var occurredAt: Date
    /// The peer mentor's own note, shown as is.
    public var note: String?

    public init(id: String, kind: String, occurredAt: Date, note: String? = nil) {
        self.id = id
        self.kind = kind
        self.occurredAt = occurredAt
        self.note = note
    }
}

/// One registered activity with its pending look (pattern B: pending until synced, failures with a dismiss).
public struct ActivityEntry: Sendable, Hashable, Identifiable {
    public var activity: RegisteredActivity
    public var feedback: OfflineFeedback

    public init(activity: RegisteredActivity, feedback: OfflineFeedback) {
        self.activity = activity
        self.feedback = feedback
    }

    public var id: String { activity.id }
}
