import Connectivity
import Core
import LocalizationKit
import Foundation
import OfflineSummary
import Testing

/// Item 1: the summary as the screen renders it, and its figures formatted per locale through ICU.
@Suite struct SummaryModelTests {
    static let wireJSON = """
    {"badges":[{"earnedAt":"2025-03-04T00:00:00Z","id":"regular-customer"},{"earnedAt":"2025-12-31T00:00:00Z","id":"golden-unicorn"}],
     "comparison":{"cards":[{"changePercent":"33.3","current":"8","id":"orders","previous":"6"},
                            {"changePercent":"-60.0","current":"499.90","id":"spent","previous":"1249.75"},
                            {"current":"3","id":"activities","previous":"0"},
                            {"current":"1","id":"mystery","previous":"2"}],
                   "previousPeriod":"2024"},
     "period":"2025",
     "statCards":[{"id":"orders","unit":"count","value":"8"},{"id":"spent","unit":"EUR","value":"499.90"},
                  {"id":"products","unit":"count","value":"5"},{"id":"activities","unit":"count","value":"3"},
                  {"id":"mystery","unit":"count","value":"1"}]}
    """

    @Test func annualSummaryModelHasThePeriodStatCardsBadgesAndComparison() throws {
        let summary = try SummaryAPI.summary(fromWire: Data(Self.wireJSON.utf8))
        #expect(summary.period == "2025")
        #expect(summary.statCards == [
            StatCard(kind: .orders, value: .count(8)),
            StatCard(kind: .spent, value: .amount(Decimal(string: "499.90")!, currency: "EUR")),
            StatCard(kind: .products, value: .count(5)),
            StatCard(kind: .activities, value: .count(3)),
        ])
        #expect(summary.badges == [EarnedBadge(kind: .regularCustomer, earnedAt: Date(timeIntervalSince1970: 1_741_046_400))])
        let comparison = try #require(summary.comparison)
        #expect(comparison.previousPeriod == "2024")
        #expect(comparison.changes.map(\.kind) == [.orders, .spent, .activities])
        #expect(comparison.changes[0].difference == .count(2))
        #expect(comparison.changes[1].difference == .amount(Decimal(string: "-749.85")!, currency: "EUR"))
        #expect(comparison.changes[1].percentChange == -60)
        #expect(comparison.changes[2].percentChange == nil, "no percentage against zero")
    }

    @Test func unknownStatAndBadgeIdsAreLeftOutNeverShownRaw() throws {
        let summary = try SummaryAPI.summary(fromWire: Data(Self.wireJSON.utf8))
        let card = SummaryCard(summary: summary)
        for locale in locales {
            let text = rendered(card.viewNode, locale)
            #expect(!text.contains("mystery") && !text.contains("golden-unicorn") && !text.contains("regular-customer"), "\(locale): \(text)")
        }
    }

    @Test func anUnreadableFigureFailsTheLoadInsteadOfShowingAWrongOne() {
        let json = #"{"badges":[],"period":"2025","statCards":[{"id":"spent","unit":"EUR","value":"12,50"}]}"#
        #expect(throws: HTTPClientError.self) { try SummaryAPI.summary(fromWire: Data(json.utf8)) }
        #expect(throws: HTTPClientError.self) { try SummaryAPI.summary(fromWire: Data("not json".utf8)) }
    }

    @Test func theCachedModelRoundTripsExactlyMoneyIncluded() throws {
        let summary = try SummaryAPI.summary(fromWire: Data(Self.wireJSON.utf8))
        let data = try CachedResourceCoding.encoder.encode(summary)
        #expect(try CachedResourceCoding.decoder.decode(AnnualSummary.self, from: data) == summary)
    }

    @Test(arguments: [
        ("en", "+12 (+33%) compared with 2024", "-7.5 (-6%) compared with 2024", "+1,250 compared with 2024"),
        ("de", "+12 (+33 %) im Vergleich zu 2024", "-7,5 (-6 %) im Vergleich zu 2024", "+1.250 im Vergleich zu 2024"),
        ("nb", "+12 (+33 %) sammenlignet med 2024", "−7,5 (−6 %) sammenlignet med 2024", "+1 250 sammenlignet med 2024"),
        ("ja", "2024年と比べて+12（+33%）", "2024年と比べて-7.5（-6%）", "2024年と比べて+1,250"),
    ])
    func comparisonShowsAbsoluteAndPercentChangeFormattedPerLocale(_ locale: String, _ up: String, _ down: String, _ fromZero: String) throws {
        let localizer = localizer(locale)
        let comparison = try #require(summary2025.comparison)
        let lines = comparison.changes.map { localizer.string(SummaryCopy.change($0, previousPeriod: comparison.previousPeriod)) }
        #expect(lines.map { $0.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ") }
            == [up, down, fromZero])
    }

    @Test func comparisonInArabicUsesTheLocalesDigits() throws {
        let comparison = try #require(summary2025.comparison)
        let line = localizer("ar").string(SummaryCopy.change(comparison.changes[0], previousPeriod: "2024"))
        #expect(line.contains("١٢"), "Arabic-Indic digits: \(line)")
        // The plus carries the Arabic letter mark, as ICU writes the minus of a decrease.
        #expect(line.hasPrefix("\u{061C}+١٢ (\u{061C}+٣٣٪"), "\(line)")
        let decrease = localizer("ar").string(SummaryCopy.change(comparison.changes[1], previousPeriod: "2024"))
        #expect(decrease.hasPrefix("\u{061C}-٧٫٥"), "\(decrease)")
    }

    @Test(arguments: locales)
    func statValuesAreFormattedPerLocaleThroughICU(_ locale: String) {
        let localizer = localizer(locale)
        let money = localizer.resolve(SummaryCopy.statValue(.amount(Decimal(string: "2995.98")!, currency: "EUR")))
        let count = localizer.resolve(SummaryCopy.statValue(.count(1_250)))
        let hours = localizer.resolve(SummaryCopy.statValue(.quantity(112.5)))
        #expect(money.issues.isEmpty && count.issues.isEmpty && hours.issues.isEmpty)
        let expected = LocaleFormatting(locale: locale)
        #expect(money.text == (try? expected.currency(Decimal(string: "2995.98")!, code: "EUR")))
        #expect(count.text == (try? expected.number(1_250)))
        #expect(hours.text == (try? expected.number(112.5)))
        if locale == "en" { #expect(money.text == "€2,995.98" && count.text == "1,250" && hours.text == "112.5") }
        if locale == "de" { #expect(money.text == "2.995,98\u{00A0}€") }
    }

    @Test func differenceOfFiguresKeepsTheirKind() {
        #expect(StatValue.count(5).difference(from: .count(7)) == .count(-2))
        #expect(StatValue.quantity(1.5).difference(from: .count(1)) == .quantity(0.5))
        #expect(StatValue.amount(1, currency: "EUR").difference(from: .amount(1, currency: "NOK")) == nil)
        #expect(StatValue.amount(-3, currency: "EUR").magnitude == .amount(3, currency: "EUR"))
    }
}
