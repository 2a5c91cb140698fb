import Foundation
import LocalizationKit

/// Keys that Objective-C code localizes: `NSLocalizedString(@"Log Out", nil)`, `NSLocalizedStringFromTable(@"k", @"T", …)`,
/// an app's or SDK's macro (`OCLocalizedString(@"Share", nil)`, `OCLocalizedViaLocalizationBundle(@"After")`) and
/// `[bundle localizedStringForKey:@"k" value:… table:…]`.
///
/// A mixed-language app localizes part of its UI from `.m` files; without them, every key only Objective-C uses looks
/// unused. A light lexer is enough (comments and strings skipped, no preprocessor): what it finds only marks keys as
/// used. It never reports a key missing, as macros the scan cannot expand may map keys in ways it does not see.
enum ObjectiveCScanner {
    static let fileExtensions: Set<String> = ["m", "mm", "h"]

    /// A function or macro whose name says it localizes (not `localizedStringWithFormat`, whose string is a format,
    /// nor `NotLocalizedString`, which says the opposite).
    static func namesLocalizing(_ name: String) -> Bool {
        let lowered = name.lowercased()
        guard lowered.contains("localized") || lowered.contains("l10n") else { return false }
        let refused = ["notlocalized", "unlocalized", "nonlocalized", "localizedstringwithformat", "localizeddescription",
                       "localizedcompare", "localizedcaseinsensitive", "localizedstandard", "localizeduppercase",
                       "localizedlowercase", "localizedcapitalized", "localizedname"]
        return !refused.contains { lowered.contains($0) }
    }

    static func references(in data: Data, file: String) -> [KeyReference] { scan(data, file: file).references }

