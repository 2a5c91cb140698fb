public import Core
import Foundation

/// What the linter reads: Core's catalog contents, which can also be assembled from files loaded in parallel.
/// (Core's `Catalog` keeps `files` and `parsedStrings` internal to Core, so merging per-file catalogs needs this.)
public struct LoadedCatalog: Sendable {
    public var tables: [Catalog.TableID: CatalogTable] = [:]
    public var problems: [CatalogProblem] = []
    public var files: [String] = []
    public var parsedStrings: [String: StringsFile] = [:]
    public var declaredSourceLanguage: String?
    /// Each table's entries in the order of its `keys`, where the loader made them (one `.strings` file per table
    /// and locale, no duplicate keys); `withOrderedEntries()` fills in the rest. The linter walks these arrays
    /// instead of looking every key up, and a translation listed in the base's order is matched without hashing.
    public var orderedEntries: [Catalog.TableID: [CatalogEntry]] = [:]

    public init() {}

    public init(_ catalog: Catalog) {
        tables = catalog.tables
        problems = catalog.problems
        files = catalog.files
        parsedStrings = catalog.parsedStrings
        declaredSourceLanguage = catalog.declaredSourceLanguage
    }

    public var locales: [String] { Array(Set(tables.keys.map(\.locale))).sorted() }
    public var tableNames: [String] { Array(Set(tables.keys.map(\.table))).sorted() }
    public var entryCount: Int { tables.values.reduce(0) { $0 + $1.entries.count } }

    public func table(_ name: String, locale: String) -> CatalogTable? {
        tables[Catalog.TableID(table: name, locale: locale)]
    }

    public func entry(table: String, locale: String, key: String) -> CatalogEntry? {
        tables[Catalog.TableID(table: table, locale: locale)]?.entries[key]
    }

    /// The same catalog with `orderedEntries` for every table.
    public func withOrderedEntries() -> LoadedCatalog {
        var copy = self
        for (id, table) in tables where copy.orderedEntries[id]?.count != table.keys.count {
            copy.orderedEntries[id] = table.keys.compactMap { table.entries[$0] }
        }
        return copy
    }

    /// Adds one file's catalog after the ones already merged; as in Core's loader, a later file's key wins.
    mutating func merge(_ catalog: LoadedCatalog) {
        files += catalog.files
        problems += catalog.problems
        parsedStrings.merge(catalog.parsedStrings) { _, later in later }
        if declaredSourceLanguage == nil { declaredSourceLanguage = catalog.declaredSourceLanguage }
        for (id, table) in catalog.tables {
            guard var existing = tables[id] else {
                tables[id] = table // the common case: one file per table and locale, moved whole
                orderedEntries[id] = catalog.orderedEntries[id]
                continue
            }
            for key in table.keys {
                guard let entry = table.entries[key] else { continue }
                if existing.entries[key] == nil { existing.keys.append(key) }
                existing.entries[key] = entry
            }
            for file in table.files where !existing.files.contains(file) { existing.files.append(file) }
            tables[id] = existing
            orderedEntries[id] = nil  // two files in one table: rebuilt from the merged table when needed
        }
    }

    /// Loads the same files as `Catalog.load(paths:)`, in the same order and with the same results, reading and
    /// parsing the files on all cores.
    public static func load(paths: [String]) throws(CatalogLoadError) -> LoadedCatalog {
        var files: [String] = []
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
            if isDirectory.boolValue {
                files += catalogFiles(under: path)
            } else {
                guard Catalog.fileExtensions.contains((path as NSString).pathExtension) else { throw .notAFolderOrCatalog(path: path) }
                files.append(path)
            }
        }
        let results = Locked<[Int: LoadedCatalog]>([:])
        let found = files
        DispatchQueue.concurrentPerform(iterations: found.count) { index in
            let one = loadFile(found[index])
            results.withLock { $0[index] = one }
        }
        let catalogs = results.withLock { $0 }
        var loaded = LoadedCatalog()
        for index in files.indices {
            if let catalog = catalogs[index] { loaded.merge(catalog) }
        }
        return loaded
    }

    /// One file, as Core's `Catalog.loadFile` reads it. A `.strings` file that reads and parses cleanly is turned into
    /// its table here in one pass (Core's `Catalog.insert` hashes the table id and scans the file list per entry,
    /// about as long as parsing a 20,000-entry file); anything else goes through Core, so problems read the same.
    static func loadFile(_ path: String) -> LoadedCatalog {
        if (path as NSString).pathExtension == "strings",
           let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= Catalog.maximumFileSize,
           // Read, not mapped: a file truncated by an editor while it is mapped would crash the linter (SIGBUS), and
           // mapping measured no faster here.
           let data = FileManager.default.contents(atPath: path),
           let file = try? StringsParser.parse(data) {
            var table = CatalogTable(name: Linter.table(ofFile: path), locale: Linter.locale(ofFile: path), files: file.entries.isEmpty ? [] : [path])
            func catalogEntry(_ entry: StringsEntry) -> CatalogEntry {
                let value: CatalogValue = if case let .string(text) = entry.value { .text(text) } else { .other(entry.value) }
                return CatalogEntry(key: entry.key, value: value, comment: entry.comment,
                                    location: CatalogLocation(file: path, position: entry.keyPosition))
            }
            var ordered: [CatalogEntry]?
            if file.lastEntryIndexByKey.count == file.entries.count {
                // No duplicates (the usual case): the entries in file order, and the table from the parser's key
                // index, whose hash table `mapValues` reuses instead of inserting each key again.
                let list = file.entries.map(catalogEntry)
                table.entries = file.lastEntryIndexByKey.mapValues { list[$0] }
                table.keys = file.entries.map(\.key)
                ordered = list
            } else {
                // Duplicates: the last entry wins at the first one's place, as in Core's loader.
                table.entries = file.lastEntryIndexByKey.mapValues { catalogEntry(file.entries[$0]) }
                table.keys = file.keysInFirstOrder
            }
            var loaded = LoadedCatalog()
            loaded.files = [path]
            loaded.parsedStrings[path] = file
            if !file.entries.isEmpty {
                let id = Catalog.TableID(table: table.name, locale: table.locale)
                loaded.tables[id] = table
                loaded.orderedEntries[id] = ordered
            }
            return loaded
        }
        var catalog = Catalog()
        catalog.loadFile(path)
        return LoadedCatalog(catalog)
    }

    /// The catalog files under a folder as Core's loader finds them: `*.xcstrings` anywhere, `.strings` and
    /// `.stringsdict` inside a `*.lproj` folder; sorted.
    static func catalogFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = relative as NSString
            guard Catalog.fileExtensions.contains(name.pathExtension) else { continue }
            let parent = (name.deletingLastPathComponent as NSString).lastPathComponent
            if name.pathExtension == "xcstrings" || parent.hasSuffix(".lproj") {
                found.append((folder as NSString).appendingPathComponent(relative))
            }
        }
        return found.sorted()
    }
}
