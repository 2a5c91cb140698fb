import Core
public import LocalizationKit
import Foundation

/// What the app's Xcode project says about its localizations: `knownRegions`, the languages it builds. A
/// `<locale>.lproj` folder of another region is not in the project (a contributor's stale copy, a region renamed),
/// so the app never ships it and findings about it are noise.
public enum XcodeProject {
    /// The `project.pbxproj` files of the `.xcodeproj` bundles nearest above the catalog paths (the folder itself, then
    /// up to four parents; the first level that has any wins).
    static func projects(near paths: [String]) -> [String] {
        let fileManager = FileManager.default
        return nearest(to: paths) { folder in
            Self.bundleNames(in: folder, withSuffix: ".xcodeproj").sorted()
                .map { (folder as NSString).appendingPathComponent("\($0)/project.pbxproj") }
                .filter { fileManager.fileExists(atPath: $0) }
        }
    }

    /// The names of the `.xcodeproj` bundles nearest above `paths` (`QuickRecorder` for `QuickRecorder.xcodeproj`): most
    /// often the app's own name.
    public static func productNames(near paths: [String]) -> Set<String> {
        Set(projects(near: paths).map { ((PathText.parent(of: $0) as NSString).lastPathComponent as NSString).deletingPathExtension })
    }

    /// The folders of the apps the catalogs at `paths` belong to: each folder holding an `.xcodeproj` found by
    /// `projects(near:)`, and the nearest folder at or above each path (up to four parents) holding a `Package.swift`.
    /// The code the app builds lies under them (its targets, extensions, local packages, vendored Objective-C).
    public static func projectRoots(near paths: [String]) -> [String] {
        let fileManager = FileManager.default
        let packages = nearest(to: paths) { folder in
            fileManager.fileExists(atPath: (folder as NSString).appendingPathComponent("Package.swift")) ? [folder] : []
        }
        return Set(projects(near: paths).map { PathText.parent(of: PathText.parent(of: $0)) }).union(packages).sorted()
    }

