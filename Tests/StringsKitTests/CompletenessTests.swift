import Core
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 1: completeness is a report (per-locale figures), not an error storm.
@Suite struct CompletenessTests {
    /// en has a, b, c, d; de translates a, leaves b as in English and lacks c and d; nb has everything plus z.
    static func handCountedCatalog() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n\"c\" = \"Cherry\";\n\"d\" = \"Date\";\n")
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apfel\";\n\"b\" = \"Banana\";\n")
        folder.write("nb.lproj/Main.strings", "\"a\" = \"Eple\";\n\"b\" = \"Banan\";\n\"c\" = \"Kirsebær\";\n\"d\" = \"Daddel\";\n\"z\" = \"Sebra\";\n")
        return folder
    }

    /// Swiftfin (2026-12-07): fa, mn, enm and peo, each a `Localizable.strings` of a BOM and a line break, had no row in
    /// the summary and no finding: four declared languages with nothing translated, unsaid. Each is a locale at 0 %
    /// with one finding for its table.
    @Test func aLocaleWhoseFileHasNoEntriesIsALocaleWithNothingTranslated() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n")
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apfel\";\n\"b\" = \"Banane\";\n")
        folder.write("fa.lproj/Main.strings", data: Data([0xFF, 0xFE, 0x0A, 0x00]))
        folder.write("mn.lproj/Main.strings", "/* nothing yet */\n")
        let result = try folder.lint()
        let rows = (result.completeness ?? []).map { "\($0.locale):\($0.missing)" }
        #expect(rows.contains("fa:2") && rows.contains("mn:2"), "\(rows)")
        let missing = result.findings(.missingKey).map { "\($0.locale): \($0.message)" }
        #expect(missing == ["fa: fa's Main file has no entries, so 2 key(s) are untranslated there; translate them into it, or remove the locale if the app does not ship it",
                            "mn: mn's Main file has no entries, so 2 key(s) are untranslated there; translate them into it, or remove the locale if the app does not ship it"],
                "\(missing)")
    }

    @Test func missingKeyIsAWarningByDefault() throws {
        let result = try Self.handCountedCatalog().lint()
        let missing = result.findings(.missingKey)
        #expect(missing.map(\.key) == ["c", "d"])
        #expect(missing.allSatisfy { $0.severity == .warning })
        #expect(result.errors == 0)
    }

    @Test func requiredLocalesMakeMissingKeysErrorsThereOnly() throws {
        let folder = Self.handCountedCatalog()
        folder.write("fr.lproj/Main.strings", "\"a\" = \"Pomme\";\n")
        let result = try folder.lint(LintConfiguration(requiredLocales: ["de"]))
        let missing = result.findings(.missingKey)
        #expect(missing.filter { $0.locale == "de" }.allSatisfy { $0.severity == .error })
        #expect(missing.filter { $0.locale == "fr" }.allSatisfy { $0.severity == .warning })
        #expect(missing.count { $0.locale == "fr" } == 3)
    }

    @Test func requiredKeysStayErrors() throws {
        let result = try Self.handCountedCatalog().lint(LintConfiguration(requiredKeys: ["Main": ["c"]]))
        #expect(result.findings(.requiredKey).map(\.locale) == ["de"])
        #expect(result.findings(.requiredKey).first?.severity == .error)
        #expect(!result.findings(.missingKey).contains { $0.key == "c" })
    }

    @Test func aLocaleBelowItsMinimumIsOneIncompleteLocaleError() throws {
        let result = try Self.handCountedCatalog().lint(LintConfiguration(minimumTranslated: ["*": 50, "nb": 100]))
        let incomplete = result.findings(.incompleteLocale)
        #expect(incomplete.map(\.locale) == ["de"])
        #expect(incomplete.first?.severity == .error)
        #expect(incomplete.first?.message.contains("de is 25.0 % translated (1 of 4 keys: 2 missing, 1 identical to the base)") == true)
        #expect(incomplete.first?.message.contains("50.0 %") == true)
    }

    @Test func theConfigurationReadsRequiredLocalesAndMinimums() throws {
        let configuration = try LintConfiguration.parse(Data(#"{"requiredLocales": ["de"], "minimumTranslated": {"*": 80, "ja": 99.5}, "severities": {"unknown-locale": "off"}}"#.utf8), path: "l10n.json")
        #expect(configuration.requiredLocales == ["de"])
        #expect(configuration.minimumTranslated(for: "ja") == 99.5 && configuration.minimumTranslated(for: "pl") == 80)
        #expect(configuration.severity(of: .missingKey, locale: "de") == .error)
        #expect(configuration.severity(of: .missingKey, locale: "pl") == .warning)
        #expect(throws: ConfigurationError.self) { try LintConfiguration.parse(Data(#"{"minimumTranslated": {"de": 120}}"#.utf8), path: "l10n.json") }
        #expect(throws: ConfigurationError.self) { try LintConfiguration.parse(Data(#"{"requiredLocales": "de"}"#.utf8), path: "l10n.json") }
    }

    /// The figures counted by hand: de has 2 entries, 1 of 4 translated (25 %), 2 missing, 1 identical, 3 warnings;
    /// nb has 5 entries, 4 of 4 (100 %), 1 warning (extra-key z). Worst first, the base last.
    @Test func summaryFiguresMatchTheHandCount() throws {
        let folder = Self.handCountedCatalog()
        let outcome = folder.run(.init(summaryOnly: true))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == """
        Locale     Entries  Translated  Missing  Identical  Errors  Warnings
        de               2      25.0 %        2          1       0         3
        nb               5     100.0 %        0          0       0         1
        en (base)        4           -        0          0       0         0

        Rule          Errors  Warnings  Info
        missing-key        0         2     0
        extra-key          0         1     0
        untranslated       0         1     0

        0 error(s), 4 warning(s) in 3 file(s), 11 entries

        """)
    }

    /// Sparkle (2026-12-07) keeps its main table in Base.lproj and two small ones in en.lproj: the base row counted the
    /// 15 entries of en.lproj and not the 67 of Base.lproj, beside translations of 81. A key in both is counted once.
    @Test func theBaseRowCountsBaseLprojTablesToo() {
        let folder = CatalogFolder()
        folder.write("Base.lproj/Updater.strings", "\"check\" = \"Check\";\n\"later\" = \"Later\";\n\"skip\" = \"Skip\";\n")
        folder.write("en.lproj/Updater.strings", "\"skip\" = \"Skip This Version\";\n")
        folder.write("en.lproj/Panel.strings", "\"title\" = \"Updates\";\n")
        for locale in ["de", "fr"] {
            folder.write("\(locale).lproj/Updater.strings", "\"check\" = \"[\(locale)] Check\";\n\"later\" = \"[\(locale)] Later\";\n\"skip\" = \"[\(locale)] Skip\";\n")
            folder.write("\(locale).lproj/Panel.strings", "\"title\" = \"[\(locale)] Updates\";\n")
        }
        let output = folder.run(.init(summaryOnly: true)).standardOutput
        #expect(output.contains("en (base)        4           -") && output.contains("de               4     100.0 %"), "\(output)")
    }

    /// MacDown (2026-12-07): "(Default)", in 16 of its text-keyed translations, was left out of the base (a word in
    /// brackets read as no text), so the locales lacking it got no finding and a wrong share.
    @Test func aTextKeyInBracketsIsPartOfATextKeyedBase() {
        let folder = CatalogFolder()
        folder.write("en.lproj/Localizable.strings", "\"PLURAL_RULE\" = \"1\";\n")
        folder.write("de.lproj/Localizable.strings", "\"PLURAL_RULE\" = \"1\";\n\"(Default)\" = \"(Standard)\";\n\"Bold\" = \"Fett\";\n\"Italic\" = \"Kursiv\";\n")
        folder.write("fr.lproj/Localizable.strings", "\"PLURAL_RULE\" = \"1\";\n\"(Default)\" = \"(Par défaut)\";\n\"Bold\" = \"Gras\";\n\"Italic\" = \"Italique\";\n")
        folder.write("es.lproj/Localizable.strings", "\"PLURAL_RULE\" = \"1\";\n\"Bold\" = \"Negrita\";\n")
        let output = folder.run(.init(summaryOnly: true)).standardOutput
        #expect(output.contains("es               2      50.0 %        2"), "\(output)")
        #expect(TableConventions.looksLikeText("(Default)") && TableConventions.looksLikeText("“Untitled”") && !TableConventions.looksLikeText("(x)"))
    }

    @Test func textOutputHasTheSummarySectionByDefault() {
        let output = Self.handCountedCatalog().run(.init()).standardOutput
        #expect(output.contains("[missing-key]"))
        #expect(output.contains("de               2      25.0 %"))
    }

    @Test func jsonCarriesTheSameFigures() throws {
        let output = Self.handCountedCatalog().run(.init(format: .json)).standardOutput
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let summary = try #require(root["summary"] as? [String: Any])
        let locales = try #require(summary["locales"] as? [[String: Any]])
        #expect(locales.map { $0["locale"] as? String } == ["de", "nb", "en"])
        let de = locales[0]
        #expect(de["entries"] as? Int == 2 && de["baseKeys"] as? Int == 4 && de["translated"] as? Int == 1)
        #expect(de["missing"] as? Int == 2 && de["identical"] as? Int == 1 && de["warnings"] as? Int == 3)
        #expect((de["translatedPercent"] as? NSNumber)?.doubleValue == 25)
        #expect(locales[2]["base"] as? Bool == true)
        let rules = try #require(summary["rules"] as? [String: [String: Int]])
        #expect(rules["missing-key"]?["warnings"] == 2)
    }

    @Test func maxFindingsListsErrorsFirstAndSaysHowManyWereLeftOut() {
        let folder = Self.handCountedCatalog()
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apfel\";\n\"b\" = \"Banana\";\n\"q\" = \"%d\";\n\"d\" = \"%d Dattel\";\n")
        var options = L10nCommands.LintOptions()
        options.maxFindings = 1
        let outcome = folder.run(options)
        let listed = outcome.standardOutput.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(listed.count == 1)
        #expect(listed.first?.contains("error:") == true && listed.first?.contains("[format-mismatch]") == true)
        #expect(outcome.standardOutput.contains("… 4 more finding(s) not shown (--max-findings 1)"))
        #expect(outcome.exitCode == 1)
        options.format = .xcode
        let xcode = folder.run(options)
        #expect(xcode.standardOutput.split(separator: "\n").count == 1)
        #expect(xcode.standardError.contains("4 more finding(s) not shown"))
    }

    @Test func percentagesAreNeverRoundedUpToComplete() {
        #expect(LocaleCompleteness.format(99.96) == "99.9")
        #expect(LocaleCompleteness.format(100) == "100.0")
        #expect(LocaleCompleteness.format(25) == "25.0")
    }
}
