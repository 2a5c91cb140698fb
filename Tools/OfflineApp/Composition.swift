import Connectivity
import Core
import Foundation
import OfflineCommerce
import OfflineProducts
import OfflineSummary
import SecureStore
import WarmupToast
import OfflinePatterns
import OfflineProductsLive
import OfflineCommerceLive
import OfflineSummaryLive
import WireContract
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root: everything one launch of the app builds for one user, and the only place that builds live
/// dependencies. One encrypted store, one connectivity signal, one HTTP transport, one outbox, one warmup session, and
/// the four features, which the app then drives through their one surface (`AppFeature`).
///
/// `app kill` drops a composition without a clean shutdown (what the store holds is what a killed process leaves);
/// `app relaunch` builds a new one on the same folder.
final class AppComposition: Sendable {
    let user: String
    let store: SecureStore
    let vault: SecureVault
    let path: SimulatedPathSource
    let monitor: ConnectivityMonitor
    let probe: ReachabilityProbe
    /// The one HTTP transport of this run (connection pool included); shut down when the run ends, however it ends.
    let transport: any HTTPTransport
    let client: HTTPClient
    /// The user's session: its token kept encrypted in the vault, sent as the bearer, dropped on a 401 or at logout.
    let session: SessionKeeper
    let outbox: Outbox
    let coordinator: CacheWarmupCoordinator
    let warmup: WarmupToastFeature
    let products: ProductsFeature
    let commerce: CommerceFeature
    let summary: SummaryFeature
    /// Every feature, in the order they start. What the app does to all of them alike (start, lifecycle, warming,
    /// idling, stopping), it does through this list.
    let features: [any AppFeature]
    /// The feature types the app is made of: checks that hold for every feature (their actions' offline patterns)
    /// loop over these. A fifth feature is added here and to `features`.
    static let featureTypes: [any AppFeature.Type] = [WarmupToastFeature.self, ProductsFeature.self, CommerceFeature.self, SummaryFeature.self]
    /// Where this user's shared summary cards go: their own private folder under the data folder (0700, files 0600;
    /// the cards hold figures in clear, outside the encrypted store), removed when they log out.
    let shareFolder: URL
    /// Set when the launch's warmup decision and session (if any) have ended.
    let warmupLaunchEnded = Locked(false)

