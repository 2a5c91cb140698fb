public import Core
public import Foundation

/// The products screens as the REPL previews them (`preview products.*`), in any locale.
public enum OfflineProductsPreviews: PreviewProvider {
    /// The moment every preview is rendered at: 2026-01-01 00:00 UTC.
    public static let now = Date(timeIntervalSince1970: 1_767_225_600)
    public static let policy = WarrantyPolicy.default
    private static let day: TimeInterval = 86_400

    /// One product in each warranty status at `now`, plus more rows for a realistic list.
    public static let products: [Product] = [
        Product(id: "preview-p1", name: "Espresso Machine", model: "EM-200", serialNumber: "SN0048213377",
                purchaseDate: now.addingTimeInterval(-200 * day), warrantyExpiresAt: now.addingTimeInterval(530 * day)),
        Product(id: "preview-p2", name: "Robot Vacuum", model: "RV-9", serialNumber: "SN0090311245",
                purchaseDate: now.addingTimeInterval(-710 * day), warrantyExpiresAt: now.addingTimeInterval(20 * day)),
        Product(id: "preview-p3", name: "Cordless Drill", model: "CD-18", serialNumber: "SN0003518870",
                purchaseDate: now.addingTimeInterval(-900 * day), warrantyExpiresAt: now.addingTimeInterval(-170 * day)),
        Product(id: "preview-p4", name: "Headphones", model: "HP-X3", serialNumber: "SN0077120904",
                purchaseDate: now.addingTimeInterval(-40 * day), warrantyExpiresAt: now.addingTimeInterval(690 * day)),
    ]

    /// A state with the previews' list, as after a sync at `now` minus two days.
    public static func state(connectivity: ConnectivityStatus, products: [Product]? = OfflineProductsPreviews.products,
                             selected: String? = nil, syncing: RefreshTrigger? = nil) -> ProductsState {
        var state = ProductsState(connectivity: .unknown)
        _ = state.handle(.opened(products.map { CachedValue(value: ProductCatalog($0), savedAt: now.addingTimeInterval(-2 * day)) }), now: now)
        _ = state.handle(.connectivityChanged(connectivity), now: now)
        if let selected { _ = state.handle(.actionTapped(ProductsActionID.product(selected)), now: now) }
        state.products.refreshing = syncing
        return state
    }

    public static func viewState(_ state: ProductsState) -> ProductsViewState {
        ProductsViewState(state: state, now: now, policy: policy)
    }

    private static func card(_ id: String, connectivity: ConnectivityStatus) -> ViewNode {
        viewState(state(connectivity: connectivity, selected: id)).viewNode()
    }

    public static var previews: [Preview] {
        [
            Preview(id: "products.list-online", summary: "Product list, online, synced",
                    node: viewState(state(connectivity: .online)).viewNode()),
            Preview(id: "products.list-offline", summary: "Product list offline: cached data with the offline indicator",
                    node: viewState(state(connectivity: .offline)).viewNode()),
            Preview(id: "products.list-reconnecting", summary: "Back online: syncing in the background, indicator until it succeeds",
                    node: viewState({ var s = state(connectivity: .offline); _ = s.handle(.connectivityChanged(.online), now: now); return s }()).viewNode()),
            Preview(id: "products.card-active", summary: "Warranty card, Active (green), online: actions enabled",
                    node: card("preview-p1", connectivity: .online)),
            Preview(id: "products.card-expiring-soon", summary: "Warranty card, Expiring soon (amber), offline: actions disabled",
                    node: card("preview-p2", connectivity: .offline)),
            Preview(id: "products.card-expired", summary: "Warranty card, Expired (red), offline",
                    node: card("preview-p3", connectivity: .offline)),
            Preview(id: "products.card-offline-tap", summary: "Offline tap on Raise Service Request: the requires-connection toast",
                    node: viewState({ var s = state(connectivity: .offline, selected: "preview-p1"); _ = s.handle(.actionTapped(ProductAction.raiseServiceRequest.id), now: now); return s }()).viewNode()),
            Preview(id: "products.first-use", summary: "First use offline, never synced: connect to sync (not an empty list, not an error)",
                    node: viewState(state(connectivity: .offline, products: nil)).viewNode()),
            Preview(id: "products.no-products", summary: "Synced, and the user has no registered products",
                    node: viewState(state(connectivity: .online, products: [])).viewNode()),
        ]
    }
}
