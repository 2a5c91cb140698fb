public import Core
public import Foundation

/// One row of the product list.
public struct ProductRow: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var model: String
    public var status: WarrantyStatus

    public init(id: String, name: String, model: String, status: WarrantyStatus) {
        self.id = id
        self.name = name
        self.model = model
        self.status = status
    }

    /// The action id that opens this product's card (`app tap product:<id>`).
    public var actionID: String { ProductsActionID.productPrefix + id }
}

/// The rows of the product list, one per product, each made when it is read (a screen draws about twenty): 10,000
/// products give their first view state without 10,000 rows being made first. Every row is there to scroll to.
public struct ProductRows: RandomAccessCollection, Sendable, Hashable {
    let catalog: ProductCatalog
    /// The moment and policy the warranty badges are computed for.
    let now: Date
    let policy: WarrantyPolicy

    public init(catalog: ProductCatalog, now: Date, policy: WarrantyPolicy) {
        self.catalog = catalog
        self.now = now
        self.policy = policy
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { catalog.count }

    public subscript(position: Int) -> ProductRow {
        ProductRow(id: catalog.text(.id, position), name: catalog.text(.name, position), model: catalog.text(.model, position),
                   status: WarrantyStatus(expiresAt: catalog.warrantyExpiresAt(position), now: now, policy: policy))
    }
}

/// The product list: how many, how fresh, and one row each.
public struct ProductListContent: Sendable, Hashable {
    public var count: Copy
    /// "Last updated: <date>".
    public var lastUpdated: Copy?
    public var rows: ProductRows
    /// Pull to refresh; offline it is disabled and says there is no connection.
    public var refresh: Action

    public init(count: Copy, lastUpdated: Copy?, rows: ProductRows, refresh: Action) {
        self.count = count
        self.lastUpdated = lastUpdated
        self.rows = rows
        self.refresh = refresh
    }
}

/// The digital warranty card of one product: only data, so it is the same online and offline for the same data.
public struct WarrantyCard: Sendable, Hashable {
    public var productID: String
    public var productName: String
    public var model: String
    public var serialNumber: String
    public var warrantyExpiresAt: Date
    public var status: WarrantyStatus

    public init(product: Product, now: Date, policy: WarrantyPolicy) {
        productID = product.id
        productName = product.name
        model = product.model
        serialNumber = product.serialNumber
        warrantyExpiresAt = product.warrantyExpiresAt
        status = product.warrantyStatus(at: now, policy: policy)
    }

    /// The four fields in the order the card shows them; the date is formatted per locale when resolved.
    public var fields: [ViewNode] {
        [
            .field(label: ProductsCopy.cardProductName, value: .verbatim(productName)),
            .field(label: ProductsCopy.cardModel, value: .verbatim(model)),
            .field(label: ProductsCopy.cardSerialNumber, value: .verbatim(serialNumber)),
            .field(label: ProductsCopy.cardWarrantyExpiry, value: .copy(ProductsCopy.cardWarrantyExpiryValue(date: .date(warrantyExpiresAt, .medium)))),
        ]
    }

    /// The colour-coded status badge, with what a screen reader says for it.
    public var badge: ViewNode {
        .badge(status.title, tone: status.tone, accessibilityLabel: status.accessibilityLabel)
    }

    /// The card's title, fields and badge.
    public var viewNode: ViewNode {
        .stack([.title(ProductsCopy.cardTitle)] + fields + [badge])
    }
}

/// The card with its actions, which depend on the connection.
public struct WarrantyCardViewState: Sendable, Hashable {
    public var card: WarrantyCard
    /// "Raise Service Request", "Transfer Ownership": disabled unless online, with the reason on tap.
    public var actions: [Action]

    public init(card: WarrantyCard, actions: [Action]) {
        self.card = card
        self.actions = actions
    }
}

/// Everything the products screens show, as copy keys and data: no resolved strings.
public struct ProductsViewState: Sendable, Equatable {
    /// "Offline Mode" / "Viewing offline data" while offline, and until a sync after reconnecting succeeds.
    public var offlineIndicator: Banner?
    /// "Please sign in again" above a kept list whose sync the server refused (401/403).
    public var sessionBanner: Banner?
    /// What a screen reader announces now; the UI announces it whenever it changes to a value.
    public var announcement: Copy?
    /// "Syncing your products…" while a sync runs in the background; never blocks the content.
    public var syncProgress: Copy?
    public var list: ScreenState<ProductListContent>
    /// The open warranty card, if any.
    public var card: WarrantyCardViewState?
    /// An online-only flow to present (its form); nil when none.
    public var flow: ProductFlow?
    public var toast: Toast?

    /// The global offline indicator (Core's copy), read by screen readers as one announcement.
    public static let offlineBanner = Banner(
        id: "offline-indicator", severity: .warning,
        title: CoreCopy.offlineIndicatorTitle, message: CoreCopy.offlineIndicatorMessage,
        accessibilityLabel: CoreCopy.offlineIndicatorAccessibilityLabel
    )

    public init(offlineIndicator: Banner?, announcement: Copy?, syncProgress: Copy?, list: ScreenState<ProductListContent>,
                card: WarrantyCardViewState?, flow: ProductFlow?, toast: Toast?, sessionBanner: Banner? = nil) {
        self.offlineIndicator = offlineIndicator
        self.sessionBanner = sessionBanner
        self.announcement = announcement
        self.syncProgress = syncProgress
        self.list = list
        self.card = card
        self.flow = flow
        self.toast = toast
    }

