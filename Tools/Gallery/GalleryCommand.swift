import Core
public import LocalizationKit
public import Foundation
public import StringsKit

/// `l10n gallery` as a library function: tests call it directly, the executable only prints its outcome.
public enum GalleryCommand {
    public struct Options: Sendable {
        /// Catalog folders or files; empty: `Localization`.
        public var paths: [String]
        public var out: String
        /// Columns: catalog locales or pseudo-locale names (`en-XA`, `ar-XB`, `double`); empty: every catalog locale.
        public var locales: [String]
        /// Pseudo-locales to add; nil: the REPL's three when no `locales` are named, none otherwise.
        public var pseudo: [PseudoStyle]?
        public var width: Int
        public var theme: Theme
        /// Load the site in headless Chromium and report overflowing text.
        public var check: Bool
        /// With `check`: write `OUT/png/<locale>/<preview>.png`.
        public var screenshots: Bool
        public var format: ReportFormat
        public var configPath: String?
        public var strict: Bool
        public var colour: Bool
        public var environment: [String: String]

        public init(paths: [String] = [], out: String, locales: [String] = [], pseudo: [PseudoStyle]? = nil, width: Int = 320,
                    theme: Theme = .light, check: Bool = false, screenshots: Bool = true, format: ReportFormat = .text,
                    configPath: String? = nil, strict: Bool = false, colour: Bool = false,
                    environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.paths = paths
            self.out = out
            self.locales = locales
            self.pseudo = pseudo
            self.width = width
            self.theme = theme
            self.check = check
            self.screenshots = screenshots
            self.format = format
            self.configPath = configPath
            self.strict = strict
            self.colour = colour
            self.environment = environment
        }
    }

    public static let widthRange = 240...1_024
    public static let screenshotsFolderName = "png"

    /// The site for `options` without writing it: catalogs loaded, columns chosen, every screen rendered.
    public static func site(_ options: Options) throws(GalleryError) -> (site: GallerySite, catalog: Catalog, base: String, configuration: LintConfiguration) {
        guard widthRange.contains(options.width) else {
            throw .usage("--width must be between \(widthRange.lowerBound) and \(widthRange.upperBound) points, not \(options.width)")
        }
        let paths = options.paths.isEmpty ? [L10nCommands.defaultPath] : options.paths
        let configuration: LintConfiguration
        let catalog: Catalog
        let base: String
        do {
            configuration = try L10nCommands.loadConfiguration(explicit: options.configPath, paths: paths).0
            catalog = try Catalog.load(paths: paths)
            base = try Linter(configuration: configuration).baseLocale(of: catalog)
        } catch {
            throw .usage("\(error)")
        }
        if let problem = catalog.problems.first {
            throw .usage("\(problem); fix it before building the gallery (`l10n lint` lists every problem)")
        }
        guard !catalog.locales.isEmpty else {
            throw .usage("\(paths.joined(separator: ", ")): no catalog files found; pass a folder of <locale>.lproj folders")
        }
        var columns: [GalleryLocale] = []
        if options.locales.isEmpty {
            columns = ([base] + catalog.locales.filter { $0 != base }).map { GalleryLocale(id: $0) }
        }
        for name in options.locales {
            if let pseudo = PseudoLocale.standard.first(where: { $0.name == name }) ?? PseudoStyle(rawValue: name).map(PseudoLocale.named(for:)) {
                columns.append(GalleryLocale(id: pseudo.name, pseudo: pseudo))
            } else if catalog.locales.contains(name) {
                columns.append(GalleryLocale(id: name))
            } else {
                let known = catalog.locales + PseudoLocale.standard.map(\.name)
                throw .usage("no locale `\(name)` in \(paths.joined(separator: ", ")); choose from \(known.joined(separator: ", "))")
            }
        }
        let pseudo = options.pseudo.map { $0.map(PseudoLocale.named(for:)) } ?? (options.locales.isEmpty ? PseudoLocale.standard : [])
        for locale in pseudo where !columns.contains(where: { $0.id == locale.name }) {
            columns.append(GalleryLocale(id: locale.name, pseudo: locale))
        }
        let site = GallerySite(catalog: catalog, baseLocale: base, locales: columns, layout: PhoneLayout(width: options.width), theme: options.theme)
        return (site, catalog, base, configuration)
    }

    public static func run(_ options: Options) -> CommandOutcome {
        let started = ContinuousClock.now
        let built: (site: GallerySite, catalog: Catalog, base: String, configuration: LintConfiguration)
        var chromium: String?
        do {
            if options.check {
                chromium = HeadlessChromium.locate(environment: options.environment)
                guard chromium != nil else {
                    throw GalleryError.browser("--check needs Chromium, which was not found; \(HeadlessChromium.installHint)")
                }
            }
            built = try site(options)
            try built.site.write(to: options.out)
        } catch {
            return CommandOutcome(standardError: "l10n: \(error)\n", exitCode: CommandOutcome.usageOrIO)
        }
        let site = built.site
        let renderTime = ContinuousClock.now - started
        let output = "wrote \(site.previews.count + site.locales.count + 1) pages to \(options.out): \(site.previews.count) previews × "
            + "\(site.locales.count) locales (\(site.locales.map(\.id).joined(separator: " "))) in \(milliseconds(renderTime)) ms; "
            + "open \((options.out as NSString).appendingPathComponent(GallerySite.indexName))\n"
        guard options.check, let chromium else { return CommandOutcome(standardOutput: output, exitCode: CommandOutcome.success) }

        let measurement: BrowserMeasurement
        let checkStarted = ContinuousClock.now
        let shots = options.screenshots ? (options.out as NSString).appendingPathComponent(screenshotsFolderName) : nil
        do {
            measurement = try OverflowCheck.measure(folder: options.out, chromium: chromium, screenshotsFolder: shots)
        } catch {
            return CommandOutcome(standardOutput: output, standardError: "l10n: \(error)\n", exitCode: CommandOutcome.usageOrIO)
        }
        let pseudo = Set(site.locales.compactMap { $0.pseudo?.name })
        let findings = OverflowCheck.findings(measurement.overflows, catalog: built.catalog, baseLocale: built.base, pseudoLocales: pseudo,
                                              configuration: built.configuration)
        let texts = site.screens.reduce(0) { $0 + $1.copies.count }
        let result = LintResult(findings: findings, files: built.catalog.files.count, entries: texts)
        let report = Reporter.render(result, format: options.format, colour: options.colour)
        let summary = "checked \(site.screens.count) screens in Chromium in \(milliseconds(ContinuousClock.now - checkStarted)) ms"
            + (shots.map { "; wrote \(measurement.screenshots.count) PNGs to \($0)" } ?? "") + "\n"
        let failed = result.errors > 0 || (options.strict && result.warnings > 0)
        // Machine-readable formats own stdout; the summary goes to stderr there.
        let machine = options.format == .json || options.format == .sarif
        return CommandOutcome(standardOutput: machine ? report : output + report + summary,
                              standardError: machine ? output + summary : "",
                              exitCode: failed ? CommandOutcome.findings : CommandOutcome.success)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
