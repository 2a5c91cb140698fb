public import ArgumentParser
import Foundation
public import Gallery
import L10nCommandLine
import StringsKit

extension Theme: ExpressibleByArgument {}

struct GalleryCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write every preview in every locale as a static web site; with --check, measure text overflow in headless Chromium.",
        discussion: """
        The previews are the ones `l10n repl` draws (`previews` lists them),
        as HTML and CSS in a proportional font at --width points:
          index.html          a matrix: rows previews, columns locales
          preview-ID.html     one preview in every locale side by side
          locale-ID.html      every preview in one locale
        Hover a text for its table and key; a red outline is text that does
        not fit its box; greyed buttons show on hover what tapping says. The
        pages need no network and open from the file system.

        Columns: every catalog locale (base first) and the pseudo-locales
        en-XA, ar-XB and double, unless --locale names some (catalog locales
        or pseudo-locale names) or --pseudo names styles.

        --check needs Chromium (apt-get install chromium, or set CHROMIUM).
        It loads index.html headless, measures every text against its box
        (one-line buttons, badges and labels; banner, toast and title line
        limits) and reports each overflow as a text-overflow finding
        (preview, locale, key, measured vs allowed width) in the --format of
        `l10n lint`: an error in a real locale, a warning in a pseudo-locale.
        It also writes OUT/png/LOCALE/PREVIEW.png for every screen
        (--no-screenshots skips them).

        Exit codes:
          0  written (--check: no overflow errors; warnings pass unless --strict)
          1  text-overflow errors found
          2  usage or I/O error, or --check without Chromium
        """
    )

    @Argument(help: "Folders of <locale>.lproj folders, or catalog files. Default: Localization.")
    var paths: [String] = []

    @Option(name: .long, help: "The folder to write the site into (created if needed).")
    var out: String

    @Option(name: .long, help: "A column: a catalog locale or a pseudo-locale (en-XA, ar-XB, double); repeat for several. Default: all.")
    var locale: [String] = []

    @Option(name: .long, help: "A pseudo-locale style to add as a column: accented, double, rtl, bounded; repeat for several.")
    var pseudo: [PseudoStyle] = []

    @Option(name: .long, help: "The phone's width in points (\(GalleryCommand.widthRange.lowerBound)–\(GalleryCommand.widthRange.upperBound)).")
    var width = 320

    @Option(name: .long, help: "light or dark.")
    var theme: Theme = .light

    @Flag(name: .long, help: "Load the site in headless Chromium and report text that overflows its box.")
    var check = false

    @Flag(name: .customLong("no-screenshots"), help: "With --check: do not write a PNG per preview per locale.")
    var noScreenshots = false

    @Option(name: .long, help: "Findings as text (default), xcode, json or sarif.")
    var format: ReportFormat = .text

    @Option(name: .long, help: "The l10n.json to use instead of the one beside the catalogs.")
    var config: String?

    @Flag(name: .long, help: "Treat warnings (pseudo-locale overflow) as errors.")
    var strict = false

    func run() throws {
        let options = GalleryCommand.Options(paths: paths, out: out, locales: locale, pseudo: pseudo.isEmpty ? nil : pseudo, width: width,
                                             theme: theme, check: check, screenshots: !noScreenshots, format: format, configPath: config,
                                             strict: strict, colour: format == .text && Reporter.shouldColour())
        try finish(GalleryCommand.run(options))
    }
}
