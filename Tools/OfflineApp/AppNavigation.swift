public import Core
import OfflineCommerce
import OfflineProducts
import OfflineSummary

/// The app's navigation: a tab bar at the bottom of every screen but full-screen media. Each tab is an action that opens
/// its screen (`app tap open:summary`, or its title); a tab whose screen holds something needing attention (a feature's
/// `attention`) carries the Red Brick Road's marker on every other screen, until the last such item is gone.
public enum AppNavigation {
    /// The action id of a tab is this prefix and its screen's id.
    public static let actionPrefix = "open:"

    /// The places the tab bar leads to, in order.
    public static let tabs: [AppRoute] = [.products, .cart, .orders, .summary]

    /// The action id of the tab that opens `route`.
    public static func actionID(_ route: AppRoute) -> String { actionPrefix + route.screenID }

    /// The screen a tab's action id opens; nil for any other id.
    public static func route(forActionID id: String) -> AppRoute? { tabs.first { actionID($0) == id } }

    /// The tab bar as it shows on `current` (nil before any screen is open), with a marker on each other tab whose
    /// screen is in `attention` (screen ids).
    public static func items(current: AppRoute?, attention: Set<String>) -> [NavigationItem] {
        let currentTab = current.map(tab(of:))
        return tabs.map { tab in
            let isCurrent = tab == currentTab
            return NavigationItem(id: actionID(tab), title: title(tab), isCurrent: isCurrent,
                                  needsAttention: !isCurrent && attention.contains(tab.screenID))
        }
    }

    /// The tab a screen belongs to: a product's card is under Products, the share card under the summary.
    static func tab(of route: AppRoute) -> AppRoute {
        switch route {
        case .products, .product: .products
        case .cart: .cart
        case .orders: .orders
        case .summary, .summaryCard: .summary
        }
    }

    /// Each tab's name, the title its screen shows (the summary's own navigation name, shorter than its heading).
    static func title(_ tab: AppRoute) -> Copy {
        switch tab {
        case .products, .product: ProductsCopy.productsTitle
        case .cart: CommerceCopy.cartTitle
        case .orders: CommerceCopy.ordersTitle
        case .summary, .summaryCard: SummaryCopy.navigationTitle
        }
    }
}
