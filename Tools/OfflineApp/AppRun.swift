import Connectivity
import Core
import Foundation
import Logging
import OfflineCommerce
import OfflineProducts
import OfflineSummary
import ReferenceServer
import SecureStore
import Synchronization
import WarmupToast

/// Everything one launch of the app builds for one user: the encrypted store, the connectivity signal, the HTTP
/// client, the outbox, the warmup session and the four features. `app kill` drops a run without stopping anything
/// (what the store holds is what a killed process leaves); `app relaunch` builds a new one on the same folder.
final class AppRun: Sendable {
    let user: String
    let store: SecureStore
    let vault: SecureVault
    let path: SimulatedPathSource
    let monitor: ConnectivityMonitor
    let probe: ReachabilityProbe
    /// The one HTTP transport of this run (connection pool included); shut down when the run ends, however it ends.
    let transport: any HTTPTransport
    let client: HTTPClient
    let outbox: Outbox
    let coordinator: CacheWarmupCoordinator
    let warmup: WarmupToastFeature
    let products: ProductsFeature
    let features: FeatureSet
    /// Set when the launch's warmup decision and session (if any) have ended.
    let warmupLaunchEnded = Mutex(false)

    init(user: String, dataDirectory: URL, serverURL: URL, network: NetworkPath, clock: AppClock, telemetry: Telemetry,
         localizer: (@Sendable () -> Localizer)?) async throws {
        self.user = user
        shareFolder = Self.shareFolder(for: user, in: dataDirectory)
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
        probe = .http(healthURL: serverURL.appendingPathComponent("health"), timeout: .seconds(2), time: .live, transport: transport)
        monitor = ConnectivityMonitor(pathSource: path, probe: probe,
                                      policy: ConnectivityPolicy(pathDownConfirmation: .milliseconds(100), failureThreshold: 3,
                                                                 failureWindow: .seconds(1), initialFailureThreshold: 2,
                                                                 initialFailureWindow: .milliseconds(50), initialBackoff: .seconds(1),
                                                                 maximumBackoff: .seconds(5), settleRetries: [.milliseconds(50), .milliseconds(500)]),
                                      time: .live, randomSeed: UInt64.random(in: 0 ... .max), telemetry: telemetry)
        client = HTTPClient(configuration: HTTPClientConfiguration(baseURL: serverURL, bearerToken: ReferenceServer.token(for: user), timeout: .seconds(5)),
                            connectivity: monitor.context, time: .live, transport: transport)
        // One key maker for every write the app makes: one key per user intent, reused by its retries.
        let keys = IdempotencyKeys.random
        outbox = Outbox(store: vault, transport: .live(client, timeout: .seconds(3)), status: monitor.status, time: .live, telemetry: telemetry,
                        idempotencyKeys: keys)
        let time = clock.time
        products = ProductsFeature(store: vault, api: .live(client: client, user: user), connectivity: monitor.status, time: time,
                                   telemetry: telemetry, idempotencyKeys: keys)
        features = FeatureSet(vault: vault, client: client, user: user, outbox: outbox, status: monitor.status, time: time, telemetry: telemetry,
                              idempotencyKeys: keys,
                              shareFolder: shareFolder,
                              localizer: localizer)
        let products = products
        let features = features
        let status = monitor.status
        let plan = CacheWarmupPlan(
            // Warming needs the network: offline there is nothing to show a toast for (the features sync on reconnect).
            isWarmingNeeded: { status.value == .online && (products.products.cachedCatalog() == nil || features.needsWarming()) },
            warm: { port in
                // Each feature's prefetch is one subtask of the same session: the toast shows once for all of them,
                // and a prefetch that could not fill its cache fails the session (no success banner, no error toast).
                async let productsDone: Void = port.perform(id: "products") {
                    guard await products.prefetch() else { throw PrefetchFailed(feature: "products") }
                }
                async let rest: Void = features.prefetch(port)
                _ = try await (productsDone, rest)
            })
        coordinator = CacheWarmupCoordinator(plan: plan, store: vault, time: time, telemetry: telemetry)
        warmup = WarmupToastFeature(coordinator: coordinator,
                                    configuration: WarmupToastConfiguration(screensWithoutToasts: AppRoute.screensWithoutToasts), time: time)
    }

    /// Starts the signal, the outbox and the features; the app then runs the warmup session's launch.
    func launch() async throws {
        try await monitor.start()
        try await outbox.start()
        await warmup.start()
        await products.lifecycle(.launched)
        await features.launched()
    }

    /// Where this user's shared summary cards go: their own private folder under the data folder (0700, files 0600;
    /// the cards hold figures in clear, outside the encrypted store), removed when they log out.
    let shareFolder: URL

    static func shareFolder(for user: String, in dataDirectory: URL) -> URL {
        let name = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user
        return dataDirectory.appendingPathComponent("shared", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// Logging out: the user's files outside the encrypted store go (the store keeps their data for the next login).
    func removeUserFiles() {
        try? FileManager.default.removeItem(at: shareFolder)
    }

    /// A clean shutdown (logout, quit): stops tasks, closes the store.
    func shutDown() async {
        await warmup.stop()
        await products.stop()
        await features.stop()
        await outbox.stop()
        await monitor.stop()
        await transport.shutdown()
        store.close()
    }
}