    init(user: String, session start: SessionKeeper.Start, dataDirectory: URL, serverURL: URL, network: NetworkPath, clock: AppClock,
         telemetry: Telemetry, localizer: (@Sendable () -> any CopyResolving)?) async throws {
        self.user = user
        let shareFolder = Self.shareFolder(for: user, in: dataDirectory)
        self.shareFolder = shareFolder
        let folder = dataDirectory.appendingPathComponent("store", isDirectory: true)
        store = try SecureStore(folder: folder, keyProvider: FileKeyProvider(folder: folder), telemetry: telemetry, now: { clock.now })
        vault = store.vault(for: user)
        path = SimulatedPathSource(network)
        // The network runs on the real clock (sockets do). The REPL's policy is snappier than the default where that
        // costs no flicker: at launch, before any evidence, two failed requests 50 ms apart mean offline (a launch
        // without a network shows its cached screens at once), and a path down for 100 ms does. Leaving online takes
        // three consecutive failures over a second, so a flaky network (resets, refused probes now and then) never
        // flashes the indicator while a real outage still shows it within about a second.
        // Loopback or a LAN: a connection that takes over a second is not coming (the request then fails as unreachable,
        // which is evidence about the network; a slow answer on a made connection is not).
        let transport = HTTPTransports.makeDefault(HTTPTransportConfiguration(connectTimeout: .seconds(1)))
        self.transport = transport
        probe = .http(healthURL: serverURL.appendingPathComponent(Wire.Route.health.endpoint().encodedPath), timeout: .seconds(2), time: .live, transport: transport)
        monitor = ConnectivityMonitor(pathSource: path, probe: probe,
                                      policy: ConnectivityPolicy(pathDownConfirmation: .milliseconds(100), failureThreshold: 3,
                                                                 failureWindow: .seconds(1), initialFailureThreshold: 2,
                                                                 initialFailureWindow: .milliseconds(50), initialBackoff: .seconds(1),
                                                                 maximumBackoff: .seconds(5), settleRetries: [.milliseconds(50), .milliseconds(500)]),
                                      time: .live, randomSeed: UInt64.random(in: 0 ... .max), telemetry: telemetry)
        // Signing in and out go without the session (`Wire.Route.signIn`, `.signOut`); every other request carries it.
        let sessions = HTTPClient(configuration: HTTPClientConfiguration(baseURL: serverURL, timeout: .seconds(5)),
                                  connectivity: monitor.context, time: .live, transport: transport)
        session = SessionKeeper(store: vault, start: start, signIn: { () throws(HTTPClientError) -> String in
            try await sessions.post(Wire.Route.signIn.endpoint(), body: Wire.SignInBody(user: user), as: Wire.Session.self).token
        }, endSession: { token in
            _ = try? await sessions.send(method: Wire.Route.signOut.method.rawValue, path: Wire.Route.signOut.endpoint(), body: nil,
                                         idempotencyKey: nil, headers: ["Authorization": "Bearer \(token)"], timeout: .seconds(2))
        })
        client = HTTPClient(configuration: HTTPClientConfiguration(baseURL: serverURL, session: session, timeout: .seconds(5)),
                            connectivity: monitor.context, time: .live, transport: transport)
        // One key maker for every write the app makes: one key per user intent, reused by its retries.
        let keys = IdempotencyKeys.random
        // The live values are chosen here, at the root, never as defaults inside a module.
        outbox = Outbox(store: vault, transport: .live(client, timeout: .seconds(3)), status: monitor.status, time: .live, telemetry: telemetry,
                        seed: UInt64.random(in: 0 ... .max), idempotencyKeys: keys)
        let time = clock.time
        let status = monitor.status
        products = ProductsFeature(store: vault, api: .live(client: client, user: user), connectivity: status, time: time,
                                   telemetry: telemetry, idempotencyKeys: keys)
        commerce = CommerceFeature(store: vault, api: .live(client: client, user: user), connectivity: status, time: time,
                                   telemetry: telemetry, idempotencyKeys: keys)
        // The annual summary is the last complete year's.
        let year = Self.localYear(of: time.now()) - 1
        summary = SummaryFeature(store: vault, api: .live(client: client, user: user), outbox: outbox, connectivity: status,
                                 time: time, year: year, telemetry: telemetry,
                                 share: localizer.map { SummaryShareTarget(folder: shareFolder, localizer: $0) },
                                 makeID: { UUID().uuidString })
        // The warmup session asks every feature whether it needs warming and runs each one's prefetch as its subtasks:
        // the toast shows once for all of them, and a prefetch that could not fill its cache fails the session (no
        // success banner, no error toast). Warming needs the network: offline there is nothing to show a toast for.
        let warmed: [any AppFeature] = [products, commerce, summary]
        let plan = CacheWarmupPlan(
            isWarmingNeeded: { status.value == .online && warmed.contains { $0.needsWarming } },
            warm: { port in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for feature in warmed { group.addTask { try await feature.prefetch(reportingTo: port) } }
                    try await group.waitForAll()
                }
            })
        coordinator = CacheWarmupCoordinator(plan: plan, store: vault, time: time, telemetry: telemetry)
        warmup = WarmupToastFeature(coordinator: coordinator,
                                    configuration: WarmupToastConfiguration(screensWithoutToasts: AppRoute.screensWithoutToasts),
                                    connectivity: status, time: time)
        features = [warmup, products, commerce, summary]
    }

    /// Starts the signal, the outbox and every feature; the app then runs the warmup session's launch.
    func launch() async throws {
        try await monitor.start()
        try await outbox.start()
        for feature in features {
            await feature.start()
            await feature.lifecycle(.launched)
        }
    }

    /// The year of `date` on the local clock, as the Gregorian calendar counts it. From the C library: Foundation's
    /// `Calendar` would load ICU's calendar data for this one number, on every launch, before the first frame.
    static func localYear(of date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return Calendar(identifier: .gregorian).component(.year, from: date) }
        return Int(parts.tm_year) + 1900
    }

    static func shareFolder(for user: String, in dataDirectory: URL) -> URL {
        let name = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user
        return dataDirectory.appendingPathComponent("shared", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// Logging out: the session ends (its token deleted from the store, the server told), and the user's files outside
    /// the encrypted store go (the store keeps their data for the next login).
    func signOut() async {
        await session.signOut()
        removeUserFiles()
    }

    func removeUserFiles() {
        try? FileManager.default.removeItem(at: shareFolder)
    }

    /// Stops every task of the run and closes its connections; the store stays as it is.
    private func stopAll() async {
        for feature in features { await feature.stop() }
        await outbox.stop()
        await monitor.stop()
        // Even a killed run's connections close: a killed process would take its sockets with it; this one goes on.
        await transport.shutdown()
    }

    /// A clean shutdown (logout, quit): stops tasks, closes the store.
    func shutDown() async {
        await stopAll()
        store.close()
    }

    /// No clean shutdown: background work stops so it does not go on in this process; nothing is flushed or closed.
    func kill() async {
        await stopAll()
    }
}
