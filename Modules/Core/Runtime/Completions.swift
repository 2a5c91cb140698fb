
/// Answers handed from the work that produces them to the caller waiting for them, by key, in either order: an answer
/// delivered before anyone waits is kept until `wait(for:)` takes it.
public final class Completions<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private enum Slot {
        case waiting(CheckedContinuation<Value, Never>)
        case delivered(Value)
    }

    private let slots = Locked<[Key: Slot]>([:])

    public init() {}

    /// The answer for `key`, once it is delivered. One waiter per key.
    public func wait(for key: Key) async -> Value {
        await withCheckedContinuation { continuation in
            let ready: Value? = slots.withLock { slots in
                if case let .delivered(value)? = slots[key] {
                    slots[key] = nil
                    return value
                }
                slots[key] = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    public func deliver(_ value: Value, for key: Key) {
        let waiter: CheckedContinuation<Value, Never>? = slots.withLock { slots in
            if case let .waiting(continuation)? = slots[key] {
                slots[key] = nil
                return continuation
            }
            slots[key] = .delivered(value)
            return nil
        }
        waiter?.resume(returning: value)
    }
}

/// The highest count seen so far: `raise(to:)` says whether a count is new.
public final class HighWaterMark: Sendable {
    private let highest: Locked<Int>

    public init(_ initial: Int) {
        highest = Locked(initial)
    }

    /// Whether `count` is above every count seen before (and remembers it).
    public func raise(to count: Int) -> Bool {
        highest.withLock { highest in
            guard count > highest else { return false }
            highest = count
            return true
        }
    }
}
