public import Core
public import Foundation

/// The catalogs that ship with OfflineKit (`Localization/<locale>.lproj/<Table>.strings|.stringsdict`),
/// read straight from this target's resource bundle with Core's parser. `Bundle.localizedString`
/// is never used: it crashes on Linux for `.stringsdict`.
public enum BundledCatalogs {
    /// The folder that holds the `<locale>.lproj` folders at run time.
    public static var directory: URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
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
