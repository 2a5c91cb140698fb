import Connectivity
public import Core
public import Foundation
import Logging
import ReferenceServer
import WarmupToast

/// The app simulator the REPL's `app` commands drive: it launches `AppComposition` (the composition root, where every
/// live dependency is built) for a user, keeps the embedded reference backend and its fault conditions, routes screens
/// to the features, and waits after each command until the work it started has settled. Launch, login and the settling
/// live here; the backend and network commands in `OfflineApp+Backend.swift`; screens, taps and calls in
/// `OfflineApp+Screens.swift`.
public actor OfflineApp {
    public nonisolated let options: AppOptions
    public nonisolated let clock: AppClock
    public nonisolated let telemetrySink = InMemoryTelemetrySink()
    let server: ReferenceServer?
    public nonisolated let serverURL: URL
    var run: AppComposition?
    var warmupLaunch: Task<Void, Never>?
    public internal(set) var route: AppRoute?
    public internal(set) var backend = BackendConditions()
    /// What the app's current command is waiting for, step by step (read by the REPL's command guard).
    private nonisolated let activity = Locked<[String]>([])
    /// Who the last launch was for: `app relaunch` after `app kill` starts the app again for them.
    var lastUser: String
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
            // Its sessions outlive the process beside the data folder, as a server's would: a second REPL run on the same
            // folder (a restart) finds the session the first one signed in with still accepted.
            let sessions = options.dataDirectory.deletingLastPathComponent()
                .appendingPathComponent(options.dataDirectory.lastPathComponent + ".backend", isDirectory: true)
                .appendingPathComponent("sessions.json")
            // Launched offline, it starts refusing: only its port is taken, and it starts listening at `app online`.
            var conditions = BackendConditions()
            conditions.refusing = options.startOffline
            let embedded = ReferenceServer(configuration: ReferenceServerConfiguration(seed: seed, faults: conditions.faults, now: { Date() },
                                                                                       logger: logger, sessionFile: sessions))
            do { url = try await embedded.start() } catch {
                throw AppCommandError("the embedded backend could not start: \(error)")
            }
            server = embedded
            LaunchTrace.mark(options.startOffline ? "embedded backend's port taken" : "embedded backend started")
        }
        let app = OfflineApp(options: options, server: server, serverURL: url)
        if options.startOffline {
            if server != nil { await app.startedRefusing() } else { try await app.refuseConnections(true) }
        }
        try await app.launch(user: options.user, session: .resumeOrSignIn, firstScreen: options.firstScreen)
        return app
    }

    /// The embedded backend was started refusing connections (`--offline`).
    private func startedRefusing() {
        backend.refusing = true
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
    func step<T, Failure: Error>(_ step: String, _ body: () async throws(Failure) -> T) async throws(Failure) -> T {
        activity.withLock { $0.append(step) }
        defer { activity.withLock { if let index = $0.lastIndex(of: step) { $0.remove(at: index) } } }
        return try await body()
    }

    // MARK: Launch, login, kill

    /// - Parameter beforeSettling: runs once the run is up, just before its warmup starts, so that the warmup joins
    ///   the work it asks for (the warmup's product subtask joins a login's product sync).
    /// - Parameter firstScreen: opened and drawn (`AppOptions.firstFrame`) once the features have started, before the
    ///   first connectivity reading.
    private func launch(user: String, session: SessionKeeper.Start, firstScreen: AppRoute? = nil,
                        beforeSettling: ((AppComposition) async -> Void)? = nil) async throws(AppCommandError) {
        lastUser = user
        let built: AppComposition
        do {
            built = try await step("opening \(user)'s encrypted store") { () throws(AppCommandError) in
                do {
                    return try await AppComposition(user: user, session: session, dataDirectory: options.dataDirectory, serverURL: serverURL,
                                            network: .wifi, clock: clock, telemetry: telemetry, localizer: options.localizer)
                } catch { throw AppCommandError("\(error)") }
            }
            LaunchTrace.mark("store opened and keyed")
            try await step("starting the connectivity monitor, the outbox and the features") { () throws(AppCommandError) in
                do { try await built.launch() } catch { throw AppCommandError("\(error)") }
            }
            LaunchTrace.mark("features started")
        } catch {
            throw AppCommandError("the app could not launch for \(user): \(error)")
        }
        run = built
        route = nil
        if let firstScreen {
            // The first frame needs only the store and the cache: the connectivity reading and the warmup come after it.
            try await show(firstScreen)
            let frame = await screen()
            options.firstFrame?(frame)
        }
        // Signing in goes out at once, beside the first probe, rather than after it: each waits on the server, and one
        // after the other they doubled a launch against a slow one. (Offline it fails fast and goes out again with the
        // first request once the connection is back: SessionKeeper.)
        let session = built.session
        let signingIn: Task<Void, Never>? = session.state.value == .signingIn ? Task { _ = try? await session.bearer() } : nil
        // The session asks whether warming is needed, which depends on the signal: let it settle first.
        await step("the first connectivity reading") { () async in
            await waitForStatus(timeout: .seconds(3)) { $0 != .unknown }
        }
        LaunchTrace.mark("first connectivity reading")
        // Online, the launch waits for the server's answer to the sign-in, as a login screen would.
        if let signingIn, built.monitor.status.value == .online {
            await step("signing \(user) in") { () async in await signingIn.value }
        }
        // Before the warmup starts, so that the warmup's subtasks join what it asked for (a sync already in flight)
        // whatever the scheduling: sent after, on a busy machine it could arrive once the warmup's sync had ended.
        await beforeSettling?(built)
        let coordinator = built.coordinator
        warmupLaunch = Task {
            await coordinator.launch()
            built.warmupLaunchEnded.withLock { $0 = true }
        }
        await settle()
        LaunchTrace.mark("launch settled")
    }

    /// Signing in: whoever was signed in signs out first (their session ends; another user's files go), then a new
    /// session is asked for with the first request that can reach the server.
    public func login(_ user: String) async throws(AppCommandError) {
        if let run {
            if run.user != user { await run.signOut() } else { await run.session.signOut() }
            await run.shutDown()
        }
        run = nil
        // BR-002's sync on login, sent as the launch's warmup starts: the warmup's product subtask joins it instead of
        // fetching the same list again after it.
        try await launch(user: user, session: .signIn) { built in await built.products.loggedIn() }
    }

    public func logout() async {
        guard let run else { return }
        await run.signOut()
        await run.shutDown()
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
        try await launch(user: user, session: .resume)
    }

    public var isRunning: Bool { run != nil }
    public var user: String? { run?.user }

    func current() throws(AppCommandError) -> AppComposition {
        guard let run else { throw AppCommandError("the app is not running: `app relaunch` or `app login ID`") }
        return run
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

    /// Until the warmup has decided and the toast feature has heard the current phase: the launch's session is in
    /// progress (or the launch decided nothing needs warming), and a session the connection's return started is in
    /// progress or decided against. Polled, since the session's requests wait at the backend. At most 3 s.
    private func waitUntilWarmupShown(_ run: AppComposition) async {
        for _ in 0..<600 {
            let phase = run.coordinator.state.value
            let launchDecided = phase == .inProgress || run.warmupLaunchEnded.withLock { $0 }
            let heard = await run.warmup.heardConnectivity == run.monitor.status.value
            let warming = await run.warmup.isWarming
            let reconnectDecided = phase == .inProgress || !warming
            if launchDecided, heard, reconnectDecided, await run.warmup.phase == phase { return }
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
