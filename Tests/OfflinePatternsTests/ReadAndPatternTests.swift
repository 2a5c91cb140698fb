import Clocks
import Connectivity
import Core
import Foundation
import SecureStore
import TestSupport
import IntegrationSupport
import Testing
import OfflinePatterns

/// API.read (stale-while-revalidate) and the patterns that never queue: C (blocking form) and D (full page).
@Suite("API.read and blocking patterns")
struct ReadAndPatternTests {
    struct Cart: Codable, Sendable, Hashable { var items: [String] }

    final class Fetcher: Sendable {
        let calls = Locked(0)
        let answer: Locked<Result<Cart, HTTPClientError>>
        init(_ answer: Result<Cart, HTTPClientError>) { self.answer = Locked(answer) }
        func fetch() throws(HTTPClientError) -> Cart {
            calls.withLock { $0 += 1 }
            return try answer.withLock { $0 }.get()
        }
    }

    func resource(_ store: any RecordStore, _ fetcher: Fetcher, status: ConnectivityStatus,
                  waitForWrites: @escaping @Sendable () async -> Void = {}) -> CachedResource<Cart> {
        CachedResource(collection: "cart", key: "current", store: store, now: { fixedNow }, status: { status }, waitForWrites: waitForWrites) { () throws(HTTPClientError) in
            try fetcher.fetch()
        }
    }

    @Test func theCachedValueComesAtOnceThenTheRefreshReplacesIt() async throws {
        let store = InMemoryRecordStore(now: { Date(timeIntervalSince1970: 100) })
        let fetcher = Fetcher(.success(Cart(items: ["new"])))
        let cart = resource(store, fetcher, status: .online)
        try cart.store(Cart(items: ["old"]))
        var events: [ReadEvent<Cart>] = []
        for await event in cart.read() { events.append(event) }
        #expect(events.count == 2)
        #expect(events.first == .cached(CachedValue(value: Cart(items: ["old"]), savedAt: Date(timeIntervalSince1970: 100))))
        #expect(cart.cached()?.value == Cart(items: ["new"]))
    }

    @Test func aFailedRefreshKeepsTheLastGoodValue() async throws {
        let store = InMemoryRecordStore(now: Date.init)
        let cart = resource(store, Fetcher(.failure(.http(status: 503))), status: .online)
        try cart.store(Cart(items: ["kept"]))
        let outcome = await cart.revalidate()
        #expect(outcome.current?.value == Cart(items: ["kept"]))
        #expect(outcome.error == .http(status: 503))
        #expect(cart.cached()?.value == Cart(items: ["kept"]))
    }

    @Test func offlineNothingIsFetchedAndTheCacheIsShown() async throws {
        let fetcher = Fetcher(.success(Cart(items: ["x"])))
        let cart = resource(InMemoryRecordStore(now: Date.init), fetcher, status: .offline)
        let outcome = await cart.revalidate()
        #expect(outcome.current == nil && outcome.error == .offline)
        #expect(fetcher.calls.withLock { $0 } == 0)
    }

    @Test func anUnreadableCachedRecordIsACacheMissNotACrash() throws {
        let store = InMemoryRecordStore(now: Date.init)
        try store.save(Data("not json".utf8), collection: "cart", key: "current")
        #expect(resource(store, Fetcher(.success(Cart(items: []))), status: .offline).cached() == nil)
    }

    @Test func savedAtIsTheStoresStampWithoutDecodingAndNilWhenMissingOrUnopenable() throws {
        let store = InMemoryRecordStore(now: { Date(timeIntervalSince1970: 200) })
        let cart = resource(store, Fetcher(.success(Cart(items: []))), status: .offline)
        #expect(cart.savedAt() == nil)
        try cart.store(Cart(items: ["a"]))
        #expect(cart.savedAt() == Date(timeIntervalSince1970: 200))
        // It opens the record but does not decode it: bytes of another shape still say when they were saved.
        try store.save(Data("not json".utf8), collection: "cart", key: "current")
        #expect(cart.savedAt() == Date(timeIntervalSince1970: 200))
        #expect(resource(UnopenableStore(), Fetcher(.success(Cart(items: []))), status: .offline).savedAt() == nil)
    }

    @Test func aRefreshWaitsForThePendingWritesItDependsOn() async throws {
        let order = Locked<[String]>([])
        let fetcher = Fetcher(.success(Cart(items: ["synced"])))
        let cart = CachedResource<Cart>(collection: "cart", key: "current", store: InMemoryRecordStore(now: Date.init), now: { fixedNow }, status: { .online },
                                        waitForWrites: { order.withLock { $0.append("writes synced") } }) { () throws(HTTPClientError) in
            order.withLock { $0.append("fetched") }
            return try fetcher.fetch()
        }
        _ = await cart.revalidate()
        #expect(order.withLock { $0 } == ["writes synced", "fetched"])
    }

    // MARK: Pattern C

    @Test func aBlockingFormKeepsItsFieldsAcrossARestartAndRefusesSubmitOfflineWithYouAppearOffline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("form-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = InMemoryKeyProvider(key: .fixed())
        do {
            let store = try SecureStore(folder: folder, keyProvider: keys, telemetry: .disabled, now: Date.init)
            let form = BlockingForm(formID: "profile", store: store.vault(for: "user1"), status: { .offline })
            try form.saveDraft(["displayName": "Kari", "email": "kari@example.com"])
            #expect(form.submitState == .disabled(reason: CoreCopy.appearOffline))
            let called = Locked(false)
            await #expect(throws: BlockingFormError.appearOffline(CoreCopy.appearOffline)) {
                try await form.submit { _ throws(HTTPClientError) in called.withLock { $0 = true } }
            }
            #expect(!called.withLock { $0 }, "nothing was built or sent")
            store.close()
        }
        let reopened = try SecureStore(folder: folder, keyProvider: keys, telemetry: .disabled, now: Date.init)
        defer { reopened.close() }
        let form = BlockingForm(formID: "profile", store: reopened.vault(for: "user1"), status: { .online })
        #expect(form.draft() == ["displayName": "Kari", "email": "kari@example.com"])
        #expect(form.submitState == .enabled)
        let sent = try await form.submit { fields throws(HTTPClientError) in fields }
        #expect(sent["displayName"] == "Kari")
        #expect(form.draft().isEmpty, "a submitted form forgets its draft")
    }

    // MARK: Pattern D

    @Test func fullPageBlockingShowsContentOnlyFromAFreshRead() {
        let value = CachedValue(value: Cart(items: ["a"]), savedAt: Date(timeIntervalSince1970: 0))
        #expect(FullPageBlocking.screen(RevalidateOutcome.fresh(value)) == .content(Cart(items: ["a"])))
        guard case let .blocked(offline) = FullPageBlocking.screen(RevalidateOutcome.kept(value, .offline)) else {
            Issue.record("offline blocks even with a cached value"); return
        }
        #expect(offline.title == CoreCopy.requiresConnection && offline.message == CoreCopy.noConnection)
        #expect(offline.action?.title == CoreCopy.retry, "it says what to do next")
        guard case let .blocked(failed) = FullPageBlocking.screen(RevalidateOutcome<Cart>.kept(nil, .http(status: 503))) else {
            Issue.record("a failed fresh read blocks"); return
        }
        #expect(failed.title == CoreCopy.loadFailed && failed.message == CoreCopy.tryAgainLater)
    }
}
