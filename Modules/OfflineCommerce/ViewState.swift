import OfflinePatterns
public import Core
import Foundation

/// What the cart and order history screens show, as copy keys, arguments and action states.
/// Built from `CommerceState` by a pure function; no resolved strings.
public struct CommerceViewState: Sendable, Hashable {
    /// The global offline indicator (with its screen-reader label), shown only once offline is established.
    public var offlineIndicator: Banner?
    /// "Please sign in again" above cached data whose refresh the server refused (401/403): the data stays on screen.
    public var sessionBanner: Banner?
    /// "Couldn't refresh. Showing what was saved on <date>." with Retry: online, the server failed to refresh the
    /// saved data (5xx, reset, timeout). Never the offline indicator; the app retries by itself meanwhile.
    public var refreshBanner: Banner?
    public var screen: Screen
    /// A pulled refresh is running (the spinner). Never true offline: the message shows instead.
    public var isRefreshing: Bool
    public var sheet: Sheet?
    public var toast: Toast?
    /// Changes with every toast shown, so a renderer shows the same toast again when it is shown again.
    public var toastSequence: Int

    public enum Screen: Sendable, Hashable {
        /// Nothing opened yet.
        case none
        case cart(ScreenState<CartContent>)
        case orders(ScreenState<OrdersContent>)
    }

    public enum Sheet: Sendable, Hashable {
        case quantity(QuantitySheet)
        case checkout(CheckoutSheet)
        case rating(RatingSheet)
        case tracking(TrackingSheet)
    }

    public init(offlineIndicator: Banner? = nil, sessionBanner: Banner? = nil, screen: Screen = .none, isRefreshing: Bool = false,
                sheet: Sheet? = nil, toast: Toast? = nil, toastSequence: Int = 0) {
        self.offlineIndicator = offlineIndicator
        self.sessionBanner = sessionBanner
        self.screen = screen
        self.isRefreshing = isRefreshing
        self.sheet = sheet
        self.toast = toast
        self.toastSequence = toastSequence
    }
}

public struct CartContent: Sendable, Hashable {
    /// "Last updated: <date>" of the cached cart.
    public var lastUpdated: Copy?
    public var itemCount: Copy
    public var lines: [CartLineRow]
    /// Nil for an empty cart (then `emptyMessage` says so).
    public var total: Copy?
    public var emptyMessage: Copy?
    public var checkout: Action?
}

/// One cart line on screen. Its copy is derived on access from the line, so a long cart's first view
/// state costs a copy of each line, not a dozen allocations per line (item 10).
public struct CartLineRow: Sendable, Hashable, Identifiable {
    public let line: CartLine
    /// A quantity chosen in the form but not sent yet (blocking form: saved on the device).
    public let draftQuantity: Int?
    public let updateQuantityState: ActionState
    /// The line's image: its pixel size when kept on the device (online or not), else a placeholder.
    public let imageSize: PixelSize?

    public init(line: CartLine, draftQuantity: Int?, updateQuantityState: ActionState, imageSize: PixelSize? = nil) {
        self.line = line
        self.imageSize = imageSize
        self.draftQuantity = draftQuantity == line.quantity ? nil : draftQuantity
        self.updateQuantityState = updateQuantityState
    }

    public var id: String { line.id }
    /// User data, shown as is.
    public var name: String { line.name }
    public var imageRef: String { line.imageRef }
    public var image: ImageNode { ImageNode(reference: line.imageRef, size: imageSize) }
    public var quantity: Copy { CommerceCopy.cartQuantity(quantity: .integer(line.quantity)) }
    public var unitPrice: Copy { CommerceCopy.cartUnitPrice(price: .currency(line.unitPrice, code: line.currency)) }
    public var lineTotal: Copy { CommerceCopy.cartLineTotal(total: .currency(line.lineTotal, code: line.currency)) }
    public var pendingQuantity: Copy? { draftQuantity.map { CommerceCopy.cartPendingQuantity(quantity: .integer($0)) } }
    public var updateQuantity: Action {
        Action(id: CommerceActionID.updateQuantity(line.id), title: CommerceCopy.actionUpdateQuantity, state: updateQuantityState)
    }
}

public struct OrdersContent: Sendable, Hashable {
    public var lastUpdated: Copy?
    public var orderCount: Copy
    public var orders: [OrderRow]
    public var emptyMessage: Copy?
}

/// One order on screen; its copy is derived on access, like `CartLineRow`.
public struct OrderRow: Sendable, Hashable, Identifiable {
    public let order: OrderSummary
    public let trackState: ActionState
    public let rateState: ActionState

