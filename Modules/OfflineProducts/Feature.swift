public import Core
import Foundation

/// The products feature, on the shared `FeatureRuntime`: its performer runs `ProductsState`'s syncs; the runtime runs
/// the toast timers and publishes `viewState`.
///
/// The cache is read on `open()` and shown at once; syncs run in background work, so the screen never waits for the
/// network. The connection comes from `connectivity` (the monitor's `status`).
public final class ProductsFeature: AppFeature {
    public typealias UserAction = ProductsUserAction
    public static let featureID = "products"

    /// What the screens show; the REPL and apps render it (`viewNode`).
    public let viewState: StateCell<ProductsViewState>
    /// How many rows of the list `viewNode` draws: a screenful (the list itself holds them all).
    public let screenRows: Int

    private let runtime: FeatureRuntime<ProductsState, ProductsViewState>
    private let repository: ProductsRepository
    private let connectivity: StateCell<ConnectivityStatus>
    private let time: TimeSource
    /// Intent → key: a service request or transfer retried after a failure sends the key of its first try, so a
    /// retry after the server applied the first attempt is applied once. Forgotten on success or a final refusal.
    private let intentKeys: IntentKeys<String>

    /// - Parameters:
    ///   - store: the user's vault (`SecureStore.vault(for:)`), where the list is cached encrypted.
    ///   - api: `ProductsAPI.live(client:user:)` in the app.
    ///   - connectivity: the connectivity signal (`ConnectivityMonitor.status`).
    ///   - time: the clock (toast timers) and `now` (warranty statuses, telemetry).
    ///   - policy: when a warranty counts as expiring soon.
    ///   - screenRows: how many rows of the list `viewNode` draws.
    public init(store: any RecordStore, api: ProductsAPI, connectivity: StateCell<ConnectivityStatus>, time: TimeSource,
                telemetry: Telemetry = .disabled, policy: WarrantyPolicy = .default, idempotencyKeys: IdempotencyKeys,
                screenRows: Int = 50) {
        self.screenRows = screenRows
        intentKeys = IntentKeys(idempotencyKeys)
        let repository = ProductsRepository(store: store, api: api, now: time.now, status: { [connectivity] in connectivity.value })
        self.repository = repository
        self.connectivity = connectivity
        self.time = time
        let performer = Performer(repository: repository, clock: time.clock)
        runtime = FeatureRuntime(ProductsState(connectivity: connectivity.value), time: time, telemetry: telemetry,
                                 view: { state, now in ProductsViewState(state: state, now: now, policy: policy) },
                                 perform: performer.perform)
        viewState = runtime.viewState
    }

    /// The repository this feature reads and writes through.
    public nonisolated var products: ProductsRepository { repository }

    // MARK: - Events

    /// Shows the cached list at once (or the first-use message), then follows the connection.
    /// Returns once the first view state from the cache is published.
    public func open() async {
        let (cached, duration) = await measure(on: time.clock) { repository.cachedCatalog() }
        let status = connectivity.value
        if await runtime.state.connectivity != status { await send(.connectivityChanged(status)) }
        await send(.opened(cached, took: duration))
        LaunchTrace.mark("products view state")
        await start()
    }

    /// Follows the connection (idempotent; `open()` calls it too): a sync wanted while offline runs when it returns.
    public func start() async {
        guard await runtime.start() else { return }
        await runtime.follow(connectivity) { [.connectivityChanged($0)] }
    }

    /// BR-002: a user logged in; syncs now if online, else when the connection is there.
    public func loggedIn() async { await send(.loggedIn) }

    /// BR-002: syncs on launch and foreground when online.
    public func lifecycle(_ phase: AppLifecycle) async {
        await send(.lifecycle(phase))
        if phase == .terminated { await stop() }
    }

    /// The connection changed (the observation sends these; composition roots may too).
    public func connectivityChanged(_ status: ConnectivityStatus) async { await send(.connectivityChanged(status)) }

    /// Pull to refresh.
    public func refresh() async { await send(.refreshRequested) }

    public func openProduct(id: String) async { await tap(actionID: ProductsActionID.product(id)) }

    public func closeCard() async { await tap(actionID: ProductsActionID.back) }

    /// A tap on an online-only button of the open card: offline it shows "This feature requires an internet connection".
    public func tap(_ action: ProductAction) async { await tap(actionID: action.id) }

    /// A tap on anything by its action id (`app tap ID`): a card action, `product:<id>`, `back`, `refresh`, `retry`.
    /// The machine decides, in one turn with the state it reads.
    @discardableResult
    public func tap(actionID: String) async -> TapResult {
        await runtime.send(.actionTapped(actionID)).lastTap ?? .notOnScreen
    }

    /// The online-only flow was finished or cancelled.
    public func dismissFlow() async { await send(.flowDismissed) }

