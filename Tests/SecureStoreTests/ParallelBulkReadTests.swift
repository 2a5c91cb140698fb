import Core
import Foundation
import GRDB
@testable import SecureStore
import Testing
import TestSupport

/// The bulk read spreads decryption over threads only on machines with 4 or more cores; these tests
/// force that path (through the internal initializer) so it is covered on any machine.
@Suite("SecureStore parallel bulk read")
struct ParallelBulkReadTests {
    private func openStore(_ fixture: StoreFixture, workers: Int) throws -> SecureStore {
        try SecureStore(folder: fixture.folder, keyProvider: fixture.keys, telemetry: fixture.telemetry, now: { fixedNow }, bulkReadWorkers: workers)
    }

    @Test(arguments: [1, 2, 3, 4])
    func everyWorkerCountReturnsTheSameRecordsInOrder(workers: Int) throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try openStore(fixture, workers: workers).vault(for: "user-a")
        let records = (0..<1_100).map { ("K\($0)", Data.filler(50 + $0 % 900, seed: "\($0)")) }
        try vault.replaceAll(collection: "products", with: records)

        let loaded = try vault.loadAll(collection: "products")

        #expect(loaded.map(\.key) == records.map(\.0))
        #expect(loaded.map(\.value) == records.map(\.1))
    }

    @Test func aTamperedRecordFailsTheParallelReadAsACacheMiss() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let vault = try openStore(fixture, workers: 3).vault(for: "user-a")
        try vault.replaceAll(collection: "products", with: (0..<600).map { ("K\($0)", Data.filler(200, seed: "\($0)")) })
        let queue = try DatabaseQueue(path: fixture.databaseURL.path)
        try queue.write { db in
            var sealed = try #require(try Data.fetchOne(db, sql: "SELECT sealed FROM record WHERE seq = 555"))
            sealed[sealed.count - 1] ^= 0x01
            try db.execute(sql: "UPDATE record SET sealed = ? WHERE seq = 555", arguments: [sealed])
        }
        try queue.close()

        #expect(throws: RecordStoreError.self) { try vault.loadAll(collection: "products") }
        #expect(fixture.sink.events.contains { $0.name == "secure_store_record_unreadable" })
    }
}
