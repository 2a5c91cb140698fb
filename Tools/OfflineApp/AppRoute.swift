import Core

/// The screens `app open` knows.
public enum AppRoute: Sendable, Hashable, CustomStringConvertible {
    /// `summaryCard` is the share card full screen, before sharing: full-screen media, where no toast may show.
    case products, product(String), cart, orders, summary, summaryCard

    public init?(_ words: [String]) {
        switch (words.first, words.count) {
        case ("products", 1): self = .products
        case ("product", 2): self = .product(words[1])
        case ("cart", 1): self = .cart
        case ("orders", 1): self = .orders
        case ("summary", 1): self = .summary
        case ("summary", 2) where words[1] == "card": self = .summaryCard
        default: return nil
        }
    }

    /// The screen id the warmup toast checks against its screens without toasts.
    public var screenID: String {
        switch self {
        case .products: "products"
        case .product: "product"
        case .cart: "cart"
        case .orders: "orders"
        case .summary: "summary"
        case .summaryCard: "media.fullscreen"
        }
    }

    /// Where the warmup toast and its banner never show (WarmupToast's story: full-screen media, passcode).
    public static let screensWithoutToasts: Set<String> = [AppRoute.summaryCard.screenID, "passcode"]

    public var description: String {
        switch self {
        case let .product(id): "product \(id)"
        case .summaryCard: "summary card"
        default: screenID
        }
    }
}

extension AppRoute {
    /// The feature whose screen this is.
    func feature(in app: AppComposition) -> any AppFeature {
        switch self {
        case .products, .product: app.products
        case .cart, .orders: app.commerce
        case .summary, .summaryCard: app.summary
        }
    }
}
