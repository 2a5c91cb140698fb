import Connectivity
import Core
import Foundation
import OfflineCommerce
import OfflineSummary
import SecureStore

/// The features besides products (which the warmup plan reads directly), built for one run.
final class FeatureSet: Sendable {
    let commerce: CommerceFeature
    let summary: SummaryFeature

    init(vault: SecureVault, client: HTTPClient, user: String, outbox: Outbox, status: StateCell<ConnectivityStatus>,
         time: TimeSource, telemetry: Telemetry, idempotencyKeys: IdempotencyKeys, shareFolder: URL, localizer: (@Sendable () -> Localizer)?) {
        commerce = CommerceFeature(store: vault, api: .live(client: client, user: user), connectivity: status, time: time, telemetry: telemetry,
                                   idempotencyKeys: idempotencyKeys)
        // The annual summary is the last complete year's.
        let year = Calendar(identifier: .gregorian).component(.year, from: time.now()) - 1
        summary = SummaryFeature(store: vault, api: .live(client: client, user: user), outbox: outbox, connectivity: status,
                                 time: time, year: year, telemetry: telemetry,
                                 share: localizer.map { SummaryShareTarget(folder: shareFolder, localizer: $0) })
    }

    /// True when some feature has never filled its cache.
    func needsWarming() -> Bool {
        commerce.repository.cachedCart() == nil || commerce.repository.cachedOrders() == nil || summary.repository.cachedSummary() == nil
    }

    /// Each feature's prefetch is one subtask of the same warmup session.
    func prefetch(_ port: any CacheWarmupPort) async throws {
        let (commerce, summary) = (commerce, summary)
        async let commerceDone: Void = port.perform(id: "commerce") {
            guard await commerce.prefetch().succeeded else { throw PrefetchFailed(feature: "commerce") }
        }
        async let summaryDone: Void = port.perform(id: "summary") {
            guard await summary.prefetch() else { throw PrefetchFailed(feature: "summary") }
        }
        _ = try await (commerceDone, summaryDone)
    }

    func launched() async {
        await commerce.start()
        await commerce.lifecycleChanged(.launched)
        await summary.start()
        await summary.lifecycle(.launched)
    }

    func lifecycle(_ phase: AppLifecycle) async {
        await commerce.lifecycleChanged(phase)
        await summary.lifecycle(phase)
    }

    func waitUntilIdle() async {
        await commerce.waitUntilIdle()
        await summary.waitUntilIdle()
    }

    func stop() async {
        await commerce.stop()
        await summary.stop()
    }
}

/// A feature's prefetch left its cache unfilled: the warmup session fails (its toast goes, no error toast shows).
struct PrefetchFailed: Error, CustomStringConvertible {
    var feature: String
    var description: String { "prefetching \(feature) did not fill its cache" }
}
