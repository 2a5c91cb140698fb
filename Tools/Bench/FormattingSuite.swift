import Core
import LocalizationKit
import Foundation

/// ICU currency and date formats per second, for each of the seven product locales.
struct FormattingSuite: BenchSuite {
    let name = "formatting"
    let summary = "ICU currency and date formats per second in en, nb, es, de, ar, ja, pl"

    static let locales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

    func run(_ report: BenchReport) async throws {
        let iterations = 200_000
        for locale in Self.locales {
            let formatting = LocaleFormatting(locale: locale)
            let start = Date(timeIntervalSince1970: 1_795_356_300)
            // Warm the formatter cache: the figure is steady-state formatting, not ICU's first open.
            _ = try formatting.currency(Decimal(1), code: "EUR")
            _ = try formatting.date(start, style: .medium)

            // Inputs are built before timing: the figure is ICU formatting, not Decimal arithmetic.
            let amounts = (0..<1_000).map { Decimal($0 * 37) / 100 }
            var sink = 0
            let (_, currencyTime) = try Stopwatch.measure {
                for index in 0..<iterations {
                    sink &+= try formatting.currency(amounts[index % amounts.count], code: "EUR").utf8.count
                }
            }
            let (_, dateTime) = try Stopwatch.measure {
                for index in 0..<iterations {
                    sink &+= try formatting.date(start.addingTimeInterval(Double(index) * 61), style: .medium).utf8.count
                }
            }
            precondition(sink > 0)
            report.emit("currency_formats_per_second.\(locale)", Double(iterations) / currencyTime.seconds, unit: "formats/s")
            report.emit("date_formats_per_second.\(locale)", Double(iterations) / dateTime.seconds, unit: "formats/s")
        }
    }
}
