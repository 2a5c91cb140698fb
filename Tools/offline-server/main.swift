import ArgumentParser
import Connectivity
import Core
import Foundation
import Logging
import ReferenceServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `offline-server`: the reference backend on loopback (serve), and a connectivity watcher (watch) that the
// network-namespace system test runs inside the namespace. Thin: the logic lives in ReferenceServer and Connectivity.

/// Serves the features' API; `watch` is the one subcommand.
struct OfflineServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline-server",
        abstract: "The OfflineKit reference backend on loopback, with fault injection.",
        discussion: """
        `offline-server --port 0` prints its base URL as the first line of stdout and serves until SIGINT/SIGTERM.
        User N is `userN`. Sign in with POST /v1/sessions {"user": "userN"}: the answer's `token` is the bearer
        (`--development-tokens` also accepts `token-userN` without signing in). Faults can also be changed while running:
        POST /_admin/faults (JSON), DELETE /_admin/faults; GET /_admin/requests counts requests per endpoint.
        Wire format and admin API: Tools/ReferenceServer/README.md.
        Exit codes: 0 stopped by SIGINT/SIGTERM; 1 could not start (e.g. the port is taken); 2 bad arguments.
        """,
        subcommands: [Watch.self])

    @Option(help: "Address to listen on. Keep it on loopback unless inside a test network namespace.")
    var host = "127.0.0.1"
    @Option(help: "Port to listen on; 0 lets the OS choose (the URL printed first says which).")
    var port = 8080
    @Option(help: "Number of users (user1 … userN).")
    var users = 3
    @Flag(name: .customLong("development-tokens"), help: "Also accept `token-<user>` as a bearer without signing in (for scripts and load tests).")
    var developmentTokens = false
    @Option(name: .customLong("session-lifetime"), help: "Seconds an issued session is accepted.")
    var sessionLifetime = 30 * 86_400
    @Option(help: "Products per user (at most 10000).")
    var products = 12
    @Option(name: .customLong("products-for"), help: "Products for one user, as USER=COUNT (repeatable), e.g. user1=10000.")
    var productsFor: [String] = []
    @Option(help: "Orders per user.")
    var orders = 8
    @Option(name: .customLong("cart-items"), help: "Cart items per user.")
    var cartItems = 3
    @Option(name: .customLong("latency-ms"), help: "Fault: delay every response by this many milliseconds.")
    var latencyMs = 0
    @Option(name: .customLong("bandwidth-kbps"), help: "Fault: send every answer at most this fast, in kbit/s, all connections sharing one link (2000: a cellular-like 2 Mbit/s).")
    var bandwidthKbps: Int?
    @Option(name: .customLong("error-rate"), help: "Fault: fraction 0…1 of requests answered with --error-status.")
    var errorRate = 0.0
    @Option(name: .customLong("error-status"), help: "Fault: the status of injected errors.")
    var errorStatus = 503
    @Option(name: .customLong("reset-rate"), help: "Fault: fraction 0…1 of requests whose connection is reset (TCP RST).")
    var resetRate = 0.0
    @Option(name: .customLong("lose-answer-rate"), help: "Fault: fraction 0…1 of requests handled (writes applied) and then reset instead of answered.")
    var loseAnswerRate = 0.0
    @Option(name: .customLong("slow-body-delay-ms"), help: "Fault: send bodies in chunks with this delay between them.")
    var slowBodyDelayMs: Int?
    @Option(name: .customLong("slow-body-chunk-bytes"), help: "Fault: chunk size for --slow-body-delay-ms.")
    var slowBodyChunkBytes = 64
    @Flag(name: .customLong("refuse-connections"), help: "Fault: start with the listener closed (clients get ECONNREFUSED).")
    var refuseConnections = false
    @Option(name: .customLong("refuse-for-ms"), help: "With --refuse-connections: re-bind the port after this many milliseconds.")
    var refuseForMs: Int?
    @Option(name: .customLong("fault-path"), help: "Fault only paths with this prefix (repeatable); default: every non-admin path.")
    var faultPaths: [String] = []
    @Option(name: .customLong("fault-seed"), help: "Seed of the random source that picks which requests a rate hits.")
    var faultSeed: UInt64 = 42
    @Option(name: .customLong("log-level"), help: "swift-log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "warning"

    func run() async throws {
        var counts: [String: Int] = [:]
        for entry in productsFor {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let count = Int(parts[1]) else {
                throw ValidationError("--products-for takes USER=COUNT, e.g. user1=10000; got \(entry)")
            }
            counts[String(parts[0])] = count
        }
        let faults = FaultConfiguration(
            latencyMs: latencyMs, errorRate: errorRate, errorStatus: errorStatus, resetRate: resetRate,
            slowBodyChunkDelayMs: slowBodyDelayMs, slowBodyChunkBytes: slowBodyChunkBytes,
            refuseConnections: refuseConnections, refuseForMs: refuseForMs, pathPrefixes: faultPaths.isEmpty ? nil : faultPaths,
            loseAnswerRate: loseAnswerRate, bandwidthKbps: bandwidthKbps)
        var logger = Logger(label: "offline-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        let server = ReferenceServer(configuration: ReferenceServerConfiguration(
            host: host, port: port,
            seed: SeedConfiguration(users: users, productsPerUser: products, productCounts: counts, ordersPerUser: orders, cartItemsPerUser: cartItems),
            faults: faults, faultSeed: faultSeed, now: { Date() }, logger: logger,
            sessionLifetime: .seconds(sessionLifetime), acceptsDevelopmentTokens: developmentTokens))
        let url: URL
        do { url = try await server.start() } catch {
            FileHandle.standardError.write(Data("offline-server: \(error)\n".utf8))
            throw ExitCode(1)
        }
        FileHandle.standardOutput.write(Data("\(url.absoluteString)\n".utf8))
        if refuseConnections, let refuseForMs {
            try? await Task.sleep(for: .milliseconds(refuseForMs))
            var cleared = faults
            cleared.refuseConnections = false
            try await server.setFaults(cleared)
        }
        await waitForTerminationSignal()
        await server.stop()
    }
}

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch connectivity: the live path monitor plus a probe of --health-url; one JSON line per change.",
        discussion: "Lines: {\"t\":seconds since start,\"mono\":seconds on the system's monotonic clock (CLOCK_MONOTONIC, the same in every process, so a caller can time a change from its own cause),\"event\":\"path\"|\"status\"|\"probe\"|\"ready\",…}; a probe line has reachable, timed_out, detail and ms. Runs until SIGINT/SIGTERM.")

    @Option(name: .customLong("health-url"), help: "The URL the reachability probe GETs (204 or 200 means reachable).")
    var healthURL: String
    @Option(name: .customLong("path-down-ms"), help: "How long the path must stay down before the status is offline.")
    var pathDownMs = 1000
    @Option(name: .customLong("failure-threshold"), help: "Consecutive failures that make the status offline …")
    var failureThreshold = 3
    @Option(name: .customLong("failure-window-ms"), help: "… when they span at least this many milliseconds.")
    var failureWindowMs = 5000
    @Option(name: .customLong("probe-timeout-ms"), help: "The probe's timeout.")
    var probeTimeoutMs = 1000

    func run() async throws {
        guard let url = URL(string: healthURL) else { throw ValidationError("--health-url is not a URL: \(healthURL)") }
        let time = TimeSource.live
        let start = ContinuousClock.now
        @Sendable func emit(_ fields: [String: String]) {
            var object: [String: Any] = fields
            object["t"] = (ContinuousClock.now - start).seconds
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            object["mono"] = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
        let pathSource = makePathSource()
        // Every probe's outcome is a line too ({"event":"probe","reachable":…,"ms":…}): what a slow change is made of.
        let probes = Telemetry(sink: ProbeLines(emit: emit), now: Date.init)
        let monitor = ConnectivityMonitor(
            pathSource: pathSource, probe: .http(healthURL: url, timeout: .milliseconds(probeTimeoutMs), time: time),
            policy: ConnectivityPolicy(pathDownConfirmation: .milliseconds(pathDownMs), failureThreshold: failureThreshold,
                                       failureWindow: .milliseconds(failureWindowMs)),
            time: time, randomSeed: UInt64.random(in: 0...UInt64.max), telemetry: probes)
        let paths = monitor.path.values()
        let statuses = monitor.status.values()
        Task { for await path in paths { if let path { emit(["event": "path", "path": path.description]) } } }
        Task { for await status in statuses { emit(["event": "status", "status": status.rawValue]) } }
        try await monitor.start()
        emit(["event": "ready"])
        await waitForTerminationSignal()
        await monitor.stop()
    }

    private func makePathSource() -> any PathSource {
        #if canImport(Network)
        ApplePathMonitor()
        #elseif os(Linux)
        NetlinkPathMonitor()
        #else
        SimulatedPathSource(.wired)
        #endif
    }
}

