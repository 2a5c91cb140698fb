import Core
import Foundation
import GRDB
import SecureStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `offline-bench store`: SecureStore against plain, unencrypted GRDB on the same data, in the same run.
/// 10,000 records of 1 KiB: bulk write (one transaction), bulk read with decryption, point reads.
struct StoreSuite: BenchSuite {
    let name = "store"
    let summary = "SecureStore (AES-GCM + blind indexes) vs plain GRDB: 10,000 × 1 KiB bulk write/read, point read p50/p99"

    static let recordCount = 10_000
    static let valueSize = 1024
    static let collection = "products"
    static let user = "bench-user"
    static let readRepetitions = 15
    static let pointReads = 2_000

    func run(_ report: BenchReport) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("offline-bench-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let records: [(key: String, value: Data)] = (0..<Self.recordCount).map { index in
            ("SKU-\(String(format: "%06d", index))", Self.value(index))
        }
        let payloadBytes = Double(Self.recordCount * Self.valueSize)
        var generator = SystemRandomNumberGenerator()
        let pointKeys = (0..<Self.pointReads).map { _ in records[Int.random(in: 0..<records.count, using: &generator)].key }

        // SecureStore.
        let store = try SecureStore(
            folder: root.appendingPathComponent("secure"),
            keyProvider: InMemoryKeyProvider(key: .random()),
            telemetry: .disabled,
            now: { Date() }
        )
        let vault = store.vault(for: Self.user)
        let (_, secureWrite) = try Stopwatch.measure { try vault.replaceAll(collection: Self.collection, with: records) }
        // Peak memory of one bulk read, over the resident size just before it. Measured first, on a heap
        // that no earlier read has left holes in; the write's freed buffers are given back to the system.
        let readMemory = try { () throws -> Double in
            Self.returnFreedHeapToSystem()
            ProcessMemory.resetPeak()
            let before = ProcessMemory.currentResidentBytes() ?? 0
            let loaded = try vault.loadAll(collection: Self.collection)
            let peak = ProcessMemory.peakResidentBytes() ?? 0
            guard loaded.count == Self.recordCount, loaded.map(\.value) == records.map(\.value) else {
                throw BenchFailure("SecureStore read back \(loaded.count) records, not the ones written")
            }
            return Double(max(0, peak - before))
        }()

        let cpuBefore = processCPUMilliseconds()
        let secureRead = try Self.median(Self.readRepetitions) { try vault.loadAll(collection: Self.collection).count }
        let secureReadCPU = (processCPUMilliseconds() - cpuBefore) / Double(Self.readRepetitions + 1)
        let securePoints = try pointKeys.map { key in
            try Stopwatch.measure { try vault.load(collection: Self.collection, key: key) }.1.milliseconds
        }.sorted()

        // Plain GRDB: the same rows without encryption, the idiomatic way (Codable record type).
        let plain = try PlainStore(folder: root.appendingPathComponent("plain"))
        let (_, plainWrite) = try Stopwatch.measure { try plain.replaceAll(user: Self.user, collection: Self.collection, with: records) }
        let plainRead = try Self.median(Self.readRepetitions) { try plain.loadAll(user: Self.user, collection: Self.collection).count }
        let plainRawRead = try Self.median(Self.readRepetitions) { try plain.loadAllRawRows(user: Self.user, collection: Self.collection).count }
        let plainPoints = try pointKeys.map { key in
            try Stopwatch.measure { try plain.load(user: Self.user, collection: Self.collection, key: key) }.1.milliseconds
        }.sorted()

