import Foundation
import LocalizationKit

/// Where an app keeps its catalogs, found by walking its folder as a new user would point at them: every folder that
/// holds `<locale>.lproj` folders with catalog files, and every String Catalog. What `l10n lint` with no path reads
/// when there is no `Localization` folder, and what `l10n usage` reads when `--sources` names no catalog folder.
public enum CatalogDiscovery {
    /// The catalog files under `root`: those in `<locale>.lproj` folders and String Catalogs, sorted. Files, not
    /// folders, so that nothing under a skipped folder is read by the loader's own walk.
    public static func find(under root: String, maxDepth: Int = 10) -> [String] {
        var files: [String] = []
        walk(root, depth: 0, maxDepth: maxDepth, files: &files)
        return files.sorted()
    }

    /// The folders holding the files `find` returned (a `.lproj` folder's parent), for a message.
    public static func folders(of files: [String]) -> [String] {
        Array(Set(files.map { file in
            let parent = PropertyListTexts.folder(of: file)
            let folder = parent.hasSuffix(".lproj") ? PropertyListTexts.folder(of: parent) : parent
            // A catalog at the top of the folder read (en.lproj/…) is in "." there, not in "".
            return folder.isEmpty ? "." : folder
        })).sorted()
    }

    /// "the 12 catalog file(s) in App/Resources, Widget" for a note (at most eight folders named).
    public static func describe(_ files: [String]) -> String {
        let all = folders(of: files)
        let shown = all.prefix(8).joined(separator: ", ") + (all.count > 8 ? " and \(all.count - 8) more" : "")
        return "the \(files.count) catalog file(s) in \(shown)"
    }

    private static func walk(_ folder: String, depth: Int, maxDepth: Int, files: inout [String]) {
        guard depth <= maxDepth, let children = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in children.sorted() {
            // The loader's own rule (`Catalog.isSkippedInWalk`), so that `l10n lint` with no path and `l10n lint .` read
            // the same files: hidden, build and dependency folders, and bundles (an `.xcloc` export) are never entered.
            if Catalog.isSkippedInWalk(name) { continue }
            let path = folder == "." ? name : (folder as NSString).appendingPathComponent(name)
            let ext = (name as NSString).pathExtension
            if ext == "xcstrings" {
                files.append(path)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            if ext == "lproj" {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for entry in entries.sorted() where !Catalog.isSkippedInWalk(entry)
                    && (entry.hasSuffix(".strings") || entry.hasSuffix(".stringsdict") || entry.hasSuffix(".xcstrings")) {
                    files.append((path as NSString).appendingPathComponent(entry))
                }
                continue
            }
            walk(path, depth: depth + 1, maxDepth: maxDepth, files: &files)
        }
    }
}
