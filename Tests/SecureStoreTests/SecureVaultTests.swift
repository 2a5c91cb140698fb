import Core
import Foundation
import SecureStore
import Testing
import TestSupport

@Suite("SecureVault records")
struct SecureVaultTests {
    @Test func savedRecordLoadsBackWithItsTimestamps() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        let expiry = fixedNow.addingTimeInterval(3600)

        try vault.save(Data("blue kettle".utf8), collection: "products", key: "SN-1", expiresAt: expiry)

        let record = try vault.load(collection: "products", key: "SN-1")
        #expect(record == StoredRecord(collection: "products", key: "SN-1", value: Data("blue kettle".utf8), savedAt: fixedNow, expiresAt: expiry))
        #expect(try vault.load(collection: "products", key: "SN-2") == nil)
        #expect(try vault.load(collection: "orders", key: "SN-1") == nil)
    }

    @Test func loadAllReturnsRecordsInFirstSaveOrderEvenAfterUpdates() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")

        for key in ["c", "a", "b"] { try vault.save(Data(key.utf8), collection: "cart", key: key) }
        try vault.save(Data("a2".utf8), collection: "cart", key: "a")
        #expect(try vault.loadAll(collection: "cart").map(\.key) == ["c", "a", "b"])
        #expect(try vault.load(collection: "cart", key: "a")?.value == Data("a2".utf8))

        try vault.delete(collection: "cart", key: "c")
        try vault.save(Data("c".utf8), collection: "cart", key: "c")
        #expect(try vault.loadAll(collection: "cart").map(\.key) == ["a", "b", "c"])
    }

    @Test func replaceAllSwapsTheWholeCollectionAndLeavesOthersAlone() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        try vault.replaceAll(collection: "products", with: [("p1", Data("1".utf8)), ("p2", Data("2".utf8))])
        try vault.save(Data("kept".utf8), collection: "orders", key: "o1")

        try vault.replaceAll(collection: "products", with: [("p3", Data("3".utf8))])

        #expect(try vault.loadAll(collection: "products").map(\.key) == ["p3"])
        #expect(try vault.loadAll(collection: "orders").map(\.key) == ["o1"])
    }

    @Test func usersNeverSeeEachOthersRecords() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        let alice = store.vault(for: "alice")
        let bob = store.vault(for: "bob")

        try alice.save(Data("alice's".utf8), collection: "orders", key: "ORDER-1")
        try bob.save(Data("bob's".utf8), collection: "orders", key: "ORDER-1")

        #expect(try alice.load(collection: "orders", key: "ORDER-1")?.value == Data("alice's".utf8))
        #expect(try bob.loadAll(collection: "orders").map(\.value) == [Data("bob's".utf8)])
        #expect(try store.vault(for: "carol").loadAll(collection: "orders").isEmpty)
    }

    @Test func wipeShredsOneUserAndTheNextUserStartsClean() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        let alice = store.vault(for: "alice")
        try alice.replaceAll(collection: "orders", with: (0..<5).map { ("A-\($0)", Data("alice order \($0)".utf8)) })
        try store.vault(for: "bob").save(Data("bob".utf8), collection: "orders", key: "B-1")

        #expect(try store.wipe(user: "alice") == 5)

        #expect(try alice.loadAll(collection: "orders").isEmpty)
        #expect(try store.byteCount(for: "alice") == 0)
        #expect(try store.vault(for: "bob").loadAll(collection: "orders").map(\.key) == ["B-1"])
        #expect(fixture.sink.names().contains("secure_store_user_wiped"))
        // Alice signs in again later: a fresh, empty vault that works.
        try alice.save(Data("new".utf8), collection: "orders", key: "A-9")
        #expect(try alice.loadAll(collection: "orders").map(\.key) == ["A-9"])
    }

    @Test func loadsReportExpiryAndPurgeRemovesOnlyExpiredRecords() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        try vault.save(Data("old".utf8), collection: "summary", key: "2025", expiresAt: fixedNow.addingTimeInterval(-1))
        try vault.save(Data("soon".utf8), collection: "summary", key: "2026", expiresAt: fixedNow.addingTimeInterval(60))
        try vault.save(Data("forever".utf8), collection: "warranty", key: "W-1")

        let loaded = try vault.load(collection: "summary", key: "2025")
        #expect(loaded?.isExpired(at: fixedNow) == true)
        #expect(try vault.purgeExpired(now: fixedNow) == PurgeResult(expired: 1, unreadable: 0))
        #expect(try vault.loadAll(collection: "summary").map(\.key) == ["2026"])

        #expect(try vault.purgeExpired(now: fixedNow.addingTimeInterval(120)).expired == 1)
        #expect(try vault.loadAll(collection: "summary").isEmpty)
        #expect(try vault.loadAll(collection: "warranty").map(\.key) == ["W-1"])
    }

    @Test func byteCountGrowsWithEachUsersOwnRecords() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        #expect(try store.byteCount(for: "alice") == 0)

        try store.vault(for: "alice").replaceAll(collection: "products", with: (0..<10).map { ("P\($0)", Data.filler(1024, seed: "\($0)")) })
        try store.vault(for: "bob").save(Data("x".utf8), collection: "products", key: "P0")

        let alice = try store.byteCount(for: "alice")
        #expect(alice >= 10 * 1024 && alice < 10 * 1400)
        #expect(try store.vault(for: "bob").byteCount() < 200)
    }

    @Test func changesYieldTheCollectionNowAndAfterEachCommitToIt() async throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        let vault = store.vault(for: "user-a")
        var changes = vault.changes(in: "cart").makeAsyncIterator()
        #expect(await changes.next() == [])

        try vault.save(Data("1".utf8), collection: "cart", key: "a")
        #expect(await changes.next()?.map(\.key) == ["a"])

        try vault.apply([.save(collection: "cart", key: "b", value: Data()), .save(collection: "cart", key: "c", value: Data())])
        #expect(await changes.next()?.map(\.key) == ["a", "b", "c"])

        // Neither another collection nor another user produces a value: the next one is the delete.
        try vault.save(Data("x".utf8), collection: "orders", key: "o")
        try store.vault(for: "user-b").save(Data("x".utf8), collection: "cart", key: "z")
        try vault.delete(collection: "cart", key: "a")
        #expect(await changes.next()?.map(\.key) == ["b", "c"])
    }

    @Test func aReaderSeesTheOldSetOrTheNewSetNeverAMix() async throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        let size = 25
        func generation(_ number: Int) -> [(key: String, value: Data)] {
            (0..<size).map { ("item-\(number)-\($0)", Data("\(number)".utf8)) }
        }
        try vault.replaceAll(collection: "products", with: generation(0))

        let writer = Task.detached {
            for number in 1...150 { try vault.replaceAll(collection: "products", with: generation(number)) }
        }
        let reader = Task.detached { () -> Set<String> in
            var seen = Set<String>()
            for _ in 0..<300 {
                let records = try vault.loadAll(collection: "products")
                let generations = Set(records.map { String(decoding: $0.value, as: UTF8.self) })
                #expect(records.count == size && generations.count == 1)
                seen.formUnion(generations)
            }
            return seen
        }
        try await writer.value
        let seen = try await reader.value
        #expect(!seen.isEmpty)
        #expect(try vault.loadAll(collection: "products").map(\.key) == generation(150).map(\.key))
    }

    @Test func vaultsAreUsableFromActorsAndConcurrentTasks() async throws {
        actor CartRepository {
            let store: any RecordStore
            init(store: any RecordStore) { self.store = store }
            func add(_ sku: String) throws(RecordStoreError) {
                try store.save(Data(sku.utf8), collection: "cart", key: sku)
            }
            func skus() throws(RecordStoreError) -> Set<String> {
                Set(try store.loadAll(collection: "cart").map(\.key))
            }
        }
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let repository = CartRepository(store: try fixture.open().vault(for: "user-a"))

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 { group.addTask { try await repository.add("SKU-\(index)") } }
            try await group.waitForAll()
        }

        #expect(try await repository.skus() == Set((0..<16).map { "SKU-\($0)" }))
    }

    @Test func recordsSurviveReopeningWithTheKeyFile() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let keyFile = FileKeyProvider(folder: fixture.folder)
        do {
            let store = try fixture.open(keyProvider: keyFile)
            try store.vault(for: "user-a").save(Data("kept".utf8), collection: "warranty", key: "W-7")
            store.close()
        }

        let reopened = try fixture.open(keyProvider: keyFile)

        #expect(reopened.openReport.recoveredFrom == nil)
        #expect(reopened.openReport.schemaVersion == SecureStore.schemaVersion)
        #expect(try reopened.vault(for: "user-a").load(collection: "warranty", key: "W-7")?.value == Data("kept".utf8))
    }

    @Test func aBulkLoadOfManyRecordsReturnsEveryKeyValueAndDateInOrder() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        let records = (0..<1_500).map { index in
            (key: "SKU-\(index)-\(String(repeating: "é", count: index % 7))", value: Data.filler(index % 1300, seed: "v\(index)"))
        }
        try vault.apply(records.enumerated().map { index, record in
            .save(collection: "products", key: record.key, value: record.value, expiresAt: index.isMultiple(of: 3) ? fixedNow.addingTimeInterval(Double(index)) : nil)
        })

        let loaded = try vault.loadAll(collection: "products")

        #expect(loaded.map(\.key) == records.map(\.key))
        #expect(loaded.map(\.value) == records.map(\.value))
        #expect(loaded.allSatisfy { $0.savedAt == fixedNow && $0.collection == "products" })
        #expect(loaded.enumerated().allSatisfy { index, record in
            record.expiresAt == (index.isMultiple(of: 3) ? fixedNow.addingTimeInterval(Double(index)) : nil)
        })
        #expect(loaded[1].value.startIndex == 0 && loaded[1].value.first == records[1].value.first)
    }
}
