import ArgumentParser
import Foundation
import L10nREPL
import L10nREPLApp
import Logging

/// `l10n-repl`, which `l10n repl` runs: the REPL and the app, in their own program so that `l10n` stays lean.
@main
struct Repl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l10n repl",
        abstract: "Preview every piece of UI copy in every locale, at a phone's width.",
        discussion: """
        With no options it opens the bundled catalogs in English. On a terminal it is interactive
        (line editing, history kept in ~/.local/share/offlinekit, Tab completion, colour); when
        stdin is not a terminal, or with --script FILE, it runs one command a line with no prompt
        and no colour, printing only results on stdout and errors on stderr.
        Type `help` inside for the commands (locales, locale, tables, keys, show, compare, format,
        plural, previews, preview, width, theme, lint, reload, app, quit); `help app` lists the
        app commands, which run the four features together against a backend in process.

        Exit codes: 0 success; 1 in script mode, some command failed; 2 the catalogs or the script
        could not be read.
        """
    )

    @Option(help: "Locale to start in, e.g. nb-NO, or a pseudo-locale: en-XA, ar-XB, double.")
    var locale = "en"

    @Option(help: "Phone width in columns for previews (20–200).")
    var width = 40

    @Option(help: "Preview styling: light or dark.")
    var theme: Theme = .light

    @Option(help: "A folder of <locale>.lproj folders to use instead of the bundled catalogs.")
    var catalogs: String?

    @Option(name: .customLong("data-dir"), help: "Folder for the app's encrypted store (`app start`); two runs given the same folder share it.")
    var dataDirectory: String?

    @Option(help: "Run the commands in FILE (script mode) instead of reading a terminal.")
    var script: String?

    @Option(name: .customLong("command-timeout"),
            help: "Seconds a command may run before the prompt comes back, saying what it waits for (it goes on behind).")
    var commandTimeout = 15.0

    /// As every `l10n` command: a usage mistake exits 2 (ArgumentParser's own code is 64).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if let repl = command as? Repl { try await repl.run() } else { try command.run() }  // else: --help
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }

    func validate() throws {
        guard (20...200).contains(width) else { throw ValidationError("--width must be between 20 and 200 columns") }
        guard commandTimeout > 0 else { throw ValidationError("--command-timeout must be more than 0 seconds") }
    }

    func run() async throws {
        // The app's modules log through swift-log; in the REPL only warnings and errors reach stderr
        // (OFFLINEKIT_LOG_LEVEL=info or debug shows more).
        let level = ProcessInfo.processInfo.environment["OFFLINEKIT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let options = REPLSession.Options(locale: locale, width: width, theme: theme, catalogsPath: catalogs, dataDirectory: dataDirectory,
                                            commandTimeout: .milliseconds(Int64(commandTimeout * 1_000)))
        let status = await REPLRunner.run(options: options, scriptPath: script, groups: [AppCommands()])
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
