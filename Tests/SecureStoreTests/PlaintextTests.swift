import Core
import Foundation
import GRDB
import SecureStore
import Testing
import TestSupport

@Suite("SecureStore files hold no plaintext")
struct PlaintextTests {
    static let marker = "ZQX-SERIAL-77310-MARKER"

    private func expectNoMarker(in fixture: StoreFixture, _ moment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let needles: [(String, Data)] = [
            ("UTF-8", Data(Self.marker.utf8)),
            ("UTF-16LE", Self.marker.utf16LittleEndian),
            ("UTF-16BE", Self.marker.utf16BigEndian),
        ]
        let files = try fixture.filesInFolder()
        #expect(files.contains { $0.name == "store.key" }, sourceLocation: sourceLocation)
        for (name, bytes) in files {
            for (encoding, needle) in needles {
                #expect(!bytes.contains(bytes: needle), "\(name) contains the marker in \(encoding) \(moment)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func noFileContainsIdentifiersOrValuesBeforeOrAfterCheckpoint() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open(keyProvider: FileKeyProvider(folder: fixture.folder))
        let vault = store.vault(for: "user-\(Self.marker)@example.com")
        let marker = Self.marker
        try vault.apply((0..<50).map { index in
            .save(
                collection: "warranty-\(marker)",
                key: "\(marker)-\(index)",
                value: Data("serial \(marker) utf8 ".utf8) + "serial \(marker) utf16".utf16LittleEndian + "be \(marker)".utf16BigEndian,
                expiresAt: fixedNow.addingTimeInterval(86_400)
            )
        })
        try vault.save(Data(marker.utf8), collection: "orders", key: marker)
        try vault.delete(collection: "orders", key: marker)
        #expect(try vault.loadAll(collection: "warranty-\(marker)").count == 50)

        let walSize = try FileManager.default.attributesOfItem(atPath: fixture.databaseURL.path + "-wal")[.size] as? Int ?? 0
        #expect(walSize > 0, "the write-ahead log should still hold the records before the checkpoint")
        try expectNoMarker(in: fixture, "with the write-ahead log not yet checkpointed")

        try store.flushWriteAheadLog()
        try expectNoMarker(in: fixture, "after checkpoint")

        store.close()
        try expectNoMarker(in: fixture, "after close")
    }

    @Test func wipingAUserLeavesNeitherTheirKeyNorTheirCiphertextInAnyFile() throws {
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        let store = try fixture.open()
        try store.vault(for: "alice").replaceAll(collection: "orders", with: (0..<20).map { ("A-\($0)", Data.filler(700, seed: "alice \($0)")) })
        try store.vault(for: "bob").save(Data("bob".utf8), collection: "orders", key: "B-1")
        let (wrappedKeys, sealed) = try DatabaseQueue(path: fixture.databaseURL.path).read { db in
            (try Data.fetchAll(db, sql: "SELECT wrapped_key FROM user_key"), try Data.fetchAll(db, sql: "SELECT sealed FROM record ORDER BY seq"))
        }
        let aliceSealed = Array(sealed.prefix(20))
        let bobWrappedKey = try #require(try DatabaseQueue(path: fixture.databaseURL.path).read { db in
            try Data.fetchOne(db, sql: "SELECT wrapped_key FROM user_key uk JOIN record r ON r.user_index = uk.user_index WHERE r.seq = 21")
        })
        let aliceWrappedKey = try #require(wrappedKeys.first { $0 != bobWrappedKey })

        try store.wipe(user: "alice")

        for (name, bytes) in try fixture.filesInFolder() {
            #expect(!bytes.contains(bytes: aliceWrappedKey), "\(name) still holds alice's wrapped data key")
            for blob in aliceSealed {
                #expect(!bytes.contains(bytes: blob.suffix(64)), "\(name) still holds alice's ciphertext")
            }
        }
        #expect(try store.vault(for: "alice").loadAll(collection: "orders").isEmpty)
        #expect(try store.vault(for: "bob").loadAll(collection: "orders").map(\.key) == ["B-1"])
    }
}
