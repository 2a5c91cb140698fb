import Clocks
import Core
import Foundation
import SecureStore
import TestSupport
import Testing
import OfflinePatterns

/// A store whose transactions can be held at the door: the first `apply` waits until the test opens the gate (so the
/// writes that arrive meanwhile pile up behind it), and a chosen transaction fails. It blocks only the outbox's commit
/// thread, never the cooperative pool, and never past its deadline.
final class GatedStore: RecordStore {
    let inner: any RecordStore
    private let gate = DispatchSemaphore(value: 0)
    private let state = Locked((applied: 0, failing: Set<Int>(), batches: [[RecordChange]](), held: false))

    init(_ inner: any RecordStore, failing: Set<Int> = []) {
        self.inner = inner
        state.withLock { $0.failing = failing }
    }

    /// The transactions applied (or refused), in order.
    var batches: [[RecordChange]] { state.withLock { $0.batches } }
    /// True once the first transaction is waiting at the gate.
    var isHolding: Bool { state.withLock { $0.held } }

    func open() { gate.signal() }

    func load(collection: String, key: String) throws(RecordStoreError) -> StoredRecord? { try inner.load(collection: collection, key: key) }
    func loadAll(collection: String) throws(RecordStoreError) -> [StoredRecord] { try inner.loadAll(collection: collection) }
    func apply(_ changes: [RecordChange]) throws(RecordStoreError) -> Date { try apply(changes, durability: .synced) }

    func apply(_ changes: [RecordChange], durability: RecordDurability) throws(RecordStoreError) -> Date {
        let number = state.withLock { state -> Int in
            state.applied += 1
            state.batches.append(changes)
            if state.applied == 1 { state.held = true }
            return state.applied
        }
        if number == 1, gate.wait(timeout: .now() + .seconds(Int(OutboxGroupCommitTests.deadline.components.seconds))) == .timedOut {
            throw .unavailable(reason: "the test never opened the gate")
        }
        if state.withLock({ $0.failing.contains(number) }) { throw .unavailable(reason: "disk full (injected)") }
        return try inner.apply(changes, durability: durability)
    }
}

@Suite("Outbox group commit")
struct OutboxGroupCommitTests {
    /// A bound on a test gone wrong, not a timing: in full runs on 2 cores, with the cooperative pool stalled by other
    /// tests for about 45 s at a time (many unrelated short tests then end at 48-49 s), the first transaction reached
    /// the gate only after the 30 s these waits had; on their own they take a fraction of a second. The stall itself is
    /// to be found (issue 41's note); until then the waits allow two minutes, and still fail rather than hang.
    static let deadline: Duration = .seconds(120)

