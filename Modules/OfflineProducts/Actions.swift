public import Core

/// The online-only actions of the warranty card (BR-001): what the `OnlineOnlyGate` guards, by this feature's own name.
public enum ProductAction: String, Sendable, Hashable, CaseIterable {
    case raiseServiceRequest
    case transferOwnership

    /// The stable id of its button (`app tap raise-service-request`).
    public var id: String {
        switch self {
        case .raiseServiceRequest: "raise-service-request"
        case .transferOwnership: "transfer-ownership"
        }
    }

    public var title: Copy {
        switch self {
        case .raiseServiceRequest: ProductsCopy.actionRaiseServiceRequest
        case .transferOwnership: ProductsCopy.actionTransferOwnership
        }
    }

    public init?(id: String) {
        guard let action = Self.allCases.first(where: { $0.id == id }) else { return nil }
        self = action
    }
}

/// Every user action of the feature, each declared with its offline pattern (tests check them against the flowchart).
public enum ProductsUserAction: String, Sendable, Hashable, CaseIterable, OfflineUserAction {
    /// Open the product list (a read; the cached copy is fine).
    case viewProducts
    /// Open a warranty card (a read of the cached list).
    case viewWarrantyCard
    /// Pull to refresh (a read).
    case refresh
    /// Ask for repair: the server creates the request and checks the warranty; nothing to anticipate.
    case raiseServiceRequest
    /// Give the product to another user: security-relevant, validated by the server.
    case transferOwnership

    /// The flowchart's answers for this action.
    public var answers: OfflinePattern.Answers {
        switch self {
        case .viewProducts, .viewWarrantyCard, .refresh:
            .read(staleDataIsOK: true)
        case .raiseServiceRequest, .transferOwnership:
            .write(OfflinePattern.Write(isForm: false, responseCanBeAnticipated: false, needsServerValidation: true,
                                        userNeedsToKnowItSucceeded: true))
        }
    }

    /// The declared pattern.
    public var pattern: OfflinePattern {
        switch self {
        case .viewProducts, .viewWarrantyCard, .refresh: .none
        case .raiseServiceRequest, .transferOwnership: .fullPageBlocking
        }
    }

    /// A refresh fetches what the device does not have: offline it is disabled, like the online-only actions.
    public var needsNetwork: Bool { self == .refresh || !pattern.worksOffline }

    /// The declared action behind an id the screens show.
    public init?(actionID id: String) {
        switch id {
        case ProductsActionID.back: self = .viewProducts
        case ProductsActionID.refresh, ProductsActionID.retry: self = .refresh
        case ProductAction.raiseServiceRequest.id: self = .raiseServiceRequest
        case ProductAction.transferOwnership.id: self = .transferOwnership
        case _ where id.hasPrefix(ProductsActionID.productPrefix): self = .viewWarrantyCard
        default: return nil
        }
    }
}

/// The ids of the screen's actions (`app tap ID`, tests, telemetry); the card's online-only buttons use `ProductAction.id`.
public enum ProductsActionID {
    /// `product:<id>`: a row of the list, which opens that product's warranty card.
    public static let productPrefix = "product:"
    public static let back = "back"
    public static let retry = "retry"
    public static let refresh = "refresh"

    public static func product(_ id: String) -> String { productPrefix + id }
}
