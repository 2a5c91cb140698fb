#if !canImport(Darwin)
import Foundation
import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Lets a task that waits for a small answer go on on the transport's event loop thread, which has just read it,
/// instead of being handed to Swift Concurrency's pool and back on every request.
///
/// Without it a sequential caller costs two thread hand-offs per request beyond the network's own wake-up: its pool
/// thread hands the request to the loop (an eventfd wake-up), and the loop hands the answer back to a pool thread (a
/// futex wake-up). curl, one thread, pays neither.
///
/// How: Swift Concurrency's runtime calls `swift_task_enqueueGlobal_hook`, when set, for every job bound for the global
/// executor. The transport marks the loop thread while it runs a completion whose answer is small (`redirecting`); a
/// job enqueued on that thread in that window — the waiting caller, resumed by the completion — is run by the loop
/// right after the completion, as the global executor would run it (on the generic executor: run as the loop's serial
/// executor instead, its first nonisolated step would switch back to the pool). A caller that then sends its next
/// request does so from the loop thread, without a hand-off. Every other job goes to the runtime's own global executor
/// unchanged: tasks, task groups and actors started from the loop thread still spread over the pool, unlike SwiftNIO's
/// `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`, which keeps all of them on the loop they
/// were started from (tried: the app's full warmup went from 1.2× to 1.6× its raw GETs, its decoding no longer in
/// parallel).
///
/// A caller resumed on the loop thread runs there until its next suspension; an answer above `smallAnswerLimit` bytes
/// resumes its caller on the pool as before, so decoding a big page never holds up the loop's other connections.
///
/// The hook is installed once per process, by the first completion; if something else set it first (SwiftNIO's own
/// take-over, say), or `OFFLINEKIT_CALLER_RESUMPTION=off` is set, it is left alone and callers are resumed on the pool
/// as before.
enum CallerResumption {
    /// Answers up to this size resume their caller on the loop thread.
    static let smallAnswerLimit = 16 << 10

    /// Where a completion's jobs go: one per transport, made once, so marking the thread allocates nothing per request.
    final class Target: Sendable {
        let loop: any EventLoop
        init(_ loop: any EventLoop) { self.loop = loop }
    }

    /// The thread's current target, unretained: `redirecting` sets it only while its caller holds the target.
    /// A raw key rather than SwiftNIO's `ThreadSpecificVariable`, which boxes every value it is set to (an allocation
    /// per set, two per request) and casts it back on every read (a dynamic cast on every job the process enqueues).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for CallerResumption")
        return key
    }()

    private static var current: Target? {
        pthread_getspecific(key).map { Unmanaged<Target>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Whether the hook is ours (installed on first use). `OFFLINEKIT_CALLER_RESUMPTION=off` in the environment leaves
    /// it uninstalled: every caller is resumed on the pool, as before this existed.
    static let isInstalled: Bool = ProcessInfo.processInfo.environment["OFFLINEKIT_CALLER_RESUMPTION"] != "off" && install()

    /// Runs `body` (a completion, on `target.loop`'s thread) with the global jobs it enqueues queued on that loop instead.
    static func redirecting<T>(to target: Target, _ body: () throws -> T) rethrows -> T {
        guard isInstalled else { return try body() }
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(target).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try withExtendedLifetime(target) { try body() }
    }

    /// The runtime's "generic executor" (no actor, no task executor: what the global executor runs its jobs as), two
    /// null words. A job run as it continues in nonisolated code without switching; run as the loop's serial executor
    /// instead, its first nonisolated step would switch to the generic executor, back through the pool.
    static let genericExecutor = unsafeBitCast((Int(0), Int(0)), to: UnownedSerialExecutor.self)

    private typealias EnqueueGlobal = @convention(thin) (UnownedJob) -> Void
    private typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, EnqueueGlobal) -> Void

    private static func install() -> Bool {
        #if compiler(<6.6)
        guard MemoryLayout<UnownedSerialExecutor>.size == 2 * MemoryLayout<Int>.size else { return false }
        // The runtime's hook variable, as SwiftNIO finds it; its type, a thin function taking the job and the
        // runtime's own enqueue, is the one SwiftNIO relies on too, for the same compiler range.
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook") else { return false }
        let hook = symbol.assumingMemoryBound(to: UnsafeRawPointer?.self)
        return withUnsafeTemporaryAllocation(of: EnqueueGlobalHook.self, capacity: 1) { function -> Bool in
            function.baseAddress!.initialize(to: { job, original in
                if let loop = CallerResumption.current?.loop, loop.inEventLoop {
                    loop.execute { job.runSynchronously(on: CallerResumption.genericExecutor) }
                } else {
                    original(job)
                }
            })
            return function.baseAddress!.withMemoryRebound(to: UnsafeRawPointer.self, capacity: 1) { pointer -> Bool in
                installLock.withLock {
                    guard hook.pointee == nil else { return false }
                    hook.pointee = pointer.pointee
                    return true
                }
            }
        }
        #else
        return false
        #endif
    }

    private static let installLock = NIOLock()
}
#endif
