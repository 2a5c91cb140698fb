import Foundation

/// A thread of its own that runs blocking jobs one at a time, in the order given: the outbox's transactions, which block
/// for their disk sync and must hold none of the few threads that run the writers queueing the next group. Not a
/// dispatch queue: a queue's block waits for a worker of GCD's pool, which other blocking work (another store's sync) can
/// hold, and the transaction then waits with it (seen once in the full test run: 30 s at a gated store).
///
/// The first job starts the thread, which then parks between jobs: a run of transactions costs one thread, where a new
/// thread for each cost about 40 µs of every one-write transaction (`offline-bench outbox`, one caller: 10,400–12,900
/// writes/s over an in-memory store before, 17,300–28,200 after; 2,356–2,574 → 2,749–3,652 over the encrypted vault).
/// Idle for `idleTimeout`, it ends, and the next job starts another: an outbox that is dropped leaves no thread behind
/// for long, with no lifecycle to call.
final class CommitThread: @unchecked Sendable {
    // Read and written with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var next = 0
    private var threadRunning = false
    private let idleTimeout: TimeInterval

    init(idleTimeout: TimeInterval = 1) {
        self.idleTimeout = idleTimeout
    }

    /// Runs `job` on the thread, after the jobs given before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        if threadRunning {
            condition.signal()
            condition.unlock()
            return
        }
        threadRunning = true
        condition.unlock()
        Thread.detachNewThread { [self] in
            // Named, so a profile or a stack dump tells the outbox's transactions from the pool's work.
            Thread.current.name = "outbox-commit"
            drain()
        }
    }

    private func drain() {
        condition.lock()
        while true {
            while next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
                if !condition.wait(until: Date(timeIntervalSinceNow: idleTimeout)), next == jobs.count {
                    threadRunning = false
                    condition.unlock()
                    return
                }
            }
            let job = jobs[next]
            next += 1
            condition.unlock()
            job()
            condition.lock()
        }
    }
}
