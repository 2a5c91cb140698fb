import ArgumentParser
import Foundation
import LocalizationKit
#if canImport(Glibc)
import Glibc
#endif

/// `l10n repl …` runs `l10n-repl …`, the program beside this one: the REPL links the app (network, database,
/// the backend in process), which `l10n lint` should not have to load at every start. Everything after `repl`,
/// `--help` included, goes to it unchanged, and it replaces this process (same pid, terminal and exit code).
struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Preview every piece of UI copy in every locale, at a phone's width; run the app (`app …`).",
        discussion: """
        Runs l10n-repl, built beside l10n (`swift build --product l10n-repl`; scripts/run builds both). Its options:
        --locale, --width, --theme, --catalogs, --data-dir, --script; `l10n repl --help` describes them.
        """
    )

    @Argument(parsing: .captureForPassthrough, help: "Options for the REPL; see `l10n repl --help`.")
    var arguments: [String] = []

    func run() throws {
        try SiblingProgram.handOver(to: SiblingProgram.repl, arguments: arguments)
    }
}

/// The programs `l10n` hands some commands to: they link what l10n must not. `l10n` is the tool of the L10nLint and
/// L10nKeyCheck plugins, so everything it links is built in every consumer that uses them, as a plugin's tool (where
/// SwiftPM runs no build-tool plugin: a feature generating its accessors could not build there). So the REPL (the
/// whole app) and the gallery and XLIFF context notes (every feature's previews) live in programs of their own.
enum SiblingProgram {
    /// The REPL with the app (`l10n repl`).
    static let repl = "l10n-repl"
    /// The previews: `gallery`, and `export` with notes naming the previews that show each text.
    static let gallery = "l10n-gallery"

    /// Replaces this process by `program arguments…`, found beside this executable or on PATH; exit 2 if it is not there.
    static func handOver(to program: String, arguments: [String]) throws -> Never {
        guard let path = locate(program) else {
            FileHandle.standardError.write(Data("""
                error: \(program) was not found beside \(ownPath ?? "l10n") or on PATH; build it with \
                `swift build --product \(program)`\(program == repl ? ", or start the REPL with scripts/run" : "")

                """.utf8))
            throw ExitCode(2)
        }
        try replaceProcess(with: path, arguments: arguments)
    }

    /// `execv`: same pid, terminal and exit code. Returns only by throwing (exit 2), when the program cannot start.
    static func replaceProcess(with path: String, arguments: [String]) throws -> Never {
        let argv = [path] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(path, &cArguments)
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(Data("error: could not start \(path): \(reason)\n".utf8))
        throw ExitCode(2)
    }

    /// This executable's real path (symbolic links resolved), from /proc/self/exe.
    static var ownPath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
    }

    static func locate(_ program: String) -> String? {
        let fileManager = FileManager.default
        if let own = ownPath {
            let beside = (PathText.parent(of: own) as NSString).appendingPathComponent(program)
            if fileManager.isExecutableFile(atPath: beside) { return beside }
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { fileManager.isExecutableFile(atPath: $0) }
    }
}
