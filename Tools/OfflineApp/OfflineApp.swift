public import Connectivity
public import Core
public import Foundation
import Logging
import OfflineCommerce
import OfflineProducts
import ReferenceServer
import SecureStore
import Synchronization
public import WarmupToast

/// What `app start` is given.
public struct AppOptions: Sendable {
    /// Where the encrypted store lives; two processes given the same folder share it (a real restart).
    public var dataDirectory: URL
    /// An external reference backend; nil starts one in process on 127.0.0.1.
    public var serverURL: URL?
    public var user: String
    /// Launch with the backend already refusing connections.
    public var startOffline: Bool
    /// The reader's current locale, for shared summary cards (nil hides Share).
    public var localizer: (@Sendable () -> Localizer)?
    /// How many products the embedded backend seeds for `user` (nil: its default, 12); 0…10,000.
    public var productCount: Int?

    public init(dataDirectory: URL, serverURL: URL? = nil, user: String = "user1", startOffline: Bool = false,
                localizer: (@Sendable () -> Localizer)? = nil, productCount: Int? = nil) {
        self.localizer = localizer
        self.productCount = productCount
        self.dataDirectory = dataDirectory
        self.serverURL = serverURL
        self.user = user
        self.startOffline = startOffline
    }
}

/// Why an `app` command could not run; the message says what to do.
public struct AppCommandError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The composition root: the four features wired to one connectivity signal, one encrypted store, one outbox and
/// one warmup session, as an app would run them. The REPL's `app` commands drive it.
public actor OfflineApp {
    public nonisolated let options: AppOptions
    public nonisolated let clock: AppClock
    public nonisolated let telemetrySink = InMemoryTelemetrySink()
    private let server: ReferenceServer?
    public nonisolated let serverURL: URL
    private var run: AppComposition?
    private var warmupLaunch: Task<Void, Never>?
    public private(set) var route: AppRoute?
    public private(set) var backend = BackendConditions()
    /// What the app's current command is waiting for, step by step (read by the REPL's command guard).
    private nonisolated let activity = Mutex<[String]>([])
    /// Who the last launch was for: `app relaunch` after `app kill` starts the app again for them.
    private var lastUser: String
    private let logger = Logger(label: "OfflineKit.App")

    private init(options: AppOptions, server: ReferenceServer?, serverURL: URL) {
        self.options = options
        self.server = server
        self.serverURL = serverURL
        lastUser = options.user
        clock = AppClock(start: Date())
    }

    /// Starts the backend (unless given one) and launches the app for `options.user`.
    public static func start(_ options: AppOptions) async throws(AppCommandError) -> OfflineApp {
        var server: ReferenceServer?
        let url: URL
        if let count = options.productCount, !(0...SeedConfiguration.maximumProductsPerUser).contains(count) {
            throw AppCommandError("--products takes 0 to \(SeedConfiguration.maximumProductsPerUser)")
        }
        if let given = options.serverURL {
            if options.productCount != nil { throw AppCommandError("--products seeds the embedded backend; leave out --server") }
            url = given
        } else {
            var logger = Logger(label: "OfflineKit.ReferenceServer")
            logger.logLevel = .critical
            // Any user id works on first sight (`app start --user anyone`), with sample data seeded by the id.
            let seed = SeedConfiguration(productCounts: options.productCount.map { [options.user: $0] } ?? [:], provisionUnknownUsers: true)
            let embedded = ReferenceServer(configuration: ReferenceServerConfiguration(seed: seed, now: { Date() }, logger: logger))
            do { url = try await embedded.start() } catch {
                throw AppCommandError("the embedded backend could not start: \(error)")
            }
            server = embedded
        }
        let app = OfflineApp(options: options, server: server, serverURL: url)
        if options.startOffline { try await app.refuseConnections(true) }
        try await app.launch(user: options.user)
        return app
    }

    var telemetry: Telemetry { Telemetry(sink: telemetrySink, now: { [clock] in clock.now }) }

    /// What a command that has not returned is waiting for, in words a user can act on: the step it is at, requests
    /// parked at the embedded backend, the warmup subtasks still running, the writes still queued.
    public nonisolated var waitingFor: String {
        var parts = activity.withLock { $0 }
        if let held = server?.heldRequests, held > 0 { parts.append("\(held) request(s) held at the backend (`app backend release`)") }
        return parts.isEmpty ? "no step the app knows of (a request to \(serverURL.absoluteString)?)" : parts.joined(separator: "; ")
    }

    /// Runs `body` with `step` shown by `waitingFor`.
    private func step<T, Failure: Error>(_ step: String, _ body: () async throws(Failure) -> T) async throws(Failure) -> T {
        activity.withLock { $0.append(step) }
        defer { activity.withLock { if let index = $0.lastIndex(of: step) { $0.remove(at: index) } } }
        return try await body()
    }

    // MARK: Launch, login, kill

    private func launch(user: String) async throws(AppCommandError) {
        lastUser = user
        let built: AppComposition
        do {
            built = try await step("opening \(user)'s encrypted store") { () throws(AppCommandError) in
                do {
                    return try await AppComposition(user: user, dataDirectory: options.dataDirectory, serverURL: serverURL,
                                            network: .wifi, clock: clock, telemetry: telemetry, localizer: options.localizer)
                } catch { throw AppCommandError("\(error)") }
            }
            try await step("starting the connectivity monitor, the outbox and the features") { () throws(AppCommandError) in
                do { try await built.launch() } catch { throw AppCommandError("\(error)") }
            }
        } catch {
            throw AppCommandError("the app could not launch for \(user): \(error)")
        }
        run = built
        route = nil
        // The session asks whether warming is needed, which depends on the signal: let it settle first.
        await step("the first connectivity reading") { () async in
            await waitForStatus(timeout: .seconds(3)) { $0 != .unknown }
        }
        let coordinator = built.coordinator
        warmupLaunch = Task {
            await coordinator.launch()
            built.warmupLaunchEnded.withLock { $0 = true }
        }
        await settle()
    }

    public func login(_ user: String) async throws(AppCommandError) {
        if let run {
            await run.shutDown()
            if run.user != user { run.removeUserFiles() }  // another user signs in: the last one logged out
        }
        run = nil
        try await launch(user: user)
        try await current().products.loggedIn()
        await settle()
    }

    public func logout() async {
        guard let run else { return }
        await run.shutDown()
        run.removeUserFiles()
        self.run = nil
        route = nil
    }

    /// No clean shutdown: the run is dropped with whatever it had not finished; only what the store committed stays.
    public func kill() async {
        guard let run else { return }
        // Stop its background work from going on in this process; nothing is flushed or closed on purpose.
        warmupLaunch?.cancel()
        warmupLaunch = nil
        await run.kill()
        self.run = nil
        route = nil
    }

    public func relaunch() async throws(AppCommandError) {
        let user = run?.user ?? lastUser
        if run != nil { await kill() }
        try await launch(user: user)
    }

    public var isRunning: Bool { run != nil }
    public var user: String? { run?.user }

    private func current() throws(AppCommandError) -> AppComposition {
        guard let run else { throw AppCommandError("the app is not running: `app relaunch` or `app login ID`") }
        return run
    }

    // MARK: Network

    /// `app offline` / `app online`: the backend refuses (or accepts) connections, and the monitor finds out
    /// through real requests, as it would in an outage.
    public func setBackendReachable(_ reachable: Bool) async throws(AppCommandError) {
        try await refuseConnections(!reachable)
        let run = try current()
        if reachable {
            // A real request that reaches the server is the evidence that brings the app back online.
            for _ in 0..<20 where run.monitor.status.value != .online {
                if await run.probe.check().isReachable { run.monitor.report(.reachedServer) }
                await waitForStatus(timeout: .milliseconds(250)) { $0 == .online }
            }
        } else {
            for _ in 0..<20 where run.monitor.status.value != .offline {
                _ = try? await run.client.send(method: "GET", path: "health", body: nil, idempotencyKey: nil, timeout: .seconds(1))
                await waitForStatus(timeout: .milliseconds(250)) { $0 == .offline }
            }
        }
        await settle()
    }

    private func refuseConnections(_ refuse: Bool) async throws(AppCommandError) {
        var conditions = backend
        conditions.refusing = refuse
        try await apply(conditions, command: "`app online`/`app offline`", otherwise: "stop the server or use `app network none`")
    }

    /// `app backend hold|release`: data requests wait at the backend (a warmup or sync stays in progress) until
    /// released; then they are answered and the app settles as after any command.
    public func setBackendHolding(_ holding: Bool) async throws(AppCommandError) {
        var conditions = backend
        conditions.holding = holding
        try await apply(conditions, command: "`app backend`", otherwise: "use the embedded backend (no --server)")
        await settle()
    }

    /// `app backend flaky PERCENT [ENDPOINT]|steady`: about PERCENT % of requests fail (resets and 503s), health checks
    /// too; with an endpoint (products, cart, orders, summary, activities), only the current user's requests to it.
    public func setBackendFlaky(percent: Int, endpoint: String? = nil) async throws(AppCommandError) {
        guard (0...100).contains(percent) else { throw AppCommandError("a percentage from 0 to 100, e.g. `app backend flaky 30`") }
        if let endpoint, !BackendConditions.endpoints.contains(endpoint) {
            throw AppCommandError("unknown endpoint \(endpoint): use \(BackendConditions.endpoints.joined(separator: ", "))")
        }
        var conditions = backend
        conditions.flakyPercent = percent
        conditions.flakyPath = endpoint.map { "/v1/users/\(run?.user ?? lastUser)/\($0)" }
        try await apply(conditions, command: "`app backend`", otherwise: "use the embedded backend (no --server)")
    }

    /// `app backend revoke|accept`: every data request is answered 401 (the session ended on the server's side) / accepted.
    public func setBackendRevoking(_ revoking: Bool) async throws(AppCommandError) {
        var conditions = backend
        conditions.revoking = revoking
        try await apply(conditions, command: "`app backend`", otherwise: "use a server that refuses the token")
    }

    /// Every request the embedded backend has received, by endpoint (`"POST /v1/users/{user}/orders"`); nil with --server.
    public var backendRequests: [String: Int]? {
        server.map { $0.requestLog.counts.byEndpoint }
    }

    /// The embedded backend's request count and how many of those it failed on purpose (nil with --server).
    public var backendCounts: (requests: Int, injectedFaults: Int)? {
        server.map { ($0.requestLog.total, $0.injectedFaults) }
    }

    private func apply(_ conditions: BackendConditions, command: String, otherwise: String) async throws(AppCommandError) {
        guard let server else { throw AppCommandError("\(command) needs the embedded backend; with --server, \(otherwise)") }
        do { try await server.setFaults(conditions.faults) } catch { throw AppCommandError("the backend could not change: \(error)") }
        backend = conditions
    }

    /// `app network wifi|cellular|none`: the path monitor's reading changes.
    public func setNetwork(_ name: String) async throws(AppCommandError) {
        let run = try current()
        guard let path = run.path.set(named: name) else { throw AppCommandError("unknown network \(name): use wifi, cellular or none") }
        if path.isUsable {
            let refusing = backend.refusing
            await waitForStatus(timeout: .seconds(3)) { $0 == .online || refusing }
        } else {
            await waitForStatus(timeout: .seconds(3)) { $0 == .offline }
        }
        await settle()
    }

    public var status: ConnectivityStatus { run?.monitor.status.value ?? .unknown }
    /// The features of the running app, by `featureID`, in the order they start (empty when not running).
    var featureIDs: [String] { run?.features.map { type(of: $0).featureID } ?? [] }
    public var network: NetworkPath? { run?.path.path.value }

    private func waitForStatus(timeout: Duration, _ condition: @escaping @Sendable (ConnectivityStatus) -> Bool) async {
        guard let run else { return }
        let cell = run.monitor.status
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await value in cell.values() where condition(value) { return } }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    // MARK: Screens

    public func open(_ route: AppRoute) async throws(AppCommandError) {
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
        await settle()
    }

    /// Taps an action by id on the current screen (the REPL maps a localized title to its id first).
    public func tap(_ actionID: String) async throws(AppCommandError) {
        let run = try current()
        if await run.warmup.tap(actionID: actionID) == .handled { await settle(); return }
        // "Sign In" belongs to the app, not to a feature: it would present the sign-in flow.
        if actionID == CorePreviews.signInActionID {
            throw AppCommandError("the server refused the session of \(run.user); sign in with `app login ID` (the embedded backend accepts any id)")
        }
        guard let route else { throw AppCommandError("no action \(actionID) on this screen; `app open …` a screen first") }
        if route == .summaryCard { throw AppCommandError("the card full screen has no actions; `app open summary` to share it") }
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
            return "\(activity.kind) (\(activity.id)); \(queued == 0 ? "synced" : "\(queued) write(s) waiting in the outbox")"
        } catch {
            throw AppCommandError("\(error)")
        }
    }

    public var warmupSnapshot: CacheWarmupCoordinator.Snapshot? { run?.coordinator.snapshot }

    /// The screen as the user sees it: the offline indicator, the screen's content, and the warmup toast or banner.
    public func screen() async -> ViewNode {
        guard let run else { return .text(CoreCopy.loading) }
        let content: [ViewNode] = switch route {
        // Full-screen media: the card alone, without the screen's indicator and actions (no card yet: the summary screen).
        case .summaryCard?: [run.summary.viewState.value.content?.card.viewNode ?? run.summary.viewNode]
        case let route?: [route.feature(in: run).viewNode]
        case nil: []
        }
        return run.warmup.viewState.value.viewNode(over: .stack(content))
    }

    /// The action ids on the current screen with their titles (the REPL matches `app tap TITLE` against them).
    public func actions() async -> [Action] {
        await screen().actions + (run?.warmup.viewState.value.actions ?? [])
    }

    /// Lets the work a command started finish: syncs, reads, the warmup session, the outbox while online.
    /// While the backend holds data requests that work cannot finish: it waits only until the warmup session has
    /// decided and its toast shows what it decided.
    public func settle() async {
        guard let run else { return }
        if backend.holding {
            await waitUntilWarmupShown(run)
            return
        }
        for _ in 0..<3 {
            for feature in run.features {
                await step("the \(type(of: feature).featureID) feature's work") { () async in await feature.waitUntilIdle() }
            }
            if let warmupLaunch, run.monitor.status.value == .online {
                let pending = "\(run.coordinator.snapshot.pendingRequired) subtask(s) pending"
                await step("the warmup session (\(pending))") { () async in await warmupLaunch.value }
            }
            if run.monitor.status.value == .online {
                await step("the outbox to send \(run.outbox.queuedCount.value) queued write(s)") { () async in
                    await run.outbox.waitUntilDrained()
                }
            }
            await Task.yield()
        }
    }

    /// Until the launch's session is in progress (or the launch decided nothing needs warming) and the toast feature
    /// has heard the current phase; polled, since the session's requests wait at the backend. At most 3 s.
    private func waitUntilWarmupShown(_ run: AppComposition) async {
        for _ in 0..<600 {
            let phase = run.coordinator.state.value
            let decided = phase == .inProgress || run.warmupLaunchEnded.withLock { $0 }
            if decided, await run.warmup.phase == phase { return }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops the app and the embedded backend (the REPL calls it on quit).
    public func shutDown() async {
        if let run { await run.shutDown() }
        run = nil
        await server?.stop()
    }
}
