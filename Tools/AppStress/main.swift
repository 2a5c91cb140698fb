import ArgumentParser
import Core
import Dispatch
import Foundation
import Logging
import ReferenceServer
#if canImport(Glibc)
import Glibc
#endif

/// `app-stress`: N app starts in a row, each in its own `l10n-repl` process, against a backend (in this process) that
/// answers some endpoints with 401 or 503 at once, resets others and delays the rest, with random cancellations
/// (logout, in-app kill, relaunch, a real SIGKILL of the process) mid-warmup, while CPU burners keep the cores busy.
/// A start that prints no screen within `--hang-after` seconds is a hang; a process that does not exit within
/// `--exit-within` seconds of its screen is stuck. Prints progress on stderr and one JSON line of figures on stdout;
/// exits 1 if any start hung or stuck.
@main
struct AppStress: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-stress",
        abstract: "Start the app N times, each in its own process, against a faulty backend; count the starts that hang.")

    @Option(help: "How many app starts.")
    var starts = 1_000

    @Option(help: "CPU-bound processes running beside the starts (default: one per core).")
    var burners = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("hang-after"), help: "Seconds without a screen after which a start counts as a hang.")
    var hangAfter = 10.0

    @Option(name: .customLong("exit-within"), help: "Seconds after its screen within which the process must have exited.")
    var exitWithin = 30.0

    @Option(help: "Seed of the scenario generator (faults, users, cancellations): the same seed, the same run.")
    var seed: UInt64 = 18

    @Option(help: "The l10n-repl binary (default: the one beside this program).")
    var repl: String?

    @Option(name: .customLong("users"), help: "How many distinct users (each with its own data folder, so later starts find a cache).")
    var users = 8

    func validate() throws {
        guard starts > 0 else { throw ValidationError("--starts must be at least 1") }
        guard burners >= 0 else { throw ValidationError("--burners must be 0 or more") }
        guard hangAfter > 0, exitWithin > 0 else { throw ValidationError("--hang-after and --exit-within must be more than 0") }
    }

    func run() async throws {
        let binary = URL(fileURLWithPath: repl ?? Self.sibling("l10n-repl"))
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ValidationError("no l10n-repl at \(binary.path): build it (swift build -c release --product l10n-repl) or pass --repl PATH")
        }
        var logger = Logger(label: "app-stress.backend")
        logger.logLevel = .critical
        let server = ReferenceServer(configuration: ReferenceServerConfiguration(
            seed: SeedConfiguration(provisionUnknownUsers: true), now: { Date() }, logger: logger))
        let url = try await server.start()
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("app-stress-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let burnerProcesses = try (0..<burners).map { _ in try Self.burner() }
        defer {
            for process in burnerProcesses { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: workspace)
        }

        var random = SplitMix64(seed: seed)
        var results: [StartResult] = []
        let started = Date()
        for index in 0..<starts {
            let scenario = Scenario.random(index: index, users: users, using: &random)
            try await server.setFaults(scenario.faults)
            let result = try await Self.start(scenario, binary: binary, server: url, workspace: workspace,
                                              hangAfter: hangAfter, exitWithin: exitWithin)
            results.append(result)
            if result.outcome != .ok {
                FileHandle.standardError.write(Data("start \(index + 1): \(result.outcome.rawValue) · \(scenario)\n\(result.tail)\n".utf8))
            }
            if (index + 1) % 50 == 0 || index + 1 == starts {
                let hangs = results.filter { $0.outcome == .hang }.count
                FileHandle.standardError.write(Data(String(format: "%d/%d starts · %d hangs · slowest %.0f ms · %.0f s\n",
                                                           index + 1, starts, hangs, results.map(\.screenMs).max() ?? 0,
                                                           Date().timeIntervalSince(started)).utf8))
            }
        }
        await server.stop()

        let screens = results.compactMap { $0.outcome == .hang ? nil : $0.screenMs }.sorted()
        func percentile(_ p: Double) -> Double { screens.isEmpty ? 0 : screens[min(screens.count - 1, Int(Double(screens.count) * p))] }
        var byCancellation: [String: Int] = [:]
        for result in results { byCancellation[result.cancellation, default: 0] += 1 }
        let report: [String: any Sendable] = [
            "suite": "app-stress", "starts": results.count, "burners": burners,
            "hangs": results.filter { $0.outcome == .hang }.count,
            "stuck": results.filter { $0.outcome == .stuck }.count,
            "failed_exits": results.filter { $0.outcome == .failedExit }.count,
            "slowest_screen_ms": Int(screens.last ?? 0), "p50_screen_ms": Int(percentile(0.5)), "p99_screen_ms": Int(percentile(0.99)),
            "seconds": Int(Date().timeIntervalSince(started)), "cancellations": byCancellation,
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
        if results.contains(where: { $0.outcome == .hang || $0.outcome == .stuck }) { throw ExitCode(1) }
    }

    static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// A process that keeps one core busy until killed.
    static func burner() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "while :; do :; done"]
        try process.run()
        return process
    }

    /// One start: the REPL process runs the scenario's script; the start's time is the time to its first screen.
    /// With a SIGKILL scenario, a first process is killed mid-warmup and a second one on the same data folder is the
    /// start measured (a relaunch after the OS killed the app).
    static func start(_ scenario: Scenario, binary: URL, server: URL, workspace: URL, hangAfter: Double,
                      exitWithin: Double) async throws -> StartResult {
        let data = workspace.appendingPathComponent(scenario.user.replacingOccurrences(of: "/", with: "_"), isDirectory: true)
        if let killAfter = scenario.sigkillAfterMs {
            let victim = try Child(binary: binary, data: data, script: scenario.script(server: server, cancellation: nil))
            try await Task.sleep(for: .milliseconds(killAfter))
            victim.kill()
            _ = await victim.waitForExit(within: 5)
        }
        let child = try Child(binary: binary, data: data, script: scenario.script(server: server, cancellation: scenario.cancellation))
        let screen = await child.waitForScreen(within: hangAfter)
        guard let screen else {
            let tail = child.tail
            child.kill()
            _ = await child.waitForExit(within: 5)
            return StartResult(outcome: .hang, screenMs: hangAfter * 1_000, cancellation: scenario.cancellationName, tail: tail)
        }
        guard let status = await child.waitForExit(within: exitWithin) else {
            let tail = child.tail
            child.kill()
            _ = await child.waitForExit(within: 5)
            return StartResult(outcome: .stuck, screenMs: screen, cancellation: scenario.cancellationName, tail: tail)
        }
        // Exit 1 is a command that reported an error (e.g. an action refused by a 401): an answer, not a hang.
        let outcome: StartResult.Outcome = status == 0 || status == 1 ? .ok : .failedExit
        return StartResult(outcome: outcome, screenMs: screen, cancellation: scenario.cancellationName,
                           tail: outcome == .ok ? "" : "exit \(status)\n" + child.tail)
    }
}

