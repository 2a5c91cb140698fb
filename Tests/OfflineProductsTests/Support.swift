import Connectivity
import Core
import LocalizationKit
import Foundation
import Localization
import Logging
import OfflineProducts
import ReferenceServer
import SecureStore
import TestSupport
import IntegrationSupport
import Testing

/// The server's reference date, 2026-01-01 00:00 UTC, and the fixed `now` of every test: 30 days later.
let referenceDate = Date(timeIntervalSince1970: 1_767_225_600)
let day: TimeInterval = 86_400

/// `count` deterministic products; warranties spread from long expired to years ahead of `fixedNow`.
func makeProducts(_ count: Int, prefix: String = "p") -> [Product] {
    (0..<count).map { index in
        let expiry = fixedNow.addingTimeInterval(Double(index % 97 - 30) * 7 * day)
        return Product(id: "\(prefix)\(index + 1)", name: ["Espresso Machine", "Robot Vacuum", "Headphones"][index % 3],
                       model: ["EM-200", "RV-9", "HP-X3"][index % 3], serialNumber: String(format: "SN%010d", 7_919 * (index + 1)),
                       purchaseDate: expiry.addingTimeInterval(-730 * day), warrantyExpiresAt: expiry)
    }
}

/// An in-memory store holding `products` as a sync at `savedAt` would have left them.
func storeHolding(_ products: [Product]?) throws -> InMemoryRecordStore {
    let store = InMemoryRecordStore(now: { fixedNow.addingTimeInterval(-day) })
    if let products {
        try ProductsRepository(store: store, api: .test, now: { fixedNow }, status: { .offline }).saveProducts(products)
    }
    return store
}

/// A connectivity signal the test sets by hand.
func connectivity(_ status: ConnectivityStatus) -> StateCell<ConnectivityStatus> {
    StateCell(status)
}

extension ProductsViewState {
    var rows: [ProductRow] { list.content.map { Array($0.rows) } ?? [] }
    var isSyncing: Bool { syncProgress != nil }
}

/// A product fetch that waits until the test lets it answer: proves what the screen does meanwhile.
final class HeldFetch: Sendable {
    private let state = Locked<(calls: Int, waiters: [CheckedContinuation<Void, Never>], open: Bool)>((0, [], false))
    let products: [Product]

    init(_ products: [Product]) { self.products = products }

    var calls: Int { state.withLock { $0.calls } }

    func release() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var api: ProductsAPI {
        var api = ProductsAPI.serving(products)
        api.fetchPage = { [self] offset, limit throws(HTTPClientError) in
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    state.calls += 1
                    if !state.open { state.waiters.append(continuation) }
                    return state.open
                }
                if open { continuation.resume() }
            }
            let start = min(offset, products.count)
            return ProductPage(items: Array(products[start..<min(start + limit, products.count)]), total: products.count)
        }
        return api
    }
}

/// Counts fetches and answers them from a script: products, or an error.
final class ScriptedAPI: Sendable {
    enum Answer: Sendable { case products([Product]), failure(HTTPClientError) }
    private let state: Locked<(answers: [Answer], calls: Int)>

    init(_ answers: [Answer]) { state = Locked((answers, 0)) }

    var calls: Int { state.withLock { $0.calls } }

    var api: ProductsAPI {
        var api = ProductsAPI.test
        api.fetchPage = { [self] offset, limit throws(HTTPClientError) in
            let answer = state.withLock { state -> Answer in
                state.calls += 1
                return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
            }
            switch answer {
            case let .products(products):
                let start = min(offset, products.count)
                return ProductPage(items: Array(products[start..<min(start + limit, products.count)]), total: products.count)
            case let .failure(error):
                throw error
            }
        }
        return api
    }
}

// MARK: - Real parts

extension VaultFixture {
    /// TestSupport's fixture with this module's folder label and fixed date.
    init() { self.init(label: "OfflineProductsTests", now: { fixedNow }) }
}

/// The bundled catalogs, loaded once.
let catalogs: Catalog = {
    do { return try BundledCatalogs.load() } catch { fatalError("the bundled catalogs do not load: \(error)") }
}()

let locales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

func localizer(_ locale: String) -> Localizer {
    Localizer(catalog: catalogs, locale: locale, baseLocale: "en", timeZone: "UTC")
}