        report.emit("bulk_write_10k_ms", secureWrite.milliseconds, unit: "ms", peer: "plain GRDB (Codable records)",
                    peerValue: plainWrite.milliseconds, ratio: secureWrite.milliseconds / plainWrite.milliseconds)
        report.emit("bulk_read_10k_ms", secureRead, unit: "ms", goal: "< 40 ms", pass: secureRead < 40,
                    note: String(format: "median wall time of %d runs; mean process CPU time per run %.1f ms (all threads)", Self.readRepetitions, secureReadCPU))
        report.emit("bulk_read_vs_plain_grdb", secureRead / plainRead, unit: "ratio", peer: "plain GRDB (Codable records)",
                    peerValue: plainRead, ratio: secureRead / plainRead, goal: "<= 1.5x", pass: secureRead <= 1.5 * plainRead)
        report.emit("bulk_read_vs_plain_grdb_raw_rows", secureRead / plainRawRead, unit: "ratio", peer: "plain GRDB (raw Row cursor)",
                    peerValue: plainRawRead, ratio: secureRead / plainRawRead,
                    note: "informational: the leanest possible unencrypted read, no record type")
        report.emit("point_read_p50_ms", Self.percentile(securePoints, 0.50), unit: "ms", peer: "plain GRDB (Codable records)",
                    peerValue: Self.percentile(plainPoints, 0.50), ratio: Self.percentile(securePoints, 0.50) / Self.percentile(plainPoints, 0.50))
        report.emit("point_read_p99_ms", Self.percentile(securePoints, 0.99), unit: "ms", peer: "plain GRDB (Codable records)",
                    peerValue: Self.percentile(plainPoints, 0.99), ratio: Self.percentile(securePoints, 0.99) / Self.percentile(plainPoints, 0.99),
                    goal: "< 1 ms", pass: Self.percentile(securePoints, 0.99) < 1)
        report.emit("bulk_read_peak_memory_ratio", readMemory / payloadBytes, unit: "x payload",
                    goal: "< 3x payload (\(Int(payloadBytes)) bytes)", pass: readMemory < 3 * payloadBytes,
                    note: "peak RSS during one bulk read minus RSS before it: \(Int(readMemory)) bytes")
        store.close()
        try plain.close()
    }

    /// glibc's `malloc_trim(0)`, looked up at run time (Swift's Glibc module does not export malloc.h).
    static func returnFreedHeapToSystem() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    static func value(_ index: Int) -> Data {
        var generator = SplitMix64(seed: UInt64(index))
        return Data((0..<valueSize).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }

    /// Median wall time in milliseconds of `repetitions` runs, after one warm-up run.
    static func median(_ repetitions: Int, _ body: () throws -> Int) throws -> Double {
        _ = try body()
        let times = try (0..<repetitions).map { _ in try Stopwatch.measure(body).1.milliseconds }.sorted()
        return times[times.count / 2]
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
    }

}

/// The peer: the same table shape with every column in clear, through GRDB's Codable records.
struct PlainStore {
    struct PlainRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "record"
        var user: String
        var collection: String
        var key: String
        var savedAt: Date
        var expiresAt: Date?
        var value: Data
    }

    let database: DatabasePool

    init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        database = try DatabasePool(path: folder.appendingPathComponent("plain.sqlite").path, configuration: configuration)
        // Like SecureStore: FULL on the writer after the pool is open (DatabasePool sets NORMAL when it turns WAL on).
        try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE record (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    user TEXT NOT NULL, collection TEXT NOT NULL, key TEXT NOT NULL,
                    savedAt DOUBLE NOT NULL, expiresAt DOUBLE, value BLOB NOT NULL,
                    UNIQUE (user, collection, key)
                );
                CREATE INDEX record_by_collection ON record (user, collection, seq);
                """)
        }
    }

    func replaceAll(user: String, collection: String, with records: [(key: String, value: Data)]) throws {
        let now = Date()
        try database.write { db in
            try PlainRecord.filter(Column("user") == user && Column("collection") == collection).deleteAll(db)
            for record in records {
                try PlainRecord(user: user, collection: collection, key: record.key, savedAt: now, expiresAt: nil, value: record.value).insert(db)
            }
        }
    }

    func loadAll(user: String, collection: String) throws -> [StoredRecord] {
        try database.read { db in
            try PlainRecord.filter(Column("user") == user && Column("collection") == collection)
                .order(Column("seq")).fetchAll(db)
        }.map { StoredRecord(collection: $0.collection, key: $0.key, value: $0.value, savedAt: $0.savedAt, expiresAt: $0.expiresAt) }
    }

    func loadAllRawRows(user: String, collection: String) throws -> [StoredRecord] {
        try database.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT key, value, savedAt, expiresAt FROM record WHERE user = ? AND collection = ? ORDER BY seq", arguments: [user, collection])
            var records: [StoredRecord] = []
            while let row = try rows.next() {
                records.append(StoredRecord(collection: collection, key: row[0], value: row[1], savedAt: row[2], expiresAt: row[3]))
            }
            return records
        }
    }

    func load(user: String, collection: String, key: String) throws -> StoredRecord? {
        try database.read { db in
            try PlainRecord.filter(Column("user") == user && Column("collection") == collection && Column("key") == key).fetchOne(db)
        }.map { StoredRecord(collection: $0.collection, key: $0.key, value: $0.value, savedAt: $0.savedAt, expiresAt: $0.expiresAt) }
    }

    func close() throws { try database.close() }
}