    /// The references, the starts of keys a macro builds by pasting (`OCLocalizedString(@"keyword_" k, nil)` in
    /// `#define TranslateKeyword(k) …`), and the reads of Foundation's own macros with a key the scan does not follow.
    static func scan(_ data: Data, file: String) -> (references: [KeyReference], prefixes: Set<String>, dynamicKeys: [DynamicKeyReference]) {
        let bytes = [UInt8](data)
        var references: [KeyReference] = []
        var prefixes = Set<String>()
        var dynamicKeys: [DynamicKeyReference] = []
        var index = 0
        var line = 1
        var lineStart = 0

        func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        }
        func skipSpace(_ position: inout Int) {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x0A { line += 1; lineStart = position + 1 } else if byte != 0x20 && byte != 0x09 && byte != 0x0D { return }
                position += 1
            }
        }
        /// `@"…"` at `position`: its text (escapes read), and the position after it. Adjacent literals are one string in
        /// C (`@"requires " @"a password."`, `@"cannot be chosen " "because…"`, across lines too: vienna-rss), so the
        /// pieces that follow are read on; the lines they span are counted.
        func objectiveCString(at position: Int) -> (text: String, end: Int)? {
            guard position + 1 < bytes.count, bytes[position] == 0x40, var (text, cursor) = StringLiterals.piece(in: bytes, quoteAt: position + 1) else {
                return nil
            }
            while let next = StringLiterals.nextPiece(in: bytes, after: cursor) {
                guard let (piece, end) = StringLiterals.piece(in: bytes, quoteAt: next.quote) else { return nil }
                if let last = next.newlines.last { line += next.newlines.count; lineStart = last + 1 }
                text += piece
                cursor = end
            }
            return (String(decoding: text, as: UTF8.self), cursor)
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                line += 1
                lineStart = index + 1
                index += 1
            case 0x2F where index + 1 < bytes.count && bytes[index + 1] == 0x2F: // line comment
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case 0x2F where index + 1 < bytes.count && bytes[index + 1] == 0x2A: // block comment
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) {
                    if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
                    index += 1
                }
                index += 2
            case 0x22, 0x27: // a C string or character: skipped whole
                let quote = byte
                index += 1
                while index < bytes.count, bytes[index] != quote, bytes[index] != 0x0A {
                    index += bytes[index] == 0x5C ? 2 : 1
                }
                index += 1
            case _ where isIdentifierByte(byte) && !(byte >= 0x30 && byte <= 0x39):
                let start = index
                while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
                let name = String(decoding: bytes[start..<index], as: UTF8.self)
                // The lines looked ahead over are counted again by the main loop unless a call is read: the count goes
                // back to where `index` is (Sequel-Ace: 91 of 92 findings a line or more below their call, one more for
                // each line ending in a name above it).
                let (lineAtName, lineStartAtName) = (line, lineStart)
                var cursor = index
                skipSpace(&cursor)
                guard cursor < bytes.count else { break }
                let isCall = bytes[cursor] == 0x28 && namesLocalizing(name)
                let isMessage = bytes[cursor] == 0x3A && name == "localizedStringForKey"
                guard isCall || isMessage else { (line, lineStart) = (lineAtName, lineStartAtName); break }
                cursor += 1
                skipSpace(&cursor)
                let keyLine = line
                let keyColumn = cursor - lineStart + 1
                guard let key = objectiveCString(at: cursor) else {
                    // `NSLocalizedString(pinned ? @"Unpin Tables" : @"Pin Tables", …)` (Sequel-Ace): each branch's literal
                    // is a key the call reads, and a missing one is reported as any other; on one line only.
                    var branches: [(text: String, offset: Int)] = []
                    if isCall, name == "NSLocalizedString" {
                        branches = Self.ternaryKeys(in: bytes, from: cursor)
                        for (text, column) in branches {
                            references.append(KeyReference(location: SourceLocation(file: file, line: keyLine, column: column - lineStart + 1),
                                                           key: .literal(text), table: .known("Localizable"), api: name, reportsMissing: true))
                        }
                    }
                    // A key the scan does not follow (`NSLocalizedString(self.section, @"")`, Zebra: its package sections'
                    // names, "Tweaks" and "Themes", come from a repository's data and no code holds them; plain --fix
                    // deleted them; `[bundle localizedStringForKey:name value:nil table:nil]`; an app's macro given
                    // `package.section`) may be any key of its table. Objective-C's callers are not followed, so a method's
                    // parameter is such a key too; only a `#define`'s parameter is not (its calls are read where they are).
                    if branches.isEmpty, !Self.isDefine(lineStartAtName, in: bytes),
                       let argument = Self.argumentText(in: bytes, from: cursor, message: isMessage), !argument.isEmpty,
                       !Self.isDeclaredParameter(argument),
                       let table = Self.dynamicReadTable(name: name, isMessage: isMessage, in: bytes, after: cursor) {
                        dynamicKeys.append(DynamicKeyReference(location: SourceLocation(file: file, line: keyLine, column: keyColumn), api: name,
                                                               table: table, literalPrefix: nil, expression: argument))
                    }
                    (line, lineStart) = (lineAtName, lineStartAtName)
                    break
                }
                var table: TableName = .unknown
                if isCall, name.hasPrefix("NSLocalizedStringFromTable") {
                    // A look ahead: the main loop goes on from the key's end and counts these lines itself.
                    let (lineAtKeyEnd, lineStartAtKeyEnd) = (line, lineStart)
                    var after = key.end
                    skipSpace(&after)
                    if after < bytes.count, bytes[after] == 0x2C {
                        after += 1
                        skipSpace(&after)
                        if let named = objectiveCString(at: after) { table = .known(named.text) }
                    }
                    (line, lineStart) = (lineAtKeyEnd, lineStartAtKeyEnd)
                }
                index = key.end
                guard !key.text.isEmpty else { break }
                var after = key.end
                skipSpace(&after)
                if after < bytes.count, isIdentifierByte(bytes[after]) {
                    // `@"keyword_" k`: a macro pastes its parameter on; the literal is the start of the keys it builds.
                    prefixes.insert(key.text)
                    break
                }
                // Foundation's own two macros say which table they read (NSLocalizedString: Localizable), and a key missing
                // there is shown as it is: reported as a Swift call's is (Sequel-Ace's 78 Objective-C texts no table has
                // were shown in English to every locale, unreported). Any other macro or function may be the app's own,
                // defined in ways the scan does not expand: found keys count, missing ones are not reported.
                let standard = isCall && (name == "NSLocalizedString" || (name == "NSLocalizedStringFromTable" && table != .unknown))
                if isCall, name == "NSLocalizedString" { table = .known("Localizable") }
                references.append(KeyReference(location: SourceLocation(file: file, line: keyLine, column: keyColumn),
                                               key: .literal(key.text), table: table, api: name, reportsMissing: standard))
            default:
                index += 1
            }
        }
        return (references, prefixes, dynamicKeys)
    }

    /// A declaration's parameter rather than an argument: a method's `(NSString *)key`, a function's `NSString *key`.
    static func isDeclaredParameter(_ argument: String) -> Bool {
        if argument.hasPrefix("(") { return true }
        let parts = argument.split(whereSeparator: { $0 == " " || $0 == "*" }).filter { !$0.isEmpty }
        return argument.contains("*") && parts.count >= 2 && parts.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
            && !argument.hasPrefix("*")
    }

    /// Whether the line that starts at `lineStart`, or a line it continues (`\` at the end), is a `#define`.
    static func isDefine(_ lineStart: Int, in bytes: [UInt8]) -> Bool {
        var start = lineStart
        while true {
            let text = String(decoding: bytes[start..<lineEnd(from: start, in: bytes)], as: UTF8.self)
            if text.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#define") { return true }
            // The line before, if it ends with a backslash, is one line with this one.
            guard start >= 2, bytes[start - 1] == 0x0A else { return false }
            var previous = start - 2
            while previous >= 0, bytes[previous] == 0x20 || bytes[previous] == 0x09 || bytes[previous] == 0x0D { previous -= 1 }
            guard previous >= 0, bytes[previous] == 0x5C else { return false }
            start = previous
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        }
    }

    /// The table a read with a key computed at run time looks it up in: Localizable for `NSLocalizedString` and an app's
    /// localizing macro (most read the default table); the literal table of `NSLocalizedStringFromTable(key, @"T", …)`
    /// and of `localizedStringForKey:… table:@"T"` (`table:nil`: Localizable). Nil when the table is computed too.
    static func dynamicReadTable(name: String, isMessage: Bool, in bytes: [UInt8], after start: Int) -> TableName? {
        guard isMessage || name.hasPrefix("NSLocalizedStringFromTable") else { return .known("Localizable") }
        let end = min(bytes.count, start + 300)
        let text = String(decoding: bytes[start..<end], as: UTF8.self).prefix { $0 != ";" }
        let marker = isMessage ? "table:" : ","
        guard let found = text.range(of: marker) else { return nil }
        let rest = text[found.upperBound...].drop { $0 == " " || $0 == "\t" }
        if isMessage, rest.hasPrefix("nil") || rest.hasPrefix("NULL") { return .known("Localizable") }
        guard rest.hasPrefix("@\""), let close = rest.dropFirst(2).firstIndex(of: "\"") else { return nil }
        return .known(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close]))
    }

    private static func lineEnd(from start: Int, in bytes: [UInt8]) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    /// A call's argument from `start` to the comma or parenthesis that ends it, on one line (`self.section`,
    /// `self.credits[section][@"title"]`), or a message's up to the space or `]` (`localizedStringForKey:name value:…`);
    /// nil otherwise.
    static func argumentText(in bytes: [UInt8], from start: Int, message: Bool = false) -> String? {
        var cursor = start
        var depth = 0
        while cursor < bytes.count, cursor - start < 200 {
            let byte = bytes[cursor]
            if byte == 0x0A || byte == 0x3B { return nil }
            if byte == 0x22 {
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != 0x22, bytes[cursor] != 0x0A { cursor += bytes[cursor] == 0x5C ? 2 : 1 }
                cursor += 1
                continue
            }
            if byte == 0x28 || byte == 0x5B { depth += 1 }
            if byte == 0x29 || byte == 0x5D {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, byte == (message ? 0x20 : 0x2C) { break }
            cursor += 1
        }
        let text = String(decoding: bytes[start..<cursor], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return cursor < bytes.count && cursor - start < 200 ? text : nil
    }

    /// The literals of a conditional's two branches that make a call's first argument, `c ? @"A" : @"B"`, each with the
    /// offset of its `@`; empty for any other argument, or one that spans lines.
    static func ternaryKeys(in bytes: [UInt8], from start: Int) -> [(text: String, offset: Int)] {
        var cursor = start
        var depth = 0
        var found: [(String, Int)] = []
        var sawQuestion = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == 0x0A || byte == 0x3B { return [] }
            if byte == 0x28 || byte == 0x5B { depth += 1 }
            if byte == 0x29 || byte == 0x5D {
                if depth == 0 { break }
                depth -= 1
            }
            if byte == 0x2C, depth == 0 { break }
            if byte == 0x22 { return [] } // a C string where a key would be
            if depth == 0, byte == 0x3F || (byte == 0x3A && sawQuestion) {
                if byte == 0x3F { sawQuestion = true }
                var literal = cursor + 1
                while literal < bytes.count, bytes[literal] == 0x20 || bytes[literal] == 0x09 { literal += 1 }
                if literal + 1 < bytes.count, bytes[literal] == 0x40, bytes[literal + 1] == 0x22,
                   let piece = StringLiterals.piece(in: bytes, quoteAt: literal + 1) {
                    found.append((String(decoding: piece.text, as: UTF8.self), literal))
                    cursor = piece.end
                    continue
                }
            }
            cursor += 1
        }
        return sawQuestion && found.count == 2 ? found : []
    }
}

