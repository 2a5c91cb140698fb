import Foundation

/// Where a catalog value came from: the file and, where known, the 1-based position in it.
public struct CatalogLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var position: SourcePosition?

    public init(file: String, position: SourcePosition?) {
        self.file = file
        self.position = position
    }

    public var description: String {
        position.map { "\(file):\($0.line):\($0.column)" } ?? file
    }
}

/// One plural variable of a `.stringsdict` rule (`%#@products@`) or of a String Catalog substitution.
public struct PluralVariable: Sendable, Hashable {
    /// The printf conversion of the count (`d`, `ld`, `lu`…), from `NSStringFormatValueTypeKey`.
    public var valueType: String
    /// The text per CLDR category (each may contain a specifier for the count, e.g. "%d products").
    public var forms: [PluralCategory: String]
    public var location: CatalogLocation?

    public init(valueType: String, forms: [PluralCategory: String], location: CatalogLocation? = nil) {
        self.valueType = valueType
        self.forms = forms
        self.location = location
    }
}

/// A value that varies with a count: `format` (`NSStringLocalizedFormatKey`) names variables
/// with `%#@name@`, and each variable picks a form by the plural category of its argument.
public struct PluralRule: Sendable, Hashable {
    public var format: String
    public var variables: [String: PluralVariable]

    public init(format: String, variables: [String: PluralVariable]) {
        self.format = format
        self.variables = variables
    }
}

/// The value of one key in one locale.
public enum CatalogValue: Sendable, Equatable {
    case text(String)
    case plural(PluralRule)
    /// A `.strings` value that is not a string (array, dictionary, data): parsed, but unusable as copy.
    case other(PlistValue)

    public var text: String? {
        if case let .text(text) = self { text } else { nil }
    }
}

/// One key of one table in one locale, with what a translator and the linter need to know about it.
///
/// A value with its fields in one shared box (copy on write): a catalog holds each entry in its table's dictionary and
/// in its ordered list, and the linter hands entries from check to check, so a copy is one reference count instead of
/// one per string field (a quarter of a 20,000-entry lint's time went to copying and releasing entries field by
/// field), and a table of 20,000 entries keeps 8 bytes per entry in each collection instead of 140.
public struct CatalogEntry: Sendable, Equatable {
    /// The fields, never changed once made: a change makes a new box (entries are read far more often than changed).
    /// Constant fields let a read borrow a field in place (`_read`): a getter returned a copy, one count up and down
    /// on the string, and the linter reads half a million fields on the 40,000-entry lint pair.
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let key: String
        @usableFromInline let value: CatalogValue
        @usableFromInline let comment: String?
        @usableFromInline let location: CatalogLocation
        @usableFromInline let state: String?
        @usableFromInline let shouldTranslate: Bool
        @usableFromInline let extractionState: String?

        init(key: String, value: CatalogValue, comment: String?, location: CatalogLocation, state: String?,
             shouldTranslate: Bool, extractionState: String?) {
            self.key = key
            self.value = value
            self.comment = comment
            self.location = location
            self.state = state
            self.shouldTranslate = shouldTranslate
            self.extractionState = extractionState
        }
    }

    @usableFromInline var storage: Storage

    /// A new box with one field changed.
    @usableFromInline mutating func change(key: String? = nil, value: CatalogValue? = nil, comment: String?? = nil, location: CatalogLocation? = nil,
                                 state: String?? = nil, shouldTranslate: Bool? = nil, extractionState: String?? = nil) {
        let old = storage
        storage = Storage(key: key ?? old.key, value: value ?? old.value, comment: comment ?? old.comment, location: location ?? old.location,
                          state: state ?? old.state, shouldTranslate: shouldTranslate ?? old.shouldTranslate,
                          extractionState: extractionState ?? old.extractionState)
    }

    @inlinable public var key: String { _read { yield storage.key } set { change(key: newValue) } }
    @inlinable public var value: CatalogValue { _read { yield storage.value } set { change(value: newValue) } }
    /// The translator's note (the comment above a `.strings` entry, `comment` in a String Catalog).
    @inlinable public var comment: String? { _read { yield storage.comment } set { change(comment: .some(newValue)) } }
    @inlinable public var location: CatalogLocation { _read { yield storage.location } set { change(location: newValue) } }
    /// String Catalog `state` (`translated`, `needs_review`, `new`…); nil for `.strings`.
    @inlinable public var state: String? { _read { yield storage.state } set { change(state: .some(newValue)) } }
    /// False for String Catalog entries marked `shouldTranslate: false`.
    @inlinable public var shouldTranslate: Bool { get { storage.shouldTranslate } set { change(shouldTranslate: newValue) } }
    /// String Catalog `extractionState` (`manual`, `extracted_with_value`, `stale`…); nil for `.strings`.
    @inlinable public var extractionState: String? { _read { yield storage.extractionState } set { change(extractionState: .some(newValue)) } }

    public init(key: String, value: CatalogValue, comment: String? = nil, location: CatalogLocation,
                state: String? = nil, shouldTranslate: Bool = true, extractionState: String? = nil) {
        storage = Storage(key: key, value: value, comment: comment, location: location, state: state,
                          shouldTranslate: shouldTranslate, extractionState: extractionState)
    }

    public static func == (lhs: CatalogEntry, rhs: CatalogEntry) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        return a.key == b.key && a.value == b.value && a.comment == b.comment && a.location == b.location
            && a.state == b.state && a.shouldTranslate == b.shouldTranslate && a.extractionState == b.extractionState
    }
}

