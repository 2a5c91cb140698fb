import Core
import LocalizationKit
import Foundation
@testable import Gallery
@testable import L10nREPL
import Localization
import StringsKit
import TestSupport
import Testing

/// `l10n gallery` (issue 22): the site, the browser check, the PNGs and the XLIFF context. Tests that need Chromium
/// skip with a printed reason where it is not installed; they run one browser at a time.
@Suite("Gallery", .serialized)
struct GalleryTests {
    static var catalogs: String { BundledCatalogs.editableDirectory.path }

    static func temporaryFolder() -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("gallery-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func site(locales: [String] = [], width: Int = 320, theme: Theme = .light) throws -> GallerySite {
        try GalleryCommand.site(.init(paths: [catalogs], out: "", locales: locales, width: width, theme: theme)).site
    }

    /// The Chromium to use; tests that need it are `.enabled(if: hasChromium)`, so a missing one is a skip with its reason.
    static func chromium() throws -> String {
        try #require(HeadlessChromium.locate(), "Chromium is not installed (apt-get install chromium, or set CHROMIUM)")
    }

    static let hasChromium = HeadlessChromium.locate() != nil
    static let l10n = BuiltProduct.url(named: "l10n")
    /// What `l10n gallery` and `l10n export` hand over to: l10n links no feature, so it has no previews of its own.
    static let l10nGallery = BuiltProduct.url(named: "l10n-gallery")

