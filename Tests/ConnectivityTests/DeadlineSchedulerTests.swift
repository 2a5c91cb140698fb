import Core
@testable import Connectivity
import Clocks
import Foundation
import Testing

/// The one sleeper behind every deadline of a client: order, cancellation, an earlier deadline, nothing kept.
@Suite struct DeadlineSchedulerTests {
    @Test func deadlinesFireInOrderAndCancelledOnesNever() async {
        let clock = TestClock()
        let scheduler = DeadlineScheduler(clock: clock)
        let fired = Locked<[String]>([])
        _ = scheduler.schedule(after: .seconds(3)) { fired.withLock { $0.append("c") } }
        let cancelled = scheduler.schedule(after: .seconds(2)) { fired.withLock { $0.append("cancelled") } }
        // Earlier than what the sleeper sleeps towards: the sleeper is replaced, and this one still fires first.
        _ = scheduler.schedule(after: .seconds(1)) { fired.withLock { $0.append("a") } }
        cancelled.cancel()
        cancelled.cancel()
        #expect(scheduler.pendingCount == 2)
        await clock.advance(by: .seconds(1))
        await settle { fired.withLock { $0 } == ["a"] }
        await clock.advance(by: .seconds(5))
        await settle { fired.withLock { $0 } == ["a", "c"] }
        #expect(fired.withLock { $0 } == ["a", "c"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aFinishedRequestLeavesNothingBehind() async {
        let clock = TestClock()
        let scheduler = DeadlineScheduler(clock: clock)
        let fired = Locked(0)
        for _ in 0..<1_000 {
            scheduler.schedule(after: .seconds(15)) { fired.withLock { $0 += 1 } }.cancel()
        }
        #expect(scheduler.pendingCount == 0)
        await clock.advance(by: .seconds(60))
        await settle { false }
        #expect(fired.withLock { $0 } == 0)
    }

    @Test func aCancelledCallerReturnsAtOnceAndTheTransferIsCalledOff() async throws {
        let (transport, _, task) = await heldExchange()
        task.cancel()
        await #expect(throws: HTTPClientError.cancelled) { try await task.value }
        #expect(transport.cancelled.withLock { $0 } == 1)
    }

    @Test func theDeadlineWinsOverATransferThatNeverAnswers() async throws {
        let (transport, clock, task) = await heldExchange()
        await clock.advance(by: .seconds(5))
        await #expect(throws: HTTPClientError.timeout) { try await task.value }
        #expect(transport.cancelled.withLock { $0 } == 1)
    }

    /// An exchange with a 5 s deadline on a test clock through a transport that never answers, once it has started.
    private func heldExchange() async -> (HeldTransport, TestClock<Duration>, Task<TransportResponse, any Error>) {
        let transport = HeldTransport()
        let clock = TestClock()
        let task = Task { () async throws(HTTPClientError) -> TransportResponse in
            try await HTTPClient.exchange(TransportRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/")!, timeout: .seconds(60)),
                                          on: transport, timeout: .seconds(5), deadlines: DeadlineSchedulers.make(clock))
        }
        await settle { transport.started.withLock { $0 } == 1 }
        return (transport, clock, task)
    }

    /// Lets other tasks run until `condition` holds (or a bounded number of yields passed).
    private func settle(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }
}

/// A transport whose transfers never answer on their own: they end only when cancelled.
private final class HeldTransport: HTTPTransport {
    let started = Locked(0)
    let cancelled = Locked(0)

    func start(_ request: TransportRequest,
               completion: @escaping @Sendable (Result<TransportResponse, HTTPClientError>) -> Void) -> any TransportTask {
        started.withLock { $0 += 1 }
        return Held(transport: self, completion: completion)
    }

    func shutdown() async {}

    private struct Held: TransportTask {
        let transport: HeldTransport
        let completion: @Sendable (Result<TransportResponse, HTTPClientError>) -> Void

        func cancel() {
            transport.cancelled.withLock { $0 += 1 }
            completion(.failure(.cancelled))
        }
    }
}
