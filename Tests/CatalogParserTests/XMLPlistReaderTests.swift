import Foundation
import Testing
@testable import CatalogParser

/// The `.stringsdict` reader gives what `PropertyListSerialization` gives for the plain XML it knows, and gives up
/// (nil, so Foundation reads the file) on anything else.
@Suite struct XMLPlistReaderTests {
    static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

    """

    /// A canonical text of a property list value, keys sorted, so two readers' results compare exactly.
    static func canonical(_ value: Any) -> String {
        if let dictionary = value as? [String: Any] {
            return "{" + dictionary.keys.sorted().map { "\($0.debugDescription): \(canonical(dictionary[$0]!))" }.joined(separator: ", ") + "}"
        }
        if let array = value as? [Any] { return "[" + array.map(canonical).joined(separator: ", ") + "]" }
        if let string = value as? String { return string.debugDescription }
        return "<\(type(of: value)): \(value)>"
    }

    @Test(arguments: [
        // What Xcode writes: a rule with its categories, and a second rule with a variable in the middle.
        """
        <plist version="1.0">
        <dict>
        \t<key>photos.count</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>You took %#@photos@ today</string>
        \t\t<key>photos</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>ld</string>
        \t\t\t<key>zero</key>
        \t\t\t<string>no photos</string>
        \t\t\t<key>few</key>
        \t\t\t<string>%ld photos (few)</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%ld photos</string>
        \t\t</dict>
        \t</dict>
        \t<key>albums</key>
        \t<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict>
        </dict>
        </plist>

        """,
        // Entities, character references, spaces kept inside a string, comments, empty elements, an array.
        """
        <plist version="1.0"><!-- generated -->
        <dict>
          <!-- a note -->
          <key>A &amp; B &lt;tag&gt; &quot;q&quot; &apos;s&apos;</key>
          <dict><key>NSStringLocalizedFormatKey</key><string>  %#@n@ &#233;&#x1F600; </string>
            <key>n</key><dict/>
            <key>empty</key><string/>
            <key>list</key><array><string>x</string><array/></array>
          </dict>
        </dict>
        </plist>
        """,
        "<plist version=\"1.0\">\n<dict/>\n</plist>\n",
    ])
    func readsWhatFoundationReads(body: String) throws {
        let data = Data((Self.header + body).utf8)
        let foundation = try PropertyListSerialization.propertyList(from: data, format: nil)
        let ours = try #require(XMLPlistReader.read(data))
        #expect(Self.canonical(ours) == Self.canonical(foundation))
    }

    @Test(arguments: [
        "<plist version=\"1.0\">\r\n<dict>\r\n<key>a</key>\r\n<string>b</string>\r\n</dict>\r\n</plist>\r\n", // line ends XML normalises
        "<plist version=\"1.0\"><dict><key>a</key><integer>1</integer></dict></plist>",                   // another value type
        "<plist version=\"1.0\"><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>", // a duplicate key
        "<plist version=\"1.0\"><dict><key>a</key><string><![CDATA[x]]></string></dict></plist>",          // CDATA
        "<plist version=\"1.0\"><dict><key>a</key><string>&nbsp;</string></dict></plist>",                // an entity XML does not define
        "<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist><extra/>",             // something after the plist
    ])
    func leavesEverythingElseToFoundation(body: String) {
        #expect(XMLPlistReader.read(Data((Self.header + body).utf8)) == nil)
    }

    @Test func invalidUTF8IsLeftToFoundation() {
        var data = Data((Self.header + "<plist version=\"1.0\"><dict><key>a</key><string>caf").utf8)
        data.append(contentsOf: [0xC3, 0x28]) // a lead byte without its continuation
        data.append(contentsOf: Array("</string></dict></plist>".utf8))
        #expect(XMLPlistReader.read(data) == nil)
    }

    @Test func anotherEncodingIsLeftToFoundation() {
        let data = Data("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><dict/></plist>".utf8)
        #expect(XMLPlistReader.read(data) == nil)
    }
}
