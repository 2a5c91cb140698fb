public import Core
public import LocalizationKit
import Foundation

/// One column of the gallery: a catalog locale, or a pseudo-locale made from the base.
public struct GalleryLocale: Sendable, Hashable {
    public var id: String
    public var pseudo: PseudoLocale?

    public init(id: String, pseudo: PseudoLocale? = nil) {
        self.id = id
        self.pseudo = pseudo
    }
}

/// One rendered screen: a preview in a locale, and the copies it showed.
public struct GalleryScreen: Sendable {
    public var preview: Preview
    public var locale: GalleryLocale
    public var html: String
    public var copies: [Copy]
}

/// The static site `l10n gallery` writes: `index.html` (rows: previews; columns: locales), one page per preview with
/// every locale side by side, one page per locale. Every screen comes from `PreviewRegistry`, the list the REPL draws.
public struct GallerySite: Sendable {
    public var previews: [Preview]
    public var locales: [GalleryLocale]
    public var layout: PhoneLayout
    public var theme: Theme
    /// Row-major: `screens[row * locales.count + column]`.
    public private(set) var screens: [GalleryScreen]

    /// Renders every preview in every locale. `catalog` holds the real locales; pseudo-locales are made from `baseLocale`.
    public init(catalog: Catalog, baseLocale: String, locales: [GalleryLocale], previews: [Preview] = PreviewRegistry.previews,
                layout: PhoneLayout = PhoneLayout(), theme: Theme = .light) {
        self.previews = previews
        self.locales = locales
        self.layout = layout
        self.theme = theme
        var full = catalog
        for pseudo in locales.compactMap(\.pseudo) { full = pseudo.catalog(from: full, baseLocale: baseLocale) }
        let renderers = locales.map { locale in
            let localizer = locale.pseudo?.localizer(full, baseLocale: baseLocale) ?? Localizer(catalog: full, locale: locale.id, baseLocale: baseLocale)
            return ScreenHTML(localizer: localizer, layout: layout, theme: theme)
        }
        var screens: [GalleryScreen] = []
        screens.reserveCapacity(previews.count * locales.count)
        for preview in previews {
            for (column, locale) in locales.enumerated() {
                var renderer = renderers[column]
                let html = renderer.render(preview)
                screens.append(GalleryScreen(preview: preview, locale: locale, html: html, copies: renderer.shownCopies))
            }
        }
        self.screens = screens
    }

    public func screen(row: Int, column: Int) -> GalleryScreen {
        screens[row * locales.count + column]
    }

    // MARK: Pages

    public static let indexName = "index.html"
    public static func previewPageName(_ id: String) -> String { "preview-\(fileSafe(id)).html" }
    public static func localePageName(_ id: String) -> String { "locale-\(fileSafe(id)).html" }

    static func fileSafe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    private func header(_ title: String, _ subtitle: String) -> String {
        let localeLinks = locales.map { "<a href=\"\(Self.localePageName($0.id))\">\(ScreenHTML.escape($0.id))</a>" }.joined()
        return "<header><h1>\(ScreenHTML.escape(title))</h1><p>\(ScreenHTML.escape(subtitle))</p>"
            + "<nav><a href=\"\(Self.indexName)\">All previews</a> · locales: \(localeLinks)</nav></header>"
    }

    private var settings: String {
        "\(previews.count) previews × \(locales.count) locales, \(layout.width) pt wide, \(theme.rawValue). "
            + "Hover a text for its table and key; a red outline is text that does not fit; greyed buttons say on hover what tapping shows."
    }

    public var indexPage: String {
        var body = header("OfflineKit: every preview in every locale", settings)
        body += "<table class=\"matrix\"><thead><tr><th></th>"
        body += locales.map { "<th><a href=\"\(Self.localePageName($0.id))\">\(ScreenHTML.escape($0.id))</a>\($0.pseudo.map { " <small>\(ScreenHTML.escape($0.summary))</small>" } ?? "")</th>" }.joined()
        body += "</tr></thead><tbody>"
        for (row, preview) in previews.enumerated() {
            body += "<tr><th class=\"preview\"><a href=\"\(Self.previewPageName(preview.id))\">\(ScreenHTML.escape(preview.id))</a>"
                + "<small>\(ScreenHTML.escape(preview.summary))</small></th>"
            for (column, locale) in locales.enumerated() {
                body += "<td class=\"cell\" data-preview=\"\(ScreenHTML.escape(preview.id))\" data-locale=\"\(ScreenHTML.escape(locale.id))\">"
                    + screen(row: row, column: column).html + "</td>"
            }
            body += "</tr>"
        }
        body += "</tbody></table>"
        return GalleryPage.document(title: "Gallery", layout: layout, theme: theme, body: body)
    }

    public func previewPage(row: Int) -> String {
        let preview = previews[row]
        var body = header(preview.id, preview.summary) + "<div class=\"strip\">"
        for (column, locale) in locales.enumerated() {
            body += "<figure><figcaption>\(ScreenHTML.escape(locale.id))</figcaption>\(screen(row: row, column: column).html)</figure>"
        }
        return GalleryPage.document(title: preview.id, layout: layout, theme: theme, body: body + "</div>")
    }

    public func localePage(column: Int) -> String {
        let locale = locales[column]
        var body = header("Every preview in \(locale.id)", locale.pseudo?.summary ?? settings) + "<div class=\"strip\">"
        for (row, preview) in previews.enumerated() {
            body += "<figure><figcaption><a href=\"\(Self.previewPageName(preview.id))\">\(ScreenHTML.escape(preview.id))</a></figcaption>"
                + "\(screen(row: row, column: column).html)</figure>"
        }
        return GalleryPage.document(title: locale.id, layout: layout, theme: theme, body: body + "</div>")
    }

    /// Writes every page into `folder` (created if needed) and returns their paths, the index first.
    @discardableResult
    public func write(to folder: String) throws(GalleryError) -> [String] {
        var pages: [(String, String)] = [(Self.indexName, indexPage)]
        for row in previews.indices { pages.append((Self.previewPageName(previews[row].id), previewPage(row: row))) }
        for column in locales.indices { pages.append((Self.localePageName(locales[column].id), localePage(column: column))) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw GalleryError.io("\(folder): cannot create the folder (\(error.localizedDescription)); pass another --out")
        }
        var written: [String] = []
        for (name, text) in pages {
            let path = (folder as NSString).appendingPathComponent(name)
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
                throw GalleryError.io("\(path): cannot be written; check that the folder is writable")
            }
            written.append(path)
        }
        return written
    }

    // MARK: Context for translators

    /// Each `Table/key` with the previews that show or announce it, in preview order (from rendering the base column).
    public var previewsByKey: [String: [Preview]] {
        var map: [String: [Preview]] = [:]
        guard !locales.isEmpty else { return map }
        for row in previews.indices {
            let screen = screen(row: row, column: 0)
            var seen = Set<String>()
            for copy in screen.copies where seen.insert("\(copy.table)/\(copy.key)").inserted {
                map["\(copy.table)/\(copy.key)", default: []].append(screen.preview)
            }
        }
        return map
    }
}

/// Why the gallery could not be built or checked; each says what to do.
public enum GalleryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A bad option or an unreadable path: exit 2.
    case usage(String)
    case io(String)
    /// Chromium is not installed, would not start, or stopped answering: exit 2.
    case browser(String)

    public var description: String {
        switch self {
        case let .usage(message), let .io(message), let .browser(message): message
        }
    }
}
