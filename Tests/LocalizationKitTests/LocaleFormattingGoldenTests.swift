import Core
import LocalizationKit
import Foundation
import Testing

// Goldens pinned to the output of the system's ICU 72 (libicu-dev 72.1), which is what OfflineKit
// links. Foundation on Linux ships its own, newer ICU whose text differs (Norwegian currency puts
// "kr" elsewhere, spaces differ), so these values must not be compared with Foundation's formatters.
// Spaces are spelled out: U+00A0 no-break space, U+202F narrow no-break space, U+200F/U+061C marks.

/// 2026-11-22 14:05:00 UTC.
let goldenDate = Date(timeIntervalSince1970: 1_795_356_300)

/// What each locale must produce for the same inputs.
struct Golden: Sendable, CustomTestStringConvertible {
    var locale: String
    var values: [String: String]
    var testDescription: String { locale }
}

func actuals(_ locale: String) throws -> [String: String] {
    let f = LocaleFormatting(locale: locale)
    return [
        "number": try f.number(1_234_567.891),
        "percent": try f.percent(0.256),
        "currencyEUR": try f.currency(Decimal(string: "1234.5")!, code: "EUR"),
        "currencyNOK": try f.currency(Decimal(string: "1234.5")!, code: "NOK"),
        "dateMedium": try f.date(goldenDate, style: .medium),
        "dateShortTime": try f.date(goldenDate, style: .short, time: .short),
        "skeleton": try f.date(goldenDate, skeleton: "yMMMd"),
        "relative": try f.relative(-3, unit: .day),
        "plural": try [0, 1, 2, 3, 5, 11, 22, 100].map { try f.pluralCategory(Double($0)).rawValue }.joined(separator: " "),
    ]
}

let goldens: [Golden] = [
    Golden(locale: "en", values: [
        "currencyEUR": "\u{20AC}1,234.50",
        "currencyNOK": "NOK\u{00A0}1,234.50",
        "dateMedium": "Nov 22, 2026",
        "dateShortTime": "11/22/26, 2:05\u{202F}PM",
        "number": "1,234,567.891",
        "percent": "26%",
        "plural": "other one other other other other other other",
        "relative": "3 days ago",
        "skeleton": "Nov 22, 2026",
    ]),
    Golden(locale: "nb", values: [
        "currencyEUR": "\u{20AC}\u{00A0}1\u{00A0}234,50",
        "currencyNOK": "kr\u{00A0}1\u{00A0}234,50",
        "dateMedium": "22. nov. 2026",
        "dateShortTime": "22.11.2026, 14:05",
        "number": "1\u{00A0}234\u{00A0}567,891",
        "percent": "26\u{00A0}%",
        "plural": "other one other other other other other other",
        "relative": "for 3 d\u{00F8}gn siden",
        "skeleton": "22. nov. 2026",
    ]),
    Golden(locale: "es", values: [
        "currencyEUR": "1.234,50\u{00A0}\u{20AC}",
        "currencyNOK": "1.234,50\u{00A0}NOK",
        "dateMedium": "22 nov 2026",
        "dateShortTime": "22/11/26, 14:05",
        "number": "1.234.567,891",
        "percent": "26\u{00A0}%",
        "plural": "other one other other other other other other",
        "relative": "hace 3 d\u{00ED}as",
        "skeleton": "22 nov 2026",
    ]),
    Golden(locale: "de", values: [
        "currencyEUR": "1.234,50\u{00A0}\u{20AC}",
        "currencyNOK": "1.234,50\u{00A0}NOK",
        "dateMedium": "22.11.2026",
        "dateShortTime": "22.11.26, 14:05",
        "number": "1.234.567,891",
        "percent": "26\u{00A0}%",
        "plural": "other one other other other other other other",
        "relative": "vor 3 Tagen",
        "skeleton": "22. Nov. 2026",
    ]),
    Golden(locale: "ar", values: [
        "currencyEUR": "\u{200F}\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}\u{0660}\u{00A0}\u{20AC}",
        "currencyNOK": "\u{200F}\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}\u{0660}\u{00A0}NOK",
        "dateMedium": "\u{0662}\u{0662}\u{200F}/\u{0661}\u{0661}\u{200F}/\u{0662}\u{0660}\u{0662}\u{0666}",
        "dateShortTime": "\u{0662}\u{0662}\u{200F}/\u{0661}\u{0661}\u{200F}/\u{0662}\u{0660}\u{0662}\u{0666}\u{060C} \u{0662}:\u{0660}\u{0665} \u{0645}",
        "number": "\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066C}\u{0665}\u{0666}\u{0667}\u{066B}\u{0668}\u{0669}\u{0661}",
        "percent": "\u{0662}\u{0666}\u{066A}\u{061C}",
        "plural": "zero one two few few many many other",
        "relative": "\u{0642}\u{0628}\u{0644} \u{0663} \u{0623}\u{064A}\u{0627}\u{0645}",
        "skeleton": "\u{0662}\u{0662} \u{0646}\u{0648}\u{0641}\u{0645}\u{0628}\u{0631} \u{0662}\u{0660}\u{0662}\u{0666}",
    ]),
    Golden(locale: "ja", values: [
        "currencyEUR": "\u{20AC}1,234.50",
        "currencyNOK": "NOK\u{00A0}1,234.50",
        "dateMedium": "2026/11/22",
        "dateShortTime": "2026/11/22 14:05",
        "number": "1,234,567.891",
        "percent": "26%",
        "plural": "other other other other other other other other",
        "relative": "3 \u{65E5}\u{524D}",
        "skeleton": "2026\u{5E74}11\u{6708}22\u{65E5}",
    ]),
    Golden(locale: "pl", values: [
        "currencyEUR": "1\u{00A0}234,50\u{00A0}\u{20AC}",
        "currencyNOK": "1\u{00A0}234,50\u{00A0}NOK",
        "dateMedium": "22 lis 2026",
        "dateShortTime": "22.11.2026, 14:05",
        "number": "1\u{00A0}234\u{00A0}567,891",
        "percent": "26%",
        "plural": "many one few few many many few many",
        "relative": "3 dni temu",
        "skeleton": "22 lis 2026",
    ]),
]

@Suite("LocaleFormatting goldens (ICU 72)")
struct LocaleFormattingGoldenTests {
    @Test(arguments: goldens)
    func formatsLikeICU72(_ golden: Golden) throws {
        let actual = try actuals(golden.locale)
        for key in actual.keys.sorted() {
            let escaped = actual[key]!.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u{%04X}", $0.value) }.joined()
            #expect(actual[key] == golden.values[key], "\(golden.locale).\(key) = \"\(escaped)\"")
        }
    }
}
