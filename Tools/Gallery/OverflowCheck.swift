import Core
public import LocalizationKit
import Foundation
public import StringsKit

/// One text the browser found too big for its box.
public struct OverflowMeasurement: Sendable, Hashable {
    public var preview: String
    public var locale: String
    public var table: String
    public var key: String
    /// What the text is on the screen: "button retry", "badge", "banner offline-indicator title"…
    public var role: String
    /// Lines the layout gives it (1: one line, cut with "…"; 0: any number).
    public var maxLines: Int
    /// Lines it would take.
    public var lines: Int
    /// Its rendered width in CSS pixels (points): on one line, however many it wraps to.
    public var width: Int
    /// The width it may take: its box's width times the lines it may take.
    public var allowed: Int
    /// Its box's width: one line's.
    public var boxWidth: Int
    public var text: String

    init?(_ object: [String: Any]) {
        guard let preview = object["preview"] as? String, let locale = object["locale"] as? String,
              let table = object["table"] as? String, let key = object["key"] as? String else { return nil }
        self.preview = preview
        self.locale = locale
        self.table = table
        self.key = key
        role = object["role"] as? String ?? ""
        maxLines = (object["maxLines"] as? NSNumber)?.intValue ?? 0
        lines = (object["lines"] as? NSNumber)?.intValue ?? 0
        width = (object["width"] as? NSNumber)?.intValue ?? 0
        allowed = (object["allowed"] as? NSNumber)?.intValue ?? 0
        boxWidth = (object["boxWidth"] as? NSNumber)?.intValue ?? 0
        text = object["text"] as? String ?? ""
    }

    /// The finding's sentence: where, what, measured against allowed, and what to do.
    public var message: String {
        let measured = if maxLines <= 1 {
            "is \(width) pt wide, \(allowed) pt allowed"
        } else if lines > maxLines {
            "needs \(lines) lines, \(maxLines) fit (\(width) pt of text, \(allowed) pt allowed: \(maxLines) lines of \(boxWidth) pt)"
        } else {
            // As many lines as the box holds, but taller: its glyphs (accents, a fallback font) need more line height.
            "is taller than the \(maxLines) lines its box holds (\(width) pt of text in lines of \(boxWidth) pt; its glyphs need more line height)"
        }
        return "\(preview) in \(locale): \(role) “\(text)” \(measured); shorten the translation (l10n gallery shows it outlined in red)"
    }
}

/// One cell of the index's matrix as the browser laid it out.
public struct GalleryCell: Sendable, Hashable {
    public var preview: String
    public var locale: String
    /// Characters of visible text in the cell.
    public var textLength: Int
    public var height: Double
}

/// What headless Chromium measured on the gallery's index page.
public struct BrowserMeasurement: Sendable {
    public var overflows: [OverflowMeasurement]
    public var cells: [GalleryCell]
    /// The PNGs written, one per preview per locale (empty when screenshots were not asked for).
    public var screenshots: [String]
}

/// `l10n gallery --check`: the written site loaded in headless Chromium, every text measured against its box.
public enum OverflowCheck {
    /// `DIR/png/<locale>/<preview>.png`: where a screen's PNG is written (and what `l10n export --screenshots` notes).
    public static func screenshotPath(folder: String, locale: String, preview: String) -> String {
        ((folder as NSString).appendingPathComponent(GallerySite.fileSafe(locale)) as NSString)
            .appendingPathComponent("\(GallerySite.fileSafe(preview)).png")
    }

    /// Opens `index.html` in `folder` and measures it; with `screenshotsFolder`, writes each screen as a PNG there.
    public static func measure(folder: String, chromium: String, screenshotsFolder: String?) throws(GalleryError) -> BrowserMeasurement {
        let index = URL(fileURLWithPath: (folder as NSString).appendingPathComponent(GallerySite.indexName)).standardizedFileURL
        guard FileManager.default.fileExists(atPath: index.path) else {
            throw .io("\(index.path): no gallery here; build it first with `l10n gallery --out \(folder)`")
        }
        let browser = try HeadlessChromium(executable: chromium, width: 1_400, height: 2_000)
        defer { browser.close() }
        try browser.open(index)
        let overflows = ((try browser.evaluateJSON("window.galleryOverflow()") as? [[String: Any]]) ?? []).compactMap(OverflowMeasurement.init)
        let cells = ((try browser.evaluateJSON("window.galleryCells()") as? [[String: Any]]) ?? []).compactMap { object -> GalleryCell? in
            guard let preview = object["preview"] as? String, let locale = object["locale"] as? String else { return nil }
            return GalleryCell(preview: preview, locale: locale, textLength: (object["text"] as? NSNumber)?.intValue ?? 0,
                               height: (object["height"] as? NSNumber)?.doubleValue ?? 0)
        }
        var screenshots: [String] = []
        if let screenshotsFolder {
            let rectangles = (try browser.evaluateJSON("""
                Array.prototype.map.call(document.querySelectorAll('td.cell .screen'), function(s){var r=s.getBoundingClientRect();
                return {preview:s.dataset.preview,locale:s.dataset.locale,x:r.left+window.scrollX,y:r.top+window.scrollY,w:r.width,h:r.height};})
                """) as? [[String: Any]]) ?? []
            for rectangle in rectangles {
                guard let preview = rectangle["preview"] as? String, let locale = rectangle["locale"] as? String else { continue }
                func number(_ name: String) -> Double { (rectangle[name] as? NSNumber)?.doubleValue ?? 0 }
                // Scrolled into the viewport, a capture needs no relayout of the whole (very tall) page.
                _ = try browser.evaluateJSON("window.scrollTo(\(number("x")), \(number("y")))")
                let png = try browser.screenshot(x: number("x"), y: number("y"), width: number("w"), height: number("h"))
                let path = screenshotPath(folder: screenshotsFolder, locale: locale, preview: preview)
                do {
                    try FileManager.default.createDirectory(atPath: PathText.parent(of: path), withIntermediateDirectories: true)
                    try png.write(to: URL(fileURLWithPath: path))
                } catch {
                    throw .io("\(path): cannot be written (\(error.localizedDescription))")
                }
                screenshots.append(path)
            }
        }
        return BrowserMeasurement(overflows: overflows, cells: cells, screenshots: screenshots)
    }

    /// The measurements as lint findings at the catalog entry of the text (a pseudo-locale's at the base entry it is
    /// made from). A pseudo-locale's overflow is a warning: it shows where a long translation would break, not a fault.
    public static func findings(_ overflows: [OverflowMeasurement], catalog: Catalog, baseLocale: String, pseudoLocales: Set<String>,
                                configuration: LintConfiguration) -> [Finding] {
        let configured = configuration.severity(of: .textOverflow)
        guard configured != .off else { return [] }
        return overflows.map { overflow in
            let isPseudo = pseudoLocales.contains(overflow.locale)
            let entry = (isPseudo ? nil : catalog.entry(table: overflow.table, locale: overflow.locale, key: overflow.key))
                ?? catalog.entry(table: overflow.table, locale: baseLocale, key: overflow.key)
            let position = entry?.location.position
            return Finding(rule: .textOverflow, severity: isPseudo ? .warning : configured, file: entry?.location.file ?? overflow.table,
                           line: position?.line ?? 1, column: position?.column ?? 1, locale: overflow.locale, table: overflow.table,
                           key: overflow.key, message: overflow.message)
        }
        .sorted { ($0.locale, $0.message) < ($1.locale, $1.message) }
    }
}
