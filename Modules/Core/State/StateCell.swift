
/// The current value of some state, observable by any number of subscribers.
///
/// `values()` gives each subscriber a *new* `AsyncStream` that yields the current value first and
/// then only real changes: never the same value twice in a row. A slow subscriber is not handed a
/// backlog: it skips to the latest value (conflation), so memory stays bounded however fast the
/// state changes, and what it reads is always the current truth. Concurrent writers are
/// serialized, so every subscriber sees a subsequence of one history, in order.
///
/// An update costs O(subscribers waiting right now), not O(subscribers): the cell remembers only
/// who is suspended in `next()`, and a busy subscriber pulls the latest value when it asks again.
///
/// One stream must never be iterated by two tasks; call `values()` once per consumer.
///
/// Reading and writing are `@inlinable`, so a caller in another module runs them specialized for its `Value`: called
/// generically, each update looked up the metadata of the cell's generic types at run time (`perf` of the outbox's replay:
/// the four cells a sent write updates were close to half of the work the outbox does on the actor after a send).
public final class StateCell<Value: Sendable & Equatable>: Sendable {
    @usableFromInline struct Subscriber {
        @usableFromInline var lastDelivered: Value?
        @usableFromInline var waiter: CheckedContinuation<Value?, Never>?
        @usableFromInline var finished = false

        @usableFromInline init() {}
    }

    @usableFromInline struct Storage {
        @usableFromInline var value: Value
        @usableFromInline var subscribers: [Int: Subscriber] = [:]
        @usableFromInline var waiting: [Int] = []
        @usableFromInline var nextID = 0

        @usableFromInline init(value: Value) {
            self.value = value
        }
    }

    @usableFromInline let storage: Locked<Storage>

    public init(_ initial: Value) {
        storage = Locked(Storage(value: initial))
    }

    /// The current value.
    @inlinable public var value: Value {
        storage.withLock { $0.value }
    }

    /// Replaces the value; subscribers hear of it only if it differs from the current one.
    /// Returns whether it changed.
    @discardableResult
    @inlinable public func set(_ newValue: Value) -> Bool {
        let woken = storage.withLock { storage -> [CheckedContinuation<Value?, Never>]? in
            guard storage.value != newValue else { return nil }
            storage.value = newValue
            return Self.takeWaiters(&storage)
        }
        guard let woken else { return false }
        for continuation in woken { continuation.resume(returning: newValue) }
        return true
    }

    /// Changes the value in place, atomically with respect to other writers; returns whether it changed.
    @discardableResult
    @inlinable public func update(_ change: (inout Value) -> Void) -> Bool {
        let woken = storage.withLock { storage -> (Value, [CheckedContinuation<Value?, Never>])? in
            var copy = storage.value
            change(&copy)
            guard copy != storage.value else { return nil }
            storage.value = copy
            return (copy, Self.takeWaiters(&storage))
        }
        guard let (value, continuations) = woken else { return false }
        for continuation in continuations { continuation.resume(returning: value) }
        return true
    }

    /// A new stream for one subscriber: the current value, then each change.
    public func values() -> AsyncStream<Value> {
        let id = storage.withLock { storage in
            let id = storage.nextID
            storage.nextID += 1
            storage.subscribers[id] = Subscriber()
            return id
        }
        let handle = SubscriptionHandle(cell: self, id: id)
        return AsyncStream(unfolding: { await handle.next() }, onCancel: { handle.finish() })
    }

    /// How many streams are still open (for tests and diagnostics).
    public var subscriberCount: Int {
        storage.withLock { $0.subscribers.count }
    }

    // Called under the lock: every suspended subscriber gets the new value and stops waiting.
    @inlinable static func takeWaiters(_ storage: inout Storage) -> [CheckedContinuation<Value?, Never>] {
        guard !storage.waiting.isEmpty else { return [] }
        var continuations: [CheckedContinuation<Value?, Never>] = []
        continuations.reserveCapacity(storage.waiting.count)
        for id in storage.waiting {
            guard let continuation = storage.subscribers[id]?.waiter else { continue }
            storage.subscribers[id]?.waiter = nil
            storage.subscribers[id]?.lastDelivered = storage.value
            continuations.append(continuation)
        }
        storage.waiting.removeAll(keepingCapacity: true)
        return continuations
    }

    fileprivate func next(for id: Int) async -> Value? {
        // .some(value): deliver now; .some(nil): finished; nil: suspend until the next change.
        let ready: Value?? = storage.withLock { storage in Self.take(id, &storage) }
        if let ready { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let now: Value?? = storage.withLock { storage in
                    // Re-check under the lock: a change may have landed since the first look.
                    if let ready = Self.take(id, &storage) { return ready }
                    storage.subscribers[id]?.waiter = continuation
                    storage.waiting.append(id)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            finish(id)
        }
    }

    // The current value if this subscriber has not seen it; .some(nil) once it is finished.
    private static func take(_ id: Int, _ storage: inout Storage) -> Value?? {
        guard let subscriber = storage.subscribers[id], !subscriber.finished else { return .some(nil) }
        guard subscriber.lastDelivered != storage.value else { return nil }
        storage.subscribers[id]?.lastDelivered = storage.value
        return .some(storage.value)
    }

    fileprivate func finish(_ id: Int) {
        let waiter = storage.withLock { storage in
            let waiter = storage.subscribers[id]?.waiter
            storage.subscribers[id]?.waiter = nil
            storage.subscribers[id]?.finished = true
            return waiter
        }
        waiter?.resume(returning: nil)
    }

    fileprivate func remove(_ id: Int) {
        storage.withLock { storage in
            storage.subscribers[id] = nil
            storage.waiting.removeAll { $0 == id }
        }
    }

    /// Ties one stream to its slot in the cell; when the stream is dropped, the slot goes too.
    private final class SubscriptionHandle: Sendable {
        let cell: StateCell
        let id: Int

        init(cell: StateCell, id: Int) {
            self.cell = cell
            self.id = id
        }

        func next() async -> Value? { await cell.next(for: id) }
        func finish() { cell.finish(id) }
        deinit { cell.remove(id) }
    }
}
