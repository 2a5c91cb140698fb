import OfflinePatterns
public import Core
public import Foundation

/// Why an online-only product action did not happen. BR-001: offline data is read-only.
public enum ProductActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Refused before any request was built, because the app is not online.
    case requiresConnection(ProductAction)
    /// The product is not in the user's list on this device.
    case unknownProduct(String)
    /// Sent, then failed (the server refused, or the network broke mid-request).
    case failed(ProductAction, HTTPClientError)

    public var description: String {
        switch self {
        case let .requiresConnection(action):
            "\(action.rawValue) needs an internet connection; offline data is read-only (BR-001): try again when online"
        case let .unknownProduct(id): "no product \(id) in this user's list; sync the list and try again"
        case let .failed(action, error): "\(action.rawValue) failed: \(error)"
        }
    }

    /// The copy to show the user.
    public var message: Copy {
        switch self {
        case .requiresConnection: CoreCopy.requiresConnection
        case let .failed(_, error) where error.isAuthenticationFailure: CoreCopy.signInRequiredMessage
        case let .failed(_, error) where error == .offline || error.isTransportFailure: CoreCopy.noConnection
        case .unknownProduct, .failed: CoreCopy.changeFailed
        }
    }
}

/// Cache-first access to one user's products: the encrypted cache at once (`cachedCatalog()`), a full
/// paged sync that replaces it atomically or keeps the last good copy (`sync()`), and the online-only
/// writes behind the `OnlineOnlyGate`.
public struct ProductsRepository: Sendable {
    /// Where the list lives in the user's vault (one record; see `ProductCatalog`).
    public static let collection = "products"
    public static let catalogKey = "catalog"

    private let resource: CachedResource<ProductCatalog>
    private let store: any RecordStore
    private let api: ProductsAPI
    private let gate: OnlineOnlyGate
    private let pageAttempts: Int

    /// - Parameters:
    ///   - store: the user's vault (`SecureStore.vault(for:)`) or an in-memory store in tests.
    ///   - status: the connectivity signal now (the monitor's `status.value`).
    ///   - pageAttempts: how many times one page is tried on a lossy network before the sync gives up.
    public init(store: any RecordStore, api: ProductsAPI, now: @escaping @Sendable () -> Date, status: @escaping @Sendable () -> ConnectivityStatus,
                pageAttempts: Int = 3) {
        self.store = store
        self.api = api
        gate = OnlineOnlyGate(status: status)
        self.pageAttempts = max(1, pageAttempts)
        let pageSize = api.pageSize
        let attempts = self.pageAttempts
        let fetchPage = api.fetchPage
        let fetchPageConditionally = api.fetchPageConditionally
        resource = CachedResource(collection: Self.collection, key: Self.catalogKey, store: store, now: now,
                                  status: status) { validators throws(HTTPClientError) in
            guard let fetchPageConditionally else {
                return .modified(try await Self.fetchAll(pageSize: pageSize, attempts: attempts, fetchPage: fetchPage), CacheValidators())
            }
            return try await Self.fetchAllIfChanged(validators, pageSize: pageSize, attempts: attempts, fetchPage: fetchPageConditionally)
        }
    }

    /// The cached list and when it was saved, or nil when this device never synced (or the record is unreadable).
    public func cachedCatalog() -> CachedValue<ProductCatalog>? {
        resource.cached()
    }

    /// When the cached list was saved, without decoding it (nil: never synced, or unreadable); see `CachedResource.savedAt()`.
    public func catalogSavedAt() -> Date? {
        resource.savedAt()
    }

    /// Fetches every page and replaces the cache in one write; on any failure the last good list stays.
    public func sync() async -> RevalidateOutcome<ProductCatalog> {
        await resource.revalidate()
    }

    /// Stores a list as if the server had sent it (fixtures, previews, benchmarks).
    public func saveProducts(_ products: [Product]) throws(RecordStoreError) {
        try resource.store(ProductCatalog(products))
    }

    /// Forgets the cached list.
    public func clear() throws(RecordStoreError) {
        try resource.clear()
    }

    /// Asks for service on a product. Offline (or unknown) it throws `.requiresConnection` and sends nothing.
    /// `idempotencyKey` is the request's: the same for every retry of it.
    public func raiseServiceRequest(productID: String, issue: String, idempotencyKey: String) async throws(ProductActionError) -> ServiceRequestReceipt {
        let api = api
        do {
            return try await gate.perform(ProductAction.raiseServiceRequest) { () throws(HTTPClientError) in
                try await api.raiseServiceRequest(productID, issue, idempotencyKey)
            }
        } catch {
            throw Self.actionError(error)
        }
    }

    /// Gives a product to another user. Offline (or unknown) it throws `.requiresConnection` and sends nothing.
    /// On success, `removeFromCache(productID:)` drops it from the device at once.
    public func transferOwnership(productID: String, toUser: String, idempotencyKey: String) async throws(ProductActionError) -> OwnershipTransferReceipt {
        let api = api
        do {
            return try await gate.perform(ProductAction.transferOwnership) { () throws(HTTPClientError) in
                try await api.transferOwnership(productID, toUser, idempotencyKey)
            }
        } catch {
            throw Self.actionError(error)
        }
    }

    /// Drops one product from the cached list (its ownership moved to another user).
    public func removeFromCache(productID: String) throws(RecordStoreError) {
        guard let cached = cachedCatalog() else { return }
        try resource.store(cached.value.removing(id: productID))
    }

    private static func actionError(_ error: OnlineOnlyError<ProductAction>) -> ProductActionError {
        switch error {
        case let .refused(action, _): .requiresConnection(action)
        case let .failed(action, error): .failed(action, error)
        }
    }

