import Foundation
import Gallery
import Localization

/// `l10n gallery` on the bundled catalogs: rendering and writing the whole site (every preview × the seven locales
/// and three pseudo-locales; goal < 2 s), and the headless-Chromium check, with and without the PNGs.
struct GallerySuite: BenchSuite {
    let name = "gallery"
    let summary = "l10n gallery: render + write the whole site (goal < 2 s), and the Chromium overflow check with and without PNGs"

    func run(_ report: BenchReport) async throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("offline-bench-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalogs = BundledCatalogs.editableDirectory.path
        var timings: [Double] = []
        var screens = 0
        for _ in 0..<5 {
            let (built, elapsed) = try Stopwatch.measure { () throws -> GallerySite in
                let site = try GalleryCommand.site(.init(paths: [catalogs], out: folder)).site
                try site.write(to: folder)
                return site
            }
            screens = built.screens.count
            timings.append(elapsed.milliseconds)
        }
        timings.sort()
        let median = timings[timings.count / 2]
        report.emit("render_ms_median", median, unit: "ms", goal: "< 2000 ms", pass: median < 2_000,
                    note: "\(screens) screens: catalogs loaded, every preview rendered in every locale, the site written; 5 runs")
        report.emit("screens", Double(screens), unit: "screens")

        guard let chromium = HeadlessChromium.locate() else {
            report.emit("check_ms", 0, unit: "ms", note: "skipped: Chromium is not installed (\(HeadlessChromium.installHint))")
            return
        }
        let (measured, checkTime) = try Stopwatch.measure {
            try OverflowCheck.measure(folder: folder, chromium: chromium, screenshotsFolder: nil)
        }
        report.emit("check_ms", checkTime.milliseconds, unit: "ms",
                    note: "Chromium started, index.html loaded, every text measured; \(measured.overflows.count) overflows (pseudo-locales)")
        let shots = (folder as NSString).appendingPathComponent("png")
        let (withShots, shotsTime) = try Stopwatch.measure {
            try OverflowCheck.measure(folder: folder, chromium: chromium, screenshotsFolder: shots)
        }
        report.emit("check_with_png_ms", shotsTime.milliseconds, unit: "ms", note: "as check_ms plus \(withShots.screenshots.count) PNGs")
    }
}