    /// Runs the built `l10n`: its status and standard output (standard error dropped).
    static func runL10n(_ arguments: [String]) throws -> (Int32, String) {
        let (status, output, _) = try runProgram(arguments, executable: try #require(l10n, "no l10n binary beside the tests (swift build --product l10n)"))
        return (status, output)
    }

    /// Runs an `l10n` binary: its status, standard output and standard error (kept in a file, so neither pipe fills).
    static func runProgram(_ arguments: [String], executable: URL, environment: [String: String]? = nil) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errorPath = (NSTemporaryDirectory() as NSString).appendingPathComponent("l10n-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), error)
    }

    // MARK: Item 1: the site

    @Test func galleryRendersEveryPreviewTheREPLListsInEveryLocaleAndPseudoLocale() async throws {
        let site = try Self.site()
        #expect(site.previews.map(\.id) == REPLSession.previews.map(\.id))
        #expect(site.locales.map(\.id) == ["en", "ar", "de", "es", "ja", "nb", "pl", "en-XA", "ar-XB", "double"])
        #expect(site.screens.count == site.previews.count * site.locales.count)
        let index = site.indexPage
        for screen in site.screens {
            #expect(index.contains("data-preview=\"\(screen.preview.id)\" data-locale=\"\(screen.locale.id)\""))
        }
        // The same words the REPL draws: the Norwegian offline banner's title in both.
        let repl = try REPLSession(options: .init(locale: "nb", width: 60, catalogsPath: Self.catalogs))
        let title = try BundledCatalogs.localizer(locale: "nb").string(CoreCopy.offlineIndicatorTitle)
        #expect(await repl.execute("preview core.offline-banner").stdout.contains(title))
        let column = try #require(site.locales.firstIndex { $0.id == "nb" })
        let row = try #require(site.previews.firstIndex { $0.id == "core.offline-banner" })
        #expect(site.screen(row: row, column: column).html.contains(title))
    }

    @Test func galleryWritesAnIndexAPagePerPreviewAndAPagePerLocaleThatNeedNoNetwork() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = GalleryCommand.run(.init(paths: [Self.catalogs], out: folder))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let site = try Self.site()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.contains("index.html"))
        for preview in site.previews { #expect(names.contains(GallerySite.previewPageName(preview.id))) }
        for locale in site.locales { #expect(names.contains(GallerySite.localePageName(locale.id))) }
        for name in names where name.hasSuffix(".html") {
            let page = try String(contentsOfFile: (folder as NSString).appendingPathComponent(name), encoding: .utf8)
            for external in ["http://", "https://", "<link", "src=", "@import", "url("] {
                #expect(!page.contains(external), "\(name) refers to something outside itself: \(external)")
            }
        }
    }

    @Test func screensShowLayoutLimitsRTLDarkThemeDisabledActionsAccessibilityAndTheKeyOnHover() throws {
        let site = try Self.site(locales: ["en", "ar"], theme: .dark)
        func html(_ preview: String, _ locale: String) throws -> String {
            let row = try #require(site.previews.firstIndex { $0.id == preview })
            let column = try #require(site.locales.firstIndex { $0.id == locale })
            return site.screen(row: row, column: column).html
        }
        let form = try html("core.blocking-form", "en")
        let reason = try BundledCatalogs.localizer(locale: "en").string(CoreCopy.appearOffline)
        #expect(form.contains("class=\"button disabled\""))
        #expect(form.contains("title=\"Tapping shows: \(reason)\""))
        // Hovering the greyed title itself says both what tapping shows and the title's key.
        #expect(form.contains("title=\"Tapping shows: \(reason) — Core · action.retry\""))
        #expect(form.contains("<ul class=\"a11y\""))
        #expect(form.contains("data-lines=\"1\""))
        #expect(form.contains("class=\"screen dark\""))
        let arabic = try html("core.offline-banner", "ar")
        #expect(arabic.contains("dir=\"rtl\""))
        #expect(arabic.contains("lang=\"ar\""))
        // The banner's height: title and message line limits; hovering shows table and key.
        #expect(arabic.contains("-webkit-line-clamp:\(PhoneLayout().bannerTitleLines)"))
        #expect(arabic.contains("-webkit-line-clamp:\(PhoneLayout().bannerMessageLines)"))
        #expect(arabic.contains("title=\"Core · offline.indicator.title\""))
        #expect(try html("core.offline-banner", "en").contains("dir=\"ltr\""))
        // An image kept on the device is a box of its size (no image data in a self-contained page).
        #expect(try html("commerce.cart-online", "en").contains("data-image=\"img/em-200.png\">120×120</div>"))
        #expect(site.indexPage.contains("--w:320px"))
        #expect(try Self.site(locales: ["en"], width: 375).indexPage.contains("--w:375px"))
    }

    @Test func pseudoLocalesFormatDatesInTheirLanguageNotICUsRoot() throws {
        let site = try Self.site(locales: ["en", "double"])
        let row = try #require(site.previews.firstIndex { $0.id == "products.card-active" })
        // The fixture's warranty ends on 2027-06-15: English in both columns (ICU's root would say "2027 M06 15").
        #expect(site.screen(row: row, column: 0).html.contains("Jun 15, 2027"))
        #expect(site.screen(row: row, column: 1).html.contains("Jun 15, 2027"))
    }

    @Test func badOptionsAreUsageErrors() {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let width = GalleryCommand.run(.init(paths: [Self.catalogs], out: folder, width: 100))
        #expect(width.exitCode == 2)
        #expect(width.standardError.contains("--width must be between 240 and 1024"))
        let locale = GalleryCommand.run(.init(paths: [Self.catalogs], out: folder, locales: ["xx"]))
        #expect(locale.exitCode == 2)
        #expect(locale.standardError.contains("no locale `xx`"))
    }

    @Test(.enabled(if: Requirement.met(GalleryTests.l10n != nil), "no l10n binary beside the tests (swift build --product l10n)"))
    func l10nGalleryBinaryWritesTheSiteAndItsHelpNamesTheExitCodes() throws {
        let run = Self.runL10n
        let (helpStatus, help) = try run(["gallery", "--help"])
        #expect(helpStatus == 0)
        for words in ["--out", "--locale", "--pseudo", "--width", "--theme", "--check", "text-overflow", "apt-get install chromium", "Exit codes"] {
            #expect(help.contains(words), "help lacks \(words)")
        }
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, output) = try run(["gallery", Self.catalogs, "--out", folder, "--locale", "en", "--pseudo", "double"])
        #expect(status == 0)
        #expect(output.contains("× 2 locales (en double)"))
        #expect(FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("index.html")))
    }

