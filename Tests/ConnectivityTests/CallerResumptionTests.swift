#if !canImport(Darwin)
@testable import Connectivity
import Core
import Foundation
import ReferenceServer
import TestSupport
import IntegrationSupport
import Testing

/// A caller waiting for a small answer goes on on the transport's event loop thread (no hand-off to the pool and back
/// per request); a big answer, and every task the caller starts, still run on the pool.
/// `OFFLINEKIT_CALLER_RESUMPTION=off` turns the behaviour under test off.
private let callerResumptionSwitchedOn = ProcessInfo.processInfo.environment["OFFLINEKIT_CALLER_RESUMPTION"] != "off"

@Suite(.timeLimit(.minutes(1)), .enabled(if: callerResumptionSwitchedOn, "OFFLINEKIT_CALLER_RESUMPTION=off: callers are resumed on the pool"))
struct CallerResumptionTests {
    private func health(_ url: URL) -> TransportRequest {
        TransportRequest(method: "GET", url: url.appendingPathComponent("health"), timeout: .seconds(30))
    }

    @Test func aCallerWaitingForASmallAnswerGoesOnOnTheTransportsThreadAndSendsItsNextRequestFromThere() async throws {
        try await withReferenceServer { _, url in
            let transport = AsyncHTTPClientTransport()
            #expect(!transport.isOnItsLoopThread, "the test starts on the pool")
            let first = try await transport.send(health(url))
            #expect(first.status == 204 && first.body.count <= CallerResumption.smallAnswerLimit)
            #expect(CallerResumption.isInstalled, "the enqueue hook was free in this process")
            #expect(transport.isOnItsLoopThread, "resumed where the answer was read")
            for _ in 0..<50 {
                #expect(try await transport.send(health(url)).status == 204)
                #expect(transport.isOnItsLoopThread)
            }
            await transport.shutdown()
        }
    }

    @Test func aBigAnswerResumesItsCallerOnThePoolSoDecodingItNeverHoldsUpTheLoop() async throws {
        try await withReferenceServer(seed: SeedConfiguration(users: 1, productsPerUser: 400)) { _, url in
            let transport = AsyncHTTPClientTransport()
            let request = TransportRequest(method: "GET", url: URL(string: "\(url.absoluteString)/v1/users/user1/products?offset=0&limit=400")!,
                                           headers: [TransportHeader("Authorization", "Bearer \(ReferenceServer.developmentToken(for: "user1"))")],
                                           timeout: .seconds(30))
            let page = try await transport.send(request)
            #expect(page.status == 200)
            #expect(page.body.count > CallerResumption.smallAnswerLimit, "\(page.body.count) bytes")
            #expect(!transport.isOnItsLoopThread)
            await transport.shutdown()
        }
    }

    @Test func tasksStartedByACallerOnTheLoopThreadRunOnThePoolNotOnTheLoop() async throws {
        try await withReferenceServer { _, url in
            let transport = AsyncHTTPClientTransport()
            _ = try await transport.send(health(url))
            #expect(transport.isOnItsLoopThread)
            let children = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 { group.addTask { transport.isOnItsLoopThread } }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(children == [false, false, false, false])
            let detached = await Task.detached { transport.isOnItsLoopThread }.value
            #expect(!detached)
            // A failed request (refused port) answers its caller too, wherever it resumes.
            let refused = TransportRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(try refusedLoopbackPort())/health")!,
                                           timeout: .seconds(30))
            await #expect(throws: HTTPClientError.self) { try await transport.send(refused) }
            await transport.shutdown()
        }
    }
}
#endif
