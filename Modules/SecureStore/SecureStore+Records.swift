import Core
import Foundation
import GRDB
import GRDBSQLite

/// Why one record operation failed inside the store; mapped to `RecordStoreError` at the port.
enum VaultFailure: Error {
    /// The database was sealed under another master key; nothing in it opens.
    case masterKeyChanged
    /// The user's data key does not open with the master key (the key file or Keychain item changed).
    case userKeyUnreadable
    /// A sealed record failed authentication or decoding; `cause` is a telemetry attribute.
    case recordUnreadable(cause: String)
}

/// The observers of `SecureVault.changes(in:)`, fed after each commit on the writer queue.
struct ObserverRegistry {
    struct Observation {
        let userID: String
        let collection: String
        let continuation: AsyncStream<[StoredRecord]>.Continuation
        var last: [StoredRecord]?
    }

    var nextID: UInt64 = 0
    var observers: [UInt64: Observation] = [:]
}

/// What `purgeExpired(now:)` removed.
public struct PurgeResult: Sendable, Equatable {
    /// Records whose `expiresAt` had passed.
    public var expired: Int
    /// Records that could not be opened any more (they could never be read again).
    public var unreadable: Int

    public var total: Int { expired + unreadable }

    public init(expired: Int, unreadable: Int) {
        self.expired = expired
        self.unreadable = unreadable
    }
}

extension SecureStore {
    private enum SQL {
        static let selectUserKey = "SELECT wrapped_key FROM user_key WHERE user_index = ?"
        static let insertUserKey = "INSERT OR REPLACE INTO user_key (user_index, wrapped_key) VALUES (?, ?)"
        static let deleteUserKey = "DELETE FROM user_key WHERE user_index = ?"
        static let selectOne = "SELECT payload_version, sealed FROM record WHERE user_index = ? AND collection_index = ? AND key_index = ?"
        static let selectCollection = "SELECT key_index, payload_version, sealed FROM record WHERE user_index = ? AND collection_index = ? ORDER BY seq"
        static let selectUser = "SELECT seq, collection_index, key_index, payload_version, sealed FROM record WHERE user_index = ?"
        static let upsert = """
            INSERT INTO record (user_index, collection_index, key_index, payload_version, sealed) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_index, collection_index, key_index)
            DO UPDATE SET payload_version = excluded.payload_version, sealed = excluded.sealed
            """
        static let deleteOne = "DELETE FROM record WHERE user_index = ? AND collection_index = ? AND key_index = ?"
        static let deleteCollection = "DELETE FROM record WHERE user_index = ? AND collection_index = ?"
        static let deleteUser = "DELETE FROM record WHERE user_index = ?"
        static let deleteSeq = "DELETE FROM record WHERE seq = ?"
        static let byteCount = "SELECT COALESCE(SUM(length(sealed) + length(key_index) + length(collection_index)), 0) FROM record WHERE user_index = ?"
    }

    // MARK: - Keys

    /// The user's keys, or nil when the user has no data key yet (so nothing stored).
    func readKeys(_ userID: String, _ db: Database) throws -> UserKeys? {
        if masterKeyChanged.withLock({ $0 }) { throw VaultFailure.masterKeyChanged }
        let cached = userKeyCache.withLock { $0[userID] }
        let userIndex = cached?.userIndex ?? masterKeys.userIndex(userID)
        guard let wrapped = try Data.fetchOne(db.cachedStatement(sql: SQL.selectUserKey), arguments: [userIndex]) else {
            return nil
        }
        // Another process (or a wipe) may have replaced the key: the cache is trusted only for the same wrapped bytes.
        if let cached, cached.wrapped == wrapped { return cached }
        let dataKey: Data
        do {
            dataKey = try masterKeys.unwrap(wrapped, userIndex: userIndex)
        } catch {
            throw VaultFailure.userKeyUnreadable
        }
        let keys = UserKeys(userIndex: userIndex, wrapped: wrapped, dataKey: dataKey)
        userKeyCache.withLock { $0[userID] = keys }
        return keys
    }

