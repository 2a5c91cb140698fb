import Core
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 4 (for `.strings`): import edits the target files in place, and an unchanged round trip is
/// byte-identical, on fixtures in the styles real projects use.
@Suite struct ImportInPlaceTests {
    static let base = """
    /* Title of the home screen */
    "home.title" = "Home";

    /* Shown when offline; %@ is the place */
    "offline.message" = "You are offline in %@.";

    "cherry" = "Cherry";
    "zebra" = "Zebra";

    """

    /// translatewiki.net style: `//` attribution header, `// Fuzzy` needs-review markers, keys in its own order.
    static let translatewiki = """
    // Messages for German (Deutsch)
    // Exported from translatewiki.net
    //
    // Author: Anon
    // Author: Beispiel

    "home.title" = "Startseite";
    // Fuzzy
    "offline.message" = "Du bist offline in %@.";
    "zebra" = "Zebra";

    """

    /// A vendor export: `/* */` comments of its own, tabs, no trailing newline.
    static let vendor = "/* Vendor: ACME Localization, batch 42 */\n\n/* Home */\n\"home.title\"\t=\t\"Inicio\";\n\n/* Offline */\n\"offline.message\"\t=\t\"Sin conexión en %@.\";"

    static func project() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", base)
        folder.write("de.lproj/Main.strings", translatewiki)
        folder.write("es.lproj/Main.strings", vendor)
        // UTF-16 LE with BOM, CRLF line ends, as older Xcode projects have.
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("/* Accueil */\r\n\"home.title\" = \"Accueil\";\r\n\"offline.message\" = \"Hors ligne à %@.\";\r\n".data(using: .utf16LittleEndian)!)
        folder.write("fr.lproj/Main.strings", data: utf16)
        folder.writePlural("en.lproj/Main.stringsdict", key: "files", forms: ["one": "%d file", "other": "%d files"])
        // Xcode's own plist layout (tabs, DOCTYPE), which PropertyListSerialization would not write back the same.
        folder.write("de.lproj/Main.stringsdict", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>files</key>
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
        			<string>%d Datei</string>
        			<key>other</key>
        			<string>%d Dateien</string>
        		</dict>
        	</dict>
        </dict>
        </plist>

        """)
        return folder
    }

    static func bytes(_ folder: CatalogFolder, _ locale: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder.path("\(locale).lproj/Main.strings")))
    }

    /// Exports the project, edits one locale's XLIFF as a translator would, and imports it back.
    static func importEdited(_ folder: CatalogFolder, _ locale: String, _ change: (String) -> String) throws {
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let path = xliff.path("\(locale).xliff")
        try Data(change(try String(contentsOfFile: path, encoding: .utf8)).utf8).write(to: URL(fileURLWithPath: path))
        #expect(L10nCommands.importXLIFF(file: path, into: folder.root).exitCode == 0)
    }

    @Test(arguments: ["de", "es", "fr"])
    func anUnchangedRoundTripIsByteIdentical(locale: String) throws {
        let folder = Self.project()
        let before = try Self.bytes(folder, locale)
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let outcome = L10nCommands.importXLIFF(file: xliff.path("\(locale).xliff"), into: folder.root)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("\(locale).lproj/Main.strings"), "an unchanged file is not rewritten")
        #expect(try Self.bytes(folder, locale) == before)
        if locale == "de" {
            let plural = folder.path("de.lproj/Main.stringsdict")
            #expect(!outcome.standardOutput.contains(plural))
            #expect(try String(contentsOfFile: plural, encoding: .utf8).contains("\t\t\t<string>%d Dateien</string>"))
        }
        #expect(try Self.bytes(folder, "en") == Data(Self.base.utf8))
    }

    @Test func aChangedValueIsReplacedWhereItStandsAndANewKeyFollowsItsNeighbour() throws {
        let folder = Self.project()
        try Self.importEdited(folder, "de") {
            $0.replacingOccurrences(of: ">Startseite</target>", with: ">Übersicht</target>")
                .replacingOccurrences(of: "<source>Cherry</source>", with: "<source>Cherry</source>\n        <target state=\"translated\">Kirsche</target>")
        }
        let after = String(decoding: try Self.bytes(folder, "de"), as: UTF8.self)
        #expect(after == """
        // Messages for German (Deutsch)
        // Exported from translatewiki.net
        //
        // Author: Anon
        // Author: Beispiel

        "home.title" = "Übersicht";
        // Fuzzy
        "offline.message" = "Du bist offline in %@.";
        "cherry" = "Kirsche";
        "zebra" = "Zebra";

        """)
    }

    @Test func utf16FilesStayUTF16WithTheirBOMAndLineEnds() throws {
        let folder = Self.project()
        try Self.importEdited(folder, "fr") { $0.replacingOccurrences(of: ">Accueil</target>", with: ">Page d’accueil</target>") }
        var expected = Data([0xFF, 0xFE])
        expected.append("/* Accueil */\r\n\"home.title\" = \"Page d’accueil\";\r\n\"offline.message\" = \"Hors ligne à %@.\";\r\n".data(using: .utf16LittleEndian)!)
        #expect(try Self.bytes(folder, "fr") == expected)
    }

    /// A translation GlotPress exported as an XML property list is read, exported, and never rewritten in the text
    /// format by an import: the import names the file and says why, and the file keeps every byte.
    @Test func aPropertyListTranslationIsNeverRewrittenAsText() throws {
        let folder = Self.project()
        let exported = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n  <dict>\n    <key>home.title</key>\n"
            + "    <string>Inicio</string>\n  </dict>\n</plist>\n"
        folder.write("es.lproj/Main.strings", exported)
        let xliff = CatalogFolder()
        #expect(L10nCommands.exportXLIFF(paths: [folder.root], to: xliff.root).exitCode == 0)
        let path = xliff.path("es.xliff")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(">Inicio</target>"))
        try Data(text.replacingOccurrences(of: ">Inicio</target>", with: ">Portada</target>").utf8).write(to: URL(fileURLWithPath: path))
        let outcome = L10nCommands.importXLIFF(file: path, into: folder.root)
        #expect(outcome.exitCode != 0)
        #expect(outcome.standardError.contains("es.lproj/Main.strings") && outcome.standardError.contains("XML property list"), "\(outcome.standardError)")
        #expect(try String(contentsOfFile: folder.path("es.lproj/Main.strings"), encoding: .utf8) == exported)
    }
}
