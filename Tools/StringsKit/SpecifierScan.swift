import Foundation

/// A fast, allocation-free pass over the printf specifiers of a string's UTF-8 bytes, for the common case.
///
/// Core's `FormatSpecifier.parse` builds arrays and strings for every specifier; for 20,000-entry tables the linter
/// first asks this scanner whether a translation's specifiers are *textually identical, in order,* to the base's.
/// It recognises only the plain grammar (`%[N$][flags][width][.precision][length]conversion`, `%#@name@`, `%%`), a
/// subset of Core's, and answers nil ("not sure") for anything else, so the caller falls back to Core's parser and
/// the findings are the same either way (`FastPathTests` checks this against Core).
enum SpecifierScan {
    /// True when both strings have exactly the same specifier texts in the same order and no lone `%`;
    /// false when they certainly differ textually; nil when the scan met something it does not handle.
    static func sameSpecifiers(_ text: String, _ base: String) -> Bool? {
        UTF8Bytes.with(text) { mine in
            UTF8Bytes.with(base) { theirs in
                var myCursor = 0
                var theirCursor = 0
                while true {
                    guard let a = next(in: mine, from: &myCursor), let b = next(in: theirs, from: &theirCursor) else { return nil }
                    switch (a, b) {
                    case (.end, .end):
                        return true
                    case let (.specifier(x), .specifier(y)):
                        if !mine[x].elementsEqual(theirs[y]) { return false }
                    default:
                        return false
                    }
                }
            }
        }
    }

    /// True when every `%` in the text starts a plain specifier or `%%`, so Core would report no invalid ones.
    static func isPlain(_ text: String) -> Bool {
        UTF8Bytes.with(text) { bytes in
            var cursor = 0
            while let step = next(in: bytes, from: &cursor) {
                if case .end = step { return true }
            }
            return false
        }
    }

    /// True when the text has an ASCII letter outside its specifiers, false when it has no letter at all; nil when a
    /// non-ASCII byte (which may be a letter) or something the scan does not handle stands outside them.
    static func hasASCIILetters(_ text: String) -> Bool? {
        UTF8Bytes.with(text) { bytes in
            var cursor = 0
            var literalStart = 0
            func scan(_ range: Range<Int>) -> Bool? {
                var sawOther = false
                for index in range {
                    let byte = bytes[index]
                    if (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { return true }
                    if byte >= 0x80 { sawOther = true }
                }
                return sawOther ? nil : false
            }
            var unsure = false
            while let step = next(in: bytes, from: &cursor) {
                switch step {
                case .specifier(let range):
                    switch scan(literalStart..<range.lowerBound) {
                    case true?: return true
                    case nil: unsure = true
                    case false?: break
                    }
                    literalStart = range.upperBound
                case .end:
                    switch scan(literalStart..<bytes.count) {
                    case true?: return true
                    case nil: return nil
                    case false?: return unsure ? nil : false
                    }
                }
            }
            return nil
        }
    }

    enum Step {
        case specifier(Range<Int>)
        case end
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always) private static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"),
             UInt8(ascii: "X"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"),
             UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "s"),
             UInt8(ascii: "S"), UInt8(ascii: "p"), UInt8(ascii: "D"), UInt8(ascii: "U"), UInt8(ascii: "O"): true
        default: false
        }
    }

    @inline(__always) private static func isFlag(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"), UInt8(ascii: "'"): true
        default: false
        }
    }

    @inline(__always) private static func isLength(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"),
             UInt8(ascii: "L"): true
        default: false
        }
    }

    /// The next specifier from `cursor`, `.end` when there is none, nil when the grammar is beyond this scanner.
    private static func next(in bytes: UnsafeBufferPointer<UInt8>, from cursor: inout Int) -> Step? {
        let end = bytes.count
        while cursor < end {
            // To the next `%` with libc's vectorised search (the text between specifiers is most of every text).
            guard bytes[cursor] == UInt8(ascii: "%") else {
                guard let found = memchr(bytes.baseAddress! + cursor, Int32(UInt8(ascii: "%")), end - cursor) else { cursor = end; continue }
                cursor = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                continue
            }
            let start = cursor
            var index = cursor + 1
            guard index < end else { return nil }
            if bytes[index] == UInt8(ascii: "%") { cursor = index + 1; continue }
            // %N$
            var lookahead = index
            var number = 0
            while lookahead < end, isDigit(bytes[lookahead]) {
                number = number &* 10 &+ Int(bytes[lookahead] - 0x30)
                lookahead += 1
            }
            if lookahead > index, lookahead < end, bytes[lookahead] == UInt8(ascii: "$") {
                guard number > 0, lookahead - index < 9 else { return nil }
                index = lookahead + 1
            }
            // %#@name@
            if index + 1 < end, bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "@") {
                var close = index + 2
                while close < end, bytes[close] != UInt8(ascii: "@") { close += 1 }
                guard close < end, close > index + 2 else { return nil }
                cursor = close + 1
                return .specifier(start..<cursor)
            }
            while index < end, isFlag(bytes[index]) {
                if bytes[index] == UInt8(ascii: "#") { return nil } // '#' flags: leave to Core
                index += 1
            }
            while index < end, isDigit(bytes[index]) { index += 1 }
            if index < end, bytes[index] == UInt8(ascii: "*") { return nil }
            if index < end, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < end, isDigit(bytes[index]) { index += 1 }
                if index < end, bytes[index] == UInt8(ascii: "*") { return nil }
            }
            let lengthStart = index
            while index < end, isLength(bytes[index]) { index += 1 }
            guard index - lengthStart <= 2, index < end, isConversion(bytes[index]) else { return nil }
            cursor = index + 1
            return .specifier(start..<cursor)
        }
        return .end
    }
}
