public import Core
public import Foundation

/// The keys of the `OfflineCommerce` catalog table (`Localization/<locale>.lproj/OfflineCommerce.strings`
/// and `.stringsdict`). Wording lives in the catalogs; these are references with their arguments.
public enum CommerceCopy {
    public static let table = "OfflineCommerce"

    public static let cartTitle = Copy(table, "cart.title")
    public static let ordersTitle = Copy(table, "orders.title")
    public static let checkout = Copy(table, "action.checkout")
    public static let updateQuantity = Copy(table, "action.updateQuantity")
    public static let trackOrder = Copy(table, "action.trackOrder")
    public static let rateOrder = Copy(table, "action.rateOrder")
    public static let placeOrder = Copy(table, "action.placeOrder")
    public static let submitRating = Copy(table, "action.submitRating")
    public static let addOne = Copy(table, "action.addOne")
    public static let removeOne = Copy(table, "action.removeOne")
    public static let cancel = Copy(table, "action.cancel")
    public static let close = Copy(table, "action.close")

    public static let cartIsEmpty = Copy(table, "cart.empty")
    public static let noOrdersYet = Copy(table, "orders.empty")

    /// Never loaded, and no connection to load it: "An internet connection is required … the first time."
    public static let cartFirstLoad = EmptyState(title: Copy(table, "empty.cart.title"), message: Copy(table, "empty.cart.message"),
                                                 action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))
    public static let ordersFirstLoad = EmptyState(title: Copy(table, "empty.orders.title"), message: Copy(table, "empty.orders.message"),
                                                   action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))

    /// Online, never loaded, and the load failed (5xx, reset, timeout): "Couldn't load your cart. It didn't load this time", never
    /// "a connection is required".
    public static let cartLoadFailed = EmptyState(title: Copy(table, "empty.cart.failed.title"), message: Copy(table, "empty.cart.failed.message"),
                                                  action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))
    public static let ordersLoadFailed = EmptyState(title: Copy(table, "empty.orders.failed.title"),
                                                    message: Copy(table, "empty.orders.failed.message"),
                                                    action: Action(id: CommerceActionID.retry, title: CoreCopy.retry))

    public static let checkoutTitle = Copy(table, "checkout.title")
    public static let receiptEmailLabel = Copy(table, "checkout.email.label")
    public static let receiptEmailHint = Copy(table, "checkout.email.hint")
    public static let ratingLabel = Copy(table, "rating.label")
    public static let orderNotFound = Copy(table, "tracking.notFound")
    public static let ratedThanks = Copy(table, "toast.rated")
    public static let tryAgain = Copy(table, "toast.tryAgain")

    public static func itemCount(_ count: Int) -> Copy { Copy(table, "cart.itemCount", [.integer(count)]) }
    public static func orderCount(_ count: Int) -> Copy { Copy(table, "orders.count", [.integer(count)]) }
    public static func quantity(_ quantity: Int) -> Copy { Copy(table, "cart.quantity", [.integer(quantity)]) }
    /// "New quantity 3 not sent yet": a draft of the quantity form, kept while it cannot be sent.
    public static func pendingQuantity(_ quantity: Int) -> Copy { Copy(table, "cart.pendingQuantity", [.integer(quantity)]) }
    public static func unitPrice(_ amount: Decimal, _ currency: String) -> Copy {
        Copy(table, "cart.unitPrice", [.currency(amount, code: currency)])
    }
    public static func lineTotal(_ amount: Decimal, _ currency: String) -> Copy {
        Copy(table, "cart.lineTotal", [.currency(amount, code: currency)])
    }
    public static func cartTotal(_ amount: Decimal, _ currency: String) -> Copy {
        Copy(table, "cart.total", [.currency(amount, code: currency)])
    }
    public static func orderNumber(_ id: String) -> Copy { Copy(table, "order.number", [.text(id)]) }
    public static func orderDate(_ date: Date) -> Copy { Copy(table, "order.date", [.date(date, .medium)]) }
    public static func orderTotal(_ amount: Decimal, _ currency: String) -> Copy {
        Copy(table, "order.total", [.currency(amount, code: currency)])
    }
    public static func status(_ status: OrderStatus) -> Copy { Copy(table, "status.\(status.rawValue)") }
    public static func stars(_ count: Int) -> Copy { Copy(table, "rating.stars", [.integer(count)]) }
    public static func orderPlaced(_ id: String) -> Copy { Copy(table, "toast.orderPlaced", [.text(id)]) }
}

extension OrderStatus {
    /// The badge colour family: delivered is good news, cancelled bad, the rest under way.
    public var tone: BadgeTone {
        switch self {
        case .delivered: .positive
        case .cancelled: .negative
        case .shipped: .caution
        case .placed, .processing: .neutral
        }
    }
}
