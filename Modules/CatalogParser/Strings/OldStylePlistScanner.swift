import Foundation

/// A line-for-line port of CoreFoundation's old-style property-list parser (`CFOldStylePList.c`), working on
/// UTF-16 code units like CF does, so that acceptance, values and error wording match Apple exactly.
/// On top of CF it remembers offsets (for positions), comments before top-level keys, and notes.
struct OldStylePlistScanner {
    struct PendingError {
        var template: String          // CF's format, with "%d" where the line number goes
        var coreFoundationOffset: Int // where CF's `curr` was: the line CF reports
        var offset: Int               // where the mistake really is
        var hint: String
    }

    struct PendingNote {
        var kind: StringsNote.Kind
        var offset: Int
        var key: String?
        var message: String
        var relatedOffset: Int? = nil
    }

    /// Where a top-level entry's key and value start, as UTF-16 offsets (its `entries` twin gets positions from them).
    struct EntryOffsets {
        var key: Int
        var value: Int
    }

    enum Root {
        case empty
        case dictionary
        case nonDictionary(PlistValue, offset: Int)
    }

    private enum DictionaryRole { case nested, rootBraced, rootUnbraced }

    private static let maxDepth = 512  // CF's MAX_DEPTH on 64-bit

    let units: UnsafeBufferPointer<UInt16>
    private let end: Int
    private var curr = 0
    private(set) var error: PendingError?
    private(set) var notes: [PendingNote] = []
    /// The top-level entries, in file order, with their positions still unset: `StringsParser` fills them in place
    /// from `entryOffsets` (one pass over the text for all of them), so no entry is copied from a draft into its final
    /// form, field by field.
    var entries: [StringsEntry] = []
    private(set) var entryOffsets: [EntryOffsets] = []
    /// Finds duplicates: the index in `entries` of each key's latest entry.
    private(set) var lastEntryIndexByKey: [String: Int] = [:]
    /// Reused for every string with an escape (most catalogs escape quotes in many values).
    private let escapeScratch = UnitScratch()

    // Comment capture while skipping to a top-level key.
    private var collectingComments = false
    private var collectedComments: [Range<Int>] = []
    private var lineBreaksSinceComment = 0
    private var lineBreaksInSkip = 0
    private var isFirstTopLevelKey = true
    private var currentTopLevelKey: String?
    private var topLevelValueOffset = 0

    init(units: UnsafeBufferPointer<UInt16>) {
        self.units = units
        self.end = units.count
        // Catalogs with translator comments spend about 100 code units an entry; reserving for that spares the key
        // index most of its rehashes as it grows (denser files still grow it, sparser ones waste a little room).
        let expectedEntries = units.count / 100
        entries.reserveCapacity(expectedEntries)
        entryOffsets.reserveCapacity(expectedEntries)
        lastEntryIndexByKey.reserveCapacity(expectedEntries)
    }

    // MARK: - Entry point (__CFCreateOldStylePropertyListOrStringsFile)

    /// Returns nil when CF would fail; `error` then says why.
    mutating func parseFile() -> Root? {
        if !advanceToNonSpace() {
            // A file of only whitespace and comments is an empty dictionary.
            return .empty
        }
        let rootOffset = curr
        var result = parseObject(requireObject: true, depth: 0)
        if let parsed = result, advanceToNonSpace() {
            if case .string = parsed {
                // CF's strings-file path: a leading string followed by more text means "dictionary without braces".
                resetForStringsFileReparse()
                result = parseDictionaryContent(depth: 0, role: .rootUnbraced).map { .dictionary($0) }
            } else {
                setError("Junk after plist at line %d", at: curr,
                         hint: "Delete everything after the closing bracket of the root value.")
                result = nil
            }
        }
        guard let root = result else {
            if error == nil {
                setError("Unknown error parsing property list around line %d", at: curr,
                         hint: "Check the syntax near this line.")
            }
            return nil
        }
        if case .dictionary = root { return .dictionary }
        return .nonDictionary(root, offset: rootOffset)
    }

    private mutating func resetForStringsFileReparse() {
        curr = 0
        error = nil
        notes.removeAll()
        entries.removeAll(keepingCapacity: true)
        entryOffsets.removeAll(keepingCapacity: true)
        lastEntryIndexByKey.removeAll(keepingCapacity: true)
        isFirstTopLevelKey = true
    }