    /// Fills the cache for the warm-up session: syncs unless offline and waits for the outcome.
    /// Returns true when the cache now holds a fresh list.
    @discardableResult
    public func prefetch() async -> Bool {
        let before = await runtime.state
        // A sync that ended since the session decided to warm (the launch's own, BR-002) has filled the cache: a second
        // fetch of the same list would only repeat it.
        if !before.products.isRefreshing, before.products.lastRefreshSucceeded, let syncedAt = before.products.savedAt,
           !WarmupPolicy.needsWarming(savedAt: syncedAt, now: time.now()) {
            return true
        }
        let finishedBefore = before.products.refreshesFinished
        await send(.prefetchRequested)
        await waitUntilIdle()
        let state = await runtime.state
        return state.products.refreshesFinished > finishedBefore && state.products.lastRefreshSucceeded
    }

    /// Nothing cached yet, or the list is older than `WarmupPolicy.rewarmAfter`: a warmup session fills it.
    /// Reads only when the list was saved: the launch asks this before any screen, and decoding a large list here would
    /// delay it for nothing.
    public var needsWarming: Bool { WarmupPolicy.needsWarming(savedAt: repository.catalogSavedAt(), now: time.now()) }

    /// `prefetch()` as the `products` subtask of the app's warmup session; throws when the list was not refreshed.
    public func prefetch(reportingTo warmup: any CacheWarmupPort) async throws {
        try await warmup.perform(id: Self.featureID) {
            guard await prefetch() else { throw PrefetchFailed(featureID: Self.featureID) }
        }
    }

    public static func userAction(forActionID id: String) -> ProductsUserAction? { ProductsUserAction(actionID: id) }

    /// The screen as plain data: the list (its first `screenRows` rows) or the open card.
    public var viewNode: ViewNode { viewState.value.viewNode(maxRows: screenRows) }

    /// Waits for the sync running now, if any (tests, the REPL, the warm-up session).
    public func waitUntilIdle() async { await runtime.waitUntilIdle() }

    /// Stops following the connection and cancels timers and a running sync.
    public func stop() async { await runtime.stop() }

    /// The state machine's state (tests, diagnostics).
    public var snapshot: ProductsState { get async { await runtime.state } }

    // MARK: - Online-only actions (BR-001)

    /// Raises a service request; offline (or unknown) it throws `.requiresConnection` and nothing is sent.
    public func raiseServiceRequest(productID: String, issue: String) async throws(ProductActionError) -> ServiceRequestReceipt {
        try await submit(.raiseServiceRequest, productID: productID, intent: "service-request\u{0}\(productID)\u{0}\(issue)") { key throws(ProductActionError) in
            try await repository.raiseServiceRequest(productID: productID, issue: issue, idempotencyKey: key)
        }
    }

    /// Transfers a product to another user; offline (or unknown) it throws `.requiresConnection` and nothing is sent.
    /// On success the product leaves the list.
    public func transferOwnership(productID: String, toUser: String) async throws(ProductActionError) -> OwnershipTransferReceipt {
        let receipt = try await submit(.transferOwnership, productID: productID, intent: "transfer\u{0}\(productID)\u{0}\(toUser)") { key throws(ProductActionError) in
            try await repository.transferOwnership(productID: productID, toUser: toUser, idempotencyKey: key)
        }
        do { try repository.removeFromCache(productID: productID) } catch {
            // The transfer succeeded; the next sync drops the product from the cache anyway.
            await send(.workFailed("cache_write_failed", error: "\(error)"))
        }
        await send(.productRemoved(productID))
        return receipt
    }

    /// Sends a flow's submit through the repository (and so the online-only gate) with the intent's key, and tells the
    /// machine how it ended.
    private func submit<Receipt>(_ action: ProductAction, productID: String, intent: String,
                                 _ call: (String) async throws(ProductActionError) -> Receipt) async throws(ProductActionError) -> Receipt {
        guard await runtime.state.catalog?.product(id: productID) != nil else { throw .unknownProduct(productID) }
        do {
            let receipt = try await call(intentKeys.key(for: intent))
            intentKeys.forget(intent)
            await send(.flowSubmitted(action, .sent))
            return receipt
        } catch {
            forgetKeyIfFinal(intent, error)
            let outcome: FlowOutcome = switch error {
            case .requiresConnection: .refusedOffline
            case .failed: .failed
            case .unknownProduct: .unknownProduct
            }
            await send(.flowSubmitted(action, outcome))
            throw error
        }
    }

    /// A refusal before sending, or an answer the server will give again (a 4xx), ends the intent; a failure in
    /// transit (timeout, lost connection, 5xx) keeps its key for the retry.
    private func forgetKeyIfFinal(_ intent: String, _ error: ProductActionError) {
        switch error {
        case .requiresConnection, .unknownProduct: intentKeys.forget(intent)
        case let .failed(_, failure): if !RetryPolicy.isCuredByRetryingOnline(failure) { intentKeys.forget(intent) }
        }
    }

    // MARK: - Running the machine

    private func send(_ event: ProductsEvent) async { await runtime.send(event) }
}

/// Does `ProductsState`'s work.
private struct Performer: Sendable {
    let repository: ProductsRepository
    let clock: any Clock<Duration>

    func perform(_ work: ProductsWork) -> WorkPlan<ProductsEvent> {
        switch work {
        case .refresh:
            let (repository, clock) = (repository, clock)
            return .background(lane: "refresh") {
                let (outcome, duration) = await measure(on: clock) { await repository.sync() }
                return [.refreshFinished(outcome, took: duration)]
            }
        }
    }
}
