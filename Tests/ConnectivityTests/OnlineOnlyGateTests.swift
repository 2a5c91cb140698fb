import Connectivity
import Core
import Foundation
import ReferenceServer
import Testing

/// BR-OFF-001: state-changing operations are refused while offline, before any request is built.
@Suite(.timeLimit(.minutes(1))) struct OnlineOnlyGateTests {
    @Test(arguments: OnlineOnlyAction.allCases)
    func everyOnlineOnlyActionIsRefusedOfflineWithTheNoConnectionCopy(_ action: OnlineOnlyAction) async {
        let gate = OnlineOnlyGate(status: { .offline })
        var built = false
        await #expect(throws: OnlineOnlyError.refused(action, reason: CoreCopy.noConnection)) {
            try await gate.perform(action) { () throws(HTTPClientError) in built = true }
        }
        #expect(!built)
        #expect(gate.actionState(for: action) == .disabled(reason: CoreCopy.noConnection))
    }

    @Test func whileUnknownTheActionIsRefusedWithTheRequiresConnectionCopy() async {
        let gate = OnlineOnlyGate(status: { .unknown })
        await #expect(throws: OnlineOnlyError.refused(.placeOrder, reason: CoreCopy.requiresConnection)) {
            try await gate.perform(.placeOrder) { () throws(HTTPClientError) in }
        }
        #expect(gate.actionState(for: .checkout).disabledReason == CoreCopy.requiresConnection)
    }

    @Test func whileOnlineTheOperationRunsAndItsFailureIsWrapped() async {
        let gate = OnlineOnlyGate(status: { .online })
        #expect(gate.actionState(for: .rateOrder) == .enabled)
        let value = try? await gate.perform(.rateOrder) { () throws(HTTPClientError) in 42 }
        #expect(value == 42)
        let error = await #expect(throws: OnlineOnlyError.self) {
            try await gate.perform(.rateOrder) { () throws(HTTPClientError) -> Int in throw .timeout }
        }
        #expect(error == .failed(.rateOrder, .timeout))
        #expect(error?.reason == CoreCopy.noConnection)
    }

    @Test func placingAnOrderOfflineSendsNothingToTheServer() async throws {
        try await withReferenceServer { server, url in
            let recorder = EvidenceRecorder(status: .offline)
            let api = client(url, connectivity: recorder.context)
            let gate = OnlineOnlyGate(recorder.context)
            for action in OnlineOnlyAction.allCases {
                await #expect(throws: OnlineOnlyError.refused(action, reason: CoreCopy.noConnection)) {
                    try await gate.perform(action) { () throws(HTTPClientError) -> Order in
                        try await api.post("/v1/users/user1/orders", body: [String: String](), idempotencyKey: "k-\(action)")
                    }
                }
            }
            #expect(server.requestLog.total == 0)
            #expect(server.requestLog.counts.byEndpoint.isEmpty)
            // Once online, the same call goes through.
            recorder.status.withLock { $0 = .online }
            let order = try await gate.perform(.placeOrder) { () throws(HTTPClientError) -> Order in
                try await api.post("/v1/users/user1/orders", body: [String: String](), idempotencyKey: "k-placeOrder")
            }
            #expect(order.status == "processing")
            #expect(server.requestLog.count("POST /v1/users/{user}/orders") == 1)
        }
    }
}
