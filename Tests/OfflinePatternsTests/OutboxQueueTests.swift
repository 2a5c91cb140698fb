import Connectivity
import Core
import Foundation
import Testing
import OfflinePatterns

/// The outbox's pure queue: order, lanes, coalescing, retries and feedback, with no I/O and time passed in.
@Suite("Outbox queue")
struct OutboxQueueTests {
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let policy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), maxDelay: .seconds(8))

    func write(_ path: String, _ resource: String? = nil, _ action: PendingAction? = nil, lane: OutboxLane = .userInitiated,
               body: String? = nil) -> OutboxWrite {
        OutboxWrite(request: OutboxRequest(method: "POST", endpoint: Endpoint(encodedPath: path), body: body.map { Data($0.utf8) }),
                    resource: resource.map { ResourceID(collection: "items", key: $0) }, pendingAction: action, lane: lane)
    }

    func drainOrder(_ queue: inout OutboxQueue) -> [String] {
        var sent: [String] = []
        while let entry = queue.next(now: now).entry {
            queue.markInFlight(entry.sequence)
            queue.succeeded(entry.sequence)
            sent.append(entry.write.request.endpoint.description)
        }
        return sent
    }

    @Test func writesLeaveInArrivalOrderOneAtATime() {
        var queue = OutboxQueue()
        for index in 0..<5 { _ = queue.enqueue(write("/\(index)"), idempotencyKey: "k\(index)", now: now) }
        let first = queue.next(now: now).entry!
        queue.markInFlight(first.sequence)
        #expect(queue.next(now: now).entry == nil, "one request in flight")
        queue.succeeded(first.sequence)
        #expect(drainOrder(&queue) == ["/1", "/2", "/3", "/4"])
    }

    @Test func aUserInitiatedWriteGoesBeforeTheBackgroundBacklog() {
        var queue = OutboxQueue()
        for index in 0..<100 { _ = queue.enqueue(write("/bg\(index)", lane: .background), idempotencyKey: "b\(index)", now: now) }
        _ = queue.enqueue(write("/user"), idempotencyKey: "u", now: now)
        #expect(drainOrder(&queue).first == "/user")
    }

    @Test func aUserInitiatedWriteNeverOvertakesAnEarlierWriteToTheSameRecord() {
        var queue = OutboxQueue()
        _ = queue.enqueue(write("/bg0", lane: .background), idempotencyKey: "b0", now: now)
        _ = queue.enqueue(write("/bg-item", "a", .add, lane: .background), idempotencyKey: "b1", now: now)
        _ = queue.enqueue(write("/user-item", "a", .update, body: "{}"), idempotencyKey: "u", now: now)
        #expect(drainOrder(&queue) == ["/bg0", "/bg-item", "/user-item"])
    }

    @Test func aDeleteAfterAnUnsentCreateRemovesBoth() {
        var queue = OutboxQueue()
        let create = queue.enqueue(write("/items", "a", .add), idempotencyKey: "c", now: now)
        _ = queue.enqueue(write("/items/a", "a", .update, body: #"{"n":1}"#), idempotencyKey: "u", now: now)
        let delete = queue.enqueue(write("/items/a/delete", "a", .delete), idempotencyKey: "d", now: now)
        #expect(delete.carrier == nil)
        #expect(delete.removed.count == 2 && delete.removed.contains(create.carrier!.sequence))
        #expect(queue.isEmpty)
        #expect(queue.feedback.isEmpty)
    }

    @Test func aDeleteAfterACreateInFlightIsQueuedBehindIt() {
        var queue = OutboxQueue()
        let create = queue.enqueue(write("/items", "a", .add), idempotencyKey: "c", now: now)
        queue.markInFlight(create.carrier!.sequence)
        let delete = queue.enqueue(write("/items/a/delete", "a", .delete), idempotencyKey: "d", now: now)
        #expect(delete.carrier != nil && queue.count == 2)
    }

    @Test func twoPendingUpdatesMergeIntoOneRequestWithTheLaterFieldsWinning() throws {
        var queue = OutboxQueue()
        let first = queue.enqueue(write("/items/a", "a", .update, body: #"{"name":"Old","qty":1}"#), idempotencyKey: "u1", now: now)
        let second = queue.enqueue(write("/items/a", "a", .update, body: #"{"qty":3}"#), idempotencyKey: "u2", now: now)
        #expect(second.carrier?.sequence == first.carrier?.sequence)
        #expect(queue.count == 1)
        let body = try #require(queue.ordered.first?.write.request.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"name":"Old","qty":3}"#)
        #expect(queue.ordered.first?.idempotencyKey == "u1")
    }

    @Test func anUpdateIsNotMergedIntoOneThatWasAlreadyAttempted() {
        var queue = OutboxQueue()
        let first = queue.enqueue(write("/items/a", "a", .update, body: "{}"), idempotencyKey: "u1", now: now).carrier!
        queue.markInFlight(first.sequence)
        _ = queue.failed(first.sequence, countsAsAttempt: true, final: false, retryAt: now, error: FeedbackError(CoreCopy.changeFailed, detail: "503"),
                         now: now, policy: policy)
        _ = queue.enqueue(write("/items/a", "a", .update, body: #"{"x":1}"#), idempotencyKey: "u2", now: now)
        #expect(queue.count == 2, "the server may already have applied the first body under its key")
    }

    @Test func aFailedAttemptWaitsForItsBackoffAndTheCapMovesItToTheDeadLetters() {
        var queue = OutboxQueue()
        let entry = queue.enqueue(write("/x", "a", .add), idempotencyKey: "k", now: now).carrier!
        let error = FeedbackError(CoreCopy.changeFailed, detail: "503")
        for attempt in 1...2 {
            queue.markInFlight(entry.sequence)
            let retryAt = now.addingTimeInterval(Double(attempt))
            guard case let .willRetry(updated)? = queue.failed(entry.sequence, countsAsAttempt: true, final: false, retryAt: retryAt,
                                                                error: error, now: now, policy: policy) else {
                Issue.record("attempt \(attempt) should be retried"); return
            }
            #expect(updated.attempts == attempt)
            #expect(queue.next(now: now).entry == nil && queue.next(now: now).retryAt == retryAt)
            #expect(queue.next(now: retryAt).entry?.sequence == entry.sequence)
        }
        queue.markInFlight(entry.sequence)
        guard case .deadLettered? = queue.failed(entry.sequence, countsAsAttempt: true, final: false, retryAt: now, error: error, now: now, policy: policy) else {
            Issue.record("the third failure reaches the cap"); return
        }
        #expect(queue.isEmpty && queue.deadLetters.count == 1)
        #expect(queue.feedback[ResourceID(collection: "items", key: "a")] == OfflineFeedback(pendingAction: .add, errors: [error]))
    }

    @Test func backoffGrowsExponentiallyWithJitterAndStaysUnderTheCap() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .seconds(1), maxDelay: .seconds(30))
        #expect(policy.delay(afterAttempt: 1, unit: 0) == .milliseconds(500))
        #expect(policy.delay(afterAttempt: 1, unit: 1) == .seconds(1))
        #expect(policy.delay(afterAttempt: 4, unit: 0) == .seconds(4))
        #expect(policy.delay(afterAttempt: 4, unit: 0.5) == .seconds(6))
        #expect(policy.delay(afterAttempt: 20, unit: 1) == .seconds(30))
    }

    @Test func networkErrorsAnd5xxAreRetriedOther4xxAreNot() {
        #expect(RetryPolicy.isRetryable(.connectionLost("reset")))
        #expect(RetryPolicy.isRetryable(.timeout))
        #expect(RetryPolicy.isRetryable(.unreachable("refused")))
        #expect(RetryPolicy.isRetryable(.http(status: 503)))
        #expect(RetryPolicy.isRetryable(.http(status: 429)))
        #expect(!RetryPolicy.isRetryable(.http(status: 400)))
        #expect(!RetryPolicy.isRetryable(.http(status: 409)))
        #expect(!RetryPolicy.isRetryable(.http(status: 422)))
    }

    @Test func pendingFeedbackCombinesTheRunOfWritesToARecord() {
        var queue = OutboxQueue()
        _ = queue.enqueue(write("/items", "a", .add), idempotencyKey: "1", now: now)
        _ = queue.enqueue(write("/items/a", "a", .update, body: "{}"), idempotencyKey: "2", now: now)
        _ = queue.enqueue(write("/items/b", "b", .update, body: "{}"), idempotencyKey: "3", now: now)
        let first = queue.next(now: now).entry!
        queue.markInFlight(first.sequence)
        _ = queue.enqueue(write("/items/b/delete", "b", .delete), idempotencyKey: "4", now: now)
        #expect(queue.feedback[ResourceID(collection: "items", key: "a")]?.pendingAction == .add)
        #expect(queue.feedback[ResourceID(collection: "items", key: "b")]?.pendingAction == .delete)
    }

    @Test func aRestoredQueueKeepsOrderAndContinuesTheSequence() {
        var queue = OutboxQueue()
        for index in 0..<3 { _ = queue.enqueue(write("/\(index)", lane: index == 1 ? .background : .userInitiated), idempotencyKey: "\(index)", now: now) }
        var restored = OutboxQueue(restoring: queue.ordered.reversed(), deadLetters: [])
        #expect(restored.nextSequence == queue.nextSequence)
        #expect(drainOrder(&restored) == ["/0", "/2", "/1"])
    }
}

/// How a row is drawn from its feedback (the guide's pending and failure looks).
@Suite("Offline feedback")
struct OfflineFeedbackTests {
    let failure = FeedbackError(CoreCopy.changeFailed, detail: "409")

    @Test func pendingAddOrUpdateIsHalfOpaqueAndAPendingDeleteIsStruckThroughWhileOffline() {
        #expect(OfflineFeedback(pendingAction: .add).rowFeedback(isOffline: true) == .pending)
        #expect(OfflineFeedback(pendingAction: .update).rowFeedback(isOffline: true) == .pending)
        #expect(OfflineFeedback(pendingAction: .delete).rowFeedback(isOffline: true) == .pendingDelete)
        #expect(RowFeedback.pending.opacity == 0.5)
    }

    @Test func whileOnlineThePendingLookIsNotShownSoItNeverFlickers() {
        for action in PendingAction.allCases {
            #expect(OfflineFeedback(pendingAction: action).rowFeedback(isOffline: false) == RowFeedback.none)
        }
    }

    @Test func aFailureIsShownWithItsCopyAndNeverTogetherWithThePendingLook() {
        let feedback = OfflineFeedback(pendingAction: .update, errors: [failure])
        #expect(feedback.rowFeedback(isOffline: true) == .failed(CoreCopy.changeFailed))
        #expect(feedback.rowFeedback(isOffline: false) == .failed(CoreCopy.changeFailed))
    }

    @Test func dismissingAFailedAddRemovesTheItemOtherwiseItClearsTheFeedback() {
        #expect(OfflineFeedback(pendingAction: .add, errors: [failure]).dismissal == .removeItem)
        #expect(OfflineFeedback(pendingAction: .update, errors: [failure]).dismissal == .clearFeedback)
        #expect(OfflineFeedback(pendingAction: .delete, errors: [failure]).dismissal == .clearFeedback)
    }
}
