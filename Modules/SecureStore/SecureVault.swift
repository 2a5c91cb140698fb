public import Core
public import Foundation

/// One user's records in a `SecureStore`: what repositories and the outbox persist through.
/// Conforms to Core's `RecordStore` (load, loadAll, apply, and the port's save/delete/replaceAll).
/// Every value is sealed with the user's own key; nothing of one user opens as another's.
public struct SecureVault: RecordStore {
    let store: SecureStore
    public let userID: String

    init(store: SecureStore, userID: String) {
        self.store = store
        self.userID = userID
    }

    public func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord? {
        try store.loadRecord(userID: userID, collection: collection, key: key)
    }

    public func loadAll(collection: String) throws(RecordStoreError) -> [StoredRecord] {
        try store.loadCollection(userID: userID, collection: collection)
    }

    @discardableResult
    public func apply(_ changes: [RecordChange]) throws(RecordStoreError) -> Date {
        try store.applyChanges(userID: userID, changes, durability: .synced)
    }

    /// `.deferred` commits without syncing the write-ahead log (`synchronous = NORMAL` for this one transaction): it
    /// survives a crash of the process, and the next synced transaction, or a checkpoint, puts it on disk.
    @discardableResult
    public func apply(_ changes: [RecordChange], durability: RecordDurability) throws(RecordStoreError) -> Date {
        try store.applyChanges(userID: userID, changes, durability: durability)
    }

    /// The collection now, then again after every committed change to it (from this process),
    /// never the same list twice in a row. An unreadable collection is reported as empty (a cache
    /// miss) with a telemetry event. Each call returns a new stream; iterate it from one task.
    public func changes(in collection: String) -> AsyncStream<[StoredRecord]> {
        store.observeCollection(userID: userID, collection: collection)
    }

    /// Removes this user's records whose `expiresAt` is at or before `now` (and any that can no
    /// longer be opened), in one transaction.
    @discardableResult
    public func purgeExpired(now: Date) throws(RecordStoreError) -> PurgeResult {
        try store.purgeExpiredRecords(userID: userID, now: now)
    }

    /// Bytes this user's records take in the database (sealed payloads and their indexes).
    public func byteCount() throws(RecordStoreError) -> Int {
        do {
            return try store.byteCount(userID: userID)
        } catch {
            throw error.asRecordStoreError
        }
    }
}

extension SecureStore {
    /// Destroys the user's data key and every record of theirs (crypto-shredding): nothing the
    /// user stored can be read afterwards, even from old copies of the file. Returns the records removed.
    @discardableResult
    public func wipe(user userID: String) throws(SecureStoreError) -> Int {
        try wipeUser(userID)
    }

    /// Bytes the user's records take in the database (sealed payloads and their indexes).
    public func byteCount(for userID: String) throws(SecureStoreError) -> Int {
        try byteCount(userID: userID)
    }
}
