public import Core
public import Foundation

/// The two screens of the module.
public enum CommerceScreen: String, Sendable, Hashable, CaseIterable {
    case cart, orders
}

/// A form or page shown over a screen.
public enum CommerceSheet: Sendable, Equatable {
    /// The quantity form (pattern C): the field stays editable offline, its submit is disabled.
    case quantity(QuantityForm)
    /// The checkout form (pattern C): moves money, never submitted offline.
    case checkout(CheckoutForm)
    /// The rating form (pattern C).
    case rating(RatingForm)
    /// Where an order is now (pattern D): fresh or nothing.
    case tracking(TrackingPage)
}

public struct QuantityForm: Sendable, Equatable {
    public var itemID: String
    public var quantity: Int
    /// Names this submission for its idempotency key: a retry of the same form sends the same key.
    public var submission: Int
    public var isSubmitting = false

    public init(itemID: String, quantity: Int, submission: Int) {
        self.itemID = itemID
        self.quantity = quantity
        self.submission = submission
    }

    public static let range = 0...99
}

public struct CheckoutForm: Sendable, Equatable {
    /// Optional: a new e-mail for the account's receipts. Held in memory only, never stored.
    public var receiptEmail = ""
    public var submission: Int
    public var isSubmitting = false

    public init(submission: Int) {
        self.submission = submission
    }
}

public struct RatingForm: Sendable, Equatable {
    public var orderID: String
    public var stars: Int
    public var submission: Int
    public var isSubmitting = false

    public init(orderID: String, stars: Int, submission: Int) {
        self.orderID = orderID
        self.stars = stars
        self.submission = submission
    }

    public static let range = 1...5
}

public struct TrackingPage: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case loading
        case loaded(OrderSummary, checkedAt: Date)
        /// No fresh answer (offline, or the read failed): the page blocks and says what to do next.
        case failed(HTTPClientError)
        case notFound
    }

    public var orderID: String
    public var phase: Phase

    public init(orderID: String, phase: Phase) {
        self.orderID = orderID
        self.phase = phase
    }
}

/// What a fresh read for "Track Order" found.
public enum TrackingResult: Sendable, Equatable {
    case found(OrderSummary)
    case notFound
    case failed(HTTPClientError)
}

/// A state-changing call, always run through the `OnlineOnlyGate` by the repository.
public enum CommerceCommand: Sendable, Hashable {
    case updateQuantity(itemID: String, quantity: Int, submission: Int)
    /// Updates the profile's e-mail first when one was typed, then places the order.
    case checkout(receiptEmail: String?, submission: Int)
    case rateOrder(orderID: String, stars: Int, submission: Int)

    public var submission: Int {
        switch self {
        case let .updateQuantity(_, _, submission), let .checkout(_, submission), let .rateOrder(_, _, submission): submission
        }
    }

    public var action: CommerceUserAction {
        switch self {
        case .updateQuantity: .updateQuantity
        case .checkout: .placeOrder
        case .rateOrder: .rateOrder
        }
    }
}

/// What happened: from the customer, the network, the store, or a finished effect.
public enum CommerceEvent: Sendable, Equatable, ToastExpiring {
    case screenOpened(CommerceScreen)
    /// Pull-to-refresh on the visible screen (or page).
    case refreshRequested
    /// The warmup session fills both caches (`CommerceFeature.prefetch`).
    case prefetchRequested
    /// An action of the view state, by id (`CommerceActionID`).
    case actionTapped(String)
    case receiptEmailEdited(String)
    case toastExpired(sequence: Int)
    /// The automatic retry of a failed refresh is due.
    case retryDue(CommerceScreen)
    case lifecycle(AppLifecycle)
    case connectivityChanged(ConnectivityStatus)

    case draftsRead(FormDrafts)
    case cartRead(CachedValue<ShoppingCart>?)
    /// The pixel sizes of the cart's images kept on the device (the rest show a placeholder).
    case imagesKept([String: PixelSize])
    case ordersRead(CachedValue<OrderHistory>?)
    case cartRefreshFinished(RevalidateOutcome<ShoppingCart>)
    case ordersRefreshFinished(RevalidateOutcome<OrderHistory>)
    case quantityUpdated(itemID: String, CachedValue<ShoppingCart>)
    case orderPlaced(OrderSummary)
    case orderRated(OrderSummary)
    case commandFailed(CommerceCommand, OnlineOnlyError<CommerceUserAction>)
    case orderTracked(orderID: String, TrackingResult)
    /// Work the customer never sees failed (a draft not saved); recorded for support.
    case workFailed(String, error: String)
}

