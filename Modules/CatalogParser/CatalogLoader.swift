import Foundation
import Core

/// Why a catalog path could not be read at all (as opposed to a bad file inside it, which is a
/// `CatalogProblem`). The message names the path and says what to do.
public enum CatalogLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(path: String)
    case notAFolderOrCatalog(path: String)

    public var description: String {
        switch self {
        case let .missing(path):
            "\(path): no such file or folder; pass a folder of <locale>.lproj folders or .strings, .stringsdict, .xcstrings files"
        case let .notAFolderOrCatalog(path):
            "\(path): not a catalog file; expected .strings, .stringsdict or .xcstrings (or a folder of <locale>.lproj folders)"
        }
    }
}

extension Catalog {
    /// Files larger than this are refused with a message rather than read (a 100 MB table is a mistake).
    public static let maximumFileSize = 32 * 1024 * 1024
    /// Files this large or larger are mapped rather than read (`readWhole`); a typical table is far smaller.
    static let mappedFileSize = 1024 * 1024

    public static let fileExtensions: Set<String> = ["strings", "stringsdict", "xcstrings"]
    /// Folders a walk for an app's catalogs never enters: build products, dependencies and tools' caches hold other
    /// projects' catalogs.
    public static let skippedFolders: Set<String> = [".build", "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules", "vendor", "fastlane"]
    /// Bundles that are built output or exports, never sources: an `.xcloc` is Xcode's localization export, a copy of
    /// the catalogs made for translators (stats keeps one beside its catalogs, whose `InfoPlist` copies read as 40
    /// missing tables; damus one whose stale copy became the base of 30 locales, 25,105 missing keys).
    public static let skippedBundleExtensions: Set<String> = ["app", "framework", "xcframework", "xcarchive", "xcassets", "appex",
                                                              "xcodeproj", "xcworkspace", "xcloc"]

    /// True for a folder (or file) a walk under a catalog folder skips: hidden, a build or dependency folder, a bundle.
    public static func isSkippedInWalk(_ name: some StringProtocol) -> Bool {
        if name.hasPrefix(".") || skippedFolders.contains(String(name)) { return true }
        guard let dot = name.lastIndex(of: ".") else { return false }
        return skippedBundleExtensions.contains(String(name[name.index(after: dot)...]))
    }

