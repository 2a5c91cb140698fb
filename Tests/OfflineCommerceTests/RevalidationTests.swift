import Clocks
import Connectivity
import Core
import Foundation
import IntegrationSupport
import OfflineCommerce
import OfflineCommerceLive
import OfflinePatterns
import ReferenceServer
import SecureStore
import TestSupport
import Testing

/// Issue 41, item 5: the cart and the order history revalidate as the product list does. A refresh of an unchanged one is
/// one request carrying the cached copy's `If-None-Match`, answered 304: the copy is neither sent, decoded nor written
/// again (only its small validators record is) and "Last updated" moves on. A changed one comes whole with new validators.
@Suite(.timeLimit(.minutes(2))) struct RevalidationTests {
    func withRig(_ body: (RevalidationRig) async throws -> Void) async throws {
        try await RevalidationRig.run(label: "OfflineCommerceTests", body)
    }

    static let validators = CachedResource<ShoppingCart>.validatorsCollection

    @Test func anUnchangedCartIsConfirmedByA304WithoutDecodingOrRewritingIt() async throws {
        try await withRig { rig in
            let (store, recording, repository) = try rig.open()
            defer { store.close() }
            guard case let .fresh(first) = await repository.revalidateCart() else { Issue.record("the first refresh failed"); return }
            #expect(rig.transport.exchanges(to: "/cart").map(\.ifNoneMatch) == [nil], "nothing cached: nothing to revalidate")

            rig.advance(by: 3_600)
            recording.reset()
            #expect(await repository.revalidateCart() == .unchanged(savedAt: fixedNow.addingTimeInterval(3_600)))
            let revalidation = try #require(rig.transport.exchanges(to: "/cart").last)
            #expect(revalidation.ifNoneMatch != nil)
            #expect(revalidation.status == 304 && revalidation.bodyBytes == 0)
            // The cart's record was neither read nor written: only its validators record was.
            #expect(!recording.loads.contains { $0.collection == CommerceRepository.Collection.cart })
            #expect(recording.batches.count == 1)
            #expect(recording.saved.map(\.collection) == [Self.validators])

            // What a screen reads next: the same cart, "Last updated" an hour later.
            #expect(repository.cachedCart() == CachedValue(value: first.value, savedAt: fixedNow.addingTimeInterval(3_600)))
            #expect(repository.savedAt().cart == fixedNow.addingTimeInterval(3_600))
        }
    }

    @Test func aCartChangedOnTheServerIsFetchedWholeWithItsNewValidators() async throws {
        try await withRig { rig in
            let (store, recording, repository) = try rig.open()
            defer { store.close() }
            guard case let .fresh(first) = await repository.revalidateCart() else { Issue.record("the first refresh failed"); return }
            _ = try await rig.otherDevice.updateQuantity("user1-c1", 7, "other-device-1")

            rig.advance(by: 60)
            recording.reset()
            guard case let .fresh(second) = await repository.revalidateCart() else { Issue.record("the changed cart did not come"); return }
            #expect(second.value != first.value)
            #expect(second.value.items.first { $0.id == "user1-c1" }?.quantity == 7)
            #expect(second.savedAt == fixedNow.addingTimeInterval(60))
            let refresh = try #require(rig.transport.exchanges(to: "/cart").last)
            #expect(refresh.ifNoneMatch != nil && refresh.status == 200, "asked conditionally, answered whole")
            // The cart and its new validators in one transaction (its images are kept already).
            #expect(recording.batches.count == 1)
            #expect(Set(recording.saved.map(\.collection)) == [CommerceRepository.Collection.cart, Self.validators])
            #expect(repository.cachedCart() == second)
            // Those validators are the new version's: the next refresh is a 304 again.
            #expect(await repository.revalidateCart() == .unchanged(savedAt: fixedNow.addingTimeInterval(60)))
        }
    }

    @Test func theOrderHistoryIsConfirmedByA304UntilAnOrderChangesIt() async throws {
        try await withRig { rig in
            let (store, recording, repository) = try rig.open()
            defer { store.close() }
            guard case let .fresh(first) = await repository.revalidateOrders() else { Issue.record("the first refresh failed"); return }

            rig.advance(by: 3_600)
            recording.reset()
            #expect(await repository.revalidateOrders() == .unchanged(savedAt: fixedNow.addingTimeInterval(3_600)))
            let revalidation = try #require(rig.transport.exchanges(to: "/orders").last)
            #expect(revalidation.ifNoneMatch != nil && revalidation.status == 304)
            #expect(!recording.loads.contains { $0.collection == CommerceRepository.Collection.orders })
            #expect(recording.saved.map(\.collection) == [Self.validators])
            #expect(repository.cachedOrders() == CachedValue(value: first.value, savedAt: fixedNow.addingTimeInterval(3_600)))
            #expect(repository.savedAt().orders == fixedNow.addingTimeInterval(3_600))

            // Another device places an order: the next refresh brings the history whole.
            let placed = try await rig.otherDevice.placeOrder("other-device-2")
            rig.advance(by: 60)
            recording.reset()
            guard case let .fresh(second) = await repository.revalidateOrders() else { Issue.record("the changed history did not come"); return }
            #expect(second.value.orders.count == first.value.orders.count + 1)
            #expect(second.value.order(placed.id) != nil)
            #expect(rig.transport.exchanges(to: "/orders").last?.status == 200)
            #expect(Set(recording.saved.map(\.collection)) == [CommerceRepository.Collection.orders, Self.validators])
            #expect(await repository.revalidateOrders() == .unchanged(savedAt: fixedNow.addingTimeInterval(3_660)))
        }
    }

    @Test func aCartChangedOnThisDeviceIsFetchedWholeNextTime() async throws {
        try await withRig { rig in
            let (store, _, repository) = try rig.open()
            defer { store.close() }
            guard case .fresh = await repository.revalidateCart() else { Issue.record("the first refresh failed"); return }
            // The server's answer to a quantity change is cached as is: not the copy the validators described.
            _ = try await repository.updateQuantity(itemID: "user1-c2", to: 4, idempotencyKey: "k1")
            guard case let .fresh(again) = await repository.revalidateCart() else { Issue.record("the refresh was not a whole one"); return }
            #expect(rig.transport.exchanges(to: "/cart").last?.ifNoneMatch == nil)
            #expect(again.value.items.first { $0.id == "user1-c2" }?.quantity == 4)
        }
    }

    @Test func aClearedCacheIsFetchedWholeAgain() async throws {
        try await withRig { rig in
            let (store, _, repository) = try rig.open()
            defer { store.close() }
            guard case .fresh = await repository.revalidateCart(), case .fresh = await repository.revalidateOrders() else {
                Issue.record("the first refreshes failed")
                return
            }
            try repository.clear()
            // Validators left behind would have the server confirm a copy that is gone.
            guard case .fresh = await repository.revalidateCart(), case .fresh = await repository.revalidateOrders() else {
                Issue.record("a cleared cache was not fetched whole")
                return
            }
            #expect(rig.transport.exchanges(to: "/cart").last?.ifNoneMatch == nil)
            #expect(rig.transport.exchanges(to: "/orders").last?.ifNoneMatch == nil)
        }
    }

    @Test func theScreensKeepTheirContentAndImagesAndMoveLastUpdatedOnAfterA304() async throws {
        try await withRig { rig in
            let store = try rig.fixture.open()
            defer { store.close() }
            let connectivity = ConnectivitySwitch(.online)
            let feature = CommerceFeature(store: store.vault(for: "user1"),
                                          api: .live(client: httpClient(rig.url, connectivity: connectivity.context, transport: rig.transport), user: "user1"),
                                          connectivity: connectivity.cell, time: TimeSource(clock: TestClock(), now: { fixedNow }),
                                          idempotencyKeys: IdempotencyKeys(KeyCounter().make))
            // The view state is the screen on show: each is read while it is open.
            func show(_ screen: CommerceScreen) async -> CommerceViewState {
                await feature.open(screen)
                await feature.waitUntilIdle()
                return feature.viewState.value
            }
            let cart = try #require(await show(.cart).cartContent)
            let orders = try #require(await show(.orders).ordersContent)
            #expect(cart.lines.allSatisfy { $0.image.size != nil })

            rig.advance(by: 3_600)
            let later = CoreCopy.lastUpdated(fixedNow.addingTimeInterval(3_600))
            let confirmedCart = try #require(await show(.cart).cartContent)
            #expect(confirmedCart.lastUpdated == later)
            #expect(confirmedCart.lines == cart.lines, "the same lines, their images still shown")
            let confirmedOrders = try #require(await show(.orders).ordersContent)
            #expect(confirmedOrders.lastUpdated == later)
            #expect(confirmedOrders.orders == orders.orders)
            #expect(rig.transport.exchanges(to: "/cart").map(\.status) == [200, 304])
            #expect(rig.transport.exchanges(to: "/orders").map(\.status) == [200, 304])
            await feature.stop()
        }
    }
}

extension RevalidationRig {
    /// The live API for user1, as the app builds it, through the recording transport.
    var api: CommerceAPI { .live(client: httpClient(url, connectivity: .alwaysOnline, transport: transport), user: "user1") }

    /// What another device of user1 does: writes that change the server's copy, never this device's cache.
    var otherDevice: CommerceAPI { .live(client: httpClient(url, connectivity: .alwaysOnline), user: "user1") }

    func open() throws -> (SecureStore, RecordingStore, CommerceRepository) {
        let store = try fixture.open()
        let recording = RecordingStore(store.vault(for: "user1"))
        return (store, recording, CommerceRepository(store: recording, api: api, status: { .online }, now: readClock))
    }
}
