import Core
import Foundation
@testable import OfflinePatterns
import Testing

@Suite struct CommitThreadTests {
    /// Transactions apply in the order the outbox gave them, one at a time, whether the thread parked in between
    /// (an idle timeout no gap reaches, even on a loaded host) or ended and was started again (0 s).
    @Test(arguments: [3_600.0, 0.0])
    func jobsRunInOrderOneAtATime(idleTimeout: Double) async {
        let committer = CommitThread(idleTimeout: idleTimeout)
        let log = Locked<[Int]>([])
        let running = Locked(0)
        let overlapped = Locked(false)
        let threads = Locked<Set<UInt>>([])
        for index in 0..<200 {
            await withCheckedContinuation { (given: CheckedContinuation<Void, Never>) in
                committer.run {
                    if running.withLock({ $0 += 1; return $0 }) > 1 { overlapped.withLock { $0 = true } }
                    log.withLock { $0.append(index) }
                    threads.withLock { _ = $0.insert(UInt(pthread_self())) }
                    running.withLock { $0 -= 1 }
                    // Even jobs let the loop go on once they ran; odd ones at once, so the next queues behind them.
                    if index.isMultiple(of: 2) { given.resume() }
                }
                if !index.isMultiple(of: 2) { given.resume() }
            }
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in committer.run { done.resume() } }
        #expect(log.withLock { $0 } == Array(0..<200))
        #expect(!overlapped.withLock { $0 })
        // Parked between jobs, a burst costs one thread (the point: not a thread's start and end per transaction).
        if idleTimeout > 0 { #expect(threads.withLock { $0.count } == 1) }
    }
}
