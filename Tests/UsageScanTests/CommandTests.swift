import Core
import LocalizationKit
import Foundation
import StringsKit
import Testing
@testable import UsageScan

/// `l10n usage` and `l10n lint --sources --fix` as real processes, and the dogfood run on this repository.
@Suite("l10n usage and lint --sources")
struct CommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func fixDeletesUnusedKeysFromEveryLocaleKeepingEachFilesLayout() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Main.strings", """
        /* Shown on the home screen. */
        "home.title" = "Home";

        /* Nobody shows this any more. */
        "legacy.banner" = "Old banner
        on two lines; really";

        // The settings entry.
        "settings.title" = "Settings";
        "legacy.inline" = "Inline";
        "tail" = "Tail";

        """)
        project.write("Localization/nb.lproj/Main.strings", """
        "home.title" = "Hjem";
        "legacy.banner" = "Gammelt banner";
        "settings.title" = "Innstillinger";
        "legacy.inline" = "Innebygd";
        "tail" = "Hale";
        """)
        project.write("Localization/en.lproj/Main.stringsdict", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>legacy.count</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@</string>
        \t\t<key>n</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d item</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d items</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """)
        project.write("Sources/App.swift", """
        import Foundation
        let a = NSLocalizedString("home.title", tableName: "Main", comment: "")
        let b = NSLocalizedString("settings.title", tableName: "Main", comment: "")
        let c = NSLocalizedString("tail", tableName: "Main", comment: "")
        """)
        let run = try #require(try runL10n(["lint", "Localization", "--sources", "Sources", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.error.contains("removed 2 unused key(s) from each of 2 files, Localization/en.lproj/Main.strings, Localization/nb.lproj/Main.strings: "), "\(run.error)")
        #expect(run.error.contains("removed 1 unused key(s) from Localization/en.lproj/Main.stringsdict"))
        // The summary printed with it is of the catalogs after the fix: they are read and linted again (talk-ios's was of
        // the files before, 6,118 untranslated of which 128 were of removed keys).
        #expect(!run.error.contains("before --fix") && run.output.contains(", 6 entries"), "\(run.output)\(run.error)")
        #expect(project.read("Localization/en.lproj/Main.strings") == """
        /* Shown on the home screen. */
        "home.title" = "Home";

        // The settings entry.
        "settings.title" = "Settings";
        "tail" = "Tail";

        """)
        #expect(project.read("Localization/nb.lproj/Main.strings") == """
        "home.title" = "Hjem";
        "settings.title" = "Innstillinger";
        "tail" = "Hale";
        """)
        #expect(project.read("Localization/en.lproj/Main.stringsdict").contains("legacy.count") == false)
        #expect(project.read("Localization/en.lproj/Main.stringsdict").hasSuffix("<dict>\n</dict>\n</plist>"))
        // A second run finds nothing left to delete.
        let again = try #require(try runL10n(["usage", "--sources", "Sources", "Localization"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(!again.output.contains("[unused-key]"), "\(again.output)")
    }

    /// ProtonVPN (2026-12-07): hu keeps `"_countries_count" = "_countries_count";` in its .strings beside the plural in its
    /// .stringsdict, which the catalog reads as one entry; `--fix` deleted the plural and left the copy, an extra key in hu
    /// after the fix. Every file of a locale's table loses the key.
    @Test func fixDeletesAKeyFromEveryFileOfALocalesTable() throws {
        let project = ProjectFolder()
        let plural = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>legacy.count</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d items</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        project.write("Localization/en.lproj/Main.strings", "\"home\" = \"Home\";\n")
        project.write("Localization/en.lproj/Main.stringsdict", plural)
        project.write("Localization/hu.lproj/Main.strings", "\"home\" = \"Kezdőlap\";\n\"legacy.count\" = \"legacy.count\";\n")
        project.write("Localization/hu.lproj/Main.stringsdict", plural.replacingOccurrences(of: "%d items", with: "%d elem"))
        project.write("Sources/App.swift", "import Foundation\nlet a = NSLocalizedString(\"home\", tableName: \"Main\", comment: \"\")\n")
        let run = try #require(try runL10n(["lint", "Localization", "--sources", "Sources", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(project.read("Localization/hu.lproj/Main.strings") == "\"home\" = \"Kezdőlap\";\n", "\(run.error)")
        #expect(!project.read("Localization/hu.lproj/Main.stringsdict").contains("legacy.count"), "\(run.error)")
        #expect(!run.output.contains("extra-key"), "\(run.output)")
    }

    /// pocket-casts (2026-12-07) writes its translations as XML property lists: `--fix` deleted 114 keys from `en` and
    /// none from them ("not changed"), and the next lint had 1,596 `extra-key` findings. An XML `.strings` file is edited
    /// as a property list (a text over several lines too), and a key some file cannot lose (a binary property list)
    /// stays in every file of its table.
    @Test func fixEditsXMLStringsFilesAndDeletesAKeyFromEveryFileOrNone() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Main.strings", "\"home\" = \"Home\";\n\"gone\" = \"Gone\";\n\"old\" = \"Old\";\n")
        project.write("Localization/de.lproj/Main.strings", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>home</key>
        \t<string>Start</string>
        \t<key>gone</key>
        \t<string>Weg,
        über zwei Zeilen</string>
        \t<key>old</key>
        \t<string>Alt</string>
        </dict>
        </plist>
        """)
        let binary = try PropertyListSerialization.data(fromPropertyList: ["home": "Accueil", "old": "Ancien"], format: .binary, options: 0)
        try FileManager.default.createDirectory(atPath: project.path("Localization/fr.lproj"), withIntermediateDirectories: true)
        try binary.write(to: URL(fileURLWithPath: project.path("Localization/fr.lproj/Main.strings")))
        let catalog = try Catalog.load(paths: [project.path("Localization")])
        #expect(catalog.table("Main", locale: "de")?.keys.count == 3)
        let outcome = UnusedKeyRemoval.remove([TableKey(table: "Main", key: "gone"), TableKey(table: "Main", key: "old")], from: catalog)
        let reloaded = try Catalog.load(paths: [project.path("Localization")])
        #expect(reloaded.table("Main", locale: "de")?.keys.sorted() == ["home", "old"], "\(outcome.skipped)")
        #expect(reloaded.table("Main", locale: "en")?.keys.sorted() == ["home", "old"])
        #expect(reloaded.table("Main", locale: "fr")?.keys.sorted() == ["home", "old"])
        #expect(outcome.skipped.contains { $0.hasPrefix("kept 1 key(s) of Main in every file") && $0.contains("\"old\"") }, "\(outcome.skipped)")
        #expect(project.read("Localization/de.lproj/Main.strings").contains("<key>old</key>\n\t<string>Alt</string>\n</dict>"))
    }

    /// A `.stringsdict` written on one line (a generator's or a minified one) or with CRLF line ends lost nothing to the
    /// line-by-line edit, which kept every key of such a file in every locale; the byte-level one edits them all and keeps
    /// every other byte.
    /// openfoodfacts (2026-12-07): `--fix --force` emptied its system-override tables, and the header comment right above
    /// the first entry went with it: 0-byte files, 568 `empty-file` warnings in the next run. An emptied file keeps it.
    @Test func aStringsFileEmptiedWholeKeepsTheCommentItOpensWith() throws {
        var skipped: [String] = []
        let text = "/* PhotosUI.strings\n   Created by arnaud */\n\"DONE\" = \"Done\";\n\"CANCEL\" = \"Cancel\";\n"
        let emptied = try UnusedKeyRemoval.removeFromStrings(["DONE", "CANCEL"], data: Data(text.utf8), file: "PhotosUI.strings", skipped: &skipped)
        #expect(String(decoding: emptied.data, as: UTF8.self) == "/* PhotosUI.strings\n   Created by arnaud */\n")
        let partly = try UnusedKeyRemoval.removeFromStrings(["DONE"], data: Data(text.utf8), file: "PhotosUI.strings", skipped: &skipped)
        #expect(String(decoding: partly.data, as: UTF8.self) == "\"CANCEL\" = \"Cancel\";\n")
    }

    @Test func fixEditsAPropertyListOnOneLineOrWithCRLFKeepingEveryOtherByte() throws {
        let plural = "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key>"
            + "<string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>"
        let oneLine = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
            + "<plist version=\"1.0\"><dict><key>kept</key>\(plural)<!-- <key>gone</key> in a comment --><key>gone</key>\(plural)"
            + "<key>empty</key><string/><key>a &amp; b</key><string><![CDATA[</string> <key>kept</key>]]></string></dict></plist>"
        let edited = try UnusedKeyRemoval.removeFromPropertyList(["gone", "empty", "a & b", "NSStringLocalizedFormatKey", "other"], data: Data(oneLine.utf8))
        // Keys inside a plural's own dictionary are no members of the root: never touched.
        #expect(edited.removed == ["gone", "empty", "a & b"])
        let expected = oneLine.replacingOccurrences(of: "<key>gone</key>\(plural)", with: "").replacingOccurrences(of: "<key>empty</key><string/>", with: "")
            .replacingOccurrences(of: "<key>a &amp; b</key><string><![CDATA[</string> <key>kept</key>]]></string>", with: "")
        #expect(String(decoding: edited.data, as: UTF8.self) == expected)
        #expect(try PropertyListSerialization.propertyList(from: edited.data, format: nil) as? [String: Any] != nil)

        let crlf = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n\t<key>gone</key>\r\n\t<dict>\r\n\t\t<key>x</key>\r\n"
            + "\t\t<string>y</string>\r\n\t</dict>\r\n\t<key>kept</key>\r\n\t<string>Kept</string>\r\n</dict>\r\n</plist>\r\n"
        let lines = try UnusedKeyRemoval.removeFromPropertyList(["gone"], data: Data(crlf.utf8))
        #expect(lines.removed == ["gone"])
        #expect(String(decoding: lines.data, as: UTF8.self)
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n\t<key>kept</key>\r\n\t<string>Kept</string>\r\n</dict>\r\n</plist>\r\n")
        // A file cut short is no edit: the fix says why and keeps the key.
        #expect(throws: UnusedKeyRemoval.FixError.self) { try UnusedKeyRemoval.removeFromPropertyList(["gone"], data: Data("<plist><dict><key>gone</key><dict><key>x</key>".utf8)) }
    }

    @Test func fixDeletesUnusedKeysFromAStringCatalogKeepingXcodesLayout() throws {
        let project = ProjectFolder()
        // Keys no code reads are ones Xcode marks stale at its next build (or added by hand, `manual`): an entry it
        // still has as extracted is never deleted (`UsageRun.xcodeFoundInCode`).
        func entry(_ key: String, _ en: String, _ nb: String, state: String? = nil) -> String {
            """
                "\(key)" : {\(state.map { "\n      \"extractionState\" : \"\($0)\"," } ?? "")
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "\(en)"
                      }
                    },
                    "nb" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "\(nb)"
                      }
                    }
                  }
                }
            """
        }
        func catalog(_ entries: [String]) -> String {
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}"
        }
        let home = entry("home.title", "Home", "Hjem"), legacy = entry("legacy {braces} \\\"quoted\\\"", "Old", "Gammel", state: "stale")
        let tail = entry("tail", "Tail", "Hale"), last = entry("zz.unused", "Unused", "Ubrukt", state: "manual")
        let extracted = entry("Welcome, %@", "Welcome, %@", "Velkommen, %@")
        project.write("Localization/Localizable.xcstrings", catalog([home, legacy, tail, last, extracted]))
        project.write("Sources/App.swift", """
        import Foundation
        let a = String(localized: "home.title")
        let b = String(localized: "tail")
        """)
        let run = try #require(try runL10n(["usage", "Localization", "--sources", "Sources", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.error.contains("removed 2 unused key(s) from Localization/Localizable.xcstrings"))
        // The entry Xcode still has as extracted from the code stays, though the scan saw no use of it.
        #expect(project.read("Localization/Localizable.xcstrings") == catalog([home, tail, extracted]))
    }

    @Test func usagePrintsTheFindingsAndCountsPerTable() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Main.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        project.write("Localization/en.lproj/Other.strings", "\"o\" = \"O\";\n")
        project.write("Sources/App.swift", """
        import Foundation
        let a = NSLocalizedString("a", tableName: "Main", comment: "")
        let m = NSLocalizedString("missing", tableName: "Main", comment: "")
        let d = NSLocalizedString(name, tableName: "Main", comment: "")
        """)
        // `--sources` takes the paths up to the next option; a folder of <locale>.lproj folders among them is the catalogs.
        let run = try #require(try runL10n(["usage", "--verbose", "--sources", "Sources", "Localization"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 1)
        #expect(run.output.contains("Sources/App.swift:3:27: error: NSLocalizedString uses \"missing\""))
        #expect(run.output.contains("[key-not-in-catalog]"))
        let rows = run.output.split(separator: "\n").filter { $0.hasPrefix("Main ") || $0.hasPrefix("Other ") }
            .map { $0.split(separator: " ").map(String.init) }
        // No code reads Other at all: its key is not called unused, the row says why (unverifiable-table).
        // `NSLocalizedString(name, tableName: "Main", …)` reads a key the scan does not follow: "b" is said, and held back.
        #expect(rows.first?.prefix(7) == ["Main", "2", "1", "0", "0", "2", "1"])
        #expect(rows.last?.prefix(6) == ["Other", "1", "0", "0", "0", "0"])
        #expect(run.output.contains("(1 more look unused, but the scan cannot vouch for them: see unverifiable-table, or their unused-key findings)"))
        #expect(run.error.contains("Sources/App.swift:4:27: dynamic key: NSLocalizedString(name)"))
        let help = try #require(try runL10n(["usage", "--help"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(help.output.contains("Text(verbatim:) is no key") && help.output.contains("dynamicKeyPrefixes"))
    }

    /// Item 3: this repository's own code and catalogs, with its own l10n.json, as scripts/test runs them.
    @Test func thisRepositoryHasNoKeyNotInCatalogAndNoUnusedKey() throws {
        let root = Self.packageRoot
        let localization = root + "/Localization"
        var (configuration, configurationPath) = try L10nCommands.loadConfiguration(explicit: nil, paths: [localization])
        let catalog = try Catalog.load(paths: [localization])
        // As `l10n lint --sources` does: the generated accessors (WarmupToastCopy) by the generator's map.
        configuration.usage.generatedEnums += try GeneratedAccessorMaps.generatedEnums(configurationPath: configurationPath, catalog: catalog, baseLocale: "en")
        let scan = try SourceUsage.scan(paths: [root + "/Modules", root + "/Tools"], configuration: configuration.usage)
        let report = UsageRules(configuration: configuration).check(scan, catalog: catalog, baseLocale: "en")
        #expect(scan.references.count > 100)
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }
}
