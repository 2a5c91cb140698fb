import Clocks
import Connectivity
import Core
import Foundation
import ReferenceServer
import TestSupport
import Testing
import OfflinePatterns

/// `outbox.waitUntilDrained()` with a deadline: a test gone wrong fails here, saying so, rather than hanging the run.
func drained(_ outbox: Outbox, sourceLocation: SourceLocation = #_sourceLocation) async {
    await finishes(within: .seconds(30), "the outbox to drain (or pause)", sourceLocation: sourceLocation) { await outbox.waitUntilDrained() }
}

/// A transport that records what was sent and answers from a script (success unless the script says otherwise).
final class ScriptedTransport: Sendable {
    struct Sent: Sendable, Equatable { var path: String; var key: String }
    private let log = Locked<[Sent]>([])
    private let script: @Sendable (Int, OutboxRequest) -> HTTPClientError?

    init(script: @escaping @Sendable (_ call: Int, _ request: OutboxRequest) -> HTTPClientError? = { _, _ in nil }) {
        self.script = script
    }

    var sent: [Sent] { log.withLock { $0 } }

    var transport: OutboxTransport {
        OutboxTransport { [self] request, key throws(HTTPClientError) in
            let call = log.withLock { log in
                log.append(Sent(path: request.path, key: key))
                return log.count
            }
            if let error = script(call, request) { throw error }
        }
    }
}

/// A TimeSource whose `now` moves with a TestClock, so backoff deadlines and the clock agree.
func testTime(_ clock: TestClock<Duration>, start: Date = Date(timeIntervalSince1970: 1_767_225_600)) -> TimeSource {
    let origin = TestClock<Duration>.Instant()
    return TimeSource(clock: clock, now: { start.addingTimeInterval(origin.duration(to: clock.now).seconds) })
}

/// Waits (on the cooperative pool, no sleeping) until `condition` holds for a StateCell's value.
func eventually<Value: Sendable & Equatable>(_ cell: StateCell<Value>, _ condition: @Sendable (Value) -> Bool) async {
    for await value in cell.values() where condition(value) { return }
}

@Suite("Outbox")
struct OutboxTests {
    let item = ResourceID(collection: "items", key: "a")

