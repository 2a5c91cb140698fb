public import Connectivity
public import Core
public import Foundation

/// The cart and order history, running: feeds events to `CommerceState`, performs its effects with the
/// repository, and publishes `CommerceViewState` through `viewState`.
///
/// A composition root builds it with live dependencies (a SecureStore vault, `CommerceAPI.live`, the
/// monitor's status cell, `TimeSource.live`), calls `start()`, then drives it with `open`, `refresh`,
/// `tap`, lifecycle changes, and renders `viewState` (or `viewNode()`).
public actor CommerceFeature {
    /// What the screens show now; a new value after every event that changes it.
    public nonisolated let viewState: StateCell<CommerceViewState>
    public nonisolated let repository: CommerceRepository

    private var state: CommerceState
    private let connectivity: StateCell<ConnectivityStatus>
    private let time: TimeSource
    private let telemetry: Telemetry
    private let keyMaker: IdempotencyKeys
    /// Submission → idempotency key: a retried form sends the key of its first try.
    private var idempotencyKeys: [Int: String] = [:]
    /// Requests and reads under way (what `waitUntilIdle` waits for).
    private var work: [Int: Task<Void, Never>] = [:]
    private var toastTimers: [Int: Task<Void, Never>] = [:]
    private var nextWorkID = 0
    private var connectivityTask: Task<Void, Never>?

    /// - Parameters:
    ///   - store: the signed-in user's vault (`SecureStore.vault(for:)`): encrypted, per user.
    ///   - api: `CommerceAPI.live(client:user:)` in the app.
    ///   - connectivity: the status to follow (`ConnectivityMonitor.status`); the gate reads it too.
    ///   - time: the clock for toast timers and `now` for "last checked" dates.
    ///   - idempotencyKeys: one key per form submission, reused by its retries (tests pass `.sequential`).
    public init(store: any RecordStore, api: CommerceAPI, connectivity: StateCell<ConnectivityStatus>, time: TimeSource,
                telemetry: Telemetry = .disabled, idempotencyKeys: IdempotencyKeys = .random) {
        repository = CommerceRepository(store: store, api: api, status: { [connectivity] in connectivity.value }, now: time.now,
                                        telemetry: telemetry)
        self.connectivity = connectivity
        self.time = time
        self.telemetry = telemetry
        keyMaker = idempotencyKeys
        let initial = CommerceState(connectivity: connectivity.value)
        state = initial
        viewState = StateCell(CommerceViewState(state: initial))
    }

    /// Follows the connectivity status (idempotent). `open` calls it too.
    public func start() {
        guard connectivityTask == nil else { return }
        let updates = connectivity.values()
        connectivityTask = Task { [weak self] in
            for await status in updates {
                guard let self else { return }
                await self.send(.connectivityChanged(status))
            }
        }
    }

    /// Stops following connectivity and cancels what is under way.
    public func stop() {
        connectivityTask?.cancel()
        connectivityTask = nil
        for task in work.values { task.cancel() }
        for task in toastTimers.values { task.cancel() }
        work.removeAll()
        toastTimers.removeAll()
    }

    // MARK: - What the UI calls

    /// Shows a screen: its cached content at once (the first view state), then a refresh when online.
    public func open(_ screen: CommerceScreen) {
        start()
        send(.screenOpened(screen))
    }

    /// Pull-to-refresh (offline: the no-connection toast, no spinner).
    public func refresh() { send(.refreshPulled) }

    /// Taps the action with this id (`CommerceActionID`); a disabled one shows its reason instead.
    public func tap(_ actionID: String) { send(.actionTapped(actionID)) }

    public func editReceiptEmail(_ text: String) { send(.receiptEmailEdited(text)) }

    public func lifecycleChanged(_ phase: AppLifecycle) { send(.lifecycleChanged(phase)) }

    /// Fills the cache for later offline use (the warm-up session calls it): both resources, once.
    @discardableResult
    public func prefetch() async -> PrefetchOutcome {
        async let cart = repository.revalidateCart()
        async let orders = repository.revalidateOrders()
        let (cartOutcome, ordersOutcome) = await (cart, orders)
        // Screens already showing pick up what was fetched.
        if state.cart.cacheRead, let value = cartOutcome.current { send(.cartRead(value)) }
        if state.orders.cacheRead, let value = ordersOutcome.current { send(.ordersRead(value)) }
        let outcome = PrefetchOutcome(cartError: cartOutcome.error, ordersError: ordersOutcome.error)
        telemetry.record("commerce.prefetch", attributes: [
            "cart": cartOutcome.error.map(CommerceState.describe) ?? "fresh",
            "orders": ordersOutcome.error.map(CommerceState.describe) ?? "fresh",
        ])
        return outcome
    }

    /// `prefetch()` as two subtasks of the app's cache-warmup session ("Optimizing your experience"):
    /// `commerce.cart` and `commerce.orders`, each failed with its error when its refresh fails.
    @discardableResult
    public func prefetch(reportingTo warmup: any CacheWarmupPort, required: Bool = true) async -> PrefetchOutcome {
        let cartTicket = warmup.begin(id: "commerce.cart", required: required)
        let ordersTicket = warmup.begin(id: "commerce.orders", required: required)
        let outcome = await prefetch()
        if let error = outcome.cartError { cartTicket.fail(error) } else { cartTicket.finish() }
        if let error = outcome.ordersError { ordersTicket.fail(error) } else { ordersTicket.finish() }
        return outcome
    }

    /// Waits until no read or request started by the feature is under way (toast timers excluded).
    public func waitUntilIdle() async {
        while let task = work.values.first {
            await task.value
        }
    }

    /// The state machine's state, for diagnostics and tests.
    public var snapshot: CommerceState { state }

    /// The current view state as a screen (for the REPL).
    public nonisolated func viewNode() -> ViewNode { viewState.value.node }

    // MARK: - Running the machine

    /// Handles one event and every event its synchronous effects produce, then publishes once.
    public func send(_ event: CommerceEvent) {
        var queue = [event]
        var index = 0
        while index < queue.count {
            let effects = state.handle(queue[index], now: time.now())
            index += 1
            for effect in effects {
                if let next = run(effect) { queue.append(next) }
            }
        }
        viewState.set(CommerceViewState(state: state))
    }

    /// Runs one effect; a synchronous one may answer with the next event at once.
    private func run(_ effect: CommerceEffect) -> CommerceEvent? {
        switch effect {
        case .readDrafts:
            return .draftsRead(repository.drafts())
        case let .readCache(screen):
            switch screen {
            case .cart: return .cartRead(repository.cachedCart())
            case .orders: return .ordersRead(repository.cachedOrders())
            }
        case let .revalidate(screen):
            let repository = repository
            switch screen {
            case .cart: spawn { .cartRevalidated(await repository.revalidateCart()) }
            case .orders: spawn { .ordersRevalidated(await repository.revalidateOrders()) }
            }
        case let .saveDrafts(drafts):
            do { try repository.saveDrafts(drafts) } catch {
                // The form keeps its value on screen; only surviving a restart is lost.
                telemetry.record("commerce.drafts_not_saved", attributes: ["error": "\(error)"])
            }
        case let .perform(command):
            let key = idempotencyKey(for: command.submission)
            let repository = repository
            spawn { await Self.perform(command, key: key, repository: repository) }
        case let .track(orderID):
            let repository = repository
            spawn {
                do throws(HTTPClientError) {
                    let order = try await repository.trackOrder(orderID)
                    return .orderTracked(orderID: orderID, order.map(TrackingResult.found) ?? .notFound)
                } catch {
                    return .orderTracked(orderID: orderID, .failed(error))
                }
            }
        case let .dismissToast(serial, after):
            scheduleToastDismissal(serial: serial, after: after)
        case let .record(name, attributes):
            telemetry.record(name, attributes: attributes)
        }
        return nil
    }

    private static func perform(_ command: CommerceCommand, key: String, repository: CommerceRepository) async -> CommerceEvent {
        do throws(OnlineOnlyError) {
            switch command {
            case let .updateQuantity(itemID, quantity, _):
                let cart = try await repository.updateQuantity(itemID: itemID, to: quantity, idempotencyKey: key)
                return .quantityUpdated(itemID: itemID, cart)
            case let .checkout(receiptEmail, _):
                if let receiptEmail {
                    try await repository.updateProfile(ProfileChange(email: receiptEmail), idempotencyKey: "\(key)-profile")
                }
                return .orderPlaced(try await repository.placeOrder(idempotencyKey: "\(key)-order"))
            case let .rateOrder(orderID, stars, _):
                return .orderRated(try await repository.rateOrder(orderID, stars: stars, idempotencyKey: key))
            }
        } catch {
            return .commandFailed(command, error)
        }
    }

    private func idempotencyKey(for submission: Int) -> String {
        if let key = idempotencyKeys[submission] { return key }
        let key = keyMaker.make()
        idempotencyKeys[submission] = key
        return key
    }

    private func spawn(_ operation: @escaping @Sendable () async -> CommerceEvent) {
        let id = nextWorkID
        nextWorkID += 1
        work[id] = Task { [weak self] in
            let event = await operation()
            await self?.finish(id, with: event)
        }
    }

    private func finish(_ id: Int, with event: CommerceEvent) {
        work[id] = nil
        send(event)
    }

    private func scheduleToastDismissal(serial: Int, after: Duration) {
        // The deadline is taken now, not when the task first runs, so the toast lasts `after` from when it showed.
        let sleep = time.clock.sleeper(for: after)
        toastTimers[serial] = Task { [weak self] in
            do { try await sleep() } catch { return }
            await self?.toastTimerFired(serial)
        }
    }

    private func toastTimerFired(_ serial: Int) {
        toastTimers[serial] = nil
        send(.toastDismissed(serial: serial))
    }
}

/// How a prefetch went: nil errors mean the cache now holds fresh copies.
public struct PrefetchOutcome: Sendable, Equatable {
    public var cartError: HTTPClientError?
    public var ordersError: HTTPClientError?

    public var succeeded: Bool { cartError == nil && ordersError == nil }
}

extension Clock where Duration == Swift.Duration {
    /// A sleep until `duration` from now; the deadline is fixed when this is called, not when the sleep starts.
    fileprivate func sleeper(for duration: Duration) -> @Sendable () async throws -> Void {
        let deadline = now.advanced(by: duration)
        return { try await self.sleep(until: deadline, tolerance: nil) }
    }
}
