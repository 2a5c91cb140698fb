public import Core
public import LocalizationKit
public import Foundation

/// The catalogs that ship with OfflineKit (`Localization/<locale>.lproj/<Table>.strings|.stringsdict`),
/// read straight from this target's resource bundle with Core's parser. `Bundle.localizedString`
/// is never used: it crashes on Linux for `.stringsdict`.
public enum BundledCatalogs {
    /// The folder that holds the `<locale>.lproj` folders at run time.
    public static var directory: URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }

    /// The `Localization/` folder of the source checkout this was built from, when it still exists:
    /// the files a translator edits. Tools prefer it so that `reload` shows an edit at once;
    /// a binary shipped without the sources uses `directory`.
    public static var sourceDirectory: URL? {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let base = folder.appendingPathComponent("\(baseLocale).lproj").path
        return FileManager.default.fileExists(atPath: base) ? folder : nil
    }

    /// Where tools read the catalogs from: the source folder when present, else the bundle.
    public static var editableDirectory: URL {
        sourceDirectory ?? directory
    }

    /// The base locale every key must exist in.
    public static let baseLocale = "en"

    /// Loads every bundled catalog; a file that fails to parse is listed in `problems`, not fatal.
    public static func load() throws(CatalogLoadError) -> Catalog {
        try Catalog.load(paths: [directory.path])
    }

    /// A Localizer over the bundled catalogs for `locale`.
    public static func localizer(locale: String, timeZone: String = "UTC") throws(CatalogLoadError) -> Localizer {
        Localizer(catalog: try load(), locale: locale, baseLocale: baseLocale, timeZone: timeZone)
    }
}
