import Connectivity
import Core
import Foundation
@testable import OfflineCommerce
import TestSupport
import Testing

/// The pure state machine and its view state: synchronous, no I/O, time passed in.
@Suite struct StateMachineTests {
    typealias Event = CommerceEvent

    static let cached = CachedValue(value: Fixtures.cart, savedAt: fixedNow.addingTimeInterval(-3_600))
    static let cachedOrders = CachedValue(value: Fixtures.orders, savedAt: fixedNow.addingTimeInterval(-3_600))

    /// A machine fed `events`; returns it with the effects of the last event.
    static func machine(_ status: ConnectivityStatus, _ events: [Event]) -> (CommerceState, [CommerceEffect]) {
        var state = CommerceState(connectivity: status)
        var effects: [CommerceEffect] = []
        for event in events { effects = state.handle(event, now: fixedNow) }
        return (state, effects)
    }

    static func view(_ status: ConnectivityStatus, _ events: [Event]) -> CommerceViewState {
        CommerceViewState(state: machine(status, events).0)
    }

    static let cartOpenedOffline: [Event] = [.screenOpened(.cart), .draftsRead(FormDrafts()), .cartRead(cached)]
    static let ordersOpenedOffline: [Event] = [.screenOpened(.orders), .draftsRead(FormDrafts()), .ordersRead(cachedOrders)]

    // MARK: Item 1: cached screens, stale-while-revalidate

    @Test("AC1 stale-while-revalidate: the cached screen at once, then a refresh when online")
    func openingAScreenOnlineReadsTheCacheAtOnceThenRevalidates() {
        let (_, effects) = Self.machine(.online, [.screenOpened(.cart)])
        let work = effects.filter { if case .record = $0 { false } else { true } }
        #expect(work == [.readDrafts, .readCache(.cart), .refresh(.cart)])
        // Offline there is nothing to revalidate with: the cache alone.
        let (_, offline) = Self.machine(.offline, [.screenOpened(.orders)])
        #expect(offline.filter { if case .record = $0 { false } else { true } } == [.readDrafts, .readCache(.orders)])
    }

    @Test("AC1 the cart shows item name, image reference, quantity, unit price, line total and cart total")
    func cartShowsNameImageQuantityUnitPriceLineTotalAndCartTotal() throws {
        let content = try #require(Self.view(.online, Self.cartOpenedOffline).cartContent)
        let line = try #require(content.lines.first { $0.id == "c2" })
        #expect(line.name == "Smart Speaker")
        #expect(line.imageRef == "img/ss-2.png")
        #expect(line.quantity == CommerceCopy.cartQuantity(quantity: .integer(2)))
        #expect(line.unitPrice == Copy("OfflineCommerce", "cart.unitPrice", [.currency(Fixtures.money("89.99"), code: "EUR")]))
        #expect(line.lineTotal == Copy("OfflineCommerce", "cart.lineTotal", [.currency(Fixtures.money("179.98"), code: "EUR")]))
        #expect(content.total == Copy("OfflineCommerce", "cart.total", [.currency(Fixtures.money("548.68"), code: "EUR")]))
        #expect(content.itemCount == CommerceCopy.cartItemCount(count: 6))
        #expect(content.lastUpdated == CoreCopy.lastUpdated(Self.cached.savedAt))
    }

    @Test("AC1 the order history shows order ID, date, status and total amount")
    func orderHistoryShowsOrderIdDateStatusAndTotalAmount() throws {
        let content = try #require(Self.view(.online, Self.ordersOpenedOffline).ordersContent)
        #expect(content.orders.map(\.id) == ["A-10023", "A-10017", "A-10009", "A-10002"])
        let delivered = try #require(content.orders.first { $0.id == "A-10009" })
        #expect(delivered.number == CommerceCopy.orderNumber(id: .text("A-10009")))
        #expect(delivered.date == CommerceCopy.orderDate(date: .date(Fixtures.orders.orders[2].date, .medium)))
        #expect(delivered.status == Copy("OfflineCommerce", "status.delivered"))
        #expect(delivered.statusTone == .positive)
        #expect(delivered.total == Copy("OfflineCommerce", "order.total", [.currency(Fixtures.money("74.95"), code: "EUR")]))
        // Only a delivered, unrated order offers "Rate Order".
        #expect(delivered.actions.map(\.id) == ["track:A-10009", "rate:A-10009"])
        #expect(content.orders[0].actions.map(\.id) == ["track:A-10023"])
    }

