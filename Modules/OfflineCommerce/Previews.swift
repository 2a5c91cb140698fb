public import Core
public import Foundation

/// The cart and order history as the REPL previews them (`preview commerce.…`), built by running the
/// state machine on fixture data, so a preview is exactly what the feature would show. Ids are `commerce.*`.
public enum OfflineCommercePreviews: PreviewProvider {
    /// 2026-01-01 00:00 UTC: the fixtures' "now".
    public static let referenceDate = Date(timeIntervalSince1970: 1_767_225_600)
    /// When the fixtures were cached: the day before.
    public static let savedAt = referenceDate.addingTimeInterval(-86_400)

    public static let cart = ShoppingCart(items: [
        CartLine(id: "c1", name: "Espresso Machine", imageRef: "img/em-200.png", quantity: 1, unitPrice: Decimal(string: "249.00")!, currency: "EUR"),
        CartLine(id: "c2", name: "Smart Speaker", imageRef: "img/ss-2.png", quantity: 2, unitPrice: Decimal(string: "89.99")!, currency: "EUR"),
        CartLine(id: "c3", name: "Electric Kettle", imageRef: "img/ek-17.png", quantity: 3, unitPrice: Decimal(string: "39.90")!, currency: "EUR"),
    ], total: Decimal(string: "548.68")!, currency: "EUR")

    public static let orders = OrderHistory(orders: [
        OrderSummary(id: "A-10023", date: referenceDate.addingTimeInterval(-2 * 86_400), status: .processing, total: Decimal(string: "129.50")!, currency: "EUR"),
        OrderSummary(id: "A-10017", date: referenceDate.addingTimeInterval(-25 * 86_400), status: .shipped, total: Decimal(string: "399.99")!, currency: "EUR"),
        OrderSummary(id: "A-10009", date: referenceDate.addingTimeInterval(-48 * 86_400), status: .delivered, total: Decimal(string: "74.95")!, currency: "EUR"),
        OrderSummary(id: "A-10002", date: referenceDate.addingTimeInterval(-71 * 86_400), status: .cancelled, total: Decimal(string: "649.00")!, currency: "EUR"),
    ])

    /// The machine after `events`, starting with `connectivity` (fixtures come from the "store").
    public static func state(_ connectivity: ConnectivityStatus, _ events: [CommerceEvent]) -> CommerceState {
        var state = CommerceState(connectivity: connectivity)
        for event in events { _ = state.handle(event, now: referenceDate) }
        return state
    }

    static let cachedCart = CachedValue(value: cart, savedAt: savedAt)
    /// Two of the three images were fetched and kept; the third never loaded (its placeholder shows).
    static let keptImages = ["img/em-200.png": PixelSize(width: 120, height: 120), "img/ss-2.png": PixelSize(width: 120, height: 120)]
    static let cachedOrders = CachedValue(value: orders, savedAt: savedAt)

    /// A screen opened with its cache read; online, the refresh has answered with the same data.
    static func opened(_ screen: CommerceScreen, _ connectivity: ConnectivityStatus, cached: Bool) -> [CommerceEvent] {
        var events: [CommerceEvent] = [.screenOpened(screen), .draftsRead(FormDrafts())]
        switch screen {
        case .cart:
            events.append(.cartRead(cached ? cachedCart : nil))
            if cached { events.append(.imagesKept(keptImages)) }
            if connectivity == .online { events.append(.cartRefreshFinished(.fresh(CachedValue(value: cart, savedAt: referenceDate)))) }
        case .orders:
            events.append(.ordersRead(cached ? cachedOrders : nil))
            if connectivity == .online { events.append(.ordersRefreshFinished(.fresh(CachedValue(value: orders, savedAt: referenceDate)))) }
        }
        return events
    }

    static func node(_ connectivity: ConnectivityStatus, _ events: [CommerceEvent]) -> ViewNode {
        CommerceViewState(state: state(connectivity, events)).viewNode
    }

    public static var previews: [Preview] {
        [
            Preview(id: "commerce.cart-online", summary: "Cart online: items, images (one never loaded: a placeholder), prices per locale, checkout enabled",
                    node: node(.online, opened(.cart, .online, cached: true))),
            Preview(id: "commerce.cart-offline", summary: "Cart offline: last known items, offline indicator, actions disabled",
                    node: node(.offline, opened(.cart, .offline, cached: true))),
            Preview(id: "commerce.cart-first-load", summary: "Cart never loaded, offline: an internet connection is required the first time",
                    node: node(.offline, opened(.cart, .offline, cached: false))),
            Preview(id: "commerce.orders-online", summary: "Order history online: status, date, total; Track and Rate enabled",
                    node: node(.online, opened(.orders, .online, cached: true))),
            Preview(id: "commerce.orders-offline", summary: "Order history offline: cached orders, Track and Rate disabled",
                    node: node(.offline, opened(.orders, .offline, cached: true))),
            Preview(id: "commerce.orders-first-load", summary: "Order history never loaded, offline: connection required the first time",
                    node: node(.offline, opened(.orders, .offline, cached: false))),
            Preview(id: "commerce.no-connection-toast", summary: "Proceed to Checkout tapped offline: the no-connection toast",
                    node: node(.offline, opened(.cart, .offline, cached: true) + [.actionTapped(CommerceActionID.checkout)])),
            Preview(id: "commerce.checkout-offline", summary: "Checkout form after the connection dropped: submit disabled, \"You appear offline\"",
                    node: node(.online, opened(.cart, .online, cached: true)
                        + [.actionTapped(CommerceActionID.checkout), .connectivityChanged(.offline)])),
            Preview(id: "commerce.quantity-offline", summary: "Quantity form offline: the field stays editable, Update Quantity disabled",
                    node: node(.online, opened(.cart, .online, cached: true)
                        + [.actionTapped(CommerceActionID.updateQuantity("c2")), .connectivityChanged(.offline),
                           .actionTapped(CommerceActionID.addOne)])),
            Preview(id: "commerce.tracking-blocked", summary: "Track Order when the fresh read fails: the page blocks and offers Retry",
                    node: node(.online, opened(.orders, .online, cached: true)
                        + [.actionTapped(CommerceActionID.trackOrder("A-10017")), .orderTracked(orderID: "A-10017", .failed(.timeout))])),
        ]
    }
}
