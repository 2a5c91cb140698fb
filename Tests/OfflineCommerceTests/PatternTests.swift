import Connectivity
import Core
@testable import OfflineCommerce
import Testing

/// Item 8: every action is declared with an offline pattern, and the flowchart agrees.
@Suite struct PatternTests {
    /// This test's own answers to the flowchart's questions, action by action (the module declares only the pattern).
    static let answers: [CommerceAction: OfflinePattern.Answers] = [
        // Reads where yesterday's data is still useful.
        .viewCart: .read(staleDataIsOK: true),
        .viewOrders: .read(staleDataIsOK: true),
        .refresh: .read(staleDataIsOK: true),
        // Typing into a form, closing it: the server is not involved.
        .editForm: .noServer,
        .cancel: .noServer,
        // Checkout moves money: a form whose outcome only the server can decide.
        .checkout: .write(.init(isForm: true, responseCanBeAnticipated: false, needsServerValidation: true, userNeedsToKnowItSucceeded: true)),
        .placeOrder: .write(.init(isForm: true, responseCanBeAnticipated: false, needsServerValidation: true, userNeedsToKnowItSucceeded: true)),
        // The server checks stock and reprices the cart.
        .updateQuantity: .write(.init(isForm: true, responseCanBeAnticipated: false, needsServerValidation: true, userNeedsToKnowItSucceeded: true)),
        // The server checks the order was delivered and is not rated yet.
        .rateOrder: .write(.init(isForm: true, responseCanBeAnticipated: true, needsServerValidation: true, userNeedsToKnowItSucceeded: true)),
        // An account's e-mail: security-related, validated by the server.
        .updateProfile: .write(.init(isForm: true, responseCanBeAnticipated: true, needsServerValidation: true, userNeedsToKnowItSucceeded: true)),
        // Where the parcel is now: a stale status would mislead.
        .trackOrder: .read(staleDataIsOK: false),
    ]

    @Test("AC8 every action is declared with the pattern the flowchart gives", arguments: CommerceAction.allCases)
    func everyActionIsDeclaredWithThePatternTheFlowchartGives(_ action: CommerceAction) throws {
        let answers = try #require(Self.answers[action], "no flowchart answers for \(action)")
        #expect(OfflinePattern.choose(answers) == action.pattern)
    }

    @Test("AC8 checkout moves money: blocking form; Track Order: full-page blocking")
    func checkoutMovesMoneyAndIsABlockingFormAndTrackOrderIsFullPageBlocking() {
        #expect(CommerceAction.checkout.pattern == .blockingForm)
        #expect(CommerceAction.placeOrder.pattern == .blockingForm)
        #expect(CommerceAction.trackOrder.pattern == .fullPageBlocking)
        #expect(CommerceAction.viewCart.pattern == .none)
        #expect(CommerceAction.viewOrders.pattern == .none)
    }

    @Test("AC3 AC8 every state-changing call is an online-only action of the gate")
    func everyStateChangingCallIsAnOnlineOnlyActionOfTheGate() {
        let gated = Set(CommerceAction.allCases.compactMap(\.onlineOnlyAction))
        #expect(gated == [.checkout, .placeOrder, .updateQuantity, .rateOrder, .updateProfile])
        // Whatever the gate guards does not work offline, and the other way round.
        for action in CommerceAction.allCases where action.onlineOnlyAction != nil {
            #expect(!action.pattern.worksOffline)
        }
    }

    @Test("AC8 an action is disabled offline exactly when its pattern does not work offline", arguments: CommerceAction.allCases)
    func anActionIsDisabledOfflineExactlyWhenItsPatternDoesNotWorkOffline(_ action: CommerceAction) {
        #expect(action.state(for: .online) == .enabled)
        #expect(action.state(for: .offline).isEnabled == action.pattern.worksOffline)
        if !action.pattern.worksOffline {
            #expect(action.state(for: .offline) == .disabled(reason: CoreCopy.noConnection))
            #expect(action.state(for: .unknown) == .disabled(reason: CoreCopy.requiresConnection))
        }
    }

    @Test func everyCommandNamesItsDeclaredAction() {
        #expect(CommerceCommand.updateQuantity(itemID: "c1", quantity: 2, submission: 1).action == .updateQuantity)
        #expect(CommerceCommand.checkout(receiptEmail: nil, submission: 1).action == .placeOrder)
        #expect(CommerceCommand.rateOrder(orderID: "o1", stars: 5, submission: 1).action == .rateOrder)
    }
}
