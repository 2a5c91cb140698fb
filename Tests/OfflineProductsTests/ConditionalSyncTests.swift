import Connectivity
import Core
import Foundation
import OfflinePatterns
import OfflineProducts
import OfflineProductsLive
import ReferenceServer
import SecureStore
import TestSupport
import IntegrationSupport
import Testing

/// Issue 41, item 5: a refresh of an unchanged list is one conditional request answered 304, which keeps the cached list
/// as it is (nothing decoded or written but the small validators record) and moves "Last updated" on; validators are
/// stored with the list, so they outlive the app.
@Suite(.timeLimit(.minutes(2))) struct ConditionalSyncTests {
    static let endpoint = "GET /v1/users/{user}/products"

    /// The reference backend with 60 products (3 pages) and a vault whose clock the test moves (`RevalidationRig`).
    func withRig(_ body: (RevalidationRig) async throws -> Void) async throws {
        try await RevalidationRig.run(label: "OfflineProductsTests", seed: SeedConfiguration(productsPerUser: 60), body)
    }

    @Test func anUnchangedListIsConfirmedInOneRequestWithoutDecodingOrRewritingIt() async throws {
        try await withRig { rig in
            let (store, recording, repository) = try rig.open()
            defer { store.close() }
            guard case let .fresh(first) = await repository.sync() else { Issue.record("the first sync failed"); return }
            #expect(first.value.count == 60)
            #expect(rig.server.requestLog.count(Self.endpoint) == 3)

            rig.advance(by: 3_600)
            recording.reset()
            let outcome = await repository.sync()
            #expect(outcome == .unchanged(savedAt: fixedNow.addingTimeInterval(3_600)))
            #expect(rig.server.requestLog.count(Self.endpoint) == 4, "one round trip")
            // The list's record was neither read nor written: only the validators record was.
            #expect(!recording.loads.contains { $0.collection == ProductsRepository.collection })
            #expect(recording.batches.count == 1)
            #expect(recording.saved.map(\.collection) == [CachedResource<ProductCatalog>.validatorsCollection])

            // What the screen reads next: the same list, "Last updated" an hour later.
            let cached = try #require(repository.cachedCatalog())
            #expect(cached.value == first.value)
            #expect(cached.savedAt == fixedNow.addingTimeInterval(3_600))
            #expect(repository.catalogSavedAt() == fixedNow.addingTimeInterval(3_600))
        }
    }

    @Test func aChangedListReplacesTheCacheAndItsValidators() async throws {
        try await withRig { rig in
            let (store, recording, repository) = try rig.open()
            defer { store.close() }
            guard case let .fresh(first) = await repository.sync() else { Issue.record("the first sync failed"); return }
            #expect(rig.server.changeProducts(of: "user1", count: 2) == 2)
            rig.advance(by: 60)
            recording.reset()
            guard case let .fresh(second) = await repository.sync() else { Issue.record("the changed list did not come"); return }
            #expect(second.value != first.value)
            #expect(second.savedAt == fixedNow.addingTimeInterval(60))
            // The list and its new validators in one transaction.
            #expect(recording.batches.count == 1)
            #expect(Set(recording.saved.map(\.collection)) == [ProductsRepository.collection, CachedResource<ProductCatalog>.validatorsCollection])
            #expect(repository.cachedCatalog()?.value == second.value)
            // And those validators are the new version's: the next refresh is a 304 again.
            #expect(await repository.sync() == .unchanged(savedAt: fixedNow.addingTimeInterval(60)))
        }
    }

    @Test func validatorsSurviveAnAppRestart() async throws {
        try await withRig { rig in
            do {
                let (store, _, repository) = try rig.open()
                guard case .fresh = await repository.sync() else { Issue.record("the first sync failed"); return }
                store.close()
            }
            rig.advance(by: 86_400)
            let (store, _, repository) = try rig.open()
            defer { store.close() }
            let before = rig.server.requestLog.count(Self.endpoint)
            #expect(await repository.sync() == .unchanged(savedAt: fixedNow.addingTimeInterval(86_400)))
            #expect(rig.server.requestLog.count(Self.endpoint) == before + 1)
            #expect(repository.cachedCatalog()?.value.count == 60)
        }
    }

    @Test func aListStoredWithoutTheServerDropsItsValidatorsSoTheNextRefreshFetchesItWhole() async throws {
        try await withRig { rig in
            let (store, _, repository) = try rig.open()
            defer { store.close() }
            guard case let .fresh(first) = await repository.sync() else { Issue.record("the first sync failed"); return }
            // A product transferred away is dropped locally: that copy is not the one the validators describe.
            try repository.removeFromCache(productID: try #require(first.value.products.first?.id))
            guard case let .fresh(again) = await repository.sync() else { Issue.record("the refresh was not a full one"); return }
            #expect(again.value == first.value)
        }
    }

    @Test func theScreenKeepsItsListAndMovesLastUpdatedOnAfterAnUnchangedAnswer() {
        var resource = ResourceState<CachedValue<ProductCatalog>>(retrySeed: 1)
        let list = ProductCatalog(makeProducts(3))
        resource.cached = CachedValue(value: list, savedAt: fixedNow)
        let began = resource.begin(.refresh)
        #expect(began)
        let finished = resource.finish(RevalidateOutcome<ProductCatalog>.unchanged(savedAt: fixedNow.addingTimeInterval(600)))
        #expect(finished == .refresh)
        #expect(resource.cached == CachedValue(value: list, savedAt: fixedNow.addingTimeInterval(600)))
        #expect(resource.lastRefreshSucceeded)
    }
}

extension RevalidationRig {
    /// A live repository of user1 (25 products a page) over a recording view of the vault.
    func open() throws -> (SecureStore, RecordingStore, ProductsRepository) {
        let store = try fixture.open()
        let recording = RecordingStore(store.vault(for: "user1"))
        let client = httpClient(url, connectivity: .alwaysOnline)
        let repository = ProductsRepository(store: recording, api: .live(client: client, user: "user1", pageSize: 25), now: readClock,
                                            status: { .online })
        return (store, recording, repository)
    }
}
