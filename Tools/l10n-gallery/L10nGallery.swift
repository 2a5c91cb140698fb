public import ArgumentParser
import Foundation
public import Gallery
import L10nCommandLine
public import StringsKit

/// `l10n-gallery`, which `l10n gallery` and `l10n export` run: the commands that draw every feature's previews. They
/// are a program of their own because `l10n`, the plugins' tool, links no feature (Tools/l10n/Repl.swift says why).
@main
struct L10nGallery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l10n",
        abstract: "The previews' commands of l10n: `l10n gallery` and `l10n export` run this program.",
        subcommands: [GalleryCommandLine.self, ExportWithContext.self]
    )

    /// As `l10n`: usage mistakes exit 2, failures 1, and logs go to stderr so stdout stays the report.
    static func main() { runAsL10nProgram() }
}

/// `l10n export` with a context note per preview that shows each text (`l10n export --help` documents the options).
struct ExportWithContext: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write XLIFF 1.2 for translators, with notes naming the previews that show each text (run by `l10n export`)."
    )

    @OptionGroup var options: ExportOptions

    func run() throws {
        var context: TranslatorContext?
        var missing: [String] = []
        let outcome = L10nCommands.exportXLIFF(paths: options.paths, to: options.xliff, configPath: options.config) { catalog, base, target in
            let found = context ?? TranslatorContext(catalog: catalog, baseLocale: base, screenshotsFolder: options.screenshots)
            context = found
            missing += found.missingScreenshots(target: target)
            return found.notes(target: target)
        }
        if let first = missing.first {
            FileHandle.standardError.write(Data("""
                l10n: warning: \(missing.count) screenshot(s) named in the notes are missing, e.g. \(first); \
                write them with `l10n gallery --out DIR --check` and pass --screenshots DIR/png

                """.utf8))
        }
        try finish(outcome)
    }
}