    /// The user's keys for a write, creating a data key on the user's first write. A data key that
    /// no longer opens (the master key changed) is replaced, and the records it sealed, unreadable
    /// forever, are dropped.
    func writeKeys(_ userID: String, _ db: Database) throws -> UserKeys {
        if masterKeyChanged.withLock({ $0 }) {
            // Everything was sealed under a key this store no longer has: it can never be opened again.
            try db.execute(sql: "DELETE FROM record")
            let dropped = db.changesCount
            try db.execute(sql: "DELETE FROM user_key")
            try db.execute(sql: "UPDATE key_check SET check_value = ? WHERE id = 1", arguments: [masterKeys.keyCheck])
            db.afterNextTransaction(onCommit: { [self] _ in masterKeyChanged.withLock { $0 = false } })
            userKeyCache.withLock { $0.removeAll() }
            telemetry.record("secure_store_records_of_lost_key_dropped", attributes: ["dropped_records": String(dropped)])
            logger.warning("dropped the records sealed under the previous master key", metadata: ["dropped_records": "\(dropped)"])
        }
        do {
            if let keys = try readKeys(userID, db) { return keys }
        } catch VaultFailure.masterKeyChanged {
            // The reset above commits with this transaction; until then the flag stays up.
        } catch VaultFailure.userKeyUnreadable {
            let userIndex = masterKeys.userIndex(userID)
            try db.cachedStatement(sql: SQL.deleteUser).execute(arguments: [userIndex])
            let dropped = db.changesCount
            try db.cachedStatement(sql: SQL.deleteUserKey).execute(arguments: [userIndex])
            telemetry.record("secure_store_user_key_replaced", attributes: ["dropped_records": String(dropped)])
            logger.warning("a user's data key no longer opens with the master key; replaced it", metadata: ["dropped_records": "\(dropped)"])
        }
        let userIndex = masterKeys.userIndex(userID)
        let dataKey = UserKeys.freshDataKey()
        let wrapped = try masterKeys.wrap(dataKey: dataKey, userIndex: userIndex)
        try db.cachedStatement(sql: SQL.insertUserKey).execute(arguments: [userIndex, wrapped])
        let keys = UserKeys(userIndex: userIndex, wrapped: wrapped, dataKey: dataKey)
        userKeyCache.withLock { $0[userID] = keys }
        return keys
    }

    // MARK: - Reads

    func loadRecord(userID: String, collection: String, key: String) throws(RecordStoreError) -> StoredRecord? {
        do {
            return try database.read { db -> StoredRecord? in
                guard let keys = try readKeys(userID, db) else { return nil }
                let collectionIndex = keys.collectionIndex(collection)
                let keyIndex = keys.keyIndex(key, collectionIndex: collectionIndex)
                let statement = try db.cachedStatement(sql: SQL.selectOne)
                guard let row = try Row.fetchOne(statement, arguments: [keys.userIndex, collectionIndex, keyIndex]) else { return nil }
                var aad = [UInt8](repeating: 0, count: SealingFormat.aadLength)
                let record = try row.withUnsafeData(atIndex: 1) { sealed in
                    try openRow(
                        sealed: sealed, version: row[0], keyIndex: keyIndex,
                        collection: collection, collectionIndex: collectionIndex, keys: keys, aad: &aad
                    )
                }
                guard record.key == key else { throw VaultFailure.recordUnreadable(cause: "key_mismatch") }
                return record
            }
        } catch {
            throw readFailure(error, collection: collection, operation: "load")
        }
    }

    func loadCollection(userID: String, collection: String) throws(RecordStoreError) -> [StoredRecord] {
        do {
            return try database.read { db in try readCollection(userID: userID, collection: collection, db) }
        } catch {
            throw readFailure(error, collection: collection, operation: "load_all")
        }
    }

