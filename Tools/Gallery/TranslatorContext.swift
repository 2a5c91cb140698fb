public import Core
public import LocalizationKit
import Foundation

/// What `l10n export` tells a translator about where each string lives: the previews that show or announce the key
/// (found by rendering every preview, not from a hand-kept list) and, when screenshots were taken, their PNGs.
public struct TranslatorContext: Sendable {
    /// `Table/key` → the previews showing it, in preview order.
    public var previewsByKey: [String: [Preview]]
    /// `l10n gallery --check`'s PNG folder (`OUT/png`), or nil.
    public var screenshotsFolder: String?

    public init(previewsByKey: [String: [Preview]], screenshotsFolder: String? = nil) {
        self.previewsByKey = previewsByKey
        self.screenshotsFolder = screenshotsFolder
    }

    /// Renders every preview in the base locale to see which keys each shows.
    public init(catalog: Catalog, baseLocale: String, previews: [Preview] = PreviewRegistry.previews, screenshotsFolder: String? = nil) {
        let site = GallerySite(catalog: catalog, baseLocale: baseLocale, locales: [GalleryLocale(id: baseLocale)], previews: previews)
        self.init(previewsByKey: site.previewsByKey, screenshotsFolder: screenshotsFolder)
    }

    /// The `<note from="context">` lines for `target`'s units: "products.card-active: Warranty card, … (screenshot: PATH)".
    public func notes(target: String) -> [String: [String]] {
        previewsByKey.mapValues { previews in
            previews.map { preview in
                var note = "Shown in preview \(preview.id): \(preview.summary)"
                if let screenshotsFolder {
                    note += " (screenshot: \(OverflowCheck.screenshotPath(folder: screenshotsFolder, locale: target, preview: preview.id)))"
                }
                return note
            }
        }
    }

    /// Screenshots the notes name that are not on disk (the gallery was not checked with screenshots for `target`).
    public func missingScreenshots(target: String) -> [String] {
        guard let screenshotsFolder else { return [] }
        let ids = Set(previewsByKey.values.flatMap { $0.map(\.id) })
        return ids.sorted().map { OverflowCheck.screenshotPath(folder: screenshotsFolder, locale: target, preview: $0) }
            .filter { !FileManager.default.fileExists(atPath: $0) }
    }
}
