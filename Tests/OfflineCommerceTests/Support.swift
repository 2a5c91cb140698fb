import TestSupport
import Connectivity
import Core
import Foundation
import Localization
import Logging
@testable import OfflineCommerce
import ReferenceServer
import SecureStore
import Synchronization

/// The fixed wall clock of every test (2026-01-31 00:00 UTC); no test reads the real date.
let fixedNow = Date(timeIntervalSince1970: 1_767_225_600 + 86_400 * 30)

/// Real I/O needs the real clock for its deadlines; the tests themselves never sleep on it.
let liveTime = TimeSource(clock: ContinuousClock(), now: { fixedNow })

/// The seven product locales.
let productLocales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

/// The shared fixture (TestSupport) with this module's fixed date.
func withReferenceServer<T>(seed: SeedConfiguration = SeedConfiguration(), faults: FaultConfiguration = .none,
                            _ body: (ReferenceServer, URL) async throws -> T) async throws -> T {
    try await TestSupport.withReferenceServer(seed: seed, faults: faults, now: fixedNow, body)
}

/// An HTTP client for `user` against the reference server.
func makeClient(_ url: URL, user: String = "user1", connectivity: ConnectivityContext, time: TimeSource = liveTime,
                timeout: Duration = .seconds(5)) -> HTTPClient {
    HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: ReferenceServer.token(for: user), timeout: timeout),
               connectivity: connectivity, time: time)
}

/// A SecureStore in a fresh temporary folder (SQLite, AES-GCM): the store the app uses.
final class VaultFixture: Sendable {
    let folder: URL
    let store: SecureStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("OfflineCommerceTests-\(UUID().uuidString)", isDirectory: true)
        store = try SecureStore(folder: folder, keyProvider: InMemoryKeyProvider(), telemetry: .disabled, now: { fixedNow })
    }

    func vault(_ user: String = "user1") -> SecureVault { store.vault(for: user) }

    /// Every file of the store's folder with its bytes.
    func files() throws -> [(name: String, bytes: Data)] {
        try store.flushWriteAheadLog()
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    deinit {
        store.close()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A connectivity status the test sets, shared by the feature, the gate and the HTTP client.
final class ConnectivitySwitch: Sendable {
    let cell: StateCell<ConnectivityStatus>

    init(_ status: ConnectivityStatus) { cell = StateCell(status) }

    func set(_ status: ConnectivityStatus) { cell.set(status) }

    var context: ConnectivityContext {
        ConnectivityContext(status: { [cell] in cell.value }, report: { _ in })
    }
}

/// Wraps a real store and keeps every change applied through it: what the feature stored, to inspect.
final class RecordingStore: RecordStore {
    let base: any RecordStore
    private let changes = Mutex<[RecordChange]>([])

    init(_ base: any RecordStore) { self.base = base }

    var applied: [RecordChange] { changes.withLock { $0 } }

    /// Every value saved, with its collection and key.
    var saved: [(collection: String, key: String, value: Data)] {
        applied.compactMap { change in
            if case let .save(collection, key, value, _) = change { return (collection, key, value) }
            return nil
        }
    }

    func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord? {
        try base.load(collection: collection, key: key)
    }

    func loadAll(collection: String) throws(RecordStoreError) -> [StoredRecord] {
        try base.loadAll(collection: collection)
    }

    func apply(_ changes: [RecordChange]) throws(RecordStoreError) -> Date {
        let savedAt = try base.apply(changes)
        self.changes.withLock { $0 += changes }
        return savedAt
    }
}

/// A warm-up session that only records how each subtask settled.
final class RecordingWarmupPort: CacheWarmupPort {
    private let log = Mutex<[String]>([])

    var settlements: [String] { log.withLock { $0 } }

    func begin(id: String, required: Bool) -> WarmupTicket {
        WarmupTicket(id: id, isRequired: required) { [self] settlement in
            log.withLock { $0.append("\(settlement.id): \(settlement.error == nil ? "finished" : "failed")") }
        }
    }
}

/// Numbered idempotency keys, so tests can predict them.
final class KeyCounter: Sendable {
    private let next = Mutex(0)
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

