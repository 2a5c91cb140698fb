import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 4 (for `.stringsdict`): import edits the XML plist in place, only the `<string>`s that changed, on
/// fixtures in Xcode's tab layout and in a vendor's two-space layout with comments.
@Suite struct StringsdictInPlaceTests {
    static func rule(_ key: String, _ one: String, _ other: String) -> String {
        """
        	<key>\(key)</key>
        	<dict>
        		<key>NSStringLocalizedFormatKey</key>
        		<string>%#@count@</string>
        		<key>count</key>
        		<dict>
        			<key>NSStringFormatSpecTypeKey</key>
        			<string>NSStringPluralRuleType</string>
        			<key>NSStringFormatValueTypeKey</key>
        			<string>d</string>
        			<key>one</key>
        			<string>\(one)</string>
        			<key>other</key>
        			<string>\(other)</string>
        		</dict>
        	</dict>

        """
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)</dict>
        </plist>

        """
    }

    /// Xcode's layout: tabs, DOCTYPE, a trailing newline, rules in the order they were written (not sorted, as
    /// `PropertyListSerialization` would write them).
    static let german = plist(rule("songs", "%d Lied", "%d Lieder") + rule("files", "%d Datei", "%d Dateien"))

    /// A vendor's layout: two spaces, comments of its own, forms on one line with their keys, no trailing newline.
    static let polish = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <!-- Vendor: ACME Localization, batch 42 -->
    <plist version="1.0">
    <dict>
      <!-- Files screen -->
      <key>files</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@count@</string>
        <key>count</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key> <string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key> <string>d</string>
          <key>one</key> <string>%d plik</string>
          <!-- reviewed -->
          <key>other</key> <string>%d pliku</string>
        </dict>
      </dict>
    </dict>
    </plist>
    """

    static func project() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"title\" = \"Title\";\n")
        folder.write("en.lproj/Main.stringsdict", plist(rule("songs", "%d song", "%d songs") + rule("photos", "%d photo", "%d photos")
                + rule("files", "%d file", "%d files")))
        folder.write("de.lproj/Main.strings", "\"title\" = \"Titel\";\n")
        folder.write("de.lproj/Main.stringsdict", german)
        folder.write("pl.lproj/Main.stringsdict", polish)
        return folder
    }

    static func text(_ folder: CatalogFolder, _ locale: String) throws -> String {
        try String(contentsOfFile: folder.path("\(locale).lproj/Main.stringsdict"), encoding: .utf8)
    }

    /// Exports the project, edits one locale's XLIFF as a translator would, and imports it back.
    static func importEdited(_ folder: CatalogFolder, _ locale: String, _ change: (String) throws -> String) throws -> CommandOutcome {
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let path = xliff.path("\(locale).xliff")
        try Data(try change(try String(contentsOfFile: path, encoding: .utf8)).utf8).write(to: URL(fileURLWithPath: path))
        return L10nCommands.importXLIFF(file: path, into: folder.root)
    }

    @Test(arguments: ["de", "pl"])
    func anUnchangedRoundTripIsByteIdentical(locale: String) throws {
        let folder = Self.project()
        let before = try Self.text(folder, locale)
        let outcome = try Self.importEdited(folder, locale) { $0 }
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("Main.stringsdict"), "an unchanged file is not rewritten")
        #expect(try Self.text(folder, locale) == before)
    }

    @Test func aChangedFormIsReplacedWhereItStandsAndEscaped() throws {
        let folder = Self.project()
        let outcome = try Self.importEdited(folder, "de") {
            $0.replacingOccurrences(of: ">%d Lieder</target>", with: ">%d Lieder &amp; &lt;Alben&gt;</target>")
        }
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(try Self.text(folder, "de") == Self.german.replacingOccurrences(of: "<string>%d Lieder</string>",
                                                                             with: "<string>%d Lieder &amp; &lt;Alben&gt;</string>"))
        let catalog = try Catalog.load(paths: [folder.root])
        guard case .plural(let rule)? = catalog.entry(table: "Main", locale: "de", key: "songs")?.value else {
            Issue.record("songs is not a plural rule")
            return
        }
        #expect(rule.variables["count"]?.forms[.other] == "%d Lieder & <Alben>")
    }

    @Test func aNewKeyFollowsItsBaseOrderNeighbourInTheFilesLayout() throws {
        let folder = Self.project()
        let outcome = try Self.importEdited(folder, "de") {
            $0.replacingOccurrences(of: "<source>%d photo</source>", with: "<source>%d photo</source>\n        <target state=\"translated\">%d Foto</target>")
                .replacingOccurrences(of: "<source>%d photos</source>", with: "<source>%d photos</source>\n        <target state=\"translated\">%d Fotos</target>")
                .replacingOccurrences(of: "id=\"/photos:dict/NSStringLocalizedFormatKey:dict/:string\" xml:space=\"preserve\">\n        <source>%#@count@</source>",
                                      with: "id=\"/photos:dict/NSStringLocalizedFormatKey:dict/:string\" xml:space=\"preserve\">\n        <source>%#@count@</source>\n        <target state=\"translated\">%#@count@</target>")
        }
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(try Self.text(folder, "de") == Self.plist(Self.rule("songs", "%d Lied", "%d Lieder") + Self.rule("photos", "%d Foto", "%d Fotos")
                + Self.rule("files", "%d Datei", "%d Dateien")))
    }

    @Test func aFormNewToTheFileGoesBesideItsSiblingsInCLDROrder() throws {
        let folder = Self.project()
        // The export offers the forms Polish needs (few, many) that the file lacks, with the base's `other` as source;
        // the translator fills `few` only.
        let outcome = try Self.importEdited(folder, "pl") { xliff in
            let unit = try #require(xliff.range(of: "<trans-unit id=\"/files:dict/count:dict/few:dict/:string\""))
            let source = try #require(xliff.range(of: "</source>", range: unit.upperBound..<xliff.endIndex))
            #expect(xliff.contains("<trans-unit id=\"/files:dict/count:dict/many:dict/:string\""))
            return xliff.replacingCharacters(in: source, with: "</source>\n        <target state=\"translated\">%d pliki</target>")
                .replacingOccurrences(of: ">%d pliku</target>", with: ">%d plików</target>")
        }
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(try Self.text(folder, "pl") == Self.polish
            .replacingOccurrences(of: "<key>one</key> <string>%d plik</string>\n",
                                  with: "<key>one</key> <string>%d plik</string>\n      <key>few</key> <string>%d pliki</string>\n")
            .replacingOccurrences(of: "<string>%d pliku</string>", with: "<string>%d plików</string>"))
    }

    @Test func aFileThatCannotBeFollowedIsAnErrorNamingItAndStaysUntouched() throws {
        let folder = Self.project()
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let broken = Self.german.replacingOccurrences(of: "<string>%d Lieder</string>", with: "<string>%d Lieder</strin>")
        folder.write("de.lproj/Main.stringsdict", broken)
        let path = xliff.path("de.xliff")
        let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: ">%d Datei</target>", with: ">%d Akte</target>")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        let outcome = L10nCommands.importXLIFF(file: path, into: folder.root)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError.hasPrefix("l10n: \(folder.path("de.lproj/Main.stringsdict")): "))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1, "one line: \(outcome.standardError)")
        #expect(try Self.text(folder, "de") == broken)
    }
}