    func registration(_ index: Int) -> OutboxWrite {
        OutboxWrite(request: OutboxRequest(method: "POST", endpoint: "/v1/activities", body: Data(#"{"n":\#(index)}"#.utf8)),
                    resource: ResourceID(collection: "activities", key: "a\(index)"), pendingAction: .add,
                    optimisticData: [.save(collection: "activities", key: "a\(index)", value: Data("\(index)".utf8))])
    }

    func outbox(_ store: any RecordStore) -> Outbox {
        Outbox(store: store, transport: OutboxTransport { _, _ in }, status: StateCell(.offline), time: testTime(TestClock()), seed: 1,
               idempotencyKeys: .sequential("outbox"))
    }

    /// Starts one write and waits until the gated store holds its transaction; then `count` more writers, each queued
    /// (in the outbox's memory, not yet durable) before the next starts, so their order is known.
    func pileUp(_ count: Int, behindFirstOf outbox: Outbox, _ store: GatedStore)
        async -> (first: Task<OutboxEntry?, any Error>, rest: [Task<OutboxEntry?, any Error>]) {
        let first = Task { try await outbox.write(registration(0)) }
        await waitUntil("the first write's transaction at the gate", timeout: Self.deadline) { store.isHolding }
        var rest: [Task<OutboxEntry?, any Error>] = []
        for index in 1...count {
            rest.append(Task { try await outbox.write(registration(index)) })
            await waitUntil("write \(index) queued behind the held transaction", timeout: Self.deadline) { await outbox.pending.count == index + 1 }
        }
        return (first, rest)
    }

    @Test("Writes that arrive while a transaction syncs share the next one, each returns once durable, in order after a restart")
    func writersThatArriveDuringASyncShareTheNextTransaction() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("group-commit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = InMemoryKeyProvider(key: .fixed())
        do {
            let secure = try SecureStore(folder: folder, keyProvider: keys, telemetry: .disabled, now: { fixedNow })
            defer { secure.close() }
            let store = GatedStore(secure.vault(for: "user1"))
            let outbox = outbox(store)
            try await outbox.start()
            let (first, rest) = await pileUp(15, behindFirstOf: outbox, store)
            #expect(store.batches.count == 1, "nothing else reached the store while the first transaction was held")
            store.open()
            _ = try await first.value
            var returned: [UInt64] = []
            for task in rest { returned.append(try #require(try await task.value).sequence) }
            #expect(returned == Array(2...16), "each caller got its own entry, in the order it called")
            #expect(store.batches.count == 2, "the fifteen writes that waited shared one transaction")
            #expect(store.batches.last?.count == 16, "each write's optimistic data, and one queue record (a segment) for the fifteen")
            await outbox.stop()
        }
        let reopened = try SecureStore(folder: folder, keyProvider: keys, telemetry: .disabled, now: { fixedNow })
        defer { reopened.close() }
        let restarted = outbox(reopened.vault(for: "user1"))
        try await restarted.start()
        let pending = await restarted.pending
        #expect(pending.map(\.sequence) == Array(1...16))
        #expect(pending.map(\.write) == (0...15).map(registration), "every write came back whole, in order")
        #expect(try reopened.vault(for: "user1").loadAll(collection: "activities").count == 16, "with its optimistic data")
        await restarted.stop()
    }

    @Test("A group's transaction that fails fails every caller in it, and none of its writes stays queued")
    func aFailedGroupFailsEveryCallerInIt() async throws {
        let store = GatedStore(InMemoryRecordStore(now: { fixedNow }), failing: [2])
        let outbox = outbox(store)
        try await outbox.start()
        let (first, rest) = await pileUp(5, behindFirstOf: outbox, store)
        store.open()
        #expect(try await first.value?.sequence == 1, "the transaction before the failed one is durable")
        for task in rest {
            await #expect(throws: OutboxError.self, "no caller of the failed group is told its write is durable") { try await task.value }
        }
        #expect(store.batches.count == 2, "the five shared the transaction that failed")
        #expect(await outbox.pending.map(\.sequence) == [1], "the queue was rebuilt from the store: only the durable write")
        #expect(try store.loadAll(collection: Outbox.queueCollection).count == 1)
        // The outbox goes on: the next write commits on its own.
        #expect(try await outbox.write(registration(9)) != nil)
        #expect(try store.loadAll(collection: Outbox.queueCollection).count == 2)
        await outbox.stop()
    }

    @Test("A caller cancelled while its write waits for the group still gets it durable, and the others are not disturbed")
    func aCancelledCallerStillGetsItsWriteDurable() async throws {
        let store = GatedStore(InMemoryRecordStore(now: { fixedNow }))
        let outbox = outbox(store)
        try await outbox.start()
        let (first, rest) = await pileUp(3, behindFirstOf: outbox, store)
        rest[1].cancel()
        store.open()
        _ = try await first.value
        for task in rest { #expect(try await task.value != nil, "a queued write is not taken back by cancelling its caller") }
        #expect(try store.loadAll(collection: Outbox.queueCollection).count == 2, "a segment per transaction")
        #expect(store.batches.count == 2)
        await outbox.stop()
    }

    @Test("Callers of mixed priorities, a higher one starting a placement of its own, are each placed once and made durable")
    func callersOfMixedPrioritiesAreEachPlacedOnce() async throws {
        let store = GatedStore(InMemoryRecordStore(now: { fixedNow }))
        let outbox = outbox(store)
        try await outbox.start()
        let first = Task { try await outbox.write(registration(0)) }
        await waitUntil("the first write's transaction at the gate", timeout: Self.deadline) { store.isHolding }
        var rest: [Task<OutboxEntry?, any Error>] = []
        for (index, priority) in [(1, TaskPriority.background), (2, .userInitiated), (3, .background), (4, .high), (5, .utility)] {
            rest.append(Task(priority: priority) { try await outbox.write(registration(index)) })
        }
        await waitUntil("the five writes queued behind the held transaction", timeout: Self.deadline) { await outbox.pending.count == 6 }
        store.open()
        _ = try await first.value
        var sequences: [UInt64] = []
        for task in rest { sequences.append(try #require(try await task.value).sequence) }
        #expect(Set(sequences) == Set(2...6), "each caller has an entry of its own")
        #expect(await outbox.pending.map(\.sequence) == Array(1...6), "none placed twice, none lost")
        #expect(store.batches.count >= 2)
        await outbox.stop()
    }
}
