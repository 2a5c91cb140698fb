public import ArgumentParser
import Foundation
import L10nCommandLine
public import StringsKit
import UsageScan

extension Rule: ExpressibleByArgument {}

/// The rules between Swift code and catalogs, for `l10n usage` and `l10n lint --sources`.
let usageRulesHelp = """
    Keys are read from Swift sources with swift-syntax (parsed, not compiled):
    NSLocalizedString, String(localized:), LocalizedStringResource,
    AttributedString(localized:), Bundle.localizedString(forKey:…), and in files
    that import SwiftUI the LocalizedStringKey titles of Text, Button, Label,
    Toggle, .navigationTitle, .alert… (interpolations become keys as Xcode
    derives them: "\\(count) items" → "%lld items"; Text(verbatim:) is no key);
    plus the wrappers and generated enums configured under "usage" in l10n.json.

    Rules: key-not-in-catalog (error), unused-key (warning), argument-mismatch
    (error), wrong-table (error). Keys built at run time are counted (--verbose
    lists them); "usage.dynamicKeyPrefixes" marks the families they use.
    """

struct Usage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage",
        abstract: "Check Swift code against the catalogs: keys used but missing, keys never used, arguments that don't match.",
        discussion: """
        CATALOGS is a folder of <locale>.lproj folders. Without it, the
        catalogs are the .lproj folders and .xcstrings files found at any
        depth under the --sources folders (so --sources App Localization
        works, and so does an app folder with its .lproj folders beside its
        code), else Localization. The base locale's tables are compared with
        every key reference under the --sources folders. --sources takes
        every path up to the next option; a .xcstrings or .strings file
        among them is a catalog. Prints the findings,
        then per table: keys, used, covered by a dynamic prefix, unused,
        references, and references whose key is missing.

        \(usageRulesHelp)

        Examples:
          l10n usage --sources Sources Localization
          l10n usage --sources App --format xcode --verbose
          l10n lint Localization --sources App --fix
            (deletes unused keys from every locale, keeping each file's layout)
          l10n usage --undo
            (puts back what the last --fix run in this folder changed)

        --fix deletes only keys the scan can vouch for: a table no scanned code
        reads, or whose keys mostly look unused, is reported once
        (unverifiable-table) and left alone, since the code most likely reads
        it through something the scan does not see (a generator, a wrapper, a
        bundle outside --sources); --fix --force deletes those too. The rest of
        the app's code (the folder of its Xcode project or Package.swift) is
        scanned before anything goes, and a key it reads is kept. Every key
        deleted is listed, and each file's original is kept in .l10n-undo/
        for --undo.

        With no configuration, wrappers are inferred by following data: a
        function whose String parameter reaches NSLocalizedString,
        Bundle.localizedString(forKey:) or String(localized:) (and any function
        passing its parameter on to one, transitively; "Cancel".localized for a
        String member), and SwiftGen-style generated files map each accessor
        (L10n.Scene.title) to its key. --print-config prints what was inferred
        as l10n.json.

        Exit codes: 0 no errors (warnings pass unless --strict), 1 errors found,
        2 usage or I/O error (missing folder, no Swift files, bad l10n.json).
        """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Folders (or .swift files) to scan for key references.")
    var sources: [String] = []

    @Argument(help: "Folders of <locale>.lproj folders, or catalog files. Default: Localization.")
    var catalogs: [String] = []

    @Option(name: .long, help: "Output: text (default), xcode, json or sarif; the table of counts goes to stderr unless text.")
    var format: ReportFormat = .text

    @Option(name: .long, help: "The l10n.json to use instead of the one beside the catalogs.")
    var config: String?

    @Flag(name: .long, help: "Treat warnings (unused-key) as errors.")
    var strict = false

    @Flag(name: .long, help: "List every dynamic key (a key computed at run time) on stderr.")
    var verbose = false

    @Flag(name: .long, help: "Delete unused keys from every locale's .strings, .stringsdict and .xcstrings files, keeping each file's layout (originals kept for --undo).")
    var fix = false

    @Flag(name: .long, help: "With --fix: delete the keys that look unused in tables the scan cannot vouch for too; with --undo: restore files edited since the fix.")
    var force = false

    @Flag(name: .long, help: "Put back the files the newest --fix run in this folder changed (from .l10n-undo/).")
    var undo = false

    @Flag(name: .long, help: "Print what was inferred (wrappers, key-as-text tables, own placeholders) as an l10n.json to review and keep.")
    var printConfig = false

    @Option(name: .long, help: "Report only this rule (repeatable), e.g. --rule key-not-in-catalog.")
    var rule: [Rule] = []

    @Option(name: .long, help: "Write this (empty) file when the run exits 0: how the build-tool plugin tells SwiftPM the check passed.")
    var stamp: String?

    func validate() throws {
        if undo, fix { throw ValidationError("--undo and --fix cannot be combined: --undo puts back what the last --fix changed") }
        if force, !(fix || undo) { throw ValidationError("--force goes with --fix (delete unverifiable tables' keys too) or --undo (restore edited files)") }
    }

    func run() throws {
        if undo { return try finish(UsageCommands.undo(force: force)) }
        let colour = format == .text && Reporter.shouldColour()
        var options = UsageCommands.Options(sources: sources, catalogPaths: catalogs, format: format, configPath: config,
                                                             strict: strict, verbose: verbose, fix: fix, force: force, colour: colour,
                                                             rules: rule.isEmpty ? nil : Set(rule), stampPath: stamp)
        options.printConfiguration = printConfig
        try finish(UsageCommands.usage(options))
    }
}