    public init(order: OrderSummary, trackState: ActionState, rateState: ActionState) {
        self.order = order
        self.trackState = trackState
        self.rateState = rateState
    }

    public var id: String { order.id }
    public var number: Copy { CommerceCopy.orderNumber(id: .text(order.id)) }
    public var date: Copy { CommerceCopy.orderDate(date: .date(order.date, .medium)) }
    public var status: Copy { CommerceCopy.status(order.status) }
    public var statusTone: BadgeTone { order.status.tone }
    public var total: Copy { CommerceCopy.orderTotal(total: .currency(order.total, code: order.currency)) }
    /// "Track Order", and "Rate Order" for a delivered order not yet rated.
    public var actions: [Action] {
        let track = Action(id: CommerceActionID.trackOrder(order.id), title: CommerceCopy.actionTrackOrder, state: trackState)
        guard order.canBeRated else { return [track] }
        return [track, Action(id: CommerceActionID.rateOrder(order.id), title: CommerceCopy.actionRateOrder, state: rateState)]
    }
}

/// What every blocking form shares: its submit (disabled offline), cancel, and "You appear offline".
public struct FormFooter: Sendable, Hashable {
    public var submit: Action
    public var cancel: Action
    /// "You appear offline" while the submit is disabled for want of a connection.
    public var offlineNotice: Copy?
    public var isSubmitting: Bool
}

public struct QuantitySheet: Sendable, Hashable {
    public var itemName: String
    public var quantity: Copy
    /// Remove one, add one: stay usable offline (the draft is saved on the device).
    public var stepper: [Action]
    public var footer: FormFooter
}

public struct CheckoutSheet: Sendable, Hashable {
    public var itemCount: Copy
    public var total: Copy
    public var emailLabel: Copy
    /// What the customer typed (shown as is), or nil to show the hint.
    public var email: String?
    public var emailHint: Copy
    public var footer: FormFooter
}

public struct RatingSheet: Sendable, Hashable {
    public var orderNumber: Copy
    public var selected: Copy
    public var stars: [Action]
    public var footer: FormFooter
}

public struct TrackingSheet: Sendable, Hashable {
    public var page: ScreenState<TrackingContent>
    public var close: Action
}

public struct TrackingContent: Sendable, Hashable {
    public var number: Copy
    public var status: Copy
    public var statusTone: BadgeTone
    public var date: Copy
    public var total: Copy
    /// When the server was asked: the status is as fresh as this.
    public var checkedAt: Copy
}

extension CommerceViewState {
    /// The view state of `state`: a pure function, so tests check every screen without running anything.
    public init(state: CommerceState) {
        let status = state.connectivity
        offlineIndicator = status.showsOfflineIndicator ? CorePreviews.offlineBanner : nil
        sessionBanner = nil
        refreshBanner = nil
        switch state.screen {
        case nil:
            screen = .none
            isRefreshing = false
        case .cart:
            screen = .cart(Self.cartScreen(state))
            isRefreshing = state.cart.refreshing == .refresh
            if state.cart.cached != nil, state.cart.lastFailure?.isAuthenticationFailure == true { sessionBanner = CorePreviews.signInBanner }
            refreshBanner = Self.refreshBanner(state.cart, connectivity: status)
        case .orders:
            screen = .orders(Self.ordersScreen(state))
            isRefreshing = state.orders.refreshing == .refresh
            if state.orders.cached != nil, state.orders.lastFailure?.isAuthenticationFailure == true { sessionBanner = CorePreviews.signInBanner }
            refreshBanner = Self.refreshBanner(state.orders, connectivity: status)
        }
        sheet = state.sheet.map { Self.sheet($0, state: state) }
        toast = state.toast.current
        toastSequence = state.toast.sequence
    }

    /// Saved data on screen whose last refresh failed online in a way a retry can cure: said in the screen's own words.
    static func refreshBanner<Value: SavedValue>(_ resource: ResourceState<Value>, connectivity: ConnectivityStatus) -> Banner? {
        guard connectivity == .online, let cached = resource.cached, let failure = resource.lastFailure,
              RetryPolicy.isCuredByRetryingOnline(failure) else { return nil }
        return CorePreviews.refreshFailedBanner(savedAt: cached.savedAt, retry: CommerceActionID.retry)
    }

