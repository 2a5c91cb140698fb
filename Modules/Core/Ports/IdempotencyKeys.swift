import Foundation

/// Makes idempotency keys: one per user intent (a form submission, a queued write, a tapped action), reused by every
/// retry of that intent, so a retry after the server applied the first attempt is answered without applying it again.
/// The composition root injects one maker into every feature and the outbox; tests inject `sequential`.
public struct IdempotencyKeys: Sendable {
    private let makeKey: @Sendable () -> String

    public init(_ makeKey: @escaping @Sendable () -> String) {
        self.makeKey = makeKey
    }

    /// A new key, for a new intent.
    public func make() -> String { makeKey() }

    /// Random UUIDs: what an app uses.
    public static let random = IdempotencyKeys { UUID().uuidString.lowercased() }

    /// `prefix-1`, `prefix-2`, …: what a test can predict.
    public static func sequential(_ prefix: String = "key") -> IdempotencyKeys {
        let counter = Locked(0)
        return IdempotencyKeys {
            let next = counter.withLock { value -> Int in
                value += 1
                return value
            }
            return "\(prefix)-\(next)"
        }
    }
}

/// The key of each intent under way: the first call for an intent makes one, every retry gets the same, and the intent
/// forgets it when it ends (success, or an answer that a retry would only repeat).
public final class IntentKeys<Intent: Hashable & Sendable>: Sendable {
    private let maker: IdempotencyKeys
    private let keys = Locked<[Intent: String]>([:])

    public init(_ maker: IdempotencyKeys) {
        self.maker = maker
    }

    public func key(for intent: Intent) -> String {
        keys.withLock { keys in
            if let key = keys[intent] { return key }
            let key = maker.make()
            keys[intent] = key
            return key
        }
    }

    public func forget(_ intent: Intent) {
        _ = keys.withLock { $0.removeValue(forKey: intent) }
    }
}
