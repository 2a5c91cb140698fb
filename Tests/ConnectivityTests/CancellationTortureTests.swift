import Clocks
import Connectivity
import Core
import Foundation
import ReferenceServer
import TestSupport
import IntegrationSupport
import Testing
import WireContract

/// Cancellation is safe by construction: 2,000 requests through `HTTPClient` against the reference server, half of
/// them cancelled at a random point (before the connection, mid-body, after the answer), deadlines firing on a test
/// clock that a driver moves on its own schedule, and the server failing some requests at once and trickling the
/// bodies of others. Every call returns a value or a typed error, and afterwards the open connections are back
/// within the pool's size (and at zero once the transport is shut down).
@Suite(.timeLimit(.minutes(3))) struct CancellationTortureTests {
    static let requests = 2_000
    static let poolSize = 8
    /// The plan's kind for a request the server holds unanswered.
    static let heldKind = 4

    enum Outcome: Hashable { case value, cancelled, timeout, http503, other(String) }

    @Test func twoThousandRequestsHalfCancelledAllReturnAndNoConnectionLeaks() async throws {
        // user2's paths: 30 % answered 503 at once, the rest with a body trickling in 64-byte chunks every 2 ms. user1's
        // orders are never answered: such a request ends only at its deadline or its cancellation, so deadlines fire
        // however fast or slow the machine runs the rest (a race between the clock's driver and the trickle alone gave
        // no timeout at all on a loaded CI host).
        let faults = FaultConfiguration(errorRate: 0.3, errorStatus: 503, slowBodyChunkDelayMs: 2, slowBodyChunkBytes: 64,
                                        pathPrefixes: ["/v1/users/user2/"],
                                        overrides: [FaultOverride(pathContains: "/users/user1/orders",
                                                                  faults: FaultConfiguration(holdResponses: true))])
        try await withReferenceServer(faults: faults) { server, url in
            let port = try #require(url.port)
            // Connecting is not what this test is about: a request queued behind the pool's busy connections waits until
            // its deadline anyway (AsyncHTTPClientTransport.submit), and a connect on a loaded machine (the real clock)
            // gets a generous limit; the deadlines under test run on the test clock.
            let transport = AsyncHTTPClientTransport(configuration: HTTPTransportConfiguration(connectTimeout: .seconds(30),
                                                                                               maximumConnectionsPerHost: Self.poolSize))
            let clock = TestClock()
            let recorder = EvidenceRecorder()
            let api = HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: ReferenceServer.developmentToken(for: "user2"),
                                                                        timeout: .seconds(1)),
                                 connectivity: recorder.context, time: TimeSource(clock: clock, now: { fixedNow }), transport: transport)
            let user1 = HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: ReferenceServer.developmentToken(for: "user1"),
                                                                          timeout: .seconds(1)),
                                   connectivity: recorder.context, time: TimeSource(clock: clock, now: { fixedNow }), transport: transport)

            // The deadlines' clock moves on its own, unrelated to how far each request has got.
            let finished = Locked(false)
            let driver = Task {
                while !finished.withLock({ $0 }) {
                    await clock.advance(by: .milliseconds(50))
                    await Task.yield()
                }
            }

            var random = SplitMix64(seed: 18)
            var plans: [(kind: Int, cancelAfterYields: Int?)] = []
            for index in 0..<Self.requests {
                // One in 25 is a request the server holds.
                let kind = index % 25 == 12 ? Self.heldKind : Int.random(in: 0..<4, using: &random)
                // Half are cancelled: at once (before connecting), after a few yields (mid-exchange) or after many
                // (usually once answered).
                let cancel: Int? = Bool.random(using: &random)
                    ? [0, Int.random(in: 1...20, using: &random), Int.random(in: 200...2_000, using: &random)].randomElement(using: &random)!
                    : nil
                plans.append((kind, cancel))
            }

            let heldOutcomes = Locked<[Outcome: Int]>([:])
            let (outcomes, seconds) = await measure {
                await withTaskGroup(of: (index: Int, outcome: Outcome).self) { group in
                    var outcomes: [Outcome: Int] = [:]
                    var next = 0
                    func launch(_ index: Int) {
                        let plan = plans[index]
                        group.addTask {
                            let call = Task { () async throws -> Void in
                                switch plan.kind {
                                case 0: let _: Wire.Cart = try await user1.get(Endpoint("v1", "users", "user1", "cart"))
                                case 1: let _: Wire.ProductList = try await api.get(Endpoint("v1", "users", "user2", "products"))
                                case 2: let _: Wire.OrderList = try await api.get(Endpoint("v1", "users", "user2", "orders"))
                                case Self.heldKind: let _: Wire.OrderList = try await user1.get(Endpoint("v1", "users", "user1", "orders"))
                                default:
                                    let _: EmptyResponse = try await api.post(
                                        Endpoint("v1", "users", "user2", "cart", "items", "user2-c1", "quantity"),
                                        body: Wire.UpdateQuantityBody(quantity: index % 5 + 1), idempotencyKey: "torture-\(index)")
                                }
                            }
                            if let yields = plan.cancelAfterYields {
                                for _ in 0..<yields { await Task.yield() }
                                call.cancel()
                            }
                            switch await call.result {
                            case .success: return (index, .value)
                            case let .failure(error):
                                switch error as? HTTPClientError {
                                case .cancelled: return (index, .cancelled)
                                case .timeout: return (index, .timeout)
                                case .http(503, _): return (index, .http503)
                                default: return (index, .other("\(error)"))
                                }
                            }
                        }
                    }
                    // 64 in flight at a time: more than the pool, so requests also wait for a connection.
                    while next < min(64, plans.count) { launch(next); next += 1 }
                    for await (index, outcome) in group {
                        outcomes[outcome, default: 0] += 1
                        // A held request that nobody cancelled can only end at its deadline.
                        if plans[index].kind == Self.heldKind, plans[index].cancelAfterYields == nil {
                            heldOutcomes.withLock { $0[outcome, default: 0] += 1 }
                        }
                        if next < plans.count { launch(next); next += 1 }
                    }
                    return outcomes
                }
            }
            finished.withLock { $0 = true }
            await driver.value

            // Every call returned, each with a value or a typed error; the mix shows every path was exercised.
            #expect(outcomes.values.reduce(0, +) == Self.requests)
            #expect(outcomes[.value, default: 0] > 0)
            #expect(outcomes[.cancelled, default: 0] > 0)
            #expect(outcomes[.timeout, default: 0] > 0, "deadlines fired on the test clock")
            let held = heldOutcomes.withLock { $0 }
            #expect(held[.timeout, default: 0] > 0 && held.keys.allSatisfy { $0 == .timeout },
                    "every held request that was not cancelled ended at its deadline: \(held)")
            #expect(outcomes[.http503, default: 0] > 0)
            let unexpected = outcomes.filter { if case .other = $0.key { return true } else { return false } }
            #expect(unexpected.isEmpty, "only the server's faults, deadlines and cancellations: \(unexpected)")
            print("cancellation torture: \(Self.requests) requests in \(String(format: "%.1f", seconds)) s: \(outcomes)")

            // Nothing leaks. A last burst of 4 × the pool's size concurrent requests opens the pool up to its size…
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<(4 * Self.poolSize) {
                    group.addTask { let _: Wire.Cart? = try? await user1.get(Endpoint("v1", "users", "user1", "cart"), timeout: .seconds(60)) }
                }
            }
            // …after which the connections open to the server are at most the pool's size, on both ends (a cancelled
            // request's connection is closed, asynchronously: poll until it has).
            var open = try tcpConnections(port: port)
            var polls = 0
            while open.client > Self.poolSize || open.server > Self.poolSize, polls < 100_000 {
                await Task.yield()
                open = try tcpConnections(port: port)
                polls += 1
            }
            #expect((1...Self.poolSize).contains(open.client), "\(open.client) client connections open to the server")
            #expect(open.server <= Self.poolSize, "\(open.server) server-side connections still open")
            // …and none once the transport is shut down.
            await transport.shutdown()
            open = try tcpConnections(port: port)
            polls = 0
            while open.client > 0, polls < 100_000 {
                await Task.yield()
                open = try tcpConnections(port: port)
                polls += 1
            }
            #expect(open.client == 0, "\(open.client) connections left after shutdown")
        }
    }
}

/// TCP connections in state ESTABLISHED to `port` (`client`: remote port is `port`) and from it (`server`: local port is
/// `port`), from `/proc/net/tcp` and `/proc/net/tcp6`.
func tcpConnections(port: Int) throws -> (client: Int, server: Int) {
    var client = 0, server = 0
    for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
        // Read to the end: /proc files report size 0, and a read sized by it stops after the first page.
        guard let handle = FileHandle(forReadingAtPath: file) else { continue }
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 3, fields[3] == "01" else { continue }
            if let hex = fields[2].split(separator: ":").last, Int(hex, radix: 16) == port { client += 1 }
            if let hex = fields[1].split(separator: ":").last, Int(hex, radix: 16) == port { server += 1 }
        }
    }
    return (client, server)
}
