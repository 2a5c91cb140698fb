public import ArgumentParser
import Core
import LocalizationKit
import Foundation
import Logging
import StringsKit
import L10nCommandLine
import CMallocTuning

@main
struct L10n: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l10n",
        abstract: "OfflineKit's localization tools: lint catalogs, check Swift code against them, read a .strings file as Apple does, XLIFF export/import, pseudo-locales, locale formatting, a browser gallery of every preview.",
        discussion: """
        Exit codes (every subcommand):
          0  success (lint: no errors; warnings pass unless --strict)
          1  errors found: lint findings, a file that does not parse,
             a value that cannot be formatted
          2  usage or I/O error: unknown option, missing path,
             unreadable file, bad l10n.json
        """,
        version: L10nVersion.current,
        subcommands: [Lint.self, Usage.self, Parse.self, Export.self, Import.self, Migrate.self, Pseudo.self, Format.self, GalleryHandover.self, Repl.self]
    )

    /// ArgumentParser's exit codes, mapped to the ones README documents: 2 for usage, 1 for failures.
    static func main() {
        LaunchTrace.mark("l10n started")
        // glibc makes a thread's heap writable only as far as each allocation needs, one `mprotect` at a time: parsing a
        // 4.5 MB table on a second core made about 2,000 of them. Heaps that grow 32 MB at a time make a handful (address
        // space only; a page costs memory once written). 2 ms of the 20,000-entry pair's 45 ms (`offline-bench lint`).
        _ = offlinekit_set_heap_growth(32 << 20)
        // A large catalog is then read mapped under a file lease, whose break the kernel signals with SIGIO (which would
        // otherwise end the process): a writer just waits for the parse to finish (`Catalog.mapUnderLease`).
        signal(SIGIO, SIG_IGN)
        // `l10n repl …` hands over before any parsing: every word after `repl` is the REPL's, and its start waits on ours.
        let arguments = CommandLine.arguments
        if arguments.count > 1, arguments[1] == "repl" {
            do { try SiblingProgram.handOver(to: SiblingProgram.repl, arguments: Array(arguments.dropFirst(2))) } catch { exit(withError: error) }
        }
        // Past the hand-over (the REPL is a process of its own), the heaps fault in 2 MiB pages where the kernel's
        // transparent huge pages are "madvise" (the Debian and Ubuntu default): the 20,000-entry pair's page faults went
        // from 7,258 to 1,359 and its median run from 56.2 to 51.5 ms, for 1.6–2.7 MB more peak memory; a one-entry lint
        // pays nothing measurable (`Tools/StringsKit/README.md`). L10N_HUGE_PAGES=off leaves them out.
        if getenv("L10N_HUGE_PAGES").map({ String(cString: $0) }) != "off" { _ = offlinekit_advise_huge_heaps() }
        // A plain `l10n lint …` is read without ArgumentParser (`LintArguments.quick`): 2.3–2.7 ms of every lint.
        // L10N_ARGUMENTS=full turns that off, should a reading ever be in doubt.
        if arguments.count > 1, arguments[1] == "lint", getenv("L10N_ARGUMENTS").map({ String(cString: $0) }) != "full",
           let quick = LintArguments.quick(Array(arguments.dropFirst(2))) {
            bootstrapL10nLogging()
            let outcome = L10nCommands.lint(Lint.options(quick))
            write(outcome)
            Foundation.exit(outcome.exitCode)
        }
        runAsL10nProgram()
    }
}

struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format a value the way ICU 72 does in one or more locales.",
        discussion: """
        Examples:
          l10n format currency 1234.5 NOK --locale nb
          l10n format date 2026-11-22T14:05:00Z
          l10n format relative -3 day
          l10n format plural 3 --locale pl
          l10n format                       (a tour of every kind in the seven product locales)
          l10n format Shop.xcstrings        (rewrite a String Catalog in Xcode's own layout and key order)
        """
    )

    @Argument(help: "What to format: \(ValueKind.allCases.map(\.rawValue).joined(separator: ", ")), or a .xcstrings file. Omit for a tour.")
    var what: String?

    @Argument(help: "The value(s): a number; an amount and an ISO 4217 code; an ISO 8601 date; an offset and a unit (year…second).")
    var values: [String] = []

    @Option(name: .long, help: "Locale identifier(s), e.g. nb-NO; repeat for several. Default: en nb es de ar ja pl.")
    var locale: [String] = []

    static let productLocales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

    mutating func run() throws {
        if let what, what.hasSuffix(".xcstrings") {
            try finish(L10nCommands.formatCatalog(file: what))
            return
        }
        let kind = try what.map { name throws(ValidationError) -> ValueKind in
            guard let kind = ValueKind(rawValue: name) else {
                throw ValidationError("unknown kind \"\(name)\"; use \(ValueKind.allCases.map(\.rawValue).joined(separator: ", ")), or a .xcstrings file")
            }
            return kind
        }
        let locales = locale.isEmpty ? Self.productLocales : locale
        guard let kind else {
            try tour(locales)
            return
        }
        for identifier in locales {
            let text = try format(kind, values, in: identifier)
            print("\(identifier.padding(toLength: 6, withPad: " ", startingAt: 0)) \(text)")
        }
    }

    private func tour(_ locales: [String]) throws {
        let rows: [(String, ValueKind, [String])] = [
            ("number", .number, ["1234567.891"]),
            ("percent", .percent, ["0.256"]),
            ("currency", .currency, ["1234.5", "NOK"]),
            ("date", .date, ["2026-11-22T14:05:00Z"]),
            ("relative", .relative, ["-3", "day"]),
            ("plural of 3", .plural, ["3"]),
        ]
        for identifier in locales {
            print("[\(identifier)]")
            for (label, kind, values) in rows {
                print("  \(label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(try format(kind, values, in: identifier))")
            }
        }
    }

    /// The REPL's `format` and this command share one implementation.
    private func format(_ kind: ValueKind, _ values: [String], in locale: String) throws -> String {
        do {
            return try ValueFormatting.format(kind, values, with: LocaleFormatting(locale: locale))
        } catch {
            if error.isUsage { throw ValidationError(error.message) }
            throw error
        }
    }
}

extension ValueKind: ExpressibleByArgument {}
