public import Core
import Foundation
import OfflineProducts
import OfflineSummary
public import WarmupToast

/// Screens, taps and calls: `app open`, `app tap`, `app call`, `app refresh`, lifecycle, time, `app screen`.
extension OfflineApp {
    // MARK: Screens

    public func open(_ route: AppRoute) async throws(AppCommandError) {
        try await show(route)
        await settle()
    }

    /// Opens `route` and shows what it has now, without waiting for the work that starts (the launch's first screen).
    func show(_ route: AppRoute) async throws(AppCommandError) {
        let run = try current()
        switch route {
        case .products:
            await run.products.open()
        case let .product(id):
            await run.products.open()
            // The list must be there to pick from; a held backend cannot deliver it, so the cached one is used.
            if !backend.holding { await run.products.waitUntilIdle() }
            guard await run.products.tap(actionID: ProductsActionID.product(id)) == .handled else {
                throw AppCommandError("no product \(id) in the list; `app open products` shows the ids")
            }
        case .cart: await run.commerce.open(.cart)
        case .orders: await run.commerce.open(.orders)
        case .summary, .summaryCard: await run.summary.open()
        }
        self.route = route
        await run.warmup.screenOpened(route.screenID)
    }

    /// Taps an action by id on the current screen (the REPL maps a localized title to its id first).
    public func tap(_ actionID: String) async throws(AppCommandError) {
        let run = try current()
        if await run.warmup.tap(actionID: actionID) == .handled { await settle(); return }
        // "Sign In" belongs to the app, not to a feature: it would present the sign-in flow.
        if actionID == CorePreviews.signInActionID {
            throw AppCommandError("the server refused the session of \(run.user); sign in with `app login ID` (the embedded backend accepts any id)")
        }
        if route == .summaryCard { throw AppCommandError("the card full screen has no actions; `app open summary` to share it") }
        // A tab of the navigation opens its screen (on the way to a failed item, the one with the marker).
        if let tab = AppNavigation.route(forActionID: actionID) { return try await open(tab) }
        guard let route else { throw AppCommandError("no action \(actionID) on this screen; `app open …` a screen first") }
        guard await route.feature(in: run).tap(actionID: actionID) == .handled else {
            throw AppCommandError("no action \(actionID) on this screen")
        }
        await settle()
    }

    /// The online-only product actions `app call` can make, by their command names.
    public enum ProductCall: String, Sendable, CaseIterable {
        case raiseServiceRequest = "raise-service-request"
        case transferOwnership = "transfer-ownership"
    }

    /// `app call …`: an online-only product action through the feature's API, as code (a deep link, a shortcut)
    /// would call it, not through a button: offline it must throw the typed error and send nothing (BR-001).
    /// `argument` is the issue for a service request, the receiving user for a transfer.
    public func call(_ action: ProductCall, productID: String, argument: String) async throws(AppCommandError) -> String {
        let run = try current()
        await run.products.open()
        if !backend.holding { await run.products.waitUntilIdle() }
        do throws(ProductActionError) {
            let outcome: String
            switch action {
            case .raiseServiceRequest:
                let receipt = try await run.products.raiseServiceRequest(productID: productID, issue: argument)
                outcome = "service request \(receipt.id) for \(receipt.productId): \(receipt.status)"
            case .transferOwnership:
                let receipt = try await run.products.transferOwnership(productID: productID, toUser: argument)
                outcome = "\(receipt.productId) transferred from \(receipt.fromUser) to \(receipt.toUser)"
            }
            await settle()
            return outcome
        } catch {
            throw AppCommandError("\(action.rawValue) refused: \(error) (ProductActionError.\(Self.caseName(of: error)))")
        }
    }

    private static func caseName(of error: ProductActionError) -> String {
        switch error {
        case .requiresConnection: "requiresConnection"
        case .unknownProduct: "unknownProduct"
        case .failed: "failed"
        }
    }

    public func refresh() async throws(AppCommandError) {
        let run = try current()
        guard let route else { throw AppCommandError("no screen to refresh; `app open …` one first") }
        await route.feature(in: run).refresh()
        await settle()
    }

    public func lifecycle(_ phase: AppLifecycle) async throws(AppCommandError) {
        let run = try current()
        for feature in run.features { await feature.lifecycle(phase) }
        await settle()
    }

    public func advance(seconds: Double) async {
        await clock.advance(by: .milliseconds(Int64(seconds * 1000)))
        // "Last updated" and staleness read `now`; tell the summary time moved.
        await run?.summary.timeChanged()
        await settle()
    }

    /// `app register-activity`: a write through the outbox (pattern B), pending until the server has it.
    public func registerActivity() async throws(AppCommandError) -> String {
        let run = try current()
        do {
            let activity = try await run.summary.registerActivity()
            await settle()
            let queued = await run.outbox.pending.count
            let rejected = run.outbox.deadLetters.value.contains { $0.entry.write.resource?.key == activity.id }
            let outcome = rejected ? "rejected by the server for good: the summary shows it with Dismiss"
                : queued == 0 ? "synced" : "\(queued) write(s) waiting in the outbox"
            return "\(activity.kind) (\(activity.id)); \(outcome)"
        } catch {
            throw AppCommandError("\(error)")
        }
    }

    public var warmupSnapshot: CacheWarmupCoordinator.Snapshot? { run?.coordinator.snapshot }

    /// The screen as the user sees it: the offline indicator, the screen's content, the warmup toast or banner, and the
    /// tab bar (`AppNavigation`), whose tabs lead to any screen needing attention with a marker (the Red Brick Road).
    public func screen() async -> ViewNode {
        guard let run else { return .text(CoreCopy.loading) }
        let content: [ViewNode] = switch route {
        // Full-screen media: the card alone, without the screen's indicator and actions (no card yet: the summary screen).
        case .summaryCard?: [run.summary.viewState.value.content?.card.viewNode ?? run.summary.viewNode]
        case let route?: [route.feature(in: run).viewNode]
        case nil: []
        }
        let screen = run.warmup.viewState.value.viewNode(over: .stack(content))
        // Full-screen media covers the tab bar too.
        guard route != .summaryCard else { return screen }
        let attention = Set(run.features.compactMap(\.attention?.screenID))
        return .stack([screen, .navigation(AppNavigation.items(current: route, attention: attention))])
    }

    /// The action ids on the current screen with their titles (the REPL matches `app tap TITLE` against them).
    public func actions() async -> [Action] {
        await screen().actions + (run?.warmup.viewState.value.actions ?? [])
    }
}
