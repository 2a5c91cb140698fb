public import OfflinePatterns
public import Core
public import Foundation

/// The cart and order history of one user: cache-first over a `RecordStore` (a SecureStore vault in
/// the app: encrypted per user) through Connectivity's `CachedResource`, and the writes that need the
/// server there and then, each behind the `OnlineOnlyGate` (BR-OFF-001).
///
/// What is stored, and only this (item 7): the cart as the screen shows it, the order history as the
/// screen shows it, the server's validators of each (`ETag`, `Last-Modified`), and the unsent form drafts
/// (quantities, stars). Never the token, the profile or an e-mail address.
public struct CommerceRepository: Sendable {
    /// The collections this repository writes; nothing else of the user's vault is touched.
    public enum Collection {
        public static let cart = "commerce.cart"
        public static let orders = "commerce.orders"
        public static let drafts = "commerce.drafts"
        /// The cart lines' images (PNG bytes by reference) and their index (sizes, LRU stamps).
        public static let images = "commerce.images"
        public static let all = [cart, orders, drafts, images, "\(images).index"]
    }

    static let key = "current"

    private let store: any RecordStore
    private let api: CommerceAPI
    private let gate: OnlineOnlyGate
    private let cart: CachedResource<ShoppingCart>
    private let orders: CachedResource<OrderHistory>
    private let now: @Sendable () -> Date
    private let telemetry: Telemetry
    /// The cart's images, kept for offline use within a per-user budget (least recently shown evicted first).
    public let images: ImageCache
    /// The default image budget per user: 2 MiB, a few hundred small product images.
    public static let imageBudgetBytes = 2 << 20

    /// - Parameters:
    ///   - store: the signed-in user's vault (`SecureStore.vault(for:)`), or an `InMemoryRecordStore` in tests.
    ///   - status: the connectivity status the gate and the cache consult (`ConnectivityMonitor.status.value`).
    ///   - now: dates a value shown while it could not be stored (the store's own clock dates the rest).
    ///   - telemetry: where failures the user does not see are recorded (a draft or a write's answer not stored).
    public init(store: any RecordStore, api: CommerceAPI, status: @escaping @Sendable () -> ConnectivityStatus,
                now: @escaping @Sendable () -> Date, telemetry: Telemetry = .disabled, imageBudgetBytes: Int = Self.imageBudgetBytes) {
        self.store = store
        images = ImageCache(store: store, collection: Collection.images, budgetBytes: imageBudgetBytes, now: now)
        self.now = now
        self.telemetry = telemetry
        self.api = api
        gate = OnlineOnlyGate(status: status)
        cart = Self.resource(Collection.cart, store: store, now: now, status: status, fetch: api.fetchCart, conditionalFetch: api.fetchCartConditionally)
        orders = Self.resource(Collection.orders, store: store, now: now, status: status, fetch: api.fetchOrders,
                               conditionalFetch: api.fetchOrdersConditionally)
    }

    /// Revalidated with the cached copy's validators when the API can ask conditionally (`live`): an unchanged copy is
    /// confirmed by a 304 and neither sent, decoded nor written again. Otherwise (fixtures) it is fetched whole.
    private static func resource<Value: Codable & Sendable>(
        _ collection: String, store: any RecordStore, now: @escaping @Sendable () -> Date, status: @escaping @Sendable () -> ConnectivityStatus,
        fetch: @escaping @Sendable () async throws(HTTPClientError) -> Value,
        conditionalFetch: (@Sendable (CacheValidators?) async throws(HTTPClientError) -> ConditionalAnswer<Value>)?
    ) -> CachedResource<Value> {
        guard let conditionalFetch else {
            return CachedResource(collection: collection, key: key, store: store, now: now, status: status, fetch: fetch)
        }
        return CachedResource(collection: collection, key: key, store: store, now: now, status: status, conditionalFetch: conditionalFetch)
    }

    // MARK: - Reads (stale-while-revalidate)

    /// The cart saved at the last online view, at once (nil: never loaded, or unreadable).
    public func cachedCart() -> CachedValue<ShoppingCart>? { cart.cached() }

    /// The order history saved at the last online view, at once.
    public func cachedOrders() -> CachedValue<OrderHistory>? { orders.cached() }

    /// When the cart and the order history were saved, without decoding them (nil: never cached, or unreadable); see
    /// `CachedResource.savedAt()`.
    public func savedAt() -> (cart: Date?, orders: Date?) { (cart.savedAt(), orders.savedAt()) }

    /// Fetches the cart (not while offline) and caches it, then the images of its lines not kept yet; a failure keeps
    /// the last good value. An image that does not load leaves its placeholder (and is tried again next time). With a
    /// conditional API an unchanged cart is confirmed by a 304 (`.unchanged`): nothing is read, decoded or written but
    /// its validators, and its images are the screen's to retry (`CommerceFeature`).
    public func revalidateCart() async -> RevalidateOutcome<ShoppingCart> {
        let outcome = await cart.revalidate()
        if case let .fresh(value) = outcome { await keepImages(of: value.value) }
        return outcome
    }

    /// The pixel sizes of the cart's images kept on the device, marking them shown (their LRU stamp).
    public func imageSizes(of cart: ShoppingCart) -> [String: PixelSize] {
        images.show(cart.items.map(\.imageRef))
    }

