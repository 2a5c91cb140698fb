public import Foundation
import Synchronization

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
        let counter = Mutex(0)
        return IdempotencyKeys {
            let next = counter.withLock { value -> Int in
                value += 1
                return value
            }
            return "\(prefix)-\(next)"
        }
    }
}