/// The feature's own work, done by `CommerceFeature`'s performer.
public enum CommerceWork: Sendable, Equatable {
    case readDrafts
    /// Read the screen's cache from the store, at once (the first view state comes from it).
    case readCache(CommerceScreen)
    /// Fetch the screen's resource in the background and report `.cartRefreshFinished` / `.ordersRefreshFinished`.
    case refresh(CommerceScreen)
    case saveDrafts(FormDrafts)
    /// Run a write through the repository (and so through the `OnlineOnlyGate`).
    case submit(CommerceCommand)
    case track(orderID: String)
}

/// What the machine asks for: its own work, the toast timer, telemetry.
public typealias CommerceEffect = FeatureEffect<CommerceEvent, CommerceWork>

/// The machine's effects by name (each is one `FeatureEffect`).
extension FeatureEffect where Event == CommerceEvent, Work == CommerceWork {
    public static var readDrafts: Self { .perform(.readDrafts) }
    public static func readCache(_ screen: CommerceScreen) -> Self { .perform(.readCache(screen)) }
    public static func refresh(_ screen: CommerceScreen) -> Self { .perform(.refresh(screen)) }
    public static func saveDrafts(_ drafts: FormDrafts) -> Self { .perform(.saveDrafts(drafts)) }
    public static func submit(_ command: CommerceCommand) -> Self { .perform(.submit(command)) }
    public static func track(orderID: String) -> Self { .perform(.track(orderID: orderID)) }
    public static func record(_ name: String, _ attributes: [String: String]) -> Self { .record(name, attributes: attributes) }
}

/// The pure state machine of the cart and order history: `handle(event, now:)` changes the state and
/// returns the effects to run. No I/O, no clock: time comes in with each event.
public struct CommerceState: StateMachine, Equatable {
    public typealias Event = CommerceEvent
    public typealias Work = CommerceWork

    public var connectivity: ConnectivityStatus
    /// The screen on display (nil until one is opened).
    public var screen: CommerceScreen?
    public var isForeground = true
    public var cart = ResourceState<CachedValue<ShoppingCart>>(retrySeed: 0x5EED_0FF1_11E5)
    public var orders = ResourceState<CachedValue<OrderHistory>>(retrySeed: 0x5EED_0FF1_11E6)
    public var drafts = FormDrafts()
    public var draftsRead = false
    /// The cart's images kept on the device, by reference.
    public var images: [String: PixelSize] = [:]
    public var sheet: CommerceSheet?
    public var toast = ToastSlot()
    private var nextSubmission = 1

    /// The retry timer of a screen's resource.
    public static func retryTimerID(_ screen: CommerceScreen) -> String { "refresh.retry.\(screen.rawValue)" }

    public init(connectivity: ConnectivityStatus) {
        self.connectivity = connectivity
    }

