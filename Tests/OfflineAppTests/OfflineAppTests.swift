import Connectivity
import Core
import LocalizationKit
import Foundation
import Localization
@testable import OfflineApp
import OfflineCommerce
import OfflineProducts
import OfflineSummary
import WarmupToast
import Testing
import TestSupport

/// The composition root driven in process, as the REPL drives it: the embedded reference backend on 127.0.0.1, a real
/// encrypted store in a temporary folder, the live monitor, transport, outbox and the four features.
@Suite struct OfflineAppTests {
    /// Runs `body` with an app launched for user1 on a fresh folder; shuts it down (and the backend) afterwards.
    static func withApp(startOffline: Bool = false, sharing: Bool = false, _ body: (OfflineApp) async throws -> Void) async throws {
        // The data folder, and beside it the embedded backend's `<data>.backend` folder, in one folder of the test's own.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("offline-app-\(UUID().uuidString)", isDirectory: true)
        let folder = root.appendingPathComponent("data", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let english: @Sendable () -> Localizer = { try! BundledCatalogs.localizer(locale: "en") }
        let localizer = sharing ? english : nil
        let app = try await OfflineApp.start(AppOptions(dataDirectory: folder, user: "user1", startOffline: startOffline, localizer: localizer))
        do { try await body(app) } catch {
            await app.shutDown()
            throw error
        }
        await app.shutDown()
    }

    /// The product names the screen lists.
    static func listedNames(_ node: ViewNode) -> [String] {
        node.descendants.compactMap { if case let .verbatim(text, .heading) = $0 { text } else { nil } }
    }

    static func showsOfflineIndicator(_ node: ViewNode) -> Bool {
        node.descendants.contains { if case let .banner(banner) = $0 { banner.title == CoreCopy.offlineIndicatorTitle } else { false } }
    }

    @Test func aLaunchToAScreenHandsOverItsFirstFrameBeforeItSettlesThenSettlesAsOpeningItWould() async throws {
        // The data folder, and beside it the embedded backend's `<data>.backend` folder, in one folder of the test's own.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("offline-app-\(UUID().uuidString)", isDirectory: true)
        let folder = root.appendingPathComponent("data", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // A first run caches the list; the second launches offline straight to it.
        let first = try await OfflineApp.start(AppOptions(dataDirectory: folder, user: "user1"))
        try await first.open(.products)
        let cached = Self.listedNames(await first.screen())
        await first.shutDown()
        let frames = Locked<[ViewNode]>([])
        let app = try await OfflineApp.start(AppOptions(dataDirectory: folder, user: "user1", startOffline: true, firstScreen: .products,
                                                        firstFrame: { frame in frames.withLock { $0.append(frame) } }))
        let frame = try #require(frames.withLock { $0 }.first)
        #expect(frames.withLock { $0.count } == 1)
        #expect(!cached.isEmpty && Self.listedNames(frame) == cached)
        // Settled: the same screen `app open products` shows, with the offline indicator.
        let (route, status) = await (app.route, app.status)
        #expect(route == .products && status == .offline)
        let settled = await app.screen()
        #expect(Self.showsOfflineIndicator(settled) && Self.listedNames(settled) == cached)
        try await app.open(.products)
        #expect(await app.screen() == settled)
        await app.shutDown()
    }

    @Test func aLaunchOnlineRunsEveryFeatureFromOneListAndWarmsTheirCachesInOneSession() async throws {
        try await Self.withApp { app in
            #expect(await app.featureIDs == ["warmup", "products", "commerce", "summary"])
            #expect(await app.status == .online)
            let warmup = try #require(await app.warmupSnapshot)
            #expect(warmup.phase == .completed)
            // One session: its launch subtask plus one per feature that fills a cache.
            #expect(warmup.subtasks == 4 && warmup.pendingRequired == 0)
            try await app.open(.products)
            #expect(Self.listedNames(await app.screen()).count == 12, "the embedded backend seeds 12 products")
            try await app.open(.cart)
            #expect(await app.actions().map(\.id).contains("checkout"))
        }
    }

    @Test func offlineAnOnlineOnlyCallIsRefusedWithTheIndicatorShownAndNothingReachesTheBackend() async throws {
        try await Self.withApp { app in
            try await app.open(.products)
            try await app.setBackendReachable(false)
            #expect(await app.status == .offline)
            #expect(Self.showsOfflineIndicator(await app.screen()))
            let before = await app.backendRequests ?? [:]
            await #expect(throws: AppCommandError.self) {
                try await app.call(.raiseServiceRequest, productID: "user1-p1", argument: "It rattles")
            }
            let after = await app.backendRequests ?? [:]
            #expect(after.filter { $0.key.hasPrefix("POST") } == before.filter { $0.key.hasPrefix("POST") }, "BR-001: nothing sent")
        }
    }

    @Test func aKilledAppRelaunchedOfflineShowsWhatTheStoreCommitted() async throws {
        try await Self.withApp { app in
            try await app.open(.products)
            try await app.setBackendReachable(false)
            await app.kill()
            #expect(await !app.isRunning)
            try await app.relaunch()
            #expect(await app.status == .offline)
            try await app.open(.products)
            #expect(Self.listedNames(await app.screen()).count == 12, "the cached list, offline")
            try await app.open(.product("user1-p1"))
            #expect(await app.actions().map(\.id).contains(ProductAction.raiseServiceRequest.id))
            #expect(Self.showsOfflineIndicator(await app.screen()))
        }
    }

    @Test func aTapOnNothingOnScreenSaysWhatToDo() async throws {
        try await Self.withApp { app in
            await #expect { try await app.tap("nope") } throws: { "\($0)".contains("`app open …` a screen first") }
            try await app.open(.cart)
            await #expect { try await app.tap("nope") } throws: { "\($0)" == "no action nope on this screen" }
            try await app.open(.orders)
            try await app.tap(CommerceActionID.trackOrder("user1-o2"))
        }
    }

    static func showsOptimizingToast(_ node: ViewNode) -> Bool {
        node.descendants.contains(.toast(WarmupToastViewState.optimizingToast))
    }

    @Test("Warmup story: a launch offline warms once the connection comes back, with the same toast and banner")
    func aLaunchOfflineWarmsOnceTheConnectionComesBackWithTheSameToastAndBanner() async throws {
        try await Self.withApp(startOffline: true) { app in
            #expect(await app.status == .offline)
            #expect(await app.warmupSnapshot?.phase == .idle, "offline at launch: nothing to cache, no toast")
            try await app.setBackendReachable(true)
            let warmup = try #require(await app.warmupSnapshot)
            #expect(warmup.phase == .completed && warmup.sessionNumber == 1)
            let started = app.telemetrySink.events.filter { $0.name == WarmupIdentifiers.startedEvent }
            #expect(started.map { $0.attributes["trigger"] } == ["reconnect"])
            #expect(app.telemetrySink.events.contains { $0.name == WarmupIdentifiers.completedEvent && $0.duration != nil })
            #expect(await app.screen().descendants.contains(.banner(WarmupToastViewState.optimizedBanner)), "App optimized")
            try await app.open(.products)
            #expect(Self.listedNames(await app.screen()).count == 12, "the session filled the cache")
        }
    }

    @Test("Warmup story: while a session runs, every action of the screen under the toast still works")
    func whileASessionRunsEveryActionOfTheScreenUnderTheToastStillWorks() async throws {
        try await Self.withApp { app in
            // A day later the caches call for refilling: the connection's return starts a session, held at the backend.
            await app.advance(seconds: 25 * 3_600)
            try await app.setBackendReachable(false)
            try await app.setBackendHolding(true)
            try await app.setBackendReachable(true)
            let warmup = try #require(await app.warmupSnapshot)
            #expect(warmup.phase == .inProgress && warmup.sessionNumber == 2)
            try await app.open(.cart)
            #expect(Self.showsOptimizingToast(await app.screen()))
            let ids = await app.actions().filter(\.state.isEnabled).map(\.id)
            #expect(ids.contains("checkout") && ids.count >= 2, "\(ids)")
            for id in ids {
                try await app.tap(id)  // throws when the action is not there or is not taken
                #expect(Self.showsOptimizingToast(await app.screen()), "the toast stays up over \(id)'s result")
                if await app.actions().contains(where: { $0.id == CommerceActionID.cancel }) { try await app.tap(CommerceActionID.cancel) }
            }
            try await app.setBackendHolding(false)
            #expect(await app.warmupSnapshot?.phase == .completed)
            #expect(!Self.showsOptimizingToast(await app.screen()))
        }
    }

    /// Every file under `folder`, recursively, with its path relative to it.
    static func files(under folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    @Test("Share card story: after logout no card of that user exists anywhere the app wrote")
    func afterLogoutNoCardOfThatUserExistsAnywhereTheAppWrote() async throws {
        try await Self.withApp(sharing: true) { app in
            try await app.open(.summary)
            try await app.tap("share")
            let data = app.options.dataDirectory
            let cards = Self.files(under: data).filter { $0.hasSuffix(".svg") }
            #expect(cards.count == 1 && cards[0].hasPrefix("shared/"), "\(cards)")
            await app.logout()
            // The app writes only under its data folder (the store and the user's share folder): nothing of the card there.
            #expect(Self.files(under: data).filter { $0.hasSuffix(".svg") || $0.contains("annual-summary") }.isEmpty)
        }
    }

    @Test("A real session (issue 25, item 9): login gets a random token from the backend, kept encrypted in the store and sent as the bearer; logout removes it and ends it on the server")
    func loginGetsARandomSessionKeptEncryptedAndLogoutEndsIt() async throws {
        try await Self.withApp { app in
            let run = try #require(await app.run)
            let server = try #require(await app.server)
            #expect(run.session.state.value == .signedIn)
            let record = try #require(try run.vault.load(collection: SessionKeeper.collection, key: "bearer"))
            let token = String(decoding: record.value, as: UTF8.self)
            #expect(token.count == 64 && !token.contains("user1"), "a random token, not one the app made up: \(token)")
            #expect(server.acceptsSession(token, of: "user1"))
            #expect(!server.configuration.acceptsDevelopmentTokens, "the app's backend accepts issued sessions only")
            // The data arrived, so that token was the bearer.
            try await app.open(.products)
            #expect(Self.listedNames(await app.screen()).count == 12)
            // Encrypted at rest: not in any file the app wrote, nor in the backend's session file beside it.
            let data = app.options.dataDirectory
            let backend = data.deletingLastPathComponent().appendingPathComponent(data.lastPathComponent + ".backend")
            for (folder, path) in Self.files(under: data).map({ (data, $0) }) + Self.files(under: backend).map({ (backend, $0) }) {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(path))
                #expect(bytes.range(of: Data(token.utf8)) == nil, "\(path) holds the token in plain text")
            }
            #expect(!Self.files(under: backend).isEmpty)

            await app.logout()
            #expect(!server.acceptsSession(token, of: "user1"), "logout ends the session on the server")
            try await app.relaunch()
            let relaunched = try #require(await app.run)
            #expect(relaunched.session.state.value == .signedOut, "logout removed the token from the store")
            #expect(try relaunched.vault.load(collection: SessionKeeper.collection, key: "bearer") == nil)

            try await app.login("user1")
            let again = try #require(await app.run)
            let second = try #require(try again.vault.load(collection: SessionKeeper.collection, key: "bearer"))
            #expect(String(decoding: second.value, as: UTF8.self) != token, "every login gets a new token")
            #expect(server.liveSessionCount(of: "user1") == 1)
        }
    }

    /// What the backend has received on its data endpoints (health checks left out: the monitor probes while offline).
    static func dataRequests(_ app: OfflineApp) async -> Int {
        (await app.backendRequests ?? [:]).filter { !$0.key.contains("/health") }.values.reduce(0, +)
    }

    /// The declared user action behind an action id of `feature`'s screen.
    static func declared<Feature: AppFeature>(_ feature: Feature, _ id: String) -> (any OfflineUserAction)? {
        Feature.userAction(forActionID: id)
    }

    static let routes: [AppRoute] = [.products, .product("user1-p1"), .cart, .orders, .summary]

    /// The monitor's override holds the app offline whatever a probe finds; the features follow it at once.
    static func pinOffline(_ app: OfflineApp) async throws {
        let run = try #require(await app.run)
        await run.monitor.forceOffline()
        _ = await waitFor(run.monitor.status) { $0 == .offline }
        await app.settle()
        #expect(await app.status == .offline)
    }

    /// Offline, walks every action of every screen from its declaration: one that needs the network is disabled with
    /// its reason, its tap shows that reason as a toast (AC-003), and no action sends anything. Returns how many it tapped.
    static func walkEveryActionOffline(_ app: OfflineApp, routes: [AppRoute]) async throws -> Int {
        let run = try #require(await app.run)
        var tapped = 0
        for route in routes {
            try await app.open(route)
            let feature = route.feature(in: run)
            // The tab bar's tabs open other screens (`theTabBarOpensEveryScreenAndHidesUnderFullScreenMedia`).
            let actions = await app.actions().filter { $0.id != WarmupToastActionID.closeBanner && AppNavigation.route(forActionID: $0.id) == nil }
            for action in actions {
                let found = Self.declared(feature, action.id)
                let declared = try #require(found, "\(route): \(action.id) has no declared user action")
                try await app.open(route)
                let sent = await Self.dataRequests(app)
                try await app.tap(action.id)
                if declared.needsNetwork {
                    let reason = try #require(action.state.disabledReason, "\(route): \(action.id) needs the network and must be disabled offline")
                    let toasts = await app.screen().descendants.compactMap { node -> Toast? in if case let .toast(toast) = node { toast } else { nil } }
                    #expect(toasts.contains { $0.message == reason }, "\(route): tapping \(action.id) must say \(reason.key)")
                }
                #expect(await Self.dataRequests(app) == sent, "\(route): \(action.id) sent a request offline")
                if await app.actions().contains(where: { $0.id == CommerceActionID.cancel }) { try await app.tap(CommerceActionID.cancel) }
                tapped += 1
            }
        }
        return tapped
    }

    @Test("AC-003: offline, every action that needs the network is disabled, says why when tapped, and sends nothing")
    func offlineEveryActionThatNeedsTheNetworkIsDisabledSaysWhyWhenTappedAndSendsNothing() async throws {
        try await Self.withApp { app in
            for route in Self.routes { try await app.open(route) }  // every screen cached once
            // Offline as the app sees it, pinned (no probe's success can end it), while the backend still listens: a
            // request any action made would reach it and count.
            try await Self.pinOffline(app)
            #expect(try await Self.walkEveryActionOffline(app, routes: Self.routes) >= 10)
        }
    }

    @Test("AC-003: offline with nothing cached, the empty states' actions (Retry) are disabled and say why too")
    func offlineWithNothingCachedTheEmptyStatesActionsAreDisabledAndSayWhy() async throws {
        try await Self.withApp(startOffline: true) { app in
            // Launched offline on a fresh folder: nothing cached. The app stays offline (pinned) while the backend listens
            // again without the app hearing of it, so any request an action made would reach it and count.
            try await Self.pinOffline(app)
            try await app.refuseConnections(false)
            let run = try #require(await app.run)
            for route in [AppRoute.cart, .orders, .summary] {
                try await app.open(route)
                #expect(await app.screen().descendants.contains { if case .empty = $0 { true } else { false } }, "\(route): its empty state")
            }
            #expect(run.monitor.status.value == .offline)
            let tapped = try await Self.walkEveryActionOffline(app, routes: [.products, .cart, .orders, .summary])
            #expect(tapped >= 1)
        }
    }

    /// The tab bar's items on the screen shown now.
    static func tabs(_ app: OfflineApp) async -> [NavigationItem] {
        await app.screen().descendants.flatMap { node -> [NavigationItem] in if case let .navigation(items) = node { items } else { [] } }
    }

    @Test("Pattern B's Red Brick Road: a rejected write marks the summary's tab on every other screen; the tab opens the failed rows; the marker goes with the last one")
    func aRejectedActivityLeavesARedBrickRoadToTheSummaryUntilItIsDismissed() async throws {
        try await Self.withApp { app in
            try await app.open(.summary)
            try await app.setBackendRejecting(endpoint: "activities")
            _ = try await app.registerActivity()  // sent at once, rejected for good (422)
            _ = try await app.registerActivity()
            // The outbox's verdict reaches the screen through its feedback, which the feature follows.
            let run = try #require(await app.run)
            _ = await waitFor(run.summary.viewState) { $0.activities.count { $0.dismiss != nil } == 2 }
            #expect(run.summary.attention == Attention(screenID: SummaryFeature.screenID, count: 2))
            let summaryTab = AppNavigation.actionID(.summary)
            func marked() async -> Bool { await Self.tabs(app).contains { $0.id == summaryTab && $0.needsAttention } }
            let summary = await app.screen()
            #expect(summary.descendants.count { if case .row(_, .failed) = $0 { true } else { false } } == 2, "greyed with their error")
            #expect(await Self.tabs(app).first { $0.id == summaryTab }?.isCurrent == true)
            #expect(!(await marked()), "no marker where the items are")
            for route in [AppRoute.products, .product("user1-p1"), .cart, .orders] {
                try await app.open(route)
                let tab = try #require(await Self.tabs(app).first { $0.id == summaryTab }, "\(route): the tab bar leads to the summary")
                #expect(tab.needsAttention, "\(route): the summary's tab carries the marker")
                #expect(tab.accessibilityLabel == CoreCopy.needsAttention(SummaryCopy.navigationTitle), "\(route): and says so")
                #expect(await Self.tabs(app).filter(\.needsAttention).count == 1, "\(route): only the way to the failed items is marked")
            }
            // Following the road: the marked tab is an action that opens the screen with the failed rows.
            #expect(await app.actions().contains { $0.id == summaryTab })
            try await app.tap(summaryTab)
            #expect(await app.route == .summary)
            let dismissals = await app.screen().actions.filter { $0.id.hasPrefix(SummaryActionID.dismissPrefix) }
            #expect(dismissals.count == 2, "the failed rows, each with its Dismiss")
            // One dismissed: one left, the road stays; the last dismissed: it is gone.
            try await app.tap(dismissals[0].id)
            try await app.tap(AppNavigation.actionID(.cart))
            #expect(await app.route == .cart)
            #expect(await marked(), "one failed item left: the road stays")
            try await app.tap(summaryTab)
            try await app.tap(dismissals[1].id)
            try await app.open(.orders)
            #expect(!(await marked()), "the last one dismissed: the road is gone")
            #expect(run.summary.attention == nil)
        }
    }

    @Test("The Red Brick Road clears when the failed item is retried successfully")
    func theRedBrickRoadClearsWhenTheFailedItemIsRetriedSuccessfully() async throws {
        try await Self.withApp { app in
            try await app.open(.summary)
            try await app.setBackendRejecting(endpoint: "activities")
            let activity = try await app.registerActivity()
            let run = try #require(await app.run)
            _ = await waitFor(run.summary.viewState) { $0.activities.contains { $0.retry != nil } }
            try await app.open(.cart)
            let summaryTab = AppNavigation.actionID(.summary)
            #expect(await Self.tabs(app).contains { $0.id == summaryTab && $0.needsAttention }, "\(activity)")
            try await app.tap(summaryTab)
            try await app.setBackendRejecting(endpoint: nil)
            let retry = try #require(await app.screen().actions.first { $0.id.hasPrefix(SummaryActionID.resendPrefix) })
            try await app.tap(retry.id)
            _ = await waitFor(run.summary.viewState) { $0.activities.isEmpty }
            #expect(run.outbox.deadLetters.value.isEmpty)
            try await app.open(.products)
            #expect(!(await Self.tabs(app).contains(where: \.needsAttention)), "retried and accepted: the road is gone")
        }
    }

    @Test("The tab bar: on every screen but full-screen media, the current tab drawn selected, each tab opening its screen")
    func theTabBarOpensEveryScreenAndHidesUnderFullScreenMedia() async throws {
        try await Self.withApp { app in
            for tab in AppNavigation.tabs {
                try await app.tap(AppNavigation.actionID(tab))
                #expect(await app.route == tab)
                #expect(await Self.tabs(app).filter(\.isCurrent).map(\.id) == [AppNavigation.actionID(tab)])
            }
            try await app.open(.product("user1-p1"))
            #expect(await Self.tabs(app).filter(\.isCurrent).map(\.id) == [AppNavigation.actionID(.products)], "a card is under Products")
            try await app.open(.summaryCard)
            #expect(await Self.tabs(app).isEmpty, "full-screen media covers the tab bar")
            await #expect(throws: AppCommandError.self) { try await app.tap(AppNavigation.actionID(.cart)) }
        }
    }

    @Test("Summary story: back online after a period offline, activity recorded elsewhere prompts to refresh; nothing new, no prompt")
    func activityRecordedElsewhereWhileOfflinePromptsToRefreshOnReconnect() async throws {
        try await Self.withApp { app in
            try await app.open(.summary)
            let run = try #require(await app.run)
            #expect(run.summary.viewState.value.refreshPrompt == nil)
            let asked: @Sendable () -> [TelemetryEvent] = { app.telemetrySink.events.filter { $0.name == "summary.activity_version_checked" } }
            // Offline and back, nothing new on the server: asked, and no prompt.
            try await app.setBackendReachable(false)
            try await app.setBackendReachable(true)
            _ = await waitFor(run.summary.viewState) { _ in asked().count >= 1 }
            #expect(asked().last?.attributes["changed"] == "false")
            #expect(run.summary.viewState.value.refreshPrompt == nil)
            // Offline; another device records an activity; back online: the cache is marked out of date, the prompt shows.
            try await app.setBackendReachable(false)
            _ = try await app.backendAddActivity()
            try await app.setBackendReachable(true)
            let prompted = await waitFor(run.summary.viewState) { $0.refreshPrompt != nil }
            #expect(prompted.refreshPrompt != nil)
            #expect(asked().last?.attributes["changed"] == "true")
            #expect((await app.backendRequests ?? [:])["GET /v1/users/{user}/activities/version"] == 2, "a cheap question, not a download")
        }
    }
}
