import Foundation
import Testing
@testable import CatalogParser

/// `.strings` tables written as XML or binary property lists (GlotPress's export, `plutil -convert xml1`): Bundle reads
/// them, so the loader does; the text-format parser, which the editors use, says what they are instead of a byte error.
@Suite struct StringsPropertyListTests {
    /// In the layout GlotPress writes: a generated-file comment, two-space indentation, keys in no particular order.
    static let exported = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <!--Warning: Auto-generated file, do not edit.-->
        <plist version="1.0">
          <dict>
            <key>settings.title</key>
            <string>Einstellungen</string>
            <key>episodes.count</key>
            <string>%1$d Folgen &amp; %2$@</string>
            <key>Archive</key>
            <string>Archivieren</string>
          </dict>
        </plist>

        """

    @Test func theFormatIsToldFromTheFirstBytes() {
        #expect(StringsPropertyList.format(of: Data(Self.exported.utf8)) == .xml)
        #expect(StringsPropertyList.format(of: Data(("\u{FEFF}\n  <plist version=\"1.0\"><dict/></plist>").utf8)) == .xml)
        #expect(StringsPropertyList.format(of: Data("<?xml version=\"1.0\"?>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }.reduce(into: [0xFF, 0xFE]) { $0.append($1) })) == .xml)
        #expect(StringsPropertyList.format(of: Data("bplist00".utf8)) == .binary)
        #expect(StringsPropertyList.format(of: Data("\"a\" = \"<plist>\";".utf8)) == nil)
        #expect(StringsPropertyList.format(of: Data("/* <?xml */ \"a\" = \"b\";".utf8)) == nil)
        #expect(StringsPropertyList.format(of: Data()) == nil)
    }

    @Test func anXMLTableReadsInFileOrderWithEachKeysLine() throws {
        let file = try StringsParser.parseAnyFormat(Data(Self.exported.utf8))
        #expect(file.format == .xml)
        #expect(file.entries.map(\.key) == ["settings.title", "episodes.count", "Archive"])
        #expect(file.entries.map(\.value) == [.string("Einstellungen"), .string("%1$d Folgen & %2$@"), .string("Archivieren")])
        #expect(file.entries.map(\.keyPosition.line) == [6, 8, 10])
        #expect(file.notes.isEmpty)
    }

    @Test func aBinaryTableReadsAsFoundationWroteIt() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["b": "Bee", "a": "Ant"], format: .binary, options: 0)
        let file = try StringsParser.parseAnyFormat(data)
        #expect(file.format == .binary)
        #expect(file.dictionary == ["a": .string("Ant"), "b": .string("Bee")])
    }

    @Test func aValueThatIsNotTextIsANoteNotAnEntry() throws {
        let text = "<plist version=\"1.0\"><dict><key>a</key><string>A</string><key>n</key><integer>3</integer></dict></plist>"
        let file = try StringsParser.parseAnyFormat(Data(text.utf8))
        #expect(file.entries.map(\.key) == ["a"])
        #expect(file.notes.map(\.kind) == [.nonStringValue])
        #expect(file.notes.first?.key == "n")
    }

    @Test func brokenXMLAndARootThatIsNoDictionaryAreSyntaxErrors() {
        #expect(throws: StringsParseError.self) { try StringsParser.parseAnyFormat(Data("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8)) }
        #expect(throws: StringsParseError.self) { try StringsParser.parseAnyFormat(Data("<plist version=\"1.0\"><array><string>a</string></array></plist>".utf8)) }
    }

    /// The editors' parser: a clear sentence, never "Malformed data byte group".
    @Test func theTextFormatParserSaysWhatTheFileIs() {
        do {
            _ = try StringsParser.parse(Data(Self.exported.utf8))
            Issue.record("an XML table parsed as text")
        } catch {
            #expect(error.message == "The file is an XML property list, not the text format")
            #expect(error.hint.contains("text format"))
        }
    }
}