/// Every plain string literal of a source file (Swift or Objective-C; comments skipped, literals with an interpolation
/// left out): what `unused-key` asks before it calls a key unused, for keys kept as data (`Color(key: "gray", value:
/// "Gray")`, a table read as a dictionary) in files the scanner did not parse or calls it does not know.
enum StringLiterals {
    static func all(in data: Data) -> Set<String> { scan(data).literals }

    /// The literals, and the starts of keys built from a literal (`"eq.preset." + name`, `"alert.\(name).title"`): a
    /// start that ends in `.`, `_`, `-`, `/` or `:` after a letter.
    /// The text of `first` with the plain literals that follow it with only whitespace (and an `@`) between, as C
    /// joins them; nil when none follows.
    static func joinedPieces(after end: Int, first: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
        var text = first
        var cursor = end
        var joined = false
        while let next = nextPiece(in: bytes, after: cursor), let found = Self.piece(in: bytes, quoteAt: next.quote) {
            text += found.text
            cursor = found.end
            joined = true
        }
        return joined ? text : nil
    }

    /// The plain literal whose opening quote is at `quote`: its text (escapes read as C does: `\n`, `\t`, `\r`, `\u00A0`,
    /// `\U0001F600`, `\x41`, octal `\101`; and Swift's `\u{A0}`), and the position after its closing quote; nil when it
    /// ends at a line break or the file's end, or interpolates.
    ///
    /// Sequel-Ace reads `NSLocalizedString(@"…stored with version\u00A0%1$ld, …")`, whose key holds a no-break space:
    /// read as the letters `u00A0`, the key looked unused and `--fix --force` deleted it from 16 locales.
    static func piece(in bytes: [UInt8], quoteAt quote: Int) -> (text: [UInt8], end: Int)? {
        var text: [UInt8] = []
        var cursor = quote + 1
        /// The value of up to `count` digits of `radix` from `cursor + 1` on (the cursor left on the last one).
        func digits(_ count: Int, radix: UInt32, required: Bool) -> UInt32? {
            var value: UInt32 = 0
            var read = 0
            while read < count, cursor + 1 < bytes.count, let digit = Self.digitValue(bytes[cursor + 1], radix: radix) {
                value = value * radix + digit
                cursor += 1
                read += 1
            }
            return read == 0 || (required && read < count) ? nil : value
        }
        func append(scalar value: UInt32) {
            guard let scalar = Unicode.Scalar(value) else { return }
            text += Array(String(Character(scalar)).utf8)
        }
        while cursor < bytes.count, bytes[cursor] != 0x22 {
            if bytes[cursor] == 0x0A { return nil }
            if bytes[cursor] == 0x5C, cursor + 1 < bytes.count {
                cursor += 1
                switch bytes[cursor] {
                case 0x6E: text.append(0x0A)
                case 0x74: text.append(0x09)
                case 0x72: text.append(0x0D)
                case 0x61: text.append(0x07) // \a
                case 0x62: text.append(0x08) // \b
                case 0x66: text.append(0x0C) // \f
                case 0x76: text.append(0x0B) // \v
                case 0x28: return nil
                case 0x75 where cursor + 1 < bytes.count && bytes[cursor + 1] == 0x7B: // Swift's \u{…}
                    cursor += 1
                    guard let value = digits(8, radix: 16, required: false), cursor + 1 < bytes.count, bytes[cursor + 1] == 0x7D else { return nil }
                    cursor += 1
                    append(scalar: value)
                case 0x75, 0x55: // \uXXXX, \UXXXXXXXX
                    let start = cursor
                    guard let value = digits(bytes[cursor] == 0x75 ? 4 : 8, radix: 16, required: true) else {
                        cursor = start
                        text.append(bytes[cursor])
                        break
                    }
                    append(scalar: value)
                case 0x78: // \xHH: a byte
                    guard let value = digits(2, radix: 16, required: false) else { text.append(bytes[cursor]); break }
                    text.append(UInt8(value))
                case 0x30...0x37: // octal: a byte
                    cursor -= 1
                    guard let value = digits(3, radix: 8, required: false), value < 256 else { return nil }
                    text.append(UInt8(value))
                default: text.append(bytes[cursor])
                }
            } else {
                text.append(bytes[cursor])
            }
            cursor += 1
        }
        return cursor < bytes.count ? (text, cursor + 1) : nil
    }

