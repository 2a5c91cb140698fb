public import Foundation

/// One stored record as its owner sees it: plaintext key and value plus the timestamps kept with it.
public struct StoredRecord: Sendable, Equatable {
    public var collection: String
    public var key: String
    public var value: Data
    public var savedAt: Date
    public var expiresAt: Date?

    public init(collection: String, key: String, value: Data, savedAt: Date, expiresAt: Date? = nil) {
        self.collection = collection
        self.key = key
        self.value = value
        self.savedAt = savedAt
        self.expiresAt = expiresAt
    }

    /// True once `expiresAt` has passed.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }
}

/// One change in a batch that a `RecordStore` applies atomically.
public enum RecordChange: Sendable, Equatable, Codable {
    case save(collection: String, key: String, value: Data, expiresAt: Date? = nil)
    case delete(collection: String, key: String)
    case deleteAll(collection: String)
}

/// Why a record could not be read or written. Repositories treat `unreadable` as a cache miss.
public enum RecordStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record exists but cannot be opened (tampered, wrong key, another user's, truncated).
    case unreadable(collection: String, reason: String)
    /// The store cannot be used at all (disk, permissions); `reason` says what to do.
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case let .unreadable(collection, reason): "a record in \(collection) cannot be read: \(reason)"
        case let .unavailable(reason): "the store is unavailable: \(reason)"
        }
    }
}

/// How soon a transaction `apply` commits must be on disk.
public enum RecordDurability: Sendable, Equatable {
    /// On disk before `apply` returns: it survives the process crashing and the machine losing power.
    case synced
    /// It survives the process crashing at once; a power loss before the next synced transaction may undo it, and
    /// then also every transaction after it, never one before it (the store keeps their order). For what can be
    /// rebuilt, such as an outbox outcome whose loss only means one more replay under the same idempotency key.
    case deferred
}

/// The port through which the outbox and repositories persist one user's data.
/// SecureStore implements it with an encrypted SQLite vault; `InMemoryRecordStore` serves tests.
/// Every call is synchronous and safe from any task or actor.
public protocol RecordStore: Sendable {
    /// One record, or nil when there is none (an expired record is still returned; callers decide).
    func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord?
    /// Every record of a collection, in the order they were first saved.
    func loadAll(collection: String) throws(RecordStoreError) -> [StoredRecord]
    /// Applies every change in one transaction: a reader sees all of them or none. Returns the `savedAt` stamped on
    /// every record it saved, so a caller can show what it stored without reading it back.
    @discardableResult
    func apply(_ changes: [RecordChange]) throws(RecordStoreError) -> Date
    /// `apply(_:)` with a say in when the transaction reaches the disk; `apply(_:)` is `.synced`. A store that cannot
    /// tell the two apart syncs every transaction (the default).
    @discardableResult
    func apply(_ changes: [RecordChange], durability: RecordDurability) throws(RecordStoreError) -> Date
}

extension RecordStore {
    @discardableResult
    public func apply(_ changes: [RecordChange], durability: RecordDurability) throws(RecordStoreError) -> Date {
        try apply(changes)
    }

    /// Saves one record; returns its `savedAt`.
    @discardableResult
    public func save(_ value: Data, collection: String, key: String, expiresAt: Date? = nil) throws(RecordStoreError) -> Date {
        try apply([.save(collection: collection, key: key, value: value, expiresAt: expiresAt)])
    }

    public func delete(collection: String, key: String) throws(RecordStoreError) {
        try apply([.delete(collection: collection, key: key)])
    }

    /// Replaces a whole collection atomically (e.g. a fresh product list).
    public func replaceAll(collection: String, with records: [(key: String, value: Data)], expiresAt: Date? = nil) throws(RecordStoreError) {
        try apply([.deleteAll(collection: collection)] + records.map {
            .save(collection: collection, key: $0.key, value: $0.value, expiresAt: expiresAt)
        })
    }
}

/// A `RecordStore` in memory, for tests and previews. Keeps first-save order like the real store.
public final class InMemoryRecordStore: RecordStore {
    private struct Row { var order: Int; var record: StoredRecord }
    private struct Storage { var rows: [String: [String: Row]] = [:]; var nextOrder = 0 }

    private let storage = Locked(Storage())
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord? {
        storage.withLock { $0.rows[collection]?[key]?.record }
    }

    public func loadAll(collection: String) throws(RecordStoreError) -> [StoredRecord] {
        storage.withLock { storage in
            (storage.rows[collection] ?? [:]).values.sorted { $0.order < $1.order }.map(\.record)
        }
    }

    @discardableResult
    public func apply(_ changes: [RecordChange]) throws(RecordStoreError) -> Date {
        let date = now()
        storage.withLock { storage in
            for change in changes {
                switch change {
                case let .save(collection, key, value, expiresAt):
                    let order = storage.rows[collection]?[key]?.order ?? storage.nextOrder
                    storage.nextOrder += 1
                    let record = StoredRecord(collection: collection, key: key, value: value, savedAt: date, expiresAt: expiresAt)
                    storage.rows[collection, default: [:]][key] = Row(order: order, record: record)
                case let .delete(collection, key):
                    storage.rows[collection]?[key] = nil
                case let .deleteAll(collection):
                    storage.rows[collection] = nil
                }
            }
        }
        return date
    }
}