/// The monitor's probe events as `watch` lines; its other telemetry is dropped.
struct ProbeLines: TelemetrySink {
    let emit: @Sendable ([String: String]) -> Void

    func record(_ event: TelemetryEvent) {
        guard event.name == "connectivity.probe" else { return }
        var fields = event.attributes
        fields["event"] = "probe"
        if let duration = event.duration { fields["ms"] = String(Int((duration / .milliseconds(1)).rounded())) }
        emit(fields)
    }
}

/// The write end of the pipe the signal handler writes to (set once, before the handler is installed).
nonisolated(unsafe) var terminationPipe: Int32 = -1  // unsafe: written once before any reader exists

/// Suspends until SIGINT or SIGTERM. The handler only writes one byte to a pipe (async-signal-safe);
/// a thread blocked reading the pipe resumes the caller.
func waitForTerminationSignal() async {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    terminationPipe = ends[1]
    let readEnd = ends[0]
    for number in [SIGINT, SIGTERM] {
        signal(number) { _ in
            var byte: UInt8 = 1
            _ = write(terminationPipe, &byte, 1)
        }
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            continuation.resume()
        }
        thread.start()
    }
}

// `AsyncParsableCommand.main()` cannot be called from top-level code in main.swift, so dispatch by hand.
do {
    var command = try OfflineServer.parseAsRoot()
    switch command {
    case let serve as OfflineServer: try await serve.run()
    case let watch as Watch: try await watch.run()
    default: try command.run()
    }
} catch {
    // The project's exit codes (as in `l10n`): 2 for usage errors rather than ArgumentParser's 64.
    let code = OfflineServer.exitCode(for: error)
    if code == .validationFailure {
        FileHandle.standardError.write(Data((OfflineServer.fullMessage(for: error) + "\n").utf8))
        exit(2)
    }
    OfflineServer.exit(withError: error)
}
