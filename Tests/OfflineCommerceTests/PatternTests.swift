import Connectivity
import Core
@testable import OfflineCommerce
import Testing

/// Item 8: every action is declared with an offline pattern, and the flowchart agrees.
@Suite struct PatternTests {
    @Test("AC8 checkout moves money: blocking form; Track Order: full-page blocking")
    func checkoutMovesMoneyAndIsABlockingFormAndTrackOrderIsFullPageBlocking() {
        #expect(CommerceUserAction.checkout.pattern == .blockingForm)
        #expect(CommerceUserAction.placeOrder.pattern == .blockingForm)
        #expect(CommerceUserAction.trackOrder.pattern == .fullPageBlocking)
        #expect(CommerceUserAction.viewCart.pattern == .none)
        #expect(CommerceUserAction.viewOrders.pattern == .none)
    }

    @Test("AC3 AC8 every state-changing call is an online-only action of the gate")
    func everyStateChangingCallIsAnOnlineOnlyActionOfTheGate() {
        let gated = Set(CommerceUserAction.allCases.filter(\.isOnlineOnly))
        #expect(gated == [.checkout, .placeOrder, .updateQuantity, .rateOrder, .updateProfile])
        // Whatever the gate guards does not work offline, and the other way round.
        for action in CommerceUserAction.allCases where action.isOnlineOnly {
            #expect(!action.pattern.worksOffline)
        }
    }

    @Test("AC8 AC3 an action is disabled offline exactly when it needs the network (its pattern, or a refresh)",
          arguments: CommerceUserAction.allCases)
    func anActionIsDisabledOfflineExactlyWhenItNeedsTheNetwork(_ action: CommerceUserAction) {
        #expect(action.state(for: .online) == .enabled)
        #expect(action.state(for: .offline).isEnabled == !action.needsNetwork)
        #expect(action.needsNetwork == (!action.pattern.worksOffline || action == .refresh))
        if action.needsNetwork {
            #expect(action.state(for: .offline) == .disabled(reason: CoreCopy.noConnection))
            #expect(action.state(for: .unknown) == .disabled(reason: CoreCopy.checkingConnection), "at launch: a message that fits")
        }
    }

    @Test func everyCommandNamesItsDeclaredAction() {
        #expect(CommerceCommand.updateQuantity(itemID: "c1", quantity: 2, submission: 1).action == .updateQuantity)
        #expect(CommerceCommand.checkout(receiptEmail: nil, submission: 1).action == .placeOrder)
        #expect(CommerceCommand.rateOrder(orderID: "o1", stars: 5, submission: 1).action == .rateOrder)
    }
}