    static func cartScreen(_ state: CommerceState) -> ScreenState<CartContent> {
        guard let cached = state.cart.cached else {
            return firstLoad(state.cart, connectivity: state.connectivity, empty: CommerceCopy.cartFirstLoad, failed: CommerceCopy.cartLoadFailed)
        }
        let cart = cached.value
        let updateState = CommerceUserAction.updateQuantity.state(for: state.connectivity)
        var rows: [CartLineRow] = []
        rows.reserveCapacity(cart.items.count)
        let drafts = state.drafts.quantities
        for line in cart.items {
            rows.append(CartLineRow(line: line, draftQuantity: drafts.isEmpty ? nil : drafts[line.id], updateQuantityState: updateState,
                                    imageSize: state.images[line.imageRef]))
        }
        let isEmpty = cart.items.isEmpty
        return .content(CartContent(
            lastUpdated: CoreCopy.lastUpdated(cached.savedAt),
            itemCount: CommerceCopy.cartItemCount(count: cart.unitCount),
            lines: rows,
            total: isEmpty ? nil : CommerceCopy.cartTotal(total: .currency(cart.total, code: cart.currency)),
            emptyMessage: isEmpty ? CommerceCopy.cartEmpty : nil,
            checkout: isEmpty ? nil : Action(id: CommerceActionID.checkout, title: CommerceCopy.actionCheckout,
                                             state: CommerceUserAction.checkout.state(for: state.connectivity))))
    }

    static func ordersScreen(_ state: CommerceState) -> ScreenState<OrdersContent> {
        guard let cached = state.orders.cached else {
            return firstLoad(state.orders, connectivity: state.connectivity, empty: CommerceCopy.ordersFirstLoad, failed: CommerceCopy.ordersLoadFailed)
        }
        let trackState = CommerceUserAction.trackOrder.state(for: state.connectivity)
        let rateState = CommerceUserAction.rateOrder.state(for: state.connectivity)
        let orders = cached.value.orders
        var rows: [OrderRow] = []
        rows.reserveCapacity(orders.count)
        for order in orders {
            rows.append(OrderRow(order: order, trackState: trackState, rateState: rateState))
        }
        return .content(OrdersContent(lastUpdated: CoreCopy.lastUpdated(cached.savedAt), orderCount: CommerceCopy.ordersCount(count: orders.count),
                                      orders: rows, emptyMessage: orders.isEmpty ? CommerceCopy.ordersEmpty : nil))
    }

    /// A screen with nothing cached: loading while a load is on the way; "sign in again" when the server refused the
    /// session (it is online: "not available offline" would be wrong); otherwise the first-load empty state.
    /// A screen with nothing saved, by why (issue 25, item 6): offline → "isn't available offline yet, a connection is
    /// required"; online and the server failed → "couldn't load … something went wrong on our side" (the connection is
    /// not blamed); the session refused → sign in; connectivity not decided yet → a neutral loading state.
    static func firstLoad<Value: SavedValue, Content>(_ resource: ResourceState<Value>, connectivity: ConnectivityStatus,
                                          empty: EmptyState, failed: EmptyState) -> ScreenState<Content> {
        guard neverLoaded(resource, connectivity: connectivity) else { return .loading }
        if connectivity != .offline, resource.lastFailure?.isAuthenticationFailure == true { return .blocked(CorePreviews.signInRequired) }
        if connectivity == .online, let failure = resource.lastFailure, failure != .offline { return .empty(failed) }
        if connectivity == .unknown { return .loading }
        // Retry needs the network: offline it is disabled and says why (AC-003).
        var empty = empty
        empty.action?.state = CommerceUserAction.refresh.state(for: connectivity)
        return .empty(empty)
    }

    /// Nothing cached, and nothing on the way: offline, or the first load failed.
    static func neverLoaded<Value: SavedValue>(_ resource: ResourceState<Value>, connectivity: ConnectivityStatus) -> Bool {
        guard resource.cacheRead, !resource.isRefreshing else { return false }
        return connectivity == .offline || resource.refreshedOnce
    }

