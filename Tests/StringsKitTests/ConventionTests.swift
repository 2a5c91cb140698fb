import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

/// Conventions an app's catalogs show without saying them (issue 38): keys that are the English text (genstrings),
/// placeholders the app fills itself (`%0`, `{0}`), catalogs kept wherever its targets put them.
@Suite struct ConventionTests {
    @Test func aGenstringsTableTakesItsKeysAsTheBaseText() throws {
        let folder = CatalogFolder()
        // The base holds one override; translations map the English text.
        folder.write("en.lproj/Localizable.strings", "\"OK\" = \"Okay\";\n")
        folder.write("de.lproj/Localizable.strings", """
        "OK" = "OK";
        "Delete %@?" = "%@ löschen?";
        "Remove %@ from the list" = "Aus der Liste entfernen";
        "Open in Safari" = "In Safari öffnen";
        """)
        folder.write("fr.lproj/Localizable.strings", """
        "Delete %@?" = "Supprimer $@ ?";
        "Open in Safari" = "Ouvrir dans Safari";
        """)
        let result = try folder.lint()
        #expect(result.findings(.extraKey).isEmpty, "\(result.findings(.extraKey).map(\.message))")
        let convention = try #require(result.findings(.tableConvention).first)
        #expect(convention.severity == .info && convention.message.contains("takes its keys as the en text"))
        // Formats are compared with the key's own specifiers: a dropped %@ and `$@` for `%@` are errors.
        let mismatches = result.findings(.formatMismatch).map { "\($0.locale) \($0.key ?? "")" }.sorted()
        #expect(mismatches == ["de Remove %@ from the list", "fr Delete %@?"])
        // fr lacks a key only de has: it is the text en users see, found in de's file (which is no base locale).
        let missing = try #require(result.findings(.missingKey).first { $0.locale == "fr" && $0.key == "Remove %@ from the list" })
        #expect(missing.message.hasPrefix("\"Remove %@ from the list\" is the text en users see (this table's keys are its text; found in "))
        #expect(missing.message.contains("de.lproj/Localizable.strings:3:1") && !missing.message.contains("base locale"))
        // damus (2026-11-28): an identifier among the text keys has its English in code (`value:`), not in the key.
        // It is no base text of its own: "private_zap_description" = "… '%@' …" is no format mismatch, nor extra.
        folder.write("de.lproj/Localizable.strings", """
        "OK" = "OK";
        "Delete %@?" = "%@ löschen?";
        "Remove %@ from the list" = "Aus der Liste entfernen";
        "Open in Safari" = "In Safari öffnen";
        "private_zap_description" = "Nur '%@' sieht deinen Zap";
        """)
        let mixed = try folder.lint()
        #expect(!mixed.findings.contains { $0.key == "private_zap_description" }, "\(mixed.findings.filter { $0.key == "private_zap_description" }.map(\.message))")
        #expect(mixed.findings(.formatMismatch).count == 2)
        // A key that is no text (an identifier) in an identifier-keyed table stays an extra key.
        let keyed = CatalogFolder()
        keyed.write("en.lproj/Main.strings", "\"home.title\" = \"Home\";\n")
        keyed.write("de.lproj/Main.strings", "\"home.title\" = \"Start\";\n\"old.one\" = \"A\";\n\"old.two\" = \"B\";\n\"old_three\" = \"C\";\n")
        let keyedResult = try keyed.lint()
        #expect(keyedResult.findings(.extraKey).count == 3)
        #expect(keyedResult.findings(.tableConvention).isEmpty)
    }

