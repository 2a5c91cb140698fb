import Connectivity
import Core
import Foundation
import ReferenceServer
import TestSupport
import IntegrationSupport
import Testing
import WireContract

/// BR-OFF-001: state-changing operations are refused while offline, before any request is built.
@Suite(.timeLimit(.minutes(1))) struct OnlineOnlyGateTests {
    @Test(arguments: GatedAction.allCases)
    func everyGatedActionIsRefusedOfflineWithTheNoConnectionCopy(_ action: GatedAction) async {
        let gate = OnlineOnlyGate(status: { .offline })
        var built = false
        await #expect(throws: OnlineOnlyError<GatedAction>.refused(action, reason: CoreCopy.noConnection)) {
            try await gate.perform(action) { () throws(HTTPClientError) in built = true }
        }
        #expect(!built)
        #expect(gate.actionState(for: action) == .disabled(reason: CoreCopy.noConnection))
    }

    @Test func whileUnknownTheActionIsRefusedSayingTheConnectionIsBeingChecked() async {
        let gate = OnlineOnlyGate(status: { .unknown })
        await #expect(throws: OnlineOnlyError<GatedAction>.refused(.placeOrder, reason: CoreCopy.checkingConnection)) {
            try await gate.perform(GatedAction.placeOrder) { () throws(HTTPClientError) in }
        }
        #expect(gate.actionState(for: GatedAction.checkout).disabledReason == CoreCopy.checkingConnection)
    }

    @Test func whileOnlineTheOperationRunsAndItsFailureIsWrapped() async {
        let gate = OnlineOnlyGate(status: { .online })
        #expect(gate.actionState(for: GatedAction.rateOrder) == .enabled)
        let value = try? await gate.perform(GatedAction.rateOrder) { () throws(HTTPClientError) in 42 }
        #expect(value == 42)
        let error = await #expect(throws: OnlineOnlyError<GatedAction>.self) {
            try await gate.perform(GatedAction.rateOrder) { () throws(HTTPClientError) -> Int in throw .timeout }
        }
        #expect(error == .failed(.rateOrder, .timeout))
        #expect(error?.reason == CoreCopy.noConnection)
    }

    @Test func placingAnOrderOfflineSendsNothingToTheServer() async throws {
        try await withReferenceServer { server, url in
            let recorder = EvidenceRecorder(status: .offline)
            let api = client(url, connectivity: recorder.context)
            let gate = OnlineOnlyGate(status: recorder.context.status)
            for action in GatedAction.allCases {
                await #expect(throws: OnlineOnlyError<GatedAction>.refused(action, reason: CoreCopy.noConnection)) {
                    try await gate.perform(action) { () throws(HTTPClientError) -> Wire.Order in
                        try await api.post("/v1/users/user1/orders", body: [String: String](), idempotencyKey: "k-\(action)")
                    }
                }
            }
            #expect(server.requestLog.total == 0)
            #expect(server.requestLog.counts.byEndpoint.isEmpty)
            // Once online, the same call goes through.
            recorder.status.withLock { $0 = .online }
            let order = try await gate.perform(GatedAction.placeOrder) { () throws(HTTPClientError) -> Wire.Order in
                try await api.post("/v1/users/user1/orders", body: [String: String](), idempotencyKey: "k-placeOrder")
            }
            #expect(order.status == "processing")
            #expect(server.requestLog.count("POST /v1/users/{user}/orders") == 1)
        }
    }
}

/// A feature's own online-only actions, as the gate sees them: any Hashable type.
enum GatedAction: String, Sendable, Hashable, CaseIterable {
    case placeOrder, checkout, updateQuantity, rateOrder, updateProfile, raiseServiceRequest, transferOwnership
}