    /// Reads every catalog file under the given paths: folders are searched for `*.lproj` folders
    /// and `*.xcstrings` files; files are read directly (their locale is their `.lproj` folder's name).
    public static func load(paths: [String]) throws(CatalogLoadError) -> Catalog {
        let fileManager = FileManager.default
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .missing(path: path)
            }
            // A folder named like a catalog is no folder of catalogs: it is read as the file it claims to be, which
            // reports it (`loadFile`), as a walk that lists it does.
            if isDirectory.boolValue, !fileExtensions.contains((path as NSString).pathExtension) {
                files += catalogFiles(under: path)
            } else {
                guard fileExtensions.contains((path as NSString).pathExtension) else {
                    throw .notAFolderOrCatalog(path: path)
                }
                files.append(path)
            }
        }
        // A `.strings` file that a String Catalog beside its `.lproj` folder builds too is left over from before the
        // migration: Xcode cannot build both into one target, so the app ships the catalog's.
        let shadowed = shadowedFiles(files)
        // Files are read and parsed on every core, then merged in order, so the result is the
        // same as reading them one by one (a later file still wins a duplicate key).
        let paths = files.filter { shadowed[$0] == nil }
        // Tables of the same name that ship in different bundles (an app's and a Swift package's `Localizable`) are
        // read as tables of their own, not merged into one.
        let bundled = bundleTableNames(paths)
        let parts = Locked([Catalog?](repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            var part = Catalog()
            part.loadFile(paths[index])
            if let name = bundled[paths[index]] { part.renameTables(to: name) }
            parts.withLock { $0[index] = part }
        }
        // Each part is taken out of the list before it is merged, so once merged the catalog holds its tables alone: a
        // later file of the same table (Localizable.stringsdict after Localizable.strings) then adds to them in place
        // instead of copying every entry first.
        var loaded = parts.withLock { parts in
            defer { parts = [] }
            return parts
        }
        var catalog = Catalog()
        for index in loaded.indices {
            guard let part = loaded[index] else { continue }
            loaded[index] = nil
            catalog.merge(part)
        }
        for file in files {
            guard let stringCatalog = shadowed[file] else { continue }
            let name = stringCatalog.split(separator: "/").last.map(String.init) ?? stringCatalog
            catalog.report(CatalogProblem(kind: .shadowed, location: CatalogLocation(file: file, position: nil),
                                          message: "not read: \(name) beside its folder builds the same table, and Xcode cannot build both into one target",
                                          hint: "delete this file if the String Catalog replaced it; if the catalog is not in the target, move it out of this folder"))
        }
        return catalog
    }

    /// `<folder>/<locale>.lproj/<Table>.strings` (or `.stringsdict`) beside `<folder>/<Table>.xcstrings`, with that catalog.
    static func shadowedFiles(_ files: [String]) -> [String: String] {
        let stringCatalogs = Set(files.filter { $0.hasSuffix(".xcstrings") })
        guard !stringCatalogs.isEmpty else { return [:] }
        var shadowed: [String: String] = [:]
        for file in files where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
            var components = file.split(separator: "/", omittingEmptySubsequences: false)
            guard components.count >= 2, components[components.count - 2].hasSuffix(".lproj") else { continue }
            components.removeLast(2)
            let candidate = (components + [Substring(tableName(ofFile: file) + ".xcstrings")]).joined(separator: "/")
            if stringCatalogs.contains(candidate) { shadowed[file] = candidate }
        }
        return shadowed
    }

    /// The folder that a file's table ships from: the folder of its `<locale>.lproj` folder, or a String Catalog's own.
    public static func bundleFolder(ofFile path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast()
        if components.last?.hasSuffix(".lproj") == true { components.removeLast() }
        return components.joined(separator: "/")
    }

    /// Files whose table shares its name with a table of another bundle, and the name that table is read under.
    ///
    /// One bundle holds one `<locale>.lproj/<Table>.strings` per locale, so two folders that both hold a table's file
    /// for the same locale (or a String Catalog of it, which holds every locale) ship in different bundles: an app and
    /// its widget, an app and a Swift package's `Bundle.module`. Merging them would report every key of one as missing
    /// from the other (NetNewsWire: 414 of 424 findings) and hide a key the other has too. Folders that share no locale
    /// (the base in one folder, a vendor's translations in another) stay one table, as before.
    ///
    /// The shallowest folder keeps the plain name; each other bundle's table is `<bundle>/<Table>`, `<bundle>` being a
    /// Swift package target's name (`Sources/<Target>/…`), else the folder's last name that is not a generic one
    /// (`Resources`, `Localization`…), else its path. A file's name can never hold a `/`, so `fileTableName` recovers
    /// the table's own name.
    static func bundleTableNames(_ files: [String]) -> [String: String] {
        // Table → folder → the locales its files there hold (nil: a String Catalog, every locale).
        var folders: [String: [String: Set<String>?]] = [:]
        for file in files {
            let table = tableName(ofFile: file)
            let folder = bundleFolder(ofFile: file)
            if file.hasSuffix(".xcstrings") {
                folders[table, default: [:]][folder] = .some(nil)
            } else if case let .some(.some(locales)) = folders[table]?[folder] {
                folders[table]?[folder] = locales.union([localeIdentity(locale(ofFile: file))])
            } else if folders[table]?[folder] == nil {
                // (Tunnelblick's uninstaller: `CS.lproj`, `English.lproj` beside the app's `cs.lproj` and `en.lproj`, a
                // 20-key table of its own read as 22 more locales of the app's 953-key one: 21,000 false findings.)
                folders[table, default: [:]][folder] = [localeIdentity(locale(ofFile: file))]
            }
        }
        var names: [String: String] = [:]
        for (table, byFolder) in folders where byFolder.count > 1 {
            func depth(_ folder: String) -> Int { folder.isEmpty ? 0 : folder.count(where: { $0 == "/" }) + 1 }
            let ordered = byFolder.keys.sorted { (depth($0), $0) < (depth($1), $1) }
            var groups: [(folders: [String], locales: Set<String>?)] = []
            for folder in ordered {
                let locales = byFolder[folder] ?? nil
                func overlaps(_ other: Set<String>?) -> Bool {
                    guard let other, let locales else { return true }
                    return !other.isDisjoint(with: locales)
                }
                if let index = groups.firstIndex(where: { !overlaps($0.locales) }) {
                    groups[index].folders.append(folder)
                    groups[index].locales = groups[index].locales.flatMap { mine in locales.map { mine.union($0) } }
                } else {
                    groups.append(([folder], locales))
                }
            }
            guard groups.count > 1 else { continue }
            let qualifiers = groups.dropFirst().map { bundleName(of: $0.folders[0]) }
            for (offset, group) in groups.dropFirst().enumerated() {
                let qualifier = qualifiers[offset]
                let unique = qualifiers.count(where: { $0 == qualifier }) == 1 && !qualifier.isEmpty
                let name = (unique ? qualifier : (group.folders[0].isEmpty ? "." : group.folders[0])) + "/" + table
                for folder in group.folders { names[folder + "\u{0}" + table] = name }
            }
        }
        guard !names.isEmpty else { return [:] }
        var byFile: [String: String] = [:]
        for file in files {
            if let name = names[bundleFolder(ofFile: file) + "\u{0}" + tableName(ofFile: file)] { byFile[file] = name }
        }
        return byFile
    }

    /// Folder names that say nothing about which bundle a folder is (`App/Resources`, `Widget/Localization`).
    static let genericFolderNames: Set<String> = ["resources", "resource", "localization", "localizations", "localisation",
                                                  "localisations", "localized", "strings", "languages", "translations", "i18n",
                                                  "l10n", "lang", "supporting files", "supportingfiles", "sources", "source",
                                                  "src", "assets", "shared", "common"]

    /// A short name for the bundle a folder ships in: a Swift package target (`Sources/<Target>`), else the folder's
    /// last name that is not generic; "" when every name is.
    static func bundleName(of folder: String) -> String {
        let components = folder.split(separator: "/").map(String.init)
        if let sources = components.lastIndex(of: "Sources"), sources + 1 < components.count { return components[sources + 1] }
        return components.last { !genericFolderNames.contains($0.lowercased()) && $0 != "." && $0 != ".." } ?? ""
    }

    /// The name of the files a table is read from: `Localizable` for `ActivityLog/Localizable`, which is the
    /// `Localizable` of another bundle than the app's (`bundleTableNames`), and for `Localizable` itself.
    /// The text Interface Builder wrote for an object's property in its comment (`Class = "NSMenuItem"; title =
    /// "Arrange Windows…"; ObjectID = "Ab1-cd-EF2";` for `Ab1-cd-EF2.title`): a String Catalog of a storyboard keeps
    /// no source-language value for it (Rectangle's `mul.lproj/Main.xcstrings`), and its translations were compared
    /// with the object ID. Nil unless the comment names the key's object ID and property.
    public static func interfaceBuilderText(key: String, comment: String) -> String? {
        guard let dot = key.firstIndex(of: "."), dot != key.startIndex else { return nil }
        let objectID = key[..<dot], property = key[key.index(after: dot)...]
        guard !property.isEmpty, objectID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
              comment.contains("ObjectID = \"\(objectID)\"") else { return nil }
        // `; title = "` or the comment's start: not `headerCell.title` for `title`.
        var searchFrom = comment.startIndex
        while let found = comment.range(of: "\(property) = \"", range: searchFrom..<comment.endIndex) {
            searchFrom = found.upperBound
            let head = comment[..<found.lowerBound]
            let before = head.last
            // A segmented cell's labels are written with their object ID (`GHX-3h-1HI.ibShadowedLabels[0] = "Reveal"`,
            // MacDown's preferences): four untranslated segments went unsaid.
            let namesObject = head.hasSuffix("\(objectID).") && head.dropLast(objectID.count + 1).last.map { $0 == " " || $0 == ";" } ?? true
            guard before == nil || before == " " || before == ";" || namesObject else { continue }
            var text = ""
            var index = found.upperBound
            while index < comment.endIndex {
                let character = comment[index]
                if character == "\\" {
                    // Interface Builder writes the text escaped as a `.strings` value is (`"\tLeft to Right"`).
                    let next = comment.index(after: index)
                    guard next < comment.endIndex else { return nil }
                    switch comment[next] {
                    case "t": text.append("\t")
                    case "n": text.append("\n")
                    case "r": text.append("\r")
                    default: text.append(comment[next])
                    }
                    index = comment.index(after: next)
                    continue
                }
                if character == "\"" { return text }
                text.append(character)
                index = comment.index(after: index)
            }
            return nil
        }
        return nil
    }

    public static func fileTableName(_ table: String) -> String {
        guard let slash = table.lastIndex(of: "/") else { return table }
        return String(table[table.index(after: slash)...])
    }

    /// Adds everything `other` read, as if its files had been loaded into this catalog after its own.
    mutating func merge(_ other: Catalog) {
        for path in other.files { noteFile(path) }
        for problem in other.problems { report(problem) }
        if let language = other.declaredSourceLanguage { noteSourceLanguage(language) }
        parsedStrings.merge(other.parsedStrings) { _, later in later }
        for id in other.tables.keys.sorted() {
            guard let table = other.tables[id] else { continue }
            guard tables[id] != nil else {
                add(table, ordered: other.orderedEntries[id]) // the common case: one file per table and locale, moved whole
                continue
            }
            for key in table.keys {
                if let entry = table.entries[key] { insert(entry, table: id.table, locale: id.locale) }
            }
        }
    }

    /// The catalog files under a folder, sorted so loading is deterministic.
    static func catalogFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        let root = folder.hasSuffix("/") ? folder : folder + "/"
        var found: [String] = []
        // Plain string work: NSString path methods dominated a reload of the bundled catalogs.
        while let relative = enumerator.nextObject() as? String {
            let components = relative.split(separator: "/")
            // `l10n lint .` at an app's root reads its catalogs, not an export's copy or a dependency's.
            if let name = components.last, isSkippedInWalk(name) {
                enumerator.skipDescendants()
                continue
            }
            guard let name = components.last, let dot = name.lastIndex(of: ".") else { continue }
            let fileExtension = name[name.index(after: dot)...]
            guard fileExtensions.contains(String(fileExtension)) else { continue }
            let parent = components.count > 1 ? components[components.count - 2] : ""
            if fileExtension == "xcstrings" || parent.hasSuffix(".lproj") {
                found.append(root + relative)
            }
        }
        return found.sorted()
    }

    /// The locale a file belongs to: its `<locale>.lproj` folder's name (`Base`, `qqq` included), or "" when it has none.
    public static func locale(ofFile path: String) -> String {
        let components = path.split(separator: "/")
        guard components.count > 1 else { return "" }
        let parent = components[components.count - 2]
        return parent.hasSuffix(".lproj") ? String(parent.dropLast(".lproj".count)) : ""
    }

    /// The language names old projects gave their `.lproj` folders and `knownRegions` (`English.lproj`, `German`),
    /// which CFBundle still reads as those languages, lowercased, with their codes.
    static let legacyLanguageNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "italian": "it", "japanese": "ja", "spanish": "es", "dutch": "nl",
        "swedish": "sv", "danish": "da", "finnish": "fi", "norwegian": "nb", "portuguese": "pt", "korean": "ko",
        "russian": "ru", "polish": "pl", "chinese": "zh", "greek": "el", "turkish": "tr", "hebrew": "he", "arabic": "ar",
        "hungarian": "hu", "czech": "cs", "thai": "th",
    ]

    /// The code of a locale written as a language's old name (`English` → `en`, any capitals); nil for any other. A
    /// code (`en`, `zh-Hans`, `pt_BR`) is answered without a copy: this is asked wherever a locale's language is.
    public static func legacyLanguageCode(_ locale: String) -> String? {
        guard locale.utf8.count >= 4, locale.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        return legacyLanguageNames[locale.lowercased()]
    }

    /// The language and region a folder's locale names, however it is written: `DE`, `de` and `German` are one,
    /// as are `zh_CN` and `zh-cn`. Two folders of one table with the same identity ship in different bundles.
    public static func localeIdentity(_ locale: String) -> String {
        (legacyLanguageCode(locale) ?? locale).lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The table a file holds: its name without the extension.
    public static func tableName(ofFile path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Reads one file into the catalog, or records why it could not.
    public mutating func loadFile(_ path: String) {
        noteFile(path)
        let here = CatalogLocation(file: path, position: nil)
        // A folder named like a catalog opens fine but is no file (and reports a nonsense size).
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            report(CatalogProblem(kind: .unreadable, location: here, message: "cannot be read (it is a folder, not a file)",
                                  hint: "rename or move the folder: a catalog must be a .strings, .stringsdict or .xcstrings file"))
            return
        }
        let data: Data
        switch Self.readWhole(path) {
        case .read(let bytes):
            data = bytes
        case .tooLarge(let size):
            report(CatalogProblem(kind: .unreadable, location: here,
                                  message: "file is \(size / (1024 * 1024)) MB, larger than the \(Self.maximumFileSize / (1024 * 1024)) MB a catalog may be",
                                  hint: "split the table into several files, or check that this is really a strings file"))
            return
        case .failed(let reason):
            report(CatalogProblem(kind: .unreadable, location: here, message: "cannot be read (\(reason))",
                                  hint: "check that it exists and that you may read it (e.g. chmod a+r)"))
            return
        }
        switch (path as NSString).pathExtension {
        case "strings": loadStrings(data, path: path)
        case "stringsdict": loadStringsdict(data, path: path)
        case "xcstrings": loadStringCatalog(data, path: path)
        default: break
        }
    }

    enum WholeFile {
        case read(Data)
        case tooLarge(size: Int)
        case failed(reason: String)
    }

    /// The file's bytes, read with as few `read` calls as its size needs into a buffer of that size: FileHandle's
    /// `readToEnd` reads a page at a time into a growing buffer, which for a 4.5 MB UTF-16 table costs a thousand
    /// calls and a copy as long as the parse. The size comes from the open file itself, so a 100 MB mistake is refused
    /// before it is read; a file that grows while it is read is read to its end.
    ///
    /// A regular file of `mappedFileSize` or more is mapped instead, where that is safe (`mapUnderLease`).
    static func readWhole(_ path: String) -> WholeFile {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failed(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failed(reason: String(cString: strerror(errno))) }
        let size = Int(status.st_size)
        if size > maximumFileSize { return .tooLarge(size: size) }
        if size >= mappedFileSize, status.st_mode & S_IFMT == S_IFREG, let mapped = mapUnderLease(descriptor) {
            return .read(mapped)
        }
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let count = data.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + filled, size - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        if filled < size {
            data.count = filled
            return .read(data)
        }
        // At the size fstat gave: read on in case the file grew since.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16_384) { chunk in
            while true {
                let count = read(descriptor, chunk.baseAddress!, chunk.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failed(reason: String(cString: strerror(errno)))
                }
                if count == 0 { return .read(data) }
                data.append(chunk.baseAddress!, count: count)
                if data.count > maximumFileSize { return .tooLarge(size: data.count) }
            }
        }
    }

    /// The file's bytes mapped (`mmap`, every page mapped at once), read in place: no copy, and no fresh page to fault in
    /// for each 4 KB (3.5–5 ms of a 20,000-entry UTF-16 pair's lint, interleaved runs of `offline-bench lint`'s pair).
    /// nil where that is not safe, and the caller reads the file instead.
    ///
    /// A mapped file that another program truncates while it is read would end this process (SIGBUS) where `read` gives
    /// a short read; an editor that saves in place does just that. So the file is mapped only under a read lease
    /// (Linux `F_SETLEASE`): whoever then opens it to write or truncates it waits in the kernel until the lease is given
    /// up, which the returned data does when it is released, once the file is parsed. Taken only when
    /// - the system grants it: a local file not open for writing anywhere (else `EAGAIN`), that this user owns (else
    ///   `EACCES`), on a file system with leases (else `EINVAL`);
    /// - and a broken lease cannot end the process: the kernel tells the holder with SIGIO, whose default is to
    ///   terminate, so only a process that ignores SIGIO maps. The `l10n` executable does; an app or test that loads
    ///   catalogs keeps its signals and reads.
    static func mapUnderLease(_ descriptor: Int32) -> Data? {
        #if os(Linux)
        var sigio = sigaction()
        guard sigaction(SIGIO, nil, &sigio) == 0, unsafeBitCast(sigio.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self),
              fcntl(descriptor, linuxSetLease, Int32(F_RDLCK)) == 0 else { return nil }
        // The size is read under the lease: one read before it could be stale by a truncation in between, and a mapping
        // past the end would fault. The lease belongs to the open file, which `held` keeps open (the caller closes
        // `descriptor`) until the data goes.
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        let held = size >= mappedFileSize && size <= maximumFileSize ? dup(descriptor) : -1
        guard held >= 0, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED else {
            _ = fcntl(descriptor, linuxSetLease, Int32(F_UNLCK))
            if held >= 0 { close(held) }
            return nil
        }
        return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { pointer, count in
            munmap(pointer, count)
            _ = fcntl(held, linuxSetLease, Int32(F_UNLCK))
            close(held)
        })
        #else
        return nil
        #endif
    }

    /// `F_SETLEASE` (`F_LINUX_SPECIFIC_BASE + 0`), which Glibc's Swift module leaves out with the other `_GNU_SOURCE` names.
    static let linuxSetLease: Int32 = 1024

    // MARK: .strings

    private mutating func loadStrings(_ data: Data, path: String) {
        let file: StringsFile
        do {
            file = try StringsParser.parseAnyFormat(data)
        } catch {
            report(CatalogProblem(kind: error.kind == .encoding ? .encoding : error.kind == .empty ? .empty : .syntax,
                                  location: CatalogLocation(file: path, position: error.position),
                                  message: error.message, hint: error.hint))
            return
        }
        let table = Self.tableName(ofFile: path)
        let locale = Self.locale(ofFile: path)
        parsedStrings[path] = file
        func catalogEntry(_ entry: StringsEntry) -> CatalogEntry {
            let value: CatalogValue = if case let .string(text) = entry.value { .text(text) } else { .other(entry.value) }
            return CatalogEntry(key: entry.key, value: value, comment: entry.comment, location: CatalogLocation(file: path, position: entry.keyPosition))
        }
        guard tables[TableID(table: table, locale: locale)] == nil, !file.entries.isEmpty else {
            for entry in file.entries { insert(catalogEntry(entry), table: table, locale: locale) }
            return
        }
        // A new table, built in one pass: inserting entry by entry hashes the table id and scans the file list for
        // each, about as long as parsing a 20,000-entry file.
        var built = CatalogTable(name: table, locale: locale, files: [path])
        if file.lastEntryIndexByKey.count == file.entries.count {
            // No duplicates (the usual case): the entries in file order, and the table from the parser's key index,
            // whose hash table `mapValues` reuses instead of inserting each key again.
            // One walk over the parsed entries, every count taken while the entry is in cache: a 20,000-entry file's
            // strings and boxes outgrow the cache, and a second walk (the keys, then the table in hash order) missed
            // it on each of them (`perf` on the lint pair: about a tenth of loading). The table's references are taken
            // here and moved into it, so `mapValues`, which visits the entries in hash order, touches no box.
            let count = file.entries.count
            var list: [CatalogEntry] = []
            list.reserveCapacity(count)
            var keys: [String] = []
            keys.reserveCapacity(count)
            let forTable = UnsafeMutablePointer<CatalogEntry>.allocate(capacity: count)
            defer { forTable.deallocate() }
            file.entries.withUnsafeBufferPointer { entries in
                for index in 0..<count {
                    let entry = catalogEntry(entries[index])
                    keys.append(entries[index].key)
                    (forTable + index).initialize(to: entry)
                    list.append(entry)
                }
            }
            // Each index appears once (no duplicates), so each reference is moved out exactly once.
            built.entries = file.lastEntryIndexByKey.mapValues { (forTable + $0).move() }
            built.keys = keys
            add(built, ordered: list)
        } else {
            // Duplicates: the last entry wins at the first one's place, as `insert` does.
            built.entries = file.lastEntryIndexByKey.mapValues { catalogEntry(file.entries[$0]) }
            built.keys = file.keysInFirstOrder
            add(built, ordered: nil)
        }
    }

    // MARK: .stringsdict

    private mutating func loadStringsdict(_ data: Data, path: String) {
        let here = CatalogLocation(file: path, position: nil)
        let root: [String: Any]
        do {
            // The plain XML Xcode writes is read directly; anything else by Foundation (the same values either way).
            guard let dictionary = try (XMLPlistReader.read(data) ?? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any] else {
                report(CatalogProblem(kind: .structure, location: here, message: "the root of a .stringsdict must be a dictionary",
                                      hint: "make the file a <plist> whose <dict> maps each key to its plural rule"))
                return
            }
            root = dictionary
        } catch {
            report(CatalogProblem(kind: .syntax, location: here, message: "not a valid property list (\((error as NSError).localizedDescription))",
                                  hint: "check the XML with `plutil -lint \(path)`"))
            return
        }
        // A plural variable's name is usually the same in every entry (`COUNT`): each is found after its own entry's key,
        // not at the file's first `<key>COUNT</key>` (Element X: all 190 plural findings pointed at line 7).
        var variableNames = Set<String>()
        for case let rule as [String: Any] in root.values {
            for name in rule.keys where name != "NSStringLocalizedFormatKey" { variableNames.insert(Self.xmlEscaped(name)) }
        }
        var everyPosition: [String: [(offset: Int, position: SourcePosition)]] = [:]
        let positions = Self.firstPositions(in: data, of: .xmlKey, recordingEvery: variableNames, into: &everyPosition)
        func position(_ key: String) -> (offset: Int, position: SourcePosition)? { positions[Self.xmlEscaped(key)] }
        func position(ofVariable name: String, after entry: Int?) -> SourcePosition? {
            let all = everyPosition[Self.xmlEscaped(name)] ?? []
            return (all.first { $0.offset > (entry ?? -1) } ?? all.first)?.position
        }
        let table = Self.tableName(ofFile: path)
        let locale = Self.locale(ofFile: path)
        // Each key's place looked up once (escaping a key bridges to NSString), then sorted by it.
        let offsets = root.keys.map { ($0, position($0)?.offset ?? .max) }
        for key in offsets.sorted(by: { ($0.1, $0.0) < ($1.1, $1.0) }).map(\.0) {
            let entryPosition = position(key)
            let location = CatalogLocation(file: path, position: entryPosition?.position)
            guard let rule = root[key] as? [String: Any], let format = rule["NSStringLocalizedFormatKey"] as? String else {
                report(CatalogProblem(kind: .structure, location: location,
                                      message: "\"\(key)\" has no NSStringLocalizedFormatKey",
                                      hint: "give it a <key>NSStringLocalizedFormatKey</key> such as <string>%#@count@</string>"))
                continue
            }
            var variables: [String: PluralVariable] = [:]
            for (name, value) in rule where name != "NSStringLocalizedFormatKey" {
                guard let spec = value as? [String: Any] else { continue }
                var forms: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases {
                    if let form = spec[category.rawValue] as? String { forms[category] = form }
                }
                variables[name] = PluralVariable(valueType: spec["NSStringFormatValueTypeKey"] as? String ?? "d", forms: forms,
                                                 location: CatalogLocation(file: path, position: position(ofVariable: name, after: entryPosition?.offset)))
            }
            insert(CatalogEntry(key: key, value: .plural(PluralRule(format: format, variables: variables)), location: location),
                   table: table, locale: locale)
        }
    }

    // MARK: .xcstrings

    private mutating func loadStringCatalog(_ data: Data, path: String) {
        let here = CatalogLocation(file: path, position: nil)
        // What Xcode writes is read directly; anything else by Foundation (the same values either way).
        guard let root = (JSONCatalogReader.read(data) ?? (try? JSONSerialization.jsonObject(with: data))) as? [String: Any],
              let strings = root["strings"] as? [String: Any] else {
            report(CatalogProblem(kind: .syntax, location: here, message: "not a String Catalog (JSON with a \"strings\" object)",
                                  hint: "re-export it from Xcode, or check the JSON with `python3 -m json.tool \(path)`"))
            return
        }
        let sourceLanguage = root["sourceLanguage"] as? String ?? "en"
        noteSourceLanguage(sourceLanguage)
        // Every place a language's name is a key, so that each localization is found inside its entry (a finding
        // about the es text points at `"es" : {`, not at the entry's first line, which may be 40 languages above).
        var languages = Set<String>()
        for case let item as [String: Any] in strings.values {
            for language in (item["localizations"] as? [String: Any] ?? [:]).keys { languages.insert(language) }
        }
        var everyPosition: [String: [(offset: Int, position: SourcePosition)]] = [:]
        let positions = Self.firstPositions(in: data, of: .jsonKey, recordingEvery: languages, into: &everyPosition)
        let table = Self.tableName(ofFile: path)
        for key in strings.keys.sorted() {
            guard let item = strings[key] as? [String: Any] else { continue }
            let keyPosition = positions[Self.jsonEscaped(key)]
            let location = CatalogLocation(file: path, position: keyPosition?.position)
            func languageLocation(_ language: String) -> CatalogLocation {
                guard let keyOffset = keyPosition?.offset, let all = everyPosition[language] else { return location }
                // The first place after the entry's key: binary search of the offsets, which are in file order.
                var low = 0, high = all.count
                while low < high {
                    let middle = (low + high) / 2
                    if all[middle].offset > keyOffset { high = middle } else { low = middle + 1 }
                }
                return low < all.count ? CatalogLocation(file: path, position: all[low].position) : location
            }
            let comment = item["comment"] as? String
            let shouldTranslate = item["shouldTranslate"] as? Bool ?? true
            let extractionState = item["extractionState"] as? String
            let localizations = item["localizations"] as? [String: Any] ?? [:]
            if localizations[sourceLanguage] == nil {
                // Xcode leaves the source language implicit when the value is the key itself; for a storyboard's or
                // xib's text, keyed by its object ID, the text is the one Interface Builder wrote in the comment.
                let text = comment.flatMap { Self.interfaceBuilderText(key: key, comment: $0) } ?? key
                insert(CatalogEntry(key: key, value: .text(text), comment: comment, location: location,
                                    state: nil, shouldTranslate: shouldTranslate, extractionState: extractionState),
                       table: table, locale: sourceLanguage)
            }
            for (locale, raw) in localizations {
                guard let localization = raw as? [String: Any], let value = Self.stringCatalogValue(localization) else { continue }
                let state = ((localization["stringUnit"] as? [String: Any])?["state"] as? String)
                insert(CatalogEntry(key: key, value: value.value, comment: comment, location: locale == sourceLanguage ? location : languageLocation(locale),
                                    state: state ?? value.state, shouldTranslate: shouldTranslate, extractionState: extractionState),
                       table: table, locale: locale)
            }
        }
    }

    /// A String Catalog localization as a value: a plain `stringUnit`, plural `variations`, a
    /// `stringUnit` whose `%#@name@` placeholders are filled by plural `substitutions`, or device variations (read as
    /// their `other` device, else the first by name).
    private static func stringCatalogValue(_ localization: [String: Any]) -> (value: CatalogValue, state: String?)? {
        func unit(_ object: Any?) -> (value: String, state: String?)? {
            guard let unit = (object as? [String: Any])?["stringUnit"] as? [String: Any],
                  let value = unit["value"] as? String else { return nil }
            return (value, unit["state"] as? String)
        }
        func pluralForms(_ variations: Any?) -> [PluralCategory: String]? {
            guard let plural = (variations as? [String: Any])?["plural"] as? [String: Any] else { return nil }
            var forms: [PluralCategory: String] = [:]
            for (name, form) in plural {
                if let category = PluralCategory(rawValue: name), let text = unit(form)?.value { forms[category] = text }
            }
            return forms
        }
        if let devices = (localization["variations"] as? [String: Any])?["device"] as? [String: Any],
           var chosen = (devices["other"] ?? devices.keys.sorted().first.flatMap { devices[$0] }) as? [String: Any] {
            // Device variations: the text every other device shows stands for the entry (its substitutions stay the root's).
            if chosen["substitutions"] == nil { chosen["substitutions"] = localization["substitutions"] }
            return stringCatalogValue(chosen)
        }
        if let forms = pluralForms(localization["variations"]) {
            // The form that shows the count: "other", else any that does (a "one" written "One article" beside "%d articles").
            let ordered = [forms[.other]].compactMap { $0 } + forms.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
            let sample = ordered.first { !FormatSpecifier.parse($0).isEmpty } ?? ordered.first ?? ""
            // What the plural counts is an argument, not a place in the text: a translation may reorder them (CotEditor's
            // ja "“%2$@”内に%1$lld件見つかりました。" for "Found %1$lld matches in “%2$@.”"), so the first argument it is.
            let specifiers = FormatSpecifier.parse(sample)
            let counted = specifiers.first { $0.position == 1 } ?? specifiers.first { $0.position == nil } ?? specifiers.first
            let valueType = counted?.conversion ?? "lld"
            let state = forms.isEmpty ? nil : (localization["variations"] as? [String: Any]).flatMap { _ in "translated" }
            return (.plural(PluralRule(format: "%#@count@", variables: ["count": PluralVariable(valueType: valueType, forms: forms)])), state)
        }
        guard let (value, state) = unit(localization) else { return nil }
        guard let substitutions = localization["substitutions"] as? [String: Any], !substitutions.isEmpty else {
            return (.text(value), state)
        }
        var format = value
        var variables: [String: PluralVariable] = [:]
        for (name, raw) in substitutions {
            guard let substitution = raw as? [String: Any], let forms = pluralForms(substitution["variations"]) else { continue }
            let specifier = substitution["formatSpecifier"] as? String ?? "lld"
            // In a catalog, "%arg" stands for the substitution's own argument.
            let expanded = forms.mapValues { $0.replacingOccurrences(of: "%arg", with: "%" + specifier) }
            variables[name] = PluralVariable(valueType: specifier, forms: expanded)
            if let number = substitution["argNum"] as? Int {
                format = format.replacingOccurrences(of: "%#@\(name)@", with: "%\(number)$#@\(name)@")
            }
        }
        return (.plural(PluralRule(format: format, variables: variables)), state)
    }

    // MARK: Positions in XML and JSON text (for messages; the values come from the real parsers)

    enum KeySyntax { case xmlKey, jsonKey }

    /// One pass over the file: the first position of every `<key>NAME</key>` (XML) or `"NAME" :` (JSON),
    /// by NAME as written (still escaped), with its byte offset. Columns count Unicode scalars.
    static func firstPositions(in data: Data, of syntax: KeySyntax) -> [String: (offset: Int, position: SourcePosition)] {
        var none: [String: [(offset: Int, position: SourcePosition)]] = [:]
        return firstPositions(in: data, of: syntax, recordingEvery: [], into: &none)
    }

    /// `firstPositions`, and every position of the names in `every` (as written), in file order, in `all`.
    static func firstPositions(in data: Data, of syntax: KeySyntax, recordingEvery every: Set<String>,
                               into all: inout [String: [(offset: Int, position: SourcePosition)]]) -> [String: (offset: Int, position: SourcePosition)] {
        var found: [String: (offset: Int, position: SourcePosition)] = [:]
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            var line = 1
            var column = 1
            var index = 0
            // Advances over bytes[index..<end], keeping line and column current.
            func advance(to end: Int) {
                while index < end {
                    let byte = bytes[index]
                    if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                    index += 1
                }
            }
            func matches(_ literal: StaticString, at offset: Int) -> Bool {
                let length = literal.utf8CodeUnitCount
                guard offset + length <= count else { return false }
                let pointer = literal.utf8Start
                for i in 0..<length where bytes[offset + i] != pointer[i] { return false }
                return true
            }
            while index < count {
                switch syntax {
                case .xmlKey:
                    guard bytes[index] == UInt8(ascii: "<"), matches("<key>", at: index) else { advance(to: index + 1); continue }
                    let start = index + 5
                    var end = start
                    while end < count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                    if matches("</key>", at: end) {
                        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                        if found[name] == nil { found[name] = (index, SourcePosition(line: line, column: column)) }
                        if every.contains(name) { all[name, default: []].append((index, SourcePosition(line: line, column: column))) }
                    }
                    advance(to: end)
                case .jsonKey:
                    guard bytes[index] == UInt8(ascii: "\"") else { advance(to: index + 1); continue }
                    let start = index + 1
                    var end = start
                    while end < count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                    guard end < count else { advance(to: count); continue }
                    var after = end + 1
                    while after < count, bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == 0x0A || bytes[after] == 0x0D { after += 1 }
                    if after < count, bytes[after] == UInt8(ascii: ":") {
                        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                        if found[name] == nil { found[name] = (index, SourcePosition(line: line, column: column)) }
                        if !every.isEmpty, every.contains(name) { all[name, default: []].append((index, SourcePosition(line: line, column: column))) }
                    }
                    advance(to: end + 1)
                }
            }
        }
        return found
    }

    /// A key as JSON writes it between its quotes.
    static func jsonEscaped(_ key: String) -> String {
        (try? JSONSerialization.data(withJSONObject: [key], options: [.fragmentsAllowed, .withoutEscapingSlashes]))
            .map { String(decoding: $0.dropFirst(2).dropLast(2), as: UTF8.self) } ?? key
    }

    /// A key as a `.stringsdict`'s XML writes it (Core's one escaper).
    static func xmlEscaped(_ text: String) -> String { XMLText.escaped(text) }
}
