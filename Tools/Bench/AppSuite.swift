import Connectivity
import Core
import Foundation
import Logging
import OfflineApp
import ReferenceServer

/// `offline-bench app`: the composed app with a big account (10,000 products, 200 cart items, 2,000 orders).
/// A full warmup in process against the local backend, beside the raw HTTP fetches of the same data in the same run
/// (where the time goes); then the cold start of a whole `l10n repl` process, offline, with those 10,000 products
/// cached, to the first rendered product screen (and to its exit, settled). Between the two, what a refresh of that list costs on the wire
/// (`WireRefreshBench`).
struct AppSuite: BenchSuite {
    let name = "app"
    let summary = "the app: full warmup of 10,000 products + 200 cart items + 2,000 orders, and cold start of l10n repl to the product screen"


    func run(_ report: BenchReport) async throws {
        var logger = Logger(label: "bench.ReferenceServer")
        logger.logLevel = .critical
        let seed = SeedConfiguration(users: 1, productsPerUser: 12, productCounts: ["user1": 10_000], ordersPerUser: 2_000, cartItemsPerUser: 200)
        let server = ReferenceServer(configuration: ReferenceServerConfiguration(seed: seed, now: { Date() }, logger: logger,
                                                                                 acceptsDevelopmentTokens: true))
        let url = try await server.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        // Raw fetches of the same data: what the network and the server cost, without decoding, encrypting or storing.
        let client = HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: ReferenceServer.developmentToken(for: "user1"), timeout: .seconds(30)),
                                connectivity: .alwaysOnline, time: .live)
        let (_, raw) = try await Stopwatch.measure {
            for offset in stride(from: 0, to: 10_000, by: 1_000) {
                _ = try await client.send(method: "GET", path: "/v1/users/user1/products", query: ["offset": "\(offset)", "limit": "1000"],
                                          body: nil, idempotencyKey: nil)
            }
            _ = try await client.send(method: "GET", path: "/v1/users/user1/cart", body: nil, idempotencyKey: nil)
            _ = try await client.send(method: "GET", path: "/v1/users/user1/orders", body: nil, idempotencyKey: nil)
            _ = try await client.send(method: "GET", path: Endpoint("v1", "users", "user1", "summary", String(Calendar(identifier: .gregorian).component(.year, from: Date()) - 1)),
                                      body: nil, idempotencyKey: nil)
        }

        // The full warmup: launch with an empty store; `start` returns once the session has ended.
        let (app, warmup) = try await Stopwatch.measure {
            try await OfflineApp.start(AppOptions(dataDirectory: folder, serverURL: url, user: "user1"))
        }
        let phase = await app.warmupSnapshot?.phase
        await app.shutDown()
        report.emit("full_warmup_ms", warmup.milliseconds, unit: "ms", peer: "raw HTTP GETs of the same data (products in pages of 1,000, cart, orders, summary)",
                    peerValue: raw.milliseconds, ratio: warmup.milliseconds / raw.milliseconds,
                    goal: "≤ 1.5× the raw GETs", pass: warmup.milliseconds <= 1.5 * raw.milliseconds,
                    note: "launch to the end of the warmup session (\(phase.map { "\($0)" } ?? "?")): the rest is decoding, encrypting and storing on the client")
        // Refreshing that list on a cellular-like link: unchanged, and with 1 % of it changed, beside today's full refresh.
        try await WireRefreshBench(server: server, url: url, user: "user1").run(report)
        await server.stop()

        // Cold start of a whole REPL process on that folder, offline, to the first rendered product screen: the launch
        // opens it (`--open`), drawn from the cache before the first connectivity reading; `app screen` then shows it
        // settled, with the offline indicator.
        let l10n = URL(fileURLWithPath: try l10nExecutable())
        let script = folder.appendingPathComponent("cold.repl")
        try Data("app start --offline --open products\napp screen\nquit\n".utf8).write(to: script)
        var samples: [Double] = []
        var rendered = false
        var settled = false
        // Where the time goes: each process of the start marks its phases on the system's monotonic clock
        // (`OFFLINEKIT_LAUNCH_TRACE`, Core's LaunchTrace), read here against the reading taken before the spawn.
        var phases: [String: [Double]] = [:]
        var order: [String] = []
        let trace = folder.deletingLastPathComponent().appendingPathComponent("launch-trace-\(UUID().uuidString).tsv")
        defer { try? FileManager.default.removeItem(at: trace) }
        for _ in 0..<5 {
            try? FileManager.default.removeItem(at: trace)
            let process = Process()
            process.executableURL = l10n
            process.arguments = ["repl", "--data-dir", folder.path, "--script", script.path]
            var environment = ProcessInfo.processInfo.environment
            environment["OFFLINEKIT_LAUNCH_TRACE"] = trace.path
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let spawned = LaunchTrace.monotonicNanoseconds()
            let (_, elapsed) = try Stopwatch.measure {
                try process.run()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let output = String(decoding: data, as: UTF8.self)
                rendered = output.contains("10,000 products")
                settled = output.components(separatedBy: "app started for").last?.contains("Offline Mode") ?? false
            }
            samples.append(elapsed.milliseconds)
            let marks = LaunchTrace.phases(of: (try? String(contentsOf: trace, encoding: .utf8)) ?? "")
            for (phase, time) in marks {
                if phases[phase] == nil { order.append(phase) }
                phases[phase, default: []].append(Double(Int64(time) - Int64(spawned)) / 1e6)
            }
        }
        let drawn = (phases["products screen drawn"] ?? []).sorted()
        let toScreen = drawn.isEmpty ? .infinity : drawn[drawn.count / 2]
        report.emit("cold_start_to_product_screen_ms", toScreen, unit: "ms", goal: "< 100 ms (spawn of `l10n repl` to the screen on stdout)",
                    pass: toScreen < 100 && rendered && drawn.count == samples.count,
                    note: "median of 5 runs of `l10n repl --script` (app start --offline --open products; app screen; quit) with 10,000 "
                        + "products cached: spawn to the first product screen written out; rendered: \(rendered)")
        let median = samples.sorted()[samples.count / 2]
        report.emit("cold_start_whole_process_ms", median, unit: "ms",
                    note: "the same runs, spawn to exit: after the first frame the launch settles (the connectivity reading: offline "
                        + "takes two failed probes 50 ms apart), `app screen` draws it settled, and quit stops the app; "
                        + "settled screen shows the offline indicator: \(settled)")
        // Each phase's end, since the spawn (median of the runs that reached it), and what it took after the one before.
        var previous = 0.0
        for phase in order {
            let times = (phases[phase] ?? []).sorted()
            let end = times[times.count / 2]
            let slug = phase.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            report.emit("cold_start_phase_\(slug)_ms", end, unit: "ms",
                        note: "\(phase): \(String(format: "%.1f", end)) ms after the spawn, \(String(format: "%.1f", end - previous)) ms after the phase before (median of \(times.count))")
            previous = end
        }
    }
}
