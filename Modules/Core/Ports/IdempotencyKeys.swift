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

    /// Random UUIDs (version 4, lowercase): what an app uses. Drawn from the system's generator (`getrandom` on Linux)
    /// rather than `UUID()`, which on Linux opens, reads and closes `/dev/urandom` for every key: three system calls on
    /// the path of every queued write.
    public static let random = IdempotencyKeys { randomUUIDString() }

    /// A version 4 UUID in its 36-character lowercase form.
    static func randomUUIDString() -> String {
        var generator = SystemRandomNumberGenerator()
        var high = generator.next() as UInt64
        var low = generator.next() as UInt64
        high = (high & ~0xF000) | 0x4000                      // version 4, in the 7th byte's high nibble
        low = (low & ~(0xC << 60)) | (0x8 << 60)              // variant 10xx, in the 9th byte's top bits
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var at = 0
            func put(_ value: UInt64, digits: Int, shift: Int) {
                for index in 0..<digits {
                    let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift - 4 * index)) & 0xF
                    buffer[at] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                    at += 1
                }
            }
            put(high, digits: 8, shift: 60)
            buffer[at] = UInt8(ascii: "-"); at += 1
            put(high, digits: 4, shift: 28)
            buffer[at] = UInt8(ascii: "-"); at += 1
            put(high, digits: 4, shift: 12)
            buffer[at] = UInt8(ascii: "-"); at += 1
            put(low, digits: 4, shift: 60)
            buffer[at] = UInt8(ascii: "-"); at += 1
            put(low, digits: 12, shift: 44)
            return at
        }
    }

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