    /// The hot path of a bulk read. It steps GRDB's prepared statement through the SQLite C API, so
    /// each row's bytes are copied once, straight into the sealed box, with no `Row` or `Data` wrapper.
    func readCollection(userID: String, collection: String, _ db: Database) throws -> [StoredRecord] {
        guard let keys = try readKeys(userID, db) else { return [] }
        let collectionIndex = keys.collectionIndex(collection)
        let statement = try db.cachedStatement(sql: SQL.selectCollection)
        try statement.setArguments([keys.userIndex, collectionIndex])
        let sqlite = statement.sqliteStatement
        defer { sqlite3_reset(sqlite) }
        var batch = BulkOpenBatch(keys: keys, collection: collection, collectionIndex: collectionIndex, workers: bulkReadWorkers)
        var records: [StoredRecord] = []
        while true {
            let code = sqlite3_step(sqlite)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: statement.sql)
            }
            // Types are checked, not assumed: a row whose columns were tampered with is unreadable, not a crash.
            guard sqlite3_column_type(sqlite, 0) == SQLITE_BLOB,
                  sqlite3_column_type(sqlite, 1) == SQLITE_INTEGER,
                  sqlite3_column_type(sqlite, 2) == SQLITE_BLOB
            else { throw VaultFailure.recordUnreadable(cause: "malformed_row") }
            // sqlite3_column_blob before sqlite3_column_bytes, as SQLite's documentation asks.
            let keyIndexStart = sqlite3_column_blob(sqlite, 0)
            let keyIndex = UnsafeRawBufferPointer(start: keyIndexStart, count: Int(sqlite3_column_bytes(sqlite, 0)))
            let version = Int(sqlite3_column_int64(sqlite, 1))
            let sealedStart = sqlite3_column_blob(sqlite, 2)
            let sealed = UnsafeRawBufferPointer(start: sealedStart, count: Int(sqlite3_column_bytes(sqlite, 2)))
            guard batch.add(keyIndex: keyIndex, version: version, sealed: sealed) else {
                throw VaultFailure.recordUnreadable(cause: "malformed_row")
            }
            if batch.isFull { try batch.open(appendingTo: &records) }
        }
        try batch.open(appendingTo: &records)
        return records
    }

    /// Opens one row. `sealed` and `keyIndex` may point into SQLite's buffers: they are used before the cursor moves.
    private func openRow(
        sealed: Data?, version: DatabaseValue, keyIndex: Data?,
        collection: String, collectionIndex: Data, keys: UserKeys, aad: inout [UInt8]
    ) throws -> StoredRecord {
        guard let sealed, let keyIndex, let version = Int.fromDatabaseValue(version),
              SealingFormat.fillAAD(&aad, userIndex: keys.userIndex, collectionIndex: collectionIndex, keyIndex: keyIndex, version: version)
        else { throw VaultFailure.recordUnreadable(cause: "malformed_row") }
        let parts: StoredRecordParts
        do {
            parts = try SealingFormat.open(sealed, version: version, keys: keys, aad: aad)
        } catch SealingError.unknownPayloadVersion {
            throw VaultFailure.recordUnreadable(cause: "newer_payload_version")
        } catch {
            throw VaultFailure.recordUnreadable(cause: "authentication_failed")
        }
        return StoredRecord(collection: collection, key: parts.key, value: parts.value, savedAt: parts.savedAt, expiresAt: parts.expiresAt)
    }

    /// Classifies a read failure: unreadable data is a cache miss (plus telemetry), anything else means the store is unusable.
    func readFailure(_ error: any Error, collection: String, operation: String) -> RecordStoreError {
        let cause: String
        let reason: String
        switch error {
        case VaultFailure.masterKeyChanged:
            cause = "master_key_changed"
            reason = "the store's master key changed (the key file or Keychain item was replaced or lost), so records saved before cannot be opened; they are replaced on the next save"
        case VaultFailure.userKeyUnreadable:
            cause = "user_key_unreadable"
            reason = "the key protecting this user's records does not open with the store's master key (was the key file or Keychain item replaced?); the records are replaced on the next save"
        case let VaultFailure.recordUnreadable(recordCause):
            cause = recordCause
            reason = recordCause == "newer_payload_version"
                ? "the record was written by a newer version of the app; it is refetched and rewritten"
                : "the record failed its integrity check (damaged, tampered with, or copied from another row or user); it is refetched and rewritten"
        case is RowDecodingError:
            cause = "malformed_row"
            reason = "a stored row has values of the wrong type (damaged or tampered with); it is refetched and rewritten"
        case let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT].contains(error.resultCode):
            cause = "damaged_file"
            reason = "the database file \(databaseURL.path) is damaged (\(error.resultCode)); it is set aside and replaced the next time the store opens"
        default:
            logger.error("record read failed", metadata: ["collection": "\(collection)", "error": "\(error)"])
            telemetry.record("secure_store_unavailable", attributes: ["operation": operation, "error": "\(error)"])
            return .unavailable(reason: "reading \(databaseURL.path) failed: \(error); check free disk space and the folder's permissions")
        }
        telemetry.record("secure_store_record_unreadable", attributes: ["collection": collection, "cause": cause, "operation": operation])
        logger.warning("record unreadable; treated as a cache miss", metadata: ["collection": "\(collection)", "cause": "\(cause)"])
        return .unreadable(collection: collection, reason: reason)
    }

    func writeFailure(_ error: any Error, operation: String) -> RecordStoreError {
        logger.error("record write failed", metadata: ["operation": "\(operation)", "error": "\(error)"])
        telemetry.record("secure_store_unavailable", attributes: ["operation": operation, "error": "\(error)"])
        if let error = error as? DatabaseError, [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            return .unavailable(reason: "the database file \(databaseURL.path) is damaged; restart the app so the store can set it aside and start fresh")
        }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_FULL {
            return .unavailable(reason: "the disk holding \(databaseURL.path) is full; free some space and try again")
        }
        return .unavailable(reason: "writing \(databaseURL.path) failed: \(error); check free disk space and the folder's permissions")
    }

    // MARK: - Writes

    @discardableResult
    func applyChanges(userID: String, _ changes: [RecordChange], durability: RecordDurability) throws(RecordStoreError) -> Date {
        let savedAt = now()
        guard !changes.isEmpty else { return savedAt }
        do {
            try database.writeWithoutTransaction { db in
                var touched = Set<String>()
                // In WAL mode a NORMAL commit appends to the log without syncing it; the writer connection goes back to
                // FULL whatever happens, so every other transaction keeps its guarantee.
                if durability == .deferred { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
                defer { if durability == .deferred { try? db.execute(sql: "PRAGMA synchronous = FULL") } }
                try db.inTransaction(.immediate) {
                    let keys = try writeKeys(userID, db)
                    var collectionIndexes: [String: Data] = [:]
                    func index(of collection: String) -> Data {
                        if let known = collectionIndexes[collection] { return known }
                        let computed = keys.collectionIndex(collection)
                        collectionIndexes[collection] = computed
                        return computed
                    }
                    var aad = [UInt8](repeating: 0, count: SealingFormat.aadLength)
                    let version = SealingFormat.currentPayloadVersion
                    for change in changes {
                        switch change {
                        case let .save(collection, key, value, expiresAt):
                            let collectionIndex = index(of: collection)
                            let keyIndex = keys.keyIndex(key, collectionIndex: collectionIndex)
                            _ = SealingFormat.fillAAD(&aad, userIndex: keys.userIndex, collectionIndex: collectionIndex, keyIndex: keyIndex, version: version)
                            let sealed = try SealingFormat.seal(key: key, value: value, savedAt: savedAt, expiresAt: expiresAt, keys: keys, aad: aad)
                            try db.cachedStatement(sql: SQL.upsert).execute(arguments: [keys.userIndex, collectionIndex, keyIndex, version, sealed])
                            touched.insert(collection)
                        case let .delete(collection, key):
                            let collectionIndex = index(of: collection)
                            let keyIndex = keys.keyIndex(key, collectionIndex: collectionIndex)
                            try db.cachedStatement(sql: SQL.deleteOne).execute(arguments: [keys.userIndex, collectionIndex, keyIndex])
                            touched.insert(collection)
                        case let .deleteAll(collection):
                            try db.cachedStatement(sql: SQL.deleteCollection).execute(arguments: [keys.userIndex, index(of: collection)])
                            touched.insert(collection)
                        }
                    }
                    return .commit
                }
                notifyObservers(userID: userID, collections: touched, db)
            }
        } catch {
            throw writeFailure(error, operation: "apply")
        }
        return savedAt
    }

    func purgeExpiredRecords(userID: String, now date: Date) throws(RecordStoreError) -> PurgeResult {
        do {
            return try database.writeWithoutTransaction { db in
                var result = PurgeResult(expired: 0, unreadable: 0)
                var touchedIndexes = Set<Data>()
                try db.inTransaction(.immediate) {
                    guard let keys = try? readKeys(userID, db) else { return .commit }
                    var doomed: [Int64] = []
                    var aad = [UInt8](repeating: 0, count: SealingFormat.aadLength)
                    let rows = try Row.fetchCursor(db.cachedStatement(sql: SQL.selectUser), arguments: [keys.userIndex])
                    while let row = try rows.next() {
                        guard let seq = Int64.fromDatabaseValue(row[0]) else { continue }
                        let collectionIndex = Data.fromDatabaseValue(row[1] as DatabaseValue) ?? Data()
                        do {
                            let record = try row.withUnsafeData(atIndex: 2) { keyIndex in
                                try row.withUnsafeData(atIndex: 4) { sealed in
                                    try openRow(
                                        sealed: sealed, version: row[3], keyIndex: keyIndex,
                                        collection: "", collectionIndex: collectionIndex, keys: keys, aad: &aad
                                    )
                                }
                            }
                            guard record.isExpired(at: date) else { continue }
                            result.expired += 1
                        } catch {
                            result.unreadable += 1
                        }
                        doomed.append(seq)
                        touchedIndexes.insert(collectionIndex)
                    }
                    for seq in doomed {
                        try db.cachedStatement(sql: SQL.deleteSeq).execute(arguments: [seq])
                    }
                    return .commit
                }
                if result.total > 0 {
                    telemetry.record("secure_store_expired_purged", attributes: ["expired": String(result.expired), "unreadable": String(result.unreadable)])
                    notifyObservers(userID: userID, collectionIndexes: touchedIndexes, db)
                }
                return result
            }
        } catch {
            throw writeFailure(error, operation: "purge_expired")
        }
    }

    func byteCount(userID: String) throws(SecureStoreError) -> Int {
        let userIndex = masterKeys.userIndex(userID)
        do {
            return try database.read { db in
                try Int.fetchOne(db.cachedStatement(sql: SQL.byteCount), arguments: [userIndex]) ?? 0
            }
        } catch {
            throw .databaseUnavailable(path: databaseURL.path, reason: "\(error)")
        }
    }

    func wipeUser(_ userID: String) throws(SecureStoreError) -> Int {
        let userIndex = masterKeys.userIndex(userID)
        do {
            let removed = try database.writeWithoutTransaction { db -> Int in
                var removed = 0
                try db.inTransaction(.immediate) {
                    try db.cachedStatement(sql: SQL.deleteUser).execute(arguments: [userIndex])
                    removed = db.changesCount
                    try db.cachedStatement(sql: SQL.deleteUserKey).execute(arguments: [userIndex])
                    return .commit
                }
                userKeyCache.withLock { $0[userID] = nil }
                // secure_delete zeroes the freed cells in the database file; truncating the log drops
                // the older page images, so the wrapped data key survives nowhere.
                do {
                    try db.checkpoint(.truncate)
                } catch {
                    logger.warning("could not truncate the write-ahead log after a wipe; it is truncated at the next checkpoint", metadata: ["error": "\(error)"])
                }
                notifyObservers(userID: userID, collections: nil, db)
                return removed
            }
            telemetry.record("secure_store_user_wiped", attributes: ["records": String(removed)])
            return removed
        } catch {
            throw .databaseUnavailable(path: databaseURL.path, reason: "the user's data could not be wiped: \(error); try again, or delete \(folder.path) to remove every user's data")
        }
    }

    // MARK: - Observation

    func observeCollection(userID: String, collection: String) -> AsyncStream<[StoredRecord]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [StoredRecord].self, bufferingPolicy: .bufferingNewest(1))
        // Registering on the writer queue orders the first value before any later commit's value.
        database.writeWithoutTransaction { db in
            let id = observers.withLock { registry in
                let id = registry.nextID
                registry.nextID += 1
                registry.observers[id] = .init(userID: userID, collection: collection, continuation: continuation)
                return id
            }
            continuation.onTermination = { [weak self] _ in
                _ = self?.observers.withLock { $0.observers.removeValue(forKey: id) }
            }
            deliver(currentRecords(userID: userID, collection: collection, db), to: id)
        }
        return stream
    }

    /// The collection as an observer sees it: an unreadable collection is a cache miss, i.e. empty.
    private func currentRecords(userID: String, collection: String, _ db: Database) -> [StoredRecord] {
        do {
            return try readCollection(userID: userID, collection: collection, db)
        } catch {
            _ = readFailure(error, collection: collection, operation: "observe")
            return []
        }
    }

    /// Runs on the writer queue right after a commit, so observers see states in commit order.
    /// `collections == nil` means every collection of the user.
    private func notifyObservers(userID: String, collections: Set<String>?, _ db: Database) {
        let matching = observers.withLock { registry in
            registry.observers.filter { _, observation in
                observation.userID == userID && (collections?.contains(observation.collection) ?? true)
            }.map { ($0.key, $0.value.collection) }
        }
        for (id, collection) in matching {
            deliver(currentRecords(userID: userID, collection: collection, db), to: id)
        }
    }

    private func notifyObservers(userID: String, collectionIndexes: Set<Data>, _ db: Database) {
        guard let keys = try? readKeys(userID, db) else { return }
        let collections = observers.withLock { registry in
            Set(registry.observers.values.filter { $0.userID == userID }.map(\.collection))
        }.filter { collectionIndexes.contains(keys.collectionIndex($0)) }
        notifyObservers(userID: userID, collections: collections, db)
    }

    private func deliver(_ records: [StoredRecord], to id: UInt64) {
        observers.withLock { registry in
            guard var observation = registry.observers[id], observation.last != records else { return }
            observation.last = records
            registry.observers[id] = observation
            observation.continuation.yield(records)
        }
    }
}