    public mutating func handle(_ event: CommerceEvent, now: Date) -> [CommerceEffect] {
        switch event {
        case let .screenOpened(screen):
            return open(screen)
        case .refreshRequested:
            return refresh()
        case .prefetchRequested:
            // Both resources, whatever the screen; offline the repository answers at once that it could not.
            return startRefresh(.cart, .prefetch) + startRefresh(.orders, .prefetch)
        case let .actionTapped(id):
            return tap(id)
        case let .receiptEmailEdited(text):
            guard case var .checkout(form) = sheet else { return [] }
            form.receiptEmail = text
            sheet = .checkout(form)
            return []
        case let .toastExpired(sequence):
            toast.expire(sequence: sequence)
            return []
        case let .workFailed(name, error):
            return [.record("commerce.\(name)", ["error": error])]
        case let .lifecycle(phase):
            let wasForeground = isForeground
            isForeground = phase.isActive
            // Back on screen: the visible screen revalidates on its own.
            return !wasForeground && isForeground ? refreshVisible(.foreground) : []
        case let .connectivityChanged(status):
            return connectivityChanged(to: status)

        case let .draftsRead(drafts):
            self.drafts = drafts
            draftsRead = true
            return []
        case let .imagesKept(sizes):
            images = sizes
            return []
        case let .cartRead(value):
            if let value { cart.cached = value }
            cart.cacheRead = true
            return []
        case let .ordersRead(value):
            if let value { orders.cached = value }
            orders.cacheRead = true
            return []
        case let .cartRefreshFinished(outcome):
            guard let trigger = cart.finish(outcome) else { return [.refresh(.cart)] }
            var retry = cart.retry
            defer { cart.retry = retry }
            return refreshFinished(.cart, trigger, outcome: Self.describe(outcome), error: outcome.error, retry: &retry)
        case let .ordersRefreshFinished(outcome):
            guard let trigger = orders.finish(outcome) else { return [.refresh(.orders)] }
            var retry = orders.retry
            defer { orders.retry = retry }
            return refreshFinished(.orders, trigger, outcome: Self.describe(outcome), error: outcome.error, retry: &retry)
        case let .retryDue(screen):
            // Offline the connection's return refreshes anyway; a refresh under way will report by itself.
            guard connectivity == .online else { return [] }
            return startRefresh(screen, .retry)

        case let .quantityUpdated(itemID, value):
            cart.cached = value
            cart.lastFailure = nil
            _ = cart.supersede()
            if case let .quantity(form) = sheet, form.itemID == itemID { sheet = nil }
            return [.record("commerce.command", ["action": CommerceUserAction.updateQuantity.rawValue, "outcome": "succeeded"])]
                + setDraft(quantityOf: itemID, to: nil)
        case let .orderPlaced(order):
            if case .checkout = sheet { sheet = nil }
            // The repository already emptied the cached cart and listed the order; read both back, then revalidate.
            var effects: [CommerceEffect] = [
                .record("commerce.command", ["action": CommerceUserAction.placeOrder.rawValue, "outcome": "succeeded"]),
                .readCache(.cart), .readCache(.orders),
            ]
            effects += toast.show(Toast(id: "order-placed", severity: .success, message: CommerceCopy.toastOrderPlaced(id: .text(order.id)),
                                        autoDismissAfter: ToastSlot.duration))
            if connectivity != .offline { effects += refreshAfterWrite(.cart) + refreshAfterWrite(.orders) }
            return effects
        case let .orderRated(order):
            if case let .rating(form) = sheet, form.orderID == order.id { sheet = nil }
            _ = orders.supersede()
            return [.record("commerce.command", ["action": CommerceUserAction.rateOrder.rawValue, "outcome": "succeeded"]), .readCache(.orders)]
                + setDraft(starsOf: order.id, to: nil)
                + toast.show(Toast(id: "order-rated", severity: .success, message: CommerceCopy.toastRated,
                                   autoDismissAfter: ToastSlot.duration))
        case let .commandFailed(command, error):
            endSubmission(command)
            return [.record("commerce.command", ["action": command.action.rawValue, "outcome": Self.describe(error)])]
                + toast.show(Self.toast(for: error))
        case let .orderTracked(orderID, result):
            guard case let .tracking(page) = sheet, page.orderID == orderID else { return [] }
            switch result {
            case let .found(order):
                sheet = .tracking(TrackingPage(orderID: orderID, phase: .loaded(order, checkedAt: now)))
                // The fresh read was cached: the history behind the page follows.
                _ = orders.supersede()
                return [.readCache(.orders)]
            case .notFound:
                sheet = .tracking(TrackingPage(orderID: orderID, phase: .notFound))
                return []
            case let .failed(error):
                sheet = .tracking(TrackingPage(orderID: orderID, phase: .failed(error)))
                return [.record("commerce.tracking_blocked", ["order": orderID, "error": Self.describe(error)])]
            }
        }
    }

    // MARK: - Screens and refresh

