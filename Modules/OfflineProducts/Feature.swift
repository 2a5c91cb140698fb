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
    private let telemetry: Telemetry
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
        self.telemetry = telemetry
        // The signal as it is now, so no event waits for the observation task to deliver it.
        var initial = ProductsState()
        _ = initial.handle(.connectivityChanged(connectivity.value), now: time.now())
        let clock = time.clock
        runtime = FeatureRuntime(initial, time: time, telemetry: telemetry,
                                 view: { state, now in ProductsViewState(state: state, now: now, policy: policy) },
                                 perform: { work in
                                     switch work {
                                     case let .sync(trigger):
                                         .background(lane: "sync") {
                                             let (outcome, duration) = await measure(on: clock) { await repository.sync() }
                                             return [Self.finishSync(outcome, trigger: trigger, duration: duration, telemetry: telemetry)]
                                         }
                                     }
                                 })
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
        await send(.opened(cached))
        telemetry.record("products.opened", attributes: ["cached": cached.map { String($0.value.count) } ?? "none"], duration: duration)
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

    public func openProduct(id: String) async { await send(.productSelected(id)) }

    public func closeCard() async { await send(.cardClosed) }

    /// A tap on an online-only button of the open card: offline it shows "This feature requires an internet connection".
    public func tap(_ action: ProductAction) async { await send(.actionTapped(action)) }

    /// A tap on anything by its action id (`app tap ID`): a card action, `product:<id>`, `back`, `refresh`, `retry`.
    @discardableResult
    public func tap(actionID: String) async -> TapResult {
        let state = await runtime.state
        if let action = ProductAction(id: actionID) {
            guard state.selectedProduct != nil else { return .notOnScreen }
            await send(.actionTapped(action))
            return .handled
        }
        if actionID.hasPrefix(ProductsActionID.productPrefix) {
            let id = String(actionID.dropFirst(ProductsActionID.productPrefix.count))
            guard state.catalog?.product(id: id) != nil else { return .notOnScreen }
            await send(.productSelected(id))
            return .handled
        }
        switch actionID {
        case ProductsActionID.back: await send(.cardClosed)
        case ProductsActionID.refresh, ProductsActionID.retry: await send(.refreshRequested)
        default: return .notOnScreen
        }
        return .handled
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
        if before.syncInFlight == nil, before.lastSyncSucceeded, let syncedAt = before.lastSyncedAt,
           !WarmupPolicy.needsWarming(savedAt: syncedAt, now: time.now()) {
            return true
        }
        let finishedBefore = before.syncsFinished
        await send(.prefetchRequested)
        await waitUntilIdle()
        let state = await runtime.state
        return state.syncsFinished > finishedBefore && state.lastSyncSucceeded
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
        guard await runtime.state.catalog?.product(id: productID) != nil else { throw .unknownProduct(productID) }
        let intent = "service-request\u{0}\(productID)\u{0}\(issue)"
        do {
            let receipt = try await repository.raiseServiceRequest(productID: productID, issue: issue, idempotencyKey: intentKeys.key(for: intent))
            intentKeys.forget(intent)
            telemetry.record("products.action", attributes: ["action": "raiseServiceRequest", "outcome": "sent"])
            await send(.flowDismissed)
            return receipt
        } catch {
            forgetKeyIfFinal(intent, error)
            record(error)
            throw error
        }
    }

    /// Transfers a product to another user; offline (or unknown) it throws `.requiresConnection` and nothing is sent.
    /// On success the product leaves the list.
    public func transferOwnership(productID: String, toUser: String) async throws(ProductActionError) -> OwnershipTransferReceipt {
        guard await runtime.state.catalog?.product(id: productID) != nil else { throw .unknownProduct(productID) }
        let intent = "transfer\u{0}\(productID)\u{0}\(toUser)"
        do {
            let receipt = try await repository.transferOwnership(productID: productID, toUser: toUser, idempotencyKey: intentKeys.key(for: intent))
            intentKeys.forget(intent)
            telemetry.record("products.action", attributes: ["action": "transferOwnership", "outcome": "sent"])
            do { try repository.removeFromCache(productID: productID) } catch {
                // The transfer succeeded; the next sync drops the product from the cache anyway.
                telemetry.record("products.cache_write_failed", attributes: ["error": "\(error)"])
            }
            await send(.productRemoved(productID))
            return receipt
        } catch {
            forgetKeyIfFinal(intent, error)
            record(error)
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

    private static func finishSync(_ outcome: RevalidateOutcome<ProductCatalog>, trigger: SyncTrigger, duration: Duration,
                                   telemetry: Telemetry) -> ProductsEvent {
        switch outcome {
        case let .fresh(value):
            telemetry.record("products.sync", attributes: ["trigger": trigger.rawValue, "outcome": "synced", "count": String(value.value.count)],
                             duration: duration)
            return .syncFinished(.synced(value))
        case let .kept(value, error):
            // BR-002: silent for the user; recorded for support.
            telemetry.record("products.sync", attributes: ["trigger": trigger.rawValue, "outcome": "kept", "error": "\(error)",
                                                           "cached": value == nil ? "none" : String(value!.value.count)],
                             duration: duration)
            return .syncFinished(.failed(error, kept: value))
        }
    }

    private func record(_ error: ProductActionError) {
        let action: String
        switch error {
        case let .requiresConnection(onlineOnly), let .failed(onlineOnly, _): action = onlineOnly.rawValue
        case .unknownProduct: action = "unknown"
        }
        let outcome = if case .requiresConnection = error { "refused_offline" } else { "failed" }
        telemetry.record("products.action", attributes: ["action": action, "outcome": outcome])
    }
}
