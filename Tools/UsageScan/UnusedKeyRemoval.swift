import Core
public import LocalizationKit
import Foundation
public import StringsKit

/// `--fix` for `unused-key`: deletes keys from every locale's files of their table, touching nothing else — each
/// entry's lines go (with the comment right above it, and one blank line where two would meet), every other byte of
/// the file stays as it was, in the file's own encoding. In a String Catalog the key's member of `"strings"` goes.
public enum UnusedKeyRemoval {
    public struct Outcome: Sendable, Equatable {
        /// Files rewritten, with the keys each lost (in the order they were found).
        public var removed: [String: [String]] = [:]
        /// Entries left in place, with why (an entry sharing its line with another, an unreadable file…).
        public var skipped: [String] = []
    }

    /// Removes the keys, saving each file's bytes in `journal` before it is rewritten (so `--undo` can put it back).
    /// A key goes from every file of its table or from none: one that some file cannot lose (a binary property list,
    /// an entry sharing its line) stays everywhere, so no translation is left behind as extra (pocket-casts' XML
    /// translations kept 1,596 keys its `en` file lost).
    public static func remove(_ keys: [TableKey], from catalog: Catalog, journal: FixJournal.Recorder? = nil) -> Outcome {
        var byFile: [String: (table: String, keys: Set<String>)] = [:]
        let wanted = Dictionary(grouping: keys, by: \.table).mapValues { Set($0.map(\.key)) }
        for (id, table) in catalog.tables {
            guard let keys = wanted[id.table] else { continue }
            for key in keys {
                guard let entry = table.entries[key] else { continue }
                byFile[entry.location.file, default: (id.table, [])].keys.insert(key)
            }
            // A locale's other files of the table may hold the key too, where the catalog keeps one entry (ProtonVPN's hu
            // has `_countries_count` in its .strings as well as its .stringsdict, the base in its .stringsdict only): each
            // copy goes, or the one left is an extra key in that locale after the fix.
            for file in table.files where table.files.count > 1 && !file.hasSuffix(".xcstrings") {
                guard let data = FileManager.default.contents(atPath: file), let parsed = try? StringsParser.parseAnyFormat(data) else { continue }
                for key in keys where parsed.lastEntryIndexByKey[key] != nil && table.entries[key]?.location.file != file {
                    byFile[file, default: (id.table, [])].keys.insert(key)
                }
            }
        }
        var outcome = Outcome()
        // First every edit, written nowhere; then only keys every file of their table could lose.
        var kept: [String: Set<String>] = [:]
        var edits: [String: (before: Data, after: Data, removed: [String])] = [:]
        for (file, wanted) in byFile.sorted(by: { $0.key < $1.key }) {
            do {
                guard let data = FileManager.default.contents(atPath: file) else { throw FixError(description: "cannot be read") }
                guard let edit = try edit(file, data: data, removing: wanted.keys, skipped: &outcome.skipped) else { continue }
                let left = wanted.keys.subtracting(edit.removed)
                if !left.isEmpty { kept[wanted.table, default: []].formUnion(left) }
                edits[file] = (data, edit.data, edit.removed)
            } catch {
                outcome.skipped.append("\(file): not changed (\(error))")
                kept[wanted.table, default: []].formUnion(wanted.keys)
            }
        }
        for (table, keys) in kept.sorted(by: { $0.key < $1.key }) where !keys.isEmpty {
            outcome.skipped.append("kept \(keys.count) key(s) of \(table) in every file: a file above could not lose them, and a key gone "
                + "from some locales only would be extra in the others (\(keys.sorted().prefix(3).map { "\"\($0)\"" }.joined(separator: ", "))\(keys.count > 3 ? ", …" : ""))")
        }
        for (file, wanted) in byFile.sorted(by: { $0.key < $1.key }) {
            guard var edit = edits[file] else { continue }
            do {
                if let keep = kept[wanted.table], !keep.isDisjoint(with: edit.removed) {
                    var ignored: [String] = []
                    guard let again = try Self.edit(file, data: edit.before, removing: wanted.keys.subtracting(keep), skipped: &ignored) else { continue }
                    edit = (edit.before, again.data, again.removed)
                }
                guard !edit.removed.isEmpty else { continue }
                try journal?.save(file, before: edit.before, after: edit.after)
                try edit.after.write(to: URL(fileURLWithPath: file), options: .atomic)
                outcome.removed[file] = edit.removed
            } catch {
                outcome.skipped.append("\(file): not changed (\(error))")
            }
        }
        return outcome
    }

    /// The file's bytes without the keys, and the keys it lost; nil for a kind of file --fix does not edit.
    static func edit(_ file: String, data: Data, removing keys: Set<String>, skipped: inout [String]) throws -> (data: Data, removed: [String])? {
        switch (file as NSString).pathExtension {
        // A `.strings` file may be an XML property list (pocket-casts' translations are): edited as one.
        case "strings": Self.isXMLPropertyList(data) ? try removeFromPropertyList(keys, data: data) : try removeFromStrings(keys, data: data, file: file, skipped: &skipped)
        case "stringsdict": try removeFromPropertyList(keys, data: data)
        case "xcstrings": try removeFromStringCatalog(keys, data: data)
        default: nil
        }
    }

    /// True when the bytes are an XML property list (after a UTF-8 byte-order mark and blank space).
    static func isXMLPropertyList(_ data: Data) -> Bool {
        var bytes = data.prefix(64)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let start = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return start.starts(with: Array("<?xml".utf8)) || start.starts(with: Array("<!DOCTYPE plist".utf8)) || start.starts(with: Array("<plist".utf8))
    }

    struct FixError: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: .strings

    static func removeFromStrings(_ keys: Set<String>, data: Data, file: String, skipped: inout [String]) throws -> (data: Data, removed: [String]) {
        let parsed = try StringsParser.parse(data)
        let (text, encoding, bom) = try decode(data, parsed.encoding)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var doomed = IndexSet()
        var removed: [String] = []
        for entry in parsed.entries where keys.contains(entry.key) {
            let first = entry.keyPosition.line - 1
            guard first < lines.count, let start = lines[first].firstIndex(where: { !$0.isWhitespace }),
                  lines[first].distance(from: lines[first].startIndex, to: start) == entry.keyPosition.column - 1 else {
                skipped.append("\(file):\(entry.keyPosition): \"\(entry.key)\" left in place: it does not start its line")
                continue
            }
            guard let last = endLine(ofEntryFrom: first, lines: lines) else {
                skipped.append("\(file):\(entry.keyPosition): \"\(entry.key)\" left in place: its ';' was not found")
                continue
            }
            var top = first
            if entry.comment != nil { top = commentStart(above: first, lines: lines) ?? first }
            doomed.insert(integersIn: top...last)
            if !removed.contains(entry.key) { removed.append(entry.key) }
        }
        guard !removed.isEmpty else { return (data, []) }
        collapseBlankLines(around: &doomed, lines: lines)
        let original = lines
        lines = lines.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        // A file emptied whole keeps the comment it opens with (openfoodfacts' `/* PhotosUI.strings … Created by … */`
        // right above its first entry went with it): a 0-byte table is an `empty-file` finding of its own in the next run.
        if lines.allSatisfy({ $0.allSatisfy(\.isWhitespace) }), let opening = original.first?.trimmingCharacters(in: .whitespaces),
           opening.hasPrefix("/*") || opening.hasPrefix("//") {
            var header: [String] = []
            for line in original {
                header.append(line)
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if opening.hasPrefix("//") ? !trimmed.hasPrefix("//") : trimmed.contains("*/") { break }
            }
            if opening.hasPrefix("//"), header.count > 1 { header.removeLast() }
            lines = header + [""]
        }
        return (try encode(lines.joined(separator: "\n"), encoding: encoding, bom: bom), removed)
    }

    /// The line holding the `;` that ends the entry starting on `first` (quoted strings may span lines and hold `;`).
    static func endLine(ofEntryFrom first: Int, lines: [String]) -> Int? {
        var inQuote = false
        var escaped = false
        for index in first..<lines.count {
            for character in lines[index] {
                if escaped { escaped = false; continue }
                if inQuote {
                    if character == "\\" { escaped = true } else if character == "\"" { inQuote = false }
                } else if character == "\"" {
                    inQuote = true
                } else if character == ";" {
                    return index
                }
            }
        }
        return nil
    }

    /// The first line of the comment that ends right above `line` (`/* … */` blocks or `//` lines).
    static func commentStart(above line: Int, lines: [String]) -> Int? {
        var index = line - 1
        guard index >= 0 else { return nil }
        let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") {
            while index > 0, lines[index - 1].trimmingCharacters(in: .whitespaces).hasPrefix("//") { index -= 1 }
            return index
        }
        guard trimmed.hasSuffix("*/") else { return nil }
        while index >= 0 {
            if lines[index].contains("/*") { return index }
            index -= 1
        }
        return nil
    }

    /// Where a removed block was set off by blank lines on both sides, one of them goes too, so the file keeps one.
    static func collapseBlankLines(around doomed: inout IndexSet, lines: [String]) {
        func isBlank(_ index: Int) -> Bool { lines[index].trimmingCharacters(in: .whitespaces).isEmpty }
        for range in doomed.rangeView {
            let after = range.upperBound
            let before = range.lowerBound - 1
            guard after < lines.count, isBlank(after), !doomed.contains(after) else { continue }
            if before < 0 || (isBlank(before) && !doomed.contains(before)) { doomed.insert(after) }
        }
    }

    static func decode(_ data: Data, _ encoding: StringsEncoding) throws -> (String, String.Encoding, Bool) {
        let (swiftEncoding, bomLength): (String.Encoding, Int) = switch encoding {
        case .utf8: (.utf8, 0)
        case .utf8BOM: (.utf8, 3)
        case .utf16LE: (.utf16LittleEndian, data.starts(with: [0xFF, 0xFE]) ? 2 : 0)
        case .utf16BE: (.utf16BigEndian, data.starts(with: [0xFE, 0xFF]) ? 2 : 0)
        case .utf32LE: (.utf32LittleEndian, data.starts(with: [0xFF, 0xFE, 0, 0]) ? 4 : 0)
        case .utf32BE: (.utf32BigEndian, data.starts(with: [0, 0, 0xFE, 0xFF]) ? 4 : 0)
        }
        guard let text = String(data: data.dropFirst(bomLength), encoding: swiftEncoding) else {
            throw FixError(description: "its text could not be decoded as \(encoding.rawValue)")
        }
        return (text, swiftEncoding, bomLength > 0)
    }

    static func encode(_ text: String, encoding: String.Encoding, bom: Bool) throws -> Data {
        guard var data = text.data(using: encoding) else { throw FixError(description: "the text could not be encoded again") }
        if bom {
            let mark: [UInt8] = switch encoding {
            case .utf16LittleEndian: [0xFF, 0xFE]
            case .utf16BigEndian: [0xFE, 0xFF]
            case .utf32LittleEndian: [0xFF, 0xFE, 0, 0]
            case .utf32BigEndian: [0, 0, 0xFE, 0xFF]
            default: [0xEF, 0xBB, 0xBF]
            }
            data.insert(contentsOf: mark, at: 0)
        }
        return data
    }

    // MARK: .stringsdict

    /// Deletes `<key>K</key>` and the value after it (any element: a `<dict>…</dict>`, a `<string>` on one line or
    /// several, `<string/>`) from the root dictionary of an XML property list (a `.stringsdict`, or a `.strings` file
    /// written as one), as bytes: every other byte stays. Where the key starts its line, the line's indentation and the
    /// line end after the value go with it, so a file Xcode wrote loses whole lines; a file written on one line (a
    /// generator's, or a minified one) or with CRLF line ends is edited all the same (the line-by-line edit this replaces
    /// kept every key of such a file).
    static func removeFromPropertyList(_ keys: Set<String>, data: Data) throws -> (data: Data, removed: [String]) {
        guard String(data: data, encoding: .utf8) != nil else {
            throw FixError(description: "cannot be read as UTF-8 XML")
        }
        let bytes = Array(data)
        var scanner = PropertyListScanner(bytes: bytes)
        var ranges: [Range<Int>] = []
        var removed: [String] = []
        /// Open elements; the root dictionary's members are read where it is the innermost (`plist`, `dict`).
        var open: [String] = []
        while let tag = try scanner.nextTag() {
            switch tag.kind {
            case .opening where tag.name == "key" && open.count <= 2 && open.last == "dict" && (open.count == 1 || open.first == "plist"):
                let keyText = try scanner.text(until: "</key>", after: tag)
                guard let value = try scanner.nextTag(), value.kind != .closing else {
                    throw FixError(description: "the key <key>\(keyText)</key> has no value")
                }
                let valueEnd = value.kind == .selfClosing ? value.end : try scanner.skipElement(value)
                let key = unescapeXML(keyText)
                guard keys.contains(key) else { continue }
                ranges.append(Self.wholeLines(tag.start..<valueEnd, in: bytes))
                removed.append(key)
            case .opening:
                open.append(tag.name)
            case .closing:
                guard open.last == tag.name else { throw FixError(description: "</\(tag.name)> closes <\(open.last ?? "nothing")>") }
                open.removeLast()
            case .selfClosing:
                break
            }
        }
        guard !removed.isEmpty else { return (data, []) }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var cursor = 0
        for range in ranges {
            kept.append(contentsOf: bytes[cursor..<range.lowerBound])
            cursor = range.upperBound
        }
        kept.append(contentsOf: bytes[cursor...])
        return (Data(kept), removed)
    }

    /// The range widened to whole lines where it starts its line (after blanks only): the blanks before it, and the blanks
    /// and one line end (LF or CRLF) after it. A range that shares its line with other text is left as it is.
    static func wholeLines(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var lower = range.lowerBound
        while lower > 0, isBlank(bytes[lower - 1]) { lower -= 1 }
        guard lower == 0 || bytes[lower - 1] == 0x0A else { return range }
        var upper = range.upperBound
        while upper < bytes.count, isBlank(bytes[upper]) { upper += 1 }
        if upper < bytes.count, bytes[upper] == 0x0D { upper += 1 }
        if upper < bytes.count, bytes[upper] == 0x0A { upper += 1 } else if upper < bytes.count { return range }
        return lower..<upper
    }

    /// The tags of an XML property list in order, past comments, processing instructions, the DOCTYPE and CDATA.
    struct PropertyListScanner {
        let bytes: [UInt8]
        var index = 0

        struct Tag {
            enum Kind { case opening, closing, selfClosing }
            var kind: Kind
            var name: String
            var start: Int
            var end: Int
        }

        init(bytes: [UInt8]) { self.bytes = bytes }

        private func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            return position + pattern.count <= bytes.count && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
        }

        private func find(_ text: String, from position: Int) -> Int? {
            let pattern = Array(text.utf8)
            guard let first = pattern.first else { return position }
            var at = position
            while at + pattern.count <= bytes.count {
                if bytes[at] == first, bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at }
                at += 1
            }
            return nil
        }

        mutating func nextTag() throws -> Tag? {
            while let open = find("<", from: index) {
                for (opening, closing) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")] where starts(opening, at: open) {
                    guard let end = find(closing, from: open + opening.utf8.count) else {
                        throw FixError(description: "\(opening) at byte \(open) has no \(closing)")
                    }
                    index = end + closing.utf8.count
                    break
                }
                if index > open { continue }
                guard let close = find(">", from: open) else { throw FixError(description: "a tag at byte \(open) has no end") }
                index = close + 1
                var inner = bytes[(open + 1)..<close]
                let kind: Tag.Kind
                if inner.first == UInt8(ascii: "/") {
                    kind = .closing
                    inner = inner.dropFirst()
                } else if inner.last == UInt8(ascii: "/") {
                    kind = .selfClosing
                    inner = inner.dropLast()
                } else {
                    kind = .opening
                }
                let name = String(decoding: inner.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
                return Tag(kind: kind, name: name, start: open, end: close + 1)
            }
            index = bytes.count
            return nil
        }

        /// The raw text from after `tag` to `closing`, which is then passed.
        mutating func text(until closing: String, after tag: Tag) throws -> String {
            guard let end = find(closing, from: tag.end) else { throw FixError(description: "<\(tag.name)> at byte \(tag.start) has no \(closing)") }
            index = end + closing.utf8.count
            return String(decoding: bytes[tag.end..<end], as: UTF8.self)
        }

        /// Passes the element `tag` opens, through its matching closing tag; returns the byte after it.
        mutating func skipElement(_ tag: Tag) throws -> Int {
            var depth = 1
            while let next = try nextTag() {
                if next.name == tag.name { depth += next.kind == .opening ? 1 : next.kind == .closing ? -1 : 0 }
                if depth == 0 { return next.end }
            }
            throw FixError(description: "<\(tag.name)> at byte \(tag.start) has no </\(tag.name)>")
        }
    }

    // MARK: .xcstrings

    /// Deletes members of the `"strings"` object of a String Catalog as text: each member's lines and its comma go,
    /// every other byte (Xcode's ` : ` spacing, indentation, key order) stays.
    static func removeFromStringCatalog(_ keys: Set<String>, data: Data) throws -> (data: Data, removed: [String]) {
        let bytes = Array(data)
        var ranges: [Range<Int>] = []
        var removed: [String] = []
        var depth = 0
        var index = 0
        var lastString: Range<Int>?
        var stringsDepth: Int?
        /// Where the member being read at the strings object's depth began (its key's opening quote), and its key.
        var member: (start: Int, key: String)?
        func decode(_ range: Range<Int>) -> String? {
            (try? JSONSerialization.jsonObject(with: Data(bytes[range]), options: .fragmentsAllowed)) as? String
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                lastString = start..<(index + 1)
            } else if byte == UInt8(ascii: ":") {
                if let stringsDepth, depth == stringsDepth, let key = lastString.flatMap(decode), let start = lastString?.lowerBound {
                    member = (start, key)
                }
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                if stringsDepth == nil, depth == 2, byte == UInt8(ascii: "{"), lastString.flatMap(decode) == "strings" { stringsDepth = 2 }
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if let stringsDepth, depth == stringsDepth, let found = member {
                    if keys.contains(found.key) {
                        ranges.append(found.start..<(index + 1))
                        removed.append(found.key)
                    }
                    member = nil
                }
                if let known = stringsDepth, depth < known { stringsDepth = nil }
            }
            index += 1
        }
        guard !ranges.isEmpty else { return (data, []) }
        var text = bytes
        for range in ranges.reversed() {
            var start = range.lowerBound
            var end = range.upperBound
            var after = end
            while after < text.count, text[after] == UInt8(ascii: " ") { after += 1 }
            if after < text.count, text[after] == UInt8(ascii: ",") {
                // Not the last member: its line and its comma go.
                end = after + 1
                while start > 0, text[start - 1] == UInt8(ascii: " ") || text[start - 1] == UInt8(ascii: "\t") { start -= 1 }
                if end < text.count, text[end] == UInt8(ascii: "\n") { end += 1 }
            } else {
                // The last member: the comma before it goes instead.
                var before = start
                while before > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(text[before - 1]) { before -= 1 }
                if before > 0, text[before - 1] == UInt8(ascii: ",") { start = before - 1 }
            }
            text.removeSubrange(start..<end)
        }
        return (Data(text), removed)
    }

    static func unescapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
