public import ArgumentParser
import Foundation
public import StringsKit
import UsageScan
import L10nCommandLine
import LocalizationKit

extension L10nCommands.ParseFormat: ExpressibleByArgument {}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check catalogs for mistakes: syntax, missing and extra keys, format specifiers, plurals, length budgets…",
        discussion: """
        PATH is a folder of <locale>.lproj folders (and .xcstrings files), or
        single .strings, .stringsdict or .xcstrings files. Default: Localization
        when it holds <locale>.lproj folders, else every catalog under the
        current folder. A folder's walk leaves out catalogs inside a Swift
        package but outside its targets' folders (no bundle ships them), and
        says so; pass such a folder itself to lint it.

        First day on an existing project:
          1. See where you stand, one line per locale (worst first) and per rule:
               l10n lint Localization --summary
          2. Record today's findings, and commit the file:
               l10n lint Localization --write-baseline l10n-baseline.json
          3. In CI, fail only on new findings (code scanning shows the rest as
             unchanged), or print them for Xcode (PATH left out: Localization):
               l10n lint --baseline l10n-baseline.json --format sarif > l10n.sarif
               l10n lint --baseline l10n-baseline.json --format xcode
          A baseline finding is rule + table + locale + key + a hash of the value:
          moving lines or reformatting keeps it; fixed entries are counted, and
          --write-baseline again drops them.

        A key missing from a translation is a warning (the app shows the base
        text); list locales that must be complete in "requiredLocales", or set
        "minimumTranslated": {"*": 80, "de": 100} (percent) in l10n.json.
        Base.lproj is the base of the tables it holds (unless the base locale's
        own copy is half as large again: a stale Base table); qqq.lproj is
        translator documentation, never linted as a locale.

        Settings come from --config, or from l10n.json beside the catalogs:
        baseLocale, requiredKeys, requiredLocales, minimumTranslated,
        lengthBudgets, severities (error|warning|info|off per rule),
        allowlists.untranslated, internalIdentifiers. Without one, the base
        locale is en, or the only locale present.

        Rules (id, default severity; see Tools/StringsKit/README.md):
        \(Rule.allCases.map { "  \($0.rawValue)\(String(repeating: " ", count: max(1, 22 - $0.rawValue.count)))\($0.defaultSeverity.rawValue)" }.joined(separator: "\n"))

        Exit codes:
          0  no errors (warnings are allowed unless --strict)
          1  errors found (with --baseline: new ones only; notes never fail)
          2  usage or I/O error (missing path, unreadable file, bad l10n.json)
        Colour only when stdout is a terminal and NO_COLOR is not set.

        With --sources DIR…, Swift code is checked against the catalogs too
        (see l10n usage --help): key-not-in-catalog, unused-key (--fix deletes
        them, keeping the originals for l10n usage --undo), argument-mismatch,
        wrong-table, unverifiable-table (a table whose use the scan cannot see:
        --fix leaves it alone unless --force).
        """
    )

    @Argument(help: "Folders of <locale>.lproj folders, or catalog files. Default: Localization, else every catalog under the current folder.")
    var paths: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Also check the Swift code in these folders against the catalogs.")
    var sources: [String] = []

    @Flag(name: .long, help: "With --sources: delete unused keys from every locale, keeping each file's layout (l10n usage --undo puts them back).")
    var fix = false

    @Flag(name: .long, help: "With --fix: delete the keys that look unused in tables the scan cannot vouch for too (unverifiable-table).")
    var force = false

    @Flag(name: .long, help: "With --sources: list every dynamic key (computed at run time) on stderr.")
    var verbose = false

    @Option(name: .long, help: "Output: text (default), xcode (path:line:col: error: message [rule]), json, or sarif (GitHub code scanning).")
    var format: ReportFormat = .text

    @Option(name: .long, help: "The l10n.json to use instead of the one beside the catalogs.")
    var config: String?

    @Flag(name: .long, help: "Treat warnings as errors (exit 1 when there are any).")
    var strict = false

    @Flag(name: .long, help: "Print only the summary: per locale entries, translated %, missing, identical to the base, errors, warnings (worst first), and per-rule counts.")
    var summary = false

    @Option(name: .long, help: ArgumentHelp("List at most N findings (text, xcode; errors first) and say how many were left out. Default: \(Self.terminalMaxFindings) in text on a terminal, else all.", valueName: "N"))
    var maxFindings: Int?

    @Option(name: .long, help: ArgumentHelp("Report and fail only on findings not in this baseline file, and count its fixed entries.", valueName: "FILE"))
    var baseline: String?

    @Option(name: .long, help: ArgumentHelp("Record every finding of this run in FILE (sorted JSON) and pass.", valueName: "FILE"))
    var writeBaseline: String?

    /// Enough to read on a terminal; the summary says the rest.
    static let terminalMaxFindings = 300

    func validate() throws {
        if let maxFindings, maxFindings < 0 { throw ValidationError("--max-findings must be 0 or more") }
        if baseline != nil, writeBaseline != nil {
            throw ValidationError("pass either --baseline FILE (report new findings) or --write-baseline FILE (record them), not both")
        }
    }

    func run() throws {
        var (sources, paths) = (sources, paths)
        if paths.isEmpty {
            // A source folder holding `.lproj` folders at its top (a widget's) makes the sources the catalogs' folders,
            // all of them, walked: not that folder alone, which left a package's tables deeper in another unread.
            let separated = UsageCommands.separatingCatalogFolders(sources)
            sources = separated.sources
            let files = separated.catalogs.filter { !separated.sources.contains($0) }
            let folders = sources.filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
            paths = separated.catalogs.count > files.count ? files + folders : files
        }
        var options = Self.options(LintArguments(paths: paths, format: format, config: config, strict: strict, summary: summary,
                                                 maxFindings: maxFindings, baseline: baseline, writeBaseline: writeBaseline))
        if !sources.isEmpty { options.sourceCheck = UsageCommands.sourceCheck(sources: sources, fix: fix, force: force, verbose: verbose) }
        if sources.isEmpty, fix || verbose { throw ValidationError("--fix and --verbose need --sources: the folders of Swift code to check") }
        if force, !fix { throw ValidationError("--force goes with --fix: it deletes the keys of tables the scan cannot vouch for too") }
        try finish(L10nCommands.lint(options))
    }

    /// What a lint runs with, whichever reading of the arguments gave them: this command's, or
    /// `LintArguments.quick` (`L10n.main`), which takes no `--sources`.
    static func options(_ arguments: LintArguments) -> L10nCommands.LintOptions {
        let colour = arguments.format == .text && Reporter.shouldColour()
        var options = L10nCommands.LintOptions(paths: arguments.paths, format: arguments.format, configPath: arguments.config,
                                               strict: arguments.strict, colour: colour)
        options.keepsCatalogUntilExit = true
        options.summaryOnly = arguments.summary
        options.maxFindings = arguments.maxFindings ?? (arguments.format == .text && isatty(1) != 0 ? terminalMaxFindings : nil)
        options.baselinePath = arguments.baseline
        options.writeBaselinePath = arguments.writeBaseline
        return options
    }
}

struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Print exactly what Apple reads from a .strings file (a JSON object of the values, keys sorted).",
        discussion: """
        On a syntax error prints FILE:LINE:COL: error: … and exits 1. Exit 2: the file is missing or unreadable.
        """
    )

    @Argument(help: "The .strings file.")
    var file: String

    @Option(name: .long, help: "json (default) or text (\"key\" = \"value\"; lines).")
    var format: L10nCommands.ParseFormat = .json

    func run() throws {
        try finish(L10nCommands.parse(file: file, format: format))
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write XLIFF 1.2 for translators, one <locale>.xliff per target locale, as Xcode does.",
        discussion: """
        Internal identifiers and String Catalog entries with shouldTranslate: false are marked translate="no".
        Each unit gets a <note from="context"> per preview that shows its text ("Shown in preview ID: what it \
        shows"), found by rendering every preview; with --screenshots DIR (the png folder `l10n gallery --check` \
        writes) each note also names the PNG of that preview in the unit's target locale. The previews are drawn by \
        \(SiblingProgram.gallery) (built beside l10n), which this command runs; where it is not installed (the one-file \
        l10n of scripts/build-l10n), the XLIFF is written without those notes, and a warning says so.
        Example: l10n gallery --out build/gallery --check && l10n export --xliff build/xliff --screenshots build/gallery/png
        Exit codes: 0 written, 1 a catalog has errors (run l10n lint), 2 usage or I/O error.
        """
    )

    @OptionGroup var options: ExportOptions

    func run() throws {
        // The previews' context notes need the features, which l10n does not link (the plugins build it): hand over.
        if let program = SiblingProgram.locate(SiblingProgram.gallery) {
            try SiblingProgram.replaceProcess(with: program, arguments: Array(CommandLine.arguments.dropFirst()))
        }
        FileHandle.standardError.write(Data("""
            l10n: warning: \(SiblingProgram.gallery) was not found beside \(SiblingProgram.ownPath ?? "l10n") or on PATH, so the \
            XLIFF has no notes naming the previews that show each text; build it with `swift build --product \(SiblingProgram.gallery)`

            """.utf8))
        try finish(L10nCommands.exportXLIFF(paths: options.paths, to: options.xliff, configPath: options.config))
    }
}