    // MARK: - Errors (CF sets an error on failure and clears it on some success paths; the last one set wins)

    private mutating func setError(_ template: String, at coreFoundationOffset: Int, realOffset: Int? = nil, hint: String) {
        error = PendingError(template: template, coreFoundationOffset: coreFoundationOffset,
                             offset: realOffset ?? coreFoundationOffset, hint: hint)
    }

    private mutating func clearError() {
        error = nil
    }

    /// Lines in `range` that hold a `"` and an `=`: entries CF would have read had it not stopped.
    private func entryLikeLines(in range: Range<Int>) -> Int {
        var count = 0
        var quote = false
        var equals = false
        for index in range {
            switch units[index] {
            case 0x22: quote = true
            case 0x3D: equals = true
            case 0x0A, 0x0D:
                if quote && equals { count += 1 }
                quote = false
                equals = false
            default: break
            }
        }
        return count + (quote && equals ? 1 : 0)
    }

    private mutating func note(_ kind: StringsNote.Kind, at offset: Int, key: String?, _ message: String) {
        notes.append(PendingNote(kind: kind, offset: offset, key: key, message: message))
    }

    // MARK: - Lexing

    @inline(__always)
    static func isUnquotedStringCharacter(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true            // a-z A-Z 0-9
        case 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: return true                // _ $ / : . -
        default: return false
        }
    }

    @inline(__always)
    private static func hexValue(_ unit: UInt16) -> UInt32? {
        switch unit {
        case 0x30...0x39: return UInt32(unit - 0x30)
        case 0x41...0x46: return UInt32(unit - 0x41 + 10)
        case 0x61...0x66: return UInt32(unit - 0x61 + 10)
        default: return nil
        }
    }

    /// CF's `advanceToNonSpace`: skips whitespace (9...13, space, U+2028, U+2029), `//` and `/* */` comments.
    /// Returns false at the end of the text.
    private mutating func advanceToNonSpace() -> Bool {
        while curr < end {
            let unit = units[curr]
            curr += 1
            if unit >= 9 && unit <= 0x0D {
                if collectingComments && (unit == 0x0A || (unit == 0x0D && (curr >= end || units[curr] != 0x0A))) {
                    lineBreaksSinceComment += 1
                    lineBreaksInSkip += 1
                }
                continue
            }
            if unit == 0x20 || unit == 0x2028 || unit == 0x2029 { continue }
            if unit == 0x2F {  // '/'
                if curr >= end {
                    curr -= 1
                    return true
                }
                let next = units[curr]
                if next == 0x2F {
                    curr += 1
                    let bodyStart = curr
                    while curr < end {
                        let c = units[curr]
                        if c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029 { break }
                        curr += 1
                    }
                    if collectingComments { collectComment(bodyStart..<curr) }
                } else if next == 0x2A {  // '*'
                    curr += 1
                    let bodyStart = curr
                    var bodyEnd = end
                    var terminated = false
                    while curr < end {
                        curr = skipChunks(from: curr, whileNeither: 0x2A, nor: 0x2A)
                        guard curr < end else { break }
                        let c = units[curr]
                        curr += 1
                        if c == 0x2A && curr < end && units[curr] == 0x2F {
                            bodyEnd = curr - 1
                            curr += 1
                            terminated = true
                            break
                        }
                    }
                    if !terminated {
                        let lost = entryLikeLines(in: bodyStart..<end)
                        if lost > 0 {
                            note(.ignoredEntries, at: bodyStart - 2, key: nil,
                                 "This '/*' comment is never closed, so CF ignores everything after it, \(lost) line(s) with entries included; add '*/'.")
                        } else {
                            note(.unterminatedComment, at: bodyStart - 2, key: nil,
                                 "This '/*' comment is never closed, so CF ignores everything after it; add '*/'.")
                        }
                    }
                    if collectingComments { collectComment(bodyStart..<bodyEnd) }
                } else {
                    curr -= 1
                    return true
                }
            } else {
                curr -= 1
                return true
            }
        }
        return false
    }

    private mutating func collectComment(_ body: Range<Int>) {
        let startsOnPreviousEntryLine = !isFirstTopLevelKey && lineBreaksInSkip == 0
        if startsOnPreviousEntryLine { return }  // a trailing comment belongs to the entry before it
        if lineBreaksSinceComment >= 2 { collectedComments.removeAll(keepingCapacity: true) }  // a blank line detaches earlier comments
        collectedComments.append(body)
        lineBreaksSinceComment = 0
    }

    // MARK: - Strings

    /// CF's `getSlashedChar`; `curr` is just after the backslash and before the end.
    private mutating func slashedCharacter() -> UInt16 {
        let unit = units[curr]
        curr += 1
        switch unit {
        case 0x30...0x37:  // octal: at most three digits, accumulated in a byte like CF's uint8_t
            var number = UInt8(unit - 0x30)
            for _ in 0..<2 {
                guard curr < end else { break }
                let digit = units[curr]
                guard digit >= 0x30 && digit <= 0x37 else { break }
                number = (number &<< 3) &+ UInt8(digit - 0x30)
                curr += 1
            }
            return NextStepLatin.unicode(forByte: number)
        case 0x55:  // 'U': up to four hex digits
            var number: UInt32 = 0
            var digitsLeft = 4
            while curr < end && digitsLeft > 0 {
                digitsLeft -= 1
                if let value = Self.hexValue(units[curr]) {
                    curr += 1
                    number = number << 4 + value
                }
            }
            return UInt16(truncatingIfNeeded: number)
        case 0x61: return 0x07  // \a
        case 0x62: return 0x08  // \b
        case 0x66: return 0x0C  // \f
        case 0x6E: return 0x0A  // \n
        case 0x72: return 0x0D  // \r
        case 0x74: return 0x09  // \t
        case 0x76: return 0x0B  // \v
        default: return unit    // \" \\ \' backslash-newline and anything else: the character itself
        }
    }

    /// The first offset from `start` whose chunk of code units may hold `first` or `second`: whole chunks (eight
    /// units, then four) holding neither are stepped over, so a long value or comment costs a few instructions per
    /// chunk instead of two tests per unit. Past the last whole chunk, `start` is returned unchanged; the caller's loop
    /// goes on one unit at a time from there. The test is the exact "has a zero lane" word trick.
    @inline(__always)
    private func skipChunks(from start: Int, whileNeither first: UInt16, nor second: UInt16) -> Int {
        guard let base = units.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0001_0001_0001_0001
        let highBits: UInt64 = 0x8000_8000_8000_8000
        let firstLanes = UInt64(first) &* ones, secondLanes = UInt64(second) &* ones
        var offset = start
        // Eight at a time (one 128-bit vector), then four (one word) near the end or the unit sought.
        let firstVector = SIMD8<UInt16>(repeating: first), secondVector = SIMD8<UInt16>(repeating: second)
        while offset &+ 8 <= end {
            let lanes = raw.loadUnaligned(fromByteOffset: offset &* 2, as: SIMD8<UInt16>.self)
            if any((lanes .== firstVector) .| (lanes .== secondVector)) { break }
            offset &+= 8
        }
        while offset &+ 4 <= end {
            let word = raw.loadUnaligned(fromByteOffset: offset &* 2, as: UInt64.self)
            let a = word ^ firstLanes, b = word ^ secondLanes
            if ((a &- ones) & ~a | (b &- ones) & ~b) & highBits != 0 { break }
            offset &+= 4
        }
        return offset
    }

    private func makeString(_ range: Range<Int>) -> String {
        Self.string(fromUTF16: UnsafeBufferPointer(rebasing: units[range]))
    }

    /// `String(decoding:as: UTF16.self)` takes a slow generic path; transcoding by hand is several times faster.
    /// Lone surrogates become U+FFFD, as they do when CF's NSString is bridged to a Swift String.
    static func string(fromUTF16 source: UnsafeBufferPointer<UInt16>) -> String {
        let count = source.count
        if count == 0 { return "" }
        // Size the string exactly: a capacity of count * 3 would triple the memory of ASCII text, and every page of it
        // costs a fault when first written. The UTF-8 length in one pass without branches (which the compiler
        // vectorizes): a unit from U+0080 needs one byte more, and one from U+0800 another (a surrogate pair is counted
        // as 6 bytes, 2 more than it needs).
        var extra = 0
        for unit in source { extra &+= (unit >= 0x80 ? 1 : 0) &+ (unit >= 0x800 ? 1 : 0) }
        if extra == 0 {
            // Most keys and much copy: one byte per unit, a loop the compiler vectorizes.
            return String(unsafeUninitializedCapacity: count) { output in
                for index in 0..<count { output[index] = UInt8(truncatingIfNeeded: source[index]) }
                return count
            }
        }
        return String(unsafeUninitializedCapacity: count &+ extra) { output in
            var written = 0
            var index = 0
            while index < count {
                let unit = source[index]
                index += 1
                if unit < 0x80 {
                    output[written] = UInt8(unit)
                    written += 1
                } else if unit < 0x800 {
                    output[written] = UInt8(0xC0 | (unit >> 6))
                    output[written + 1] = UInt8(0x80 | (unit & 0x3F))
                    written += 2
                } else if unit & 0xFC00 == 0xD800, index < count, source[index] & 0xFC00 == 0xDC00 {
                    let scalar = 0x10000 + (UInt32(unit & 0x3FF) << 10 | UInt32(source[index] & 0x3FF))
                    index += 1
                    output[written] = UInt8(0xF0 | (scalar >> 18))
                    output[written + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                    output[written + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                    output[written + 3] = UInt8(0x80 | (scalar & 0x3F))
                    written += 4
                } else {
                    let scalar = unit & 0xF800 == 0xD800 ? 0xFFFD : unit
                    output[written] = UInt8(0xE0 | (scalar >> 12))
                    output[written + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                    output[written + 2] = UInt8(0x80 | (scalar & 0x3F))
                    written += 3
                }
            }
            return written
        }
    }

    /// The letters and signs after a backslash that CF reads as an escape or as themselves on purpose (`\"`, `\\`).
    @inline(__always) static func isKnownEscape(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x6E, 0x74, 0x22, 0x5C, 0x72, 0x27, 0x61, 0x62, 0x66, 0x76, 0x75, 0x55: true // n t " \ r ' a b f v u U
        default: unit < 0x80 && !((0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit))
        }
    }

    /// CF's `parseQuotedPlistString`; `curr` is just after the opening quote.
    private mutating func parseQuotedString(quote: UInt16) -> String? {
        let startMark = curr
        var mark = curr
        var sawEscape = false
        while curr < end {
            curr = skipChunks(from: curr, whileNeither: quote, nor: 0x5C)
            guard curr < end else { break }
            let unit = units[curr]
            if unit == quote { break }
            if unit == 0x5C {  // backslash
                if !sawEscape {
                    sawEscape = true
                    escapeScratch.reset()
                }
                escapeScratch.append(UnsafeBufferPointer(rebasing: units[mark..<curr]))
                let backslashOffset = curr
                curr += 1
                if curr == end {
                    setError("Unterminated backslash sequence on line %d", at: curr, realOffset: backslashOffset,
                             hint: "Finish the escape and close the string with its quote, or write '\\\\' for a literal backslash.")
                    return nil
                }
                let escaped = units[curr]
                // A letter that starts no escape (SwiftBar's "Enable\Disable menu bar item": its users read
                // "EnableDisable"), and `\U` with no hex digit (a NUL character).
                // (The common escapes, `\n` `\"` `\\`, answered first: every backslash of a 20,000-entry file passes here, and
                // a Unicode property lookup for each was 7 % of the lint pair.)
                if escaped == 0x55 && (curr + 1 >= end || Self.hexValue(units[curr + 1]) == nil) {
                    note(.unknownEscape, at: backslashOffset, key: currentTopLevelKey,
                         "'\\U' with no hex digit after it is the character U+0000 (invisible, and the end of the text for some views); write '\\\\' for a backslash, or '\\U' and four hex digits.")
                } else if !Self.isKnownEscape(escaped), let letter = Unicode.Scalar(UInt32(escaped)),
                          escaped < 0x80 ? (0x41...0x5A).contains(escaped) || (0x61...0x7A).contains(escaped) : letter.properties.isAlphabetic {
                    note(.unknownEscape, at: backslashOffset, key: currentTopLevelKey,
                         "'\\\(Character(letter))' is not an escape: CF drops the backslash and shows '\(Character(letter))'; write '\\\\' for a backslash.")
                }
                if escaped == 0x75 && curr + 1 < end && Self.hexValue(units[curr + 1]) != nil {
                    note(.lowercaseUnicodeEscape, at: backslashOffset, key: currentTopLevelKey,
                         "'\\u' is not an escape: CF reads it as the letter 'u' followed by the digits; write '\\U' (capital U).")
                }
                escapeScratch.append(slashedCharacter())
                if escaped == 0x55 && curr - backslashOffset == 6 && curr < end && Self.hexValue(units[curr]) != nil
                    && Self.readsAsLongCodePoint(units, escapeStart: backslashOffset, end: end) {
                    note(.longUnicodeEscape, at: backslashOffset, key: currentTopLevelKey,
                         "'\\U' takes exactly four hex digits; the fifth stays a literal character. For characters above U+FFFF write a surrogate pair such as \\UD83D\\UDE00, or the character itself.")
                }
                mark = curr
            } else {
                curr += 1
            }
        }
        if end <= curr {
            curr = startMark
            setError("Unterminated quoted string starting on line %d", at: startMark, realOffset: startMark - 1,
                     hint: "Close the string with a matching quote, and escape quotes inside it as \\\".")
            return nil
        }
        let string: String
        if sawEscape {
            escapeScratch.append(UnsafeBufferPointer(rebasing: units[mark..<curr]))
            string = Self.string(fromUTF16: escapeScratch.buffer)
        } else {
            string = makeString(mark..<curr)
        }
        curr += 1  // past the closing quote
        clearError()
        return string
    }

    /// CF's `parseUnquotedPlistString`; the caller has checked that the first character is allowed.
    private mutating func parseUnquotedString() -> String? {
        let mark = curr
        while curr < end && Self.isUnquotedStringCharacter(units[curr]) {
            curr += 1
        }
        if curr != mark { return makeString(mark..<curr) }
        setError("Unexpected EOF", at: curr, hint: "Finish the file.")
        return nil
    }

    /// CF's `parsePlistString(pInfo, false)`, used for dictionary keys; never sets an error itself.
    private mutating func parseKey(role: DictionaryRole) -> (key: String, offset: Int, end: Int)? {
        let isTopLevel = role != .nested
        if isTopLevel {
            collectingComments = true
            collectedComments.removeAll(keepingCapacity: true)
            lineBreaksSinceComment = 0
            lineBreaksInSkip = 0
        }
        let found = advanceToNonSpace()
        collectingComments = false
        guard found else { return nil }
        let offset = curr
        let unit = units[curr]
        var key: String?
        // A note on the key itself (its `\u`) names this key, not the entry before it (UTM's "\u2022 " was said to be
        // in "Show All").
        let notesBefore = notes.count
        if isTopLevel { currentTopLevelKey = nil }
        defer {
            if isTopLevel, let key {
                for index in notesBefore..<notes.count where notes[index].key == nil { notes[index].key = key }
            }
        }
        if unit == 0x27 || unit == 0x22 {
            curr += 1
            key = parseQuotedString(quote: unit)
            if let key, unit == 0x27 {
                note(.singleQuotedString, at: offset, key: key,
                     "Key \"\(key)\" uses single quotes; CF accepts them, but most tools expect double quotes.")
            }
        } else if Self.isUnquotedStringCharacter(unit) {
            key = parseUnquotedString()
            if let key {
                note(.unquotedString, at: offset, key: key,
                     "Key \(key) is not quoted; write \"\(key)\" so that a later space or other character cannot break the file.")
            }
        } else {
            return nil
        }
        guard let key else { return nil }
        if isTopLevel && lineBreaksSinceComment >= 2 { collectedComments.removeAll(keepingCapacity: true) }
        return (key, offset, curr)
    }

    // MARK: - Containers

    private mutating func parseArray(depth: Int, openOffset: Int) -> PlistValue? {
        var array: [PlistValue] = []
        var element = parseObject(requireObject: false, depth: depth + 1)
        while let value = element {
            array.append(value)
            if !advanceToNonSpace() {
                setError("Expected ',' for array at line %d", at: curr, realOffset: openOffset,
                         hint: "Close the array that starts here with ')'.")
                return nil
            }
            if units[curr] != 0x2C {  // ','
                element = nil
            } else {
                curr += 1
                element = parseObject(requireObject: false, depth: depth + 1)
            }
        }
        if !advanceToNonSpace() || units[curr] != 0x29 {  // ')'
            let atEnd = curr >= end
            setError("Expected terminating ')' for array at line %d", at: curr, realOffset: atEnd ? openOffset : curr,
                     hint: atEnd ? "Close the array that starts here with ')'."
                                 : "Separate array elements with ',' and close the array with ')'; each element must be a string, array, dictionary or data.")
            return nil
        }
        clearError()
        curr += 1
        return .array(array)
    }

    /// CF's `parsePlistDictContent`; for the root dictionary it also records entries, comments and notes.
    private mutating func parseDictionaryContent(depth: Int, role: DictionaryRole) -> [String: PlistValue]? {
        var dictionary: [String: PlistValue] = [:]
        let isTopLevel = role != .nested
        var parsedKey = parseKey(role: role)
        // Taken out, not copied: the key is then moved into its entry (each copy is a count up and down on the string).
        while let (key, keyOffset, keyEnd) = parsedKey.take() {
            let comment = isTopLevel ? takeComment() : nil
            if isTopLevel {
                isFirstTopLevelKey = false
                currentTopLevelKey = key
            }
            if !advanceToNonSpace() {
                setError("Missing ';' on line %d", at: curr, realOffset: keyEnd,
                         hint: "End the entry with ';', as in \"\(key)\" = \"value\";")
                return nil
            }
            let value: PlistValue
            var valueOffset = keyOffset
            let separator = units[curr]
            if separator == 0x3B {  // ';': a strings-file shortcut, the key is its own value
                value = .string(key)
                note(.keyWithoutValue, at: keyOffset, key: key,
                     "\"\(key)\"; has no value, so CF uses the key itself as the value; write \"\(key)\" = \"…\"; if that is not intended.")
            } else if separator == 0x3D {  // '='
                curr += 1
                guard let parsed = parseObject(requireObject: true, depth: depth + 1) else { return nil }
                value = parsed
                if isTopLevel { valueOffset = topLevelValueOffset }
            } else {
                setError("Expected ';' or '=' after key at line %d", at: curr,
                         hint: "Put '=' between the key and its value, and end the entry with ';'.")
                return nil
            }
            if isTopLevel {
                // The root's entries are kept in order (`StringsFile.dictionary` folds them); filling `dictionary` too would hash twice.
                recordTopLevelEntry(key: consume key, value: consume value, keyOffset: keyOffset, valueOffset: valueOffset, comment: consume comment)
            } else if dictionary.updateValue(value, forKey: key) != nil {
                note(.duplicateKey, at: keyOffset, key: key,
                     "Key \"\(key)\" appears earlier in this dictionary; this later value wins.")
            }
            let valueEnd = curr
            if advanceToNonSpace() && units[curr] == 0x3B {
                curr += 1
                parsedKey = parseKey(role: role)
            } else {
                setError("Missing ';' on line %d", at: curr, realOffset: valueEnd, hint: missingSemicolonHint(valueEnd: valueEnd))
                return nil
            }
        }
        if role == .rootUnbraced && curr < end {
            let lost = entryLikeLines(in: curr..<end)
            if lost > 0 {
                note(.ignoredEntries, at: curr, key: nil,
                     "CF stops reading at this character and silently ignores the rest of the file: \(lost) line(s) with entries are lost; remove it or quote what follows.")
            } else {
                note(.ignoredTrailingContent, at: curr, key: nil,
                     "CF stops reading at this character and silently ignores the rest of the file; remove it or quote what follows.")
            }
        }
        clearError()
        return dictionary
    }

    /// Whether `\UXXXX` and the hex digits after it read as one code point above U+FFFF, as an author writing
    /// `\U1F600` means: five or six hex digits in all, worth more than U+FFFF, and no letter right after them.
    /// `\U00A0Calendar` (MeetingBar) is a no-break space before a word: `00A0Ca` is no such code point, and a word goes on.
    static func readsAsLongCodePoint(_ units: UnsafeBufferPointer<UInt16>, escapeStart: Int, end: Int) -> Bool {
        var value = 0
        var index = escapeStart + 2
        while index < end, index < escapeStart + 8, let digit = hexValue(units[index]) {
            value = value * 16 + Int(digit)
            index += 1
        }
        let followedByLetter = index < end && ((units[index] | 0x20) >= 0x61 && (units[index] | 0x20) <= 0x7A)
        return value > 0xFFFF && value <= 0x10FFFF && !followedByLetter
    }

    private func missingSemicolonHint(valueEnd: Int) -> String {
        if valueEnd > 0, valueEnd < end, units[valueEnd - 1] == 0x22, Self.isUnquotedStringCharacter(units[valueEnd]) {
            return "Add ';' after the value; if the value itself contains '\"', escape it as \\\"."
        }
        return "Add ';' after the value."
    }

    private mutating func takeComment() -> String? {
        guard !collectedComments.isEmpty else { return nil }
        defer { collectedComments.removeAll(keepingCapacity: true) }
        if collectedComments.count == 1 {
            // The usual case, one comment above the entry: its text, without an array and a joined copy.
            let body = trimmed(collectedComments[0])
            return body.isEmpty ? nil : makeString(body)
        }
        let texts = collectedComments.map(trimmed).filter { !$0.isEmpty }.map(makeString)
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }

    /// A comment's body without the Unicode whitespace around it.
    private func trimmed(_ body: Range<Int>) -> Range<Int> {
        var lower = body.lowerBound, upper = body.upperBound
        while lower < upper && Self.isUnicodeWhitespace(units[lower]) { lower += 1 }
        while upper > lower && Self.isUnicodeWhitespace(units[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Unicode White_Space (all of it lies in the BMP), for trimming comments without Foundation's slow path.
    private static func isUnicodeWhitespace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Takes the key, value and comment over (`consuming`): moved into the entry, not copied (a copy of each was a
    /// count up and down on the string, 240,000 pairs on the 40,000-entry lint pair).
    private mutating func recordTopLevelEntry(key: consuming String, value: consuming PlistValue, keyOffset: Int, valueOffset: Int,
                                              comment: consuming String?) {
        let index = entries.count
        let unset = SourcePosition(line: 0, column: 0)
        entryOffsets.append(EntryOffsets(key: keyOffset, value: valueOffset))
        if case .string = value {} else {
            note(.nonStringValue, at: valueOffset, key: key,
                 "The value of \"\(key)\" is not a string; NSLocalizedString and String(localized:) return the key for it.")
        }
        if let previous = lastEntryIndexByKey.updateValue(index, forKey: key) {
            let previousKey = entries[previous].key
            let sameScalars = previousKey.unicodeScalars.elementsEqual(key.unicodeScalars)
            let message = sameScalars
                ? "Key \"\(key)\" is defined again; this later value wins."
                : "Key \"\(key)\" differs from an earlier key only in Unicode normalization; CF keeps both, Swift lookups see only this one."
            notes.append(PendingNote(kind: .duplicateKey, offset: keyOffset, key: key, message: message,
                                     relatedOffset: entryOffsets[previous].key))
        }
        entries.append(StringsEntry(key: consume key, value: consume value, keyPosition: unset, valuePosition: unset, comment: consume comment))
    }

    private mutating func parseDictionary(depth: Int, openOffset: Int, role: DictionaryRole) -> PlistValue? {
        guard let dictionary = parseDictionaryContent(depth: depth, role: role) else { return nil }
        if !advanceToNonSpace() || units[curr] != 0x7D {  // '}'
            let atEnd = curr >= end
            setError("Expected terminating '}' for dictionary at line %d", at: curr, realOffset: atEnd ? openOffset : curr,
                     hint: atEnd ? "Close the dictionary that starts here with '}'."
                                 : "Write each dictionary entry as key = value; and close the dictionary with '}'.")
            return nil
        }
        curr += 1
        return .dictionary(dictionary)
    }

    private static func hexNibble(_ unit: UInt16) -> UInt8? {
        // CF casts the UTF-16 unit to unsigned char before testing, so U+0130 counts as '0'.
        switch UInt8(truncatingIfNeeded: unit) {
        case let byte where byte >= 0x30 && byte <= 0x39: return byte - 0x30
        case let byte where byte >= 0x61 && byte <= 0x66: return byte - 0x61 + 10
        case let byte where byte >= 0x41 && byte <= 0x46: return byte - 0x41 + 10
        default: return nil
        }
    }

    private mutating func parseData(openOffset: Int) -> PlistValue? {
        var bytes: [UInt8] = []
        while curr < end {
            let first = units[curr]
            if first == 0x3E { break }  // '>'
            if let high = Self.hexNibble(first) {
                curr += 1
                guard curr < end, let low = Self.hexNibble(units[curr]) else {
                    setError("Malformed data byte group at line %d; uneven length", at: curr, realOffset: curr - 1,
                             hint: "Write data as pairs of hex digits, e.g. <0fbd 7774>.")
                    return nil
                }
                bytes.append(high << 4 | low)
                curr += 1
            } else if first == 0x20 || first == 0x0A || first == 0x09 || first == 0x0D || first == 0x2028 || first == 0x2029 {
                curr += 1
            } else {
                setError("Malformed data byte group at line %d; invalid hex", at: curr,
                         hint: "Data may contain only hex digits and spaces between '<' and '>'.")
                return nil
            }
        }
        clearError()
        if curr < end && units[curr] == 0x3E {
            curr += 1
            return .data(Data(bytes))
        }
        setError("Expected terminating '>' for data at line %d", at: curr, realOffset: openOffset,
                 hint: "Close the data that starts here with '>'.")
        return nil
    }

    // MARK: - Values

    /// CF's `parsePlistObject`.
    private mutating func parseObject(requireObject: Bool, depth: Int) -> PlistValue? {
        if depth > Self.maxDepth {
            setError("Too many nested arrays or dictionaries at line %d", at: curr,
                     hint: "Nest arrays and dictionaries at most 512 levels deep.")
            return nil
        }
        if !advanceToNonSpace() {
            if requireObject {
                setError("Unexpected EOF while parsing plist", at: curr,
                         hint: "Give the last key a value and end the entry with ';'.")
            }
            return nil
        }
        let start = curr
        if depth == 1 { topLevelValueOffset = start }
        let unit = units[curr]
        curr += 1
        switch unit {
        case 0x7B:  // '{'
            return parseDictionary(depth: depth, openOffset: start, role: depth == 0 ? .rootBraced : .nested)
        case 0x28:  // '('
            return parseArray(depth: depth, openOffset: start)
        case 0x3C:  // '<'
            return parseData(openOffset: start)
        case 0x27, 0x22:
            guard let string = parseQuotedString(quote: unit) else { return nil }
            if unit == 0x27 && depth > 0 {
                note(.singleQuotedString, at: start, key: currentTopLevelKey,
                     "This value uses single quotes; CF accepts them, but most tools expect double quotes.")
            }
            return .string(string)
        default:
            curr -= 1
            if Self.isUnquotedStringCharacter(unit) {
                guard let string = parseUnquotedString() else { return nil }
                if depth > 0 {
                    note(.unquotedString, at: start, key: currentTopLevelKey,
                         "Value \(string) is not quoted; write \"\(string)\" so that a later space or other character cannot break the file.")
                }
                return .string(string)
            }
            if requireObject {
                let hex = String(unit, radix: 16)
                // damus's Transifex files start with the byte-order mark twice (FF FE FF FE): CF takes the first as the
                // encoding's and the second as text, and reads nothing of the file.
                let hint = unit == 0xFEFF
                    ? "This is a byte-order mark (U+FEFF) inside the text, often a second one an export tool wrote after the first; CF rejects the whole file, so the app shows none of it. Delete the character."
                    : "Expected a value: a quoted string, '(' for an array, '{' for a dictionary or '<' for data."
                setError("Unexpected character '0x\(hex)' at line %d", at: curr, hint: hint)
            }
            return nil
        }
    }
}

/// A growable buffer of UTF-16 code units that is emptied without freeing it. (`Array.removeAll(keepingCapacity:)`
/// goes through a generic `replaceSubrange`, which showed up when it ran for every escaped string of a catalog.)
final class UnitScratch {
    private var storage: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { storage.deallocate() }

    var buffer: UnsafeBufferPointer<UInt16> { UnsafeBufferPointer(start: storage, count: count) }

    func reset() { count = 0 }

    func append(_ unit: UInt16) {
        reserve(1)
        storage[count] = unit
        count += 1
    }

    func append(_ units: UnsafeBufferPointer<UInt16>) {
        guard let source = units.baseAddress, !units.isEmpty else { return }
        reserve(units.count)
        (storage + count).update(from: source, count: units.count)
        count += units.count
    }

    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let bigger = UnsafeMutablePointer<UInt16>.allocate(capacity: grown)
        bigger.update(from: storage, count: count)
        storage.deallocate()
        storage = bigger
        capacity = grown
    }
}