    static func sheet(_ sheet: CommerceSheet, state: CommerceState) -> Sheet {
        let status = state.connectivity
        func footer(submit: String, title: Copy, action: CommerceUserAction, isSubmitting: Bool) -> FormFooter {
            let submitState = action.state(for: status)
            return FormFooter(submit: Action(id: submit, title: title, state: submitState),
                              cancel: Action(id: CommerceActionID.cancel, title: CommerceCopy.actionCancel),
                              offlineNotice: submitState.isEnabled ? nil : CoreCopy.appearOffline,
                              isSubmitting: isSubmitting)
        }
        switch sheet {
        case let .quantity(form):
            let name = state.cart.cached?.value.line(form.itemID)?.name ?? form.itemID
            return .quantity(QuantitySheet(
                itemName: name, quantity: CommerceCopy.cartQuantity(quantity: .integer(form.quantity)),
                stepper: [Action(id: CommerceActionID.removeOne, title: CommerceCopy.actionRemoveOne),
                          Action(id: CommerceActionID.addOne, title: CommerceCopy.actionAddOne)],
                footer: footer(submit: CommerceActionID.submitQuantity, title: CommerceCopy.actionUpdateQuantity, action: .updateQuantity,
                               isSubmitting: form.isSubmitting)))
        case let .checkout(form):
            let cart = state.cart.cached?.value
            let email = form.receiptEmail.trimmingCharacters(in: .whitespacesAndNewlines)
            return .checkout(CheckoutSheet(
                itemCount: CommerceCopy.cartItemCount(count: cart?.unitCount ?? 0),
                total: CommerceCopy.cartTotal(total: .currency(cart?.total ?? 0, code: cart?.currency ?? "EUR")),
                emailLabel: CommerceCopy.checkoutEmailLabel, email: email.isEmpty ? nil : form.receiptEmail,
                emailHint: CommerceCopy.checkoutEmailHint,
                footer: footer(submit: CommerceActionID.placeOrder, title: CommerceCopy.actionPlaceOrder, action: .placeOrder,
                               isSubmitting: form.isSubmitting)))
        case let .rating(form):
            return .rating(RatingSheet(
                orderNumber: CommerceCopy.orderNumber(id: .text(form.orderID)), selected: CommerceCopy.ratingStars(count: form.stars),
                stars: RatingForm.range.map { Action(id: CommerceActionID.stars($0), title: CommerceCopy.ratingStars(count: $0)) },
                footer: footer(submit: CommerceActionID.submitRating, title: CommerceCopy.actionSubmitRating, action: .rateOrder,
                               isSubmitting: form.isSubmitting)))
        case let .tracking(page):
            let content: ScreenState<TrackingContent>
            switch page.phase {
            case .loading:
                content = .loading
            case let .loaded(order, checkedAt):
                content = .content(TrackingContent(number: CommerceCopy.orderNumber(id: .text(order.id)), status: CommerceCopy.status(order.status),
                                                   statusTone: order.status.tone, date: CommerceCopy.orderDate(date: .date(order.date, .medium)),
                                                   total: CommerceCopy.orderTotal(total: .currency(order.total, code: order.currency)),
                                                   checkedAt: CoreCopy.lastUpdated(checkedAt)))
            case let .failed(error):
                // Pattern D's blocking state: "requires a connection" for a network failure, "try again later" for the server's.
                switch FullPageBlocking.screen(RevalidateOutcome<OrderSummary>.kept(nil, error)) {
                case let .blocked(empty), let .empty(empty): content = .blocked(empty)
                case .loading, .content: content = .loading  // never: a kept outcome always blocks
                }
            case .notFound:
                content = .empty(EmptyState(title: CommerceCopy.trackingNotFound))
            }
            return .tracking(TrackingSheet(page: content, close: Action(id: CommerceActionID.cancel, title: CommerceCopy.actionClose)))
        }
    }
}

// MARK: - The screen as plain data

extension CommerceViewState {
    /// The screen as a phone would draw it (the REPL renders this in any locale): the offline indicator
    /// on top, the screen, a sheet over it, the toast last.
    public var viewNode: ViewNode {
        var nodes: [ViewNode] = []
        if let offlineIndicator { nodes.append(.banner(offlineIndicator)) }
        if let sessionBanner { nodes.append(.banner(sessionBanner)) }
        if let refreshBanner { nodes.append(.banner(refreshBanner)) }
        switch screen {
        case .none:
            break
        case let .cart(state):
            nodes.append(.title(CommerceCopy.cartTitle))
            if isRefreshing { nodes.append(.progress(CoreCopy.loading)) }
            nodes += Self.nodes(state) { Self.cartNodes($0) }
        case let .orders(state):
            nodes.append(.title(CommerceCopy.ordersTitle))
            if isRefreshing { nodes.append(.progress(CoreCopy.loading)) }
            nodes += Self.nodes(state) { Self.orderNodes($0) }
        }
        if let sheet {
            nodes.append(.divider)
            nodes += Self.sheetNodes(sheet)
        }
        if let toast { nodes.append(.toast(toast)) }
        return .stack(nodes)
    }

    static func nodes<Content>(_ state: ScreenState<Content>, content: (Content) -> [ViewNode]) -> [ViewNode] {
        switch state {
        case .loading: [.progress(CoreCopy.loading)]
        case let .content(value): content(value)
        case let .empty(empty), let .blocked(empty): [.empty(empty)]
        }
    }

