import Clocks
import Connectivity
import Core
import Foundation
import OfflineProducts
import ReferenceServer
import SecureStore
import TestSupport
import IntegrationSupport
import Testing
import OfflineProductsLive

/// The feature with real parts: the reference backend on 127.0.0.1, an encrypted SQLite vault in a
/// temporary folder, and the connectivity monitor driven through a simulated path.
@Suite(.timeLimit(.minutes(3))) struct ProductsIntegrationTests {
    static let productsEndpoint = "GET /v1/users/{user}/products"
    static let serviceRequestEndpoint = "POST /v1/users/{user}/products/{product}/service-requests"
    static let transferEndpoint = "POST /v1/users/{user}/products/{product}/transfer"

    /// `body` with user1's feature on a fresh vault and the reference server, online and synced; stopped and closed after.
    func withSyncedLiveFeature(_ body: (ReferenceServer, ProductsFeature, StateCell<ConnectivityStatus>) async throws -> Void) async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        try await withReferenceServer { server, url in
            let store = try fixture.open()
            defer { store.close() }
            let status = connectivity(.online)
            let feature = liveFeature(url: url, vault: store.vault(for: "user1"), status: status)
            await feature.open()
            await feature.waitUntilIdle()
            do { try await body(server, feature, status) } catch {
                await feature.stop()
                throw error
            }
            await feature.stop()
        }
    }

    func liveFeature(url: URL, vault: SecureVault, status: StateCell<ConnectivityStatus>, pageSize: Int = 1_000,
                     clientConnectivity: ConnectivityContext? = nil, timeout: Duration = .seconds(10)) -> ProductsFeature {
        let client = httpClient(url, connectivity: clientConnectivity ?? context(status), timeout: timeout)
        return ProductsFeature(store: vault, api: .live(client: client, user: "user1", pageSize: pageSize),
                               connectivity: status, time: liveTime, idempotencyKeys: .sequential("products"))
    }

    @Test func productNamesAndSerialNumbersAreEncryptedAtRest() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        try await withReferenceServer(seed: SeedConfiguration(productsPerUser: 60)) { _, url in
            let store = try fixture.open()
            let feature = liveFeature(url: url, vault: store.vault(for: "user1"), status: connectivity(.online), pageSize: 25)
            await feature.open()
            await feature.waitUntilIdle()
            let products = try #require(feature.products.cachedCatalog()?.value.products)
            #expect(products.count == 60)
            let secrets = Set(products.map(\.name) + products.map(\.serialNumber) + products.map(\.model))
            func expectNoSecretInFiles(_ moment: String) throws {
                let files = try fixture.files()
                #expect(files.contains { $0.name == SecureStore.databaseFileName })
                for (name, bytes) in files {
                    for secret in secrets {
                        for (encoding, needle) in [("UTF-8", Data(secret.utf8)), ("UTF-16LE", secret.data(using: .utf16LittleEndian)!),
                                                   ("UTF-16BE", secret.data(using: .utf16BigEndian)!)] {
                            #expect(bytes.range(of: needle) == nil, "\(name) holds \"\(secret)\" in \(encoding) \(moment)")
                        }
                    }
                }
            }
            try expectNoSecretInFiles("before the checkpoint")
            try store.flushWriteAheadLog()
            try expectNoSecretInFiles("after the checkpoint")
            await feature.stop()
            store.close()
            try expectNoSecretInFiles("after close")
        }
    }

    @Test func tenThousandProductsSyncInPagesAndReadBackFromTheEncryptedCache() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        try await withReferenceServer(seed: SeedConfiguration(productCounts: ["user1": 10_000])) { server, url in
            let store = try fixture.open()
            let feature = liveFeature(url: url, vault: store.vault(for: "user1"), status: connectivity(.online))
            await feature.open()
            await feature.waitUntilIdle()
            let view = feature.viewState.value
            #expect(view.rows.count == 10_000)
            #expect(Set(view.rows.map(\.id)).count == 10_000)
            #expect(server.requestLog.count(Self.productsEndpoint) == 10, "10,000 products in pages of 1,000")
            #expect(Set(view.rows.map(\.status)) == Set(WarrantyStatus.allCases))
            await feature.stop()
            store.close()

            // Offline after a restart: the whole list comes back from the encrypted vault.
            let reopened = try fixture.open()
            let offline = liveFeature(url: url, vault: reopened.vault(for: "user1"), status: connectivity(.offline))
            await offline.open()
            #expect(offline.viewState.value.rows == view.rows)
            await offline.stop()
            reopened.close()
        }
    }

    @Test func dataPersistsAcrossARestartWhileOffline() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        try await withReferenceServer { server, url in
            let first = try fixture.open()
            let online = liveFeature(url: url, vault: first.vault(for: "user1"), status: connectivity(.online))
            await online.open()
            await online.waitUntilIdle()
            let synced = online.viewState.value.rows
            #expect(synced.count == 12)
            await online.stop()
            first.close()

            // The backend is gone and the device is offline; a new process opens the same folder.
            try await server.setFaults(FaultConfiguration(refuseConnections: true))
            let requestsBefore = server.requestLog.total
            let second = try fixture.open()
            let status = connectivity(.offline)
            let offline = liveFeature(url: url, vault: second.vault(for: "user1"), status: status)
            await offline.open()
            await offline.lifecycle(.launched)
            let view = await waitFor(offline.viewState) { $0.offlineIndicator != nil }
            #expect(view.rows == synced)
            #expect(view.list.content?.lastUpdated != nil)
            #expect(server.requestLog.total == requestsBefore)
            await offline.stop()
            second.close()
        }
    }

    @Test func programmaticOnlineOnlyActionsOfflineSendNothingToTheServer() async throws {
        try await withSyncedLiveFeature { server, feature, status in
            let products = try #require(feature.products.cachedCatalog()?.value.products)
            await feature.connectivityChanged(.offline)
            status.set(.offline)
            await #expect(throws: ProductActionError.requiresConnection(.raiseServiceRequest)) {
                try await feature.raiseServiceRequest(productID: products[0].id, issue: "Grinder jams")
            }
            await #expect(throws: ProductActionError.requiresConnection(.transferOwnership)) {
                try await feature.transferOwnership(productID: products[0].id, toUser: "user2")
            }
            #expect(server.requestLog.count(Self.serviceRequestEndpoint) == 0)
            #expect(server.requestLog.count(Self.transferEndpoint) == 0)
            #expect(feature.products.cachedCatalog()?.value.products == products, "BR-001: offline data is read-only")

            // Online again, the same calls reach the server.
            status.set(.online)
            await waitFor(feature.viewState) { $0.offlineIndicator == nil }
            let receipt = try await feature.raiseServiceRequest(productID: products[0].id, issue: "Grinder jams")
            #expect(receipt.productId == products[0].id && receipt.status == "open")
            #expect(server.requestLog.count(Self.serviceRequestEndpoint) == 1)
            let transfer = try await feature.transferOwnership(productID: products[1].id, toUser: "user2")
            #expect(transfer.toUser == "user2")
            #expect(server.requestLog.count(Self.transferEndpoint) == 1)
            #expect(feature.viewState.value.rows.map(\.id) == products.map(\.id).filter { $0 != products[1].id })
        }
    }

    @Test func aRetryAfterTheServerAppliedTheFirstAttemptButItsAnswerWasLostIsAppliedOnce() async throws {
        try await withSyncedLiveFeature { server, feature, _ in
            let product = try #require(feature.products.cachedCatalog()?.value.products.first)
            // The server applies the service request and the transfer, then the connection drops before the answer.
            try await server.setFaults(FaultConfiguration(pathPrefixes: ["/v1/users/user1/products/\(product.id)/"], loseAnswerRate: 1))
            let lost = await #expect(throws: ProductActionError.self) {
                try await feature.raiseServiceRequest(productID: product.id, issue: "Grinder jams")
            }
            guard case .failed(_, .connectionLost) = lost else { Issue.record("expected a lost connection, got \(String(describing: lost))"); return }
            await #expect(throws: ProductActionError.self) { try await feature.transferOwnership(productID: product.id, toUser: "user2") }

            // The user taps again: the same intent carries the same key, so the server replays its first result.
            try await server.clearFaults()
            let receipt = try await feature.raiseServiceRequest(productID: product.id, issue: "Grinder jams")
            #expect(receipt.id == "\(product.id)-sr1", "one service request, not two")
            let transfer = try await feature.transferOwnership(productID: product.id, toUser: "user2")
            #expect(transfer.toUser == "user2", "replayed, not refused as 'not your product'")
            // Three sends of each: the transport sent the first tap's request again once on a new connection (it has
            // an Idempotency-Key, so that is safe), both answers lost; then the second tap.
            let keys = server.requestLog.entries.filter { $0.endpoint == Self.serviceRequestEndpoint }.compactMap(\.idempotencyKey)
            #expect(keys.count == 3 && Set(keys).count == 1, "every attempt carried the intent's one key: \(keys)")
            let transferKeys = server.requestLog.entries.filter { $0.endpoint == Self.transferEndpoint }.compactMap(\.idempotencyKey)
            #expect(transferKeys.count == 3 && Set(transferKeys).count == 1)
        }
    }

    @Test func wifiToCellularToNoneAndBackThroughThePathMonitor() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        try await withReferenceServer { server, url in
            let clock = TestClock()
            let path = SimulatedPathSource(.wifi)
            let monitor = ConnectivityMonitor(pathSource: path, probe: .fixed(true), policy: ConnectivityPolicy(pathDownConfirmation: .seconds(1)),
                                              time: TimeSource(clock: clock, now: { fixedNow }), randomSeed: 7)
            try await monitor.start()
            let store = try fixture.open()
            let feature = liveFeature(url: url, vault: store.vault(for: "user1"), status: monitor.status, clientConnectivity: monitor.context)
            await feature.open()
            await feature.loggedIn()

            // Wi-Fi: online, synced, no indicator.
            await waitFor(monitor.status) { $0 == .online }
            var view = await waitFor(feature.viewState) { !$0.rows.isEmpty && !$0.isSyncing }
            #expect(view.offlineIndicator == nil)
            #expect(monitor.path.value?.interface == .wifi)
            let syncs = server.requestLog.count(Self.productsEndpoint)

            // Cellular: still online; no indicator, and no extra sync.
            path.set(.cellular)
            await waitFor(monitor.path) { $0?.interface == .cellular }
            await feature.waitUntilIdle()
            #expect(monitor.status.value == .online)
            #expect(feature.viewState.value.offlineIndicator == nil)
            #expect(server.requestLog.count(Self.productsEndpoint) == syncs)

            // None: offline once the path stays down past the confirmation; the cached list stays.
            path.set(.unusable)
            await waitFor(monitor.path) { $0 == .unusable }
            await clock.advance(by: .seconds(1) + .milliseconds(2))
            await waitFor(monitor.status) { $0 == .offline }
            view = await waitFor(feature.viewState) { $0.offlineIndicator != nil }
            #expect(view.rows.count == 12)
            await feature.openProduct(id: view.rows[0].id)
            #expect(feature.viewState.value.card?.actions.allSatisfy { !$0.state.isEnabled } == true)
            await feature.closeCard()

            // Back on Wi-Fi: a background sync, and the indicator goes only once it succeeded.
            path.set(.wifi)
            await waitFor(monitor.status) { $0 == .online }
            await feature.waitUntilIdle()
            view = await waitFor(feature.viewState) { $0.offlineIndicator == nil }
            #expect(view.rows.count == 12 && !view.isSyncing)
            #expect(server.requestLog.count(Self.productsEndpoint) == syncs + 1)
            await feature.stop()
            await monitor.stop()
            store.close()
        }
    }

    @Test func slowLossyNetworkFromTheServersFaultInjectionNeverLeavesAPartialList() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        try await withReferenceServer(seed: SeedConfiguration(productsPerUser: 60)) { server, url in
            let store = try fixture.open()
            let vault = store.vault(for: "user1")
            let status = connectivity(.online)
            let stale = makeProducts(4, prefix: "stale-")
            try ProductsRepository(store: vault, api: .test, now: { fixedNow }, status: { .offline }).saveProducts(stale)
            let feature = liveFeature(url: url, vault: vault, status: status, pageSize: 10, timeout: .seconds(5))
            await feature.open()
            // Slow (latency, trickling bodies) and lossy (5xx and connection resets), seeded so runs repeat.
            try await server.setFaults(FaultConfiguration(latencyMs: 40, errorRate: 0.2, resetRate: 0.1,
                                                          slowBodyChunkDelayMs: 2, slowBodyChunkBytes: 512))
            let seen = Locked<Set<Int>>([])
            let observer = Task {
                for await view in feature.viewState.values() { seen.withLock { _ = $0.insert(view.rows.count) } }
            }
            var attempts = 0
            while feature.viewState.value.rows.count != 60, attempts < 10 {
                attempts += 1
                // A background sync (BR-002: the foreground), not a pull: only a pull may say it failed.
                await feature.lifecycle(.foregrounded)
                await feature.waitUntilIdle()
                #expect(feature.viewState.value.toast == nil, "a failed sync is silent")
            }
            #expect(feature.viewState.value.rows.count == 60, "the sync completed within \(attempts) tries")
            observer.cancel()
            await observer.value
            #expect(seen.withLock { $0 }.isSubset(of: [4, 60]), "only the old list or the complete new one is ever shown")
            #expect(server.requestLog.count(Self.productsEndpoint) > 6, "lost pages were fetched again")

            // A network that fails everything keeps the last good list silently.
            try await server.setFaults(FaultConfiguration(latencyMs: 20, errorRate: 1))
            await feature.lifecycle(.foregrounded)
            await feature.waitUntilIdle()
            let view = feature.viewState.value
            #expect(view.rows.count == 60 && view.toast == nil && view.syncProgress == nil)
            await feature.stop()
            store.close()
        }
    }
}
