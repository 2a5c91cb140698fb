import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 5: String Catalog plural and device variations (nested too) and substitutions go out as XLIFF with
/// Xcode's ids (`key|==|plural.one`, `key|==|device.iphone`, `key|==|device.iphone.plural.one`,
/// `key|==|substitutions.name.plural.one`) and come back into the catalog, changing only what changed.
@Suite struct StringCatalogVariationTests {
    static func unit(_ value: String, _ state: String = "translated") -> OrderedJSON {
        .object([("stringUnit", .object([("state", .string(state)), ("value", .string(value))]))])
    }

    static func plural(_ forms: [(String, String)], state: String = "translated") -> OrderedJSON {
        .object([("plural", .object(forms.map { ($0.0, unit($0.1, state)) }))])
    }

    static func substitution(_ number: Int, _ forms: [(String, String)]) -> OrderedJSON {
        .object([("argNum", .number(String(number))), ("formatSpecifier", .string("lld")), ("variations", plural(forms))])
    }

    /// Built in Xcode's order and written in its layout (the fixture checks that `l10n format` leaves it alone).
    static let catalog: OrderedJSON = .object([
        ("sourceLanguage", .string("en")),
        ("strings", .object([
            ("%lld files", .object([
                ("comment", .string("Files in a folder")),
                ("extractionState", .string("manual")),
                ("localizations", .object([
                    ("de", .object([("variations", plural([("one", "%lld Datei"), ("other", "%lld Dateien")]))])),
                    ("en", .object([("variations", plural([("one", "%lld file"), ("other", "%lld files")], state: "new"))])),
                ])),
            ])),
            ("Bird Food Shop", .object([
                ("localizations", .object([
                    ("de", .object([("variations", .object([("device", .object([("iphone", unit("Vogelladen")), ("other", unit("Vogelfutterladen"))]))]))])),
                    ("en", .object([("variations", .object([("device", .object([
                        ("iphone", unit("Bird Shop")), ("mac", unit("Bird Food Shop for Mac")), ("other", unit("Bird Food Shop")),
                    ]))]))])),
                ])),
            ])),
            ("chained", .object([
                ("localizations", .object([
                    ("en", .object([("variations", .object([("device", .object([
                        ("iphone", .object([("variations", plural([("one", "%lld bird on iPhone"), ("other", "%lld birds on iPhone")]))])),
                        ("other", unit("%lld birds")),
                    ]))]))])),
                ])),
            ])),
            ("files_in_folders", .object([
                ("localizations", .object([
                    ("de", .object([
                        ("stringUnit", .object([("state", .string("translated")), ("value", .string("%#@files@ in %#@folders@"))])),
                        ("substitutions", .object([
                            ("files", substitution(1, [("one", "%arg Datei"), ("other", "%arg Dateien")])),
                            ("folders", substitution(2, [("one", "%arg Ordner"), ("other", "%arg Ordnern")])),
                        ])),
                    ])),
                    ("en", .object([
                        ("stringUnit", .object([("state", .string("new")), ("value", .string("%#@files@ in %#@folders@"))])),
                        ("substitutions", .object([
                            ("files", substitution(1, [("one", "%arg file"), ("other", "%arg files")])),
                            ("folders", substitution(2, [("one", "%arg folder"), ("other", "%arg folders")])),
                        ])),
                    ])),
                ])),
                ("shouldTranslate", .bool(true)),
            ])),
        ])),
        ("version", .string("1.0")),
    ])

    static let text = catalog.xcodeText() + "\n"