    /// Fetches and keeps the images of `cart` that are not kept yet, one at a time (a cart has a handful).
    func keepImages(of cart: ShoppingCart) async {
        var failed = 0
        for reference in Set(cart.items.map(\.imageRef)).sorted() where !images.contains(reference) {
            do throws(HTTPClientError) {
                let data = try await api.fetchImage(reference)
                do {
                    // Nil: not a PNG, or alone larger than the budget; the cart shows its placeholder for it.
                    if try images.keep(data, for: reference) == nil {
                        telemetry.record("commerce.image_not_kept", attributes: ["reason": "not a PNG within the budget", "bytes": "\(data.count)"])
                    }
                } catch {
                    telemetry.record("commerce.image_not_kept", attributes: ["error": "\(error)"])
                }
            } catch {
                failed += 1
                if error == .offline || error == .cancelled { break }
            }
        }
        if failed > 0 { telemetry.record("commerce.images_not_fetched", attributes: ["count": "\(failed)"]) }
    }

    /// Fetches the order history (not while offline) and caches it, or has the server confirm the cached one (a 304
    /// with a conditional API: `.unchanged`, only "Last updated" moves on); a failure keeps the last good value.
    public func revalidateOrders() async -> RevalidateOutcome<OrderHistory> { await orders.revalidate() }

    /// "Track Order" needs the order as the server has it now (full-page blocking): a fresh read, never
    /// the cache. The fresh history is cached on the way. Nil when the server no longer lists the order.
    public func trackOrder(_ orderID: String) async throws(HTTPClientError) -> OrderSummary? {
        switch await orders.revalidate() {
        case let .fresh(history): return history.value.order(orderID)
        // The server vouched for the cached history just now.
        case .unchanged: return orders.cached()?.value.order(orderID)
        case let .kept(_, error): throw error
        }
    }

    // MARK: - Drafts of blocking forms

    public func drafts() -> FormDrafts {
        do {
            guard let record = try store.load(collection: Collection.drafts, key: Self.key) else { return FormDrafts() }
            return try CachedResourceCoding.decoder.decode(FormDrafts.self, from: record.value)
        } catch {
            telemetry.record("commerce.drafts_unreadable", attributes: ["error": "\(error)"])
            return FormDrafts()
        }
    }

    public func saveDrafts(_ drafts: FormDrafts) throws(RecordStoreError) {
        guard !drafts.isEmpty else { return try store.delete(collection: Collection.drafts, key: Self.key) }
        let data: Data
        do { data = try CachedResourceCoding.encoder.encode(drafts) } catch {
            throw .unavailable(reason: "the form drafts could not be encoded: \(error)")
        }
        try store.save(data, collection: Collection.drafts, key: Self.key)
    }

    // MARK: - Writes that need the server (BR-OFF-001: refused while not online, before a request is built)

    /// Sets a line's quantity; the cart the server answers becomes the cached one.
    public func updateQuantity(itemID: String, to quantity: Int, idempotencyKey: String)
        async throws(OnlineOnlyError<CommerceUserAction>) -> CachedValue<ShoppingCart> {
        let updated = try await gate.perform(CommerceUserAction.updateQuantity) { () throws(HTTPClientError) in
            try await api.updateQuantity(itemID, quantity, idempotencyKey)
        }
        return cache(updated, in: cart)
    }

    /// Places the order from the cart. The caches follow at once (cart emptied, the order listed first),
    /// so the screens are right even if the connection drops before they revalidate.
    public func placeOrder(idempotencyKey: String) async throws(OnlineOnlyError<CommerceUserAction>) -> OrderSummary {
        let order = try await gate.perform(CommerceUserAction.placeOrder) { () throws(HTTPClientError) in
            try await api.placeOrder(idempotencyKey)
        }
        if let current = cart.cached()?.value {
            _ = cache(ShoppingCart(items: [], total: 0, currency: current.currency), in: cart)
        }
        if var history = orders.cached()?.value {
            history.orders.removeAll { $0.id == order.id }
            history.orders.insert(order, at: 0)
            _ = cache(history, in: orders)
        }
        return order
    }

    /// Rates a delivered order; the cached history marks it rated.
    public func rateOrder(_ orderID: String, stars: Int, idempotencyKey: String) async throws(OnlineOnlyError<CommerceUserAction>) -> OrderSummary {
        let order = try await gate.perform(CommerceUserAction.rateOrder) { () throws(HTTPClientError) in
            try await api.rateOrder(orderID, stars, idempotencyKey)
        }
        if var history = orders.cached()?.value, let index = history.orders.firstIndex(where: { $0.id == orderID }) {
            history.orders[index] = order
            _ = cache(history, in: orders)
        }
        return order
    }

    /// Changes the profile on the server. Nothing of it is stored on the device.
    public func updateProfile(_ change: ProfileChange, idempotencyKey: String) async throws(OnlineOnlyError<CommerceUserAction>) {
        try await gate.perform(CommerceUserAction.updateProfile) { () throws(HTTPClientError) in
            try await api.updateProfile(change, idempotencyKey)
        }
    }

    /// Forgets everything this repository stored (the vault itself is wiped by SecureStore on sign-out).
    public func clear() throws(RecordStoreError) {
        try store.apply(Collection.all.map { .deleteAll(collection: $0) } + cart.clearingChanges + orders.clearingChanges)
    }

    /// Stores a value the server just answered; a store failure still shows it (recorded), like `CachedResource`.
    private func cache<Value>(_ value: Value, in resource: CachedResource<Value>) -> CachedValue<Value> {
        do {
            return CachedValue(value: value, savedAt: try resource.store(value))
        } catch {
            telemetry.record("commerce.cache_write_failed", attributes: ["collection": resource.collection, "error": "\(error)"])
            return CachedValue(value: value, savedAt: now())
        }
    }
}
