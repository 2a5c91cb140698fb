import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, items 3 and 6: Base.lproj, qqq.lproj and locales ICU lacks; `--version` and the first-day help.
@Suite struct SpecialFolderTests {
    static func catalog() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n")
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apfel\";\n\"b\" = \"Banane\";\n")
        folder.write("Base.lproj/Settings.strings", "\"title\" = \"Settings\";\n\"sync\" = \"Sync\";\n")
        folder.write("de.lproj/Settings.strings", "\"title\" = \"Einstellungen\";\n")
        folder.write("qqq.lproj/Main.strings", "\"a\" = \"The fruit on the home screen\";\n\"zz\" = \"Documents a retired key\";\n")
        return folder
    }

    @Test func baseLprojIsTheBaseOfTheTablesItHolds() throws {
        let result = try Self.catalog().lint()
        let missing = result.findings(.missingKey)
        #expect(missing.map { "\($0.locale):\($0.table):\($0.key ?? "")" } == ["de:Settings:sync"])
        #expect(!result.findings.contains { $0.locale == "Base" || $0.locale == "en" })
        let rows = try #require(result.completeness)
        #expect(rows.map(\.locale).sorted() == ["de", "en"])
        #expect(rows.first { $0.locale == "de" }.map { [$0.baseKeys, $0.missing] } == [4, 1])
    }

    /// Base.lproj/InfoPlist.strings with only the few texts that differ from Info.plist, and en.lproj's copy with
    /// every usage description, as translators' tools export them: the translations' keys en has are not extra.
    @Test func aKeyTheBaseLanguagesOwnCopyHasIsNotExtraBesideAPartialBaseLproj() throws {
        let folder = CatalogFolder()
        folder.write("Base.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scan a code.\";\n")
        folder.write("en.lproj/InfoPlist.strings", """
            "NSCameraUsageDescription" = "Scan a code.";
            "NSMotionUsageDescription" = "Count your steps.";

            """)
        folder.write("de.lproj/InfoPlist.strings", """
            "NSCameraUsageDescription" = "Einen Code scannen.";
            "NSMotionUsageDescription" = "Schritte zählen.";
            "NSSiriUsageDescription" = "Kurzbefehle ausführen.";

            """)
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n")
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apfel\";\n")
        let result = try folder.lint()
        // Only the key neither Base nor en has (a usage description the app no longer asks for).
        #expect(result.findings(.extraKey).map { "\($0.locale):\($0.key ?? "")" } == ["de:NSSiriUsageDescription"])
        #expect(!result.findings.contains { $0.locale == "en" })
    }

    /// GlotPress exports each translation as an XML property list beside the base's text-format file; Bundle reads
    /// both, so the translations are compared like any other (not 3 syntax errors).
    @Test func translationsWrittenAsXMLPropertyListsAreLintedLikeText() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Localizable.strings", """
            /* Settings screen title */
            "settings.title" = "Settings";
            "episodes.count" = "%d episodes";
            "archive" = "Archive";

            """)
        func exported(_ pairs: [(String, String)]) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--Warning: Auto-generated file, do not edit.-->\n<plist version=\"1.0\">\n  <dict>\n"
                + pairs.map { "    <key>\($0.0)</key>\n    <string>\($0.1)</string>\n" }.joined() + "  </dict>\n</plist>\n"
        }
        folder.write("de.lproj/Localizable.strings", exported([("settings.title", "Einstellungen"), ("episodes.count", "%d Folgen"),
                                                              ("archive", "Archivieren")]))
        folder.write("fr.lproj/Localizable.strings", exported([("settings.title", "Réglages"), ("episodes.count", "%@ épisodes")]))
        let result = try folder.lint()
        #expect(result.findings(.syntaxError).isEmpty)
        #expect(result.findings(.missingKey).map { "\($0.locale):\($0.key ?? "")" } == ["fr:archive"])
        let mismatch = try #require(result.findings(.formatMismatch).first)
        #expect(mismatch.locale == "fr" && mismatch.line == 7 && mismatch.file.hasSuffix("fr.lproj/Localizable.strings"))
    }

    /// UTM's layout: en.lproj/InfoPlist.strings holds only `"" = "";`, the English is Info.plist itself, and the
    /// translations translate its usage descriptions and a document type's name (looked up by its text).
    @Test func anInfoPlistTranslationsKeysAreCheckedAgainstTheInfoPlistBesideIt() throws {
        let folder = CatalogFolder()
        folder.write("App/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>NSCameraUsageDescription</key>
              <string>Scan a code.</string>
              <key>CFBundleDocumentTypes</key>
              <array><dict><key>CFBundleTypeName</key><string>Shop list</string></dict></array>
            </dict>
            </plist>

            """)
        folder.write("App/en.lproj/InfoPlist.strings", "\"\" = \"\";\n")
        folder.write("App/de.lproj/InfoPlist.strings", """
            "NSCameraUsageDescription" = "Einen Code scannen.";
            "Shop list" = "Einkaufsliste";
            "NSMicrophoneUsageDescription" = "Sprachnotizen.";

            """)
        // fr has no InfoPlist.strings at all: the system shows Info.plist's English, and nothing but "" is missing.
        folder.write("App/en.lproj/Localizable.strings", "\"a\" = \"Apple\";\n")
        folder.write("App/de.lproj/Localizable.strings", "\"a\" = \"Apfel\";\n")
        folder.write("App/fr.lproj/Localizable.strings", "\"a\" = \"Pomme\";\n")
        let result = try Linter().lint(Catalog.load(paths: [folder.path("App")]))
        // The microphone is asked for nowhere any more: that one is extra.
        #expect(result.findings(.extraKey).map { "\($0.locale):\($0.key ?? "")" } == ["de:NSMicrophoneUsageDescription"])
        // `"" = "";` only keeps the file from being empty: no translation lacks it, nor a table holding only it.
        #expect(result.findings(.missingKey).isEmpty, "\(result.findings(.missingKey).map(\.message))")
    }

    /// A widget's intent definition in Base.lproj is its table's real base: Xcode exports each text by its ID, and a
    /// translation may hold IDs the en copy has not caught up with (mastodon-ios's WidgetExtension).
    @Test func anIntentTablesKeysAreCheckedAgainstItsDefinitionInBaseLproj() throws {
        let folder = CatalogFolder()
        folder.write("Widget/Base.lproj/Widget.intentdefinition", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>INIntents</key>
              <array><dict>
                <key>INIntentTitle</key><string>Hashtag</string>
                <key>INIntentTitleID</key><string>A1rwKl</string>
                <key>INIntentDescriptionID</key><string>GTUbZg</string>
                <key>INIntentParameterPromptDialogs</key>
                <array><dict><key>INIntentParameterPromptDialogFormatStringID</key><string>2etfeF</string></dict></array>
              </dict></array>
              <key>INEnums</key>
              <array><dict><key>INEnumValues</key><array><dict>
                <key>INEnumValueDisplayName</key><string>Name</string>
                <key>INEnumValueDisplayNameID</key><string>8CnkN3</string>
              </dict></array></dict></array>
            </dict>
            </plist>

            """)
        folder.write("Widget/en.lproj/Widget.strings", "\"A1rwKl\" = \"Hashtag\";\n")
        // ownCloud (2026-12-06): `<prompt ID>-<value ID>` is Xcode's key for a prompt about one value of an enum.
        folder.write("Widget/be.lproj/Widget.strings", "\"A1rwKl\" = \"Хэштэг\";\n\"GTUbZg\" = \"Апісанне\";\n\"zzOld1\" = \"Стары\";\n"
                     + "\"2etfeF-8CnkN3\" = \"Вы мелі на ўвазе ‘Імя’?\";\n\"2etfeF-zzOld2\" = \"Стары\";\n")
        let result = try Linter().lint(Catalog.load(paths: [folder.path("Widget")]))
        #expect(result.findings(.extraKey).map { "\($0.locale):\($0.key ?? "")" } == ["be:zzOld1", "be:2etfeF-zzOld2"])
    }

    /// ProtonVPN (2026-11-28) keeps its Siri intents in another target's folder, not in `Base.lproj` beside the app's
    /// `.lproj` folders: `apps/ios/Siri Shortcut Handler/Intents.intentdefinition`. Its IDs were 34 `extra-key`
    /// warnings, each saying "remove it".
    @Test func anIntentDefinitionInANearbyTargetFolderIsItsTablesBase() throws {
        let folder = CatalogFolder()
        folder.write("ios/Siri Shortcut Handler/Intents.intentdefinition", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>INIntents</key>
              <array><dict>
                <key>INIntentTitle</key><string>Connect</string>
                <key>INIntentTitleID</key><string>k3Lm9Q</string>
                <key>INIntentDescriptionID</key><string>JOCERT</string>
              </dict></array>
            </dict>
            </plist>

            """)
        folder.write("ios/VPNApp/Resources/en.lproj/Intents.strings", "\"k3Lm9Q\" = \"Connect\";\n")
        folder.write("ios/VPNApp/Resources/tr.lproj/Intents.strings", "\"k3Lm9Q\" = \"Bağlan\";\n\"JOCERT\" = \"Durumu al\";\n\"zzOld1\" = \"Eski\";\n")
        let result = try Linter().lint(Catalog.load(paths: [folder.path("ios")]))
        #expect(result.findings(.extraKey).map { "\($0.locale):\($0.key ?? "")" } == ["tr:zzOld1"])
    }

    /// brave-ios (2026-12-07) keeps `Base.lproj/BraveWidgets.intentdefinition` and no en `BraveWidgets.strings`: Xcode
    /// compiles the base language's strings from the definition. Each translation was "the table exists in de but not
    /// in the base locale; remove this file", and with `--sources` each of its keys "not in the en table; remove it"
    /// (2,176 warnings). The definition is the table's base.
    @Test func anIntentTableWithNoBaseFileHasItsDefinitionForBase() throws {
        let folder = CatalogFolder()
        folder.write("App/Widgets/Base.lproj/Widgets.intentdefinition", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>INIntents</key>
              <array><dict>
                <key>INIntentTitle</key><string>Pick Favorites</string>
                <key>INIntentTitleID</key><string>0W40Cl</string>
                <key>INIntentDescriptionID</key><string>r7Kq2x</string>
              </dict></array>
            </dict>
            </plist>

            """)
        folder.write("App/Widgets/en.lproj/Localizable.strings", "\"widget.title\" = \"Favorites\";\n")
        for (locale, title, description) in [("de", "Favoriten wählen", "Zeigt Favoriten"), ("fr", "Choisir les favoris", "Affiche les favoris"),
                                             ("it", "Scegli i preferiti", "Mostra i preferiti")] {
            folder.write("App/Widgets/\(locale).lproj/Widgets.strings", "\"0W40Cl\" = \"\(title)\";\n\"r7Kq2x\" = \"\(description)\";\n")
            folder.write("App/Widgets/\(locale).lproj/Localizable.strings", "\"widget.title\" = \"\(title)\";\n")
        }
        let result = try Linter().lint(Catalog.load(paths: [folder.path("App")]))
        #expect(result.findings(.extraKey).isEmpty, "\(result.findings(.extraKey).map(\.message))")
        folder.write("App/Widgets/FavoritesWidget.swift", "import SwiftUI\nlet title = Text(\"widget.title\")\n")
        let run = try #require(try L10nBinary.run(["lint", "App", "--sources", "App"], in: folder.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0 && !run.standardOutput.contains("[extra-key]"), "\(run.standardOutput)\(run.standardError)")
    }

    /// MonitorControl (2026-12-06): `en.lproj/Main.strings` lacks 24 object IDs that `Base.lproj/Main.storyboard` has and
    /// its translations translate; each was an `extra-key` warning saying "remove it". The storyboard is the table's
    /// base: a key whose object it has is not extra, one whose object it lost still is (in a xib too, and beside a
    /// project without Base internationalization).
    @Test func anInterfaceBuilderTablesKeysAreCheckedAgainstItsStoryboardsObjects() throws {
        let folder = CatalogFolder()
        folder.write("App/UI/Base.lproj/Main.storyboard", """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" initialViewController="B8D-0N-5wS">
              <scenes><scene sceneID="JPo-4y-FX3"><objects>
                <button verticalHuggingPriority="750" id="3a3-In-jeQ" customModuleID="zzGone-1">
                  <buttonCell key="cell" type="push" title="Reset" id="Pqk-VW-JGY"/>
                </button>
                <textField
                  id="4wn-2u-KRo" userLabel="Note"/>
              </objects></scene></scenes>
            </document>

            """)
        folder.write("App/UI/en.lproj/Main.strings", "\"Pqk-VW-JGY.title\" = \"Reset\";\n")
        folder.write("App/UI/hi.lproj/Main.strings", "\"Pqk-VW-JGY.title\" = \"रीसेट\";\n\"3a3-In-jeQ.title\" = \"बटन\";\n"
                     + "\"4wn-2u-KRo.placeholderString\" = \"नोट\";\n\"zzGone-1.title\" = \"पुराना\";\n\"Old-Id-123.title\" = \"पुराना\";\n")
        folder.write("Other/en.lproj/Prefs.xib", #"<document><objects><window title="Prefs" id="9aX-gm-8TS"/></objects></document>"#)
        folder.write("Other/en.lproj/Prefs.strings", "\"Abc-De-Fgh.title\" = \"Prefs\";\n")
        folder.write("Other/ja.lproj/Prefs.strings", "\"Abc-De-Fgh.title\" = \"設定\";\n\"9aX-gm-8TS.title\" = \"設定\";\n\"Zzz-Zz-Zzz.title\" = \"古い\";\n")
        let result = try Linter().lint(Catalog.load(paths: [folder.path("App"), folder.path("Other")]))
        // `Abc-De-Fgh` is in neither the xib nor ja's file alone: the base's own entry is stale (see below).
        #expect(result.findings(.extraKey).map { "\($0.locale):\($0.key ?? "")" }.sorted()
                == ["en:Abc-De-Fgh.title", "hi:Old-Id-123.title", "hi:zzGone-1.title", "ja:Zzz-Zz-Zzz.title"])
    }

    /// xdripswift (2026-12-07): `en.lproj/Main.strings` keeps four texts of objects `Base.lproj/Main.storyboard` no
    /// longer has (`"KQZ-1w-vlD.text" = "First View";`), which ten locales copied: 40 `untranslated` findings asked
    /// for translations no screen shows. The base entry is one finding, to remove; its translations are asked nothing.
    @Test func aBaseTextOfAnObjectTheStoryboardLostIsStaleNotUntranslated() throws {
        let folder = CatalogFolder()
        folder.write("App/Base.lproj/Main.storyboard", #"<document><objects><label text="Hello" id="Pqk-VW-JGY"/></objects></document>"#)
        folder.write("App/en.lproj/Main.strings", "\"Pqk-VW-JGY.text\" = \"Hello there\";\n\"KQZ-1w-vlD.text\" = \"First View\";\n")
        folder.write("App/de.lproj/Main.strings", "\"Pqk-VW-JGY.text\" = \"Hallo zusammen\";\n\"KQZ-1w-vlD.text\" = \"First View\";\n")
        folder.write("App/fr.lproj/Main.strings", "\"Pqk-VW-JGY.text\" = \"Bonjour à tous\";\n")
        let result = try Linter().lint(Catalog.load(paths: [folder.path("App")]))
        #expect(result.findings(.untranslated).isEmpty, "\(result.findings(.untranslated))")
        #expect(result.findings(.missingKey).isEmpty, "\(result.findings(.missingKey))")
        let stale = result.findings(.extraKey)
        #expect(stale.map { "\($0.locale):\($0.key ?? "")" } == ["en:KQZ-1w-vlD.text"])
        #expect(stale.first?.message.contains("App/Base.lproj/Main.storyboard no longer has") == true, "\(stale)")
        #expect(result.completeness?.first { $0.locale == "fr" }?.translatedPercent == 100, "\(result.completeness)")
    }

    /// Two bundles with a `Main` table each (Loop's app and its Learn target): the tables are told apart by folder
    /// (`Learn/Main`), and each is still checked against its own `Base.lproj/Main.storyboard`.
    @Test func aTableNamedApartFromAnotherBundlesIsStillCheckedAgainstItsStoryboard() throws {
        let folder = CatalogFolder()
        for bundle in ["App", "Learn"] {
            folder.write("\(bundle)/Base.lproj/Main.storyboard", #"<document><scenes><scene><objects><label text="Hi" id="Le2-ss-On2"/>"#
                         + #"<button title="Go" id="Btn-\#(bundle.prefix(2))-Go1"/></objects></scene></scenes></document>"#)
            folder.write("\(bundle)/en.lproj/Main.strings", "\"Le2-ss-On2.text\" = \"Hi\";\n")
            folder.write("\(bundle)/de.lproj/Main.strings", "\"Le2-ss-On2.text\" = \"Hallo\";\n\"Btn-\(bundle.prefix(2))-Go1.normalTitle\" = \"Los\";\n"
                         + "\"Gone-11-Old.text\" = \"Alt\";\n")
        }
        let catalog = try Catalog.load(paths: [folder.path("App"), folder.path("Learn")])
        #expect(Set(catalog.tableNames).count == 2)
        let result = try Linter().lint(catalog)
        #expect(result.findings(.extraKey).map { "\($0.table):\($0.key ?? "")" }.sorted().count == 2)
        #expect(result.findings(.extraKey).allSatisfy { $0.key == "Gone-11-Old.text" })
    }

    @Test func qqqIsDocumentationNeverALocale() throws {
        let result = try Self.catalog().lint()
        #expect(!result.findings.contains { $0.locale == "qqq" })
        #expect(!(result.completeness ?? []).contains { $0.locale == "qqq" })
    }

    @Test func qqqDocumentationIsATranslatorNoteInXLIFF() throws {
        let folder = Self.catalog()
        folder.write("en.lproj/Main.strings", "/* Home screen */\n\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n")
        let output = CatalogFolder()
        let outcome = L10nCommands.exportXLIFF(paths: [folder.root], to: output.root)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").map { ($0 as Substring).hasSuffix("/de.xliff") } == [true])
        let xliff = try String(contentsOfFile: output.path("de.xliff"), encoding: .utf8)
        #expect(xliff.contains("<note>Home screen\nThe fruit on the home screen</note>"))
        // Base.lproj's tables are exported with Base's text as the source.
        #expect(xliff.contains("<source>Settings</source>") && xliff.contains(">Einstellungen</target>"))
    }

    @Test func aLocaleICULacksIsOneUnknownLocaleNote() throws {
        let folder = Self.catalog()
        folder.write("kmr.lproj/Main.strings", "\"a\" = \"Sêv\";\n\"b\" = \"Mûz\";\n")
        folder.writePlural("en.lproj/Main.stringsdict", key: "n", forms: ["one": "%d apple", "other": "%d apples"])
        folder.writePlural("kmr.lproj/Main.stringsdict", key: "n", forms: ["other": "%d sêv"])
        let result = try folder.lint()
        let unknown = result.findings(.unknownLocale)
        #expect(unknown.count == 1)
        #expect(unknown.first?.locale == "kmr" && unknown.first?.severity == .info)
        // Root's rules need only "other": no plural-coverage finding for kmr.
        #expect(!result.findings(.pluralCoverage).contains { $0.locale == "kmr" })
        // A note never fails a run, not even with --strict.
        let complete = CatalogFolder()
        complete.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n")
        complete.write("kmr.lproj/Main.strings", "\"a\" = \"Sêv\";\n")
        let strict = complete.run(.init(strict: true))
        #expect(strict.exitCode == 0 && strict.standardOutput.contains("0 error(s), 0 warning(s), 1 note(s)"))
        let xcode = folder.run(.init(format: .xcode)).standardOutput
        #expect(xcode.contains(": note: ICU 72 has no data for the locale \"kmr\""))
    }

    /// OsmAnd (2026-12-07): ars (Najdi Arabic) was "unknown" and checked with root's rules, so it missed the plural
    /// errors ar got. ICU 72 has no formatting data for ars or an, but has their plural rules: those are used, with no note.
    @Test func aLocaleICUHasPluralRulesButNoFormattingDataForIsCheckedWithItsRules() throws {
        let folder = Self.catalog()
        folder.writePlural("en.lproj/Main.stringsdict", key: "n", forms: ["one": "%d apple", "other": "%d apples"])
        folder.writePlural("ars.lproj/Main.stringsdict", key: "n", forms: ["other": "%d تفاحة"])
        folder.writePlural("ar.lproj/Main.stringsdict", key: "n", forms: ["other": "%d تفاحة"])
        let result = try folder.lint()
        #expect(!result.findings(.unknownLocale).contains { $0.locale == "ars" })
        #expect(result.findings(.pluralCoverage).contains { $0.locale == "ars" }, "\(result.findings(.pluralCoverage).map(\.message))")
        #expect(result.findings(.pluralCoverage).filter { $0.locale == "ars" }.map(\.message).map { $0.replacingOccurrences(of: "ars", with: "ar") }
                == result.findings(.pluralCoverage).filter { $0.locale == "ar" }.map(\.message))
    }

    @Test func nothingButFindingsReachesTheTerminal() throws {
        let folder = Self.catalog()
        // an: plural rules but no formatting data in ICU 72; kmr: neither. Neither logs anything.
        folder.write("an.lproj/Main.strings", "\"a\" = \"Manzana\";\n\"b\" = \"Platano\";\n")
        folder.write("kmr.lproj/Main.strings", "\"a\" = \"Sêv\";\n\"b\" = \"Mûz\";\n")
        folder.writePlural("en.lproj/Main.stringsdict", key: "n", forms: ["one": "%d apple", "other": "%d apples"])
        folder.writePlural("an.lproj/Main.stringsdict", key: "n", forms: ["one": "%d mazana", "other": "%d mazanas"])
        folder.writePlural("Base.lproj/Settings.stringsdict", key: "m", forms: ["one": "%d item", "other": "%d items"])
        let run = try #require(try L10nBinary.run(["lint", "--format", "xcode", folder.root]), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix(folder.root) })
        #expect(run.standardOutput.contains("[unknown-locale]"))
    }

    @Test func versionAndAFirstDayRecipeInHelp() throws {
        let version = try #require(try L10nBinary.run(["--version"]), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(version.status == 0 && version.standardOutput == L10nVersion.current + "\n")
        let help = try #require(try L10nBinary.run(["lint", "--help"]))
        for step in ["--summary", "--write-baseline l10n-baseline.json", "--baseline l10n-baseline.json --format sarif",
                     "--baseline l10n-baseline.json --format xcode", "--max-findings", "requiredLocales", "minimumTranslated"] {
            #expect(help.standardOutput.contains(step), "help lacks \(step)")
        }
        let both = try #require(try L10nBinary.run(["lint", "--baseline", "a.json", "--write-baseline", "b.json"]))
        #expect(both.status == 2 && both.standardError.contains("not both"))
    }

    /// damus (2026-11-28) keeps Xcode's export `damus/en-US.xcloc` among its sources; `l10n lint .` read the stale
    /// copies inside it as the app's catalogs, and their keys as the base of 30 locales (25,105 missing keys). A walk
    /// under a folder given to the loader skips what discovery skips: exports, bundles, build and dependency folders.
    @Test func aFolderWalkSkipsXcodeExportsBundlesAndDependencies() throws {
        let folder = CatalogFolder()
        folder.write("App/en-US.lproj/Localizable.strings", "\"Follow\" = \"Follow\";\n")
        folder.write("App/de.lproj/Localizable.strings", "\"Follow\" = \"Folgen\";\n")
        folder.write("App/en-US.xcloc/Source Contents/App/en-US.lproj/Localizable.strings", "\"Old\" = \"Old\";\n\"Follow\" = \"Follow\";\n")
        folder.write("App/en-US.xcloc/Source Contents/App/InfoPlist.xcstrings", #"{"sourceLanguage": "en-US", "version": "1.0", "strings": {}}"#)
        folder.write("Pods/Lib/Resources/fr.lproj/Lib.strings", "\"x\" = \"y\";\n")
        folder.write("Lib.framework/Resources/fr.lproj/Lib.strings", "\"x\" = \"y\";\n")
        let catalog = try Catalog.load(paths: [folder.root])
        #expect(Set(catalog.files.map { String($0.dropFirst(folder.root.count + 1)) })
            == ["App/en-US.lproj/Localizable.strings", "App/de.lproj/Localizable.strings"])
        #expect(try folder.lint().findings.isEmpty)
    }

    /// damus's Transifex files start with the byte-order mark twice (FF FE FF FE), which CF rejects (checked with
    /// swift-corelibs-foundation's PropertyListSerialization): one syntax error that names the character, and the
    /// locale's keys counted missing but not listed one by one beside it.
    @Test func aSecondByteOrderMarkIsOneSyntaxErrorThatSaysSoNotAMissingKeyPerEntry() throws {
        let folder = CatalogFolder()
        let keys = (1...12).map { "\"Zap \($0)\" = \"Zap \($0)\";\n" }.joined()
        folder.write("en.lproj/Localizable.strings", keys)
        var doubled = Data([0xFF, 0xFE, 0xFF, 0xFE])
        doubled.append(keys.replacingOccurrences(of: "Zap", with: "Zappen").data(using: .utf16LittleEndian)!)
        folder.write("de.lproj/Localizable.strings", data: doubled)
        // Its plurals still load, as damus's do: the locale is there, with every key of the lost file missing.
        folder.writePlural("en.lproj/Localizable.stringsdict", key: "zaps_count", forms: ["one": "%d zap", "other": "%d zaps"])
        folder.writePlural("de.lproj/Localizable.stringsdict", key: "zaps_count", forms: ["one": "%d Zap", "other": "%d Zaps"])
        let result = try folder.lint()
        let syntax = try #require(result.findings(.syntaxError).first)
        #expect(syntax.message.contains("byte-order mark (U+FEFF)"), "\(syntax.message)")
        #expect(result.findings(.missingKey).isEmpty, "\(result.findings(.missingKey).map(\.message))")
        #expect(result.completeness?.first { $0.locale == "de" }?.missing == 12)
    }
}