    static func project() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("Shop.xcstrings", text)
        // pl has no translation yet: its export asks for the forms Polish needs.
        folder.write("pl.lproj/Other.strings", "\"x\" = \"x\";\n")
        folder.write("en.lproj/Other.strings", "\"x\" = \"x\";\n")
        return folder
    }

    static func units(_ folder: CatalogFolder, _ locale: String) throws -> [String: XLIFFUnit] {
        let path = folder.path("\(locale).xliff")
        let files = try XLIFF.parse(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        let units = files.filter { $0.original.hasSuffix("Shop.xcstrings") }.flatMap(\.units)
        return Dictionary(units.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theFixtureIsInXcodesLayoutAndOrder() {
        #expect(StringCatalogFile.formatted(Data(Self.text.utf8)) == Data(Self.text.utf8))
    }

    @Test func exportUsesXcodesIdsForPluralDeviceAndSubstitutionVariations() throws {
        let folder = Self.project()
        let xliff = CatalogFolder()
        let outcome = L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root)
        #expect(outcome.exitCode == 0, "\(outcome)")
        let german = try Self.units(xliff, "de")
        func pair(_ id: String) -> [String?] { [german[id]?.source, german[id]?.target] }
        #expect(pair("%lld files|==|plural.one") == ["%lld file", "%lld Datei"])
        #expect(pair("%lld files|==|plural.other") == ["%lld files", "%lld Dateien"])
        #expect(german["%lld files|==|plural.one"]?.note == "Files in a folder")
        #expect(pair("Bird Food Shop|==|device.iphone") == ["Bird Shop", "Vogelladen"])
        #expect(pair("Bird Food Shop|==|device.mac") == ["Bird Food Shop for Mac", nil])
        #expect(pair("Bird Food Shop|==|device.other") == ["Bird Food Shop", "Vogelfutterladen"])
        #expect(pair("chained|==|device.iphone.plural.one") == ["%lld bird on iPhone", nil])
        #expect(pair("chained|==|device.iphone.plural.other") == ["%lld birds on iPhone", nil])
        #expect(pair("chained|==|device.other") == ["%lld birds", nil])
        #expect(pair("files_in_folders") == ["%1$#@files@ in %2$#@folders@", "%1$#@files@ in %2$#@folders@"])
        #expect(pair("files_in_folders|==|substitutions.files.plural.one") == ["%1$lld file", "%1$lld Datei"])
        #expect(pair("files_in_folders|==|substitutions.folders.plural.other") == ["%2$lld folders", "%2$lld Ordnern"])
        #expect(!german.keys.contains { $0.hasPrefix("/") }, "no .stringsdict-style ids for a String Catalog")
        let polish = try Self.units(xliff, "pl")
        #expect(polish["%lld files|==|plural.few"]?.source == "%lld files")
        #expect(polish["%lld files|==|plural.few"]?.target == nil)
        #expect(polish["%lld files|==|plural.many"] != nil)
        #expect(polish["files_in_folders|==|substitutions.files.plural.few"]?.source == "%1$lld files")
    }

    @Test(arguments: ["de", "pl"])
    func anUnchangedRoundTripLeavesTheCatalogByteIdentical(locale: String) throws {
        let folder = Self.project()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let outcome = L10nCommands.importXLIFF(file: xliff.path("\(locale).xliff"), into: folder.root)
        #expect(outcome.exitCode == 0 && !outcome.standardOutput.contains("Shop.xcstrings"), "\(outcome)")
        #expect(try String(contentsOfFile: folder.path("Shop.xcstrings"), encoding: .utf8) == Self.text)
    }

    static func target(_ text: String, id: String, _ value: String, state: String = "translated") -> String {
        let start = text.range(of: "<trans-unit id=\"\(XLIFF.escape(id, attribute: true))\"")!
        let source = text.range(of: "</source>", range: start.upperBound..<text.endIndex)!
        let end = text.range(of: "</trans-unit>", range: source.upperBound..<text.endIndex)!
        let line = "\n        <target state=\"\(state)\">\(XLIFF.escape(value))</target>"
        if let existing = text.range(of: "<target", range: source.upperBound..<end.lowerBound) {
            let close = text.range(of: "</target>", range: existing.upperBound..<end.lowerBound)!
            return text.replacingCharacters(in: source.upperBound..<close.upperBound, with: line)
        }
        return text.replacingCharacters(in: source.upperBound..<source.upperBound, with: line)
    }

    @Test func importWritesChangedAndNewFormsBackAndKeepsTheRest() throws {
        let folder = Self.project()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let germanPath = xliff.path("de.xliff")
        var german = try String(contentsOfFile: germanPath, encoding: .utf8)
        german = Self.target(german, id: "%lld files|==|plural.other", "%lld Dateien insgesamt")
        german = Self.target(german, id: "Bird Food Shop|==|device.mac", "Vogelfutterladen für Mac", state: "needs-review-translation")
        german = Self.target(german, id: "files_in_folders|==|substitutions.folders.plural.other", "%2$lld Verzeichnissen")
        german = Self.target(german, id: "chained|==|device.iphone.plural.one", "%lld Vogel auf dem iPhone")
        try Data(german.utf8).write(to: URL(fileURLWithPath: germanPath))
        let polishPath = xliff.path("pl.xliff")
        let polish = Self.target(try String(contentsOfFile: polishPath, encoding: .utf8), id: "%lld files|==|plural.few", "%lld pliki")
        try Data(polish.utf8).write(to: URL(fileURLWithPath: polishPath))
        for path in [germanPath, polishPath] {
            let outcome = L10nCommands.importXLIFF(file: path, into: folder.root)
            #expect(outcome.exitCode == 0, "\(outcome)")
        }

        var expected = Self.catalog
        let states = ("translated", "needs_review")
        expected.setValue(.string("%lld Dateien insgesamt"), at: ["strings", "%lld files", "localizations", "de", "variations", "plural", "other", "stringUnit", "value"])
        expected.setValue(Self.unit("Vogelfutterladen für Mac", states.1),
                          at: ["strings", "Bird Food Shop", "localizations", "de", "variations", "device", "mac"])
        expected.setValue(.string("%arg Verzeichnissen"),
                          at: ["strings", "files_in_folders", "localizations", "de", "substitutions", "folders", "variations", "plural", "other", "stringUnit", "value"])
        expected.setValue(Self.unit("%lld Vogel auf dem iPhone", states.0),
                          at: ["strings", "chained", "localizations", "de", "variations", "device", "iphone", "variations", "plural", "one"])
        expected.setValue(.object([("variations", Self.plural([("few", "%lld pliki")]))]), at: ["strings", "%lld files", "localizations", "pl"])
        let after = try String(contentsOfFile: folder.path("Shop.xcstrings"), encoding: .utf8)
        #expect(after == expected.xcodeText() + "\n")
        // New members stand where Xcode puts them: de before en, pl after it, mac between iphone and other.
        let json = try #require(OrderedJSON.parse(Data(after.utf8)))
        func names(_ keys: [String]) -> [String] {
            if case .object(let members)? = json.value(at: keys) { members.map(\.key) } else { [] }
        }
        #expect(names(["strings", "chained", "localizations"]) == ["de", "en"])
        #expect(names(["strings", "%lld files", "localizations"]) == ["de", "en", "pl"])
        #expect(names(["strings", "Bird Food Shop", "localizations", "de", "variations", "device"]) == ["iphone", "mac", "other"])
        #expect(StringCatalogFile.formatted(Data(after.utf8)) == Data(after.utf8), "still in Xcode's order")
        let catalog = try Catalog.load(paths: [folder.path("Shop.xcstrings")])
        #expect(catalog.entry(table: "Shop", locale: "de", key: "%lld files")?.comment == "Files in a folder")
        #expect(catalog.entry(table: "Shop", locale: "de", key: "%lld files")?.extractionState == "manual")
    }

    @Test func lintSeesPluralAndDeviceValues() throws {
        let folder = Self.project()
        let catalog = try Catalog.load(paths: [folder.path("Shop.xcstrings")])
        guard case .plural(let rule)? = catalog.entry(table: "Shop", locale: "de", key: "%lld files")?.value else {
            Issue.record("the plural variations are not read as a plural rule")
            return
        }
        #expect(rule.variables["count"]?.forms == [.one: "%lld Datei", .other: "%lld Dateien"])
        #expect(catalog.entry(table: "Shop", locale: "de", key: "Bird Food Shop")?.value == .text("Vogelfutterladen"))
        guard case .plural(let substituted)? = catalog.entry(table: "Shop", locale: "de", key: "files_in_folders")?.value else {
            Issue.record("substitutions are not read as a plural rule")
            return
        }
        #expect(substituted.variables["folders"]?.forms[.other] == "%lld Ordnern")
        #expect(catalog.entry(table: "Shop", locale: "en", key: "chained")?.value == .text("%lld birds"))
    }
}