    @Test("AC1 a fresh answer replaces the cached value and its date")
    func aFreshRevalidationReplacesTheCachedValue() {
        var cart = Fixtures.cart
        cart.items.removeLast()
        let fresh = CachedValue(value: cart, savedAt: fixedNow)
        let view = Self.view(.online, [.screenOpened(.cart), .cartRead(Self.cached), .cartRefreshFinished(.fresh(fresh))])
        #expect(view.cartContent?.lines.count == 2)
        #expect(view.cartContent?.lastUpdated == CoreCopy.lastUpdated(fixedNow))
    }

    // MARK: Item 2: offline

    @Test("AC2 offline, the cart shows the last known items, quantities and prices")
    func offlineCartShowsTheLastKnownItemsQuantitiesAndPrices() {
        let online = Self.view(.online, Self.cartOpenedOffline).cartContent
        let offline = Self.view(.offline, Self.cartOpenedOffline).cartContent
        #expect(offline?.lines.map(\.name) == online?.lines.map(\.name))
        #expect(offline?.lines.map(\.quantity) == online?.lines.map(\.quantity))
        #expect(offline?.lines.map(\.unitPrice) == online?.lines.map(\.unitPrice))
        #expect(offline?.total == online?.total)
    }

    @Test("AC2 offline, the order history shows the previously loaded orders")
    func offlineOrderHistoryShowsThePreviouslyLoadedOrders() {
        let offline = Self.view(.offline, Self.ordersOpenedOffline)
        #expect(offline.ordersContent?.orders.map(\.id) == Fixtures.orders.orders.map(\.id))
    }

    @Test("AC2 the global offline indicator is visible and has a screen-reader label")
    func theOfflineIndicatorIsVisibleOfflineWithAScreenReaderLabel() throws {
        let banner = try #require(Self.view(.offline, Self.cartOpenedOffline).offlineIndicator)
        #expect(banner.title == CoreCopy.offlineIndicatorTitle)
        #expect(banner.accessibilityLabel == CoreCopy.offlineIndicatorAccessibilityLabel)
        // Never while the status is still unknown, and never online.
        #expect(Self.view(.unknown, Self.cartOpenedOffline).offlineIndicator == nil)
        #expect(Self.view(.online, Self.cartOpenedOffline).offlineIndicator == nil)
    }

