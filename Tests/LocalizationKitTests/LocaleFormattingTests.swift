import Core
import LocalizationKit
import Foundation
import Logging
import Testing

@Suite("LocaleFormatting behaviour")
struct LocaleFormattingTests {
    @Test func unknownLocaleFallsBackToRootWithALoggedWarning() throws {
        let captured = CapturedLogs()
        let logger = Logger(label: "test") { _ in captured }
        let formatting = LocaleFormatting(locale: "xx-Nowhere", logger: logger)
        #expect(formatting.usesRootFallback)
        #expect(formatting.locale == "")
        #expect(try formatting.number(1234.5) == "1,234.5")  // root: no grouping tailoring
        #expect(captured.messages.contains { $0.level == .warning && $0.text.contains("root locale") })
    }

    @Test func knownRegionalLocaleIsKeptAsAsked() {
        let formatting = LocaleFormatting(locale: "nb-NO")
        #expect(!formatting.usesRootFallback)
        #expect(formatting.locale == "nb-NO")
    }

    @Test(arguments: ["EURO", "eur", "E1R", "", "ZZZ"])
    func invalidCurrencyCodeIsATypedError(_ code: String) {
        let formatting = LocaleFormatting(locale: "en")
        #expect(throws: FormattingError.unknownCurrency(code)) {
            try formatting.currency(Decimal(10), code: code)
        }
    }

    @Test func currencyKeepsDecimalAmountsExact() throws {
        let formatting = LocaleFormatting(locale: "en")
        #expect(try formatting.currency(Decimal(string: "0.1")! + Decimal(string: "0.2")!, code: "USD") == "$0.30")
        #expect(try formatting.currency(Decimal(string: "-19.99")!, code: "JPY") == "-¥20")
    }

    @Test func messageSelectsPluralFormsPerLocale() throws {
        let pattern = "{count, plural, one {# product} few {# products (few)} many {# products (many)} other {# products}}"
        let english = LocaleFormatting(locale: "en")
        #expect(try english.message(pattern, ["count": .number(1)]) == "1 product")
        #expect(try english.message(pattern, ["count": .number(3)]) == "3 products")
        let polish = LocaleFormatting(locale: "pl")
        #expect(try polish.message(pattern, ["count": .number(3)]) == "3 products (few)")
        #expect(try polish.message(pattern, ["count": .number(5)]) == "5 products (many)")
    }

    @Test func messageSelectsBySelectArgumentAndFormatsNamedArguments() throws {
        let formatting = LocaleFormatting(locale: "en")
        let pattern = "{status, select, active {Active until {date, date, medium}} expired {Expired} other {Unknown}}"
        #expect(try formatting.message(pattern, ["status": .text("active"), "date": .date(goldenDate)]) == "Active until Nov 22, 2026")
        #expect(try formatting.message(pattern, ["status": .text("expired"), "date": .date(goldenDate)]) == "Expired")
    }

    @Test func messageWithAMissingArgumentIsATypedError() {
        let formatting = LocaleFormatting(locale: "en")
        #expect(throws: FormattingError.missingArgument(name: "name", pattern: "Hello {name}")) {
            try formatting.message("Hello {name}", [:])
        }
    }

    @Test func messageWithABrokenPatternIsATypedErrorNotACrash() {
        let formatting = LocaleFormatting(locale: "en")
        #expect {
            try formatting.message("{count, plural, one {# item", ["count": .number(1)])
        } throws: { error in
            guard case let .invalidPattern(_, _, icu) = error as? FormattingError else { return false }
            return icu.name.hasPrefix("U_")
        }
    }

    @Test func arabicDistinguishesAllSixPluralCategories() throws {
        #expect(try LocaleFormatting(locale: "ar").pluralCategories() == [.zero, .one, .two, .few, .many, .other])
        #expect(try LocaleFormatting(locale: "ja").pluralCategories() == [.other])
        #expect(try LocaleFormatting(locale: "pl").pluralCategories() == [.one, .few, .many, .other])
    }

    @Test func relativeTimePicksTheLargestWholeUnit() throws {
        let formatting = LocaleFormatting(locale: "en")
        #expect(try formatting.relative(goldenDate.addingTimeInterval(-3 * 86_400), to: goldenDate) == "3 days ago")
        #expect(try formatting.relative(goldenDate.addingTimeInterval(2 * 3_600 + 5), to: goldenDate) == "in 2 hours")
        #expect(try formatting.relative(-1, unit: .day, numeric: false) == "yesterday")
    }

    @Test func oneFormatterIsSafeToShareBetweenConcurrentTasks() async throws {
        let formatting = LocaleFormatting(locale: "de")
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<500 {
                        let amount = Decimal(task * 1000 + index)
                        let text = try formatting.currency(amount, code: "EUR")
                        let date = try formatting.date(goldenDate, skeleton: "yMMMd")
                        guard text.hasSuffix("\u{00A0}€"), date == "22. Nov. 2026" else { return false }
                    }
                    return true
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}

/// Collects log lines so a test can see a warning was logged.
final class CapturedLogs: LogHandler, @unchecked Sendable {  // messages are guarded by the lock
    struct Line: Sendable { var level: Logger.Level; var text: String }
    private let lines = Locked<[Line]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var messages: [Line] { lines.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append(Line(level: event.level, text: "\(event.message)")) }
    }
}
