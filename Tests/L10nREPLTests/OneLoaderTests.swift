import Core
import LocalizationKit
import Foundation
@testable import L10nREPL
import Localization
import StringsKit
import Testing

/// Issue 20, item 7: `l10n lint`, the REPL and the runtime read catalogs through one loader, so the linter checks
/// exactly the tables the app shows.
@Suite struct OneLoaderTests {
    /// A project in the shapes real apps use: .strings + .stringsdict per locale, Base.lproj, qqq.lproj, a String Catalog.
    static func project() throws -> String {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("OneLoaderTests-\(UUID().uuidString)")
        let files: [String: String] = [
            "en.lproj/Main.strings": "/* Home */\n\"a\" = \"Apple\";\n\"b\" = \"%d files\";\n",
            "de.lproj/Main.strings": "\"b\" = \"%d Dateien\";\n\"a\" = \"Apfel\";\n\"a\" = \"Apfel!\";\n",
            "en.lproj/Main.stringsdict": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@count@</string><key>count</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d apple</string><key>other</key><string>%d apples</string></dict></dict></dict></plist>
            """,
            "Base.lproj/Settings.strings": "\"title\" = \"Settings\";\n",
            "de.lproj/Settings.strings": "\"title\" = \"Einstellungen\";\n",
            "qqq.lproj/Main.strings": "\"a\" = \"The fruit on the home screen\";\n",
            "Shop.xcstrings": #"{"sourceLanguage": "en", "strings": {"buy": {"comment": "Button", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Kaufen"}}}}}, "version": "1.0"}"#,
        ]
        for (relative, text) in files {
            let path = (root as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    @Test func lintTheREPLAndTheRuntimeLoadIdenticalTables() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let runtime = try Catalog.load(paths: [root]) // what BundledCatalogs.load() does with its folder
        let repl = try REPLSession(options: .init(catalogsPath: root)).catalog
        let lint = try L10nCommands.loadCatalog(paths: [root])
        for other in [repl, lint] {
            #expect(other.tables == runtime.tables)
            #expect(other.files == runtime.files)
            #expect(other.problems == runtime.problems)
            #expect(other.declaredSourceLanguage == runtime.declaredSourceLanguage)
        }
        #expect(Set(runtime.locales) == ["Base", "de", "en", "qqq"])
        #expect(runtime.entry(table: "Main", locale: "de", key: "a")?.value == .text("Apfel!"), "the last duplicate wins, as on Apple platforms")
        #expect(runtime.entry(table: "Shop", locale: "en", key: "buy")?.value == .text("buy"))
        // The runtime shows Base.lproj's text for the development language, as Apple's does.
        #expect(Localizer(catalog: runtime, locale: "en").string(Copy("Settings", "title")) == "Settings")
        #expect(Localizer(catalog: runtime, locale: "de").string(Copy("Settings", "title")) == "Einstellungen")
        // And the linter judges those same tables: Base is Settings' base, qqq no locale, the duplicate is reported.
        let result = try Linter().lint(lint)
        #expect(!result.findings.contains { $0.locale == "Base" || $0.locale == "qqq" })
        #expect(result.findings.contains { $0.rule == .duplicateKey && $0.locale == "de" })
        #expect(result.findings.filter { $0.rule == .missingKey }.compactMap(\.key) == ["n"])
    }

    @Test func theREPLListsBaseAndQqqAsFoldersNotLocalesAndShowsQqqAsANote() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repl = try REPLSession(options: .init(catalogsPath: root))
        let locales = await repl.execute("locales").stdout.split(separator: "\n").map(String.init)
        #expect(!locales.contains { $0.contains("Base") && $0.contains("%") })
        #expect(!locales.contains { $0.contains("qqq") && $0.contains("%") })
        #expect(locales.contains { $0.hasPrefix("  Base") && $0.contains("base of the tables it holds") })
        #expect(locales.contains { $0.hasPrefix("  qqq") && $0.contains("documentation for translators") })
        let compare = await repl.execute("compare Main.a").stdout
        #expect(compare.contains("  qqq     note   The fruit on the home screen"))
        #expect(!compare.contains("⚠"))
    }

    /// An app's `Localizable` and its widget's, a table whose folder has a dot, and a key that is empty (NetNewsWire keeps
    /// `""` in its catalog): `keys` listed them by splitting `Table.key` again, and an empty key stopped the REPL.
    @Test func theREPLListsAndShowsEachBundlesTableAndAnEmptyKey() async throws {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("bundles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = ["App/en.lproj/Localizable.strings": "\"Done\" = \"Done\";\n\"\" = \"\";\n",
                     "App/de.lproj/Localizable.strings": "\"Done\" = \"Fertig\";\n",
                     "Notes.Widget/en.lproj/Localizable.strings": "\"Today\" = \"Today\";\n",
                     "Notes.Widget/de.lproj/Localizable.strings": "\"Today\" = \"Heute\";\n"]
        for (relative, text) in files {
            let path = (root as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let repl = try REPLSession(options: .init(locale: "de", catalogsPath: root))
        let tables = await repl.execute("tables").stdout
        // The names' column is as wide as the longest.
        #expect(tables == "Localizable              2 keys\nNotes.Widget/Localizable 1 keys")
        let keys = await repl.execute("keys").stdout.split(separator: "\n").map(String.init)
        #expect(keys.contains("Localizable.") && keys.contains("Localizable.Done") && keys.contains("Notes.Widget/Localizable.Today"))
        #expect(await repl.execute("keys Notes.Widget/Localizable").stdout == "Notes.Widget/Localizable.Today")
        #expect(await repl.execute("show Notes.Widget/Localizable.Today").stdout.contains("Heute"))
        #expect(await repl.execute("show Localizable.Done").stdout.contains("Fertig"))
    }

    @Test func theBundledCatalogsAreWhatTheLinterReadsFromTheSameFolder() throws {
        let runtime = try BundledCatalogs.load()
        let lint = try L10nCommands.loadCatalog(paths: [BundledCatalogs.directory.path])
        #expect(runtime.tables == lint.tables && !runtime.tables.isEmpty)
    }
}
