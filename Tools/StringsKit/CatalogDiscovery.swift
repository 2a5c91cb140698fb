import Foundation
import LocalizationKit

/// Where an app keeps its catalogs, found by walking its folder as a new user would point at them: every folder that
/// holds `<locale>.lproj` folders with catalog files, and every String Catalog. What `l10n lint` reads with no path
/// (when there is no `Localization` folder of catalogs) or with a folder, and what `l10n usage` reads when `--sources`
/// names no catalog folder.
///
/// A Swift package ships only what its targets' folders hold (SwiftPM rejects a resource outside its target's folder).
/// A `.lproj` folder inside a package but outside every target's folder (a converter's input beside its
/// `Package.swift`, Mastodon's `Localization/StringsConvertor/input`) is in no bundle; it is left out, and said so.
public enum CatalogDiscovery {
    /// What a walk found: the catalog files to read, and the folders of catalogs that no bundle ships.
    public struct Found: Sendable, Equatable {
        public var files: [String] = []
        /// `.lproj` folders and String Catalogs left out, each with the folder of the package it sits in.
        public var unshipped: [Unshipped] = []

        public struct Unshipped: Sendable, Equatable {
            /// The folder holding the `.lproj` folders (or the String Catalog's path).
            public var folder: String
            /// The folder of the `Package.swift` that does not ship it.
            public var package: String
        }

        /// "l10n: left out …" for the catalogs no bundle ships, nil when there are none.
        public var unshippedNote: String? {
            guard !unshipped.isEmpty else { return nil }
            var folders: [String] = []
            for item in unshipped where !folders.contains(item.folder) { folders.append(item.folder) }
            var packages: [String] = []
            for item in unshipped where !packages.contains(item.package) { packages.append(item.package) }
            let shown = folders.prefix(6).joined(separator: ", ") + (folders.count > 6 ? " and \(folders.count - 6) more" : "")
            let named = packages.prefix(3).map { "\($0)/Package.swift" }.joined(separator: ", ")
                + (packages.count > 3 ? " and \(packages.count - 3) more" : "")
            return "left out the catalogs in \(shown): inside the Swift package of \(named) but in none of its targets' folders, so no bundle ships them (pass the folder itself to lint it)"
        }
    }

    /// The catalog files under `root`: those in `<locale>.lproj` folders and String Catalogs, sorted. Files, not
    /// folders, so that nothing under a skipped folder is read by the loader's own walk.
    public static func find(under root: String, maxDepth: Int = 10) -> [String] {
        search(under: root, maxDepth: maxDepth).files
    }

    /// `find`, with what it left out. `keepsRootPrefix`: paths start with `root` as given (`./en.lproj/…` under `.`),
    /// as the loader's own walk of a folder names them; otherwise a walk of `.` names them from inside it.
    public static func search(under root: String, maxDepth: Int = 10, keepsRootPrefix: Bool = false) -> Found {
        var found = Found()
        let prefix: String? = root == "." && !keepsRootPrefix ? nil : (root.hasSuffix("/") ? root : root + "/")
        walk(root, prefix: prefix, depth: 0, maxDepth: maxDepth, package: nil, found: &found)
        found.files.sort()
        return found
    }

