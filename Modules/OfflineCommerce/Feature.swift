public import Core
import Foundation

/// The cart and order history, on the shared `FeatureRuntime`: its performer does `CommerceState`'s work with the
/// repository; the runtime runs the toast timers and telemetry and publishes `CommerceViewState` through `viewState`.
///
/// A composition root builds it with live dependencies (a SecureStore vault, `CommerceAPI.live`, the
/// monitor's status cell, `TimeSource.live`), calls `start()`, then drives it with `open`, `refresh`,
/// `tap`, lifecycle changes, and renders `viewState` (or `viewNode()`).
public final class CommerceFeature: AppFeature {
    public typealias UserAction = CommerceUserAction
    public static let featureID = "commerce"

    /// What the screens show now; a new value after every event that changes it.
    public let viewState: StateCell<CommerceViewState>
    public let repository: CommerceRepository

    private let runtime: FeatureRuntime<CommerceState, CommerceViewState>
    private let connectivity: StateCell<ConnectivityStatus>
    private let time: TimeSource

    /// - Parameters:
    ///   - store: the signed-in user's vault (`SecureStore.vault(for:)`): encrypted, per user.
    ///   - api: `CommerceAPI.live(client:user:)` in the app.
    ///   - connectivity: the status to follow (`ConnectivityMonitor.status`); the gate reads it too.
    ///   - time: the clock for toast timers and `now` for "last checked" dates.
    ///   - idempotencyKeys: one key per form submission, reused by its retries (the app passes `.random`, tests `.sequential`).
    public init(store: any RecordStore, api: CommerceAPI, connectivity: StateCell<ConnectivityStatus>, time: TimeSource,
                telemetry: Telemetry = .disabled, idempotencyKeys: IdempotencyKeys) {
        let repository = CommerceRepository(store: store, api: api, status: { [connectivity] in connectivity.value }, now: time.now,
                                            telemetry: telemetry)
        self.repository = repository
        self.connectivity = connectivity
        self.time = time
        // Submission → idempotency key: a retried form sends the key of its first try.
        let keys = IntentKeys<Int>(idempotencyKeys)
        let performer = Performer(repository: repository, keys: keys)
        runtime = FeatureRuntime(CommerceState(connectivity: connectivity.value), time: time, telemetry: telemetry,
                                 view: { state, _ in CommerceViewState(state: state) },
                                 perform: performer.perform)
        viewState = runtime.viewState
    }

    /// Follows the connectivity status (idempotent). `open` calls it too.
    public func start() async {
        guard await runtime.start() else { return }
        await runtime.follow(connectivity) { [.connectivityChanged($0)] }
    }

    /// Stops following connectivity and cancels what is under way.
    public func stop() async { await runtime.stop() }

    // MARK: - What the UI calls

    /// Shows a screen: its cached content at once (the first view state), then a refresh when online.
    public func open(_ screen: CommerceScreen) async {
        await start()
        await send(.screenOpened(screen))
    }

    /// Pull-to-refresh (offline: the no-connection toast, no spinner).
    public func refresh() async { await send(.refreshRequested) }

    /// Taps the action with this id (`CommerceActionID`); a disabled one shows its reason instead.
    @discardableResult
    public func tap(actionID: String) async -> TapResult {
        guard viewNode.actions.contains(where: { $0.id == actionID }) else { return .notOnScreen }
        await send(.actionTapped(actionID))
        return .handled
    }

    public func editReceiptEmail(_ text: String) async { await send(.receiptEmailEdited(text)) }

    public func lifecycle(_ phase: AppLifecycle) async { await send(.lifecycle(phase)) }

    /// Fills the cache for later offline use (the warm-up session calls it): both resources, once, through the machine
    /// (a screen already showing picks up what was fetched). Waits for both to end.
    @discardableResult
    public func prefetch() async -> PrefetchOutcome {
        await start()
        let before = await runtime.state
        await send(.prefetchRequested)
        await waitUntilIdle()
        let state = await runtime.state
        // A refresh that was already under way answered for this one.
        func error<Value>(_ now: ResourceState<Value>, _ then: ResourceState<Value>) -> HTTPClientError? {
            now.refreshesFinished > then.refreshesFinished ? now.lastFailure : .cancelled
        }
        return PrefetchOutcome(cartError: error(state.cart, before.cart), ordersError: error(state.orders, before.orders))
    }

