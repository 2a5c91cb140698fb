import Connectivity
public import Core
import Foundation

/// The products feature: runs `ProductsState`'s effects and publishes `viewState`.
///
/// The cache is read on `open()` and shown at once; syncs run in background tasks, so the actor (and the
/// screen) never waits for the network. The connection comes from `connectivity` (the monitor's `status`).
public actor ProductsFeature {
    /// What the screens show; the REPL and apps render it (`viewNode()`).
    public nonisolated let viewState: StateCell<ProductsViewState>

    private var state = ProductsState()
    private let repository: ProductsRepository
    private let connectivity: StateCell<ConnectivityStatus>
    private let time: TimeSource
    private let telemetry: Telemetry
    private let policy: WarrantyPolicy
    private var observation: Task<Void, Never>?
    private var syncTask: Task<Void, Never>?
    private var timers: [Int: Task<Void, Never>] = [:]
    private let idempotencyKeys: IdempotencyKeys
    /// Intent → key: a service request or transfer retried after a failure sends the key of its first try, so a
    /// retry after the server applied the first attempt is applied once. Forgotten on success or a final refusal.
    private var pendingKeys: [String: String] = [:]

    /// - Parameters:
    ///   - store: the user's vault (`SecureStore.vault(for:)`), where the list is cached encrypted.
    ///   - api: `ProductsAPI.live(client:user:)` in the app.
    ///   - connectivity: the connectivity signal (`ConnectivityMonitor.status`).
    ///   - time: the clock (toast timers) and `now` (warranty statuses, telemetry).
    ///   - policy: when a warranty counts as expiring soon.
    public init(store: any RecordStore, api: ProductsAPI, connectivity: StateCell<ConnectivityStatus>, time: TimeSource,
                telemetry: Telemetry = .disabled, policy: WarrantyPolicy = .default, idempotencyKeys: IdempotencyKeys = .random) {
        self.idempotencyKeys = idempotencyKeys
        repository = ProductsRepository(store: store, api: api, status: { [connectivity] in connectivity.value })
        self.connectivity = connectivity
        self.time = time
        self.telemetry = telemetry
        self.policy = policy
        // The signal as it is now, so no event waits for the observation task to deliver it.
        var initial = ProductsState()
        _ = initial.handle(.connectivityChanged(connectivity.value))
        state = initial
        viewState = StateCell(ProductsViewState(state: initial, now: time.now(), policy: policy))
    }

    /// The repository this feature reads and writes through.
    public nonisolated var products: ProductsRepository { repository }

    // MARK: - Events

    /// Shows the cached list at once (or the first-use message), then follows the connection.
    /// Returns once the first view state from the cache is published.
    public func open() {
        let (cached, duration) = measure(on: time.clock) { repository.cachedCatalog() }
        if connectivity.value != state.connectivity { send(.connectivityChanged(connectivity.value)) }
        send(.opened(cached))
        telemetry.record("products.opened", attributes: ["cached": cached.map { String($0.value.count) } ?? "none"], duration: duration)
        startObservingConnectivity()
    }

    /// BR-002: a user logged in; syncs now if online, else when the connection is there.
    public func loggedIn() { send(.loggedIn) }

    /// BR-002: syncs on launch and foreground when online.
    public func lifecycle(_ phase: AppLifecycle) {
        send(.lifecycle(phase))
        if phase == .terminated { stop() }
    }

    /// The connection changed (the observation sends these; composition roots may too).
    public func connectivityChanged(_ status: ConnectivityStatus) { send(.connectivityChanged(status)) }

    /// Pull to refresh.
    public func refresh() { send(.refreshRequested) }

    public func openProduct(id: String) { send(.productSelected(id)) }

    public func closeCard() { send(.cardClosed) }

    /// A tap on an online-only button of the open card: offline it shows "This feature requires an internet connection".
    public func tap(_ action: ProductAction) { send(.actionTapped(action)) }

    /// A tap on anything by its action id (`app tap ID`): a card action, `product:<id>`, `back`, `refresh`, `retry`.
    /// Returns false when nothing on screen has that id.
    @discardableResult
    public func tap(actionID: String) -> Bool {
        if let action = ProductAction(id: actionID) {
            guard state.selectedProduct != nil else { return false }
            send(.actionTapped(action))
            return true
        }
        if actionID.hasPrefix(ProductsViewState.productActionPrefix) {
            let id = String(actionID.dropFirst(ProductsViewState.productActionPrefix.count))
            guard state.catalog?.product(id: id) != nil else { return false }
            send(.productSelected(id))
            return true
        }
        switch actionID {
        case ProductsViewState.backActionID: send(.cardClosed)
        case ProductsViewState.refreshActionID, ProductsViewState.retryActionID: send(.refreshRequested)
        default: return false
        }
        return true
    }

    /// The online-only flow was finished or cancelled.
    public func dismissFlow() { send(.flowDismissed) }

    /// Fills the cache for the warm-up session: syncs unless offline and waits for the outcome.
    /// Returns true when the cache now holds a fresh list.
    @discardableResult
    public func prefetch() async -> Bool {
        let finishedBefore = syncsFinished
        send(.prefetchRequested)
        await waitUntilSynced()
        return syncsFinished > finishedBefore && lastSyncSucceeded
    }

    /// Waits for the sync running now, if any (tests, the REPL, the warm-up session).
    public func waitUntilSynced() async {
        while let task = syncTask {
            await task.value
            if syncTask == task { syncTask = nil }
        }
    }

    /// Stops following the connection and cancels timers and a running sync.
    public func stop() {
        observation?.cancel()
        observation = nil
        syncTask?.cancel()
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }

    // MARK: - Online-only actions (BR-001)

    /// Raises a service request; offline (or unknown) it throws `.requiresConnection` and nothing is sent.
    public func raiseServiceRequest(productID: String, issue: String) async throws(ProductActionError) -> ServiceRequestReceipt {
        guard state.catalog?.product(id: productID) != nil else { throw .unknownProduct(productID) }
        let intent = "service-request\u{0}\(productID)\u{0}\(issue)"
        do {
            let receipt = try await repository.raiseServiceRequest(productID: productID, issue: issue, idempotencyKey: key(for: intent))
            pendingKeys[intent] = nil
            telemetry.record("products.action", attributes: ["action": "raiseServiceRequest", "outcome": "sent"])
            send(.flowDismissed)
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
        guard state.catalog?.product(id: productID) != nil else { throw .unknownProduct(productID) }
        let intent = "transfer\u{0}\(productID)\u{0}\(toUser)"
        do {
            let receipt = try await repository.transferOwnership(productID: productID, toUser: toUser, idempotencyKey: key(for: intent))
            pendingKeys[intent] = nil
            telemetry.record("products.action", attributes: ["action": "transferOwnership", "outcome": "sent"])
            do { try repository.removeFromCache(productID: productID) } catch {
                // The transfer succeeded; the next sync drops the product from the cache anyway.
                telemetry.record("products.cache_write_failed", attributes: ["error": "\(error)"])
            }
            send(.productRemoved(productID))
            return receipt
        } catch {
            forgetKeyIfFinal(intent, error)
            record(error)
            throw error
        }
    }

    private func key(for intent: String) -> String {
        if let key = pendingKeys[intent] { return key }
        let key = idempotencyKeys.make()
        pendingKeys[intent] = key
        return key
    }

    /// A refusal before sending, or an answer the server will give again (a 4xx), ends the intent; a failure in
    /// transit (timeout, lost connection, 5xx) keeps its key for the retry.
    private func forgetKeyIfFinal(_ intent: String, _ error: ProductActionError) {
        switch error {
        case .requiresConnection, .unknownProduct: pendingKeys[intent] = nil
        case let .failed(_, failure): if !ProductsRepository.isWorthRetrying(failure) { pendingKeys[intent] = nil }
        }
    }

    // MARK: - Running the machine

    private var lastSyncSucceeded = false
    private var syncsFinished = 0

    private func send(_ event: ProductsEvent) {
        let effects = state.handle(event)
        publish()
        for effect in effects { run(effect) }
    }

    private func publish() {
        viewState.set(ProductsViewState(state: state, now: time.now(), policy: policy))
    }

    private func run(_ effect: ProductsEffect) {
        switch effect {
        case let .sync(trigger):
            let repository = repository
            let previous = syncTask
            let clock = time.clock
            syncTask = Task { [weak self] in
                await previous?.value
                let (outcome, duration) = await measure(on: clock) { await repository.sync() }
                await self?.finishSync(outcome, trigger: trigger, duration: duration)
            }
        case let .expireToast(sequence, delay):
            timers[sequence - 1]?.cancel()
            timers[sequence - 1] = nil
            let sleep = sleeper(on: time.clock, for: delay)
            timers[sequence] = Task { [weak self] in
                do { try await sleep() } catch { return }
                await self?.toastExpired(sequence)
            }
        }
    }

    private func finishSync(_ outcome: RevalidateOutcome<ProductCatalog>, trigger: SyncTrigger, duration: Duration) {
        syncsFinished += 1
        switch outcome {
        case let .fresh(value):
            lastSyncSucceeded = true
            telemetry.record("products.sync", attributes: ["trigger": trigger.rawValue, "outcome": "synced", "count": String(value.value.count)],
                             duration: duration)
            send(.syncFinished(.synced(value)))
        case let .kept(value, error):
            lastSyncSucceeded = false
            // BR-002: silent for the user; recorded for support.
            telemetry.record("products.sync", attributes: ["trigger": trigger.rawValue, "outcome": "kept", "error": "\(error)",
                                                           "cached": value == nil ? "none" : String(value!.value.count)],
                             duration: duration)
            send(.syncFinished(.failed(error, kept: value)))
        }
    }

    private func toastExpired(_ sequence: Int) {
        timers[sequence] = nil
        send(.toastExpired(sequence: sequence))
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

    private func startObservingConnectivity() {
        guard observation == nil else { return }
        let statuses = connectivity.values()
        observation = Task { [weak self] in
            for await status in statuses {
                guard let self else { return }
                await self.connectivityChanged(status)
            }
        }
    }
}