struct StartResult {
    enum Outcome: String { case ok, hang, stuck, failedExit = "failed-exit" }
    var outcome: Outcome
    var screenMs: Double
    var cancellation: String
    var tail: String
}

/// What one start meets: the faults per endpoint, the user, and how it is cut short.
struct Scenario: CustomStringConvertible {
    enum Fault: CaseIterable { case unauthorized, unavailable, reset, delay, none }
    enum Cancellation: String, CaseIterable { case none, logout, kill, relaunch, sigkill }

    var user: String
    var endpointFaults: [(endpoint: String, fault: Fault)]
    var delayMs: Int
    var cancellation: Cancellation
    var cancelAfterCommands: Int
    var sigkillAfterMs: Int?
    var screen: String

    static let endpoints = ["/products", "/cart", "/orders", "/summary", "/activities", "/health"]

    static func random(index: Int, users: Int, using random: inout SplitMix64) -> Scenario {
        let faults = endpoints.map { ($0, $0 == "/health" ? [Fault.none, .delay, .unavailable].randomElement(using: &random)!
                                                          : Fault.allCases.randomElement(using: &random)!) }
        let cancellation = Cancellation.allCases.randomElement(using: &random)!
        return Scenario(user: "stress-\(Int.random(in: 1...max(1, users), using: &random))", endpointFaults: faults,
                        delayMs: Int.random(in: 20...1_500, using: &random), cancellation: cancellation,
                        cancelAfterCommands: Int.random(in: 0...1, using: &random),
                        sigkillAfterMs: cancellation == .sigkill ? Int.random(in: 0...1_500, using: &random) : nil,
                        screen: ["products", "cart", "orders", "summary"].randomElement(using: &random)!)
    }

