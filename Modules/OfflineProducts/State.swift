public import Core
public import Foundation

/// What started a sync, for telemetry and tests.
public enum SyncTrigger: String, Sendable, Hashable, CaseIterable {
    /// BR-002: a user logged in.
    case login
    /// BR-002: the app came to the foreground (or launched).
    case foreground
    /// The connection came back after the app showed offline data.
    case reconnect
    /// The user pulled to refresh.
    case refresh
    /// The list was opened with nothing cached yet.
    case firstOpen
    /// The warm-up session filled the cache.
    case prefetch
    /// A sync that failed while online (5xx, reset, timeout) is tried again by itself.
    case retry
}

/// An online-only flow the user started from a card while online; the app presents its form, whose submit
/// calls `ProductsFeature.raiseServiceRequest` or `.transferOwnership`.
public struct ProductFlow: Sendable, Hashable {
    public var action: ProductAction
    public var productID: String

    public init(action: ProductAction, productID: String) {
        self.action = action
        self.productID = productID
    }
}

/// How a sync ended.
public enum SyncResult: Sendable, Equatable {
    case synced(CachedValue<ProductCatalog>)
    /// The last good list (nil: there never was one) stays; the error is logged, never shown.
    case failed(HTTPClientError, kept: CachedValue<ProductCatalog>?)
}

/// Something that happened to the products screen.
public enum ProductsEvent: Sendable, Equatable {
    /// The screen opened and read the cache (nil: nothing cached yet).
    case opened(CachedValue<ProductCatalog>?)
    case connectivityChanged(ConnectivityStatus)
    case loggedIn
    case lifecycle(AppLifecycle)
    case refreshRequested
    case prefetchRequested
    case syncFinished(SyncResult)
    case productSelected(String)
    case cardClosed
    case actionTapped(ProductAction)
    case flowDismissed
    /// The product left this user's list (its ownership was transferred).
    case productRemoved(String)
    case toastExpired(sequence: Int)
    /// The automatic retry of a failed sync is due.
    case syncRetryDue
}

/// The feature's own work, done by `ProductsFeature`'s performer (timers are the runtime's).
public enum ProductsWork: Sendable, Equatable {
    /// Fetch every page in the background and report `.syncFinished`.
    case sync(SyncTrigger)
}

/// The products screen as a pure state machine: events in, effects out, no I/O and no clock.
public struct ProductsState: StateMachine, Equatable {
    public typealias Event = ProductsEvent
    public typealias Work = ProductsWork

    public var connectivity: ConnectivityStatus = .unknown
    /// The list on screen: the cache, then each successful sync. Nil: this device never synced.
    public var catalog: ProductCatalog?
    /// When the list on screen was saved by a successful sync.
    public var lastSyncedAt: Date?
    public var hasOpened = false
    /// The sync running now, if any.
    public var syncInFlight: SyncTrigger?
    /// A sync asked for while not online; it starts when the connection is there.
    public var syncWanted: SyncTrigger?
    /// Set once offline is established on an opened screen; cleared only by a successful sync. While set, the offline indicator
    /// stays, so it goes away when fresh data is on screen, not merely when the network is back.
    public var showsOfflineData = false
    /// The last sync was refused (401/403): the session ended. Cleared by a successful sync (a new sign-in).
    public var sessionRefused = false
    /// Why the last sync failed; nil after a success. A first sync that failed online is said in its own words.
    public var lastSyncFailure: HTTPClientError?
    public var selectedProductID: String?
    public var flow: ProductFlow?
    /// How many syncs have ended and whether the last one brought a fresh list (what a prefetch answers).
    public var syncsFinished = 0
    public var lastSyncSucceeded = false
    public var toast: Toast?
    public var toastSequence = 0

    /// How long a toast stays before it goes by itself.
    public static let toastDuration: Duration = .seconds(4)
    /// The id of the toast's auto-dismiss timer.
    public static let toastTimerID = "toast"
    /// A sync that failed while online in a way a retry can cure is tried again by itself, on the injected clock: 2 s
    /// doubling to a minute, each with equal jitter. Silent, as BR-002 asks of every failed sync.
    public static let retryPolicy = RetryPolicy(baseDelay: .seconds(2), maxDelay: .seconds(60))
    public static let retryTimerID = "sync.retry"
    /// Failed syncs in a row that a retry can cure.
    public var retryAttempt = 0
    /// Where the retries' jitter comes from: a seeded generator kept in the state, so the machine stays a pure function.
    public var jitter = SplitMix64(seed: 0x5EED_9A55_0C1A)

    public init() {}

    public var selectedProduct: Product? {
        selectedProductID.flatMap { id in catalog?.product(id: id) }
    }

