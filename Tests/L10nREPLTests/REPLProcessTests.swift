import Foundation
import TestSupport
import Testing

/// The built `l10n` next to this test bundle, or nil when it is not built.
func builtL10n() -> URL? {
    BuiltProduct.url(named: "l10n")
}

struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

func runL10n(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> ProcessResult? {
    guard let binary = builtL10n() else { return nil }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
}

/// Script mode as a real process: stdin that is not a terminal, or --script FILE.
@Suite("l10n repl in script mode")
struct REPLProcessTests {
    @Test func scriptFromStdinPrintsOnlyResultsWithoutPromptOrColour() throws {
        let result = try #require(try runL10n(["repl"], stdin: "locale nb\nshow Core.offline.indicator.title\n"), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(result.status == 0)
        #expect(result.stdout == "locale: nb (strings from nb → en)\nFrakoblet modus\n")
        #expect(!result.stdout.contains("\u{1B}["))
        #expect(!result.stdout.contains("l10n ["))
    }

    /// `l10n repl --script s.repl | head -1`: the reader goes away after a line; the REPL ends quietly (it trapped on the
    /// broken pipe, with a backtrace, before).
    @Test func aReaderThatGoesAwayEndsTheREPLQuietly() throws {
        let binary = try #require(builtL10n(), "the l10n binary is built before the tests (swift build --product l10n)")
        let process = Process()
        // With SIGPIPE ignored (as a shell pipeline or a parent may leave it), the write fails with EPIPE instead of the
        // signal ending the process: that is the case that trapped.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' PIPE; exec \"$0\" repl", binary.path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Enough output to outlast the pipe's buffer once nobody reads it.
        try output.fileHandleForReading.close()
        input.fileHandleForWriting.write(Data(String(repeating: "keys\n", count: 200).utf8))
        try input.fileHandleForWriting.close()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: err, as: UTF8.self)
        #expect(!stderr.contains("Fatal error") && !stderr.contains("crashed"), "\(stderr.prefix(500))")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0,
                "ended with \(process.terminationReason == .exit ? "status" : "signal") \(process.terminationStatus)")
    }

    @Test func aFailedCommandMakesTheExitStatusOneButTheScriptGoesOn() throws {
        let result = try #require(try runL10n(["repl"], stdin: "shwo x\nshow Core.action.retry\n"), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(result.status == 1)
        #expect(result.stdout == "Retry\n")
        #expect(result.stderr == "error: unknown command `shwo`; did you mean `show`?\n")
    }

    @Test func aCommandStillRunningAfterTheTimeoutSaysWhatItWaitsForAndThePromptComesBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-guard-\(UUID().uuidString)")
        // The app keeps its backend's sessions beside its data folder (`<folder>.backend`).
        defer { for path in [folder.path, folder.path + ".backend"] { try? FileManager.default.removeItem(atPath: path) } }
        // The backend parks the service request: only the guard can give the prompt back before the client's timeout.
        // `app start` runs under the default timeout (a busy machine may take longer than 0.3 s to start the app); the
        // script tightens it after.
        let script = ["timeout", "app start", "timeout 0.3", "app backend hold", "app call raise-service-request user1-p1 Grinder jams", "app status",
                      "app backend release", "show Core.action.retry"].joined(separator: "\n") + "\n"
        let result = try #require(try runL10n(["repl", "--command-timeout", "30", "--data-dir", folder.path], stdin: script), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(result.stderr.contains("error: `app call raise-service-request user1-p1 Grinder jams` is still running after 0.3 s, "
                                       + "waiting for: 1 request(s) held at the backend (`app backend release`)"), "\(result.stderr)")
        #expect(result.stdout.hasPrefix("timeout: 30 s\n"))
        // The next commands ran: the prompt came back.
        #expect(result.stdout.contains("user: user1 · session: signed in · status: online") && result.stdout.hasSuffix("Retry\n"))
        #expect(result.status == 1, "a command that did not finish is reported as failed")
    }

    @Test func scriptFileOptionAndStartOptions() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("show Core.action.retry\n".utf8).write(to: script)
        let result = try #require(try runL10n(["repl", "--locale", "ja", "--width", "30", "--theme", "dark", "--script", script.path]), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(result.status == 0)
        #expect(result.stdout == "再試行\n")
    }

    @Test func unreadableCatalogsOrScriptExitTwoWithAMessage() throws {
        let missing = try #require(try runL10n(["repl", "--catalogs", "/nonexistent/catalogs"]), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/catalogs"))
        let noScript = try runL10n(["repl", "--script", "/nonexistent/script.txt"])
        #expect(noScript?.status == 2)
        #expect(noScript?.stderr.contains("cannot read the script /nonexistent/script.txt") == true)
        let badWidth = try runL10n(["repl", "--width", "5"])
        #expect(badWidth?.status == 2)
    }
}
