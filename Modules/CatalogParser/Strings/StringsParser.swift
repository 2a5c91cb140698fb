public import Foundation

/// Reads `.strings` files exactly as CoreFoundation does (`PropertyListSerialization` on an old-style plist),
/// and adds what a linter needs: positions, comments, and notes on constructs that parse but mislead.
public enum StringsParser {
    /// Parses the raw bytes of a `.strings` file, detecting its encoding from the byte-order mark.
    /// An XML or binary property list is an error here (`parseAnyFormat` reads it): this is the text format, whose
    /// bytes the editors change in place.
    public static func parse(_ data: Data) throws(StringsParseError) -> StringsFile {
        if let format = StringsPropertyList.format(of: data) {
            throw StringsParseError(
                kind: .syntax, message: "The file is \(format == .xml ? "an XML" : "a binary") property list, not the text format",
                position: SourcePosition(line: 1, column: 1),
                hint: "Bundle and `l10n lint` read it as it is; what changes files in place needs the text format (\"key\" = \"value\";), so convert it first or edit it with the tool that wrote it.")
        }
        // UTF-16 LE with its BOM on a little-endian machine: the bytes already are the code units CF scans, so the
        // parser reads them in place instead of copying the file into a second buffer (the common Xcode encoding).
        let inPlace: Result<StringsFile, StringsParseError>? = data.withUnsafeBytes { raw in
            guard let body = StringsTextDecoder.utf16LittleEndianBody(raw) else { return nil }
            return body.withMemoryRebound(to: UInt16.self) { units in
                Result { () throws(StringsParseError) in try parse(buffer: units, encoding: .utf16LE) }
            }
        }
        if let inPlace { return try inPlace.get() }
        let decoded = try StringsTextDecoder.decode(data)
        return try parse(units: decoded.units, encoding: decoded.encoding)
    }

    /// Parses text that is already decoded; `encoding` in the result is `.utf8`.
    public static func parse(text: String) throws(StringsParseError) -> StringsFile {
        try parse(units: Array(text.utf16), encoding: .utf8)
    }

    static func parse(units: [UInt16], encoding: StringsEncoding) throws(StringsParseError) -> StringsFile {
        let outcome = units.withUnsafeBufferPointer { buffer in
            Result { () throws(StringsParseError) in try parse(buffer: buffer, encoding: encoding) }
        }
        return try outcome.get()
    }

    static func parse(buffer units: UnsafeBufferPointer<UInt16>, encoding: StringsEncoding) throws(StringsParseError) -> StringsFile {
        if units.isEmpty {
            throw StringsParseError(
                kind: .empty, message: "The file is empty", position: SourcePosition(line: 1, column: 1),
                hint: "Add at least one entry or a comment; CoreFoundation refuses a file with no text at all.",
                coreFoundationMessage: "Conversion of string failed. The string is empty.")
        }
        var scanner = OldStylePlistScanner(units: units)
        guard let root = scanner.parseFile() else { throw makeError(scanner.error, units: units) }
        switch root {
        case .empty:
            return StringsFile(entries: [], encoding: encoding, notes: scanner.notes.isEmpty ? [] : makeNotes(scanner.notes, units: units))
        case .nonDictionary(let value, let offset):
            throw notADictionaryError(value, offset: offset, units: units)
        case .dictionary:
            return makeFile(&scanner, encoding: encoding, units: units)
        }
    }

    /// The scanner's entries, taken from it (not copied) and given their positions in place.
    private static func makeFile(_ scanner: inout OldStylePlistScanner, encoding: StringsEncoding, units: UnsafeBufferPointer<UInt16>) -> StringsFile {
        var tracker = SourcePositionTracker(units: units)
        var entries: [StringsEntry] = []
        swap(&entries, &scanner.entries)
        let offsets = scanner.entryOffsets
        entries.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices {
                entries[index].keyPosition = tracker.position(of: offsets[index].key)
                entries[index].valuePosition = tracker.position(of: offsets[index].value)
            }
        }
        return StringsFile(entries: entries, encoding: encoding, notes: makeNotes(scanner.notes, units: units),
                           lastEntryIndexByKey: scanner.lastEntryIndexByKey)
    }

    private static func makeNotes(_ pending: [OldStylePlistScanner.PendingNote], units: UnsafeBufferPointer<UInt16>) -> [StringsNote] {
        var tracker = SourcePositionTracker(units: units)
        let ordered = pending.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        return ordered.map { _, note in
            var message = note.message
            if let related = note.relatedOffset {
                var relatedTracker = SourcePositionTracker(units: units)
                message += " It was first defined on line \(relatedTracker.position(of: related).line)."
            }
            return StringsNote(kind: note.kind, position: tracker.position(of: note.offset), key: note.key, message: message)
        }
    }

    private static func makeError(_ pending: OldStylePlistScanner.PendingError?, units: UnsafeBufferPointer<UInt16>) -> StringsParseError {
        guard let pending else {
            return StringsParseError(kind: .syntax, message: "Unknown error parsing property list",
                                     position: SourcePosition(line: 1, column: 1), hint: "Check the file's syntax.")
        }
        var tracker = SourcePositionTracker(units: units)
        let coreFoundationLine = tracker.position(of: pending.coreFoundationOffset).line
        let position = tracker.position(of: pending.offset)
        return StringsParseError(
            kind: .syntax,
            message: pending.template.replacingOccurrences(of: "%d", with: String(position.line)),
            position: position,
            hint: pending.hint,
            coreFoundationMessage: pending.template.replacingOccurrences(of: "%d", with: String(coreFoundationLine)))
    }

    private static func notADictionaryError(_ value: PlistValue, offset: Int, units: UnsafeBufferPointer<UInt16>) -> StringsParseError {
        var tracker = SourcePositionTracker(units: units)
        let what: String
        switch value {
        case .string: what = "a single string"
        case .array: what = "an array"
        case .data: what = "data"
        case .dictionary: what = "a dictionary"
        }
        return StringsParseError(
            kind: .syntax,
            message: "The file contains \(what), not a list of key = value pairs",
            position: tracker.position(of: offset),
            hint: "Write each entry as \"key\" = \"value\"; — a strings file must be a dictionary.",
            coreFoundationMessage: "(CoreFoundation returns \(what) instead of a dictionary)")
    }
}
