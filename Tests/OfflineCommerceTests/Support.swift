import TestSupport
import IntegrationSupport
import Connectivity
import Core
import LocalizationKit
import Foundation
import Localization
import Logging
@testable import OfflineCommerce
import ReferenceServer
import SecureStore

extension VaultFixture {
    /// TestSupport's fixture with this module's folder label.
    init() { self.init(label: "OfflineCommerceTests", now: { fixedNow }) }
}

/// A first-load empty state as it shows offline: its Retry needs the network, so it is disabled and says why (AC-003).
func offlineFirstLoad(_ empty: EmptyState) -> EmptyState {
    var empty = empty
    empty.action?.state = .disabled(reason: CoreCopy.noConnection)
    return empty
}

/// The seven product locales.
let productLocales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

/// A warm-up session that only records how each subtask settled.
final class RecordingWarmupPort: CacheWarmupPort {
    private let log = Locked<[String]>([])

    var settlements: [String] { log.withLock { $0 } }

    func begin(id: String, required: Bool) -> WarmupTicket {
        WarmupTicket(id: id, isRequired: required) { [self] settlement in
            log.withLock { $0.append("\(settlement.id): \(settlement.error == nil ? "finished" : "failed")") }
        }
    }
}

/// Numbered idempotency keys, so tests can predict them.
final class KeyCounter: Sendable {
    private let next = Locked(0)
    func make() -> String { next.withLock { $0 += 1; return "key-\($0)" } }
}

/// The bundled catalogs in `locale`.
func localizer(_ locale: String = "en") throws -> Localizer {
    try BundledCatalogs.localizer(locale: locale)
}

// MARK: - Fixtures

enum Fixtures {
    static func money(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    static let cart = OfflineCommercePreviews.cart
    static let orders = OfflineCommercePreviews.orders

    /// A cart of `count` lines, deterministic.
    static func bigCart(_ count: Int) -> ShoppingCart {
        let names = ["Espresso Machine", "Robot Vacuum", "Headphones", "Blender", "Electric Kettle"]
        let prices = ["249.00", "399.99", "199.00", "74.95", "39.90"]
        var total = Decimal(0)
        let lines = (0..<count).map { index -> CartLine in
            let line = CartLine(id: "c\(index + 1)", name: names[index % names.count], imageRef: "img/item-\(index % 50).png",
                                quantity: 1 + index % 3, unitPrice: money(prices[index % prices.count]), currency: "EUR")
            total += line.lineTotal
            return line
        }
        return ShoppingCart(items: lines, total: total, currency: "EUR")
    }

    /// An order history of `count` orders, newest first.
    static func bigHistory(_ count: Int) -> OrderHistory {
        let statuses = OrderStatus.allCases
        return OrderHistory(orders: (0..<count).map { index in
            OrderSummary(id: "A-\(100_000 + count - index)", date: fixedNow.addingTimeInterval(-Double(index) * 3_600),
                         status: statuses[index % statuses.count], total: money(["129.50", "74.95", "1049.00"][index % 3]),
                         currency: "EUR", isRated: index % 7 == 0)
        })
    }
}

extension CommerceViewState {
    var cart: ScreenState<CartContent>? {
        if case let .cart(state) = screen { return state }
        return nil
    }

    var orders: ScreenState<OrdersContent>? {
        if case let .orders(state) = screen { return state }
        return nil
    }

    var cartContent: CartContent? { cart?.content }
    var ordersContent: OrdersContent? { orders?.content }

    /// Every action on screen, screen and sheet, by id.
    var actions: [String: Action] {
        var all: [Action] = []
        if let content = cartContent {
            all += content.lines.map(\.updateQuantity)
            if let checkout = content.checkout { all.append(checkout) }
        }
        if let content = ordersContent { all += content.orders.flatMap(\.actions) }
        switch sheet {
        case let .quantity(form): all += form.stepper + [form.footer.submit, form.footer.cancel]
        case let .checkout(form): all += [form.footer.submit, form.footer.cancel]
        case let .rating(form): all += form.stars + [form.footer.submit, form.footer.cancel]
        case let .tracking(page): all.append(page.close)
        case nil: break
        }
        return Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension CartLineRow {
    /// What the row shows of the item, without its action (whose state follows connectivity).
    var shown: [String] { [id, name, imageRef, "\(quantity)", "\(unitPrice)", "\(lineTotal)", "\(String(describing: pendingQuantity))"] }
}