    /// `l10n export` hands over to `l10n-gallery`, whose previews write the context notes; the one-file l10n alone (no
    /// l10n-gallery beside it or on PATH) still writes the XLIFF, without those notes, and says why on stderr.
    @Test(.enabled(if: Requirement.met(GalleryTests.l10n != nil && GalleryTests.l10nGallery != nil),
                   "no l10n and l10n-gallery binaries beside the tests (swift build --product l10n && swift build --product l10n-gallery)"))
    func l10nExportNamesThePreviewsThroughL10nGalleryAndWritesTheXLIFFWithoutIt() throws {
        let l10n = try #require(Self.l10n)
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let withPreviews = (folder as NSString).appendingPathComponent("with")
        let (status, _, _) = try Self.runProgram(["export", Self.catalogs, "--xliff", withPreviews], executable: l10n)
        #expect(status == 0)
        let norwegian = try String(contentsOfFile: (withPreviews as NSString).appendingPathComponent("nb.xliff"), encoding: .utf8)
        #expect(norwegian.contains("<note from=\"context\">Shown in preview core.offline-banner: "))

        // The one-file l10n of scripts/build-l10n, copied where no l10n-gallery is and with no PATH to find one on.
        let alone = (folder as NSString).appendingPathComponent("bin/l10n")
        try FileManager.default.createDirectory(atPath: (alone as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: l10n.path, toPath: alone)
        let withoutPreviews = (folder as NSString).appendingPathComponent("without")
        let (plain, _, warning) = try Self.runProgram(["export", Self.catalogs, "--xliff", withoutPreviews], executable: URL(fileURLWithPath: alone),
                                                   environment: ["PATH": "/nonexistent", "LLVM_PROFILE_FILE": "/dev/null"])
        #expect(plain == 0)
        #expect(warning.contains("l10n-gallery was not found"))
        #expect(warning.contains("swift build --product l10n-gallery"))
        let bare = try String(contentsOfFile: (withoutPreviews as NSString).appendingPathComponent("nb.xliff"), encoding: .utf8)
        #expect(bare.contains("<trans-unit"))
        #expect(!bare.contains("Shown in preview"))

        // `l10n gallery` alone says what to build instead, and exits 2 (usage).
        let (gallery, _, missing) = try Self.runProgram(["gallery", "--out", folder], executable: URL(fileURLWithPath: alone),
                                                    environment: ["PATH": "/nonexistent", "LLVM_PROFILE_FILE": "/dev/null"])
        #expect(gallery == 2)
        #expect(missing.contains("swift build --product l10n-gallery"))
    }

    @Test(.enabled(if: Requirement.met(GalleryTests.l10n != nil && GalleryTests.hasChromium), "needs the built l10n and Chromium (apt-get install chromium)"))
    func l10nGalleryCheckWithFormatJSONPrintsTheReportAlone() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // With --format json stdout is the report alone (log lines, e.g. ICU's, go to stderr).
        let (checked, json) = try Self.runL10n(["gallery", Self.catalogs, "--out", folder, "--locale", "double", "--check", "--no-screenshots", "--format", "json"])
        #expect(checked == 0)
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.isEmpty == false)
    }

    // MARK: Item 2: overflow measured by a real browser

    @Test func checkWithoutChromiumSaysHowToInstallItAndExits2() {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = GalleryCommand.run(.init(paths: [Self.catalogs], out: folder, check: true,
                                               environment: ["CHROMIUM": "/nonexistent/chromium", "PATH": "/nonexistent"]))
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("apt-get install chromium"))
    }

    @Test(.enabled(if: Requirement.met(GalleryTests.hasChromium), "Chromium is not installed (apt-get install chromium, or set CHROMIUM)"))
    func doublePseudoLocaleOverflowsWhereTheLayoutIsTightAndTheSevenLocalesDoNot() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = GalleryCommand.run(.init(paths: [Self.catalogs], out: folder, check: true, screenshots: false, format: .json))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.allSatisfy { $0["rule"] as? String == "text-overflow" })
        let real = findings.filter { !["en-XA", "ar-XB", "double"].contains($0["locale"] as? String ?? "") }
        #expect(real.isEmpty, "real locales overflow: \(real.map { $0["message"] ?? "" })")
        let double = findings.filter { $0["locale"] as? String == "double" }
        #expect(!double.isEmpty)
        #expect(double.allSatisfy { $0["severity"] as? String == "warning" })
        // Tight places: one-line buttons and badges.
        let messages = double.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("button raise-service-request") && $0.contains("pt allowed") })
        #expect(messages.contains { $0.contains(": badge ") })
        // The same findings fail the run under --strict, as lint's warnings do.
        let strict = GalleryCommand.run(.init(paths: [Self.catalogs], out: folder, locales: ["double"], check: true, screenshots: false, strict: true))
        #expect(strict.exitCode == 1)
        #expect(strict.standardOutput.contains("[text-overflow]"))
    }

    @Test func overflowSeverityFollowsL10nJSONAndAPseudoLocaleOnlyWarns() throws {
        let catalog = try Catalog.load(paths: [Self.catalogs])
        let measured: [String: Any] = ["preview": "core.empty-offline", "table": "Core", "key": "action.retry", "role": "button retry",
                                       "maxLines": 1, "lines": 1, "width": 300, "allowed": 262, "boxWidth": 262, "text": "…"]
        let overflows = try ["nb", "double"].map { locale in
            try #require(OverflowMeasurement(measured.merging(["locale": locale]) { $1 }))
        }
        let findings = OverflowCheck.findings(overflows, catalog: catalog, baseLocale: "en", pseudoLocales: ["double"],
                                              configuration: LintConfiguration())
        #expect(findings.map(\.severity) == [.warning, .error])
        #expect(findings.map(\.locale) == ["double", "nb"])
        #expect(findings[0].file.hasSuffix("en.lproj/Core.strings"))
        #expect(findings[1].file.hasSuffix("nb.lproj/Core.strings"))
        #expect(findings[1].message.contains("is 300 pt wide, 262 pt allowed"))
        let config = try LintConfiguration.parse(Data(#"{"severities": {"text-overflow": "off"}}"#.utf8), path: "l10n.json")
        #expect(OverflowCheck.findings(overflows, catalog: catalog, baseLocale: "en", pseudoLocales: ["double"], configuration: config).isEmpty)
    }

    @Test(.enabled(if: Requirement.met(GalleryTests.hasChromium), "Chromium is not installed (apt-get install chromium, or set CHROMIUM)"))
    func overflowInARealLocaleIsAnErrorAtItsCatalogLine() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A catalog whose Norwegian Retry is far too long for a one-line button.
        for locale in ["en", "nb"] {
            let lproj = (folder as NSString).appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(atPath: lproj, withIntermediateDirectories: true)
            let source = try String(contentsOfFile: "\(Self.catalogs)/\(locale).lproj/Core.strings", encoding: .utf8)
            let text = locale == "nb" ? source.replacingOccurrences(of: "\"action.retry\" = \"Prøv igjen\";",
                                                                    with: "\"action.retry\" = \"Prøv igjen nå med en gang, og så en gang til etterpå\";") : source
            try text.write(toFile: "\(lproj)/Core.strings", atomically: true, encoding: .utf8)
        }
        let retry = try #require(try Catalog.load(paths: [folder]).entry(table: "Core", locale: "nb", key: "action.retry"))
        try #require(retry.value.text?.count ?? 0 > 40, "the fixture did not lengthen nb's retry")
        let outcome = GalleryCommand.run(.init(paths: [folder], out: (folder as NSString).appendingPathComponent("site"), locales: ["nb"],
                                               check: true, screenshots: false, format: .xcode))
        #expect(outcome.exitCode == 1)
        let line = try #require(retry.location.position?.line)
        #expect(outcome.standardOutput.contains("nb.lproj/Core.strings:\(line):"))
        #expect(outcome.standardOutput.contains("error: core.empty-offline in nb: button retry"))
        #expect(outcome.standardOutput.contains("[text-overflow]"))
    }

    @Test(.enabled(if: Requirement.met(GalleryTests.hasChromium), "Chromium is not installed (apt-get install chromium, or set CHROMIUM)"))
    func checkWritesAPNGPerPreviewPerLocale() throws {
        let chromium = try Self.chromium()
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try Catalog.load(paths: [Self.catalogs])
        let previews = Array(PreviewRegistry.previews.filter { $0.id.hasPrefix("core.") }.prefix(3))
        let site = GallerySite(catalog: catalog, baseLocale: "en", locales: [GalleryLocale(id: "en"), GalleryLocale(id: "ja")], previews: previews)
        try site.write(to: folder)
        let shots = (folder as NSString).appendingPathComponent("png")
        let measured = try OverflowCheck.measure(folder: folder, chromium: chromium, screenshotsFolder: shots)
        #expect(measured.screenshots.count == 6)
        for preview in previews {
            for locale in ["en", "ja"] {
                let data = try Data(contentsOf: URL(fileURLWithPath: OverflowCheck.screenshotPath(folder: shots, locale: locale, preview: preview.id)))
                #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                // PNG width (bytes 16–19): the phone's 320 points at scale 1.
                #expect(data[16..<20].reduce(0) { $0 << 8 | Int($1) } == 320)
            }
        }
    }

    // MARK: Item 4: the index opened in Chromium

    @Test(.enabled(if: Requirement.met(GalleryTests.hasChromium), "Chromium is not installed (apt-get install chromium, or set CHROMIUM)"))
    func indexOpenedInChromiumHasEveryPreviewAndLocaleCellPresentAndNonEmpty() throws {
        let chromium = try Self.chromium()
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = try Self.site()
        try site.write(to: folder)
        let cells = try OverflowCheck.measure(folder: folder, chromium: chromium, screenshotsFolder: nil).cells
        #expect(cells.count == site.previews.count * site.locales.count)
        for preview in site.previews {
            for locale in site.locales {
                let cell = cells.first { $0.preview == preview.id && $0.locale == locale.id }
                #expect(cell != nil, "no cell for \(preview.id) × \(locale.id)")
                #expect((cell?.textLength ?? 0) > 0 && (cell?.height ?? 0) > 20, "empty cell for \(preview.id) × \(locale.id)")
            }
        }
    }

    // MARK: Item 3: context in the XLIFF

    @Test func exportNotesThePreviewsThatShowEachKeyAndTheirScreenshots() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try Catalog.load(paths: [Self.catalogs])
        let context = TranslatorContext(catalog: catalog, baseLocale: "en", screenshotsFolder: "shots")
        // From rendering: the offline indicator's title is on the banner preview and on screens that embed it.
        let banner = try #require(context.previewsByKey["Core/offline.indicator.title"]).map(\.id)
        #expect(banner.contains("core.offline-banner"))
        #expect(banner.contains("products.list-offline"))
        // "<title>, disabled" names the title: a disabled button's title counts as shown.
        #expect(context.previewsByKey["Core/accessibility.disabledAction"] != nil)
        let outcome = L10nCommands.exportXLIFF(paths: [Self.catalogs], to: folder) { _, _, target in context.notes(target: target) }
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let xliff = try String(contentsOfFile: (folder as NSString).appendingPathComponent("nb.xliff"), encoding: .utf8)
        let summary = try #require(PreviewRegistry.previews.first { $0.id == "core.offline-banner" }).summary
        #expect(xliff.contains("<note from=\"context\">Shown in preview core.offline-banner: \(summary) (screenshot: shots/nb/core.offline-banner.png)</note>"))
        // Import ignores the context notes: the catalog comes back as it was.
        let files = try XLIFF.parse(Data(xliff.utf8), path: "nb.xliff")
        #expect(files.flatMap(\.units).allSatisfy { $0.note?.hasPrefix("Shown in preview") != true })
        #expect(files.flatMap(\.units).contains { !$0.contextNotes.isEmpty } == false)
    }
}