    static func cartNodes(_ cart: CartContent) -> [ViewNode] {
        var nodes: [ViewNode] = [.text(cart.itemCount, style: .secondary)]
        if let lastUpdated = cart.lastUpdated { nodes.append(.text(lastUpdated, style: .caption)) }
        if let emptyMessage = cart.emptyMessage { nodes.append(.text(emptyMessage)) }
        for line in cart.lines {
            var row: [ViewNode] = [
                .verbatim(line.name, style: .heading),
                .image(line.image),
                .text(line.quantity),
                .text(line.unitPrice),
                .text(line.lineTotal),
            ]
            if let pending = line.pendingQuantity { row.append(.text(pending, style: .secondary)) }
            row.append(.actions([line.updateQuantity]))
            nodes.append(.row(row))
        }
        if let total = cart.total {
            nodes.append(.divider)
            nodes.append(.text(total, style: .heading))
        }
        if let checkout = cart.checkout { nodes.append(.actions([checkout])) }
        return nodes
    }

    static func orderNodes(_ orders: OrdersContent) -> [ViewNode] {
        var nodes: [ViewNode] = [.text(orders.orderCount, style: .secondary)]
        if let lastUpdated = orders.lastUpdated { nodes.append(.text(lastUpdated, style: .caption)) }
        if let emptyMessage = orders.emptyMessage { nodes.append(.text(emptyMessage)) }
        for order in orders.orders {
            nodes.append(.row([
                .text(order.number, style: .heading),
                .badge(order.status, tone: order.statusTone),
                .text(order.date, style: .secondary),
                .text(order.total),
                .actions(order.actions),
            ]))
        }
        return nodes
    }

    static func sheetNodes(_ sheet: Sheet) -> [ViewNode] {
        switch sheet {
        case let .quantity(form):
            return [.title(CommerceCopy.actionUpdateQuantity), .verbatim(form.itemName, style: .heading), .text(form.quantity),
                    .actions(form.stepper)] + footerNodes(form.footer)
        case let .checkout(form):
            return [.title(CommerceCopy.checkoutTitle), .text(form.itemCount, style: .secondary), .text(form.total, style: .heading),
                    .field(label: form.emailLabel, value: form.email.map { .verbatim($0) } ?? .copy(form.emailHint))]
                + footerNodes(form.footer)
        case let .rating(form):
            return [.title(CommerceCopy.actionRateOrder), .text(form.orderNumber, style: .heading),
                    .field(label: CommerceCopy.ratingLabel, value: .copy(form.selected)), .actions(form.stars)]
                + footerNodes(form.footer)
        case let .tracking(page):
            let body = nodes(page.page) { content in
                [.text(content.number, style: .heading), .badge(content.status, tone: content.statusTone),
                 .text(content.date, style: .secondary), .text(content.total), .text(content.checkedAt, style: .caption)]
            }
            return [.title(CommerceCopy.actionTrackOrder)] + body + [.actions([page.close])]
        }
    }

    static func footerNodes(_ footer: FormFooter) -> [ViewNode] {
        var nodes: [ViewNode] = []
        if let notice = footer.offlineNotice { nodes.append(.text(notice, style: .secondary)) }
        if footer.isSubmitting { nodes.append(.progress(nil)) }
        nodes.append(.actions([footer.submit, footer.cancel]))
        return nodes
    }
}

/// What the screens compose from the generated keys (`CommerceCopy`, from `Localization/en.lproj/OfflineCommerce.*` by
/// the L10nAccessors plugin): the empty states with their Retry, and an order status's key.
extension CommerceCopy {
    /// Never loaded, and no connection to load it: "An internet connection is required … the first time."
    public static let cartFirstLoad = EmptyState(title: emptyCartTitle, message: emptyCartMessage,
                                                 action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))
    public static let ordersFirstLoad = EmptyState(title: emptyOrdersTitle, message: emptyOrdersMessage,
                                                   action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))

    /// Online, never loaded, and the load failed (5xx, reset, timeout): "Couldn't load your cart. It didn't load this time", never
    /// "a connection is required".
    public static let cartLoadFailed = EmptyState(title: emptyCartFailedTitle, message: emptyCartFailedMessage,
                                                  action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))
    public static let ordersLoadFailed = EmptyState(title: emptyOrdersFailedTitle, message: emptyOrdersFailedMessage,
                                                    action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))

    /// A status's badge text: one key per status, so a status without its key is a compile error, not a raw key on screen.
    public static func status(_ status: OrderStatus) -> Copy {
        switch status {
        case .placed: statusPlaced
        case .processing: statusProcessing
        case .shipped: statusShipped
        case .delivered: statusDelivered
        case .cancelled: statusCancelled
        }
    }
}
