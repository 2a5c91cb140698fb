import Foundation
import TestSupport
import Testing
@testable import LocalizationKit
@testable import CatalogParser

/// Tables of one name in different bundles: an app's `Localizable` and a Swift package's (`Bundle.module`), an app's
/// `InfoPlist` and its widget's. NetNewsWire's app catalog (English only) and its ActivityLog package's (with Spanish)
/// were read as one table, and 414 of its 424 findings were Spanish keys "missing" from the package that were the app's.
/// The fixtures are a notes app's, written here in that layout.
@Suite("Tables of one name in different bundles")
struct BundleTableTests {
    /// The app's catalog, English only, and a package's, English and Spanish.
    static func modularApp() throws -> TemporaryCatalog {
        let folder = try TemporaryCatalog()
        try folder.write("Shared/Localizable.xcstrings", stringCatalogText(["Notes": ["en": "Notes"], "New note": ["en": "New note"]]))
        try folder.write("Modules/SyncLog/Sources/SyncLog/Resources/Localizable.xcstrings",
                         stringCatalogText(["Syncing": ["en": "Syncing", "es": "Sincronizando"], "Sync failed": ["en": "Sync failed", "es": "Falló la sincronización"]]))
        return folder
    }

    @Test func aSwiftPackagesCatalogIsATableOfItsOwnNamedByItsTarget() throws {
        let folder = try Self.modularApp()
        let catalog = try Catalog.load(paths: [folder.root.path])
        #expect(catalog.tableNames == ["Localizable", "SyncLog/Localizable"])
        #expect(catalog.table("Localizable", locale: "en")?.keys.sorted() == ["New note", "Notes"])
        #expect(catalog.table("Localizable", locale: "es") == nil)
        #expect(catalog.table("SyncLog/Localizable", locale: "es")?.keys.sorted() == ["Sync failed", "Syncing"])
        #expect(Catalog.fileTableName("SyncLog/Localizable") == "Localizable")
        #expect(Catalog.fileTableName("Localizable") == "Localizable")
    }

    @Test func mergingBundlesGivesTheTablesCodeNamesBackWithTheAppsTextWinningAKeyBothHave() throws {
        let folder = try TemporaryCatalog()
        try folder.write("App/en.lproj/Localizable.strings", "\"Done\" = \"Done\";\n\"Edit\" = \"Edit\";\n")
        try folder.write("App/de.lproj/Localizable.strings", "\"Done\" = \"Fertig\";\n")
        try folder.write("Widget/en.lproj/Localizable.strings", "\"Done\" = \"Close\";\n\"Today\" = \"Today\";\n")
        try folder.write("Widget/de.lproj/Localizable.strings", "\"Today\" = \"Heute\";\n")
        let catalog = try Catalog.load(paths: [folder.root.path])
        #expect(catalog.tableNames == ["Localizable", "Widget/Localizable"])
        #expect(catalog.entry(table: "Widget/Localizable", locale: "en", key: "Done")?.value.text == "Close")
        let merged = catalog.mergingBundles()
        #expect(merged.tableNames == ["Localizable"])
        #expect(merged.table("Localizable", locale: "en")?.keys == ["Done", "Edit", "Today"])
        #expect(merged.entry(table: "Localizable", locale: "en", key: "Done")?.value.text == "Done")
        #expect(merged.entry(table: "Localizable", locale: "de", key: "Today")?.value.text == "Heute")
        #expect(merged.withOrderedEntries().orderedEntries[.init(table: "Localizable", locale: "en")]?.map(\.key) == ["Done", "Edit", "Today"])
        // A catalog with one bundle is returned as it is.
        #expect(merged.mergingBundles().tableNames == ["Localizable"])
    }

    /// A vendor's translations downloaded beside the app's base (a Crowdin or Lokalise layout): the folders share no
    /// locale, so they can be one bundle's, and stay one table, as before.
    @Test func foldersThatShareNoLocaleStayOneTable() throws {
        let folder = try TemporaryCatalog()
        try folder.write("App/Resources/en.lproj/Localizable.strings", "\"Done\" = \"Done\";\n")
        try folder.write("Translations/de.lproj/Localizable.strings", "\"Done\" = \"Fertig\";\n")
        try folder.write("Translations/fr.lproj/Localizable.strings", "\"Done\" = \"Terminé\";\n")
        let catalog = try Catalog.load(paths: [folder.root.path])
        #expect(catalog.tableNames == ["Localizable"])
        #expect(catalog.locales == ["de", "en", "fr"])
    }

