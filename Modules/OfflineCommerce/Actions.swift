public import Core

/// Everything a customer can do on the cart and order history, each declared with its offline
/// pattern and the offline UX guide's flowchart answers behind it (one shared test checks every feature's declarations
/// against `OfflinePattern.choose`).
public enum CommerceUserAction: String, Sendable, Hashable, CaseIterable, OfflineUserAction {
    /// Open the cart: a read; yesterday's cart is better than none.
    case viewCart
    /// Open the order history: a read; stale is fine.
    case viewOrders
    /// Pull to refresh, or Retry on an empty state: a read of the same data.
    case refresh
    /// Change a form field (quantity ±, stars, the receipt e-mail): local, no server.
    case editForm
    /// Close a form or page; drafts stay.
    case cancel
    /// "Proceed to Checkout": opens the checkout form, which ends in a payment.
    case checkout
    /// The checkout form's submit: moves money.
    case placeOrder
    /// The quantity form's submit: the server checks stock and reprices the cart.
    case updateQuantity
    /// The rating form's submit: the server checks the order was delivered and not yet rated.
    case rateOrder
    /// The checkout form's receipt e-mail, sent to the account: the server validates it.
    case updateProfile
    /// "Track Order": where the parcel is *now*; an old status would mislead.
    case trackOrder

    /// The flowchart's answers for this action.
    public var answers: OfflinePattern.Answers {
        switch self {
        // Reads where yesterday's data is still useful.
        case .viewCart, .viewOrders, .refresh: .read(staleDataIsOK: true)
        // Typing into a form, closing it: the server is not involved.
        case .editForm, .cancel: .noServer
        // Checkout moves money, the server checks stock and reprices the cart: forms whose outcome only the server decides.
        case .checkout, .placeOrder, .updateQuantity:
            .write(OfflinePattern.Write(isForm: true, responseCanBeAnticipated: false, needsServerValidation: true, userNeedsToKnowItSucceeded: true))
        // The server checks the order was delivered and not yet rated; an account's e-mail is security-related.
        case .rateOrder, .updateProfile:
            .write(OfflinePattern.Write(isForm: true, responseCanBeAnticipated: true, needsServerValidation: true, userNeedsToKnowItSucceeded: true))
        // Where the parcel is now: a stale status would mislead.
        case .trackOrder: .read(staleDataIsOK: false)
        }
    }

    /// The declared pattern.
    public var pattern: OfflinePattern {
        switch self {
        case .viewCart, .viewOrders, .refresh, .editForm, .cancel: .none
        case .checkout, .placeOrder, .updateQuantity, .rateOrder, .updateProfile: .blockingForm
        case .trackOrder: .fullPageBlocking
        }
    }

    /// A refresh fetches what the device does not have: offline it is disabled, like what the pattern keeps offline.
    public var needsNetwork: Bool { self == .refresh || !pattern.worksOffline }

    /// The declared action behind an id the screens show (`CommerceActionID`).
    public init?(actionID id: String) {
        switch id {
        case CommerceActionID.checkout: self = .checkout
        case CommerceActionID.placeOrder: self = .placeOrder
        case CommerceActionID.submitQuantity: self = .updateQuantity
        case CommerceActionID.submitRating: self = .rateOrder
        case CommerceActionID.addOne, CommerceActionID.removeOne: self = .editForm
        case CommerceActionID.cancel: self = .cancel
        case CommerceActionID.retry, CommerceActionID.refresh: self = .refresh
        case _ where id.hasPrefix("update-quantity:"): self = .updateQuantity
        case _ where id.hasPrefix("track:"): self = .trackOrder
        case _ where id.hasPrefix("rate:"): self = .rateOrder
        case _ where id.hasPrefix("stars:"): self = .editForm
        default: return nil
        }
    }

    /// A state-changing call of BR-OFF-001: it goes through the `OnlineOnlyGate` (by this action's own name).
    public var isOnlineOnly: Bool {
        switch self {
        case .checkout, .placeOrder, .updateQuantity, .rateOrder, .updateProfile: true
        case .viewCart, .viewOrders, .refresh, .editForm, .cancel, .trackOrder: false
        }
    }

    /// Whether it can be used with this connectivity: anything that needs the network (what the pattern does not let
    /// work offline, and a refresh) needs evidence of a working network, like the gate (offline: "No internet connection…";
    /// unknown, before the first reading: "Checking your connection. Try again in a moment.").
    public func state(for status: ConnectivityStatus) -> ActionState {
        if isOnlineOnly { return OnlineOnlyGate(status: { status }).actionState(for: self) }
        guard needsNetwork else { return .enabled }
        switch status {
        case .online: return .enabled
        case .offline: return .disabled(reason: CoreCopy.noConnection)
        case .unknown: return .disabled(reason: CoreCopy.checkingConnection)
        }
    }
}

/// The ids of the actions in the view state (`app tap ID` in the REPL); per-record ones end in `:<id>`.
public enum CommerceActionID {
    public static let checkout = "checkout"
    public static let placeOrder = "place-order"
    public static let submitQuantity = "submit-quantity"
    public static let submitRating = "submit-rating"
    public static let addOne = "add-one"
    public static let removeOne = "remove-one"
    public static let cancel = "cancel"
    public static let retry = "retry"
    public static let refresh = "refresh"

    public static func updateQuantity(_ itemID: String) -> String { "update-quantity:\(itemID)" }
    public static func trackOrder(_ orderID: String) -> String { "track:\(orderID)" }
    public static func rateOrder(_ orderID: String) -> String { "rate:\(orderID)" }
    public static func stars(_ count: Int) -> String { "stars:\(count)" }
}
