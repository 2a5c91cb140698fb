import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `l10n repl …` runs `l10n-repl …`, the program beside this one: the REPL links the app (network, database,
/// the backend in process), which `l10n lint` should not have to load at every start. Everything after `repl`,
/// `--help` included, goes to it unchanged, and it replaces this process (same pid, terminal and exit code).
struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview every piece of UI copy in every locale, at a phone's width; run the app (`app …`).",
        discussion: """
        Runs l10n-repl, built beside l10n (`swift build --product l10n` builds both). Its options:
        --locale, --width, --theme, --catalogs, --data-dir, --script; `l10n repl --help` describes them.
        """
    )

    /// The name of the REPL's program, looked up beside this executable and then on PATH.
    static let programName = "l10n-repl"

    @Argument(parsing: .captureForPassthrough, help: "Options for the REPL; see `l10n repl --help`.")
    var arguments: [String] = []

    func run() throws {
        guard let program = Self.locateProgram() else {
            FileHandle.standardError.write(Data("""
                error: \(Self.programName) was not found beside \(Self.ownPath ?? "l10n") or on PATH; build it with \
                `swift build --product l10n` (or `swift build --product \(Self.programName)`), or start the REPL with scripts/run

                """.utf8))
            throw ExitCode(2)
        }
        let argv = [program] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(program, &cArguments)
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(Data("error: could not start \(program): \(reason)\n".utf8))
        throw ExitCode(2)
    }

    /// This executable's real path (symbolic links resolved), from /proc/self/exe.
    static var ownPath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
    }

    static func locateProgram() -> String? {
        let fileManager = FileManager.default
        if let own = ownPath {
            let beside = ((own as NSString).deletingLastPathComponent as NSString).appendingPathComponent(programName)
            if fileManager.isExecutableFile(atPath: beside) { return beside }
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(programName)" }.first { fileManager.isExecutableFile(atPath: $0) }
    }
}
