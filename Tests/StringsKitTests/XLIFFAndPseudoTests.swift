import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

@Suite struct XLIFFTests {
    static func sourceCatalog() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", """
        /* Toast title */
        "toast.title" = "Optimizing <your> & \\"experience\\"…";
        /* Two lines, a tab, a carriage return */
        "multi" = "Line one\\nLine\\ttwo\\r end ";
        "files" = "%1$@ has %2$ld files";
        "untranslated.here" = "Only English";
        "empty" = "";
        "cache_warmup_started" = "cache_warmup_started";
        """)
        folder.write("nb.lproj/Main.strings", """
        /* Toast title */
        "toast.title" = "Optimaliserer <din> & \\"opplevelse\\"…";
        /* Two lines, a tab, a carriage return */
        "multi" = "Linje én\\nLinje\\tto\\r slutt ";
        "files" = "%2$ld filer har %1$@";
        "empty" = "";
        "cache_warmup_started" = "cache_warmup_started";
        """)
        folder.writePlural("en.lproj/Main.stringsdict", key: "items", forms: ["one": "%ld item", "other": "%ld items"], valueType: "ld")
        folder.writePlural("nb.lproj/Main.stringsdict", key: "items", forms: ["one": "%ld element", "other": "%ld elementer"], valueType: "ld")
        folder.write("l10n.json", #"{"internalIdentifiers": {"Main": {"telemetryEvents": ["cache_warmup_started"]}}}"#)
        return folder
    }

    /// Every table, locale and key with its value and comment, for comparing two catalogs regardless of paths.
    static func snapshot(_ catalog: Catalog) -> [String: String] {
        var out: [String: String] = [:]
        for (id, table) in catalog.tables {
            for (key, entry) in table.entries {
                var value = "\(entry.value)"
                if case .plural(let rule) = entry.value {
                    value = rule.format + rule.variables.keys.sorted().map { name in
                        let variable = rule.variables[name]!
                        return " \(name):\(variable.valueType):" + PluralCategory.allCases.compactMap { category in
                            variable.forms[category].map { "\(category.rawValue)=\($0)" }
                        }.joined(separator: "|")
                    }.joined()
                }
                out["\(id.locale)/\(id.table)/\(key)"] = "\(value) // \(entry.comment ?? "-")"
            }
        }
        return out
    }

    @Test func exportWritesXcodeShapedXLIFFPerTargetLocale() throws {
        let source = Self.sourceCatalog()
        let output = CatalogFolder()
        let outcome = L10nCommands.exportXLIFF(paths: [source.root], to: output.root)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let xml = try String(contentsOfFile: output.path("nb.xliff"), encoding: .utf8)
        #expect(xml.contains(#"<file original="en.lproj/Main.strings" source-language="en" target-language="nb" datatype="plaintext">"#))
        #expect(xml.contains(#"<trans-unit id="toast.title" xml:space="preserve">"#))
        #expect(xml.contains("<source>Optimizing &lt;your&gt; &amp; \"experience\"…</source>"))
        #expect(xml.contains(#"<target state="translated">Optimaliserer &lt;din&gt; &amp; "opplevelse"…</target>"#))
        #expect(xml.contains("<note>Toast title</note>"))
        #expect(xml.contains(#"<trans-unit id="cache_warmup_started" xml:space="preserve" translate="no">"#))
        #expect(xml.contains(#"<trans-unit id="/items:dict/count:dict/one:dict/:string" xml:space="preserve">"#))
        #expect(xml.contains(#"<file original="en.lproj/Main.stringsdict""#))
    }

    @Test func exportThenImportIntoAnEmptyFolderIsLossless() throws {
        let source = Self.sourceCatalog()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [source.root], to: xliff.root).exitCode == 0)
        let destination = CatalogFolder()
        let outcome = L10nCommands.importXLIFF(file: xliff.path("nb.xliff"), into: destination.root)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let before = Self.snapshot(try Catalog.load(paths: [source.root]))
        let imported = try Catalog.load(paths: [destination.root])
        #expect(imported.problems.isEmpty)
        let after = Self.snapshot(imported)
        #expect(after == before)
        #expect(after.count == 13)
    }

    @Test func importMergesIntoExistingTranslations() throws {
        let source = Self.sourceCatalog()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [source.root], to: xliff.root).exitCode == 0)
        let destination = CatalogFolder()
        destination.write("nb.lproj/Main.strings", "\"kept\" = \"Beholdt\";\n\"files\" = \"gammel\";\n")
        #expect(L10nCommands.importXLIFF(file: xliff.path("nb.xliff"), into: destination.root).exitCode == 0)
        let catalog = try Catalog.load(paths: [destination.root])
        #expect(catalog.entry(table: "Main", locale: "nb", key: "kept")?.value == .text("Beholdt"))
        #expect(catalog.entry(table: "Main", locale: "nb", key: "files")?.value == .text("%2$ld filer har %1$@"))
    }

    @Test func malformedXLIFFIsReportedWithTheFile() {
        let folder = CatalogFolder()
        let path = folder.write("bad.xliff", "<xliff><file original=\"a.strings\" source-language=\"en\"><body><trans-unit id=\"a\">")
        let outcome = L10nCommands.importXLIFF(file: path, into: folder.root)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError.contains(path))
        #expect(L10nCommands.importXLIFF(file: folder.path("none.xliff"), into: folder.root).exitCode == 2)
    }
}

@Suite struct PseudoTests {
    @Test(arguments: PseudoStyle.allCases)
    func pseudoStylesKeepFormatSpecifiers(style: PseudoStyle) throws {
        let text = "Hello %1$@, you have %2$ld new %#@messages@ (100%% done) and %.2f km"
        let pseudo = PseudoLocalizer.transform(text, style: style)
        #expect(pseudo != text)
        #expect(FormatSpecifier.parse(pseudo).map(\.text) == FormatSpecifier.parse(text).map(\.text))
        #expect(pseudo.contains("%%"))
    }

    @Test func stylesLookAsDocumented() {
        #expect(PseudoLocalizer.transform("Save", style: .accented) == "Šåṽé")
        #expect(PseudoLocalizer.transform("Save %d", style: .double) == "SSaavvee %d")
        #expect(PseudoLocalizer.transform("Save %d", style: .rtl) == "\u{202E}Save \u{202C}%d")
        #expect(PseudoLocalizer.transform("Save file", style: .bounded) == "[Šåṽé ƒîļé~~~]")
    }

    @Test func pseudoWritesALocaleThatLintsCleanForFormats() throws {
        let folder = RuleTests.cleanCatalog()
        let outcome = L10nCommands.pseudo(style: .accented, baseFolder: folder.path("en.lproj"), output: nil)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let catalog = try Catalog.load(paths: [folder.root])
        #expect(catalog.problems.isEmpty)
        #expect(catalog.entry(table: "Main", locale: "en-XA", key: "files")?.value == .text("%1$@ ĥåš %2$ld ƒîļéš."))
        guard case .plural(let rule)? = catalog.entry(table: "Main", locale: "en-XA", key: "items")?.value else {
            Issue.record("the plural rule was not written")
            return
        }
        #expect(rule.format == "%#@count@")
        #expect(rule.variables["count"]?.forms[.other] == "%d îţéɱš")
        let result = try Linter().lint(Catalog.load(paths: [folder.root]))
        #expect(!result.findings.contains { $0.locale == "en-XA" && [.formatMismatch, .pluralCoverage, .missingKey].contains($0.rule) })
        #expect(L10nCommands.pseudo(style: .rtl, baseFolder: folder.path("nope.lproj"), output: nil).exitCode == 2)
    }
}