    static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        let value: UInt32 = switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: 99
        }
        return value < radix ? value : nil
    }

    /// Where a piece C joins to the literal ending at `end` opens: only whitespace (line breaks too, at `newlines`) and an
    /// optional `@` between, then `"` (not a Swift `"""`); nil when none follows.
    static func nextPiece(in bytes: [UInt8], after end: Int) -> (quote: Int, newlines: [Int])? {
        var cursor = end
        var newlines: [Int] = []
        while cursor < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[cursor]) {
            if bytes[cursor] == 0x0A { newlines.append(cursor) }
            cursor += 1
        }
        if cursor < bytes.count, bytes[cursor] == 0x40 { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == 0x22, !(cursor + 1 < bytes.count && bytes[cursor + 1] == 0x22) else { return nil }
        return (cursor, newlines)
    }

    static func scan(_ data: Data) -> (literals: Set<String>, prefixes: Set<String>, shapes: Set<[String]>) {
        let bytes = [UInt8](data)
        var found = Set<String>()
        var prefixes = Set<String>()
        var shapes = Set<[String]>()
        func notePrefix(_ text: [UInt8]) {
            // `.`, `_`, `-`, `/`, and `:` (Home Assistant's "panel::\(title)", whose keys `--fix --force` deleted).
            guard text.count >= 2, let last = text.last, [0x2E, 0x5F, 0x2D, 0x2F, 0x3A].contains(last),
                  text.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return }
            prefixes.insert(String(decoding: text, as: UTF8.self))
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2F {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
                index += 2
            } else if byte == 0x22 {
                if index + 2 < bytes.count, bytes[index + 1] == 0x22, bytes[index + 2] == 0x22 {
                    // A multi-line literal: skipped whole.
                    index += 3
                    while index + 2 < bytes.count, !(bytes[index] == 0x22 && bytes[index + 1] == 0x22 && bytes[index + 2] == 0x22) { index += 1 }
                    index += 3
                    continue
                }
                var text: [UInt8] = []
                var plain = true
                // `\u00A0`, `\u{A0}`, `\x41`, `\101`: the text is also read with them decoded (`piece`).
                var numericEscape = false
                let literalStart = index
                index += 1
                while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x0A {
                    if bytes[index] == 0x5C, index + 1 < bytes.count {
                        index += 1
                        switch bytes[index] {
                        case 0x6E: text.append(0x0A)
                        case 0x74: text.append(0x09)
                        case 0x28:
                            if plain { notePrefix(text) }
                            plain = false
                            // `\(name)`: skipped to its closing parenthesis, kept as a mark for the key SwiftUI derives.
                            var depth = 1
                            while index + 1 < bytes.count, depth > 0 {
                                index += 1
                                if bytes[index] == 0x28 { depth += 1 } else if bytes[index] == 0x29 { depth -= 1 } else if bytes[index] == 0x0A { break }
                            }
                            text.append(0x00)
                        case 0x75, 0x55, 0x78, 0x30...0x37:
                            numericEscape = true
                            text.append(bytes[index])
                        default: text.append(bytes[index])
                        }
                    } else {
                        text.append(bytes[index])
                    }
                    index += 1
                }
                index += 1
                if !plain, text.contains(0x00), text.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) {
                    // `Text("\(name) places…")` in a file the scanner skipped: the keys Xcode would derive for a
                    // String or an Int there.
                    let marked = String(decoding: text, as: UTF8.self)
                    for specifier in ["%@", "%lld"] { found.insert(marked.replacingOccurrences(of: "\u{0}", with: specifier)) }
                } else if plain, !text.isEmpty {
                    found.insert(String(decoding: text, as: UTF8.self))
                    if numericEscape, let decoded = Self.piece(in: bytes, quoteAt: literalStart) { found.insert(String(decoding: decoded.text, as: UTF8.self)) }
                    var after = index
                    while after < bytes.count, bytes[after] == 0x20 { after += 1 }
                    if after < bytes.count, bytes[after] == 0x2B { notePrefix(text) }
                    // Keys built from a format, with no space in it (OsmAnd builds `[NSString stringWithFormat:@"lang_%@",
                    // code]`, `@"routing_attr_%@_name"`, and `@"%@%@%@", @"activity_type_", tag, @"_name"`, then localizes
                    // them; `--fix` deleted 267 such keys): a format whose first specifier follows a start of three
                    // characters or more is the shape of the keys it builds (`routing_attr_…_name`, not every key that
                    // starts `routing_attr_`); a literal that ends in `_` or `.` given to a format call on its line starts
                    // keys.
                    // Only near a localizing call (on the line or the two after it): a format whose result is a
                    // dictionary's key or a file's name builds no key (OsmAnd's `@"poi_%@"`, `@"osm_%@"`). Objective-C's
                    // `[@"product_desc_" stringByAppendingString:postfix]` is Swift's `"product_desc_" + postfix`.
                    // The window around the literal is read last, for the few literals that could build keys.
                    if !text.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) {
                        if text.contains(0x25) {
                            if let shape = Self.formatShape(String(decoding: text, as: UTF8.self)), Self.nearLocalizingCall(bytes, at: literalStart) {
                                shapes.insert(shape)
                            }
                        } else if let last = text.last, last == 0x5F || last == 0x2E,
                                  Self.lineCallsAFormat(bytes, before: literalStart) || Self.startsWith(bytes, at: after, "stringByAppending"),
                                  Self.nearLocalizingCall(bytes, at: literalStart) {
                            notePrefix(text)
                        }
                    }
                    // C's adjacent literals are one string (`@"requires " @"a password."`): the joined text too.
                    if let joined = Self.joinedPieces(after: index, first: text, in: bytes) { found.insert(String(decoding: joined, as: UTF8.self)) }
                }
            } else {
                index += 1
            }
        }
        return (found, prefixes, shapes)
    }

    /// The literal texts around the specifiers of a format that builds keys (`routing_attr_%@_name` →
    /// `["routing_attr_", "_name"]`): nil unless it has real specifiers and starts with three characters or more, one a
    /// letter, before the first (a URL's `%C3%A1` starts with one).
    /// A format that only appends to its argument (`@"%@_description"`, OsmAnd's route attributes) is `["", "_description"]`:
    /// it builds a key from a name the code holds (`UsageRun.isDynamicallyUsed` asks for that name among the literals).
    static func formatShape(_ text: String) -> [String]? {
        let specifiers = FormatSpecifier.parse(text)
        guard let first = specifiers.first, specifiers.allSatisfy({ $0.conversion != "%" }) else { return nil }
        if first.offset == 0, specifiers.count == 1 {
            let suffix = String(String.UnicodeScalarView(Array(text.unicodeScalars).dropFirst(first.text.unicodeScalars.count)))
            guard suffix.unicodeScalars.count >= 3, suffix.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
            return ["", suffix]
        }
        guard first.offset >= 3 else { return nil }
        let scalars = Array(text.unicodeScalars)
        var pieces: [String] = []
        var cursor = 0
        for specifier in specifiers {
            guard specifier.offset >= cursor else { return nil }
            pieces.append(String(String.UnicodeScalarView(scalars[cursor..<specifier.offset])))
            cursor = specifier.offset + specifier.text.unicodeScalars.count
        }
        pieces.append(cursor <= scalars.count ? String(String.UnicodeScalarView(scalars[cursor...])) : "")
        guard pieces[0].unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
        return pieces
    }

    /// Whether a localizing call (`…Localized…`, `localizedString(`, `.localized`, `L10n`) is on the line holding `start`
    /// or on one of the two lines after it.
    static func nearLocalizingCall(_ bytes: [UInt8], at start: Int) -> Bool {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = start
        var newlines = 0
        while end < bytes.count {
            if bytes[end] == 0x0A { newlines += 1; if newlines == 3 { break } }
            end += 1
        }
        let window = bytes[lineStart..<end]
        return [Array("ocalized".utf8), Array("L10n".utf8)].contains { needle in
            window.count >= needle.count && window.indices.dropLast(needle.count - 1).contains { index in
                bytes[index..<(index + needle.count)].elementsEqual(needle)
            }
        }
    }

    static func startsWith(_ bytes: [UInt8], at index: Int, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return index + needle.count <= bytes.count && bytes[index..<(index + needle.count)].elementsEqual(needle)
    }

    /// Whether the line holding `start` calls a format before it (`stringWithFormat:`, `String(format:`).
    static func lineCallsAFormat(_ bytes: [UInt8], before start: Int) -> Bool {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let needle = Array("ormat".utf8)
        guard start - lineStart >= needle.count else { return false }
        for index in lineStart...(start - needle.count) where bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
        return false
    }
}
