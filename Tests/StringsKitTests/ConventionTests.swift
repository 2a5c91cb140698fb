import Core
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
        // A key that is no text (an identifier) in an identifier-keyed table stays an extra key.
        let keyed = CatalogFolder()
        keyed.write("en.lproj/Main.strings", "\"home.title\" = \"Home\";\n")
        keyed.write("de.lproj/Main.strings", "\"home.title\" = \"Start\";\n\"old.one\" = \"A\";\n\"old.two\" = \"B\";\n\"old_three\" = \"C\";\n")
        let keyedResult = try keyed.lint()
        #expect(keyedResult.findings(.extraKey).count == 3)
        #expect(keyedResult.findings(.tableConvention).isEmpty)
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
        let found = CatalogDiscovery.find(under: folder.root)
        #expect(found.map { String($0.dropFirst(folder.root.count + 1)) }
            == ["MyApp/Resources/de.lproj/Localizable.strings", "MyApp/Resources/en.lproj/Localizable.strings", "Widget/Localizable.xcstrings"])
        let defaults = L10nCommands.defaultCatalogPaths(in: folder.root)
        #expect(defaults.paths == found)
        #expect(defaults.note?.contains("reading the 3 catalog file(s) in") == true)
    }
}