    /// Whether `folder` holds catalogs of its own: a `<locale>.lproj` folder with a catalog file, or a String Catalog.
    public static func holdsCatalogsAtTop(_ folder: String) -> Bool {
        let children = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return children.contains { name in
            if name.hasSuffix(".xcstrings") { return true }
            guard name.hasSuffix(".lproj") else { return false }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: (folder as NSString).appendingPathComponent(name))) ?? []
            return entries.contains(where: isCatalogFile)
        }
    }

    /// The folders holding the files `find` returned (a `.lproj` folder's parent), for a message.
    public static func folders(of files: [String]) -> [String] {
        Array(Set(files.map(folder(of:)))).sorted()
    }

    /// "the 12 catalog file(s) in App/Resources, Widget" for a note (at most eight folders named).
    public static func describe(_ files: [String]) -> String {
        let all = folders(of: files)
        let shown = all.prefix(8).joined(separator: ", ") + (all.count > 8 ? " and \(all.count - 8) more" : "")
        return "the \(files.count) catalog file(s) in \(shown)"
    }

    private static func folder(of file: String) -> String {
        let parent = PropertyListTexts.folder(of: file)
        let folder = parent.hasSuffix(".lproj") ? PropertyListTexts.folder(of: parent) : parent
        // A catalog at the top of the folder read (en.lproj/…) is in "." there, not in "".
        return folder.isEmpty ? "." : folder
    }

    private static func isCatalogFile(_ name: String) -> Bool {
        !Catalog.isSkippedInWalk(name) && (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcstrings"))
    }

    /// A Swift package met on the walk: its folder (as the walk names it) and the folders its targets may use,
    /// relative to it.
    struct PackageFolders {
        var folder: String
        var targetFolders: [String]

        /// Whether `path` (under `folder`) is inside one of the targets' folders.
        func ships(_ path: String) -> Bool {
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            let relative = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
            return targetFolders.contains { target in
                target.hasSuffix("/") ? relative.hasPrefix(target) : (relative == target || relative.hasPrefix(target + "/"))
            }
        }
    }

    /// The target folders a `Package.swift` in `folder` allows, or nil when the rule does not apply there: no
    /// manifest; an Xcode project, workspace or project generator beside it (the app's own folder, whose catalogs the
    /// project builds whatever the manifest says); or a `path:` that is not a string literal (a folder only running
    /// the manifest could name). SwiftPM's default folders count, and each literal `path:`; an interpolation
    /// (`"Modules/\(name)"`) allows everything under the text before it.
    static func packageFolders(in folder: String, children: [String]) -> PackageFolders? {
        guard children.contains("Package.swift"), !holdsAnotherBuild(folder, children: children, depth: 0) else { return nil }
        let manifestPath = folder == "." ? "Package.swift" : (folder as NSString).appendingPathComponent("Package.swift")
        guard let manifest = try? String(contentsOfFile: manifestPath, encoding: .utf8) else { return nil }
        var targetFolders = ["Sources", "Source", "src", "srcs", "Tests", "Plugins", "Snippets"]
        var rest = manifest[...]
        while let label = rest.range(of: "path:") {
            rest = rest[label.upperBound...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard rest.first == "\"" else { return nil }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(where: { $0 == "\"" || $0 == "\n" }), rest[close] == "\"" else { return nil }
            var path = String(rest[..<close])
            rest = rest[close...]
            if let interpolation = path.range(of: "\\(") {
                path = String(path[..<interpolation.lowerBound])
                // "Modules/\(name)" allows what is under Modules/; "\(name)" alone allows everything.
                if !path.hasSuffix("/") { path = PropertyListTexts.folder(of: path) }
                path = path.isEmpty ? "" : (path.hasSuffix("/") ? path : path + "/")
            }
            while path.hasPrefix("./") { path.removeFirst(2) }
            if path.isEmpty || path == "." { return nil } // a target at the package's root: everything may ship
            targetFolders.append(path)
        }
        return PackageFolders(folder: folder, targetFolders: targetFolders)
    }

    /// What builds an app other than SwiftPM: an Xcode project or workspace, a project generator's manifest (XcodeGen,
    /// Tuist), a Bazel or Buck build. With one beside the manifest or in a folder below it (a root `Package.swift` for
    /// tools beside `App/App.xcodeproj`), the manifest does not say what ships, so the rule is off there.
    private static let otherBuildMarks: Set<String> = ["project.yml", "project.yaml", "Project.swift", "Tuist", "Workspace.swift",
                                                       "BUILD", "BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel", "BUCK"]

    private static func holdsAnotherBuild(_ folder: String, children: [String], depth: Int) -> Bool {
        if children.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || otherBuildMarks.contains($0) }) {
            return true
        }
        guard depth < 3 else { return false }
        for name in children where !Catalog.isSkippedInWalk(name) && !name.hasSuffix(".lproj") && !name.contains(".") {
            let path = folder == "." ? name : folder + "/" + name
            guard let below = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            if holdsAnotherBuild(path, children: below, depth: depth + 1) { return true }
        }
        return false
    }

    private static func walk(_ folder: String, prefix: String?, depth: Int, maxDepth: Int, package: PackageFolders?, found: inout Found) {
        guard depth <= maxDepth, let children = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let package = packageFolders(in: folder, children: children) ?? package
        func path(of name: String) -> String {
            if let prefix, depth == 0 { return prefix + name }
            return folder == "." ? name : folder + "/" + name
        }
        func keep(_ file: String, catalogFolder: String) -> Bool {
            guard let package, !package.ships(file) else { return true }
            if found.unshipped.last?.folder != catalogFolder {
                found.unshipped.append(.init(folder: catalogFolder, package: package.folder))
            }
            return false
        }
        for name in children.sorted() {
            // The loader's own rule (`Catalog.isSkippedInWalk`), so that `l10n lint` with no path and `l10n lint .` read
            // the same files: hidden, build and dependency folders, and bundles (an `.xcloc` export) are never entered.
            if Catalog.isSkippedInWalk(name) { continue }
            let path = path(of: name)
            let ext = (name as NSString).pathExtension
            if ext == "xcstrings" {
                if keep(path, catalogFolder: path) { found.files.append(path) }
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            if ext == "lproj" {
                let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter(isCatalogFile).sorted()
                guard let first = entries.first else { continue }
                guard keep(path + "/" + first, catalogFolder: Self.folder(of: path + "/" + first)) else { continue }
                found.files += entries.map { path + "/" + $0 }
                continue
            }
            // A link to a folder is followed (a shared folder of translations), but never back up into the walk.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                let resolved = ((target.hasPrefix("/") ? target : folder + "/" + target) as NSString).resolvingSymlinksInPath
                let within = (folder as NSString).resolvingSymlinksInPath
                if within == resolved || within.hasPrefix(resolved + "/") { continue }
            }
            walk(path, prefix: nil, depth: depth + 1, maxDepth: maxDepth, package: package, found: &found)
        }
    }
}