    private mutating func open(_ screen: CommerceScreen) -> [CommerceEffect] {
        self.screen = screen
        sheet = nil
        var effects: [CommerceEffect] = [.record("commerce.screen_opened", ["screen": screen.rawValue, "connectivity": connectivity.rawValue])]
        if !draftsRead { effects.append(.readDrafts) }
        if !resource(screen).cacheRead { effects.append(.readCache(screen)) }
        // Every online view refreshes the cache (stale-while-revalidate); offline, the cache is all there is.
        if connectivity != .offline { effects += startRefresh(screen, .open) }
        return effects
    }

    private mutating func refresh() -> [CommerceEffect] {
        if case let .tracking(page) = sheet { return track(page.orderID) }
        guard let screen else { return [] }
        guard connectivity != .offline else {
            // Offline: the message instead of a spinner that could only fail.
            return [.record("commerce.refresh_refused", ["screen": screen.rawValue])] + toast.show(CorePreviews.noConnectionToast)
        }
        return startRefresh(screen, .refresh)
    }

    private mutating func refreshVisible(_ trigger: RefreshTrigger) -> [CommerceEffect] {
        guard isForeground, connectivity != .offline else { return [] }
        var effects: [CommerceEffect] = []
        if let screen { effects += startRefresh(screen, trigger) }
        if case let .tracking(page) = sheet, page.phase != .loading { effects += track(page.orderID) }
        return effects
    }

    /// One refresh at a time per resource; one the customer asks for during a running one just shows its spinner.
    private mutating func startRefresh(_ screen: CommerceScreen, _ trigger: RefreshTrigger) -> [CommerceEffect] {
        let started = switch screen {
        case .cart: cart.begin(trigger)
        case .orders: orders.begin(trigger)
        }
        return started ? [.refresh(screen)] : []
    }

    /// A refresh's outcome as telemetry says it: `fresh`, `unchanged` (a 304), or the error.
    private static func describe<Value>(_ outcome: RevalidateOutcome<Value>) -> String {
        switch outcome {
        case .fresh: "fresh"
        case .unchanged: "unchanged"
        case let .kept(_, error): describe(error)
        }
    }

    /// After a write: a refresh now, or one more after the running one (whose answer may predate the write).
    private mutating func refreshAfterWrite(_ screen: CommerceScreen) -> [CommerceEffect] {
        let superseded = switch screen {
        case .cart: cart.supersede()
        case .orders: orders.supersede()
        }
        return superseded ? [] : startRefresh(screen, .write)
    }

    /// After a refresh ended: telemetry; a refresh the customer asked for that failed says why; a failure a retry can
    /// cure (transport, 5xx, 408, 429) while online schedules the next try, and a success, a final failure or a refused
    /// session ends the retries.
    private mutating func refreshFinished(_ screen: CommerceScreen, _ trigger: RefreshTrigger, outcome: String, error: HTTPClientError?,
                                          retry: inout RetrySchedule) -> [CommerceEffect] {
        var effects: [CommerceEffect] = [.record("commerce.revalidated", ["screen": screen.rawValue, "outcome": outcome])]
        if let error, trigger.isUserInitiated { effects += toast.show(Self.toast(forFailedRead: error)) }
        let wasRetrying = retry.isRetrying
        guard let delay = retry.next(after: error, online: connectivity == .online), let error else {
            return effects + (wasRetrying ? [.cancelTimer(id: Self.retryTimerID(screen))] : [])
        }
        return effects + [
            .record("commerce.refresh_retry", ["screen": screen.rawValue, "attempt": String(retry.attempt),
                                               "after_ms": String(Int(delay.seconds * 1000)), "error": Self.describe(error)]),
            .startTimer(id: Self.retryTimerID(screen), after: delay, send: .retryDue(screen)),
        ]
    }

    private mutating func connectivityChanged(to status: ConnectivityStatus) -> [CommerceEffect] {
        let before = connectivity
        connectivity = status
        guard status != before else { return [] }
        var effects: [CommerceEffect] = [.record("commerce.connectivity", ["from": before.rawValue, "to": status.rawValue])]
        if status == .online {
            // The reason for "No internet connection" is gone.
            if [CoreCopy.noConnection, CoreCopy.requiresConnection, CoreCopy.checkingConnection].contains(toast.current?.message) { toast.clear() }
            effects += refreshVisible(.reconnect)
        } else if status == .offline, case let .tracking(page) = sheet, page.phase == .loading {
            // The fresh read cannot finish offline: block now rather than wait for it to fail.
            sheet = .tracking(TrackingPage(orderID: page.orderID, phase: .failed(.offline)))
        }
        return effects
    }

