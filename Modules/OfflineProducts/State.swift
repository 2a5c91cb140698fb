public import Core
public import Foundation

/// An online-only flow the user started from a card while online; the app presents its form, whose submit
/// calls `ProductsFeature.raiseServiceRequest` or `.transferOwnership`.
public struct ProductFlow: Sendable, Hashable {
    public var action: ProductAction
    public var productID: String

    public init(action: ProductAction, productID: String) {
        self.action = action
        self.productID = productID
    }
}

/// Something that happened to the products screen.
public enum ProductsEvent: Sendable, Equatable, ToastExpiring {
    /// The screen opened and read the cache (nil: nothing cached yet) in `took`.
    case opened(CachedValue<ProductCatalog>?, took: Duration = .zero)
    case connectivityChanged(ConnectivityStatus)
    case loggedIn
    case lifecycle(AppLifecycle)
    case refreshRequested
    case prefetchRequested
    /// A refresh ended, after `took`.
    case refreshFinished(RevalidateOutcome<ProductCatalog>, took: Duration = .zero)
    /// The automatic retry of a failed refresh is due.
    case retryDue
    /// An action of the view state, by id (`ProductsActionID`, `ProductAction.id`).
    case actionTapped(String)
    case flowDismissed
    /// An online-only flow's submit ended (`ProductsFeature.raiseServiceRequest`, `.transferOwnership`).
    case flowSubmitted(ProductAction, FlowOutcome)
    /// The product left this user's list (its ownership was transferred).
    case productRemoved(String)
    case toastExpired(sequence: Int)
    /// Work the user never sees failed (a cache write); recorded for support.
    case workFailed(String, error: String)
}

/// How an online-only flow's submit ended.
public enum FlowOutcome: String, Sendable, Hashable {
    case sent
    /// Not online: nothing was sent ("This feature requires an internet connection").
    case refusedOffline = "refused_offline"
    case failed
    /// The product is not in the list (any more).
    case unknownProduct = "unknown_product"
}

/// The feature's own work, done by `ProductsFeature`'s performer (timers and telemetry are the runtime's).
public enum ProductsWork: Sendable, Equatable {
    /// Fetch every page in the background and report `.refreshFinished`.
    case refresh(RefreshTrigger)
}

/// The products screen as a pure state machine: events in, effects out, no I/O and no clock.
public struct ProductsState: StateMachine, Equatable {
    public typealias Event = ProductsEvent
    public typealias Work = ProductsWork

    public var connectivity: ConnectivityStatus
    /// The list: the cache, then each successful refresh; where its refresh stands and its retries.
    public var products = ResourceState<CachedValue<ProductCatalog>>(retrySeed: 0x5EED_9A55_0C1A)
    public var hasOpened = false
    /// Set once offline is established on an opened screen; cleared only by a successful refresh. While set, the offline
    /// indicator stays, so it goes away when fresh data is on screen, not merely when the network is back.
    public var showsOfflineData = false
    public var selectedProductID: String?
    public var flow: ProductFlow?
    public var toast = ToastSlot()
    /// What became of the last `.actionTapped`.
    public var lastTap: TapResult?

    /// The id of the automatic retry's timer.
    public static let retryTimerID = "refresh.retry"

    public init(connectivity: ConnectivityStatus) {
        self.connectivity = connectivity
    }

    /// The list on screen; nil: this device never synced.
    public var catalog: ProductCatalog? { products.cached?.value }

    public var selectedProduct: Product? {
        selectedProductID.flatMap { id in catalog?.product(id: id) }
    }