    /// `prefetch()` as the `commerce` subtask of the app's cache-warmup session ("Optimizing your experience"): failed
    /// with the first error when the cart's or the orders' refresh fails, which it throws.
    public func prefetch(reportingTo warmup: any CacheWarmupPort) async throws {
        try await warmup.perform(id: Self.featureID) {
            let outcome = await prefetch()
            if let error = outcome.cartError ?? outcome.ordersError { throw error }
        }
    }

    /// The cart or the order history has never been cached, or is older than `WarmupPolicy.rewarmAfter`: a warmup
    /// session fills them. Reads only when each was saved, not the 2,000 orders a history may hold.
    public var needsWarming: Bool {
        let now = time.now()
        let saved = repository.savedAt()
        return WarmupPolicy.needsWarming(savedAt: saved.cart, now: now) || WarmupPolicy.needsWarming(savedAt: saved.orders, now: now)
    }

    /// Waits until no read or request started by the feature is under way (toast timers excluded).
    public func waitUntilIdle() async { await runtime.waitUntilIdle() }

    /// The state machine's state, for diagnostics and tests.
    public var snapshot: CommerceState { get async { await runtime.state } }

    public static func userAction(forActionID id: String) -> CommerceUserAction? { CommerceUserAction(actionID: id) }

    /// The current view state as a screen (for the REPL).
    public var viewNode: ViewNode { viewState.value.viewNode }

    /// Handles one event and every event its work done at once produces, then publishes once.
    public func send(_ event: CommerceEvent) async { await runtime.send(event) }
}

/// Does `CommerceState`'s work.
private struct Performer: Sendable {
    let repository: CommerceRepository
    /// Submission → idempotency key: a retried form sends the key of its first try.
    let keys: IntentKeys<Int>

    func perform(_ work: CommerceWork) -> WorkPlan<CommerceEvent> {
        let repository = repository
        switch work {
        case .readDrafts:
            return .done(.draftsRead(repository.drafts()))
        case let .readCache(screen):
            switch screen {
            case .cart:
                let cart = repository.cachedCart()
                return .done(.cartRead(cart), .imagesKept(cart.map { repository.imageSizes(of: $0.value) } ?? [:]))
            case .orders: return .done(.ordersRead(repository.cachedOrders()))
            }
        case let .refresh(screen):
            switch screen {
            case .cart:
                return .background(lane: "refresh.cart") {
                    let outcome = await repository.revalidateCart()
                    var shown = outcome.current?.value
                    // A 304 keeps the cart on screen, which is the cached one: its images that did not load are tried again.
                    if case .unchanged = outcome, let cached = repository.cachedCart()?.value {
                        await repository.keepImages(of: cached)
                        shown = cached
                    }
                    return [.cartRefreshFinished(outcome), .imagesKept(shown.map { repository.imageSizes(of: $0) } ?? [:])]
                }
            case .orders: return .background(lane: "refresh.orders") { [.ordersRefreshFinished(await repository.revalidateOrders())] }
            }
        case let .saveDrafts(drafts):
            do { try repository.saveDrafts(drafts) } catch {
                // The form keeps its value on screen; only surviving a restart is lost.
                return .done(.workFailed("drafts_not_saved", error: "\(error)"))
            }
            return .nothing
        case let .submit(command):
            let key = keys.key(for: command.submission)
            return .background { [await Self.submit(command, key: key, repository: repository)] }
        case let .track(orderID):
            return .background {
                do throws(HTTPClientError) {
                    let order = try await repository.trackOrder(orderID)
                    return [.orderTracked(orderID: orderID, order.map(TrackingResult.found) ?? .notFound)]
                } catch {
                    return [.orderTracked(orderID: orderID, .failed(error))]
                }
            }
        }
    }

    private static func submit(_ command: CommerceCommand, key: String, repository: CommerceRepository) async -> CommerceEvent {
        do throws(OnlineOnlyError<CommerceUserAction>) {
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
}

/// How a prefetch went: nil errors mean the cache now holds fresh copies.
public struct PrefetchOutcome: Sendable, Equatable {
    public var cartError: HTTPClientError?
    public var ordersError: HTTPClientError?

    public var succeeded: Bool { cartError == nil && ordersError == nil }
}