    /// What `find` gives in the folder of each path (a file's folder), or else in the nearest of its four parents where
    /// it gives anything, sorted.
    private static func nearest(to paths: [String], find: (String) -> [String]) -> [String] {
        var found = Set<String>()
        // Each folder is read once: the files of one `.lproj` folder, and the folders of one project, share their
        // parents, and a parent can be a folder of thousands (a home or temporary folder). A folder reached again
        // with no more levels left above it than the first time has nothing new to give.
        var levelsLeft: [String: Int] = [:]
        let fileManager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            let absolute = (path as NSString).isAbsolutePath ? path : (fileManager.currentDirectoryPath as NSString).appendingPathComponent(path)
            var folder = (absolute as NSString).standardizingPath
            if !(fileManager.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue) {
                folder = PathText.parent(of: folder)
            }
            for level in 0..<5 {
                if let left = levelsLeft[folder], left >= 5 - level { break }
                levelsLeft[folder] = 5 - level
                let here = find(folder)
                if !here.isEmpty {
                    found.formUnion(here)
                    break
                }
                let parent = PathText.parent(of: folder)
                if parent == folder { break }
                folder = parent
            }
        }
        return found.sorted()
    }

    /// The names in `folder` that end with `suffix`, read with `readdir` and compared as bytes: a catalog in a big
    /// folder's subfolder (a home or temporary folder of thousands of entries, four levels up) would otherwise make a
    /// string of every name to find none (a third of a small lint's instructions).
    static func bundleNames(in folder: String, withSuffix suffix: StaticString) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                guard length >= tail.count,
                      memcmp(bytes.baseAddress! + length - tail.count, tail.baseAddress!, tail.count) == 0 else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// `developmentRegion = en;` of the Xcode projects nearest the catalog files (`projects(near:)`), where they agree:
    /// the language the app's own texts are in.
    public static func developmentRegion(near files: [String]) -> String? {
        let folders = Array(Set(files.map(PathText.parent(of:))))
        var regions = Set<String>()
        for project in projects(near: folders) {
            guard let text = try? String(contentsOfFile: project, encoding: .utf8),
                  let start = text.range(of: "developmentRegion = "),
                  let end = text.range(of: ";", range: start.upperBound..<text.endIndex) else { continue }
            let region = text[start.upperBound..<end.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            if !region.isEmpty { regions.insert(Catalog.legacyLanguageCode(region) ?? region) }
        }
        return regions.count == 1 ? regions.first : nil
    }

    /// `knownRegions = ( en, Base, de, "zh-Hans", );` of one `project.pbxproj`, normalised.
    static func knownRegions(inProject path: String) -> Set<String>? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let start = text.range(of: "knownRegions = ("),
              let end = text.range(of: ");", range: start.upperBound..<text.endIndex) else { return nil }
        let regions = text[start.upperBound..<end.lowerBound].split(separator: ",").map { region in
            normalised(region.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }.filter { !$0.isEmpty }
        return regions.isEmpty ? nil : Set(regions)
    }

    /// The remote Swift packages an app depends on, by name (the repository's, as SwiftPM names its checkout): each
    /// `XCRemoteSwiftPackageReference`'s `repositoryURL` in the Xcode projects near `paths`, and each `.package(url:)` of
    /// a `Package.swift` in `folders`, each `pod` of a `Podfile` and each repository of a `Cartfile` beside the project or
    /// in `folders`. Their code is not in the app's folder, yet it can read the app's strings
    /// (`NSLocalizedString` and `String(localized:)` read the main bundle unless told otherwise).
    /// The `Package.swift` files in `folders` and in their folders up to three levels down, past hidden, build and
    /// dependency folders (a checkout's own manifest is the dependency's, not the app's).
    static func packageManifests(in folders: [String]) -> [String] {
        var found = Set<String>()
        func walk(_ folder: String, depth: Int) {
            let manifest = (folder as NSString).appendingPathComponent("Package.swift")
            if FileManager.default.fileExists(atPath: manifest) { found.insert((manifest as NSString).standardizingPath) }
            guard depth < 3 else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !Catalog.isSkippedInWalk(name)
                && !["Pods", "Carthage", "checkouts", "SourcePackages", "node_modules"].contains(name) {
                let child = (folder as NSString).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue { walk(child, depth: depth + 1) }
            }
        }
        for folder in folders { walk(folder, depth: 0) }
        return found.sorted()
    }

    public static func remotePackages(near paths: [String], manifestsIn folders: [String]) -> [String] {
        var names = Set<String>()
        func add(_ url: Substring) {
            var name = url.split(separator: "/").last.map(String.init) ?? ""
            if name.hasSuffix(".git") { name.removeLast(4) }
            if !name.isEmpty { names.insert(name) }
        }
        for project in projects(near: paths) {
            guard let text = try? String(contentsOfFile: project, encoding: .utf8) else { continue }
            var rest = text[...]
            while let marker = rest.range(of: "repositoryURL = ") {
                rest = rest[marker.upperBound...]
                let value = rest.prefix { $0 != ";" && $0 != "\n" }
                add(Substring(value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))))
            }
        }
        // CocoaPods and Carthage, beside the project or in the folders given: a pod's NSLocalizedString reads the main
        // bundle as a package's does (Onion Browser lists eight pods and commits no Pods folder; `--fix` went ahead).
        let dependencyFolders = Set(projectRoots(near: paths) + folders)
        for folder in dependencyFolders {
            if let podfile = try? String(contentsOfFile: (folder as NSString).appendingPathComponent("Podfile"), encoding: .utf8) {
                for line in podfile.split(whereSeparator: \.isNewline) {
                    let trimmed = line.drop { $0 == " " || $0 == "\t" }
                    // A development pod (`:path => 'LocalPods/Kit'`) is the app's own code, in its folder.
                    guard trimmed.hasPrefix("pod "), !trimmed.contains(":path"), !trimmed.contains("path:"),
                          let quote = trimmed.first(where: { $0 == "'" || $0 == "\"" }), let open = trimmed.firstIndex(of: quote) else { continue }
                    let name = trimmed[trimmed.index(after: open)...].prefix { $0 != quote }.prefix { $0 != "/" }
                    if !name.isEmpty { names.insert(String(name)) }
                }
            }
            // An XcodeGen spec (`project.yml`, `project-bwa.yml`) names the remote packages a generated project will have
            // (Bitwarden's authenticator commits no .xcodeproj: its six packages went unnamed and --fix went ahead).
            let specs = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasPrefix("project") && ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml")) }
            for spec in specs {
                guard let text = try? String(contentsOfFile: (folder as NSString).appendingPathComponent(spec), encoding: .utf8) else { continue }
                var inPackages = false
                for line in text.split(whereSeparator: \.isNewline) {
                    if let first = line.first, first != " ", first != "\t", first != "#" {
                        inPackages = line.hasPrefix("packages:")
                        continue
                    }
                    let trimmed = line.drop { $0 == " " || $0 == "\t" }
                    guard inPackages, trimmed.hasPrefix("url:") else { continue }
                    add(Substring(trimmed.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))))
                }
            }
            for name in ["Cartfile", "Cartfile.private"] {
                guard let cartfile = try? String(contentsOfFile: (folder as NSString).appendingPathComponent(name), encoding: .utf8) else { continue }
                for line in cartfile.split(whereSeparator: \.isNewline) {
                    let trimmed = line.drop { $0 == " " || $0 == "\t" }
                    guard trimmed.hasPrefix("github ") || trimmed.hasPrefix("git ") || trimmed.hasPrefix("binary "),
                          let open = trimmed.firstIndex(of: "\"") else { continue }
                    var name = trimmed[trimmed.index(after: open)...].prefix { $0 != "\"" }
                    // A binary's specification (`…/Firebase.json`) is named after the framework.
                    if trimmed.hasPrefix("binary "), name.hasSuffix(".json") { name = name.dropLast(5) }
                    add(name)
                }
            }
        }
        // A `Package.swift` in the folders, or in a local package inside them (Cryptomator's `CryptomatorCommon`, whose
        // four remote packages the app links: only the project's one package was named, and --fix went ahead).
        for manifest in packageManifests(in: Array(Set(folders))) {
            guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else { continue }
            var rest = text[...]
            while let marker = rest.range(of: ".package(") {
                rest = rest[marker.upperBound...]
                let call = rest.prefix { $0 != ")" }
                guard let url = call.range(of: "url:") else { continue }
                let afterURL = call[url.upperBound...].drop { $0 == " " }
                guard afterURL.first == "\"" else { continue }
                add(afterURL.dropFirst().prefix { $0 != "\"" })
            }
        }
        return names.sorted()
    }

    /// Old Xcode projects name some regions in English (`Catalog.localeIdentity`).
    static func normalised(_ region: String) -> String { Catalog.localeIdentity(region) }

    /// The projects near the catalog paths, read: what `unbuiltLocales` needs from the file system, found without the
    /// catalog, so the linter reads it while the catalogs load (`Found.inBackground`).
    public struct Found: Sendable {
        var projects: [String]
        var regions: Set<String>
        var texts: [String]

        public init(near paths: [String]) {
            projects = XcodeProject.projects(near: paths)
            regions = projects.compactMap(XcodeProject.knownRegions(inProject:)).reduce(into: Set<String>()) { $0.formUnion($1) }
            texts = regions.isEmpty ? [] : projects.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        }

        /// `found`, or, where no project is in or above the paths given (`l10n lint .` at a repository's top, the project in
        /// `Monal/Monal.xcodeproj` below it), the projects in or above the catalog files' own folders, as a run with no
        /// arguments finds them: the same locales are skipped however the catalogs are named.
        public static func orNearCatalog(_ found: Found, _ catalog: Catalog, paths: [String]) -> Found {
            guard found.projects.isEmpty, !catalog.files.isEmpty else { return found }
            // Only catalogs below the paths given have folders the first search (each path and four folders above it) did
            // not look in: not a pair of files named on the command line (the lint pair: a walk of /tmp again).
            var searched = Set<String>()
            for path in paths {
                var folder = (path as NSString).standardizingPath
                for _ in 0...5 {
                    searched.insert(folder)
                    folder = PathText.parent(of: folder)
                }
            }
            let folders = Set(catalog.files.map { PathText.parent(of: PathText.parent(of: $0)) })
                .filter { !searched.contains(($0 as NSString).standardizingPath) }
            guard !folders.isEmpty else { return found }
            return Found(near: folders.sorted())
        }

        /// Starts reading on another thread; the closure it returns waits for the answer. Listing the folders above the
        /// catalogs (a home or temporary folder can hold thousands of names) then costs the linter nothing while its
        /// parse of the catalogs keeps the cores busy.
        public static func inBackground(near paths: [String]) -> @Sendable () -> Found {
            let result = Locked<Found?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let found = Found(near: paths)
                result.withLock { $0 = found }
                done.signal()
            }
            return {
                if let found = result.withLock({ $0 }) { return found }
                done.wait()
                done.signal()  // a second call does not wait for ever
                return result.withLock { $0 }!
            }
        }
    }

    /// The catalog's locales that the project found (`Found`) does not build, with the project's name; nil when there
    /// is no project, it lists no regions, or it would leave out most locales (then it is probably not this app's).
    /// Only `.lproj` files count: a String Catalog's languages are all compiled, whatever the project lists, and a
    /// bundle such as Settings.bundle is copied whole. A region
    /// the project file names anywhere (a file reference `ar.lproj/…`, a variant `/* ar */`) counts as built.
    /// `most`: they are most of the locales with text, which is likelier a project that is not the one building these
    /// catalogs than an app that ships a fraction of its folders; they are then kept, and said so.
    static func unbuiltLocales(of catalog: Catalog, found: Found, base: String) -> (locales: Set<String>, project: String, most: Bool)? {
        let (projects, regions, texts) = (found.projects, found.regions, found.texts)
        guard !regions.isEmpty else { return nil }
        // Xcode 16's synchronized folders build every file in them without listing it: nothing to tell from the project.
        if texts.contains(where: { $0.contains("PBXFileSystemSynchronized") }) { return nil }
        // A locale whose only files are empty or unreadable has no table, only problems (Cryptomator's af, mr, no and ur:
        // an empty Localizable.strings each, reported as "Xcode builds it" though the project lists none of them).
        let problemOnly = Set(catalog.problems.map(\.location.file).filter { $0.contains(".lproj/") && !$0.contains(".bundle/") }
            .map(Catalog.locale(ofFile:))).subtracting(catalog.locales)
        let locales = (catalog.locales + problemOnly.sorted()).filter { $0 != base && !Linter.isSpecialFolder($0) }
        let fromFolders = Set(catalog.tables.filter { id, table in
            !table.files.isEmpty && table.files.allSatisfy { Catalog.locale(ofFile: $0) == id.locale }
        }.map(\.key.locale)).union(problemOnly)
        // A String Catalog's language, or a folder inside a `.bundle` (Settings.bundle is copied whole): built.
        let fromCatalogs = Set(catalog.tables.filter { id, table in
            table.files.contains { Catalog.locale(ofFile: $0) != id.locale || $0.contains(".bundle/") }
        }.map(\.key.locale))
        let unbuilt = Set(locales.filter { locale in
            fromFolders.contains(locale) && !fromCatalogs.contains(locale) && !regions.contains(normalised(locale))
                && !texts.contains { $0.contains("\(locale).lproj") || $0.contains("/* \(locale) */") }
        })
        // "Most locales" counts the ones with text: a folder of empty files alone must not tip a project into looking
        // like another app's.
        guard !unbuilt.isEmpty else { return nil }
        // More than half: 1 of 2 is not "most of them" (Sileo's en-UD beside en-PT and fr was linted "since that is most").
        let most = unbuilt.subtracting(problemOnly).count * 2 > locales.count(where: { !problemOnly.contains($0) })
        let names = projects.map { PathText.parent(of: $0) }.map { ($0 as NSString).lastPathComponent }
        return (unbuilt, names.joined(separator: ", "), most)
    }

    /// Drops what the project does not build, saying so; the catalog unchanged when nothing is dropped.
    public static func keepingBuiltLocales(_ catalog: Catalog, paths: [String], base: String) -> (catalog: Catalog, note: String?) {
        keepingBuiltLocales(catalog, found: Found(near: paths), base: base)
    }

    /// `keepingBuiltLocales` with the projects already found.
    public static func keepingBuiltLocales(_ catalog: Catalog, found: Found, base: String) -> (catalog: Catalog, note: String?) {
        guard let unbuilt = unbuiltLocales(of: catalog, found: found, base: base) else { return (catalog, nil) }
        if unbuilt.most {
            // talk-ios: 79 of its 108 folders are not among its 29 knownRegions; they were linted with no word.
            let shown = unbuilt.locales.sorted()
            return (catalog, "l10n: \(shown.count) of the locales here (\(shown.prefix(6).joined(separator: ", "))\(shown.count > 6 ? ", …" : "")) \(shown.count == 1 ? "is" : "are") not among the knownRegions of "
                + "\(unbuilt.project); linted anyway, since that is most of them and \(unbuilt.project) may not be the project that builds these "
                + "catalogs. If the app does not ship them, remove their folders, or pass only the folders of the locales it ships\n")
        }
        // "the locale no" (Norwegian's code), not "skipped no:", which reads as a word.
        let shown = unbuilt.locales.sorted()
        let note = "l10n: skipped the \(shown.count == 1 ? "locale" : "locales") \(shown.joined(separator: ", ")): \(shown.count == 1 ? "it is" : "they are") not among the knownRegions of \(unbuilt.project), so the app does not ship \(shown.count == 1 ? "it" : "them") (add the region in Xcode if it should)\n"
        return (catalog.removingLocales(unbuilt.locales), note)
    }
}
