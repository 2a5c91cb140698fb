import Core
import LocalizationKit
import Foundation
import Localization
import Testing

@Suite("Bundled catalogs")
struct BundledCatalogsTests {
    @Test func bundledCatalogsLoadAtRuntimeWithoutProblems() throws {
        let catalog = try BundledCatalogs.load()
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(catalog.locales.contains(BundledCatalogs.baseLocale))
        #expect(catalog.tableNames.contains("Core"))
    }

    @Test func everyCoreCopyKeyExistsInTheBaseLocale() throws {
        let localizer = try BundledCatalogs.localizer(locale: "en")
        let keys: [Copy] = [
            CoreCopy.offlineIndicatorTitle, CoreCopy.offlineIndicatorMessage, CoreCopy.noConnection,
            CoreCopy.requiresConnection, CoreCopy.appearOffline, CoreCopy.retry, CoreCopy.refresh, CoreCopy.dismiss,
        ]
        for copy in keys {
            let resolved = localizer.resolve(copy)
            #expect(resolved.issues.isEmpty, "\(copy.qualifiedKey): \(resolved.issues)")
        }
    }

    @Test func storyCopyIsWordForWordInEnglish() throws {
        let localizer = try BundledCatalogs.localizer(locale: "en")
        #expect(localizer.string(CoreCopy.offlineIndicatorTitle) == "Offline Mode")
        #expect(localizer.string(CoreCopy.offlineIndicatorMessage) == "Viewing offline data")
        #expect(localizer.string(CoreCopy.noConnection) == "No internet connection. Please check your connection and try again.")
        #expect(localizer.string(CoreCopy.requiresConnection) == "This feature requires an internet connection")
        #expect(localizer.string(CoreCopy.appearOffline) == "You appear offline")
        let date = Date(timeIntervalSince1970: 1_795_356_300)
        #expect(localizer.string(CoreCopy.lastUpdated(date)) == "Last updated: Nov 22, 2026")
        let disabled = CoreCopy.disabledAccessibilityLabel(Copy("Core", "action.retry"))
        #expect(localizer.string(disabled) == "Retry, disabled")
    }
}

@Suite("Bundled catalogs are complete")
struct BundledCatalogCompletenessTests {
    static let locales = ["ar", "de", "en", "es", "ja", "nb", "pl"]
    static let tables = ["Core", "OfflineCommerce", "OfflineProducts", "OfflineSummary", "WarmupToast"]

    @Test func sevenLocalesAndOneTablePerModule() throws {
        let catalog = try BundledCatalogs.load()
        #expect(catalog.locales == Self.locales)
        #expect(catalog.tableNames == Self.tables)
    }

    @Test(arguments: locales)
    func everyBaseKeyIsTranslatedWithAComment(_ locale: String) throws {
        let catalog = try BundledCatalogs.load()
        for table in Self.tables {
            let base = try #require(catalog.table(table, locale: "en"))
            let translated = try #require(catalog.table(table, locale: locale), "\(locale) has no \(table)")
            #expect(Set(translated.keys) == Set(base.keys), "\(locale)/\(table)")
            for key in translated.keys {
                let entry = try #require(translated.entries[key])
                if case .text = entry.value {
                    #expect(entry.comment?.isEmpty == false, "\(locale)/\(table).\(key) has no translator comment")
                }
            }
        }
    }

    @Test(arguments: locales)
    func everyKeyResolvesWithoutIssuesInEveryLocale(_ locale: String) throws {
        let catalog = try BundledCatalogs.load()
        let localizer = Localizer(catalog: catalog, locale: locale)
        let date = Date(timeIntervalSince1970: 1_795_356_300)
        for table in Self.tables {
            let base = try #require(catalog.table(table, locale: "en"))
            for key in base.keys {
                let entry = try #require(base.entries[key])
                // Supply arguments of the kinds the base string asks for.
                let arguments: [CopyArgument]
                switch entry.value {
                case .plural:
                    arguments = [.integer(3)]
                case let .text(text):
                    arguments = FormatSpecifier.parse(text).map { specifier in
                        switch specifier.argumentKind {
                        case .integer, .unsignedInteger: .integer(3)
                        case .floatingPoint: .number(2.5)
                        default: key.contains("lastUpdated") || key.hasSuffix("date") ? .date(date, .medium) : .text("X")
                        }
                    }
                case .other:
                    arguments = []
                }
                let resolved = localizer.resolve(Copy(table, key, arguments))
                #expect(resolved.issues.isEmpty, "\(locale)/\(table).\(key): \(resolved.issues)")
                #expect(!resolved.isFallback, "\(locale)/\(table).\(key) fell back to \(resolved.locale)")
            }
        }
    }

    @Test func pluralFormsFollowCLDRInTheProductLocales() throws {
        func products(_ locale: String, _ count: Int) throws -> String {
            try BundledCatalogs.localizer(locale: locale).string(Copy("OfflineProducts", "products.count", [.integer(count)]))
        }
        #expect(try products("en", 1) == "1 product")
        #expect(try products("en", 2) == "2 products")
        #expect(try products("pl", 2) == "2 produkty")
        #expect(try products("pl", 5) == "5 produktów")
        #expect(try products("ar", 2) == "منتجان")
        #expect(try products("ar", 11) == "١١ منتجًا")
        #expect(try products("ja", 1) == "1件の製品")
        #expect(try products("es", 1_000_000) == "1.000.000 de productos")
    }

    @Test func norwegianRegionFallsBackToBokmal() throws {
        let localizer = try BundledCatalogs.localizer(locale: "nb-NO")
        #expect(localizer.string(CoreCopy.offlineIndicatorTitle) == "Frakoblet modus")
    }
}