    var faults: FaultConfiguration {
        let overrides = endpointFaults.compactMap { endpoint, fault -> FaultOverride? in
            switch fault {
            case .unauthorized: FaultOverride(pathContains: endpoint, faults: FaultConfiguration(errorRate: 1, errorStatus: 401))
            case .unavailable: FaultOverride(pathContains: endpoint, faults: FaultConfiguration(errorRate: 1, errorStatus: 503))
            case .reset: FaultOverride(pathContains: endpoint, faults: FaultConfiguration(resetRate: 1))
            case .delay: FaultOverride(pathContains: endpoint, faults: FaultConfiguration(latencyMs: delayMs))
            case .none: FaultOverride(pathContains: endpoint, faults: .none)
            }
        }
        return FaultConfiguration(latencyMs: delayMs, overrides: overrides)
    }

    var cancellationName: String { cancellation.rawValue }

    /// The REPL script: start, the cancellation (right away or after one screen), a screen, the status.
    func script(server: URL, cancellation: Cancellation?) -> String {
        var lines = ["app start --user \(user) --server \(server.absoluteString)", "app open \(screen)"]
        let cut: [String] = switch cancellation {
        case .logout?: ["app logout", "app login \(user)"]
        case .kill?: ["app kill", "app relaunch"]
        case .relaunch?: ["app relaunch"]
        case .none?, .sigkill?, nil: []
        }
        lines.insert(contentsOf: cut, at: cancelAfterCommands == 0 ? 1 : 2)
        lines += ["app open cart", "app status", "quit"]
        return lines.joined(separator: "\n") + "\n"
    }

    var description: String {
        let faults = endpointFaults.map { "\($0.endpoint)=\($0.fault)" }.joined(separator: " ")
        return "user \(user), \(faults), delay \(delayMs) ms, cancellation \(cancellation.rawValue)"
            + (sigkillAfterMs.map { " after \($0) ms" } ?? "") + ", screen \(screen)"
    }
}

/// A `l10n-repl --script` process whose output is watched for its first screen.
final class Child: Sendable {
    private let process: Process
    private let watch = OutputWatch()
    private let launched = ContinuousClock.now
    private let script: URL

    init(binary: URL, data: URL, script text: String) throws {
        script = FileManager.default.temporaryDirectory.appendingPathComponent("app-stress-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: script)
        process = Process()
        process.executableURL = binary
        process.arguments = ["--script", script.path, "--data-dir", data.path, "--width", "40"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let launched = launched
        let watch = watch
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            guard !chunk.isEmpty else { handle.readabilityHandler = nil; return }
            watch.state.withLock { state in
                state.output += String(decoding: chunk, as: UTF8.self)
                if state.output.count > 16_384 { state.output = String(state.output.suffix(8_192)) }
                if state.firstScreen == nil, state.output.contains("╭─") {
                    state.firstScreen = (ContinuousClock.now - launched).milliseconds
                }
            }
        }
        try process.run()
    }

    deinit { try? FileManager.default.removeItem(at: script) }

    var tail: String { watch.state.withLock { String($0.output.suffix(1_500)) } }

    func kill() { if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) } }

    /// Milliseconds from launch to the first screen, or nil if none came within `seconds`.
    func waitForScreen(within seconds: Double) async -> Double? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while ContinuousClock.now < deadline {
            if let ms = watch.state.withLock({ $0.firstScreen }) { return ms }
            if !process.isRunning { return watch.state.withLock { $0.firstScreen } }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return watch.state.withLock { $0.firstScreen }
    }

    /// The exit status, or nil if the process still runs after `seconds`.
    func waitForExit(within seconds: Double) async -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

/// The output so far and when the first screen appeared.
final class OutputWatch: Sendable {
    let state = Locked<(output: String, firstScreen: Double?)>(("", nil))
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15 }
}
