import Core
import LocalizationKit
import Foundation
import Localization
@testable import OfflineCommerce
import TestSupport
import Testing

/// Item 9 and the copy: previews of every state, and every word of them in all seven locales.
@Suite struct LocalizationAndPreviewTests {
    static let previews = OfflineCommercePreviews.previews

    static func preview(_ id: String) throws -> ViewNode {
        try #require(previews.first { $0.id == id }).node
    }

    @Test("AC9 previews: cart and order history online, offline, first-load empty; the no-connection toast")
    func previewsCoverCartAndOrderHistoryOnlineOfflineFirstLoadAndTheNoConnectionToast() throws {
        let ids = Self.previews.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("commerce.") })
        for required in ["commerce.cart-online", "commerce.cart-offline", "commerce.cart-first-load",
                         "commerce.orders-online", "commerce.orders-offline", "commerce.orders-first-load",
                         "commerce.no-connection-toast"] {
            #expect(ids.contains(required), "missing \(required)")
        }
        let offline = try Self.preview("commerce.cart-offline").copies
        #expect(offline.contains(CoreCopy.offlineIndicatorAccessibilityLabel))
        #expect(offline.contains(CoreCopy.disabledAccessibilityLabel(CommerceCopy.actionCheckout)))
        #expect(!(try Self.preview("commerce.cart-online").copies.contains(CoreCopy.offlineIndicatorTitle)))
        #expect(try Self.preview("commerce.no-connection-toast").copies.contains(CoreCopy.noConnection))
        #expect(try Self.preview("commerce.cart-first-load").copies.contains(Copy("OfflineCommerce", "empty.cart.message")))
        #expect(try Self.preview("commerce.orders-first-load").copies.contains(Copy("OfflineCommerce", "empty.orders.message")))
        #expect(try Self.preview("commerce.checkout-offline").copies.contains(CoreCopy.appearOffline))
    }

    @Test("AC9 every word of every preview resolves in all seven locales", arguments: productLocales)
    func everyWordOfEveryPreviewResolvesInTheLocaleWithoutFallback(_ locale: String) throws {
        let localizer = try localizer(locale)
        for preview in Self.previews {
            for copy in preview.node.copies {
                let resolved = localizer.resolve(copy)
                #expect(resolved.issues.isEmpty, "\(preview.id) \(copy.qualifiedKey) [\(locale)]: \(resolved.issues)")
                #expect(!resolved.isFallback, "\(preview.id) \(copy.qualifiedKey) falls back in \(locale)")
            }
        }
    }

    @Test(arguments: productLocales)
    func everyCopyTheViewStateCanHoldExistsInTheLocale(_ locale: String) throws {
        let localizer = try localizer(locale)
        var copies: [Copy] = [CommerceCopy.cartTitle, CommerceCopy.ordersTitle, CommerceCopy.actionCheckout, CommerceCopy.actionUpdateQuantity,
                              CommerceCopy.actionTrackOrder, CommerceCopy.actionRateOrder, CommerceCopy.actionPlaceOrder, CommerceCopy.actionSubmitRating,
                              CommerceCopy.actionAddOne, CommerceCopy.actionRemoveOne, CommerceCopy.actionCancel, CommerceCopy.actionClose,
                              CommerceCopy.cartEmpty, CommerceCopy.ordersEmpty, CommerceCopy.checkoutTitle, CommerceCopy.checkoutEmailLabel,
                              CommerceCopy.checkoutEmailHint, CommerceCopy.ratingLabel, CommerceCopy.trackingNotFound, CommerceCopy.toastRated,
                              CommerceCopy.toastTryAgain, CommerceCopy.toastOrderPlaced(id: .text("A-1")), CommerceCopy.cartPendingQuantity(quantity: .integer(3))]
        copies += OrderStatus.allCases.map(CommerceCopy.status)
        copies += (0...5).map { CommerceCopy.ratingStars(count: $0) } + [0, 1, 2, 5, 22, 200].map { CommerceCopy.cartItemCount(count: $0) }
            + [0, 1, 2, 5, 22, 2000].map { CommerceCopy.ordersCount(count: $0) }
        for copy in copies {
            let resolved = localizer.resolve(copy)
            #expect(resolved.issues.isEmpty && !resolved.isFallback, "\(copy.qualifiedKey) [\(locale)]: \(resolved.issues)")
        }
    }

    @Test("AC1 currency is formatted per locale")
    func currencyIsFormattedPerLocale() throws {
        let total = CommerceCopy.cartTotal(total: .currency(Fixtures.money("2995.98"), code: "EUR"))
        #expect(try localizer("en").string(total) == "Total: €2,995.98")
        #expect(try localizer("de").string(total) == "Gesamt: 2.995,98\u{A0}€")
        #expect(try localizer("ja").string(CommerceCopy.orderTotal(total: .currency(Fixtures.money("1049"), code: "JPY"))) == "合計: ￥1,049")
        var seen: Set<String> = []
        for locale in productLocales {
            let text = try localizer(locale).string(CommerceCopy.cartUnitPrice(price: .currency(Fixtures.money("1234.5"), code: "NOK")))
            #expect(!text.contains("%@"), "\(locale): \(text)")
            seen.insert(text)
        }
        #expect(seen.count == productLocales.count)  // seven languages, seven renderings
    }

    @Test("AC2 AC5 the toast, empty states and screen-reader labels read as the story words them")
    func theToastAndEmptyStatesSayWhatTheStorySays() throws {
        let en = try localizer("en")
        #expect(en.string(CorePreviews.noConnectionToast.message) == "No internet connection. Please check your connection and try again.")
        #expect(en.string(try #require(CommerceCopy.cartFirstLoad.message)) == "An internet connection is required to load your cart the first time.")
        #expect(en.string(try #require(CommerceCopy.ordersFirstLoad.message))
            == "An internet connection is required to load your order history the first time.")
        #expect(en.string(CoreCopy.disabledAccessibilityLabel(CommerceCopy.actionTrackOrder)) == "Track Order, disabled")
        #expect(en.string(CoreCopy.offlineIndicatorAccessibilityLabel) == "You are offline. Viewing offline data.")
    }

    @Test func theViewNodeShowsEveryFieldOfACartLineAndAnOrder() throws {
        let cart = try Self.preview("commerce.cart-online")
        let en = try localizer("en")
        let texts = cart.texts(en)
        #expect(cart.descendants.contains(.image(ImageNode(reference: "img/ss-2.png", size: PixelSize(width: 120, height: 120)))))
        #expect(cart.descendants.contains(.image(ImageNode(reference: "img/ek-17.png", size: nil))), "a placeholder where it never loaded")
        for expected in ["Smart Speaker", "Quantity: 2", "Unit price: €89.99", "Subtotal: €179.98", "Total: €548.68",
                         "Proceed to Checkout", "Update Quantity"] {
            #expect(texts.contains(expected), "\(expected) not in \(texts)")
        }
        let orders = try Self.preview("commerce.orders-online").texts(en)
        for expected in ["Order A-10009", "Delivered", "Ordered on Nov 14, 2025", "Total: €74.95", "Track Order", "Rate Order"] {
            #expect(orders.contains(expected), "\(expected) not in \(orders)")
        }
    }

    /// Issue 42: the generated lists are the walk. Every key of the table (`CommerceCopy.keys`, arguments or not) is in every
    /// shipped locale's catalog, and every key without arguments (`CommerceCopy.all`) resolves there without falling back.
    @Test(arguments: ["en", "nb", "es", "de", "ar", "ja", "pl"])
    func everyGeneratedKeyIsInTheCatalogOf(_ locale: String) throws {
        let catalog = try BundledCatalogs.load()
        let table = try #require(catalog.table(CommerceCopy.table, locale: locale))
        for key in CommerceCopy.keys {
            #expect(table.entries[key] != nil, "\(locale) lacks \(key)")
        }
        let localizer = try BundledCatalogs.localizer(locale: locale)
        for copy in CommerceCopy.all {
            let resolved = localizer.resolve(copy)
            #expect(resolved.issues.isEmpty && !resolved.isFallback, "\(locale) \(copy.qualifiedKey): \(resolved.issues)")
        }
        #expect(CommerceCopy.all.count < CommerceCopy.keys.count, "the keys with arguments are in keys, not in all")
    }
}

extension ViewNode {
    /// The visible texts of a node in a locale (verbatim data as is).
    func texts(_ localizer: Localizer) -> [String] {
        switch self {
        case let .title(copy), let .text(copy, _): [localizer.string(copy)]
        case let .verbatim(text, _): [text]
        case let .field(label, value):
            switch value {
            case let .copy(copy): [localizer.string(label), localizer.string(copy)]
            case let .verbatim(text): [localizer.string(label), text]
            }
        case let .badge(copy, _, _): [localizer.string(copy)]
        case let .banner(banner): [localizer.string(banner.title)]
        case let .toast(toast): [localizer.string(toast.message)]
        case let .empty(empty): [localizer.string(empty.title)] + (empty.message.map { [localizer.string($0)] } ?? [])
        case let .actions(actions): actions.map { localizer.string($0.title) }
        case let .navigation(items): items.map { localizer.string($0.title) }
        case let .row(nodes, _), let .stack(nodes): nodes.flatMap { $0.texts(localizer) }
        case .divider, .progress, .image: []
        }
    }

}
