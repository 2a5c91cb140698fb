import Foundation
import Testing
@testable import CatalogParser
import Core

/// The parser's fast paths must give exactly what the plain paths give: UTF-16 LE read in place vs copied, the
/// word-at-a-time position tracker vs a unit-by-unit count, one comment vs several.
@Suite("Parser fast paths")
struct ParserFastPathTests {
    /// Line and column of every offset, counted one code unit at a time (the tracker's definition).
    static func naivePositions(_ units: [UInt16]) -> [SourcePosition] {
        var positions: [SourcePosition] = []
        var line = 1, column = 1
        for (offset, unit) in units.enumerated() {
            positions.append(SourcePosition(line: line, column: column))
            if unit == 0x0A {
                if offset == 0 || units[offset - 1] != 0x0D { line += 1 }
                column = 1
            } else if unit == 0x0D {
                line += 1
                column = 1
            } else if unit & 0xFC00 == 0xDC00, offset > 0, units[offset - 1] & 0xFC00 == 0xD800 {
                // the second half of a pair
            } else {
                column += 1
            }
        }
        positions.append(SourcePosition(line: line, column: column))
        return positions
    }

    @Test func theWordAtATimeTrackerAgreesWithAUnitByUnitCountOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        // Line breaks, tabs, a lone low surrogate, pairs, BMP letters: each pattern lands at every alignment.
        let alphabet: [[UInt16]] = [[0x61], [0x62], [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0xD83D, 0xDE00], [0xDC00],
                                    [0xD800], [0x4E2D], [0x2028], [0x20], [0x0E], [0x0C]]
        for _ in 0..<200 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 0...120, using: &generator) { units += alphabet.randomElement(using: &generator)! }
            let expected = Self.naivePositions(units)
            units.withUnsafeBufferPointer { buffer in
                // In order (one pass), and each offset from a fresh tracker (jumping straight to it).
                var tracker = SourcePositionTracker(units: buffer)
                for offset in 0...units.count {
                    #expect(tracker.position(of: offset) == expected[offset], "offset \(offset) of \(units)")
                    var fresh = SourcePositionTracker(units: buffer)
                    #expect(fresh.position(of: offset) == expected[offset], "fresh, offset \(offset) of \(units)")
                }
            }
        }
    }

    @Test func utf16LittleEndianReadInPlaceEqualsTheCopiedDecode() throws {
        let text = "/* A note */\n\"greeting\" = \"Hei, %@ 😀\";\n// trailing\n\"k\" = 'v';\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let aligned = try StringsParser.parse(Data(bytes))
        // An odd start address cannot be read as UInt16 in place: the decoder copies, with the same result.
        let padded = Data([0] + bytes)
        let misaligned = try StringsParser.parse(padded[1...])
        let copied = try StringsParser.parse(units: Array(text.utf16), encoding: .utf16LE)
        #expect(aligned == copied)
        #expect(misaligned == copied)
        #expect(aligned.entries.map(\.comment) == ["A note", "trailing"])
        #expect(aligned.dictionary == ["greeting": .string("Hei, %@ 😀"), "k": .string("v")])
        // A trailing odd byte is dropped, as before.
        #expect(try StringsParser.parse(Data(bytes + [0x41])) == copied)
    }

    @Test func oneCommentAndSeveralCommentsBothBecomeTheEntrysComment() throws {
        let file = try StringsParser.parse(text: """
            /*  One  */
            "a" = "1";
            /* First */
            // Second
            "b" = "2";
            /* */
            "c" = "3";
            """)
        #expect(file.entries.map(\.comment) == ["One", "First\nSecond", nil])
    }

    @Test func theDictionaryKeepsTheLastOfDuplicateKeys() throws {
        let file = try StringsParser.parse(text: "\"k\" = \"1\";\n\"j\" = \"x\";\n\"k\" = \"2\";\n")
        #expect(file.dictionary == ["k": .string("2"), "j": .string("x")])
        #expect(file.entries.count == 3)
    }

    /// Quoted strings and `/* */` comments are stepped over eight and four code units at a time: a quote, a
    /// backslash, a `*` or a `*/` at every place of a chunk, after every amount of padding, in ASCII and not, is read
    /// as one unit at a time reads it.
    @Test func quotesEscapesAndCommentEndsAreFoundAtEveryAlignment() throws {
        let letters: [Character] = ["a", "ø", "中", "😀", "b", "%", "@"]
        for padding in 0..<8 {
            for length in 0...19 {
                let body = String((0..<length).map { letters[($0 * 5 + padding) % letters.count] })
                for mark in [-1] + Array(0...length) {
                    // The value with an escaped quote (or a backslash pair) at `mark`, and a comment with a `*` there.
                    var value = body, written = body, comment = body
                    if mark >= 0 {
                        let escape = mark % 2 == 0 ? "\\\"" : "\\\\"
                        value.insert(contentsOf: mark % 2 == 0 ? "\"" : "\\", at: value.index(value.startIndex, offsetBy: mark))
                        written.insert(contentsOf: escape, at: written.index(written.startIndex, offsetBy: mark))
                        comment.insert(contentsOf: "*", at: comment.index(comment.startIndex, offsetBy: mark))
                    }
                    let pad = String(repeating: " ", count: padding)
                    let text = "\(pad)/*\(comment)*/\n\(pad)\"k\(body)\" = \"\(written)\";\n"
                    let file = try StringsParser.parse(text: text)
                    let entry = try #require(file.entries.first, "\(text)")
                    #expect(entry.key == "k" + body, "\(text)")
                    #expect(entry.value == .string(value), "\(text)")
                    #expect(entry.comment == (comment.isEmpty ? nil : comment), "\(text)")
                    #expect(entry.keyPosition == SourcePosition(line: 2, column: padding + 1), "\(text)")
                }
            }
        }
    }
}
