public import Foundation

extension Wire {
    /// `Route.summary`: a year's figures, badges and the comparison with the year before.
    public struct AnnualSummary: Codable, Sendable, Equatable {
        /// The year, `"2025"`.
        public var period: String
        public var statCards: [StatCard]
        public var badges: [Badge]
        /// The reference server always sends it; an app shows the summary without it when a server does not.
        public var comparison: PeriodComparison?
        /// The version of the user's activity data this summary was computed from (`Route.activityVersion` answers the
        /// current one).
        public var activityVersion: String?

        public init(period: String, statCards: [StatCard], badges: [Badge], comparison: PeriodComparison? = nil, activityVersion: String? = nil) {
            self.period = period
            self.statCards = statCards
            self.badges = badges
            self.comparison = comparison
            self.activityVersion = activityVersion
        }
    }

    /// A figure of the year. The id is stable (`orders`, `spent`, `products`, `activities`) and the app maps it to its
    /// own copy: no user-facing text comes from the server.
    public struct StatCard: Codable, Sendable, Equatable {
        public var id: String
        /// A decimal string: a count, or money (`Wire.Money`) when `unit` is a currency.
        public var value: String
        /// `"count"`, or an ISO 4217 currency code for money.
        public var unit: String

        public init(id: String, value: String, unit: String) {
            self.id = id
            self.value = value
            self.unit = unit
        }
    }

    /// A badge earned in the period; the id is stable (`regular-customer`, `collector`, `reviewer`).
    public struct Badge: Codable, Sendable, Equatable {
        public var id: String
        public var earnedAt: Date

        public init(id: String, earnedAt: Date) {
            self.id = id
            self.earnedAt = earnedAt
        }
    }

    /// Each figure of the period beside the previous period's.
    public struct PeriodComparison: Codable, Sendable, Equatable {
        public struct Card: Codable, Sendable, Equatable {
            /// A `StatCard` id.
            public var id: String
            public var current: String
            public var previous: String
            /// The change in percent with one decimal (`"33.3"`, `"-12.0"`); absent when `previous` is 0.
            public var changePercent: String?

            public init(id: String, current: String, previous: String, changePercent: String? = nil) {
                self.id = id
                self.current = current
                self.previous = previous
                self.changePercent = changePercent
            }
        }

        public var previousPeriod: String
        public var cards: [Card]

        public init(previousPeriod: String, cards: [Card]) {
            self.previousPeriod = previousPeriod
            self.cards = cards
        }
    }

    /// `Route.activityVersion`: changes whenever an activity is recorded, from any device.
    public struct ActivityVersion: Codable, Sendable, Equatable {
        public var version: String

        public init(version: String) {
            self.version = version
        }
    }

    /// An activity the user registered (`Route.activities`; `Route.registerActivity` answers the new one).
    public struct Activity: Codable, Sendable, Equatable {
        public var id: String
        /// An identifier (`home-visit`), never shown as copy.
        public var kind: String
        public var occurredAt: Date
        public var note: String?

        public init(id: String, kind: String, occurredAt: Date, note: String? = nil) {
            self.id = id
            self.kind = kind
            self.occurredAt = occurredAt
            self.note = note
        }
    }

    /// What `Route.registerActivity` takes.
    public struct RegisterActivityBody: Codable, Sendable, Equatable {
        public var kind: String
        public var occurredAt: Date
        public var note: String?

        public init(kind: String, occurredAt: Date, note: String? = nil) {
            self.kind = kind
            self.occurredAt = occurredAt
            self.note = note
        }
    }
}