    func addItem(_ name: String, path: String = "/items") -> OutboxWrite {
        OutboxWrite(request: OutboxRequest(method: "POST", endpoint: Endpoint(encodedPath: path), body: Data(#"{"name":"\#(name)"}"#.utf8)),
                    resource: item, pendingAction: .add, pattern: .optimisticWithFeedback,
                    optimisticData: [.save(collection: "items", key: "a", value: Data(name.utf8))],
                    successData: [.save(collection: "items.synced", key: "a", value: Data("yes".utf8))],
                    failureData: [.save(collection: "items.failed", key: "a", value: Data("no".utf8))],
                    finallyData: [.save(collection: "items.finally", key: "a", value: Data("done".utf8))])
    }

    @Test func aWriteIsPersistedWithItsOptimisticDataBeforeItReturns() async throws {
        let store = InMemoryRecordStore(now: { Date(timeIntervalSince1970: 0) })
        let outbox = Outbox(store: store, transport: ScriptedTransport().transport, status: StateCell(.offline), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        #expect(try store.load(collection: "items", key: "a")?.value == Data("Kettle".utf8))
        #expect(try store.loadAll(collection: Outbox.queueCollection).count == 1)
        // A second outbox on the same store (a restart) finds it.
        await outbox.stop()
        let restarted = Outbox(store: store, transport: ScriptedTransport().transport, status: StateCell(.offline), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await restarted.start()
        #expect(await restarted.pending.map(\.write) == [addItem("Kettle")])
        #expect(restarted.feedback(for: item) == OfflineFeedback(pendingAction: .add))
    }

    @Test func patternsThatNeedTheServerAreNeverQueued() async throws {
        let outbox = Outbox(store: InMemoryRecordStore(now: Date.init), transport: ScriptedTransport().transport, status: StateCell(.offline),
                            time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        for pattern in [OfflinePattern.blockingForm, .fullPageBlocking, .none] {
            var write = addItem("x")
            write.pattern = pattern
            await #expect(throws: OutboxError.patternDoesNotQueue(pattern)) { try await outbox.write(write) }
        }
        #expect(await outbox.pending.isEmpty)
    }

    @Test func itDrainsAtStartWhenAlreadyOnlineAndAppliesSuccessAndFinallyData() async throws {
        let store = InMemoryRecordStore(now: Date.init)
        let offline = Outbox(store: store, transport: ScriptedTransport().transport, status: StateCell(.offline), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await offline.start()
        try await offline.write(addItem("Kettle"))
        await offline.stop()

        let transport = ScriptedTransport()
        let outbox = Outbox(store: store, transport: transport.transport, status: StateCell(.online), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        await drained(outbox)
        #expect(transport.sent.map(\.path) == ["items"])
        #expect(try store.load(collection: "items.synced", key: "a") != nil)
        #expect(try store.load(collection: "items.finally", key: "a") != nil)
        #expect(try store.load(collection: "items.failed", key: "a") == nil)
        #expect(try store.loadAll(collection: Outbox.queueCollection).isEmpty)
        #expect(outbox.feedbackSnapshot.isEmpty)
        await outbox.stop()
    }

    @Test func itDrainsWhenTheStatusTurnsOnline() async throws {
        let status = StateCell(ConnectivityStatus.offline)
        let transport = ScriptedTransport()
        let outbox = Outbox(store: InMemoryRecordStore(now: Date.init), transport: transport.transport, status: status, time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        for index in 0..<3 { try await outbox.write(OutboxWrite(request: OutboxRequest(method: "POST", endpoint: Endpoint(String(index))))) }
        #expect(transport.sent.isEmpty)
        status.set(.online)
        await drained(outbox)
        #expect(transport.sent.map(\.path) == ["0", "1", "2"])
        await outbox.stop()
    }

    /// A retry waits on the clock; the wall clock only records when it may go. One that stands still (a fixed test date)
    /// or is set back an hour (by the user, by NTP) must not leave the entry never due, or due only in an hour: whether
    /// it is set back while the failed attempt is out (before the retry's time is stamped) or after (while it waits).
    @Test(arguments: [(0.0, false), (-3_600.0, false), (-3_600.0, true)])
    func aRetryGoesOnceItsBackoffHasElapsedOnTheClockWhateverTheWallClockSays(wallClockJump: Double, afterScheduling: Bool) async throws {
        let clock = TestClock()
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let jumped = Locked(false)
        let time = TimeSource(clock: clock, now: { jumped.withLock { $0 } ? start.addingTimeInterval(wallClockJump) : start })
        let transport = ScriptedTransport { call, _ in
            guard call == 1 else { return nil }
            if !afterScheduling { jumped.withLock { $0 = true } }
            return .http(status: 503)
        }
        let outbox = Outbox(store: InMemoryRecordStore(now: Date.init), transport: transport.transport, status: StateCell(.online),
                            time: time, policy: RetryPolicy(maxAttempts: 5, baseDelay: .seconds(2), maxDelay: .seconds(10)), seed: 7,
                            idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        await waitUntil("the retry to be scheduled") { await outbox.pending.first?.attempts == 1 }
        if afterScheduling { jumped.withLock { $0 = true } }
        // 30 s on the clock, well past the longest backoff (10 s): the retry must go, and never needs an hour of it.
        for _ in 0..<60 where transport.sent.count < 2 {
            await clock.advance(by: .milliseconds(500))
            for _ in 0..<10 { await Task.yield() }
        }
        await waitUntil("the retry, with the clock 30 s on") { transport.sent.count == 2 }
        await drained(outbox)
        #expect(Set(transport.sent.map(\.key)).count == 1, "the retry keeps its idempotency key")
        #expect(await outbox.pending.isEmpty)
        await outbox.stop()
    }

    @Test func serverErrorsAreRetriedWithBackoffOnTheInjectedClockAndTheSameIdempotencyKey() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport { call, _ in call <= 2 ? .http(status: 503) : nil }
        let outbox = Outbox(store: InMemoryRecordStore(now: Date.init), transport: transport.transport, status: StateCell(.online),
                            time: testTime(clock), policy: RetryPolicy(maxAttempts: 5, baseDelay: .seconds(2), maxDelay: .seconds(60)), seed: 7, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        // Each retry waits on the test clock: nothing is sent again until the clock passes the backoff.
        while transport.sent.count < 3 {
            let before = transport.sent.count
            await Task.yield()
            await clock.advance(by: .seconds(1))
            if transport.sent.count > before { #expect(transport.sent.count == before + 1) }
        }
        await drained(outbox)
        #expect(Set(transport.sent.map(\.key)).count == 1, "every attempt carries the same idempotency key")
        #expect(outbox.deadLetters.value.isEmpty)
        await outbox.stop()
    }

    @Test func aClientErrorIsNotRetriedAppliesFailureDataAndBecomesADismissibleFailure() async throws {
        let store = InMemoryRecordStore(now: Date.init)
        let transport = ScriptedTransport { _, _ in .http(status: 409) }
        let outbox = Outbox(store: store, transport: transport.transport, status: StateCell(.online), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        await eventually(outbox.deadLetters) { !$0.isEmpty }
        await drained(outbox)
        #expect(transport.sent.count == 1)
        #expect(try store.load(collection: "items.failed", key: "a") != nil)
        #expect(try store.load(collection: "items.finally", key: "a") != nil)
        #expect(outbox.feedback(for: item)?.rowFeedback(isOffline: false) == .failed(CoreCopy.changeFailed))
        // It survives a restart until dismissed; dismissing a failed add removes the item.
        await outbox.stop()
        let restarted = Outbox(store: store, transport: transport.transport, status: StateCell(.offline), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await restarted.start()
        let letter = try #require(restarted.deadLetters.value.first)
        try await restarted.dismiss(letter.id)
        #expect(try store.load(collection: "items", key: "a") == nil)
        #expect(restarted.deadLetters.value.isEmpty && restarted.feedbackSnapshot.isEmpty)
        #expect(try store.loadAll(collection: Outbox.deadLetterCollection).isEmpty)
    }

    @Test(arguments: [401, 403])
    func aRefusedSessionPausesTheOutboxKeepingEveryWriteQueuedWithoutRetryingInALoop(status code: Int) async throws {
        let store = InMemoryRecordStore(now: Date.init)
        let refusing = Locked(true)
        let transport = ScriptedTransport { _, _ in refusing.withLock { $0 } ? .http(status: code) : nil }
        let status = StateCell(ConnectivityStatus.online)
        let clock = TestClock()
        let outbox = Outbox(store: store, transport: transport.transport, status: status, time: testTime(clock), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        try await outbox.write(OutboxWrite(request: OutboxRequest(method: "POST", endpoint: Endpoint("other"))))
        await eventually(outbox.isPausedBySession) { $0 }
        await drained(outbox)  // returns: paused, not drained
        // No loop: one request, however far the clock goes; nothing dead-lettered, rolled back or counted as an attempt.
        await clock.advance(by: .seconds(3_600))
        #expect(transport.sent.count == 1)
        #expect(outbox.deadLetters.value.isEmpty)
        #expect(await outbox.pending.map(\.attempts) == [0, 0])
        #expect(try store.load(collection: "items", key: "a")?.value == Data("Kettle".utf8), "the optimistic change stays")
        #expect(try store.load(collection: "items.failed", key: "a") == nil)
        #expect(outbox.feedback(for: item)?.pendingAction == .add && outbox.feedback(for: item)?.errors.isEmpty == true, "still pending, not failed")
        // A read waiting for its pending writes is not held hostage by the pause.
        await outbox.waitUntilSynced(resources: [item])
        // Kept across a restart (a new sign-in) and sent, in order, once the session is accepted.
        await outbox.stop()
        refusing.withLock { $0 = false }
        let restarted = Outbox(store: store, transport: transport.transport, status: status, time: testTime(clock), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await restarted.start()
        await drained(restarted)
        #expect(transport.sent.map(\.path) == ["items", "items", "other"])
        #expect(try store.load(collection: "items.synced", key: "a") != nil)
        await restarted.stop()
    }

    @Test func aPausedOutboxTriesOnceMoreWhenTheConnectionComesBack() async throws {
        let transport = ScriptedTransport { call, _ in call == 1 ? .http(status: 401) : nil }
        let status = StateCell(ConnectivityStatus.online)
        let outbox = Outbox(store: InMemoryRecordStore(now: Date.init), transport: transport.transport, status: status,
                            time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        await eventually(outbox.isPausedBySession) { $0 }
        status.set(.offline)
        await eventually(outbox.isPausedBySession) { !$0 }
        status.set(.online)
        await eventually(outbox.queuedCount) { $0 == 0 }
        #expect(transport.sent.count == 2)
        await outbox.stop()
    }

    @Test func afterTheRetryCapAWriteMovesToTheDeadLettersNeverDroppedSilently() async throws {
        let transport = ScriptedTransport { _, _ in .connectionLost("reset") }
        let outbox = Outbox(store: InMemoryRecordStore(now: Date.init), transport: transport.transport, status: StateCell(.online),
                            time: testTime(TestClock()), policy: RetryPolicy(maxAttempts: 4, baseDelay: .zero, maxDelay: .zero), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        await eventually(outbox.deadLetters) { !$0.isEmpty }
        #expect(transport.sent.count == 4)
        #expect(outbox.deadLetters.value.first?.entry.attempts == 4)
        await outbox.stop()
    }

    @Test func whatTheUserQueuedOrSawFailIsSyncedWhileASuccessOrARetryStateIsDeferred() async throws {
        let store = RecordingStore(InMemoryRecordStore(now: Date.init))
        let clock = TestClock()
        // The first write succeeds, the second is refused (409), the third fails once (503) and then succeeds.
        let transport = ScriptedTransport { call, _ in [2: .http(status: 409), 3: .http(status: 503)][call] }
        let outbox = Outbox(store: store, transport: transport.transport, status: StateCell(.online), time: testTime(clock),
                            policy: RetryPolicy(maxAttempts: 5, baseDelay: .seconds(2), maxDelay: .seconds(60)), seed: 7, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        await drained(outbox)
        try await outbox.write(addItem("Toaster"))
        await eventually(outbox.deadLetters) { !$0.isEmpty }
        await drained(outbox)
        try await outbox.write(addItem("Mixer"))
        while transport.sent.count < 4 {
            await Task.yield()
            await clock.advance(by: .seconds(1))
        }
        await drained(outbox)

        let kinds = store.batchesWithDurability.map { batch -> String in
            let kind = batch.changes.contains { if case .save(Outbox.deadLetterCollection, _, _, _) = $0 { true } else { false } } ? "failure"
                : batch.changes.contains { if case .save("items", _, _, _) = $0 { true } else { false } } ? "queued"
                : batch.changes.contains { if case .save("items.synced", _, _, _) = $0 { true } else { false } } ? "success"
                : "retry state"
            return "\(kind): \(batch.durability)"
        }
        #expect(kinds == ["queued: synced", "success: deferred",
                          "queued: synced", "failure: synced",
                          "queued: synced", "retry state: deferred", "success: deferred"])
        await outbox.stop()
    }

    @Test("Retrying a refused write: durable across a restart, its optimistic data again, a new idempotency key, synced once")
    func retryingARefusedWriteQueuesItAgainUnderANewKey() async throws {
        let store = InMemoryRecordStore(now: Date.init)
        let refusing = Locked(true)
        let transport = ScriptedTransport { _, _ in refusing.withLock { $0 } ? .http(status: 422) : nil }
        let outbox = Outbox(store: store, transport: transport.transport, status: StateCell(.online), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        await eventually(outbox.deadLetters) { !$0.isEmpty }
        await drained(outbox)
        #expect(outbox.deadLetters.value.first?.retryable == false, "a refusal")
        try store.delete(collection: "items", key: "a")  // whatever the failure left, the retry applies the write's optimistic data again
        await outbox.stop()
        // After a restart (offline: it waits), the retry is queued and durable before it returns.
        let status = StateCell(ConnectivityStatus.offline)
        let restarted = Outbox(store: store, transport: transport.transport, status: status, time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("retry"))
        try await restarted.start()
        let letter = try #require(restarted.deadLetters.value.first)
        let entry = try #require(try await restarted.retry(letter.id))
        #expect(entry.sequence > letter.id && entry.attempts == 0 && entry.idempotencyKey != letter.entry.idempotencyKey)
        #expect(restarted.deadLetters.value.isEmpty && restarted.feedback(for: item)?.rowFeedback(isOffline: true) == .pending)
        #expect(try store.load(collection: "items", key: "a") != nil, "the optimistic data, applied again")
        #expect(try store.loadAll(collection: Outbox.deadLetterCollection).isEmpty)
        #expect(try store.loadAll(collection: Outbox.queueCollection).count == 1, "queued durably")
        #expect(try await restarted.retry(letter.id) == nil, "retried once")
        refusing.withLock { $0 = false }
        status.set(.online)
        await drained(restarted)
        #expect(transport.sent.map(\.key) == [letter.entry.idempotencyKey, entry.idempotencyKey], "sent once more, under its new key")
        #expect(try store.load(collection: "items.synced", key: "a") != nil && restarted.feedback(for: item) == nil)
        await restarted.stop()
    }

    @Test("Retrying a write that failed past the retry cap keeps its idempotency key: the server may have applied it")
    func retryingAWriteThatRanOutOfAttemptsKeepsItsKey() async throws {
        let store = InMemoryRecordStore(now: Date.init)
        let failing = Locked(true)
        let transport = ScriptedTransport { _, _ in failing.withLock { $0 } ? .timeout : nil }
        let outbox = Outbox(store: store, transport: transport.transport, status: StateCell(.online), time: testTime(TestClock()),
                            policy: RetryPolicy(maxAttempts: 1), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        await eventually(outbox.deadLetters) { !$0.isEmpty }
        let letter = try #require(outbox.deadLetters.value.first)
        #expect(letter.retryable, "the cap, after a failure a retry may cure")
        failing.withLock { $0 = false }
        let entry = try #require(try await outbox.retry(letter.id))
        #expect(entry.idempotencyKey == letter.entry.idempotencyKey)
        await drained(outbox)
        #expect(transport.sent.map(\.key) == [letter.entry.idempotencyKey, letter.entry.idempotencyKey])
        #expect(outbox.deadLetters.value.isEmpty && outbox.feedback(for: item) == nil)
        await outbox.stop()
    }

    @Test("A dead letter kept by an earlier version (no retryable field) still reads, as a refusal")
    func aDeadLetterWithoutTheRetryableFieldStillReads() throws {
        let letter = DeadLetter(entry: OutboxEntry(sequence: 3, idempotencyKey: "k", write: addItem("Kettle"), enqueuedAt: Date(timeIntervalSince1970: 0)),
                                error: FeedbackError(CoreCopy.changeFailed, detail: "422"), failedAt: Date(timeIntervalSince1970: 1), retryable: true)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(letter)) as? [String: Any])
        object["retryable"] = nil
        let old = try JSONDecoder().decode(DeadLetter.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.id == 3 && !old.retryable)
    }

    @Test func dismissingAFailedUpdateKeepsTheItemAndClearsItsFeedback() async throws {
        let store = InMemoryRecordStore(now: Date.init)
        let outbox = Outbox(store: store, transport: ScriptedTransport { _, _ in .http(status: 400) }.transport,
                            status: StateCell(.online), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try store.save(Data("Kettle".utf8), collection: "items", key: "a")
        try await outbox.write(OutboxWrite(request: OutboxRequest(method: "POST", endpoint: "/items/a", body: Data("{}".utf8)),
                                           resource: item, pendingAction: .update))
        await eventually(outbox.deadLetters) { !$0.isEmpty }
        await drained(outbox)
        try await outbox.dismiss(outbox.deadLetters.value[0].id)
        #expect(try store.load(collection: "items", key: "a") != nil)
        #expect(outbox.feedback(for: item) == nil)
        await outbox.stop()
    }

    @Test func aReadThatDependsOnAPendingWriteWaitsForIt() async throws {
        let gate = Locked<CheckedContinuation<Void, Never>?>(nil)
        let released = Locked(false)
        let transport = OutboxTransport { _, _ in
            await withCheckedContinuation { continuation in
                gate.withLock { $0 = continuation }
            }
        }
        let outbox = Outbox(store: InMemoryRecordStore(now: Date.init), transport: transport, status: StateCell(.online), time: testTime(TestClock()), seed: 1, idempotencyKeys: .sequential("outbox"))
        try await outbox.start()
        try await outbox.write(addItem("Kettle"))
        let reader = Task {
            await outbox.waitUntilSynced(resources: [item])
            return released.withLock { $0 }
        }
        // Let the request reach the transport, then answer it.
        await waitUntil { gate.withLock({ $0 != nil }) }
        released.withLock { $0 = true }
        gate.withLock { $0?.resume(); $0 = nil }
        #expect(await reader.value, "the read resumed only after the write was answered")
        await outbox.waitUntilSynced(collections: ["other"])
        await outbox.stop()
    }
}
