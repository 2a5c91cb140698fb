import Foundation
import Testing
@testable import CatalogParser
import Core

private func parse(_ text: String) throws -> StringsFile {
    try StringsParser.parse(Data(text.utf8))
}

private func parseError(_ text: String) -> StringsParseError? {
    parseError(Data(text.utf8))
}

private func parseError(_ data: Data) -> StringsParseError? {
    do {
        _ = try StringsParser.parse(data)
        return nil
    } catch {
        return error
    }
}

private func value(_ text: String, key: String = "k") throws -> PlistValue? {
    try parse(text).dictionary[key]
}

private func fixture(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return try Data(contentsOf: url)
}

private func pos(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

// MARK: - Encodings

@Suite struct StringsEncodingTests {
    @Test func readsUTF8WithoutBOM() throws {
        let file = try parse("\"k\" = \"v\";")
        #expect(file.encoding == .utf8)
        #expect(file.dictionary == ["k": .string("v")])
    }

    @Test func readsUTF8WithBOMAndReportsIt() throws {
        let file = try StringsParser.parse(try fixture("utf8-bom.strings"))
        #expect(file.encoding == .utf8BOM)
        #expect(file.dictionary == ["k": .string("v")])
        #expect(file.entries.first?.keyPosition == pos(1, 1))
    }

    @Test func readsUTF16LittleEndianWithBOMIncludingAstralCharacters() throws {
        let file = try StringsParser.parse(try fixture("utf16le-bom.strings"))
        #expect(file.encoding == .utf16LE)
        #expect(file.dictionary == ["k": .string("v 😀")])
        #expect(file.entries.first?.comment == "c")
    }

    @Test func readsUTF16BigEndianWithBOM() throws {
        let file = try StringsParser.parse(try fixture("utf16be-bom.strings"))
        #expect(file.encoding == .utf16BE)
        #expect(file.dictionary == ["k": .string("v")])
    }

    @Test func readsUTF32InBothByteOrdersWithBOM() throws {
        let text = "\"k\" = \"😀\";"
        let little = try StringsParser.parse(Data(DifferentialSupport.encode(text, as: .utf32LE)))
        let big = try StringsParser.parse(Data(DifferentialSupport.encode(text, as: .utf32BE)))
        #expect(little.encoding == .utf32LE && big.encoding == .utf32BE)
        #expect(little.dictionary == ["k": .string("😀")] && big.dictionary == ["k": .string("😀")])
    }

    @Test func rejectsUTF16WithoutBOMWithAHintToResave() throws {
        let error = try #require(parseError(try fixture("utf16le-no-bom.strings")))
        #expect(error.kind == .encoding)
        #expect(error.hint == "Re-save the file as UTF-8 (with or without BOM) or UTF-16 with a BOM.")
    }

    @Test func rejectsLatin1AndPointsAtTheFirstBadByte() throws {
        let error = try #require(parseError(try fixture("latin1.strings")))
        #expect(error.kind == .encoding)
        #expect(error.position == pos(1, 11))
        #expect(error.message.contains("0xE9"))
    }

    @Test func rejectsOverlongAndSurrogateUTF8LikeCoreFoundation() {
        #expect(parseError(Data([0x6B, 0x3D, 0x22, 0xC0, 0x80, 0x22, 0x3B]))?.kind == .encoding)
        #expect(parseError(Data([0x6B, 0x3D, 0x22, 0xED, 0xA0, 0xBD, 0x22, 0x3B]))?.kind == .encoding)
    }

    @Test func rejectsInvalidUTF32Scalars() {
        let bytes = [0xFF, 0xFE, 0, 0] + DifferentialSupport.encode("k=\"", as: .utf32LE).dropFirst(4) + [0, 0, 0x11, 0]
        #expect(parseError(Data(bytes))?.kind == .encoding)
    }

    @Test func rejectsEmptyDataAndABareBOMAsEmpty() {
        #expect(parseError(Data())?.kind == .empty)
        #expect(parseError(Data([0xEF, 0xBB, 0xBF]))?.kind == .empty)
    }

    @Test func acceptsWhitespaceOrCommentsOnlyAsAnEmptyDictionary() throws {
        #expect(try parse("  \n\t").dictionary.isEmpty)
        #expect(try parse("/* nothing */ // here").entries.isEmpty)
        #expect(try StringsParser.parse(Data([0xEF, 0xBB, 0xBF, 0x20])).dictionary.isEmpty)
    }

    @Test func dropsATrailingOddByteOfUTF16LikeCoreFoundation() throws {
        let bytes = DifferentialSupport.encode("\"k\" = \"v\";", as: .utf16LE) + [0x22]
        #expect(try StringsParser.parse(Data(bytes)).dictionary == ["k": .string("v")])
    }

    @Test func keepsLoneUTF16SurrogatesAsReplacementCharacters() throws {
        let bytes = DifferentialSupport.encode("\"k\" = \"", as: .utf16LE) + [0x3D, 0xD8] + DifferentialSupport.encode("\";", as: .utf16LE).dropFirst(2)
        #expect(try StringsParser.parse(Data(bytes)).dictionary == ["k": .string("\u{FFFD}")])
    }

    @Test func parsesDecodedTextTheSameWayAsBytes() throws {
        let text = String(decoding: try fixture("Localizable.strings"), as: UTF8.self)
        #expect(try StringsParser.parse(text: text).entries == (try StringsParser.parse(try fixture("Localizable.strings"))).entries)
    }
}

// MARK: - Grammar

@Suite struct StringsGrammarTests {
    @Test func readsTheFixtureWithEveryKindOfValue() throws {
        let file = try StringsParser.parse(try fixture("Localizable.strings"))
        #expect(file.dictionary == [
            "window.title": .string("Hello, world"),
            "greeting": .string("Hello, %@!"),
            "menu.items": .array([.string("Open"), .string("Close")]),
            "limits": .dictionary(["max": .string("10"), "min": .string("1")]),
            "blob": .data(Data([0x0F, 0xBD, 0x77, 0x74])),
            "quote": .string("She said \"hi\"\né\u{D8}"),
        ])
        #expect(file.entries.map(\.key) == ["window.title", "greeting", "menu.items", "limits", "blob", "quote"])
        #expect(file.entries[0].comment == "Title of the main window")
        #expect(file.entries[1].comment == "Greeting with a name")
        #expect(file.entries[2].comment == nil)
    }

    @Test func acceptsSingleQuotedStringsAndNotesThem() throws {
        let quoted = try parse("'k' = 'v';")
        #expect(quoted.dictionary == ["k": .string("v")])
        #expect(quoted.notes.map(\.kind) == [.singleQuotedString, .singleQuotedString])
    }

    @Test func acceptsUnquotedWordsFromCoreFoundationsCharacterSetOnly() throws {
        let file = try parse("a_$/:.-Z9 = x.y/z;")
        #expect(file.dictionary == ["a_$/:.-Z9": .string("x.y/z")])
        #expect(file.notes.map(\.kind) == [.unquotedString, .unquotedString])
        #expect(parseError("k = a+b;")?.message == "Missing ';' on line 1")
        #expect(parseError("k = é;") != nil)
    }

    @Test func usesTheKeyAsValueForAKeyWithoutValue() throws {
        let file = try parse("\"k\";\n\"j\" = \"v\";")
        #expect(file.dictionary == ["k": .string("k"), "j": .string("v")])
        #expect(file.notes.first?.kind == .keyWithoutValue)
        #expect(file.entries[0].valuePosition == pos(1, 1))
    }

    @Test func acceptsABracedRootDictionary() throws {
        let file = try StringsParser.parse(try fixture("braced.strings"))
        #expect(file.dictionary["k"] == .string("v"))
        #expect(file.dictionary["n"] == .dictionary(["x": .array([.string("1"), .string("2"), .data(Data([0]))])]))
        #expect(file.entries.map(\.keyPosition) == [pos(2, 3), pos(3, 3)])
    }

    @Test func rejectsAFileThatIsOnlyAStringOrAnArray() throws {
        let string = try #require(parseError("\"hello\""))
        #expect(string.kind == .syntax && string.message.contains("a single string"))
        #expect(parseError("(a, b)")?.message.contains("an array") == true)
        #expect(parseError("<0fbd>")?.message.contains("data") == true)
    }

    @Test func reportsJunkAfterABracedRoot() throws {
        let error = try #require(parseError("{ a = b; }\n x"))
        #expect(error.message == "Junk after plist at line 2")
        #expect(error.position == pos(2, 2))
    }

    @Test func ignoresTextAfterTheLastSemicolonLikeCoreFoundationButNotesIt() throws {
        // Entries after the stray character are lost: a note of its own, which the linter makes an error.
        let file = try parse("\"a\" = \"b\";\n}\n\"c\" = \"d\";")
        #expect(file.dictionary == ["a": .string("b")])
        #expect(file.notes.map(\.kind) == [.ignoredEntries])
        #expect(file.notes.first?.position == pos(2, 1))
        #expect(file.notes.first?.message.contains("1 line(s) with entries are lost") == true)
        // Nothing after it but the stray character: nothing is lost.
        let harmless = try parse("\"a\" = \"b\";\n}\n")
        #expect(harmless.notes.map(\.kind) == [.ignoredTrailingContent])
        // A comment never closed swallows the entries after it.
        let swallowed = try parse("\"a\" = \"b\";\n/* never closed\n\"c\" = \"d\";\n")
        #expect(swallowed.notes.map(\.kind) == [.ignoredEntries])
        #expect(try parse("\"a\" = \"b\";\n/* never closed\n").notes.map(\.kind) == [.unterminatedComment])
    }

    @Test func skipsAllCoreFoundationWhitespaceIncludingLineAndParagraphSeparators() throws {
        #expect(try parse("\u{2028}\"k\"\u{0B}=\u{0C}\"v\"\u{2029};").dictionary == ["k": .string("v")])
        #expect(parseError("\u{A0}\"k\" = \"v\";") != nil)
    }

    @Test func treatsBlockCommentsAsNotNested() {
        #expect(parseError("/* a /* b */ c */ \"k\" = \"v\";") != nil)
    }

    @Test func acceptsAnUnterminatedCommentAtTheEndAndNotesIt() throws {
        let file = try StringsParser.parse(try fixture("unterminated-comment.strings"))
        #expect(file.dictionary == ["a": .string("b")])
        #expect(file.notes.map(\.kind) == [.unterminatedComment])
        #expect(file.notes.first?.position == pos(1, 12))
    }

    @Test func attachesOnlyTheCommentsImmediatelyAboveAnEntry() throws {
        let file = try parse("/* File header */\n\n/* Title */\n\"a\" = \"b\"; // about a\n// Second\n// line\n\"c\" = \"d\";\n\"e\" = \"f\";")
        #expect(file.entries.map(\.comment) == ["Title", "Second\nline", nil])
    }

    @Test func letsTheLastDuplicateWinAndNotesTheLaterOne() throws {
        let file = try parse("\"a\" = \"1\";\n\"a\" = \"2\";")
        #expect(file.dictionary == ["a": .string("2")])
        #expect(file.entries.count == 2)
        let note = try #require(file.notes.first)
        #expect(note.kind == .duplicateKey && note.position == pos(2, 1) && note.key == "a")
        #expect(note.message.contains("line 1"))
    }

    @Test func notesDuplicateKeysInsideNestedDictionaries() throws {
        let file = try parse("k = { a = 1; a = 2; };")
        #expect(file.dictionary == ["k": .dictionary(["a": .string("2")])])
        #expect(file.notes.contains { $0.kind == .duplicateKey && $0.position == pos(1, 14) })
    }

    @Test func countsColumnsInUnicodeScalarsAndCRLFAsOneLineBreak() throws {
        let file = try parse("\"😀\" = \"x\"; \"b\" = \"c\";\r\n\"d\" = \"e\";")
        #expect(file.entries.map(\.keyPosition) == [pos(1, 1), pos(1, 12), pos(2, 1)])
        #expect(file.entries.map(\.valuePosition) == [pos(1, 7), pos(1, 18), pos(2, 7)])
    }
}

