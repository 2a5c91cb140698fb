public import ArgumentParser
import Foundation
import Logging
public import StringsKit

// What `l10n` and `l10n-gallery` (the previews' commands, which l10n hands over to) share: one way to start, to map
// exit codes and to print a library command's outcome, the options of `export`, and the option types of StringsKit.

extension ReportFormat: ExpressibleByArgument {}
extension PseudoStyle: ExpressibleByArgument {}

/// Prints a library command's outcome and passes its exit code on.
public func finish(_ outcome: CommandOutcome) throws {
    write(outcome)
    if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
}

/// Prints a library command's outcome: its report on stdout, its notes on stderr.
public func write(_ outcome: CommandOutcome) {
    if !outcome.standardOutput.isEmpty { FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8)) }
    if !outcome.standardError.isEmpty { FileHandle.standardError.write(Data(outcome.standardError.utf8)) }
}

/// Logs (e.g. a pseudo-locale ICU has no data for) go to stderr from warnings up, so that stdout stays the report (JSON,
/// SARIF). Once per process, before any command runs.
public func bootstrapL10nLogging() {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = .warning
        return handler
    }
}

extension ParsableCommand {
    /// Runs the command line as every `l10n` program does: logs (e.g. a pseudo-locale ICU has no data for) go to stderr
    /// so stdout stays the report (JSON, SARIF); a usage mistake exits 2 (ArgumentParser's own code is 64), a failure 1.
    public static func runAsL10nProgram() -> Never {
        bootstrapL10nLogging()
        do {
            var command = try parseSubcommandAlone() ?? parseAsRoot()
            try command.run()
            Foundation.exit(0)
        } catch let exit as ExitCode {
            // Subcommands have already printed what went wrong; only the code is left to pass on.
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((message.isEmpty ? "\(error)" : message).utf8 + [10]))
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}

extension ParsableCommand {
    /// `l10n lint …` parsed by `Lint` alone, as if it were the program. ArgumentParser's full parse builds every
    /// subcommand's arguments by reflection first: about 1 ms of the 12–13 ms that a lint of a one-entry file takes
    /// (median of 150 interleaved runs each, 13.3 → 12.3 ms). Only a parse that succeeds is used: anything else
    /// (`--help`, `--version`, a mistake) returns nil and the full parse runs, so messages, help and exit codes are
    /// exactly the program's. `validate()` may run twice then; ours only throw.
    static func parseSubcommandAlone() -> (any ParsableCommand)? {
        let arguments = CommandLine.arguments
        guard arguments.count > 1, !arguments[1].hasPrefix("-"),
              let subcommand = configuration.subcommands.first(where: { $0._commandName == arguments[1] })
        else { return nil }
        return try? subcommand.parseAsRoot(Array(arguments.dropFirst(2)))
    }
}

/// `l10n export`'s options: `l10n` parses them for `--help` and for its own export without the previews' notes, and
/// `l10n-gallery export` for the export with them.
public struct ExportOptions: ParsableArguments {
    @Option(name: .long, help: "The folder to write the .xliff files into (created if needed).")
    public var xliff: String

    @Argument(help: "Folders of <locale>.lproj folders, or catalog files. Default: Localization.")
    public var paths: [String] = []

    @Option(name: .long, help: "The l10n.json to use (for the base locale and the internal identifiers).")
    public var config: String?

    @Option(name: .long, help: "The PNG folder of `l10n gallery --check` (OUT/png): context notes name each preview's screenshot.")
    public var screenshots: String?

    public init() {}
}
