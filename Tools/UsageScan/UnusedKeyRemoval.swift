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
        lines = lines.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
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

    /// Deletes `<key>K</key>` and the value after it (a `<dict>…</dict>`, or a `<string>` on one line or several) from
    /// the root dictionary of an XML property list (a `.stringsdict`, or a `.strings` file written as one), line by line.
    static func removeFromPropertyList(_ keys: Set<String>, data: Data) throws -> (data: Data, removed: [String]) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw FixError(description: "cannot be read as UTF-8 XML")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var doomed = IndexSet()
        var depth = 0
        var removed: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if depth == 1, trimmed.hasPrefix("<key>"), trimmed.hasSuffix("</key>"),
               case let key = unescapeXML(String(trimmed.dropFirst(5).dropLast(6))), keys.contains(key) {
                // The value: the next element, through its matching </dict>, or its </string> when a text runs over
                // several lines (or a one-line element).
                var end = index + 1
                var inner = 0
                let opensString = end < lines.count && lines[end].contains("<string>") && !lines[end].contains("</string>")
                while end < lines.count {
                    if opensString {
                        if lines[end].contains("</string>") { break }
                        end += 1
                        continue
                    }
                    inner += lines[end].components(separatedBy: "<dict>").count - 1
                    inner -= lines[end].components(separatedBy: "</dict>").count - 1
                    if inner <= 0 { break }
                    end += 1
                }
                guard end < lines.count else { throw FixError(description: "the value of \(trimmed) has no end") }
                doomed.insert(integersIn: index...end)
                removed.append(key)
                index = end + 1
                continue
            }
            depth += line.components(separatedBy: "<dict>").count - 1
            depth -= line.components(separatedBy: "</dict>").count - 1
            index += 1
        }
        guard !removed.isEmpty else { return (data, []) }
        let kept = lines.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        return (Data(kept.joined(separator: "\n").utf8), removed)
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