/// A table (e.g. `Core`) in one locale: its entries by key, and the keys in file order.
public struct CatalogTable: Sendable, Equatable {
    public var name: String
    public var locale: String
    public var entries: [String: CatalogEntry]
    /// Keys in the order the files list them (first occurrence).
    public var keys: [String]
    public var files: [String]

    public init(name: String, locale: String, entries: [String: CatalogEntry] = [:], keys: [String] = [], files: [String] = []) {
        self.name = name
        self.locale = locale
        self.entries = entries
        self.keys = keys
        self.files = files
    }

    /// Adds or replaces an entry (the later file or line wins, as Apple's loader does).
    mutating func insert(_ entry: CatalogEntry) {
        if entries[entry.key] == nil { keys.append(entry.key) }
        entries[entry.key] = entry
    }
}

/// Something wrong with a catalog file that loading could survive: the linter reports it, the
/// Localizer skips the file.
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be parsed (`message` is the parser's, `hint` what to do).
        case syntax
        /// The file is not in an encoding Apple reads.
        case encoding
        /// The file could not be read at all (permissions, not a file).
        case unreadable
        /// The file parsed but its structure is not what its format requires.
        case structure
        /// A `.strings` file with no text at all: CoreFoundation refuses it, but Xcode builds it and the app shows
        /// what it would without the file.
        case empty
        /// A `.strings` or `.stringsdict` file that a String Catalog of the same table beside its `.lproj` folder
        /// replaces: not read.
        case shadowed
    }

    public var kind: Kind
    public var location: CatalogLocation
    public var message: String
    public var hint: String

    public init(kind: Kind, location: CatalogLocation, message: String, hint: String) {
        self.kind = kind
        self.location = location
        self.message = message
        self.hint = hint
    }

    public var description: String { "\(location): \(message). \(hint)" }
}

/// Tables × locales × keys, read from `<locale>.lproj/<Table>.strings|.stringsdict` files and
/// `<Table>.xcstrings` String Catalogs. Loading never stops at one bad file: it is skipped and
/// listed in `problems`.
public struct Catalog: Sendable {
    public private(set) var tables: [TableID: CatalogTable] = [:]
    public private(set) var problems: [CatalogProblem] = []
    /// The files that were read, in the order read.
    public private(set) var files: [String] = []
    /// The parsed `.strings` files by path, with the parser's notes (duplicates, misleading constructs).
    public internal(set) var parsedStrings: [String: StringsFile] = [:]
    /// The development language a String Catalog declares (`sourceLanguage`), if any.
    public private(set) var declaredSourceLanguage: String?
    /// Each table's entries in the order of its `keys`, where the loader had them in one piece (one `.strings` file per
    /// table and locale, without duplicate keys); `withOrderedEntries()` fills in the rest. The linter walks these
    /// arrays instead of looking every key up, and matches a translation listed in the base's order without hashing.
    public private(set) var orderedEntries: [TableID: [CatalogEntry]] = [:]

    public struct TableID: Sendable, Hashable, Comparable {
        public var table: String
        public var locale: String

        public init(table: String, locale: String) {
            self.table = table
            self.locale = locale
        }

        public static func < (lhs: TableID, rhs: TableID) -> Bool {
            (lhs.table, lhs.locale) < (rhs.table, rhs.locale)
        }
    }

    public init() {}

    /// Every locale that has at least one table, sorted.
    public var locales: [String] {
        Array(Set(tables.keys.map(\.locale))).sorted()
    }