    @Test("AC2 Proceed to Checkout, Update Quantity, Track Order and Rate Order are disabled and announced as disabled")
    func checkoutUpdateQuantityTrackOrderAndRateOrderAreDisabledOfflineAndAnnouncedAsDisabled() throws {
        let cart = try #require(Self.view(.offline, Self.cartOpenedOffline).cartContent)
        let orders = try #require(Self.view(.offline, Self.ordersOpenedOffline).ordersContent)
        let actions = [try #require(cart.checkout)] + cart.lines.map(\.updateQuantity) + orders.orders.flatMap(\.actions)
        #expect(Set(actions.map(\.title)) == [CommerceCopy.actionCheckout, CommerceCopy.actionUpdateQuantity, CommerceCopy.actionTrackOrder, CommerceCopy.actionRateOrder])
        for action in actions {
            #expect(action.state == .disabled(reason: CoreCopy.noConnection), "\(action.id)")
            #expect(action.accessibilityLabel == CoreCopy.disabledAccessibilityLabel(action.title), "\(action.id)")
        }
    }

    @Test("AC2 tapping a disabled action shows the no-connection toast", arguments: ["checkout", "update-quantity:c1", "track:A-10017", "rate:A-10009"])
    func tappingADisabledActionOfflineShowsTheNoConnectionToastAndDoesNothingElse(_ id: String) {
        let events = Self.cartOpenedOffline + [.ordersRead(Self.cachedOrders)]
        var (state, _) = Self.machine(.offline, events)
        let effects = state.handle(.actionTapped(id), now: fixedNow)
        #expect(state.toast.current == CorePreviews.noConnectionToast)
        #expect(state.toast.current?.message == CoreCopy.noConnection)
        #expect(state.sheet == nil)
        #expect(!effects.contains { if case .perform(.submit) = $0 { true } else if case .perform(.track) = $0 { true } else { false } })
        #expect(effects.contains(.expireToast(sequence: state.toast.sequence, after: .seconds(4))))
    }

    @Test("AC2 pull-to-refresh offline shows the message instead of a spinner")
    func pullToRefreshOfflineShowsTheNoConnectionMessageInsteadOfASpinner() {
        var (state, _) = Self.machine(.offline, Self.cartOpenedOffline)
        let effects = state.handle(.refreshRequested, now: fixedNow)
        #expect(!effects.contains(.refresh(.cart)))
        let view = CommerceViewState(state: state)
        #expect(!view.isRefreshing)
        #expect(view.toast?.message == CoreCopy.noConnection)
        #expect(!view.viewNode.containsProgress)
        // Pulled twice: the toast is shown again (a new serial), not swallowed as "no change".
        let serial = state.toast.sequence
        _ = state.handle(.refreshRequested, now: fixedNow)
        #expect(state.toast.sequence == serial + 1)
    }

    @Test func theToastGoesAwayWhenItsTimerFiresButNotForAnOlderTimer() {
        var (state, _) = Self.machine(.offline, Self.cartOpenedOffline + [.refreshRequested, .refreshRequested])
        _ = state.handle(.toastExpired(sequence: 1), now: fixedNow)
        #expect(state.toast.current != nil)
        _ = state.handle(.toastExpired(sequence: 2), now: fixedNow)
        #expect(state.toast.current == nil)
    }

    // MARK: Item 3: BR-OFF-001 in the machine

    @Test("AC3 BR-OFF-001 in the machine: no submit is performed while offline or unknown")
    func noFormSubmitIsPerformedWhileNotOnline() {
        for status in [ConnectivityStatus.offline, .unknown] {
            for (open, submit) in [("update-quantity:c1", "submit-quantity"), ("checkout", "place-order"), ("rate:A-10009", "submit-rating")] {
                // The form was opened online; then the connection went.
                var (state, _) = Self.machine(.online, Self.cartOpenedOffline + [.ordersRead(Self.cachedOrders), .actionTapped(open)])
                #expect(state.sheet != nil)
                _ = state.handle(.connectivityChanged(status), now: fixedNow)
                let effects = state.handle(.actionTapped(submit), now: fixedNow)
                #expect(!effects.contains { if case .perform = $0 { true } else { false } }, "\(submit) while \(status)")
                #expect(state.toast.current?.message == (status == .offline ? CoreCopy.noConnection : CoreCopy.checkingConnection))
            }
        }
    }

    // MARK: Item 4: back online

    @Test("AC4 back online: indicator gone, actions enabled, the visible screen revalidates")
    func backOnlineTheIndicatorGoesActionsEnableAndTheVisibleScreenRevalidates() throws {
        var (state, _) = Self.machine(.offline, Self.cartOpenedOffline + [.refreshRequested])
        let effects = state.handle(.connectivityChanged(.online), now: fixedNow)
        #expect(effects.contains(.refresh(.cart)))
        let view = CommerceViewState(state: state)
        #expect(view.offlineIndicator == nil)
        #expect(view.toast == nil)  // "No internet connection" no longer applies
        let content = try #require(view.cartContent)
        #expect(content.checkout?.state == .enabled)
        #expect(content.lines.allSatisfy { $0.updateQuantity.state == .enabled })
        // Only the visible screen: the order history revalidates when it is opened.
        #expect(!effects.contains(.refresh(.orders)))
    }

    @Test("AC4 back in the foreground, the visible screen revalidates")
    func backInTheForegroundTheVisibleScreenRevalidates() {
        var (state, _) = Self.machine(.online, [.screenOpened(.orders), .ordersRead(Self.cachedOrders),
                                               .ordersRefreshFinished(.fresh(Self.cachedOrders)), .lifecycle(.backgrounded)])
        #expect(state.handle(.lifecycle(.foregrounded), now: fixedNow).contains(.refresh(.orders)))
    }

    @Test("AC4 pull-to-refresh online shows a spinner until the refresh ends")
    func pullToRefreshOnlineShowsTheSpinnerUntilTheRefreshEnds() {
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline + [.cartRefreshFinished(.fresh(Self.cached))])
        #expect(state.handle(.refreshRequested, now: fixedNow).contains(.refresh(.cart)))
        #expect(CommerceViewState(state: state).isRefreshing)
        #expect(CommerceViewState(state: state).viewNode.containsProgress)
        // A second pull while the first runs starts nothing new.
        #expect(!state.handle(.refreshRequested, now: fixedNow).contains(.refresh(.cart)))
        _ = state.handle(.cartRefreshFinished(.fresh(Self.cached)), now: fixedNow)
        #expect(!CommerceViewState(state: state).isRefreshing)
    }

