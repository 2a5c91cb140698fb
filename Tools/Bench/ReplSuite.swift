import Core
import Foundation
import L10nREPL

/// `l10n repl` on the bundled catalogs: start-up of the whole process, and every command's time.
struct ReplSuite: BenchSuite {
    let name = "repl"
    let summary = "l10n repl start-up (whole process) and the time of every command, on the bundled catalogs"

    func run(_ report: BenchReport) async throws {
        try startUp(report)
        try await commands(report)
    }

    /// Process start to exit of `l10n repl` given one `quit`: catalogs loaded, session ready, torn down.
    /// An upper bound of start-up to the first prompt (the interactive prompt needs a terminal).
    private func startUp(_ report: BenchReport) throws {
        let l10n = URL(fileURLWithPath: try l10nExecutable())
        var timings: [Double] = []
        for _ in 0..<10 {
            let process = Process()
            process.executableURL = l10n
            process.arguments = ["repl"]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let (_, elapsed) = try Stopwatch.measure {
                try process.run()
                input.fileHandleForWriting.write(Data("quit\n".utf8))
                try input.fileHandleForWriting.close()
                process.waitUntilExit()
            }
            guard process.terminationStatus == 0 else { throw BenchFailure("l10n repl exited \(process.terminationStatus)") }
            timings.append(elapsed.milliseconds)
        }
        timings.sort()
        report.emit("startup_ms_median", timings[timings.count / 2], unit: "ms", goal: "< 150 ms", pass: timings[timings.count / 2] < 150,
                    note: "whole process, script mode, 10 runs; an upper bound of start-up to the first prompt")
        report.emit("startup_ms_max", timings.last ?? 0, unit: "ms")
    }

    /// Each command run many times in one session; the slowest command's mean must stay under 5 ms.
    private func commands(_ report: BenchReport) async throws {
        let session = try REPLSession(options: .init(locale: "nb", width: 40))
        let lines = [
            "locales", "locale pl", "locale nb", "tables", "keys Core", "keys *.title",
            "show Core.offline.indicator.title", "show Core.freshness.lastUpdated 2026-11-22",
            "compare WarmupToast.toast.title", "format currency 1234.5 NOK", "format date 2026-11-22",
            "format relative -3 day", "plural OfflineProducts.products.count 5", "previews",
            "preview core.empty-offline", "preview core.pending-row", "help", "locale en-XA", "locale nb",
        ]
        var slowest = ("", 0.0)
        for line in lines {
            _ = await session.execute(line)  // warm: first use opens ICU formatters
            let repetitions = 200
            let (_, elapsed) = await Stopwatch.measure {
                for _ in 0..<repetitions { _ = await session.execute(line) }
            }
            let mean = elapsed.milliseconds / Double(repetitions)
            let command = line.split(separator: " ").prefix(2).joined(separator: " ")
            report.emit("command_ms.\(command)", mean, unit: "ms", goal: "< 5 ms", pass: mean < 5)
            if mean > slowest.1 { slowest = (line, mean) }
        }
        // lint and reload read every catalog from disk; they are measured too, on their own.
        for line in ["lint", "reload"] {
            let (_, elapsed) = await Stopwatch.measure { for _ in 0..<5 { _ = await session.execute(line) } }
            report.emit("command_ms.\(line)", elapsed.milliseconds / 5, unit: "ms", goal: "< 5 ms", pass: elapsed.milliseconds / 5 < 5,
                        note: "reads and parses all 56 catalog files")
        }
        report.emit("slowest_command_ms", slowest.1, unit: "ms", goal: "< 5 ms", pass: slowest.1 < 5, note: slowest.0)
    }
}
