import Foundation
import LocalizationKit

/// What a REPL session reads before its first prompt: only the files its locale's strings come from (the locale's
/// fallback chain, down to the base), in the usual layout, a folder of `<locale>.lproj` folders of `.strings` and
/// `.stringsdict` files. The session reads every other locale the first time a command needs it (`locales`, `compare`,
/// `lint`, another locale). Any other layout (String Catalogs hold every locale in one file) is read whole at once.
struct StartingCatalog {
    /// The chain's tables, read as `Catalog.load` reads them.
    let catalog: Catalog
    /// The base locale, decided as for the whole catalog.
    let baseLocale: String

    /// Nil when the folder is not in that layout, or when `locale` has no catalog of its own (a pseudo-locale, a locale
    /// only ICU knows): the session then reads everything, as before.
    init?(folder: String, locale: String, configuredBase: String?) {
        let fileManager = FileManager.default
        guard let entries = try? fileManager.contentsOfDirectory(atPath: folder) else { return nil }
        var filesByLocale: [String: [String]] = [:]
        for entry in entries {
            let path = (folder as NSString).appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            guard entry.hasSuffix(".lproj") else {
                // A String Catalog, or a folder that may hold more catalogs: read everything.
                if isFolder.boolValue || entry.hasSuffix(".xcstrings") { return nil }
                continue
            }
            guard isFolder.boolValue, let files = try? fileManager.contentsOfDirectory(atPath: path) else { return nil }
            var tables: [String] = []
            for file in files {
                let fileExtension = (file as NSString).pathExtension
                if fileExtension == "strings" || fileExtension == "stringsdict" {
                    tables.append((path as NSString).appendingPathComponent(file))
                } else if Catalog.fileExtensions.contains(fileExtension) || fileManager.isDirectory(atPath: (path as NSString).appendingPathComponent(file)) {
                    return nil
                }
            }
            if !tables.isEmpty { filesByLocale[String(entry.dropLast(".lproj".count))] = tables }
        }
        let locales = filesByLocale.keys.sorted()
        let base = configuredBase ?? (locales.contains("en") || locales.isEmpty ? "en" : locales[0])
        let chain = Localizer.fallbackChain(for: locale, base: base, available: locales)
        // As `REPLSession.switchLocale` decides: strings of its own, or the base's for a variant of the base language.
        guard let first = chain.first, first != base || locale.lowercased().hasPrefix(base.lowercased()) else { return nil }
        guard let catalog = try? Catalog.load(paths: chain.flatMap { filesByLocale[$0] ?? [] }.sorted()) else { return nil }
        self.catalog = catalog
        baseLocale = base
    }
}

private extension FileManager {
    func isDirectory(atPath path: String) -> Bool {
        var isFolder: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
