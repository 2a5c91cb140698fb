import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 5 (in part): `l10n migrate` turns a table into a String Catalog, and the linter finds the same
/// problems in both forms.
@Suite struct MigrationTests {
    static func project() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", """
        /* Home title [max: 12] */
        "home.title" = "Home";
        "files" = "%d files in %@.";
        "greeting" = "Hello!";
        "cart" = "Cart";
        """)
        folder.write("de.lproj/Main.strings", "\"home.title\" = \"Startbildschirm\";\n\"files\" = \"%@ Dateien in %@.\";\n\"greeting\" = \"Hallo\";\n\"extra\" = \"Extra\";\n")
        folder.write("pl.lproj/Main.strings", "\"home.title\" = \"Start\";\n\"files\" = \"%d plików w %@.\";\n\"greeting\" = \"Hello!\";\n\"cart\" = \"Koszyk\";\n")
        folder.writePlural("en.lproj/Main.stringsdict", key: "items", forms: ["one": "%d item", "other": "%d items"])
        folder.writePlural("pl.lproj/Main.stringsdict", key: "items", forms: ["one": "%d element", "other": "%d elementów"])
        folder.writePlural("de.lproj/Main.stringsdict", key: "items", forms: ["one": "%d Artikel", "other": "%d Artikel"],
                           format: "Sie haben %#@count@")
        folder.writePlural("en.lproj/Main.stringsdict".replacingOccurrences(of: "Main", with: "Other"), key: "x", forms: ["other": "%d x"])
        return folder
    }

    /// Everything but extra keys, which a catalog holds as stale entries (checked on their own).
    static func signatures(_ result: LintResult) -> [String] {
        result.findings.filter { $0.rule != .extraKey && $0.rule != .staleEntry }.map { "\($0.rule.rawValue) \($0.severity.rawValue) \($0.locale) \($0.table) \($0.key ?? "")" }.sorted()
    }

    @Test func lintFindsTheSameProblemsInBothForms() throws {
        let folder = Self.project()
        let before = try Linter().lint(Catalog.load(paths: [folder.root]))
        #expect(Set(before.rules).isSuperset(of: [.formatMismatch, .missingKey, .extraKey, .pluralCoverage, .untranslated, .punctuationMismatch, .lengthBudget]))
        let migrated = CatalogFolder()
        let outcome = L10nCommands.migrate(table: "Main", path: folder.root, output: migrated.path("Main.xcstrings"))
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("from 6 file(s)"))
        let after = try Linter().lint(Catalog.load(paths: [migrated.path("Main.xcstrings")]))
        #expect(Self.signatures(after) == Self.signatures(before.filtered(table: "Main")))
        #expect(after.findings(.staleEntry).compactMap(\.key) == before.findings(.extraKey).compactMap(\.key))
        // The catalog is in Xcode's layout: formatting it changes nothing.
        #expect(L10nCommands.formatCatalog(file: migrated.path("Main.xcstrings")).standardOutput.isEmpty)
        let text = try String(contentsOfFile: migrated.path("Main.xcstrings"), encoding: .utf8)
        #expect(text.contains("\"comment\" : \"Home title [max: 12]\""))
        #expect(text.contains("\"substitutions\" : {"))
        #expect(text.contains("\"variations\" : {"))
    }

    @Test func withoutDeleteOldTheOldFilesStayAndAreNamed() throws {
        let folder = Self.project()
        let outcome = L10nCommands.migrate(table: "Main", path: folder.root, output: nil)
        #expect(outcome.exitCode == 0, "\(outcome)")
        for file in ["en.lproj/Main.strings", "de.lproj/Main.stringsdict", "pl.lproj/Main.strings"] {
            #expect(FileManager.default.fileExists(atPath: folder.path(file)))
            #expect(outcome.standardOutput.contains(folder.path(file)))
        }
        #expect(outcome.standardOutput.contains("--delete-old"))
    }

    @Test func runningAgainWithDeleteOldAsTheFirstRunSaysFinishesTheMigration() throws {
        let folder = Self.project()
        let first = L10nCommands.migrate(table: "Main", path: folder.root, output: nil)
        #expect(first.exitCode == 0 && first.standardOutput.contains("run again with --delete-old"), "\(first)")
        let written = try Data(contentsOf: URL(fileURLWithPath: folder.path("Main.xcstrings")))
        let again = L10nCommands.migrate(table: "Main", path: folder.root, output: nil, deleteOld: true)
        #expect(again.exitCode == 0, "\(again)")
        #expect(again.standardOutput.contains("removed \(folder.path("de.lproj/Main.strings"))"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("en.lproj/Main.strings")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("Main.xcstrings"))) == written, "the catalog is left as it was")
    }

    @Test func deleteOldRemovesTheOldFilesOnceTheCatalogReadsBackToTheirValues() throws {
        let folder = Self.project()
        let before = try Catalog.load(paths: [folder.root])
        let outcome = L10nCommands.migrate(table: "Main", path: folder.root, output: nil, deleteOld: true)
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(outcome.standardOutput.contains("removed \(folder.path("de.lproj/Main.strings"))"))
        for locale in ["en", "de", "pl"] {
            #expect(!FileManager.default.fileExists(atPath: folder.path("\(locale).lproj/Main.strings")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("\(locale).lproj/Main.stringsdict")))
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("en.lproj/Other.stringsdict")), "other tables stay")
        let after = try Catalog.load(paths: [folder.root])
        #expect(after.entry(table: "Main", locale: "pl", key: "cart")?.value == before.entry(table: "Main", locale: "pl", key: "cart")?.value)
    }

    @Test func deleteOldRefusesAndDeletesNothingWhenTheCatalogWouldLoseAValue() throws {
        let folder = Self.project()
        // Base.lproj is the base; en.lproj's different "greeting" has no place in one catalog.
        folder.write("Base.lproj/Main.strings", "\"home.title\" = \"Home\";\n\"greeting\" = \"Hi!\";\n")
        let outcome = L10nCommands.migrate(table: "Main", path: folder.root, output: nil, deleteOld: true)
        #expect(outcome.exitCode == 1, "\(outcome)")
        #expect(outcome.standardError.contains("nothing was deleted"))
        #expect(outcome.standardError.contains("Main.strings in en.lproj, key \"greeting\""), "\(outcome.standardError)")
        for file in ["Base.lproj/Main.strings", "en.lproj/Main.strings", "de.lproj/Main.stringsdict", "pl.lproj/Main.strings"] {
            #expect(FileManager.default.fileExists(atPath: folder.path(file)))
        }
    }

    @Test func aMissingTableOrAnExistingOutputIsAUsageError() {
        let folder = Self.project()
        let unknown = L10nCommands.migrate(table: "Nope", path: folder.root, output: nil)
        #expect(unknown.exitCode == 2 && unknown.standardError.contains("no table Nope"))
        let elsewhere = CatalogFolder()
        let existing = elsewhere.write("Main.xcstrings", "{}")
        let clash = L10nCommands.migrate(table: "Main", path: folder.root, output: existing)
        #expect(clash.exitCode == 2 && clash.standardError.contains("exists already"))
    }
}

extension LintResult {
    func filtered(table: String) -> LintResult {
        LintResult(findings: findings.filter { $0.table == table }, files: files, entries: entries)
    }
}