    /// The list if it changed since the copy `validators` describe: the first page is asked for conditionally, and a
    /// "not modified" ends the sync in one round trip with nothing decoded. Otherwise every page comes as `fetchAll`
    /// brings them, and each must carry the first one's validators: pages of two versions of the list are never mixed.
    static func fetchAllIfChanged(_ validators: CacheValidators?, pageSize: Int, attempts: Int,
                                  fetchPage: @escaping @Sendable (Int, Int, CacheValidators?) async throws(HTTPClientError) -> ConditionalAnswer<ProductPage>)
        async throws(HTTPClientError) -> ConditionalAnswer<ProductCatalog> {
        let answer = try await fetchWithRetry(offset: 0, limit: pageSize, attempts: attempts) { offset, limit throws(HTTPClientError) in
            try await fetchPage(offset, limit, validators)
        }
        let first: ProductPage, version: CacheValidators
        switch answer {
        case let .notModified(confirmed): return .notModified(confirmed)
        case let .modified(page, sent): (first, version) = (page, sent)
        }
        let catalog = try await fetchAll(pageSize: pageSize, attempts: attempts, first: first) { offset, limit throws(HTTPClientError) in
            guard case let .modified(page, sent) = try await fetchPage(offset, limit, nil) else {
                throw .decoding("the server answered a page asked for whole with 304 (not modified)")
            }
            guard sent.etag == version.etag else {
                throw .decoding("the product list changed during the sync (version \(version.etag ?? "none") then \(sent.etag ?? "none")); the next sync starts over")
            }
            return page
        }
        return .modified(catalog, version)
    }

    /// Every page, in order. The first says how many there are; the rest travel `pagesInFlight` at a time, so one page
    /// is decoded while the next is on the wire (and on a slow network several round trips overlap). A page is retried
    /// on failures a retry can cure (transport, 5xx, 429); the list must not change size meanwhile, so the cache never
    /// holds a mix of two versions. A short page (fewer items than asked for) makes the next batch start after it.
    /// `first`: the first page when the caller fetched it already.
    static func fetchAll(pageSize: Int, attempts: Int, pagesInFlight: Int = 3, first fetched: ProductPage? = nil,
                         fetchPage: @escaping @Sendable (Int, Int) async throws(HTTPClientError) -> ProductPage) async throws(HTTPClientError) -> ProductCatalog {
        let first: ProductPage
        if let fetched { first = fetched } else { first = try await fetchWithRetry(offset: 0, limit: pageSize, attempts: attempts, fetchPage: fetchPage) }
        let total = first.total
        var products: [Product] = []
        products.reserveCapacity(max(0, total))
        try append(first, at: 0, total: total, to: &products)
        while products.count < total {
            let offsets = Array(stride(from: products.count, to: total, by: pageSize).prefix(max(1, pagesInFlight)))
            let pages = try await fetchPages(at: offsets, limit: pageSize, attempts: attempts, fetchPage: fetchPage)
            for (offset, page) in zip(offsets, pages) {
                // After a short page the later ones start at the wrong offset: the next batch asks again from here.
                guard offset == products.count else { break }
                try append(page, at: offset, total: total, to: &products)
            }
        }
        return ProductCatalog(products)
    }

    private static func append(_ page: ProductPage, at offset: Int, total: Int, to products: inout [Product]) throws(HTTPClientError) {
        guard page.total == total else {
            throw .decoding("the product list changed during the sync (\(total) then \(page.total) products); the next sync starts over")
        }
        guard !page.items.isEmpty || offset >= total else {
            throw .decoding("the server sent an empty page at offset \(offset) of \(total) products")
        }
        products.append(contentsOf: page.items)
    }

    /// The pages at `offsets`, in that order, fetched side by side; the first failure cancels the others and is thrown.
    private static func fetchPages(at offsets: [Int], limit: Int, attempts: Int,
                                   fetchPage: @escaping @Sendable (Int, Int) async throws(HTTPClientError) -> ProductPage) async throws(HTTPClientError) -> [ProductPage] {
        if offsets.count == 1 { return [try await fetchWithRetry(offset: offsets[0], limit: limit, attempts: attempts, fetchPage: fetchPage)] }
        let results = await withTaskGroup(of: (Int, Result<ProductPage, HTTPClientError>).self) { group in
            for (index, offset) in offsets.enumerated() {
                group.addTask {
                    do throws(HTTPClientError) {
                        return (index, .success(try await fetchWithRetry(offset: offset, limit: limit, attempts: attempts, fetchPage: fetchPage)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var pages = [Result<ProductPage, HTTPClientError>?](repeating: nil, count: offsets.count)
            for await (index, result) in group {
                pages[index] = result
                if case .failure = result { group.cancelAll() }
            }
            return pages
        }
        // The first failure in page order (a sibling cancelled because of it reports `.cancelled`, which says less).
        var pages: [ProductPage] = []
        for result in results {
            switch result {
            case let .success(page)?: pages.append(page)
            case let .failure(error)? where error != .cancelled: throw error
            default: continue
            }
        }
        guard pages.count == offsets.count else { throw .cancelled }
        return pages
    }

    private static func fetchWithRetry<Page>(offset: Int, limit: Int, attempts: Int,
                                             fetchPage: @Sendable (Int, Int) async throws(HTTPClientError) -> Page) async throws(HTTPClientError) -> Page {
        var attempt = 1
        while true {
            do {
                return try await fetchPage(offset, limit)
            } catch {
                guard attempt < attempts, RetryPolicy.isCuredByRetryingOnline(error), !Task.isCancelled else { throw error }
                attempt += 1
            }
        }
    }
}
