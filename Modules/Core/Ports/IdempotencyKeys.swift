import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// the path of every queued write. The generator's bytes are taken 4 KiB at a time (`RandomBytePool`): asked for
    /// 16 bytes per key, the two `getrandom` calls and the kernel's generator set-up were 6 % of the outbox's CPU in its
    /// 16-caller phase (`offline-bench outbox` under `perf`); a key now costs 63–79 ns instead of 713–905 (a
    /// 200,000-key loop of each, `swiftc -O`).
    public static let random = IdempotencyKeys { randomUUIDString() }

    /// A version 4 UUID in its 36-character lowercase form.
    static func randomUUIDString() -> String {
        var (high, low) = RandomBytePool.shared.next128()
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

/// Random bytes from the system's generator, read a block at a time and handed out 16 at a time: the same bytes a call
/// per key would get, for one system call per 16 keys. Each byte is handed out once (under the lock). A process that
/// forked would hand its child the same unread block, so a forked child must not use it; nothing here forks (subprocesses
/// are spawned, which starts a new process image).
final class RandomBytePool: Sendable {
    static let shared = RandomBytePool()

    private struct Block {
        var words: [UInt64] = []
        var next = 0
    }

    private let block = Locked(Block())
    private let wordsPerBlock: Int

    init(wordsPerBlock: Int = 512) {
        self.wordsPerBlock = wordsPerBlock
    }

    /// Fills `buffer` from the system's generator: `getentropy` on Linux (`getrandom` underneath, at most 256 bytes a
    /// call), `arc4random_buf` on Apple platforms; the standard library's generator word by word if neither answers.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        #if canImport(Darwin)
        arc4random_buf(buffer.baseAddress, buffer.count)
        #else
        var filled = 0
        #if canImport(Glibc)
        while filled < buffer.count {
            let chunk = min(256, buffer.count - filled)
            guard getentropy(buffer.baseAddress! + filled, chunk) == 0 else { break }
            filled += chunk
        }
        #endif
        guard filled < buffer.count else { return }
        var generator = SystemRandomNumberGenerator()
        for offset in stride(from: filled - filled % 8, to: buffer.count - buffer.count % 8, by: 8) {
            buffer.storeBytes(of: generator.next() as UInt64, toByteOffset: offset, as: UInt64.self)
        }
        #endif
    }

    /// 128 random bits, as two words.
    func next128() -> (UInt64, UInt64) {
        block.withLock { block in
            if block.next + 2 > block.words.count {
                block.words = [UInt64](unsafeUninitializedCapacity: wordsPerBlock) { buffer, count in
                    Self.fill(UnsafeMutableRawBufferPointer(buffer))
                    count = wordsPerBlock
                }
                block.next = 0
            }
            defer { block.next += 2 }
            return (block.words[block.next], block.words[block.next + 1])
        }
    }
}