    @Test("AC4 Retry on the empty state loads the screen once the connection works")
    func retryOnTheFirstLoadEmptyStateLoadsTheScreen() {
        // Online, but the first fetch failed (poor coverage): the empty state offers Retry.
        var (state, _) = Self.machine(.online, [.screenOpened(.cart), .cartRead(nil), .cartRefreshFinished(.kept(nil, .timeout))])
        let empty = CommerceViewState(state: state).cart
        #expect(empty == .empty(CommerceCopy.cartLoadFailed))
        #expect(CommerceCopy.cartFirstLoad.action?.id == "retry")
        #expect(state.handle(.actionTapped("retry"), now: fixedNow).contains(.refresh(.cart)))
        #expect(CommerceViewState(state: state).cart == .loading)
        _ = state.handle(.cartRefreshFinished(.fresh(Self.cached)), now: fixedNow)
        #expect(CommerceViewState(state: state).cartContent?.lines.count == 3)
    }

    // MARK: Item 5: never loaded

    @Test("AC5 a cart never loaded shows that an internet connection is required the first time")
    func aCartNeverLoadedShowsThatAConnectionIsRequiredTheFirstTime() {
        let view = Self.view(.offline, [.screenOpened(.cart), .draftsRead(FormDrafts()), .cartRead(nil)])
        #expect(view.cart == .empty(offlineFirstLoad(CommerceCopy.cartFirstLoad)))
        #expect(CommerceCopy.cartFirstLoad.message == Copy("OfflineCommerce", "empty.cart.message"))
    }

    @Test("AC5 an order history never loaded shows that an internet connection is required the first time")
    func anOrderHistoryNeverLoadedShowsThatAConnectionIsRequiredTheFirstTime() {
        let view = Self.view(.offline, [.screenOpened(.orders), .draftsRead(FormDrafts()), .ordersRead(nil)])
        #expect(view.orders == .empty(offlineFirstLoad(CommerceCopy.ordersFirstLoad)))
    }

