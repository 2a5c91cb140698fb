import Core
import Foundation
import GRDB
import SecureStore
import Testing
import TestSupport
import IntegrationSupport

@Suite("SecureStore faults")
struct FaultTests {
    /// Runs `body` on the raw database file, as an attacker or a bad disk would.
    private func tamper(_ fixture: StoreFixture, _ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: fixture.databaseURL.path)
        try queue.write(body)
        try queue.close()
    }

    private func expectUnreadable(_ body: () throws(RecordStoreError) -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("expected RecordStoreError.unreadable, but the call succeeded", sourceLocation: sourceLocation)
        } catch {
            guard case .unreadable = error else {
                Issue.record("expected .unreadable, got \(error)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func aFlippedByteInARecordIsACacheMissWithTelemetry() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        var store = try fixture.open()
        try store.vault(for: "user-a").save(Data.filler(600, seed: "kettle"), collection: "products", key: "SN-1")
        try store.flushWriteAheadLog()
        let sealed = try DatabaseQueue(path: fixture.databaseURL.path).read { db in
            try Data.fetchOne(db, sql: "SELECT sealed FROM record")
        }
        store.close()
        var file = try Data(contentsOf: fixture.databaseURL)
        let sealedBytes = try #require(sealed)
        let range = try #require(file.range(of: sealedBytes))
        file[range.lowerBound + range.count / 2] ^= 0x01
        try file.write(to: fixture.databaseURL)

        store = try fixture.open()
        let vault = store.vault(for: "user-a")

        expectUnreadable { () throws(RecordStoreError) in _ = try vault.load(collection: "products", key: "SN-1") }
        expectUnreadable { () throws(RecordStoreError) in _ = try vault.loadAll(collection: "products") }
        #expect(fixture.sink.events.contains { $0.name == "secure_store_record_unreadable" && $0.attributes["cause"] == "authentication_failed" })
        // The repository refetches and saves again: the record heals.
        try vault.save(Data("fresh".utf8), collection: "products", key: "SN-1")
        #expect(try vault.load(collection: "products", key: "SN-1")?.value == Data("fresh".utf8))
    }

    @Test func aRecordCopiedToAnotherKeyCollectionOrUserDoesNotOpen() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        let alice = store.vault(for: "alice")
        let bob = store.vault(for: "bob")
        try alice.apply([
            .save(collection: "orders", key: "ORDER-1", value: Data("one".utf8)),
            .save(collection: "orders", key: "ORDER-2", value: Data("two".utf8)),
            .save(collection: "returns", key: "ORDER-1", value: Data("return".utf8)),
        ])
        try bob.save(Data("bob".utf8), collection: "orders", key: "ORDER-1")

        // Rows in insertion order: alice/orders/1, alice/orders/2, alice/returns/1, bob/orders/1.
        try tamper(fixture) { db in
            let sealed = try Data.fetchAll(db, sql: "SELECT sealed FROM record ORDER BY seq")
            try db.execute(sql: "UPDATE record SET sealed = ? WHERE seq = 2", arguments: [sealed[0]])
            try db.execute(sql: "UPDATE record SET sealed = ? WHERE seq = 3", arguments: [sealed[0]])
            try db.execute(sql: "UPDATE record SET sealed = ? WHERE seq = 4", arguments: [sealed[0]])
        }

        #expect(try alice.load(collection: "orders", key: "ORDER-1")?.value == Data("one".utf8))
        expectUnreadable { () throws(RecordStoreError) in _ = try alice.load(collection: "orders", key: "ORDER-2") }
        expectUnreadable { () throws(RecordStoreError) in _ = try alice.load(collection: "returns", key: "ORDER-1") }
        expectUnreadable { () throws(RecordStoreError) in _ = try bob.load(collection: "orders", key: "ORDER-1") }
    }

    @Test func anotherUsersDataKeyCopiedOverDoesNotOpen() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        try store.vault(for: "alice").save(Data("a".utf8), collection: "orders", key: "1")
        try store.vault(for: "bob").save(Data("b".utf8), collection: "orders", key: "1")
        store.close()
        try tamper(fixture) { db in
            let keys = try Row.fetchAll(db, sql: "SELECT user_index, wrapped_key FROM user_key")
            try db.execute(sql: "UPDATE user_key SET wrapped_key = ? WHERE user_index = ?", arguments: [keys[0]["wrapped_key"] as Data, keys[1]["user_index"] as Data])
        }

        let reopened = try fixture.open()
        let results = [try? reopened.vault(for: "alice").load(collection: "orders", key: "1"), try? reopened.vault(for: "bob").load(collection: "orders", key: "1")]

        #expect(results.compactMap { $0 }.count == 1)
        #expect(fixture.sink.events.contains { $0.attributes["cause"] == "user_key_unreadable" })
    }

    @Test func aWrongMasterKeyIsACacheMissAndTheNextSaveStartsAFreshKey() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        try store.vault(for: "user-a").save(Data("secret".utf8), collection: "orders", key: "1")
        store.close()
        fixture.keys.rotate(to: .fixed(2))

        let reopened = try fixture.open()
        let vault = reopened.vault(for: "user-a")

        #expect(reopened.openReport.masterKeyChanged)
        expectUnreadable { () throws(RecordStoreError) in _ = try vault.load(collection: "orders", key: "1") }
        expectUnreadable { () throws(RecordStoreError) in _ = try vault.loadAll(collection: "orders") }
        #expect(fixture.sink.events.contains { $0.name == "secure_store_record_unreadable" && $0.attributes["cause"] == "master_key_changed" })
        try vault.save(Data("refetched".utf8), collection: "orders", key: "2")
        #expect(try vault.loadAll(collection: "orders").map(\.key) == ["2"])
        #expect(fixture.sink.names().contains("secure_store_records_of_lost_key_dropped"))
        reopened.close()
        #expect(try fixture.open().openReport.masterKeyChanged == false)
    }

    @Test func aRecordFromANewerPayloadVersionIsACacheMiss() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        try vault.save(Data("v1".utf8), collection: "orders", key: "1")
        try tamper(fixture) { db in try db.execute(sql: "UPDATE record SET payload_version = 99") }

        expectUnreadable { () throws(RecordStoreError) in _ = try vault.load(collection: "orders", key: "1") }
        #expect(fixture.sink.events.contains { $0.attributes["cause"] == "newer_payload_version" })
    }

    @Test func aTruncatedDatabaseIsSetAsideAndAFreshOneStarted() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        try store.vault(for: "user-a").replaceAll(collection: "products", with: (0..<300).map { ("P\($0)", Data.filler(1024, seed: "\($0)")) })
        try store.flushWriteAheadLog()
        store.close()
        let file = try Data(contentsOf: fixture.databaseURL)
        try file.prefix(file.count / 2).write(to: fixture.databaseURL)

        let reopened = try fixture.open()

        let movedTo = try #require(reopened.openReport.recoveredFrom)
        #expect(movedTo.lastPathComponent == "store.sqlite.unreadable-20260131T000000Z")
        #expect(FileManager.default.fileExists(atPath: movedTo.path))
        #expect(fixture.sink.names().contains("secure_store_database_recovered"))
        #expect(try reopened.vault(for: "user-a").loadAll(collection: "products").isEmpty)
        try reopened.vault(for: "user-a").save(Data("ok".utf8), collection: "products", key: "P1")
        #expect(try reopened.vault(for: "user-a").loadAll(collection: "products").count == 1)
    }

    @Test func aFileThatIsNotADatabaseIsSetAsideAndKeptForSupport() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        let garbage = Data.filler(8192, seed: "not a database")
        try garbage.write(to: fixture.databaseURL)

        let store = try fixture.open()

        let movedTo = try #require(store.openReport.recoveredFrom)
        #expect(try Data(contentsOf: movedTo) == garbage)
        #expect(store.openReport.recoveryReason?.isEmpty == false)
        try store.vault(for: "u").save(Data("ok".utf8), collection: "c", key: "k")
        #expect(try store.vault(for: "u").load(collection: "c", key: "k")?.value == Data("ok".utf8))
    }

    @Test func aKeyFileReadableByOthersIsRefusedWithTheFix() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        let provider = FileKeyProvider(folder: fixture.folder)
        let key = try provider.masterKey()
        #expect(try provider.masterKey() == key)
        let mode = try FileManager.default.attributesOfItem(atPath: provider.fileURL.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: provider.fileURL.path)

        #expect(throws: SecureStoreError.keyFileExposed(path: provider.fileURL.path, mode: "644")) { try provider.masterKey() }
        #expect(throws: SecureStoreError.self) { try fixture.open(keyProvider: provider) }
        let message = SecureStoreError.keyFileExposed(path: provider.fileURL.path, mode: "644").description
        #expect(message.contains("chmod 600 \(provider.fileURL.path)"))
    }

    @Test func aDamagedKeyFileIsReportedNotReplaced() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        let provider = FileKeyProvider(folder: fixture.folder)
        _ = FileManager.default.createFile(atPath: provider.fileURL.path, contents: Data([1, 2, 3]), attributes: [.posixPermissions: 0o600])

        #expect(throws: SecureStoreError.keyFileDamaged(path: provider.fileURL.path, reason: "it holds 3 bytes instead of 32")) { try provider.masterKey() }
    }

    @Test func databaseWriteAheadLogAndSharedMemoryArePrivateAndSecureDeleteIsOn() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        try store.vault(for: "user-a").save(Data("x".utf8), collection: "c", key: "k")

        let protection = try store.protection()

        #expect(protection.journalMode == "wal")
        #expect(protection.secureDelete)
        #expect(protection.syncsEveryCommit, "synchronous = FULL on the writer, which DatabasePool had set back to NORMAL")
        #expect(protection.fileModes == ["store.sqlite": 0o600, "store.sqlite-wal": 0o600, "store.sqlite-shm": 0o600])
    }

    @Test func aDeferredTransactionIsCommittedForOtherConnectionsAndEveryOtherCommitStillSyncs() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        let vault = store.vault(for: "user-a")

        try vault.apply([.save(collection: "c", key: "k", value: Data("x".utf8))], durability: .deferred)
        #expect(try store.protection().syncsEveryCommit, "the writer goes back to synchronous = FULL after a deferred transaction")
        // What a crash of this process leaves behind (the log as the system holds it) is what another connection reads.
        let other = try fixture.open()
        defer { other.close() }
        #expect(try other.vault(for: "user-a").load(collection: "c", key: "k")?.value == Data("x".utf8))
    }

    @Test func oneTamperedRecordAmongManyMakesTheBulkLoadACacheMissNotAPartialList() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        try vault.replaceAll(collection: "products", with: (0..<700).map { ("P\($0)", Data.filler(300, seed: "\($0)")) })
        try tamper(fixture) { db in
            var sealed = try #require(try Data.fetchOne(db, sql: "SELECT sealed FROM record WHERE seq = 613"))
            sealed[40] ^= 0x80
            try db.execute(sql: "UPDATE record SET sealed = ? WHERE seq = 613", arguments: [sealed])
        }

        expectUnreadable { () throws(RecordStoreError) in _ = try vault.loadAll(collection: "products") }
        #expect(try vault.load(collection: "products", key: "P0")?.value == Data.filler(300, seed: "0"))
        #expect(try vault.purgeExpired(now: fixedNow) == PurgeResult(expired: 0, unreadable: 1))
        #expect(try vault.loadAll(collection: "products").count == 699)
    }

    @Test func columnsOfTheWrongTypeAreACacheMissNotACrash() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try fixture.open().vault(for: "user-a")
        try vault.replaceAll(collection: "a", with: [("1", Data("one".utf8)), ("2", Data("two".utf8))])
        try vault.replaceAll(collection: "b", with: [("1", Data("one".utf8))])
        try tamper(fixture) { db in
            try db.execute(sql: "UPDATE record SET sealed = 42 WHERE seq = 1")
            try db.execute(sql: "UPDATE record SET payload_version = 'one' WHERE seq = 3")
        }

        expectUnreadable { () throws(RecordStoreError) in _ = try vault.loadAll(collection: "a") }
        expectUnreadable { () throws(RecordStoreError) in _ = try vault.load(collection: "a", key: "1") }
        expectUnreadable { () throws(RecordStoreError) in _ = try vault.loadAll(collection: "b") }
        #expect(try vault.load(collection: "a", key: "2")?.value == Data("two".utf8))
        #expect(try vault.purgeExpired(now: fixedNow).unreadable == 2)
        try tamper(fixture) { db in try db.execute(sql: "UPDATE user_key SET wrapped_key = 7") }
        expectUnreadable { () throws(RecordStoreError) in _ = try vault.loadAll(collection: "a") }
    }
}
