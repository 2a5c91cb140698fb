import Core
import LocalizationKit
import Foundation
import Testing

@Suite("Localizer")
struct LocalizerTests {
    static func catalog() throws -> (TemporaryCatalog, Catalog) {
        let folder = try TemporaryCatalog()
        try folder.write("en.lproj/Core.strings", """
        "offline.title" = "Offline Mode";
        "lastUpdated" = "Last updated: %@";
        "greeting" = "%1$@ has %2$d products";
        "bad.nb" = "You have %d items";
        "price" = "Total: %@";
        "share" = "%@ · %.1f hours";
        "percent.literal" = "100%% offline";
        "disabled" = "%@, disabled";
        "only.en" = "Only in English";
        """)
        try folder.write("nb.lproj/Core.strings", """
        "offline.title" = "Frakoblet modus";
        "lastUpdated" = "Sist oppdatert: %@";
        "greeting" = "%2$d produkter tilhører %1$@";
        "bad.nb" = "Du har %@ ting og %d til";
        "disabled" = "%@, deaktivert";
        """)
        try folder.write("en.lproj/Products.stringsdict", stringsdict(key: "products.count", format: "%#@count@ in %@", forms: [
            "one": "%d product", "other": "%d products", "zero": "No products",
        ]))
        try folder.write("pl.lproj/Products.stringsdict", stringsdict(key: "products.count", format: "%#@count@ w %@", forms: [
            "one": "%d produkt", "few": "%d produkty", "many": "%d produktów", "other": "%d produktu",
        ]))
        try folder.write("ar.lproj/Products.stringsdict", stringsdict(key: "products.count", format: "%#@count@ في %@", forms: [
            "zero": "لا منتجات", "one": "منتج واحد", "two": "منتجان", "few": "%d منتجات", "many": "%d منتجًا", "other": "%d منتج",
        ]))
        return (folder, try Catalog.load(paths: [folder.root.path]))
    }

    @Test func fallbackChainGoesFromRegionToLanguageToAliasToBase() {
        let chain = Localizer.fallbackChain(for: "nb-NO", base: "en", available: ["en", "nb", "no", "nb_NO", "de"])
        #expect(chain == ["nb_NO", "nb", "no", "en"])
        #expect(Localizer.fallbackChain(for: "de-AT", base: "en", available: ["en", "de"]) == ["de", "en"])
        #expect(Localizer.fallbackChain(for: "xx", base: "en", available: ["en"]) == ["en"])
    }

    @Test func resolvesInTheRequestedLocale() throws {
        let (_, catalog) = try Self.catalog()
        let localizer = Localizer(catalog: catalog, locale: "nb-NO")
        let resolved = localizer.resolve(Copy("Core", "offline.title"))
        #expect(resolved.text == "Frakoblet modus")
        #expect(resolved.locale == "nb")
        #expect(!resolved.isFallback)
    }

    @Test func missingTranslationFallsBackToBaseAndSaysSo() throws {
        let (_, catalog) = try Self.catalog()
        let resolved = Localizer(catalog: catalog, locale: "nb").resolve(Copy("Core", "only.en"))
        #expect(resolved.text == "Only in English")
        #expect(resolved.isFallback)
        #expect(resolved.locale == "en")
    }

    @Test func unknownKeyShowsTheKeyAndReportsIt() throws {
        let (_, catalog) = try Self.catalog()
        let resolved = Localizer(catalog: catalog, locale: "nb").resolve(Copy("Core", "nope"))
        #expect(resolved.text == "nope")
        #expect(resolved.issues == [.missingKey(table: "Core", key: "nope")])
    }

    @Test func datesAndNumbersAreFormattedForTheReadersLocale() throws {
        let (_, catalog) = try Self.catalog()
        let date = Date(timeIntervalSince1970: 1_795_356_300)
        let copy = Copy("Core", "lastUpdated", [.date(date, .medium)])
        #expect(Localizer(catalog: catalog, locale: "nb").string(copy) == "Sist oppdatert: 22. nov. 2026")
        #expect(Localizer(catalog: catalog, locale: "en").string(copy) == "Last updated: Nov 22, 2026")
        let price = Copy("Core", "price", [.currency(Decimal(string: "1234.5")!, code: "NOK")])
        #expect(Localizer(catalog: catalog, locale: "nb").string(price) == "Total: kr\u{00A0}1\u{00A0}234,50")
    }

    @Test func positionalArgumentsCanBeReorderedByTheTranslation() throws {
        let (_, catalog) = try Self.catalog()
        let copy = Copy("Core", "greeting", [.text("Kari"), .integer(3)])
        #expect(Localizer(catalog: catalog, locale: "en").string(copy) == "Kari has 3 products")
        #expect(Localizer(catalog: catalog, locale: "nb").string(copy) == "3 produkter tilhører Kari")
    }

    @Test func mismatchedSpecifierFallsBackToTheBaseStringInsteadOfCrashing() throws {
        let (_, catalog) = try Self.catalog()
        let resolved = Localizer(catalog: catalog, locale: "nb").resolve(Copy("Core", "bad.nb", [.integer(4)]))
        #expect(resolved.text == "You have 4 items")
        #expect(resolved.isFallback)
        #expect(resolved.issues == [.missingArgument(table: "Core", key: "bad.nb", locale: "nb", specifier: "%d")])
    }

    @Test func textGivenToAnIntegerSpecifierIsATypedIssue() throws {
        let (_, catalog) = try Self.catalog()
        let resolved = Localizer(catalog: catalog, locale: "en").resolve(Copy("Core", "bad.nb", [.text("four")]))
        #expect(resolved.text == "bad.nb")
        #expect(resolved.issues == [.argumentMismatch(table: "Core", key: "bad.nb", locale: "en", specifier: "%d", argument: "text")])
    }

    @Test func precisionAndLiteralPercentAreHonoured() throws {
        let (_, catalog) = try Self.catalog()
        let english = Localizer(catalog: catalog, locale: "en")
        #expect(english.string(Copy("Core", "share", [.text("2026"), .number(12.345)])) == "2026 · 12.3 hours")
        #expect(english.string(Copy("Core", "percent.literal")) == "100% offline")
    }

    @Test func pluralFormsFollowEachLocalesCLDRRules() throws {
        let (_, catalog) = try Self.catalog()
        func products(_ locale: String, _ count: Int) -> String {
            Localizer(catalog: catalog, locale: locale).string(Copy("Products", "products.count", [.integer(count), .text("X")]))
        }
        #expect(products("en", 1) == "1 product in X")
        #expect(products("en", 5) == "5 products in X")
        #expect(products("en", 0) == "No products in X")  // an explicit zero form wins for 0
        #expect(products("pl", 1) == "1 produkt w X")
        #expect(products("pl", 3) == "3 produkty w X")
        #expect(products("pl", 5) == "5 produktów w X")
        #expect(products("pl", 22) == "22 produkty w X")
        #expect(products("ar", 0) == "لا منتجات في X")
        #expect(products("ar", 2) == "منتجان في X")
        #expect(products("ar", 3) == "٣ منتجات في X")
        #expect(products("ar", 11) == "١١ منتجًا في X")
        #expect(products("ar", 100) == "١٠٠ منتج في X")
    }

    @Test func nestedCopyIsResolvedInTheSameLocale() throws {
        let (_, catalog) = try Self.catalog()
        let copy = CoreCopy.disabledAccessibilityLabel(Copy("Core", "offline.title"))
        let nested = Copy("Core", "disabled", copy.arguments)
        #expect(Localizer(catalog: catalog, locale: "nb").string(nested) == "Frakoblet modus, deaktivert")
    }
}