    public mutating func handle(_ event: ProductsEvent, now: Date) -> [Effect] {
        switch event {
        case let .opened(cached):
            hasOpened = true
            // Opened offline: what it shows is offline data until a sync brings fresh data.
            if connectivity == .offline { showsOfflineData = true }
            if let cached {
                catalog = cached.value
                lastSyncedAt = cached.savedAt
                return []
            }
            return requestSync(.firstOpen)

        case let .connectivityChanged(status):
            let previous = connectivity
            connectivity = status
            switch status {
            case .offline:
                // Only a screen that has opened shows anything; before that, going offline shows nothing.
                if hasOpened { showsOfflineData = true }
                return []
            case .online where previous != .online:
                if let wanted = syncWanted { return requestSync(wanted) }
                if showsOfflineData { return requestSync(.reconnect) }
                return []
            case .online, .unknown:
                return []
            }

        case .loggedIn:
            return requestSync(.login)

        case let .lifecycle(phase):
            switch phase {
            case .launched, .foregrounded: return requestSync(.foreground)
            case .backgrounded, .terminated: return []
            }

        case .refreshRequested:
            guard connectivity != .offline else { return showToast(CoreCopy.noConnection, id: "no-connection") }
            return requestSync(.refresh)

        case .prefetchRequested:
            // The warm-up session runs when it has a connection; unknown is worth the try (the repository re-checks).
            guard connectivity != .offline, syncInFlight == nil else { return [] }
            syncInFlight = .prefetch
            syncWanted = nil
            return [.perform(.sync(.prefetch))]

        case let .syncFinished(result):
            syncInFlight = nil
            syncWanted = nil
            syncsFinished += 1
            if case .synced = result { lastSyncSucceeded = true } else { lastSyncSucceeded = false }
            switch result {
            case let .synced(value):
                catalog = value.value
                lastSyncedAt = value.savedAt
                showsOfflineData = false
                sessionRefused = false
                lastSyncFailure = nil
                if selectedProduct == nil { selectedProductID = nil }
                if let flow, catalog?.product(id: flow.productID) == nil { self.flow = nil }
                if retryAttempt > 0 {
                    retryAttempt = 0
                    return [.cancelTimer(id: Self.retryTimerID)]
                }
            case let .failed(error, kept):
                // A refused session is not offline: the screen says to sign in again (and keeps what it has).
                sessionRefused = error.isAuthenticationFailure
                lastSyncFailure = error
                // BR-002: keep the last good list (no error toast, nothing cleared).
                if let kept {
                    catalog = kept.value
                    lastSyncedAt = kept.savedAt
                }
                // After reconnect, the truth (issue 25, item 5): online, a failure of the server or the path is not
                // "offline": the indicator goes, and the list says it could not refresh while the retries run.
                if connectivity == .online, error != .offline, !error.isAuthenticationFailure { showsOfflineData = false }
                return retryAfterFailure(error)
            }
            return []

        case .syncRetryDue:
            return connectivity == .online ? requestSync(.retry) : []

        case let .productSelected(id):
            guard catalog?.product(id: id) != nil else { return [] }
            selectedProductID = id
            return []

        case .cardClosed:
            selectedProductID = nil
            return []

        case let .actionTapped(action):
            guard let product = selectedProduct else { return [] }
            // BR-001: the offline copy is read-only; online-only actions say why instead of acting.
            switch connectivity {
            case .online: break
            case .offline: return showToast(CoreCopy.requiresConnection, id: "requires-connection")
            case .unknown: return showToast(CoreCopy.checkingConnection, id: "checking-connection")
            }
            flow = ProductFlow(action: action, productID: product.id)
            return []

        case .flowDismissed:
            flow = nil
            return []

        case let .productRemoved(id):
            catalog = catalog?.removing(id: id)
            if selectedProductID == id { selectedProductID = nil }
            if flow?.productID == id { flow = nil }
            return []

        case let .toastExpired(sequence):
            if sequence == toastSequence { toast = nil }
            return []
        }
    }

    /// After reconnect, the truth (issue 25, item 5): a failure a retry can cure, while online, schedules the next sync.
    private mutating func retryAfterFailure(_ error: HTTPClientError) -> [Effect] {
        guard connectivity == .online, RetryPolicy.isCuredByRetryingOnline(error) else {
            retryAttempt = 0
            return []
        }
        retryAttempt += 1
        let delay = Self.retryPolicy.delay(afterAttempt: retryAttempt, unit: jitter.nextUnit())
        return [.startTimer(id: Self.retryTimerID, after: delay, send: .syncRetryDue)]
    }

    private mutating func requestSync(_ trigger: SyncTrigger) -> [Effect] {
        guard connectivity == .online else {
            syncWanted = syncWanted ?? trigger
            return []
        }
        guard syncInFlight == nil else { return [] }
        syncInFlight = trigger
        syncWanted = nil
        return [.perform(.sync(trigger))]
    }

    private mutating func showToast(_ message: Copy, id: String) -> [Effect] {
        toastSequence += 1
        toast = Toast(id: id, severity: .warning, message: message, autoDismissAfter: Self.toastDuration)
        return [.startTimer(id: Self.toastTimerID, after: Self.toastDuration, send: .toastExpired(sequence: toastSequence))]
    }
}