    // MARK: - Actions

    private mutating func tap(_ id: String) -> [CommerceEffect] {
        let (name, argument) = Self.split(id)
        switch name {
        case CommerceActionID.retry, CommerceActionID.refresh:
            return refresh()
        case CommerceActionID.cancel:
            sheet = nil
            return []
        case CommerceActionID.checkout:
            guard let cart = cart.cached?.value, !cart.items.isEmpty else { return [] }
            if let refused = refusal(.checkout) { return refused }
            sheet = .checkout(CheckoutForm(submission: takeSubmission()))
            return []
        case "update-quantity":
            guard let argument, let line = cart.cached?.value.line(argument) else { return [] }
            if let refused = refusal(.updateQuantity) { return refused }
            let quantity = drafts.quantities[argument] ?? line.quantity
            sheet = .quantity(QuantityForm(itemID: argument, quantity: quantity, submission: takeSubmission()))
            return []
        case "track":
            guard let argument, orders.cached?.value.order(argument) != nil else { return [] }
            if let refused = refusal(.trackOrder) { return refused }
            return track(argument)
        case "rate":
            guard let argument, orders.cached?.value.order(argument)?.canBeRated == true else { return [] }
            if let refused = refusal(.rateOrder) { return refused }
            sheet = .rating(RatingForm(orderID: argument, stars: drafts.ratings[argument] ?? RatingForm.range.upperBound,
                                       submission: takeSubmission()))
            return []
        case CommerceActionID.addOne, CommerceActionID.removeOne:
            guard case var .quantity(form) = sheet, !form.isSubmitting else { return [] }
            let step = name == CommerceActionID.addOne ? 1 : -1
            form.quantity = min(max(form.quantity + step, QuantityForm.range.lowerBound), QuantityForm.range.upperBound)
            sheet = .quantity(form)
            let saved = cart.cached?.value.line(form.itemID)?.quantity
            return setDraft(quantityOf: form.itemID, to: form.quantity == saved ? nil : form.quantity)
        case "stars":
            guard case var .rating(form) = sheet, !form.isSubmitting, let argument, let stars = Int(argument),
                  RatingForm.range.contains(stars) else { return [] }
            form.stars = stars
            sheet = .rating(form)
            return setDraft(starsOf: form.orderID, to: stars)
        case CommerceActionID.submitQuantity:
            guard case var .quantity(form) = sheet, !form.isSubmitting else { return [] }
            if let refused = refusal(.updateQuantity) { return refused }
            form.isSubmitting = true
            sheet = .quantity(form)
            return [.submit(.updateQuantity(itemID: form.itemID, quantity: form.quantity, submission: form.submission))]
        case CommerceActionID.placeOrder:
            guard case var .checkout(form) = sheet, !form.isSubmitting else { return [] }
            if let refused = refusal(.placeOrder) { return refused }
            form.isSubmitting = true
            sheet = .checkout(form)
            let email = form.receiptEmail.trimmingCharacters(in: .whitespacesAndNewlines)
            return [.submit(.checkout(receiptEmail: email.isEmpty ? nil : email, submission: form.submission))]
        case CommerceActionID.submitRating:
            guard case var .rating(form) = sheet, !form.isSubmitting else { return [] }
            if let refused = refusal(.rateOrder) { return refused }
            form.isSubmitting = true
            sheet = .rating(form)
            return [.submit(.rateOrder(orderID: form.orderID, stars: form.stars, submission: form.submission))]
        default:
            return [.record("commerce.unknown_action", ["id": id])]
        }
    }

    /// Nil when the action may be used now; otherwise shows why (the disabled action's reason) and returns the effects of saying so.
    private mutating func refusal(_ action: CommerceUserAction) -> [CommerceEffect]? {
        guard let reason = action.state(for: connectivity).disabledReason else { return nil }
        return [.record("commerce.action_refused", ["action": action.rawValue, "connectivity": connectivity.rawValue])]
            + toast.show(Self.toast(reason))
    }

