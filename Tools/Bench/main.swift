import Foundation
import Logging

// `offline-bench SUITE…`: runs the named suites, one JSON object a line on stdout.
// With no argument, lists the suites. Benchmarks use the real clock; tests never do.

var arguments = Array(CommandLine.arguments.dropFirst())

// `offline-bench guard --write-baseline FILE`: measure CI's guard and write its baseline (bands kept).
var writeBaseline: String?
if let index = arguments.firstIndex(of: "--write-baseline") {
    guard index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("offline-bench: --write-baseline needs a file\n".utf8))
        exit(2)
    }
    writeBaseline = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}

let suites: [any BenchSuite] = [
    GuardSuite(writeBaseline: writeBaseline),
    FormattingSuite(),
    StateCellSuite(),
    LintSuite(),
    UsageSuite(),
    StoreSuite(),
    ConnectivitySuite(),
    ReplSuite(),
    OutboxSuite(),
    ProductsSuite(),
    WarmupSuite(),
    SummarySuite(),
    CommerceSuite(),
    AppSuite(),
    GallerySuite(),
]

// Stdout is the JSON lines: the app's info logs (a status change) go to stderr, and only warnings and worse.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .warning
    return handler
}

// The connectivity suite's server, in a process of its own (it re-runs this executable).
if arguments == [ReferenceServerProcess.flag] { try await ReferenceServerProcess.serve() }

if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print("usage: offline-bench SUITE…   (build with -c release: swift run -c release offline-bench SUITE)")
    print("       offline-bench guard [--write-baseline FILE]   (CI's quick ratios against Tools/Bench/guard-baseline.json)")
    print("Prints one JSON object a line: {\"suite\",\"metric\",\"value\",\"unit\"} plus peer fields where one is measured.")
    print("suites:")
    for suite in suites {
        print("  \(suite.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(suite.summary)")
    }
    exit(arguments.isEmpty ? 0 : 0)
}

let unknown = arguments.filter { name in !suites.contains { $0.name == name } }
if !unknown.isEmpty {
    let names = suites.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("offline-bench: unknown suite \(unknown.joined(separator: ", ")); known suites: \(names)\n".utf8))
    exit(2)
}

#if DEBUG
// The guard's baseline is the debug build's own (what CI builds); every other figure means something in release only.
if arguments != ["guard"] {
    FileHandle.standardError.write(Data("offline-bench: this is a debug build; figures are only meaningful with -c release\n".utf8))
}
#endif

for name in arguments {
    guard let suite = suites.first(where: { $0.name == name }) else { continue }
    do {
        try await suite.run(BenchReport(suite: suite.name))
    } catch {
        FileHandle.standardError.write(Data("offline-bench: suite \(name) failed: \(error)\n".utf8))
        exit(1)
    }
}
