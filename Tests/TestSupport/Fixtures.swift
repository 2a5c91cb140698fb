public import Core
public import Foundation

/// The one fixed wall clock of every test (2026-01-31 00:00 UTC, the previews' `now` too): no test reads the real
/// date, and no test module declares a `now` of its own.
public let fixedNow = Date(timeIntervalSince1970: 1_769_817_600)

/// Real I/O needs the real clock for its deadlines; the tests themselves never sleep on it. `now` reads `fixedNow`.
public let liveTime = TimeSource(clock: ContinuousClock(), now: { fixedNow })

/// Wraps a real store and keeps every batch applied through it: what a feature or repository stored, and in how many
/// transactions.
public final class RecordingStore: RecordStore {
    public let inner: any RecordStore
    private let recorded = Locked<[[RecordChange]]>([])
    private let durabilities = Locked<[RecordDurability]>([])
    private let reads = Locked<[(collection: String, key: String)]>([])

    public init(_ inner: any RecordStore) { self.inner = inner }

    /// Every record read through `load`, in order (what was opened, and could have been decoded).
    public var loads: [(collection: String, key: String)] { reads.withLock { $0 } }

    /// Every batch, in order (one per `apply`: one transaction).
    public var batches: [[RecordChange]] { recorded.withLock { $0 } }
    /// Every batch with the durability it was applied with, in order.
    public var batchesWithDurability: [(changes: [RecordChange], durability: RecordDurability)] {
        Array(zip(batches, durabilities.withLock { $0 })).map { (changes: $0.0, durability: $0.1) }
    }
    /// Every change, batches flattened.
    public var changes: [RecordChange] { batches.flatMap { $0 } }
    /// Every value saved, with its collection and key.
    public var saved: [(collection: String, key: String, value: Data)] {
        changes.compactMap { change in
            if case let .save(collection, key, value, _) = change { return (collection, key, value) }
            return nil
        }
    }

    public func reset() {
        recorded.withLock { $0.removeAll() }
        durabilities.withLock { $0.removeAll() }
        reads.withLock { $0.removeAll() }
    }

    public func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord? {
        reads.withLock { $0.append((collection, key)) }
        return try inner.load(collection: collection, key: key)
    }

    public func loadAll(collection: String) throws(RecordStoreError) -> [StoredRecord] {
        try inner.loadAll(collection: collection)
    }

    public func apply(_ changes: [RecordChange]) throws(RecordStoreError) -> Date {
        try apply(changes, durability: .synced)
    }

    public func apply(_ changes: [RecordChange], durability: RecordDurability) throws(RecordStoreError) -> Date {
        let savedAt = try inner.apply(changes, durability: durability)
        recorded.withLock { $0.append(changes) }
        durabilities.withLock { $0.append(durability) }
        return savedAt
    }
}

/// A store whose records exist but cannot be opened, as a tampered or truncated sealed record answers: every read
/// throws `unreadable`, writes succeed.
public struct UnopenableStore: RecordStore {
    public init() {}

    public func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord? {
        throw .unreadable(collection: collection, reason: "authentication failed")
    }

    public func loadAll(collection: String) throws(RecordStoreError) -> [StoredRecord] {
        throw .unreadable(collection: collection, reason: "authentication failed")
    }

    public func apply(_ changes: [RecordChange]) throws(RecordStoreError) -> Date { fixedNow }
}