    @Test("AC5 never loaded online: loading, then the empty state if the first fetch fails")
    func neverLoadedOnlineIsLoadingUntilTheFirstFetchEndsThenEmptyIfItFailed() {
        var (state, _) = Self.machine(.online, [.screenOpened(.cart), .cartRead(nil)])
        #expect(CommerceViewState(state: state).cart == .loading)
        _ = state.handle(.cartRefreshFinished(.kept(nil, .unreachable("refused"))), now: fixedNow)
        #expect(CommerceViewState(state: state).cart == .empty(CommerceCopy.cartLoadFailed))
    }

    // MARK: A refused session is not offline (issue 18)

    @Test(arguments: [401, 403])
    func aFirstLoadTheServerRefusesAsksToSignInAgainNotToConnect(code: Int) {
        var (state, _) = Self.machine(.online, [.screenOpened(.cart), .cartRead(nil)])
        _ = state.handle(.cartRefreshFinished(.kept(nil, .http(status: code))), now: fixedNow)
        let view = CommerceViewState(state: state)
        #expect(view.cart == .blocked(CorePreviews.signInRequired))
        #expect(view.offlineIndicator == nil, "online: the indicator stays off")
        var (orders, _) = Self.machine(.online, [.screenOpened(.orders), .ordersRead(nil)])
        _ = orders.handle(.ordersRefreshFinished(.kept(nil, .http(status: code))), now: fixedNow)
        #expect(CommerceViewState(state: orders).orders == .blocked(CorePreviews.signInRequired))
    }

