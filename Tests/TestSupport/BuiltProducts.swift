public import Foundation

/// Finds an executable product of this package (`l10n`, `store-torture`, `offline-server`) that
/// the build put beside the test bundle, so tests can run the real binary as a subprocess.
public enum BuiltProduct {
    /// `variables` for a child run with an environment of its own, plus where the test run keeps coverage counters
    /// (`LLVM_PROFILE_FILE`, scripts/test): without it an instrumented child writes `default.profraw` into its folder.
    public static func childEnvironment(_ variables: [String: String]) -> [String: String] {
        var environment = variables
        if environment["LLVM_PROFILE_FILE"] == nil, let profiles = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] {
            environment["LLVM_PROFILE_FILE"] = profiles
        }
        return environment
    }

    /// The first executable called one of `names`, or nil when the build made none (the caller
    /// then skips with a printed reason). An `environmentOverride` variable, when set, wins.
    public static func url(named names: String..., environmentOverride: String? = nil) -> URL? {
        if let variable = environmentOverride, let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        for folder in searchFolders {
            for name in names {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// The test runner's folder and up to three parents (SwiftPM writes every product of a build
    /// into one folder; the test bundle may sit inside it), then `<package>/.build/{debug,release}`.
    static var searchFolders: [URL] {
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL { starts.append(executable.deletingLastPathComponent()) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: running).deletingLastPathComponent())
        }
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        var folders: [URL] = []
        for start in starts {
            var folder = start
            for _ in 0..<4 {
                if !folders.contains(folder) { folders.append(folder) }
                folder.deleteLastPathComponent()
            }
        }
        // <package>/Tests/TestSupport/<this file> → <package>/.build/{debug,release}
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders += ["debug", "release"].map { package.appendingPathComponent(".build/\($0)") }
        return folders
    }
}

/// Whether a test whose tool may be missing here (a built binary, Chromium, tmux) runs. Elsewhere a missing tool skips
/// it with its reason (`.enabled(if: Requirement.met(…), "reason")`); CI sets `OFFLINEKIT_REQUIRE_ALL_TESTS=1`
/// (.ci/run), so there the test runs anyway and fails on its `#require` of the tool: nothing CI counts is skipped.
public enum Requirement {
    public static let everyTestRequired = ProcessInfo.processInfo.environment["OFFLINEKIT_REQUIRE_ALL_TESTS"] == "1"

    public static func met(_ available: Bool) -> Bool { available || everyTestRequired }
}

/// Runs a command (found on PATH) in `folder` to its end, its standard output and error into a log file rather than a
/// pipe (a long build fills a pipe's buffer and would block): its status and everything it printed.
public func runToCompletion(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
}

/// Runs blocking work (a child process, a long synchronous call) on a thread of its own and awaits it, so it holds none
/// of the cooperative pool's threads: there are as many of those as cores (2 here), and a test that blocks one for the
/// half minute `swift package dump-package` takes under load stalls every async test of the run, whose deadlines then
/// pass without their code having run (seen: OutboxGroupCommitTests waiting 30 s at a gate it had not reached).
public func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
