#if canImport(os)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// A value that many threads share, reached only while holding its lock: the one lock of OfflineKit.
///
/// It stands in for the standard library's `Synchronization.Mutex`, which needs iOS 18 / macOS 15: the stories ask
/// for iOS 14+, and Swift's `Clock`/`Duration` put OfflineKit's floor at iOS 16 / macOS 13 (README, "Platforms").
/// The API is `Mutex`'s (`withLock` with `inout sending` access and a `sending` result), so the compiler's region
/// checks keep a non-`Sendable` value from escaping the lock just as they would with `Mutex`.
/// The lock is `os_unfair_lock` on Apple platforms and a `pthread_mutex_t` elsewhere (Linux, Android); it is not
/// recursive: calling `withLock` again from inside `body` deadlocks, as with `Mutex`.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value
    private let lock: PlatformLock

    public init(_ initialValue: consuming sending Value) {
        value = initialValue
        lock = PlatformLock()
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The operating system's lock, on a stable heap address (a lock must never move once used).
private final class PlatformLock {
    #if canImport(os)
    private let pointer = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)

    init() { pointer.initialize(to: os_unfair_lock()) }
    deinit { pointer.deinitialize(count: 1); pointer.deallocate() }
    func lock() { os_unfair_lock_lock(pointer) }
    func unlock() { os_unfair_lock_unlock(pointer) }
    #else
    private let pointer = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pointer.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(pointer, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    func lock() {
        let status = pthread_mutex_lock(pointer)
        precondition(status == 0, "pthread_mutex_lock failed: \(status)")
    }

    func unlock() {
        let status = pthread_mutex_unlock(pointer)
        precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
    }
    #endif
}
