public import Connectivity
public import Core
public import Foundation
import ReferenceServer

/// The fixed wall clock of the network and feature tests (2026-01-31 00:00 UTC): no test reads the real date. A test
/// module may declare its own `fixedNow`, which then wins over this one inside that module.
public let fixedNow = Date(timeIntervalSince1970: 1_769_817_600)

/// Real I/O needs the real clock for its deadlines; the tests themselves never sleep on it. `now` reads `fixedNow`.
public let liveTime = TimeSource(clock: ContinuousClock(), now: { fixedNow })

/// An HTTP client for `user` against the reference server at `url`, with the user's bearer token.
public func httpClient(_ url: URL, user: String = "user1", connectivity: ConnectivityContext, time: TimeSource = liveTime,
                       timeout: Duration = .seconds(10)) -> HTTPClient {
    HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: ReferenceServer.developmentToken(for: user), timeout: timeout),
               connectivity: connectivity, time: time)
}

/// A connectivity context over a hand-set cell, reporting nowhere.
public func context(_ cell: StateCell<ConnectivityStatus>) -> ConnectivityContext {
    ConnectivityContext(status: { cell.value }, report: { _ in })
}

/// A connectivity status the test sets, shared by a feature, its gate and its HTTP client.
public final class ConnectivitySwitch: Sendable {
    public let cell: StateCell<ConnectivityStatus>

    public init(_ status: ConnectivityStatus) { cell = StateCell(status) }

    public func set(_ status: ConnectivityStatus) { cell.set(status) }

    public var context: ConnectivityContext { TestSupport.context(cell) }
}

/// Wraps a real store and keeps every batch applied through it: what a feature or repository stored, and in how many
/// transactions.
public final class RecordingStore: RecordStore {
    public let inner: any RecordStore
    private let recorded = Locked<[[RecordChange]]>([])
    private let durabilities = Locked<[RecordDurability]>([])

    public init(_ inner: any RecordStore) { self.inner = inner }

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
    }

    public func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord? {
        try inner.load(collection: collection, key: key)
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