/// `l10n gallery …` runs `l10n-gallery gallery …`: the gallery draws every feature's previews, and l10n links no feature.
struct GalleryHandover: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write every preview in every locale as a static web site; with --check, measure text overflow in headless Chromium.",
        discussion: """
        Runs \(SiblingProgram.gallery), built beside l10n (`swift build --product \(SiblingProgram.gallery)`); \
        `l10n gallery --help` describes its options.
        """
    )

    @Argument(parsing: .captureForPassthrough, help: "Options for the gallery; see `l10n gallery --help`.")
    var arguments: [String] = []

    func run() throws {
        try SiblingProgram.handOver(to: SiblingProgram.gallery, arguments: ["gallery"] + arguments)
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a translated XLIFF 1.2 file into <locale>.lproj catalogs.",
        discussion: """
        Translations are merged into the target locale's existing files; the source locale's file is created from \
        <source> only where it does not exist. An existing .strings file is edited in place: changed values where \
        they stand, new keys after their neighbour; comments, markers such as // Fuzzy, order, encoding and BOM stay, \
        and an unchanged file is not rewritten. A .stringsdict is edited the same way (a changed form's <string> only; \
        a new form beside its siblings), and one that cannot be followed is an error naming it, never rewritten. A \
        String Catalog (.xcstrings) takes plain, plural, device and substitution texts back by Xcode's ids \
        (key|==|plural.one, key|==|device.iphone).
        Exit codes: 0 written, 1 the XLIFF is malformed, 2 usage or I/O error.
        """
    )

    @Argument(help: "The .xliff file.")
    var file: String

    @Option(name: .long, help: "The catalog folder to write into. Default: Localization.")
    var into: String = L10nCommands.defaultPath

    func run() throws {
        try finish(L10nCommands.importXLIFF(file: file, into: into))
    }
}

struct Pseudo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pseudo",
        abstract: "Write a pseudo-localized copy of the base locale, keeping format specifiers and %#@var@ intact.",
        discussion: """
        Styles: accented (Šåvé) → en-XA.lproj, double (SSaavvee) → en-XD.lproj, rtl (right-to-left override) → ar-XB.lproj, \
        bounded ([Šåvé~~]) → en-XL.lproj; written beside LOCALE_DIR unless --output is given.
        Example: l10n pseudo --style accented Localization/en.lproj
        """
    )

    @Option(name: .long, help: "accented, double, rtl or bounded.")
    var style: PseudoStyle

    @Argument(help: "The base locale's folder, e.g. Localization/en.lproj.")
    var localeDir: String

    @Option(name: .long, help: "The folder to write instead of the one named after the style.")
    var output: String?

    func run() throws {
        try finish(L10nCommands.pseudo(style: style, baseFolder: localeDir, output: output))
    }
}

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Turn one table's .strings and .stringsdict files, in every locale, into one String Catalog (.xcstrings).",
        discussion: """
        Keys, values, comments and plural rules move as they are (a rule that is one plural variable becomes plural \
        variations, any other one substitutions), so `l10n lint` finds the same problems in both forms. The old files \
        stay and are named: check the catalog with `l10n lint`, then remove them. With --delete-old they are removed \
        once the new catalog reads back to the same values in every locale; if it does not, nothing is deleted.
        Example: l10n migrate OfflineProducts Localization --delete-old
        Exit codes: 0 written (and, with --delete-old, the old files removed), 1 a catalog file does not parse or the \
        catalog does not read back to the old values (nothing deleted), 2 usage or I/O error (no such table, the output \
        exists).
        """
    )

    @Argument(help: "The table, e.g. Localizable.")
    var table: String

    @Argument(help: "The folder of <locale>.lproj folders. Default: Localization.")
    var path: String?

    @Option(name: .long, help: ArgumentHelp("Where to write the catalog. Default: PATH/TABLE.xcstrings.", valueName: "FILE"))
    var output: String?

    @Option(name: .long, help: "The l10n.json to use (for the base locale).")
    var config: String?

    @Flag(name: .long, help: "Remove the table's old .strings and .stringsdict files once the catalog reads back to their values.")
    var deleteOld = false

    func run() throws {
        try finish(L10nCommands.migrate(table: table, path: path, output: output, configPath: config, deleteOld: deleteOld))
    }
}
