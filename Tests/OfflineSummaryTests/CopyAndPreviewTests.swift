import Core
import Foundation
import OfflineSummary
import TestSupport
import Localization
import Testing

/// Item 6 and the copy: previews for each state the story names, every word resolved in all seven locales;
/// and each action declared with the pattern the offline flowchart gives.
@Suite struct CopyAndPreviewTests {
    @Test func previewsCoverOnlineOfflineWithCacheStaleFirstLoadEmptyRefreshPromptAndTheShareCard() {
        let ids = OfflineSummaryPreviews.previews.map(\.id)
        for id in ["summary.online", "summary.offline-cached", "summary.stale", "summary.first-load-empty",
                   "summary.refresh-prompt", "summary.share-card"] {
            #expect(ids.contains(id), "missing preview \(id)")
        }
        #expect(ids.allSatisfy { $0.hasPrefix("summary.") })
        #expect(Set(ids).count == ids.count, "preview ids are unique")
    }

    @Test func eachPreviewShowsWhatItsStateMeans() throws {
        func preview(_ id: String) throws -> ViewNode { try #require(OfflineSummaryPreviews.previews.first { $0.id == id }).node }
        let offline = try preview("summary.offline-cached").descendants
        #expect(offline.contains(.banner(SummaryViewState.offlineBanner)))
        #expect(offline.contains(.text(SummaryCopy.summaryLastUpdated(date: .date(fixedNow.addingTimeInterval(-3 * day), .medium)), style: .caption)))
        #expect(!offline.contains(.banner(SummaryViewState.staleBannerValue)))
        #expect(try preview("summary.stale").descendants.contains(.banner(SummaryViewState.staleBannerValue)))
        #expect(try !preview("summary.online").descendants.contains(.banner(SummaryViewState.offlineBanner)))
        #expect(try preview("summary.first-load-empty").descendants.contains {
            if case let .empty(empty) = $0 { return empty.title == SummaryCopy.emptyFirstLoadTitle }
            return false
        })
        #expect(try rendered(preview("summary.refresh-prompt")).contains("New activity has been recorded. Refresh to update your summary."))
        let pending = try preview("summary.pending-activity").descendants.contains {
            if case let .row(_, feedback) = $0 { return feedback == .pending }
            return false
        }
        #expect(pending)
    }

    @Test(arguments: locales)
    func everyPreviewResolvesWithoutMissingKeysIn(_ locale: String) {
        let localizer = localizer(locale)
        for preview in OfflineSummaryPreviews.previews {
            for copy in preview.node.copies {
                let resolved = localizer.resolve(copy)
                #expect(resolved.issues.isEmpty, "\(preview.id) \(copy.qualifiedKey) in \(locale): \(resolved.issues)")
                #expect(!resolved.isFallback || locale == "en", "\(copy.qualifiedKey) falls back in \(locale)")
            }
        }
    }

    @Test(arguments: locales)
    func everyCopyKeyOfTheFeatureResolvesIn(_ locale: String) {
        let localizer = localizer(locale)
        var all: [Copy] = [
            SummaryCopy.bannerStaleTitle, SummaryCopy.bannerStaleMessage, SummaryCopy.emptyFirstLoadTitle, SummaryCopy.emptyFirstLoadMessage,
            SummaryCopy.emptyLoadFailedTitle, SummaryCopy.emptyLoadFailedMessage, SummaryCopy.refreshPrompt, SummaryCopy.badgesTitle,
            SummaryCopy.actionShare, SummaryCopy.actionRegisterActivity, SummaryCopy.shareReady, SummaryCopy.shareFailed,
            SummaryCopy.activityPending, SummaryCopy.activityRegistered(date: .date(fixedNow, .medium)), SummaryCopy.summaryLastUpdated(date: .date(fixedNow, .medium)),
            SummaryCopy.title(period: "2025"), SummaryCopy.shareText(summary2025),
            SummaryCopy.shareText(AnnualSummary(period: "2025", statCards: [
                StatCard(kind: .activities, value: .count(3)), StatCard(kind: .hours, value: .quantity(4.5)),
                StatCard(kind: .peopleReached, value: .count(9)),
            ], badges: [], comparison: nil)),
        ]
        all += StatKind.allCases.map(\.label) + BadgeKind.allCases.map(\.title)
        for copy in all {
            let resolved = localizer.resolve(copy)
            #expect(resolved.issues.isEmpty, "\(copy.qualifiedKey) in \(locale): \(resolved.issues)")
            #expect(!resolved.isFallback || locale == "en", "\(copy.qualifiedKey) falls back in \(locale)")
        }
    }

    @Test func lastUpdatedDateIsFormattedPerLocale() {
        let date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
        #expect(localizer("en").string(SummaryCopy.summaryLastUpdated(date: .date(date, .medium))) == "Last updated: Jan 1, 2026")
        #expect(localizer("de").string(SummaryCopy.summaryLastUpdated(date: .date(date, .medium))) == "Zuletzt aktualisiert: 01.01.2026")
        #expect(localizer("ja").string(SummaryCopy.summaryLastUpdated(date: .date(date, .medium))) == "最終更新: 2026/01/01")
        #expect(localizer("nb").string(SummaryCopy.summaryLastUpdated(date: .date(date, .medium))) == "Sist oppdatert: 1. jan. 2026")
    }

    @Test(arguments: locales)
    func activityCountIsPluralisedIn(_ locale: String) {
        let localizer = localizer(locale)
        for count in [0, 1, 2, 3, 5, 11, 22, 101, 1_000] {
            let resolved = localizer.resolve(SummaryCopy.summaryActivitiesCount(count: count))
            #expect(resolved.issues.isEmpty, "\(locale) \(count): \(resolved.issues)")
        }
        if locale == "en" {
            #expect(localizer.string(SummaryCopy.summaryActivitiesCount(count: 1)) == "1 activity")
            #expect(localizer.string(SummaryCopy.summaryActivitiesCount(count: 1_000)) == "1,000 activities")
        }
    }

    // MARK: Offline patterns

    @Test func activityRegistrationIsPatternBAndWorksOffline() {
        #expect(SummaryUserAction.registerActivity.pattern == .optimisticWithFeedback)
        #expect(SummaryUserAction.registerActivity.pattern.worksOffline)
        #expect(SummaryUserAction.share.pattern == .none && SummaryUserAction.viewSummary.pattern == .none)
    }

    /// Issue 42: the generated lists are the walk. Every key of the table (`SummaryCopy.keys`, arguments or not) is in every
    /// shipped locale's catalog, and every key without arguments (`SummaryCopy.all`) resolves there without falling back.
    @Test(arguments: ["en", "nb", "es", "de", "ar", "ja", "pl"])
    func everyGeneratedKeyIsInTheCatalogOf(_ locale: String) throws {
        let catalog = try BundledCatalogs.load()
        let table = try #require(catalog.table(SummaryCopy.table, locale: locale))
        for key in SummaryCopy.keys {
            #expect(table.entries[key] != nil, "\(locale) lacks \(key)")
        }
        let localizer = try BundledCatalogs.localizer(locale: locale)
        for copy in SummaryCopy.all {
            let resolved = localizer.resolve(copy)
            #expect(resolved.issues.isEmpty && !resolved.isFallback, "\(locale) \(copy.qualifiedKey): \(resolved.issues)")
        }
        #expect(SummaryCopy.all.count < SummaryCopy.keys.count, "the keys with arguments are in keys, not in all")
    }
}