    /// The view state of `state` at `now` (warranty statuses are computed from it).
    public init(state: ProductsState, now: Date, policy: WarrantyPolicy) {
        let showsIndicator = state.connectivity == .offline || state.showsOfflineData
        offlineIndicator = showsIndicator ? Self.offlineBanner : nil
        announcement = showsIndicator ? CoreCopy.offlineIndicatorAccessibilityLabel : nil
        let sessionRefused = state.products.sessionRefused && state.connectivity != .offline
        sessionBanner = sessionRefused && state.catalog != nil ? CorePreviews.signInBanner : nil
        // BR-002: a failed sync with a good list behind it says nothing (the app retries by itself, silently); only the
        // very first sync's failure shows, below, and a pull to refresh that fails says so briefly (a toast).
        syncProgress = !state.products.isRefreshing ? nil : ProductsCopy.syncInProgress
        toast = state.toast.current
        flow = state.flow

        if let catalog = state.catalog {
            if catalog.products.isEmpty {
                list = .empty(EmptyState(title: ProductsCopy.emptyNoProducts))
            } else {
                let rows = ProductRows(catalog: catalog, now: now, policy: policy)
                let refreshState: ActionState = state.connectivity == .offline ? .disabled(reason: CoreCopy.noConnection) : .enabled
                list = .content(ProductListContent(
                    count: ProductsCopy.productsCount(count: catalog.count),
                    lastUpdated: state.products.savedAt.map { CoreCopy.lastUpdated($0) },
                    rows: rows,
                    refresh: Action(id: ProductsActionID.refresh, title: CoreCopy.refresh, state: refreshState)))
            }
        } else if state.products.isRefreshing {
            list = .loading
        } else if sessionRefused {
            // Online, but the server refused the session: not "connect to the internet".
            list = .blocked(CorePreviews.signInRequired)
        } else if state.connectivity == .online, let failure = state.products.lastFailure, failure != .offline {
            // Online, never synced, and the sync failed: its own words, not "connect to the internet" (issue 25, item 6).
            list = .blocked(EmptyState(title: ProductsCopy.firstUseFailedTitle, message: ProductsCopy.firstUseFailedMessage,
                                       action: Action(id: ProductsActionID.retry, title: CoreCopy.retry)))
        } else if state.connectivity == .unknown {
            // Connectivity not decided yet at launch: a neutral loading state, never a message that may be wrong.
            list = .loading
        } else {
            // First use: never synced on this device. Not an empty list, not an error: what to do next.
            let retry = state.connectivity == .online ? Action(id: ProductsActionID.retry, title: CoreCopy.retry) : nil
            list = .blocked(EmptyState(title: ProductsCopy.firstUseMessage, action: retry))
        }

        if let product = state.selectedProduct {
            // BR-001: online-only actions need evidence of a working network; unknown counts as not online.
            // At launch, before the first reading, "checking your connection" (offline: the story's BR-001 copy).
            let actionState: ActionState = switch state.connectivity {
            case .online: .enabled
            case .offline: .disabled(reason: CoreCopy.requiresConnection)
            case .unknown: .disabled(reason: CoreCopy.checkingConnection)
            }
            card = WarrantyCardViewState(
                card: WarrantyCard(product: product, now: now, policy: policy),
                actions: ProductAction.allCases.map { Action(id: $0.id, title: $0.title, state: actionState) })
        } else {
            card = nil
        }
    }

    /// Whether the warranty card is the screen on top.
    public var showsCard: Bool { card != nil }

    /// The action with this id on the screen shown now, if any.
    public func action(id: String) -> Action? {
        if let card { return card.actions.first { $0.id == id } }
        switch list {
        case let .content(content): return content.refresh.id == id ? content.refresh : nil
        case let .blocked(empty), let .empty(empty): return empty.action?.id == id ? empty.action : nil
        case .loading: return nil
        }
    }

    /// The screen on top as a `ViewNode`: the card when one is open, else the list (at most `maxRows` rows).
    public func viewNode(maxRows: Int = .max) -> ViewNode {
        var nodes: [ViewNode] = []
        if let offlineIndicator { nodes.append(.banner(offlineIndicator)) }
        if let sessionBanner { nodes.append(.banner(sessionBanner)) }
        if let card {
            nodes.append(card.card.viewNode)
            nodes.append(.actions(card.actions))
        } else {
            nodes.append(.title(ProductsCopy.productsTitle))
            if let syncProgress, list.content != nil { nodes.append(.progress(syncProgress)) }
            switch list {
            case .loading:
                nodes.append(.progress(ProductsCopy.syncInProgress))
            case let .empty(empty), let .blocked(empty):
                nodes.append(.empty(empty))
            case let .content(content):
                nodes.append(.text(content.count, style: .secondary))
                if let lastUpdated = content.lastUpdated { nodes.append(.text(lastUpdated, style: .caption)) }
                for row in content.rows.prefix(max(0, maxRows)) {
                    nodes.append(.row([
                        .verbatim(row.name, style: .heading),
                        .verbatim(row.model, style: .secondary),
                        .badge(row.status.title, tone: row.status.tone, accessibilityLabel: row.status.accessibilityLabel),
                    ]))
                }
            }
        }
        if let toast { nodes.append(.toast(toast)) }
        return .stack(nodes)
    }
}