    /// Every table name, sorted.
    public var tableNames: [String] {
        Array(Set(tables.keys.map(\.table))).sorted()
    }

    public func table(_ name: String, locale: String) -> CatalogTable? {
        tables[TableID(table: name, locale: locale)]
    }

    public func entry(table: String, locale: String, key: String) -> CatalogEntry? {
        tables[TableID(table: table, locale: locale)]?.entries[key]
    }

    /// How many entries the catalog holds across all tables and locales.
    public var entryCount: Int {
        tables.values.reduce(0) { $0 + $1.entries.count }
    }

    /// The catalog without the given locales (folders a project does not build: not among its `knownRegions`).
    public func removingLocales(_ removed: Set<String>) -> Catalog {
        guard !removed.isEmpty else { return self }
        var copy = self
        copy.tables = tables.filter { !removed.contains($0.key.locale) }
        copy.orderedEntries = orderedEntries.filter { !removed.contains($0.key.locale) }
        copy.files = files.filter { !removed.contains(Self.locale(ofFile: $0)) }
        copy.problems = problems.filter { !removed.contains(Self.locale(ofFile: $0.location.file)) }
        copy.parsedStrings = parsedStrings.filter { !removed.contains(Self.locale(ofFile: $0.key)) }
        return copy
    }

    /// The same catalog with `orderedEntries` for every table.
    public func withOrderedEntries() -> Catalog {
        var copy = self
        for (id, table) in tables where copy.orderedEntries[id]?.count != table.keys.count {
            copy.orderedEntries[id] = table.keys.compactMap { table.entries[$0] }
        }
        return copy
    }

    public mutating func insert(_ entry: CatalogEntry, table: String, locale: String) {
        let id = TableID(table: table, locale: locale)
        if orderedEntries[id] != nil {
            // A new key goes at the end of the table's order; a replaced one leaves the list to be rebuilt when needed.
            if tables[id]?.entries.index(forKey: entry.key) == nil {
                orderedEntries[id]?.append(entry)
            } else {
                orderedEntries[id] = nil
            }
        }
        tables[id, default: CatalogTable(name: table, locale: locale)].insert(entry)
        if tables[id]?.files.contains(entry.location.file) == false {
            tables[id]?.files.append(entry.location.file)
        }
    }

    public mutating func report(_ problem: CatalogProblem) {
        problems.append(problem)
    }

    mutating func noteFile(_ path: String) {
        files.append(path)
    }

    /// Adds a whole table read from one file, with its entries in file order when it has no duplicate keys.
    mutating func add(_ table: CatalogTable, ordered: [CatalogEntry]?) {
        let id = TableID(table: table.name, locale: table.locale)
        tables[id] = table
        orderedEntries[id] = ordered
    }

    mutating func noteSourceLanguage(_ language: String) {
        if declaredSourceLanguage == nil { declaredSourceLanguage = language }
    }
}

extension Catalog {
    /// The same catalog with each bundle's table merged into the one of its name (`fileTableName`), as the loader read
    /// them before it told bundles apart: what code refers to (a table's name, whichever bundle it reads it from).
    public func mergingBundles() -> Catalog {
        guard tables.keys.contains(where: { $0.table.contains("/") }) else { return self }
        var merged = self
        merged.tables = [:]
        merged.orderedEntries = [:]
        // The plain tables first, then each bundle's, so the app's own text wins a key both have.
        for id in tables.keys.sorted(by: { ($0.table.contains("/") ? 1 : 0, $0) < ($1.table.contains("/") ? 1 : 0, $1) }) {
            guard let table = tables[id] else { continue }
            let name = Self.fileTableName(id.table)
            let target = TableID(table: name, locale: id.locale)
            if merged.tables[target] == nil {
                var renamed = table
                renamed.name = name
                merged.add(renamed, ordered: orderedEntries[id])
            } else {
                for key in table.keys {
                    guard let entry = table.entries[key] else { continue }
                    if merged.tables[target]?.entries[key] == nil { merged.insert(entry, table: name, locale: id.locale) }
                }
            }
        }
        return merged
    }

    /// Gives every table of this (one file's) catalog another name.
    mutating func renameTables(to name: String) {
        for id in tables.keys {
            guard var table = tables.removeValue(forKey: id) else { continue }
            let ordered = orderedEntries.removeValue(forKey: id)
            table.name = name
            add(table, ordered: ordered)
        }
    }
}