    public mutating func handle(_ event: ProductsEvent, now: Date) -> [Effect] {
        switch event {
        case let .opened(cached, took):
            hasOpened = true
            products.cacheRead = true
            // Opened offline: what it shows is offline data until a refresh brings fresh data.
            if connectivity == .offline { showsOfflineData = true }
            let opened: Effect = .record("products.opened", attributes: ["cached": cached.map { String($0.value.count) } ?? "none"],
                                         duration: took)
            guard let cached else { return [opened] + requestRefresh(.open) }
            products.cached = cached
            return [opened]

        case let .connectivityChanged(status):
            let previous = connectivity
            connectivity = status
            switch status {
            case .offline:
                // Only a screen that has opened shows anything; before that, going offline shows nothing.
                if hasOpened { showsOfflineData = true }
                return []
            case .online where previous != .online:
                if let wanted = products.wanted { return requestRefresh(wanted) }
                if showsOfflineData { return requestRefresh(.reconnect) }
                return []
            case .online, .unknown:
                return []
            }

        case .loggedIn:
            return requestRefresh(.login)

        case let .lifecycle(phase):
            switch phase {
            case .launched, .foregrounded: return requestRefresh(.foreground)
            case .backgrounded, .terminated: return []
            }

        case .refreshRequested:
            guard connectivity != .offline else { return toast.show(CoreCopy.noConnection, id: "no-connection") }
            return requestRefresh(.refresh)

        case .prefetchRequested:
            // The warm-up session runs when it has a connection; unknown is worth the try (the repository re-checks).
            guard connectivity != .offline, products.begin(.prefetch) else { return [] }
            return [.perform(.refresh(.prefetch))]

        case let .refreshFinished(outcome, took):
            guard let trigger = products.finish(outcome) else { return [.perform(.refresh(.write))] }
            var effects: [Effect] = [.record("products.sync", attributes: Self.attributes(of: outcome, trigger: trigger), duration: took)]
            if let error = outcome.error {
                // BR-002: keep the last good list, nothing cleared, nothing said; the retries run silently. After reconnect,
                // the truth (issue 25, item 5): online, a failure of the server or the path is not "offline", so the
                // indicator goes. A refused session is not offline either: the screen says to sign in again.
                if connectivity == .online, error != .offline, !error.isAuthenticationFailure { showsOfflineData = false }
                // The person asked: a pull to refresh that failed over a kept list says so briefly (BR-002 silences the rest).
                if trigger.isUserInitiated, catalog != nil { effects += toast.show(Self.refreshFailedMessage(error), id: "refresh-failed") }
            } else {
                showsOfflineData = false
                if selectedProduct == nil { selectedProductID = nil }
                if let flow, catalog?.product(id: flow.productID) == nil { self.flow = nil }
            }
            effects += scheduleRetry(after: outcome.error)
            return effects

        case .retryDue:
            return connectivity == .online ? requestRefresh(.retry) : []

        case let .actionTapped(id):
            let (result, effects) = tap(id, now: now)
            lastTap = result
            return effects

        case .flowDismissed:
            flow = nil
            return []

        case let .flowSubmitted(action, outcome):
            if outcome == .sent { flow = nil }
            let name = outcome == .unknownProduct ? "unknown" : action.rawValue
            return [.record("products.action", attributes: ["action": name, "outcome": outcome == .unknownProduct ? "failed" : outcome.rawValue])]

        case let .productRemoved(id):
            if let cached = products.cached { products.cached = CachedValue(value: cached.value.removing(id: id), savedAt: cached.savedAt) }
            if selectedProductID == id { selectedProductID = nil }
            if flow?.productID == id { flow = nil }
            return []

        case let .toastExpired(sequence):
            toast.expire(sequence: sequence)
            return []

        case let .workFailed(name, error):
            return [.record("products.\(name)", attributes: ["error": error])]
        }
    }

    /// A tap, decided here in one turn with the state it reads: a card action, `product:<id>`, `back`, `refresh`, `retry`.
    private mutating func tap(_ id: String, now: Date) -> (TapResult, [Effect]) {
        if let action = ProductAction(id: id) {
            guard let product = selectedProduct else { return (.notOnScreen, []) }
            // BR-001: the offline copy is read-only; online-only actions say why instead of acting.
            switch connectivity {
            case .online: break
            case .offline: return (.handled, toast.show(CoreCopy.requiresConnection, id: "requires-connection"))
            case .unknown: return (.handled, toast.show(CoreCopy.checkingConnection, id: "checking-connection"))
            }
            flow = ProductFlow(action: action, productID: product.id)
            return (.handled, [])
        }
        if id.hasPrefix(ProductsActionID.productPrefix) {
            let productID = String(id.dropFirst(ProductsActionID.productPrefix.count))
            guard catalog?.product(id: productID) != nil else { return (.notOnScreen, []) }
            selectedProductID = productID
            return (.handled, [])
        }
        switch id {
        case ProductsActionID.back:
            selectedProductID = nil
            return (.handled, [])
        case ProductsActionID.refresh, ProductsActionID.retry:
            return (.handled, handle(.refreshRequested, now: now))
        default:
            return (.notOnScreen, [])
        }
    }

    /// After reconnect, the truth (issue 25, item 5): a failure a retry can cure, while online, schedules the next
    /// refresh; BR-002 keeps it silent. A success or a final failure ends the series.
    private mutating func scheduleRetry(after failure: HTTPClientError?) -> [Effect] {
        let wasRetrying = products.retry.isRetrying
        guard let delay = products.retry.next(after: failure, online: connectivity == .online) else {
            return wasRetrying ? [.cancelTimer(id: Self.retryTimerID)] : []
        }
        return [.startTimer(id: Self.retryTimerID, after: delay, send: .retryDue)]
    }

    private mutating func requestRefresh(_ trigger: RefreshTrigger) -> [Effect] {
        guard connectivity == .online else {
            products.want(trigger)
            return []
        }
        return products.begin(trigger) ? [.perform(.refresh(trigger))] : []
    }

    /// What a failed pull to refresh says: sign in again, no connection, or that it could not refresh.
    static func refreshFailedMessage(_ error: HTTPClientError) -> Copy {
        if error.isAuthenticationFailure { return CoreCopy.signInRequiredMessage }
        return error == .offline || error.isTransportFailure ? CoreCopy.noConnection : CoreCopy.refreshFailedTitle
    }

    private static func attributes(of outcome: RevalidateOutcome<ProductCatalog>, trigger: RefreshTrigger) -> [String: String] {
        switch outcome {
        case let .fresh(value):
            ["trigger": trigger.rawValue, "outcome": "synced", "count": String(value.value.count)]
        case .unchanged:
            ["trigger": trigger.rawValue, "outcome": "unchanged"]
        case let .kept(value, error):
            // BR-002: silent for the user; recorded for support.
            ["trigger": trigger.rawValue, "outcome": "kept", "error": "\(error)", "cached": value.map { String($0.value.count) } ?? "none"]
        }
    }
}
