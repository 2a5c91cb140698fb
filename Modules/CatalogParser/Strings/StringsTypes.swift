public import Foundation

/// A place in the decoded text. Lines break at `\n`, `\r` and `\r\n` (as CoreFoundation counts them);
/// columns count Unicode scalars. Both are 1-based.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// The byte encoding a `.strings` file was read in, as CoreFoundation detects it from the leading bytes.
public enum StringsEncoding: String, Sendable {
    case utf8, utf8BOM, utf16LE, utf16BE, utf32LE, utf32BE
}

/// A property-list value as the old-style grammar can express it. Not `indirect`: arrays and dictionaries already keep
/// their elements on the heap, so only a string's case would be boxed, one allocation for every value of a catalog.
public enum PlistValue: Sendable, Equatable {
    case string(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    case data(Data)

    /// The string payload, or nil for arrays, dictionaries and data.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}

/// One `key = value;` (or `key;`) at the top level of the file, in file order.
public struct StringsEntry: Sendable, Equatable {
    public var key: String
    public var value: PlistValue
    public var keyPosition: SourcePosition
    public var valuePosition: SourcePosition
    /// Text of the comment(s) immediately preceding the entry, trimmed, without `/* */` or `//`.
    public var comment: String?

    // Made only by this module's readers, with the memberwise initializer: an explicit one, assigning field by field,
    // left a count up and down on the whole entry in the parser once inlined (`swiftc -O -emit-sil`: a `retain_value`
    // and a `release_value` of the entry built on the stack), about 5 % of parsing a 20,000-entry file.
}

/// A construct that CoreFoundation accepts but that probably does not mean what its author thinks.
public struct StringsNote: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The key appears earlier in the same dictionary; this later value wins.
        case duplicateKey
        /// `\u1234` reads as the letters `u1234`; only `\U` is an escape.
        case lowercaseUnicodeEscape
        /// `\U` takes at most four hex digits, so a fifth one stays a literal character.
        case longUnicodeEscape
        /// A backslash before a letter that starts no escape (`Enable\Disable`): CF drops the backslash; `\U` with no
        /// hex digit after it is the character U+0000.
        case unknownEscape
        /// `/*` with no `*/`: CF swallows the rest of the file as a comment and still accepts it.
        case unterminatedComment
        case singleQuotedString
        case unquotedString
        /// A top-level value that is an array, dictionary or data instead of a string.
        case nonStringValue
        /// `"k";` — CF uses the key as its own value.
        case keyWithoutValue
        /// Text after the last `;` that CF silently ignores (for example a stray `}` or a line with no quotes).
        case ignoredTrailingContent
        /// CF stops reading (a stray character, a `/*` never closed) before entries that follow: their text is lost.
        case ignoredEntries
    }

    public var kind: Kind
    public var position: SourcePosition
    public var key: String?
    public var message: String

    public init(kind: Kind, position: SourcePosition, key: String?, message: String) {
        self.kind = kind
        self.position = position
        self.key = key
        self.message = message
    }
}

/// A parsed `.strings` file.
public struct StringsFile: Sendable, Equatable {
    /// Top-level entries in file order, duplicates included.
    public var entries: [StringsEntry]
    public var encoding: StringsEncoding
    public var notes: [StringsNote]
    /// The index in `entries` of each key's last entry (the one Apple keeps), as the parser found them: a table
    /// keyed the same way can be built from it with `mapValues`, without hashing every key again.
    public let lastEntryIndexByKey: [String: Int]
    /// Nil for the text format; `.xml` or `.binary` for a property list (`StringsPropertyList`), which has no comments
    /// and cannot be edited in place.
    public var format: StringsPropertyList.Format?

    /// What Apple would return: the last duplicate wins. Built when asked (the linter and the catalog loader use
    /// `entries` and `lastEntryIndexByKey`); `mapValues` reuses the index's hash table.
    public var dictionary: [String: PlistValue] {
        lastEntryIndexByKey.mapValues { entries[$0].value }
    }

    /// Keys in the order of their first entry (what a loader that inserts entries in order lists).
    public var keysInFirstOrder: [String] {
        if lastEntryIndexByKey.count == entries.count { return entries.map(\.key) }
        var seen = Set<String>(minimumCapacity: lastEntryIndexByKey.count)
        return entries.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    /// `lastEntryIndexByKey` is computed from `entries` when not given.
    public init(entries: [StringsEntry], encoding: StringsEncoding, notes: [StringsNote], lastEntryIndexByKey: [String: Int]? = nil,
                format: StringsPropertyList.Format? = nil) {
        self.entries = entries
        self.encoding = encoding
        self.notes = notes
        self.format = format
        self.lastEntryIndexByKey = lastEntryIndexByKey ?? Dictionary(entries.enumerated().map { ($1.key, $0) }) { _, later in later }
    }
}

/// Why a file cannot be read the way Apple reads it.
public struct StringsParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The bytes are not UTF-8, or UTF-16/UTF-32 with a byte-order mark.
        case encoding
        /// The text does not follow the old-style property-list grammar.
        case syntax
        /// Zero bytes, or only a byte-order mark: CoreFoundation refuses the file (whitespace or a comment is enough).
        case empty
    }

    public var kind: Kind
    /// CoreFoundation's wording, with the line number where the mistake really is.
    public var message: String
    /// Where the mistake really is (e.g. the end of the entry lacking its `;`), 1-based.
    public var position: SourcePosition
    /// What the user should do, one sentence.
    public var hint: String
    /// CoreFoundation's message verbatim, including its own (sometimes misleading) line number.
    public var coreFoundationMessage: String

    public init(kind: Kind, message: String, position: SourcePosition, hint: String, coreFoundationMessage: String? = nil) {
        self.kind = kind
        self.message = message
        self.position = position
        self.hint = hint
        self.coreFoundationMessage = coreFoundationMessage ?? message
    }

    public var description: String { "\(position.line):\(position.column): \(message). \(hint)" }
}
