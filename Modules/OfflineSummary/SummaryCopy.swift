public import Core
public import Foundation

/// The keys of the OfflineSummary catalog table (`Localization/<locale>.lproj/OfflineSummary.strings`).
/// The wording lives in the catalogs; these are only references to it.
public enum SummaryCopy {
    public static let table = "OfflineSummary"

    /// "Annual summary": the screen's name where other screens lead to it (its navigation item, the attention marker).
    public static let navigationTitle = Copy(table, "navigation.title")
    /// "Your %@ in review"
    public static func title(period: String) -> Copy { Copy(table, "summary.title", [Self.period(period)]) }

    /// A period as the reader's locale writes it: a year in the locale's digits (٢٠٢٥ in Arabic); any other period the
    /// server names, as it is.
    static func period(_ period: String) -> CopyArgument {
        guard period.count == 4, period.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(period) else { return .text(period) }
        return .year(year)
    }
    /// "Last updated: %@" with the date in the reader's locale.
    public static func lastUpdated(_ date: Date) -> Copy { Copy(table, "summary.lastUpdated", [.date(date, .medium)]) }

    public static let staleTitle = Copy(table, "banner.stale.title")
    public static let staleMessage = Copy(table, "banner.stale.message")
    public static let firstLoadTitle = Copy(table, "empty.firstLoad.title")
    public static let firstLoadMessage = Copy(table, "empty.firstLoad.message")
    public static let loadFailedTitle = Copy(table, "empty.loadFailed.title")
    public static let loadFailedMessage = Copy(table, "empty.loadFailed.message")
    public static let refreshPrompt = Copy(table, "refresh.prompt")

    public static let statActivities = Copy(table, "stat.activities")
    public static let statHours = Copy(table, "stat.hours")
    public static let statPeopleReached = Copy(table, "stat.peopleReached")
    public static let statOrders = Copy(table, "stat.orders")
    public static let statSpent = Copy(table, "stat.spent")
    public static let statProducts = Copy(table, "stat.products")

    /// A stat card's figure alone, formatted per locale ("1,234", "€2,995.98").
    public static func statValue(_ value: StatValue) -> Copy { Copy(table, "stat.value", [value.argument]) }

    /// "+12 (+8%) compared with 2024": the difference and the percentage, each signed, and the previous period.
    public static func change(_ change: StatChange, previousPeriod: String) -> Copy {
        let difference = signed(change.difference ?? .count(0))
        guard let percent = change.percentChange else {
            return Copy(table, "comparison.changeWithoutPercent", [difference, period(previousPeriod)])
        }
        return Copy(table, "comparison.change", [difference, signedPercent(percent), period(previousPeriod)])
    }

    /// A positive figure gets the locale's explicit plus ("+%@"); ICU writes the minus of a negative one itself.
    static func signed(_ value: StatValue) -> CopyArgument {
        value.sign > 0 ? .copy(Copy(table, "comparison.increase", [value.argument])) : value.argument
    }

    static func signedPercent(_ percent: Double) -> CopyArgument {
        let fraction = CopyArgument.percent(percent / 100)
        return percent > 0 ? .copy(Copy(table, "comparison.increase", [fraction])) : fraction
    }

    public static let badgesTitle = Copy(table, "badges.title")
    public static let badgeRegularCustomer = Copy(table, "badge.regularCustomer")
    public static let badgeCollector = Copy(table, "badge.collector")
    public static let badgeReviewer = Copy(table, "badge.reviewer")

    public static let share = Copy(table, "action.share")
    public static let registerActivity = Copy(table, "action.registerActivity")
    /// "Your summary card is ready to share."
    public static let shareReady = Copy(table, "share.ready")
    /// "The summary card couldn’t be created."
    public static let shareFailed = Copy(table, "share.failed")

    /// The text shared with the card. The peer-mentor wording with activities, hours and people reached when the
    /// summary has all three; otherwise the year and the number of activities.
    public static func shareText(_ summary: AnnualSummary) -> Copy {
        if let activities = summary.value(of: .activities), let hours = summary.value(of: .hours),
           let people = summary.value(of: .peopleReached) {
            return Copy(table, "share.text", [period(summary.period), activities.argument, hours.argument, people.argument])
        }
        let count: Int = switch summary.value(of: .activities) {
        case let .count(value)?: value
        case let .quantity(value)?: Int(value.rounded())
        default: 0
        }
        return Copy(table, "share.textActivities", [period(summary.period), .copy(activityCount(count))])
    }

    /// "12 activities", plural per locale.
    public static func activityCount(_ count: Int) -> Copy { Copy(table, "summary.activities.count", [.integer(count)]) }

    /// "Activity on <date>": a row for an activity registered on this device.
    public static func activityRow(_ date: Date) -> Copy { Copy(table, "activity.registered", [.date(date, .medium)]) }
    /// "Waiting to sync"
    public static let activityPending = Copy(table, "activity.pending")
}