    private mutating func track(_ orderID: String) -> [CommerceEffect] {
        guard connectivity != .offline else {
            sheet = .tracking(TrackingPage(orderID: orderID, phase: .failed(.offline)))
            return toast.show(CorePreviews.noConnectionToast)
        }
        sheet = .tracking(TrackingPage(orderID: orderID, phase: .loading))
        return [.track(orderID: orderID)]
    }

    private mutating func endSubmission(_ command: CommerceCommand) {
        switch sheet {
        case var .quantity(form) where form.submission == command.submission:
            form.isSubmitting = false
            sheet = .quantity(form)
        case var .checkout(form) where form.submission == command.submission:
            form.isSubmitting = false
            sheet = .checkout(form)
        case var .rating(form) where form.submission == command.submission:
            form.isSubmitting = false
            sheet = .rating(form)
        default:
            break
        }
    }

    // MARK: - Helpers

    private mutating func takeSubmission() -> Int {
        defer { nextSubmission += 1 }
        return nextSubmission
    }

    private mutating func setDraft(quantityOf itemID: String, to quantity: Int?) -> [CommerceEffect] {
        guard drafts.quantities[itemID] != quantity else { return [] }
        drafts.quantities[itemID] = quantity
        return [.saveDrafts(drafts)]
    }

    private mutating func setDraft(starsOf orderID: String, to stars: Int?) -> [CommerceEffect] {
        guard drafts.ratings[orderID] != stars else { return [] }
        drafts.ratings[orderID] = stars
        return [.saveDrafts(drafts)]
    }

    private func resource(_ screen: CommerceScreen) -> (cacheRead: Bool, refreshing: RefreshTrigger?) {
        switch screen {
        case .cart: (cart.cacheRead, cart.refreshing)
        case .orders: (orders.cacheRead, orders.refreshing)
        }
    }

    /// The toast for a refusal reason: the Core toast for its copy.
    static func toast(_ reason: Copy) -> Toast {
        switch reason {
        case CoreCopy.requiresConnection: CorePreviews.onlineOnlyToast
        case CoreCopy.checkingConnection: CorePreviews.checkingConnectionToast
        case CoreCopy.signInRequiredMessage: CorePreviews.signInToast
        default: CorePreviews.noConnectionToast
        }
    }

    /// What to tell the customer when a write (or a pulled refresh) did not go through.
    static func toast(for error: OnlineOnlyError<CommerceUserAction>) -> Toast {
        if let reason = error.reason { return toast(reason) }
        return Toast(id: "try-again", severity: .error, message: CommerceCopy.toastTryAgain, autoDismissAfter: ToastSlot.duration)
    }

    /// A pulled refresh that failed: no connection for a network failure, "try again" for a server error.
    static func toast(forFailedRead error: HTTPClientError) -> Toast {
        if error.isAuthenticationFailure { return CorePreviews.signInToast }
        return error == .offline || error.isTransportFailure
            ? CorePreviews.noConnectionToast
            : Toast(id: "try-again", severity: .error, message: CommerceCopy.toastTryAgain, autoDismissAfter: ToastSlot.duration)
    }

    static func describe(_ error: HTTPClientError) -> String {
        switch error {
        case .offline: "offline"
        case .timeout: "timeout"
        case .unreachable: "unreachable"
        case .connectionLost: "connection_lost"
        case let .http(status, _): "http_\(status)"
        case .decoding: "decoding"
        case .cancelled: "cancelled"
        case .invalidRequest: "invalid_request"
        }
    }

    static func describe(_ error: OnlineOnlyError<CommerceUserAction>) -> String {
        switch error {
        case .refused: "refused"
        case let .failed(_, error): describe(error)
        }
    }

    /// `track:A-1` → ("track", "A-1"); `checkout` → ("checkout", nil).
    static func split(_ id: String) -> (String, String?) {
        guard let colon = id.firstIndex(of: ":") else { return (id, nil) }
        return (String(id[..<colon]), String(id[id.index(after: colon)...]))
    }
}

