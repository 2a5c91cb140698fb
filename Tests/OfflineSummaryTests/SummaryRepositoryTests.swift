import Connectivity
import Core
import Foundation
import OfflineSummary
import ReferenceServer
import SecureStore
import TestSupport
import IntegrationSupport
import Testing
import OfflineSummaryLive
import WireContract

/// Item 2: the repositories. The reference backend over the HTTP client, and the cache in an encrypted,
/// per-user SecureStore vault in a temporary folder.
@Suite struct SummaryRepositoryTests {
    @Test func afterTheFirstSuccessfulLoadTheFullRenderedSummaryIsCachedForThatUser() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        let repository = cacheRepository(store.vault(for: "user1"), api: .serving(summary2025), status: .online)
        #expect(repository.cachedSummary() == nil)
        let outcome = await repository.refresh()
        #expect(outcome.error == nil)
        store.close()
        // A new process: the same folder, the same key file.
        let reopened = try fixture.open()
        let cached = try #require(cacheRepository(reopened.vault(for: "user1")).cachedSummary())
        #expect(cached.summary == summary2025, "badges, stat cards and comparison, all of it")
        #expect(cached.fetchedAt == fixedNow)
        #expect(!cached.isInvalidated)
        reopened.close()
    }

    @Test func theCachedSummaryIsEncryptedAtRest() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        _ = await cacheRepository(store.vault(for: "user1"), api: .serving(summary2025), status: .online).refresh()
        try store.flushWriteAheadLog()
        store.close()
        let needles = ["peopleReached", "regularCustomer", "statCards", "112.5", "1250", "previousPeriod"]
        for (name, bytes) in try fixture.files() {
            for needle in needles {
                for encoded in [Data(needle.utf8), needle.data(using: .utf16LittleEndian)!, needle.data(using: .utf16BigEndian)!] {
                    #expect(bytes.range(of: encoded) == nil, "\(name) contains \(needle) in plain text")
                }
            }
        }
    }

    @Test func theCacheIsIsolatedPerUser() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let store = try fixture.open()
        _ = await cacheRepository(store.vault(for: "user1"), api: .serving(summary2025), status: .online).refresh()
        #expect(cacheRepository(store.vault(for: "user2")).cachedSummary() == nil, "another user sees nothing")
        _ = await cacheRepository(store.vault(for: "user2"), api: .serving(summary2025AfterOneMoreActivity), status: .online).refresh()
        #expect(cacheRepository(store.vault(for: "user1")).cachedSummary()?.summary == summary2025)
        #expect(cacheRepository(store.vault(for: "user2")).cachedSummary()?.summary == summary2025AfterOneMoreActivity)
        // Logging user 1 out shreds their cache; user 2 keeps theirs.
        try store.wipe(user: "user1")
        #expect(cacheRepository(store.vault(for: "user1")).cachedSummary() == nil)
        #expect(cacheRepository(store.vault(for: "user2")).cachedSummary() != nil)
        store.close()
    }

    @Test func aRefreshReplacesTheCacheAtomicallyInOneTransaction() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let secure = try fixture.open()
        let store = RecordingStore(secure.vault(for: "user1"))
        let repository = cacheRepository(store, api: .serving(summary2025AfterOneMoreActivity), status: .online)
        let old = try repository.saveSummary(summary2025, fetchedAt: fixedNow.addingTimeInterval(-9 * day))
        try repository.invalidate(snapshotID: old.id, reason: .activityRegistered)
        #expect(repository.cachedSummary()?.isInvalidated == true)
        store.reset()
        let outcome = await repository.refresh()
        // One apply with one record: a reader sees the old summary or the new one, never a mix, and the new
        // snapshot's id makes the old invalidation moot without a second write.
        #expect(store.batches.count == 1)
        #expect(store.batches.first?.count == 1)
        if case let .save(collection, key, _, _)? = store.batches.first?.first {
            #expect(collection == SummaryRepository.summaryCollection && key == "2025")
        } else {
            Issue.record("the refresh did not save the summary: \(store.batches)")
        }
        let cached = try #require(repository.cachedSummary())
        #expect(cached.summary == summary2025AfterOneMoreActivity)
        #expect(!cached.isInvalidated)
        #expect(outcome.current?.value == cached.snapshot)
        secure.close()
    }

    @Test func aFailedRefreshKeepsTheLastGoodSummaryAndWritesNothing() async throws {
        let inner = try storeHolding(summary2025)
        let store = RecordingStore(inner)
        let api = ScriptedAPI([.failure(.http(status: 503))]).api
        let outcome = await cacheRepository(store, api: api, status: .online).refresh()
        #expect(outcome.error == .http(status: 503))
        #expect(outcome.current?.value.summary == summary2025)
        #expect(store.batches.isEmpty)
    }

    @Test func aRefreshWhileOfflineSendsNothing() async throws {
        let scripted = ScriptedAPI([.summary(summary2025)])
        let outcome = await cacheRepository(try storeHolding(nil), api: scripted.api, status: .offline).refresh()
        #expect(outcome.error == .offline)
        #expect(outcome.current == nil)
        #expect(scripted.calls == 0)
    }

    @Test func anUnreadableCacheIsAMissNeverACrash() throws {
        let store = try storeHolding(nil)
        try store.save(Data("{not a summary".utf8), collection: SummaryRepository.summaryCollection, key: "2025")
        #expect(cacheRepository(store).cachedSummary() == nil)
        // An unreadable invalidation mark errs on the side of prompting to refresh.
        let other = try storeHolding(summary2025)
        try other.save(Data("garbage".utf8), collection: SummaryRepository.invalidationCollection, key: "2025")
        try other.save(Data("garbage".utf8), collection: SummaryRepository.activitiesCollection, key: "a1")
        let sink = InMemoryTelemetrySink()
        let repository = SummaryRepository(store: other, api: .test, year: 2025, status: { .offline }, now: { fixedNow },
                                                makeID: sequentialIDs("snapshot"), telemetry: Telemetry(sink: sink, now: { fixedNow }))
        #expect(repository.cachedSummary()?.isInvalidated == true)
        #expect(repository.registeredActivities().isEmpty, "an unreadable activity is left out, never shown half-read")
        #expect(sink.events.filter { $0.name == "summary.cache_unreadable" }.compactMap { $0.attributes["record"] } == ["invalidation", "activity"])
    }

    @Test func aCacheFromAnotherMasterKeyIsAMissNeverACrash() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let keys = InMemoryKeyProvider(key: .fixed())
        let store = try SecureStore(folder: fixture.folder, keyProvider: keys, telemetry: .disabled, now: { fixedNow })
        try cacheRepository(store.vault(for: "user1")).saveSummary(summary2025, fetchedAt: fixedNow)
        store.close()
        keys.rotate(to: .fixed(2))
        let reopened = try SecureStore(folder: fixture.folder, keyProvider: keys, telemetry: .disabled, now: { fixedNow })
        #expect(cacheRepository(reopened.vault(for: "user1")).cachedSummary() == nil)
        reopened.close()
    }

    @Test func theCacheIsKeptPerYear() throws {
        let store = try storeHolding(summary2025, year: 2025)
        #expect(cacheRepository(store, year: 2024).cachedSummary() == nil)
        try cacheRepository(store, year: 2025).clear()
        #expect(cacheRepository(store, year: 2025).cachedSummary() == nil)
    }

    // MARK: The reference backend

    @Test func annualSummaryRepositoryReadsTheReferenceServersSummary() async throws {
        try await withReferenceServer { server, url in
            let api = SummaryAPI.live(client: httpClient(url, connectivity: .alwaysOnline), user: "user1")
            let summary = try await api.fetchSummary(2025)
            #expect(summary.period == "2025")
            #expect(summary.statCards.map(\.kind) == [.orders, .spent, .products, .activities])
            #expect(summary.value(of: .orders) == .count(8))
            if case let .amount(_, currency)? = summary.value(of: .spent) { #expect(currency == "EUR") } else { Issue.record("spent is money") }
            #expect(summary.badges.map(\.kind).contains(.regularCustomer))
            #expect(summary.comparison?.previousPeriod == "2024")
            #expect(server.requestLog.count("GET /v1/users/{user}/summary/{period}") == 1)
        }
    }

    @Test func anotherUsersTokenCannotReadTheSummary() async throws {
        try await withReferenceServer { _, url in
            let api = SummaryAPI.live(client: httpClient(url, user: "user2", connectivity: .alwaysOnline), user: "user1")
            await #expect(throws: HTTPClientError.self) { try await api.fetchSummary(2025) }
        }
    }

    @Test func theActivityRequestMatchesTheServersEndpoint() throws {
        let request = try SummaryAPI.activityRequest(user: "user7", ActivityRegistration(kind: "home-visit", occurredAt: fixedNow, note: "Tea & talk"))
        #expect(request.method == "POST")
        #expect(request.path == "v1/users/user7/activities")
        let body = try #require(request.body)
        let decoded = try WireJSON.decoder.decode(Wire.RegisterActivityBody.self, from: body)
        #expect(decoded == Wire.RegisterActivityBody(kind: "home-visit", occurredAt: fixedNow, note: "Tea & talk"))
    }
}