    /// Loop (2026-12-07): a widget's genstrings table whose base holds one override, while the translations map the
    /// texts it shows, half of them units and symbols ("g", "dB", "mg/dL", "%1$@"). Those read as neither text nor code
    /// names, so the table was not taken as keyed by its text: 269 `extra-key` findings said to remove keys the widget
    /// reads. Text keys are told by the code names they outnumber; a table keyed by code names still has extra keys.
    @Test func aGenstringsTableOfUnitsAndSymbolsStillTakesItsKeysAsText() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Localizable.strings", "/* predicted glucose */\n\"Predicted %1$@\" = \"Predicted %1$@\";\n")
        let keys = ["Insulin on Board", "%1$@ g", "? g", "%1$@ U", "? U", "g", "U", "mg/dL", "mmol/L", "dB", "%1$@", "CARB_VALUE_AND_UNIT"]
        folder.write("de.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0 == "U" ? "IE" : $0)\";\n" }.joined()
                     + "\"Predicted %1$@\" = \"Vorhergesagt %1$@\";\n")
        folder.write("nl.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        let result = try folder.lint()
        #expect(result.findings(.extraKey).isEmpty, "\(result.findings(.extraKey).map(\.message))")
        #expect(result.findings(.tableConvention).first?.message.contains("takes its keys as the en text") == true)
        #expect(TableConventions.looksLikeIdentifier("CARB_VALUE_AND_UNIT") && TableConventions.looksLikeIdentifier("settings.title")
                && TableConventions.looksLikeIdentifier("kButtonTitle"))
        #expect(!TableConventions.looksLikeIdentifier("mg/dL") && !TableConventions.looksLikeIdentifier("dB")
                && !TableConventions.looksLikeIdentifier("%1$@ g") && !TableConventions.looksLikeIdentifier("Done."))
        // Code names among a few units stay extra keys.
        let keyed = CatalogFolder()
        keyed.write("en.lproj/Main.strings", "\"home.title\" = \"Home\";\n")
        keyed.write("de.lproj/Main.strings", "\"home.title\" = \"Start\";\n\"old.one\" = \"A\";\n\"old_two\" = \"B\";\n\"kOldThree\" = \"C\";\n\"mg/dL\" = \"mg/dL\";\n\"Old Four\" = \"D\";\n")
        #expect(try keyed.lint().findings(.extraKey).count == 5)
    }

    /// Rectangle (2026-12-07): a storyboard's String Catalog keeps no English value for an object's text; Interface
    /// Builder wrote it in the comment. Translations were compared with the object ID: "…" and a leading tab were
    /// `punctuation-mismatch` and `whitespace-mismatch` (210 findings). The comment's text is the base; a translation
    /// that is the object ID itself, which the window would show, is said so.
    @Test func aStoryboardCatalogEntryTakesItsBaseTextFromInterfaceBuildersComment() throws {
        let folder = CatalogFolder()
        folder.write("mul.lproj/Main.xcstrings", #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Qa1-bc-DE2.title": {"comment": "Class = \"NSMenuItem\"; title = \"Tile Windows…\"; ObjectID = \"Qa1-bc-DE2\";", "extractionState": "manual",
            "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Fenster kacheln…"}},
                              "vi": {"stringUnit": {"state": "translated", "value": "Qa1-bc-DE2.title"}}}},
          "Rf3-gh-IJ4.title": {"comment": "Class = \"NSMenuItem\"; title = \"\tBottom Half\"; ObjectID = \"Rf3-gh-IJ4\";", "extractionState": "manual",
            "localizations": {"de": {"stringUnit": {"state": "translated", "value": "\tUntere Hälfte"}},
                              "vi": {"stringUnit": {"state": "translated", "value": "\tNửa dưới"}}}},
          "Sk5-lm-NO6.headerCell.title": {"comment": "Class = \"NSTableColumn\"; headerCell.title = \"Shortcut\"; ObjectID = \"Sk5-lm-NO6\";",
            "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Kurzbefehl"}},
                              "vi": {"stringUnit": {"state": "translated", "value": "Phím tắt"}}}}
        }}
        """#)
        let result = try folder.lint()
        #expect(result.findings(.punctuationMismatch).isEmpty && result.findings(.whitespaceMismatch).isEmpty,
                "\(result.findings.map(\.message))")
        let raw = result.findings(.untranslated)
        #expect(raw.map { "\($0.locale):\($0.key ?? "")" } == ["vi:Qa1-bc-DE2.title"], "\(raw.map(\.message))")
        #expect(raw.first?.message.contains("is its own object ID, which users would see in place of the text (\"Tile Windows…\" in en)") == true)
        #expect(Catalog.interfaceBuilderText(key: "Sk5-lm-NO6.title", comment: "headerCell.title = \"Shortcut\"; ObjectID = \"Sk5-lm-NO6\";") == nil)
        // The re-check: Interface Builder writes the text escaped, as in a .strings value (Rectangle's "\\tLeft to Right").
        #expect(Catalog.interfaceBuilderText(key: "Vw1-xy-ZA2.title", comment: "title = \"\\tLeft to Right\"; ObjectID = \"Vw1-xy-ZA2\";") == "\tLeft to Right")
        #expect(Catalog.interfaceBuilderText(key: "Ab1-cd-EF2.title", comment: "title = \"Say \\\"Hi\\\"\"; ObjectID = \"Ab1-cd-EF2\";") == "Say \"Hi\"")
        // A segmented cell's label is written with its object ID (MacDown's preferences).
        #expect(Catalog.interfaceBuilderText(key: "GHX-3h-1HI.ibShadowedLabels[1]",
                                             comment: "Class = \"NSSegmentedCell\"; GHX-3h-1HI.ibShadowedLabels[0] = \"Reveal\"; GHX-3h-1HI.ibShadowedLabels[1] = \"Reload\"; ObjectID = \"GHX-3h-1HI\";") == "Reload")
        #expect(Catalog.interfaceBuilderText(key: "GHX-3h-1HI.ibShadowedLabels[0]",
                                             comment: "Class = \"NSSegmentedCell\"; XGHX-3h-1HI.ibShadowedLabels[0] = \"Reveal\"; ObjectID = \"GHX-3h-1HI\";") == nil)
    }

    /// openhab (2026-12-06): a key-as-text table with no base file at all (only translations; the English is the keys
    /// in code) had its `table-convention` finding at `"file": "Localizable"`, which is no file a CI annotation can show.
    /// A finding about a whole table names a file of that table: the base's, else a translation's.
    @Test func aTableWideFindingNamesARealFileWhenTheBaseHasNone() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Home\";\n")
        folder.write("fr.lproj/Localizable.strings", "\"Open in Safari\" = \"Ouvrir dans Safari\";\n\"Delete %@?\" = \"Supprimer %@ ?\";\n")
        folder.write("de.lproj/Localizable.strings", "\"Open in Safari\" = \"In Safari öffnen\";\n\"Delete %@?\" = \"%@ löschen?\";\n"
                     + "\"Settings\" = \"Einstellungen\";\n")
        let result = try folder.lint()
        let convention = try #require(result.findings(.tableConvention).first)
        #expect(convention.file == folder.path("de.lproj/Localizable.strings"), "\(convention.file)")
        #expect(result.findings.allSatisfy { $0.file.hasSuffix(".strings") }, "\(result.findings.map { "\($0.rule) \($0.file)" })")
        // An Interface Builder table's base is its storyboard (hidden, 2026-12-07: the note named ar.lproj/Main.strings).
        let interface = CatalogFolder()
        interface.write("App/Base.lproj/Main.storyboard", "<document><objects><button title=\"Quit\" id=\"3a3-In-jeQ\"/></objects></document>\n")
        interface.write("App/en.lproj/Localizable.strings", "\"title\" = \"Title\";\n")
        for locale in ["ar", "de"] {
            interface.write("App/\(locale).lproj/Main.strings", "/* Class = \"NSButton\"; title = \"Quit\"; ObjectID = \"3a3-In-jeQ\"; */\n\"3a3-In-jeQ.title\" = \"Q \(locale)\";\n")
            interface.write("App/\(locale).lproj/Localizable.strings", "\"title\" = \"T \(locale)\";\n")
        }
        let main = try #require(try interface.lint().findings(.tableConvention).first { $0.table == "Main" })
        #expect(main.file == interface.path("App/Base.lproj/Main.storyboard"), "\(main.file)")
    }

    /// Loop keeps an en.lproj beside Base.lproj in a table whose keys are the English text: a key en lacks is shown to
    /// en users as the key, the same text. 304 keys were reported "has no en translation".
    @Test func theDevelopmentLanguageBesideBaseIsNotAskedForTextKeys() throws {
        let folder = CatalogFolder()
        folder.write("Base.lproj/Localizable.strings", "\"Add Service\" = \"Add Service\";\n\"Close\" = \"Close window\";\n")
        folder.write("en.lproj/Localizable.strings", "\"Add Service\" = \"Add Service\";\n")
        let keys = ["Add Service", "Close", "Carb Entry", "Bolus Summary", "Temp Basal", "Bolus Units"]
        let german = ["Dienst hinzufügen", "Schließen", "KH-Eintrag", "Bolus-Übersicht", "Temporäre Basalrate", "Bolus-Einheiten"]
        folder.write("de.lproj/Localizable.strings", zip(keys, german).map { "\"\($0)\" = \"\($1)\";\n" }.joined())
        folder.write("fr.lproj/Localizable.strings", "\"Add Service\" = \"Ajouter un service\";\n\"Close\" = \"Fermer\";\n"
                     + "\"Temp Basal\" = \"Basal temporaire\";\n\"Bolus Units\" = \"Unités de bolus\";\n")
        let result = try folder.lint()
        #expect(result.findings(.tableConvention).count == 1)
        // Only where Base gives a key other words would en users see something else (the key).
        #expect(result.findings(.missingKey).filter { $0.locale == "en" }.compactMap(\.key) == ["Close"], "\(result.findings(.missingKey).map(\.message))")
        // A translation still lacks them.
        #expect(result.findings(.missingKey).filter { $0.locale == "fr" }.compactMap(\.key).sorted() == ["Bolus Summary", "Carb Entry"])
    }

    /// vlc-ios (2026-12-07) keeps a stale `Base.lproj/Localizable.strings` (276 keys) beside the en.lproj one its build
    /// regenerates (685): compared with Base, every translation "lacked" Base's dead keys (6,584 missing-key) and 532
    /// keys the code reads were "not in the catalog". The base locale's own copy, half as large again or more, is the
    /// base; else Base stays (Loop's merged bundles: 171 in en, 155 in Base).
    @Test func aStaleBaseTableBesideAClearlyLargerDevelopmentLanguageOneIsNotTheBase() throws {
        let folder = CatalogFolder()
        folder.write("Base.lproj/Localizable.strings", "\"OLD_TITLE\" = \"Old\";\n\"BUTTON_DONE\" = \"Done\";\n")
        let keys = ["BUTTON_DONE", "BUTTON_CANCEL", "BUTTON_CONTACT", "SETTINGS_TITLE"]
        folder.write("en.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0.lowercased())\";\n" }.joined())
        folder.write("de.lproj/Localizable.strings", keys.dropLast().map { "\"\($0)\" = \"\($0.lowercased()) (de)\";\n" }.joined())
        let catalog = try Catalog.load(paths: [folder.root])
        #expect(Linter.tableBases(of: catalog, base: "en")["Localizable"] == "en")
        let result = try folder.lint()
        #expect(result.findings(.missingKey).map { "\($0.locale) \($0.key ?? "")" } == ["de SETTINGS_TITLE"], "\(result.findings(.missingKey).map(\.message))")
        // The copy passed over is said once, with the keys only it has.
        let note = try #require(result.findings(.tableConvention).first { $0.locale == "Base" })
        #expect(note.message == "Base.lproj's Localizable (2 keys) is not compared with: en's own copy, with 4, is the base; 1 of Base's keys are in no en entry. If Base's copy is left over, remove it")
        // Base not much smaller than en (3 of 4): Base stays the base.
        folder.write("Base.lproj/Localizable.strings", keys.dropLast().map { "\"\($0)\" = \"\($0.lowercased())\";\n" }.joined())
        #expect(Linter.tableBases(of: try Catalog.load(paths: [folder.root]), base: "en")["Localizable"] == "Base")
    }

    @Test func placeholdersTheAppFillsItselfAreComparedAsSuchNotAsPrintf() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Localizable.strings", """
        "cpu.cores" = "%0 cores";
        "sensors" = "%0 of %1 sensors";
        "used" = "Used: %0";
        "title" = "Stats";
        """)
        folder.write("pl.lproj/Localizable.strings", """
        "cpu.cores" = "%0 rdzeni";
        "sensors" = "%0 z czujników";
        "used" = "Użyte: %0";
        "title" = "Statystyki";
        """)
        let result = try folder.lint()
        #expect(result.findings(.invalidFormat).isEmpty && result.findings(.accidentalSpecifier).isEmpty)
        let mismatch = try #require(result.findings(.formatMismatch).first)
        #expect(mismatch.key == "sensors" && mismatch.message.contains("drops %1"))
        #expect(result.findings(.formatMismatch).count == 1)
        #expect(result.findings(.tableConvention).count == 1)
        // Declared printf in l10n.json, the same table is read as printf again.
        var configuration = LintConfiguration()
        configuration.placeholderStyles["Localizable"] = .printf
        #expect(try folder.lint(configuration).findings(.tableConvention).isEmpty)
    }

    @Test func bracePlaceholdersAreComparedToo() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"{0} of {1}\";\n\"b\" = \"Hi {0}\";\n")
        folder.write("nb.lproj/Main.strings", "\"a\" = \"{0} av {2}\";\n\"b\" = \"Hei {0}\";\n")
        let mismatch = try #require(try folder.lint().findings(.formatMismatch).first)
        #expect(mismatch.message.contains("drops {1}") && mismatch.message.contains("has {2}"))
    }

    @Test func theTablesSectionOfTheConfigurationIsReadAndChecked() throws {
        let folder = CatalogFolder()
        let good = folder.write("good.json", #"{"tables": {"Localizable": {"keysAsText": true, "placeholders": "percent-index"}}}"#)
        let configuration = try LintConfiguration.load(path: good)
        #expect(configuration.keysAsText == ["Localizable": true])
        #expect(configuration.placeholderStyles == ["Localizable": .percentIndex])
        let bad = folder.write("bad.json", #"{"tables": {"Localizable": {"placeholders": "dollar"}}}"#)
        #expect(throws: ConfigurationError.self) { try LintConfiguration.load(path: bad) }
    }

    @Test func lintWithNoPathFindsTheCatalogsWhereAnAppKeepsThem() throws {
        let folder = CatalogFolder()
        folder.write("MyApp/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        folder.write("MyApp/Resources/de.lproj/Localizable.strings", "\"a\" = \"A de\";\n")
        folder.write("Widget/Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {"w": {}}, "version": "1.0"}"#)
        folder.write("Pods/SomeKit/en.lproj/Other.strings", "\"x\" = \"X\";\n")
        folder.write(".build/checkouts/dep/en.lproj/Dep.strings", "\"y\" = \"Y\";\n")
        // Xcode's localization export: a copy for translators (stats keeps one beside its catalogs), never the app's own.
        folder.write("MyApp/Resources/Export/en.xcloc/Source Contents/MyApp/en.lproj/InfoPlist.strings", "\"z\" = \"Z\";\n")
        let found = CatalogDiscovery.find(under: folder.root)
        #expect(found.map { String($0.dropFirst(folder.root.count + 1)) }
            == ["MyApp/Resources/de.lproj/Localizable.strings", "MyApp/Resources/en.lproj/Localizable.strings", "Widget/Localizable.xcstrings"])
        let defaults = L10nCommands.defaultCatalogPaths(in: folder.root)
        #expect(defaults.paths == found)
        #expect(defaults.notes.first?.contains("reading the 3 catalog file(s) in") == true)
    }

    /// mac-mouse-fix (2026-12-07) keeps its Localizable.xcstrings in `Localization/` and 13 more catalogs elsewhere: a
    /// first run read the one and said nothing of the others. It still reads `Localization` (the layout it names), and
    /// says what it left out and how to read everything.
    @Test func aLocalizationFolderIsReadAloneWithANoteOfTheCatalogsOutsideIt() throws {
        let folder = CatalogFolder()
        folder.write("Localization/Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {"a": {}}, "version": "1.0"}"#)
        folder.write("App/Base.lproj/Main.xcstrings", #"{"sourceLanguage": "en", "strings": {"b": {}}, "version": "1.0"}"#)
        folder.write("Markdown/Strings/Readme.xcstrings", #"{"sourceLanguage": "en", "strings": {"c": {}}, "version": "1.0"}"#)
        let defaults = L10nCommands.defaultCatalogPaths(in: folder.root)
        #expect(defaults.paths == [folder.path("Localization")])
        let note = try #require(defaults.notes.first)
        #expect(note.hasPrefix("reading Localization alone; the 2 catalog file(s) in ") && note.contains("are not read: `l10n lint \(folder.root)` reads them all"), "\(note)")
        // With nothing outside it, nothing to say.
        let alone = CatalogFolder()
        alone.write("Localization/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        #expect(L10nCommands.defaultCatalogPaths(in: alone.root).notes.isEmpty)
    }

    /// Mastodon (2026-12-06): its `Localization` folder holds a converter's Swift package and that converter's input
    /// (`StringsConvertor/input/<locale>.lproj`); the shipped tables are in a package target's `Resources`. Reading
    /// `Localization` alone reported 754 keys the code uses as "not in the catalog".
    @Test func aConvertersInputInsideAPackageIsLeftOutAndALocalizationFolderWithoutCatalogsIsNotTheDefault() throws {
        let folder = CatalogFolder()
        folder.write("Localization/Localizable.stringsdict", "<plist version=\"1.0\"><dict/></plist>")
        folder.write("Localization/Converter/Package.swift", """
        // swift-tools-version:5.2
        import PackageDescription
        let package = Package(name: "Converter", targets: [.target(name: "Converter"), .testTarget(name: "ConverterTests")])
        """)
        folder.write("Localization/Converter/Sources/Converter/main.swift", "print(1)\n")
        folder.write("Localization/Converter/input/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        folder.write("Localization/Converter/input/de.lproj/Localizable.strings", "\"a\" = \"A de\";\n")
        folder.write("AppKit/Package.swift", """
        let package = Package(name: "AppKit", targets: [
            .target(name: "AppLocalization", resources: [.process("Resources")]),
            .target(name: "Shared", path: "Modules/\\(shared)"),
        ])
        """)
        folder.write("AppKit/Sources/AppLocalization/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        folder.write("AppKit/Sources/AppLocalization/Resources/de.lproj/Localizable.strings", "\"a\" = \"A de\";\n")
        folder.write("AppKit/Modules/Shared/en.lproj/Shared.strings", "\"s\" = \"S\";\n")
        folder.write("AppKit/Samples/en.lproj/Sample.strings", "\"x\" = \"X\";\n")

        let found = CatalogDiscovery.search(under: folder.root)
        #expect(found.files.map { String($0.dropFirst(folder.root.count + 1)) } == [
            "AppKit/Modules/Shared/en.lproj/Shared.strings",
            "AppKit/Sources/AppLocalization/Resources/de.lproj/Localizable.strings",
            "AppKit/Sources/AppLocalization/Resources/en.lproj/Localizable.strings",
        ])
        #expect(found.unshipped.map { String($0.folder.dropFirst(folder.root.count + 1)) } == ["AppKit/Samples", "Localization/Converter/input"])
        let note = try #require(found.unshippedNote)
        #expect(note.contains("/Localization/Converter/input") && note.contains("Converter/Package.swift") && note.contains("no bundle ships them"), "\(note)")

        // `Localization` holds no catalog of its own, so it is not what a lint with no path reads.
        let defaults = L10nCommands.defaultCatalogPaths(in: folder.root)
        #expect(defaults.paths == found.files)
        #expect(defaults.notes.first?.contains("Localization holds no <locale>.lproj folder or String Catalog of its own") == true, "\(defaults.notes)")
        #expect(defaults.notes.count == 2)
        // A folder passed to lint is walked the same way, and named as it was given.
        let outcome = folder.run(L10nCommands.LintOptions(paths: [folder.root + "/"]))
        #expect(outcome.standardError.contains("left out the catalogs in \(folder.root)/AppKit/Samples"), "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("Converter/input"))
        // Passing the input folder itself lints it.
        let input = folder.run(L10nCommands.LintOptions(paths: [folder.path("Localization/Converter/input")]))
        #expect(input.exitCode == CommandOutcome.success && !input.standardError.contains("left out"), "\(input.standardError)")
    }

    @Test func aPackageBesideAnXcodeProjectOrWithAComputedPathShipsWhateverItsFolderHolds() throws {
        let folder = CatalogFolder()
        // The app's own folder: a manifest for its tools beside the project that builds the catalogs.
        folder.write("App/Package.swift", "let package = Package(name: \"Tools\", targets: [.target(name: \"Lint\")])\n")
        folder.write("App/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{}\n")
        folder.write("App/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        // A path only running the manifest could name.
        folder.write("Kit/Package.swift", "let root = \"Code\"\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\", path: root)])\n")
        folder.write("Kit/Code/en.lproj/Kit.strings", "\"k\" = \"K\";\n")
        // A root manifest for tools, the project a folder down; a Bazel monorepo that resolves packages with SwiftPM.
        folder.write("Repo/Package.swift", "let package = Package(name: \"Tools\", targets: [.target(name: \"Format\")])\n")
        folder.write("Repo/iOS/Repo.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{}\n")
        folder.write("Repo/iOS/Resources/en.lproj/Localizable.strings", "\"r\" = \"R\";\n")
        folder.write("Mono/Package.swift", "let package = Package(name: \"Deps\", targets: [])\n")
        folder.write("Mono/MODULE.bazel", "module(name = \"mono\")\n")
        folder.write("Mono/Modules/Feature/Resources/en.lproj/Feature.strings", "\"f\" = \"F\";\n")
        // A link back up the tree is not walked again and again.
        try FileManager.default.createSymbolicLink(atPath: folder.path("Kit/Code/loop"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.path("Kit/Code/root"), withDestinationPath: folder.root)
        let found = CatalogDiscovery.search(under: folder.root)
        #expect(found.unshipped.isEmpty, "\(found.unshipped)")
        #expect(found.files.count == 4, "\(found.files)")
    }

    /// DuckDuckGo (2026-12-06): a plural only the base's `.stringsdict` has was reported at the Polish `.strings`
    /// with "add it to this file"; a plural belongs in the locale's `.stringsdict`, which is named to be added when
    /// there is none. A locale without the table is told the folder its `.lproj` goes in.
    @Test func aMissingKeyIsReportedAtTheFileOfItsKindAndAMissingTableNamesItsFolder() throws {
        let folder = CatalogFolder()
        folder.write("App/Resources/en.lproj/Localizable.strings", "\"title\" = \"Title\";\n")
        folder.writePlural("App/Resources/en.lproj/Localizable.stringsdict", key: "tabs.count", forms: ["one": "%d tab", "other": "%d tabs"])
        folder.write("App/Resources/pl.lproj/Localizable.strings", "\"title\" = \"Tytuł\";\n")
        folder.write("App/Resources/de.lproj/Localizable.strings", "\"title\" = \"Titel\";\n")
        folder.writePlural("App/Resources/de.lproj/Localizable.stringsdict", key: "other.count", forms: ["one": "%d", "other": "%d"])
        folder.write("App/Resources/en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"App\";\n")
        folder.write("App/Resources/de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"App\";\n")
        let result = try folder.lint()
        let polish = try #require(result.findings(.missingKey).first { $0.locale == "pl" && $0.key == "tabs.count" })
        #expect(polish.file.hasSuffix("App/Resources/pl.lproj/Localizable.strings"))
        #expect(polish.message.contains("add it to a new \(folder.root)/App/Resources/pl.lproj/Localizable.stringsdict"), "\(polish.message)")
        let german = try #require(result.findings(.missingKey).first { $0.locale == "de" && $0.key == "tabs.count" })
        #expect(german.file.hasSuffix("App/Resources/de.lproj/Localizable.stringsdict") && german.message.hasSuffix("add it to this file"))
        let table = try #require(result.findings(.missingKey).first { $0.locale == "pl" && $0.key == nil && $0.table == "InfoPlist" })
        #expect(table.message.contains("add \(folder.root)/App/Resources/pl.lproj/InfoPlist.strings"), "\(table.message)")
    }

    /// talk-ios (2026-12-06): 59 locales had a `Localizable.stringsdict` and no `Localizable.strings` (a translation
    /// service pulls each file on its own), and every key of the base's `.strings` was a finding of its own there: 60,000
    /// warnings. A file kind a locale lacks is one finding that counts and names its keys, as a missing table is; the keys
    /// still count as missing. One key alone is still reported as itself.
    @Test func aLocaleWithoutOneKindOfFileIsOneFindingNotOnePerKey() throws {
        let folder = CatalogFolder()
        folder.write("Talk/en.lproj/Localizable.strings",
                     "\"Call\" = \"Call\";\n\"Chat\" = \"Chat\";\n\"Leave\" = \"Leave\";\n\"Mute\" = \"Mute\";\n\"%@ joined\" = \"%@ joined\";\n")
        folder.writePlural("Talk/en.lproj/Localizable.stringsdict", key: "%ld participants", forms: ["one": "%ld participant", "other": "%ld participants"])
        folder.writePlural("Talk/fr.lproj/Localizable.stringsdict", key: "%ld participants", forms: ["one": "%ld participant", "other": "%ld participants"])
        folder.write("Talk/de.lproj/Localizable.strings",
                     "\"Call\" = \"Anrufen\";\n\"Chat\" = \"Unterhaltung\";\n\"Leave\" = \"Verlassen\";\n\"Mute\" = \"Stumm\";\n")
        let result = try folder.lint()
        let french = result.findings(.missingKey).filter { $0.locale == "fr" }
        #expect(french.count == 1, "\(french.map(\.message))")
        let finding = try #require(french.first)
        #expect(finding.key == nil && finding.file.hasSuffix("Talk/fr.lproj/Localizable.stringsdict"))
        #expect(finding.message.hasPrefix("fr has Localizable.stringsdict but no Localizable.strings, so 5 key(s) of the base's "), "\(finding.message)")
        #expect(finding.message.contains("(\"Call\", \"Chat\", \"Leave\", …); add \(folder.root)/Talk/fr.lproj/Localizable.strings"), "\(finding.message)")
        #expect(result.completeness?.first { $0.locale == "fr" }?.missing == 5)
        // German lacks its .stringsdict, which holds one key: that key is named as ever, and so is its .strings' gap.
        let german = result.findings(.missingKey).filter { $0.locale == "de" }.compactMap(\.key).sorted()
        #expect(german == ["%@ joined", "%ld participants"])
    }

    // MARK: Found on apps the tool had never seen (issue 38, second pass)

    @Test func anInterfaceBuilderTableIsTextShownAsItIsNeverAFormat() throws {
        let folder = CatalogFolder()
        // What ibtool exports from a storyboard: object IDs with a property, each value a view's text.
        folder.write("Base.lproj/Main.strings", """
        /* Class = "NSTextFieldCell"; title = "Show tick marks at 0%, 25%, 50%, 75% and 100%"; ObjectID = "A8P-vn-DEJ"; */
        "A8P-vn-DEJ.title" = "Show tick marks at 0%, 25%, 50%, 75% and 100%";
        "8Gx-Ya-zhp.title" = "Brightness 100% always";
        "Ofk-Ld-r8O.headerCell.title" = "Name";
        """)
        folder.write("de.lproj/Main.strings", """
        "A8P-vn-DEJ.title" = "Markierungen bei 0 %, 25 %, 50 %, 75 % und 100 % anzeigen";
        "8Gx-Ya-zhp.title" = "Helligkeit immer 100 %";
        "Ofk-Ld-r8O.headerCell.title" = "Name";
        """)
        // An ordinary printf table beside it is still read as printf.
        folder.write("Base.lproj/Localizable.strings", "\"files.count\" = \"%d files\";\n")
        folder.write("de.lproj/Localizable.strings", "\"files.count\" = \"%@ Dateien\";\n")
        let result = try folder.lint()
        for rule in [Rule.invalidFormat, .accidentalSpecifier] { #expect(result.findings(rule).isEmpty, "\(result.findings(rule).map(\.message))") }
        #expect(result.findings(.formatMismatch).map(\.table) == ["Localizable"])
        let convention = try #require(result.findings(.tableConvention).first { $0.table == "Main" })
        #expect(convention.message.contains("Interface Builder"))
        #expect(TableConventions.isInterfaceBuilderKey("123.title") && !TableConventions.isInterfaceBuilderKey("settings.title"))
    }

    /// IINA (2026-12-06): its `KeyBinding` table is read whole as a dictionary and filled by a template; its English
    /// uses `%` only as a percent sign (`"relative-percent" = "%";`), and each translation's `%` was an
    /// `invalid-format` warning (85 of 91). A table whose base has one specifier or `%%` stays printf.
    @Test func aTableWhoseBaseUsesPercentOnlyAsASignIsNeverFormatted() throws {
        let folder = CatalogFolder()
        folder.write("Base.lproj/KeyBinding.strings", """
        "relative-percent" = "%";
        "relative-percent+exact" = "% (exact)";
        "read.seek" = "Seek {{#fwd}}forward{{/fwd}} {{value}}{{#per}}%{{/per}}";
        "seek-to" = "to";
        """)
        folder.write("fr.lproj/KeyBinding.strings", """
        "relative-percent" = "%";
        "relative-percent+exact" = "% (exact)";
        "read.seek" = "Avancer {{#fwd}}en avant{{/fwd}} {{value}}{{#per}}%{{/per}}";
        "seek-to" = "à";
        """)
        folder.write("Base.lproj/Localizable.strings", "\"volume\" = \"Volume %.0f%%\";\n\"done\" = \"100%\";\n\"half\" = \"50%\";\n")
        folder.write("fr.lproj/Localizable.strings", "\"volume\" = \"Volume %.0f%\";\n\"done\" = \"100 %\";\n\"half\" = \"50 %\";\n")
        let result = try folder.lint()
        #expect(!result.findings(.invalidFormat).contains { $0.table == "KeyBinding" })
        let convention = try #require(result.findings(.tableConvention).first { $0.table == "KeyBinding" })
        #expect(convention.message.contains("use % only as a bare percent sign"), "\(convention.message)")
        // Localizable formats (it has %.0f and %%): its lone % signs are still reported.
        #expect(result.findings(.invalidFormat).filter { $0.table == "Localizable" }.count >= 2)
    }

    /// CotEditor (2026-11-28): a top-level plural of a string with two arguments, whose Japanese puts the file name
    /// first. The plural counts the first argument wherever the text puts it; reading the first specifier in the text
    /// instead reported "counts with %@ but the base uses %d" in seven locales.
    @Test func aPluralCountsItsFirstArgumentWhereverATranslationPutsIt() throws {
        let folder = CatalogFolder()
        func plural(_ forms: [(String, String)]) -> String {
            "{\"variations\": {\"plural\": {" + forms.map { "\"\($0.0)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\($0.1)\"}}" }.joined(separator: ", ") + "}}}"
        }
        folder.write("Resources/Search.xcstrings", """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Found %lld matches in “%@.”": {"localizations": {
            "en": \(plural([("one", "Found one match in “%2$@.”"), ("other", "Found %1$lld matches in “%2$@.”")])),
            "ja": \(plural([("other", "“%2$@”内に%1$lld件見つかりました。")])),
            "de": \(plural([("one", "„%1$@“: ein Treffer"), ("other", "„%1$@“: %2$lld Treffer")]))
          }}
        }}
        """)
        let mismatches = try folder.lint().findings(.formatMismatch)
        // Japanese reorders the same arguments; German swapped their types, and is still told so.
        #expect(mismatches.map(\.locale) == ["de"], "\(mismatches.map(\.message))")
    }

    @Test func aStringsFileBesideAStringCatalogOfItsTableIsNotRead() throws {
        let folder = CatalogFolder()
        folder.write("Resources/Localizable.xcstrings", """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Share": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Share"}},
                                      "de": {"stringUnit": {"state": "translated", "value": "Teilen"}}}}
        }}
        """)
        // Left over from before the migration: Xcode cannot build both into the target.
        folder.write("Resources/de.lproj/Localizable.strings", "\"Old key\" = \"Alter Schlüssel\";\n\"Share\" = \"Freigeben\";\n")
        // Another table in the same folder is read as usual.
        folder.write("Resources/de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"App\";\n")
        let catalog = try Catalog.load(paths: [folder.path("Resources")])
        #expect(catalog.table("Localizable", locale: "de")?.entries["Share"]?.value == .text("Teilen"))
        #expect(catalog.table("Localizable", locale: "de")?.entries["Old key"] == nil)
        #expect(catalog.table("InfoPlist", locale: "de") != nil)
        let result = try folder.lint()
        #expect(result.findings(.extraKey).isEmpty)
        let shadowed = try #require(result.findings(.shadowedFile).first)
        #expect(shadowed.severity == .warning && shadowed.file.hasSuffix("de.lproj/Localizable.strings"))
        #expect(shadowed.message.contains("Localizable.xcstrings"))
        #expect(result.findings(.shadowedFile).count == 1)
    }

    @Test func aWholeNumberCountNeedsNoFormCLDRKeepsForFractions() throws {
        let folder = CatalogFolder()
        folder.writePlural("en.lproj/Localizable.stringsdict", key: "files", forms: ["one": "%d file", "other": "%d files"])
        // Polish "other" is for fractions only (1,5 pliku): a %d count never gets it.
        folder.writePlural("pl.lproj/Localizable.stringsdict", key: "files", forms: ["one": "%d plik", "few": "%d pliki", "many": "%d plików"])
        #expect(try folder.lint().findings(.pluralCoverage).isEmpty)
        #expect(try folder.lint().findings(.rarePluralCategory).isEmpty)
        // A count that can be a fraction (%f) does get it.
        let fractions = CatalogFolder()
        fractions.writePlural("en.lproj/Localizable.stringsdict", key: "km", forms: ["one": "%.1f km", "other": "%.1f km"], valueType: "f")
        fractions.writePlural("pl.lproj/Localizable.stringsdict", key: "km", forms: ["one": "%.1f km", "few": "%.1f km", "many": "%.1f km"], valueType: "f")
        #expect(try fractions.lint().findings(.pluralCoverage).count == 1)
        // A form whole numbers need is still required.
        let lacking = CatalogFolder()
        lacking.writePlural("en.lproj/Localizable.stringsdict", key: "files", forms: ["one": "%d file", "other": "%d files"])
        lacking.writePlural("pl.lproj/Localizable.stringsdict", key: "files", forms: ["one": "%d plik", "other": "%d pliku"])
        let missing = try #require(try lacking.lint().findings(.pluralCoverage).first)
        #expect(missing.message.contains("\"few\"") && missing.message.contains("\"many\"") && missing.severity == .error)
        // Only "other", on purpose: one form for every count (Danish "svar"), a warning.
        let single = CatalogFolder()
        single.writePlural("en.lproj/Localizable.stringsdict", key: "replies", forms: ["one": "%d reply", "other": "%d replies"])
        single.writePlural("da.lproj/Localizable.stringsdict", key: "replies", forms: ["other": "%d svar"])
        let one = try #require(try single.lint().findings(.pluralCoverage).first)
        #expect(one.severity == .warning && one.message.contains("only \"other\""), "\(one.message)")
        // In the base too (CotEditor, 2026-12-06): a message shown only for two files or more, and "%lld replaced" beside
        // Apple's "zero" form, each one form for every count the developer chose; a warning, not an error that fails CI.
        let base = CatalogFolder()
        base.writePlural("en.lproj/Localizable.stringsdict", key: "trash.many", forms: ["other": "Move %lld items to the Trash?"], valueType: "lld")
        base.writePlural("en.lproj/Find.stringsdict", key: "replaced", forms: ["zero": "Not replaced", "other": "%lld matches replaced"], valueType: "lld")
        base.writePlural("cs.lproj/Find.stringsdict", key: "replaced", forms: ["zero": "Nenahrazeno", "few": "%lld nahrazena", "other": "%lld nahrazeno"], valueType: "lld")
        let chosen = try base.lint().findings(.pluralCoverage)
        #expect(chosen.filter { $0.locale == "en" }.map(\.severity) == [.warning, .warning], "\(chosen.map(\.message))")
        #expect(chosen.contains { $0.key == "replaced" && $0.locale == "en" && $0.message.contains("only \"other\" and \"zero\"")
                                  && $0.message.contains("unless the count is never 1") })
        // English that reads the same for 1 as for 2 needs no other form (ProtonVPN, 2026-12-07: 16 warnings, none real):
        // the count with no plural word after it in its clause; a plural word after it, a count not shown, or "are" still
        // ask.
        let invariable = CatalogFolder()
        let forms = ["min": "%d min", "step": "Step %d", "of": "of %d", "free": "Free server locations (%d)", "selected": "%lu selected",
                     "pages": "Page %d of %d", "messages": "%d new messages", "people": "%d people", "delete": "Delete files?",
                     "are": "There are %d", "mins": "%d mins", "owner": "%d owner's"]
        for (key, form) in forms { invariable.writePlural("en.lproj/\(key).stringsdict", key: key, forms: ["other": form]) }
        let asked = Set(try invariable.lint().findings(.pluralCoverage).compactMap(\.key))
        #expect(asked == ["messages", "people", "delete", "are", "mins"], "\(asked.sorted())")
        // Czech with "zero", "few" and "other" leaves "one" out as the base does (below): the base's warning says it once.
        #expect(!chosen.contains { $0.locale == "cs" }, "\(chosen.map(\.message))")
        // A translation that leaves "one" out as the base does (CotEditor's Czech few, many and other for a message shown
        // for two files or more) follows it where "one" is the count 1 alone; Russian "one" is 21 too, so the base says
        // nothing for it (its "other" is for fractions: the warning that counts like 1 show it, as before).
        let follows = CatalogFolder()
        follows.writePlural("en.lproj/Localizable.stringsdict", key: "trash.many", forms: ["other": "Move %lld items to the Trash?"], valueType: "lld")
        follows.writePlural("cs.lproj/Localizable.stringsdict", key: "trash.many",
                            forms: ["few": "Přesunout %lld položky?", "many": "Přesunout %lld položky?", "other": "Přesunout %lld položek?"], valueType: "lld")
        follows.writePlural("ru.lproj/Localizable.stringsdict", key: "trash.many",
                            forms: ["few": "Удалить %lld объекта?", "many": "Удалить %lld объектов?", "other": "Удалить %lld объекта?"], valueType: "lld")
        let following = try follows.lint().findings(.pluralCoverage)
        // German with only "other" follows it the same way (CotEditor: 9 findings for one key, one per such locale).
        follows.writePlural("de.lproj/Localizable.stringsdict", key: "trash.many", forms: ["other": "%lld Objekte in den Papierkorb legen?"], valueType: "lld")
        #expect(try !follows.lint().findings(.pluralCoverage).contains { ["cs", "de"].contains($0.locale) })
        #expect(following.contains { $0.locale == "en" && $0.severity == .warning }, "the base's own warning asks whether the count is ever 1")
        let russian = try #require(following.first { $0.locale == "ru" })
        #expect(!russian.message.contains("as the base") && russian.message.contains("counts like 1, 21, 31, 41, 51, …"), "\(russian.message)")
        // Polish "many" is 0 and 5 to 21 and more, which "counts like 0" alone understated (IceCubes, 2026-12-07).
        follows.writePlural("pl.lproj/Localizable.stringsdict", key: "trash.many",
                            forms: ["one": "Usunąć %lld element?", "few": "Usunąć %lld elementy?", "other": "Usunąć %lld elementów?"], valueType: "lld")
        let polish = try #require(try follows.lint().findings(.pluralCoverage).first { $0.locale == "pl" })
        #expect(polish.message.contains("lacks the \"many\" form (counts like 0, 5, 6, 7, 8, …)"), "\(polish.message)")
        // Where the base has "one", a Czech translation without it lacks it: an error.
        let lacks = CatalogFolder()
        lacks.writePlural("en.lproj/Localizable.stringsdict", key: "files", forms: ["one": "%lld file", "other": "%lld files"], valueType: "lld")
        lacks.writePlural("cs.lproj/Localizable.stringsdict", key: "files",
                          forms: ["few": "%lld soubory", "many": "%lld souboru", "other": "%lld souborů"], valueType: "lld")
        #expect(try lacks.lint().findings(.pluralCoverage).map(\.severity) == [.error])
        // IceCubesApp's Polish: one, few and an "other" holding the form 5 takes (głosów). Whole numbers never see
        // "other" but for "many", which is missing: they show it, most likely right, so a warning that says so.
        let manyInOther = CatalogFolder()
        manyInOther.writePlural("en.lproj/Localizable.stringsdict", key: "votes", forms: ["one": "%lld vote", "other": "%lld votes"], valueType: "lld")
        manyInOther.writePlural("pl.lproj/Localizable.stringsdict", key: "votes", forms: ["one": "%lld głos", "few": "%lld głosy", "other": "%lld głosów"], valueType: "lld")
        let served = try #require(try manyInOther.lint().findings(.pluralCoverage).first)
        #expect(served.severity == .warning && served.message.contains("\"many\" form") && served.message.contains("show \"other\""), "\(served.message)")
        // Two forms missing cannot both be "other": Ukrainian one and other only still lacks few and many.
        let twoMissing = CatalogFolder()
        twoMissing.writePlural("en.lproj/Localizable.stringsdict", key: "votes", forms: ["one": "%lld vote", "other": "%lld votes"], valueType: "lld")
        twoMissing.writePlural("uk.lproj/Localizable.stringsdict", key: "votes", forms: ["one": "%lld голос", "other": "%lld голосів"], valueType: "lld")
        #expect(try twoMissing.lint().findings(.pluralCoverage).map(\.severity) == [.error])
    }

    @Test func aPlainSpecifierOfTheSameTypeForAPluralVariableIsNoMismatch() throws {
        let folder = CatalogFolder()
        folder.writePlural("en.lproj/Localizable.stringsdict", key: "distance", forms: ["one": "%.0f meter", "other": "%.0f meters"],
                           valueType: "f", format: "%1$#@count@")
        // Estonian writes the number without plural forms: the same argument, read as the same type.
        folder.writePlural("et.lproj/Localizable.stringsdict", key: "distance", forms: ["one": "", "other": ""], valueType: "f", format: "%1$.0f meetrit")
        let mismatches = try folder.lint().findings(.formatMismatch)
        #expect(mismatches.isEmpty, "\(mismatches.map(\.message))")
        // Of another type, it reads garbage.
        let wrong = CatalogFolder()
        wrong.writePlural("en.lproj/Localizable.stringsdict", key: "distance", forms: ["one": "%.0f meter", "other": "%.0f meters"],
                          valueType: "f", format: "%1$#@count@")
        wrong.writePlural("et.lproj/Localizable.stringsdict", key: "distance", forms: ["one": "", "other": ""], valueType: "f", format: "%1$d meetrit")
        #expect(try wrong.lint().findings(.formatMismatch).count == 1)
    }

    @Test func theEnglishThatHoldsTheKeysIsTheBaseNotAStaleEnBesideIt() throws {
        let folder = CatalogFolder()
        // Pontoon style: en-US is what is translated; en.lproj is left from years ago.
        folder.write("en.lproj/Localizable.strings", "\"Intro.Title\" = \"Welcome\";\n")
        folder.write("en-US.lproj/Localizable.strings", """
        "Intro.Title" = "Welcome";
        "Settings.Title" = "Settings";
        "Settings.Search" = "Search engine";
        "Share.Button" = "Share";
        """)
        folder.write("de.lproj/Localizable.strings", """
        "Intro.Title" = "Willkommen";
        "Settings.Title" = "Einstellungen";
        "Settings.Search" = "Suchmaschine";
        "Share.Button" = "Teilen";
        """)
        #expect(try Linter().baseLocale(of: Catalog.load(paths: [folder.root])) == "en-US")
        #expect(try folder.lint().findings(.extraKey).isEmpty)
        // en-GB of a few overrides beside a full en: en stays the base.
        let overrides = CatalogFolder()
        overrides.write("en.lproj/Localizable.strings", "\"a\" = \"Color\";\n\"b\" = \"Center\";\n\"c\" = \"Share\";\n")
        overrides.write("en-GB.lproj/Localizable.strings", "\"a\" = \"Colour\";\n\"b\" = \"Centre\";\n")
        #expect(try Linter().baseLocale(of: Catalog.load(paths: [overrides.root])) == "en")
        // focus-ios (2026-12-06): an en-GB of about as many keys (a widget's InfoPlist more) beside en-US and a stale
        // en. en-US is the source: a key en-GB lacked was "not in the base locale (en-GB)".
        folder.write("en-GB.lproj/Localizable.strings", "\"Intro.Title\" = \"Welcome\";\n\"Settings.Title\" = \"Settings\";\n\"Settings.Search\" = \"Search engine\";\n\"Share.Button\" = \"Share\";\n")
        folder.write("Widget/en-GB.lproj/InfoPlist.strings", (0..<20).map { "\"k\($0)\" = \"v\";\n" }.joined())
        folder.write("Widget/en-US.lproj/InfoPlist.strings", (0..<19).map { "\"k\($0)\" = \"v\";\n" }.joined())
        #expect(try Linter().baseLocale(of: Catalog.load(paths: [folder.root])) == "en-US")
    }

    @Test func aPlaceholderFollowedByAPercentSignIsStillAPlaceholder() {
        #expect(OwnPlaceholders.percentIndexTokens(in: "%0% to full charge") == ["%0"])
        #expect(OwnPlaceholders.compare("%0 % bis zur vollständigen Ladung", base: "%0% to full charge", style: .percentIndex) == nil)
        #expect(OwnPlaceholders.compare("0% מתוך %1", base: "%0 of %1 free", style: .percentIndex)?.contains("drops %0") == true)
    }

    @Test func textLikeKeysIncludeCodesSentencesEndingInDotsAndJoinedWords() {
        for text in ["Updating...", "32X", "SG-1000", "CPU", "Invited/Joined", "Done!", "Cancel"] {
            #expect(TableConventions.looksLikeText(text), "\(text)")
        }
        for identifier in ["settings.title", "cancel_button", "btnCancel", "NSCameraUsageDescription", "ERROR_CODE", "PromptLabelForYear"] {
            #expect(!TableConventions.looksLikeText(identifier), "\(identifier)")
        }
    }

    @Test func lprojFoldersTheXcodeProjectDoesNotBuildAreSkipped() throws {
        let folder = CatalogFolder()
        folder.write("Player.xcodeproj/project.pbxproj", """
        // !$*UTF8*$!
        {
            objects = {
                8A1 /* Project object */ = {
                    isa = PBXProject;
                    developmentRegion = en;
                    knownRegions = (
                        en,
                        Base,
                        de,
                        "zh-Hans",
                        "pt-BR",
                    );
                };
            };
        }
        """)
        for locale in ["en", "de", "zh-Hans", "pt_BR", "sr-CS"] {
            folder.write("Player/\(locale).lproj/Localizable.strings", "\"menu.speed\" = \"%@×\";\n")
        }
        // A String Catalog's languages are all compiled, listed or not.
        folder.write("Player/Menu.xcstrings", """
        {"sourceLanguage": "en", "version": "1.0", "strings": {"menu.quit": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "Quit"}},
          "fi": {"stringUnit": {"state": "translated", "value": "Lopeta"}}}}}}
        """)
        // Settings.bundle is copied whole, whatever the project lists.
        folder.write("Player/Settings.bundle/sv.lproj/Root.strings", "\"Group\" = \"Grupp\";\n")
        // A contributor's copy of a region the project does not list: never shipped.
        folder.write("Player/sr-CS.lproj/Localizable.strings", "\"menu.speed\" = \"%.2f×\";\n")
        // Cryptomator (2026-12-07): a region whose only file is empty is no more built than one with text
        // ("The file is empty: Xcode builds it" was said of af, mr, no and ur).
        folder.write("Player/af.lproj/Localizable.strings", "")
        let run = folder.run(L10nCommands.LintOptions(paths: [folder.path("Player")]))
        #expect(run.exitCode == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.contains("skipped the locales af, sr-CS: they are not among the knownRegions of Player.xcodeproj"), "\(run.standardError)")
        #expect(!run.standardOutput.contains("af.lproj"), "\(run.standardOutput)")
        #expect(!run.standardError.contains("fi") && !run.standardError.contains("sv"))
        #expect(!run.standardOutput.contains("sr-CS"))
        // A project of synchronized folders (Xcode 16) lists no file: every folder in it is built.
        let project = try String(contentsOfFile: folder.path("Player.xcodeproj/project.pbxproj"), encoding: .utf8)
        folder.write("Player.xcodeproj/project.pbxproj", project.replacingOccurrences(of: "objects = {", with: "objects = {\n 9B2 /* Player */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Player; };"))
        #expect(folder.run(L10nCommands.LintOptions(paths: [folder.path("Player")])).exitCode == 1)
        // Without the project, the folder is linted like any other.
        try FileManager.default.removeItem(atPath: folder.path("Player.xcodeproj"))
        #expect(folder.run(L10nCommands.LintOptions(paths: [folder.path("Player")])).exitCode == 1)
        #expect(XcodeProject.normalised("English") == "en" && XcodeProject.normalised("pt_BR") == "pt-br")
    }

    /// vienna-rss (2026-12-07): its Predicates table is an NSPredicateEditor's formatting strings, whose `%[…]@` choices
    /// read as printf were 75 `invalid-format` and 22 `format-mismatch` findings.
    @Test func aPredicateEditorsFormattingStringsAreNotPrintf() throws {
        let folder = CatalogFolder()
        folder.write("Base.lproj/Predicates.strings", "\"%[Title]@ %[is,is not]@ %@\" = \"%[Title]@ %[is,is not]@ %@\";\n"
                     + "\"%[Date]@ %[is before,is after]@ %@\" = \"%[Date]@ %[is before,is after]@ %@\";\n")
        folder.write("de.lproj/Predicates.strings", "\"%[Title]@ %[is,is not]@ %@\" = \"%1$[Titel]@ %2$[ist,ist nicht]@ %3$@\";\n"
                     + "\"%[Date]@ %[is before,is after]@ %@\" = \"%1$[Datum]@ %2$[ist vor,ist nach]@ %3$@\";\n")
        folder.write("en.lproj/Main.strings", "\"title\" = \"%d files\";\n")
        folder.write("de.lproj/Main.strings", "\"title\" = \"%@ Dateien\";\n")
        let result = try folder.lint()
        #expect(result.findings.filter { $0.table == "Predicates" && $0.rule != .tableConvention }.isEmpty,
                "\(result.findings.filter { $0.table == "Predicates" }.map(\.message))")
        #expect(result.findings(.tableConvention).first { $0.table == "Predicates" }?.message.contains("NSPredicateEditor's formatting strings") == true)
        // Another table is printf as ever.
        #expect(result.findings(.formatMismatch).map(\.table) == ["Main"])
    }

    /// Vienna (2026-12-07): Spanish and French add the finer keys only their grammar needs to an NSPredicateEditor's
    /// table (the editor matches the most specific). That made the table "keys as text" and asked de, nl, fr and sv for
    /// each (63 false missing-key); they are no extra keys either.
    @Test func aPredicateEditorTablesOwnKeysInOneLanguageAreNeitherMissingElsewhereNorExtra() throws {
        let folder = CatalogFolder()
        let base = ["%[All,Any,None]@ of the following are true", "%[Title]@ %[is,is not]@ %@", "%[Date]@ %[is before,is after]@ %@"]
        folder.write("Base.lproj/Predicates.strings", base.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        folder.write("de.lproj/Predicates.strings", base.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        folder.write("sv.lproj/Predicates.strings", base.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        let spanish = ["%[All]@ of the following are true", "%[Any]@ of the following are true", "%[None]@ of the following are true",
                       "%[Date,PublicationDate]@ %[more than ago]@ %[days]@ %@"]
        folder.write("es.lproj/Predicates.strings", (base + spanish).map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        let result = try folder.lint()
        #expect(!result.findings.contains { $0.table == "Predicates" && [.missingKey, .extraKey].contains($0.rule) },
                "\(result.findings.filter { $0.table == "Predicates" }.map(\.message))")
        #expect(!result.findings(.tableConvention).contains { $0.message.contains("genstrings") })
    }

    /// OpenEmu (2026-12-07): two locales' InfoPlist.strings keep 28 old type names ("Atari 2600 Game") beside the 6 keys
    /// every locale has; the table was read as "keys as text" and the 12 other locales were asked for each (364 false
    /// missing-key). An InfoPlist table's keys are Info.plist keys; and a table needs most translations to hold keys the
    /// base lacks before they are its text.
    @Test func oneOrTwoLocalesLeftoverTextKeysMakeNoGenstringsTable() throws {
        let folder = CatalogFolder()
        let keys = ["CFBundleDisplayName", "NSHumanReadableCopyright", "NSCameraUsageDescription"]
        let leftovers = ["Atari 2600 Game", "Arcade Game", "Game Boy Game", "Nintendo Game"]
        for table in ["InfoPlist", "Settings"] {
            for locale in ["en", "de", "fr", "it", "nl", "ar", "zh-Hans"] {
                let extra = ["ar", "zh-Hans"].contains(locale) ? leftovers : []
                folder.write("\(locale).lproj/\(table).strings", (keys + extra).map { "\"\($0)\" = \"\($0) \(locale)\";\n" }.joined())
            }
        }
        let result = try folder.lint()
        #expect(result.findings(.missingKey).isEmpty, "\(result.findings(.missingKey).prefix(3).map(\.message))")
        #expect(result.findings(.extraKey).count == 16, "\(result.findings(.extraKey).count)")
        #expect(!result.findings(.tableConvention).contains { $0.message.contains("genstrings") })
    }

    /// Monal and Tunnelblick (2026-12-07): `l10n lint .` at the repository's top, the project below it, skipped nothing,
    /// where `l10n lint` and `l10n lint Monal` skipped the regions the project does not build: the same catalogs now give
    /// the same locales however they are named.
    @Test func aProjectBelowThePathGivenStillSaysWhichRegionsItBuilds() throws {
        let folder = CatalogFolder()
        folder.write("Sub/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { P = { isa = PBXProject; knownRegions = ( en, de, fr, ); }; }; }\n")
        for locale in ["en", "de", "fr", "it"] { folder.write("Sub/App/Res/\(locale).lproj/Localizable.strings", "\"title\" = \"Title \(locale)\";\n") }
        let run = folder.run(L10nCommands.LintOptions(paths: [folder.root]))
        #expect(run.standardError.contains("skipped the locale it: it is not among the knownRegions of App.xcodeproj"), "\(run.standardError)")
    }

    /// A region outside knownRegions whose only file is empty is skipped with the rest, and never counts towards "most
    /// locales", which turns the skip off (a review of the change found one such folder did).
    @Test func anEmptyUnbuiltRegionNeverTurnsTheSkipOff() throws {
        let folder = CatalogFolder()
        folder.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { P = { isa = PBXProject; knownRegions = ( en, de, fr, ); }; }; }\n")
        for locale in ["en", "de", "fr", "it"] { folder.write("App/\(locale).lproj/Localizable.strings", "\"title\" = \"Title \(locale)\";\n") }
        folder.write("App/it.lproj/InfoPlist.strings", "")
        folder.write("App/pl.lproj/InfoPlist.strings", "")
        let run = folder.run(L10nCommands.LintOptions(paths: [folder.path("App")]))
        #expect(run.standardError.contains("skipped the locales it, pl: they are not among the knownRegions of App.xcodeproj"), "\(run.standardError)")
        #expect(!run.standardOutput.contains("empty-file"), "\(run.standardOutput)")
    }

    /// talk-ios (2026-12-07): 79 of its 108 locale folders are not among its 29 knownRegions. Most of them: the project
    /// may not be the one building these catalogs, so they are linted, and now the run says so instead of nothing.
    @Test func mostLocalesOutsideKnownRegionsAreLintedAndSaidSo() throws {
        let folder = CatalogFolder()
        folder.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { P = { isa = PBXProject; knownRegions = ( en, de, ); }; }; }\n")
        for locale in ["en", "de", "fr", "it", "pl"] { folder.write("App/\(locale).lproj/Localizable.strings", "\"title\" = \"Title \(locale)\";\n") }
        let run = folder.run(L10nCommands.LintOptions(paths: [folder.path("App")]))
        #expect(run.standardError.contains("l10n: 3 of the locales here (fr, it, pl) are not among the knownRegions of App.xcodeproj; linted anyway"), "\(run.standardError)")
        #expect(run.standardOutput.contains("fr "), "\(run.standardOutput)")
    }

    /// mac-mouse-fix (2026-12-07): its Markdown String Catalogs are filled by a Python script, `{url_1}` and
    /// `{current_language}`, never by `String(format:)`. "100% free" read as the specifier `% f` (6 accidental-specifier
    /// and 4 invalid-format warnings, all false), and a translation that dropped `{current_language}` went unsaid.
    @Test func namedBracePlaceholdersAreATablesOwnStyle() throws {
        #expect(OwnPlaceholders.braceTokens(in: "Read [the guide]({url_1}) in {current_language}, {0}; {not a token} {x-y}") == ["{url_1}", "{current_language}", "{0}"])
        let folder = CatalogFolder()
        folder.write("en.lproj/Shared.strings", """
        "progress" = "This document is {localization_progress} translated into {current_language}.";
        "free" = "Mac Mouse Fix is 100% free for {days} days.";
        "guide" = "Read [the guide]({url_1}).";

        """)
        folder.write("cs.lproj/Shared.strings", """
        "progress" = "Tento dokument je přeložen z {localization_progress}.";
        "free" = "Mac Mouse Fix je {days} dní 100% zdarma.";
        "guide" = "Přečtěte si [návod]({url_1}).";

        """)
        let result = try folder.lint()
        #expect(result.findings(.accidentalSpecifier).isEmpty && result.findings(.invalidFormat).isEmpty, "\(result.findings.map(\.message))")
        let dropped = result.findings.filter { $0.message.contains("drops {current_language}") }
        #expect(dropped.map(\.locale) == ["cs"], "\(result.findings.map(\.message))")
    }

    @Test func aLargeTablesPlaceholderStyleIsCountedInPartsWithTheSameAnswer() {
        // 9,000 texts are read in parts on every core: own placeholders only in the last part, printf only in the first.
        var texts = (0..<9_000).map { "Plain text \($0)" }
        for index in 8_990..<9_000 { texts[index] = "Hello {0}, \(index)" }
        #expect(OwnPlaceholders.style(of: texts) == .braces)
        let snapshot = texts
        #expect(OwnPlaceholders.style(count: snapshot.count) { index in index.isMultiple(of: 2) ? snapshot[index] : nil } == .braces)
        for index in 0..<20 { texts[index] = "%d items" }
        #expect(OwnPlaceholders.style(of: texts) == nil, "more printf texts than braces: printf")
        for index in 4_000..<4_010 { texts[index] = "%1 of %2" }
        #expect(OwnPlaceholders.style(of: Array(texts[..<4_100])) == nil, "ten %1 texts against twenty printf ones")
        #expect(OwnPlaceholders.style(of: Array(texts[20...])) == .percentIndex, "ten braces and ten %1, no printf: %1 is looked at first")
    }

    @Test func eachFolderAboveTheCatalogsIsReadOnceAndAProjectFourLevelsUpIsStillFoundFromEveryPath() {
        let folder = CatalogFolder()
        folder.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { }; }\n")
        folder.write("x/y/z/w/v/u/Deep.strings", "\"a\" = \"b\";\n")
        folder.write("x/y/z/w/Shallow.strings", "\"a\" = \"b\";\n")
        let deep = folder.path("x/y/z/w/v/u"), shallow = folder.path("x/y/z/w")
        let expected = [folder.path("App.xcodeproj/project.pbxproj")]
        // The deep path's five levels end below the project; the shallow one's reach it. A folder the deep path
        // already read with fewer levels left above it is read again from the shallow one, in either order.
        #expect(XcodeProject.projects(near: [deep, shallow]) == expected)
        #expect(XcodeProject.projects(near: [shallow, deep]) == expected)
        #expect(XcodeProject.projects(near: [deep]).isEmpty)
        #expect(XcodeProject.projects(near: [folder.path("x/y/z/w/v/u/Deep.strings"), shallow + "/Shallow.strings"]) == expected)
    }
}