    @Test func bundleNamesComeFromThePackageTargetOrTheFirstFolderThatIsNotGeneric() {
        #expect(Catalog.bundleName(of: "Modules/SyncLog/Sources/SyncLog/Resources") == "SyncLog")
        #expect(Catalog.bundleName(of: "NotesWidget/Resources/Localization") == "NotesWidget")
        #expect(Catalog.bundleName(of: "Resources") == "")
        #expect(Catalog.bundleFolder(ofFile: "Widget/de.lproj/InfoPlist.strings") == "Widget")
        #expect(Catalog.bundleFolder(ofFile: "Shared/Localizable.xcstrings") == "Shared")
        #expect(Catalog.bundleFolder(ofFile: "de.lproj/Localizable.strings") == "")
    }

    /// Tunnelblick (2026-12-07): its uninstaller's own 20-key `Localizable` in `CS.lproj`, `DE.lproj` and `English.lproj`
    /// beside the app's `cs.lproj`, `de.lproj` and `en.lproj` is another bundle: the same locales written otherwise.
    /// Merged, they made 22 more locales of the app's 953-key table (21,000 false findings).
    @Test func foldersOfTheSameLocalesWrittenOtherwiseAreAnotherBundle() throws {
        #expect(Catalog.localeIdentity("English") == "en" && Catalog.localeIdentity("ZH_CN") == "zh-cn" && Catalog.localeIdentity("DE") == "de")
        let names = Catalog.bundleTableNames(["App/en.lproj/Localizable.strings", "App/cs.lproj/Localizable.strings",
                                              "App/Uninstaller/English.lproj/Localizable.strings", "App/Uninstaller/CS.lproj/Localizable.strings"])
        #expect(names["App/Uninstaller/English.lproj/Localizable.strings"] == "Uninstaller/Localizable")
        #expect(names["App/Uninstaller/CS.lproj/Localizable.strings"] == "Uninstaller/Localizable")
        #expect(names["App/en.lproj/Localizable.strings"] == nil)
    }

    /// Three bundles, two of whose folders have only generic names: the table keeps a name of its own in each, by path
    /// where the short name would be the same.
    @Test func bundlesWhoseShortNamesClashAreNamedByTheirFolders() throws {
        let folder = try TemporaryCatalog()
        for bundle in ["App", "Share/Resources", "Intents/Resources"] {
            try folder.write("\(bundle)/en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Notes\";\n")
        }
        let names = Catalog.bundleTableNames(["App/en.lproj/InfoPlist.strings", "Share/Resources/en.lproj/InfoPlist.strings",
                                              "Intents/Resources/en.lproj/InfoPlist.strings", "Other/Resources/en.lproj/InfoPlist.strings"])
        #expect(names["App/en.lproj/InfoPlist.strings"] == nil)
        #expect(names["Share/Resources/en.lproj/InfoPlist.strings"] == "Share/InfoPlist")
        #expect(names["Intents/Resources/en.lproj/InfoPlist.strings"] == "Intents/InfoPlist")
        #expect(names["Other/Resources/en.lproj/InfoPlist.strings"] == "Other/InfoPlist")
        let clashing = Catalog.bundleTableNames(["App/en.lproj/Main.strings", "Mac/Resources/en.lproj/Main.strings",
                                                 "iOS/Mac/Resources/en.lproj/Main.strings"])
        #expect(clashing["Mac/Resources/en.lproj/Main.strings"] == "Mac/Resources/Main")
        #expect(clashing["iOS/Mac/Resources/en.lproj/Main.strings"] == "iOS/Mac/Resources/Main")
        let loaded = try Catalog.load(paths: [folder.root.path])
        #expect(loaded.tableNames == ["InfoPlist", "Intents/InfoPlist", "Share/InfoPlist"])
    }
}