    @Test func aRefusedRefreshKeepsTheCachedCartUnderASignInBannerAndAPulledOneSaysSo() {
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline)
        let before = CommerceViewState(state: state).cartContent
        _ = state.handle(.cartRefreshFinished(.kept(Self.cached, .http(status: 401))), now: fixedNow)
        var view = CommerceViewState(state: state)
        #expect(view.cartContent == before, "nothing cached is wiped")
        #expect(view.sessionBanner == CorePreviews.signInBanner && view.offlineIndicator == nil)
        #expect(view.viewNode.contains(.banner(CorePreviews.signInBanner)))
        _ = state.handle(.refreshRequested, now: fixedNow)
        _ = state.handle(.cartRefreshFinished(.kept(Self.cached, .http(status: 403))), now: fixedNow)
        #expect(state.toast.current == CorePreviews.signInToast)
        // Accepted again: the banner goes.
        _ = state.handle(.refreshRequested, now: fixedNow)
        _ = state.handle(.cartRefreshFinished(.fresh(Self.cached)), now: fixedNow)
        view = CommerceViewState(state: state)
        #expect(view.sessionBanner == nil)
    }

    // MARK: Item 6: a failure keeps the cached view

    @Test("AC6 a failed refresh keeps the cached view")
    func aFailedRefreshKeepsTheCachedView() {
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline)
        let before = CommerceViewState(state: state).cartContent
        _ = state.handle(.cartRefreshFinished(.kept(Self.cached, .connectionLost("reset"))), now: fixedNow)
        let after = CommerceViewState(state: state)
        #expect(after.cartContent == before)
        #expect(after.toast == nil)  // a background refresh fails quietly
        #expect(state.cart.lastFailure == .connectionLost("reset"))
        // A pulled refresh that fails says so: a network failure is "no connection", a server error "try again".
        _ = state.handle(.refreshRequested, now: fixedNow)
        _ = state.handle(.cartRefreshFinished(.kept(Self.cached, .timeout)), now: fixedNow)
        #expect(state.toast.current?.message == CoreCopy.noConnection)
        _ = state.handle(.refreshRequested, now: fixedNow)
        _ = state.handle(.cartRefreshFinished(.kept(Self.cached, .http(status: 503))), now: fixedNow)
        #expect(state.toast.current?.message == CommerceCopy.toastTryAgain)
        #expect(CommerceViewState(state: state).cartContent == before)
    }

    // MARK: Blocking forms (pattern C)

    @Test("AC8 blocking form: the quantity field stays editable offline, its draft is saved, the submit is disabled")
    func theQuantityFormStaysEditableOfflineSavesItsDraftAndDisablesItsSubmit() throws {
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline + [.actionTapped("update-quantity:c2"), .connectivityChanged(.offline)])
        let effects = state.handle(.actionTapped("add-one"), now: fixedNow)
        #expect(effects == [.saveDrafts(FormDrafts(quantities: ["c2": 3]))])
        let view = CommerceViewState(state: state)
        guard case let .quantity(form) = view.sheet else { Issue.record("no quantity form"); return }
        #expect(form.quantity == CommerceCopy.cartQuantity(quantity: .integer(3)))
        #expect(form.stepper.allSatisfy { $0.state == .enabled })
        #expect(form.footer.submit.state == .disabled(reason: CoreCopy.noConnection))
        #expect(form.footer.offlineNotice == CoreCopy.appearOffline)
        // The row shows the unsent quantity; the saved one is unchanged.
        let row = try #require(view.cartContent?.lines.first { $0.id == "c2" })
        #expect(row.quantity == CommerceCopy.cartQuantity(quantity: .integer(2)))
        #expect(row.pendingQuantity == CommerceCopy.cartPendingQuantity(quantity: .integer(3)))
        // Back to the saved quantity: the draft goes.
        #expect(state.handle(.actionTapped("remove-one"), now: fixedNow) == [.saveDrafts(FormDrafts())])
    }

    @Test func aFormReopenedLaterStartsFromItsDraft() {
        let drafts = FormDrafts(quantities: ["c1": 4], ratings: ["A-10009": 2])
        let (state, _) = Self.machine(.online, [.screenOpened(.cart), .draftsRead(drafts), .cartRead(Self.cached),
                                               .ordersRead(Self.cachedOrders), .actionTapped("update-quantity:c1")])
        #expect(state.sheet == .quantity(QuantityForm(itemID: "c1", quantity: 4, submission: 1)))
        let (rating, _) = Self.machine(.online, [.screenOpened(.orders), .draftsRead(drafts), .ordersRead(Self.cachedOrders),
                                                .actionTapped("rate:A-10009")])
        #expect(rating.sheet == .rating(RatingForm(orderID: "A-10009", stars: 2, submission: 1)))
    }

    @Test func submittingOnlinePerformsTheCommandOnceAndARetryReusesItsSubmission() {
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline + [.actionTapped("checkout"), .receiptEmailEdited(" kari@example.com ")])
        let command = CommerceCommand.checkout(receiptEmail: "kari@example.com", submission: 1)
        #expect(state.handle(.actionTapped("place-order"), now: fixedNow) == [.submit(command)])
        #expect(state.handle(.actionTapped("place-order"), now: fixedNow).isEmpty)  // already under way
        _ = state.handle(.commandFailed(command, .failed(.placeOrder, .connectionLost("reset"))), now: fixedNow)
        #expect(state.toast.current?.message == CoreCopy.noConnection)
        #expect(state.handle(.actionTapped("place-order"), now: fixedNow) == [.submit(command)])
    }

    @Test func aPlacedOrderClosesTheFormSaysSoAndRereadsBothScreens() {
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline
            + [.cartRefreshFinished(.fresh(Self.cached)), .actionTapped("checkout"), .actionTapped("place-order")])
        let order = OrderSummary(id: "user1-o9", date: fixedNow, status: .processing, total: Fixtures.money("548.68"), currency: "EUR")
        let effects = state.handle(.orderPlaced(order), now: fixedNow)
        #expect(state.sheet == nil)
        #expect(state.toast.current?.message == CommerceCopy.toastOrderPlaced(id: .text("user1-o9")))
        for effect in [CommerceEffect.readCache(.cart), .readCache(.orders), .refresh(.cart), .refresh(.orders)] {
            #expect(effects.contains(effect))
        }
    }

    @Test("AC6 a refresh that predates a write never puts old data back")
    func aRefreshThatWasUnderWayWhenAWriteLandedIsDroppedAndAskedAgain() {
        // The cart's refresh started at open; the quantity update answers first.
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline + [.actionTapped("update-quantity:c1"), .actionTapped("add-one"),
                                                                         .actionTapped("submit-quantity")])
        var updated = Fixtures.cart
        updated.items[0].quantity = 2
        _ = state.handle(.quantityUpdated(itemID: "c1", CachedValue(value: updated, savedAt: fixedNow)), now: fixedNow)
        // The old refresh's answer (from before the write) must not put quantity 1 back.
        let effects = state.handle(.cartRefreshFinished(.fresh(Self.cached)), now: fixedNow)
        #expect(effects == [.refresh(.cart)])
        #expect(state.cart.cached?.value.line("c1")?.quantity == 2)
        _ = state.handle(.cartRefreshFinished(.fresh(CachedValue(value: updated, savedAt: fixedNow))), now: fixedNow)
        #expect(!state.cart.isRefreshing)
    }

    @Test("AC8 full-page blocking: Track Order shows fresh data or blocks the page, and asks again when back online")
    func trackOrderIsAFreshReadThatBlocksThePageWhenItCannotBeFresh() {
        var (state, _) = Self.machine(.online, Self.ordersOpenedOffline + [.actionTapped("track:A-10017")])
        #expect(state.sheet == .tracking(TrackingPage(orderID: "A-10017", phase: .loading)))
        // The connection drops before the answer: block rather than show the cached status.
        _ = state.handle(.connectivityChanged(.offline), now: fixedNow)
        guard case let .tracking(page) = CommerceViewState(state: state).sheet else { Issue.record("no page"); return }
        #expect(page.page == .blocked(EmptyState(title: CoreCopy.requiresConnection, message: CoreCopy.noConnection,
                                                 action: Action(id: "retry", title: CoreCopy.retry))))
        // Back online, the visible page asks again by itself, and shows the fresh answer.
        #expect(state.handle(.connectivityChanged(.online), now: fixedNow).contains(.track(orderID: "A-10017")))
        var shipped = Fixtures.orders.orders[1]
        shipped.status = .delivered
        _ = state.handle(.orderTracked(orderID: "A-10017", .found(shipped)), now: fixedNow)
        guard case let .tracking(fresh) = CommerceViewState(state: state).sheet else { Issue.record("no page"); return }
        #expect(fresh.page.content?.status == CommerceCopy.status(.delivered))
        #expect(fresh.page.content?.checkedAt == CoreCopy.lastUpdated(fixedNow))
        // A server failure online blocks too, saying the page could not be loaded rather than blaming the connection.
        _ = state.handle(.refreshRequested, now: fixedNow)
        _ = state.handle(.orderTracked(orderID: "A-10017", .failed(.http(status: 503))), now: fixedNow)
        guard case let .tracking(failed) = CommerceViewState(state: state).sheet else { Issue.record("no page"); return }
        #expect(failed.page == .blocked(EmptyState(title: CoreCopy.loadFailed, message: CoreCopy.tryAgainLater,
                                                   action: Action(id: "retry", title: CoreCopy.retry))))
    }

    @Test func unknownActionIdsAreIgnoredAndRecorded() {
        var (state, _) = Self.machine(.online, Self.cartOpenedOffline)
        let before = state
        #expect(state.handle(.actionTapped("launch-rockets"), now: fixedNow) == [.record("commerce.unknown_action", ["id": "launch-rockets"])])
        #expect(state == before)
    }
}

extension ViewNode {
    func contains(_ node: ViewNode) -> Bool {
        if self == node { return true }
        switch self {
        case let .stack(nodes), let .row(nodes, _): return nodes.contains { $0.contains(node) }
        default: return false
        }
    }

    var containsProgress: Bool {
        switch self {
        case .progress: true
        case let .stack(nodes), let .row(nodes, _): nodes.contains { $0.containsProgress }
        default: false
        }
    }
}