// MARK: - Escapes

@Suite struct StringsEscapeTests {
    @Test func decodesTheCStyleEscapes() throws {
        #expect(try value(#""k" = "\a\b\f\n\r\t\v\"\\";"#) == .string("\u{07}\u{08}\u{0C}\n\r\t\u{0B}\"\\"))
    }

    @Test func keepsTheNewlineAfterABackslash() throws {
        #expect(try value("\"k\" = \"a\\\nb\";") == .string("a\nb"))
        #expect(try value("\"k\" = \"a\\\rb\";") == .string("a\rb"))
    }

    @Test func readsOctalEscapesOfAtMostThreeDigits() throws {
        #expect(try value(#""k" = "\101\0123\8";"#) == .string("A\n38"))
    }

    @Test func mapsHighOctalEscapesThroughNeXTSTEPLatin() throws {
        #expect(try value(#""k" = "\200\351\244\376\377\777";"#) == .string("\u{A0}\u{D8}\u{2044}\0\0\0"))
    }

    @Test func readsUppercaseUnicodeEscapesWithUpToFourHexDigits() throws {
        #expect(try value(#""k" = "\U00e9\U20AC\U41\Ug";"#) == .string("é€A\0g"))
    }

    @Test func combinesEscapedSurrogatePairsAndReplacesLoneOnes() throws {
        #expect(try value(#""k" = "\UD83D\UDE00";"#) == .string("😀"))
        #expect(try value(#""k" = "\UD83D!";"#) == .string("\u{FFFD}!"))
    }

