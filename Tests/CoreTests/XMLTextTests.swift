import Core
import Testing

/// The one escaper every markup writer uses (SVG card, gallery HTML, XLIFF, the `.stringsdict` reader).
@Suite struct XMLTextTests {
    @Test func contentKeepsQuotesAndAttributesEscapeThemAndTheirWhitespace() {
        let text = "Tom & Jerry's <\"best\">\tline\none\rend"
        #expect(XMLText.escaped(text) == "Tom &amp; Jerry's &lt;\"best\"&gt;\tline\none&#13;end")
        #expect(XMLText.escaped(text, for: .attribute) == "Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt;&#9;line&#10;one&#13;end")
    }

    @Test func charactersXMLDoesNotAllowAreLeftOut() {
        #expect(XMLText.escaped("a\u{0}b\u{1B}c\u{FFFE}d\u{FFFF}e") == "abcde")
        #expect(XMLText.escaped("Zoë 🧭 مرحبا") == "Zoë 🧭 مرحبا")
    }
}