    @Test func notesAFifthHexDigitAfterUppercaseU() throws {
        let file = try parse(#""k" = "\U12345";"#)
        #expect(file.dictionary["k"] == .string("\u{1234}5"))
        #expect(file.notes.map(\.kind) == [.longUnicodeEscape])
        #expect(file.notes.first?.position == pos(1, 8))
    }

    /// MeetingBar's `\U00A0Calendar`: a no-break space before a word whose first letters are hex digits is no attempt at
    /// a code point above U+FFFF; `\U1F600` is.
    @Test func aWordAfterAFourDigitEscapeIsNoLongEscape() throws {
        let file = try parse(#""k" = "\U00A0Calendar";"# + "\n" + #""e" = "\U2022Bold";"# + "\n" + #""f" = "\U1F600 hi";"#)
        #expect(file.dictionary["k"] == .string("\u{00A0}Calendar"))
        #expect(file.notes.map(\.kind) == [.longUnicodeEscape])
        #expect(file.notes.first?.position == pos(3, 8))
    }

    @Test func readsLowercaseUAsALetterAndNotesIt() throws {
        let file = try parse(#""k" = "\u00e9";"#)
        #expect(file.dictionary["k"] == .string("u00e9"))
        #expect(file.notes.map(\.kind) == [.lowercaseUnicodeEscape])
    }

    @Test func keepsAnyOtherEscapedCharacterAsItself() throws {
        #expect(try value(#""k" = "\q\'\/";"#) == .string("q'/"))
    }
}

// MARK: - Values

@Suite struct StringsValueTests {
    @Test func readsArraysWithATrailingCommaButNotALeadingOne() throws {
        #expect(try value("k = (a, \"b\",);") == .array([.string("a"), .string("b")]))
        #expect(try value("k = ();") == .array([]))
        #expect(parseError("k = (, a);")?.message == "Expected terminating ')' for array at line 1")
    }

    @Test func readsNestedDictionariesIncludingTheKeyOnlyShortcut() throws {
        #expect(try value("k = { a = (1, { b; }); };") == .dictionary(["a": .array([.string("1"), .dictionary(["b": .string("b")])])]))
        #expect(parseError("k = { a = b };")?.message == "Missing ';' on line 1")
    }

    @Test func readsDataWithSpacesBetweenByteGroups() throws {
        #expect(try value("k = < 0f\tBD\n 77 74 >;") == .data(Data([0x0F, 0xBD, 0x77, 0x74])))
        #expect(try value("k = <>;") == .data(Data()))
    }

    @Test func readsDataDigitsByTheirLowByteLikeCoreFoundation() throws {
        // CF casts each UTF-16 unit to a byte, so U+0130 reads as '0'.
        #expect(try value("k = <0\u{130}>;") == .data(Data([0x00])))
    }

    @Test func notesTopLevelValuesThatAreNotStrings() throws {
        let file = try parse("a = (x);\nb = <00>;\nc = \"s\";")
        #expect(file.notes.filter { $0.kind == .nonStringValue }.map(\.key) == ["a", "b"])
    }

    @Test func acceptsNestingUpTo512LevelsLikeCoreFoundation() throws {
        let deep = "k = " + String(repeating: "(", count: 511) + String(repeating: ")", count: 511) + ";"
        #expect((try? parse(deep)) != nil)
        let tooDeep = "k = " + String(repeating: "(", count: 512) + "x" + String(repeating: ")", count: 512) + ";"
        #expect(parseError(tooDeep) != nil)
    }
}

// MARK: - Errors

@Suite struct StringsErrorTests {
    @Test func pointsAMissingSemicolonAtTheEndOfTheEntryNotTheNextLine() throws {
        let error = try #require(parseError(try fixture("missing-semicolon.strings")))
        #expect(error.kind == .syntax)
        #expect(error.message == "Missing ';' on line 1")
        #expect(error.coreFoundationMessage == "Missing ';' on line 2")
        #expect(error.position == pos(1, 10))
        #expect(error.hint == "Add ';' after the value.")
    }

    @Test func suggestsEscapingWhenAQuoteEndsTheValueEarly() throws {
        let error = try #require(parseError(#""k" = "say "hi" now";"#))
        #expect(error.message == "Missing ';' on line 1")
        #expect(error.position == pos(1, 13))
        #expect(error.hint.contains("escape it"))
    }

    @Test func pointsAMissingSemicolonAfterAFinalKeyAtTheKey() throws {
        let error = try #require(parseError("\"x\" = \"y\";\n\"a\"\n\n"))
        #expect(error.message == "Missing ';' on line 2")
        #expect(error.coreFoundationMessage == "Missing ';' on line 4")
        #expect(error.position == pos(2, 4))
    }

    @Test func reportsAKeyFollowedByAnotherString() throws {
        let error = try #require(parseError("\"a\" \"b\";"))
        #expect(error.message == "Expected ';' or '=' after key at line 1")
        #expect(error.position == pos(1, 5))
    }

    @Test func reportsAnUnexpectedCharacterInHexLikeCoreFoundation() throws {
        let error = try #require(parseError("\"a\" = ;"))
        #expect(error.message == "Unexpected character '0x3b' at line 1")
        #expect(error.position == pos(1, 7))
    }

    @Test func reportsAnUnterminatedStringAtItsOpeningQuote() throws {
        let error = try #require(parseError("\"a\" = \"b;\n\n"))
        #expect(error.message == "Unterminated quoted string starting on line 1")
        #expect(error.position == pos(1, 7))
    }

    @Test func reportsAnUnterminatedBackslashAtTheBackslash() throws {
        let error = try #require(parseError("\"a\" = \"b\\"))
        #expect(error.message == "Unterminated backslash sequence on line 1")
        #expect(error.position == pos(1, 9))
    }

    @Test func reportsUnclosedContainersAtTheirOpeningBracket() throws {
        #expect(parseError("k = (\"x\"")?.message == "Expected ',' for array at line 1")
        #expect(parseError("k = (\"x\"")?.position == pos(1, 5))
        #expect(parseError("k = (\"x\" \"y\");")?.position == pos(1, 10))
        #expect(parseError("k = { a = b;\n")?.message == "Expected terminating '}' for dictionary at line 1")
        #expect(parseError("k = { a = b;\n")?.position == pos(1, 5))
        #expect(parseError("k = <0f")?.message == "Expected terminating '>' for data at line 1")
        #expect(parseError("k = <0f")?.position == pos(1, 5))
    }

    @Test func reportsMalformedDataWithCoreFoundationsWording() throws {
        #expect(parseError("k = <0f b>;")?.message == "Malformed data byte group at line 1; uneven length")
        #expect(parseError("k = <0f b>;")?.position == pos(1, 9))
        #expect(parseError("k = <zz>;")?.message == "Malformed data byte group at line 1; invalid hex")
        #expect(parseError("k = <0f\u{0B}>;")?.message == "Malformed data byte group at line 1; invalid hex")
    }

    @Test func reportsAMissingValueAtTheEndOfTheFile() throws {
        #expect(parseError("k =")?.message == "Unexpected EOF while parsing plist")
    }

    @Test func reportsTooDeepNesting() throws {
        let error = try #require(parseError("k = " + String(repeating: "(", count: 600)))
        #expect(error.kind == .syntax)
        #expect(!error.hint.isEmpty)
    }

    @Test func describesItselfWithPositionMessageAndHint() throws {
        let error = try #require(parseError("\"a\" = ;"))
        #expect(error.description == "1:7: Unexpected character '0x3b' at line 1. Expected a value: a quoted string, '(' for an array, '{' for a dictionary or '<' for data.")
    }

    @Test func everyFixtureThatCoreFoundationRejectsIsRejectedToo() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        for name in names {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let oracle = DifferentialSupport.withStandardErrorSilenced { DifferentialSupport.oracle(data) }
            let ours = try? StringsParser.parse(data)
            switch oracle {
            case .dictionary(let expected):
                if name.contains("no-bom") { continue }  // deliberate: CF guesses UTF-16 byte order, we refuse
                #expect(ours?.dictionary == expected, "\(name)")
            case .otherRoot, .rejected:
                #expect(ours == nil, "\(name)")
            }
        }
    }
}
