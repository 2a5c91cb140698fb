import Core
import Foundation
import TestSupport
import Testing
@testable import OfflinePatterns

/// The queue's records in the store: one segment per transaction, done lists, overrides, and stores written before
/// segments. Each case applies the journal's changes to a real (in-memory) store and restores from it, as a restart would.
@Suite("Outbox journal")
struct OutboxJournalTests {
    func entry(_ sequence: UInt64, attempts: Int = 0) -> OutboxEntry {
        OutboxEntry(sequence: sequence, idempotencyKey: "key-\(sequence)",
                    write: OutboxWrite(request: OutboxRequest(method: "POST", endpoint: "/v1/activities", body: Data(#"{"n":\#(sequence)}"#.utf8)),
                                       resource: ResourceID(collection: "activities", key: "a\(sequence)"), pendingAction: .add),
                    attempts: attempts, enqueuedAt: fixedNow)
    }

    func put(_ entry: OutboxEntry) -> OutboxJournal.Operation {
        .put(entry, encoded: OutboxRecordJSON.encode(entry)!)
    }

    /// Applies what the journal writes for `operations` as one transaction; what a restart then finds.
    @discardableResult
    func commit(_ operations: [OutboxJournal.Operation], _ journal: inout OutboxJournal, _ store: InMemoryRecordStore) throws -> [RecordChange] {
        let changes = journal.changes(for: operations)
        if !changes.isEmpty { _ = try store.apply(changes) }
        return changes
    }

    func restored(_ store: InMemoryRecordStore) throws -> (journal: OutboxJournal, entries: [OutboxEntry]) {
        var unreadable: [String] = []
        let result = OutboxJournal.restoring(try store.loadAll(collection: Outbox.queueCollection), decoder: WireJSON.decoder) { key, _ in
            unreadable.append(key)
        }
        #expect(unreadable.isEmpty)
        return result
    }

    func keys(_ store: InMemoryRecordStore) throws -> [String] {
        try store.loadAll(collection: Outbox.queueCollection).map(\.key).sorted()
    }

    @Test("A transaction's entries are one record; a done list follows them out; the last one done takes the segment with it")
    func aTransactionsEntriesAreOneSegmentUntilAllAreDone() throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        var journal = OutboxJournal()
        let changes = try commit((1...3).map { put(entry($0)) }, &journal, store)
        #expect(changes.count == 1, "three entries, one record")
        #expect(try restored(store).entries == (1...3).map { entry($0) })

        try commit([.finished(2)], &journal, store)
        #expect(try keys(store) == ["d00000000000000000001", "s00000000000000000001"])
        #expect(try restored(store).entries.map(\.sequence) == [1, 3], "a restart finds what is not done")

        try commit([.finished(1), .finished(3)], &journal, store)
        #expect(try keys(store).isEmpty, "the segment and its done list went with its last entry")
        #expect(journal.segmentCount == 0)
    }

    @Test("An entry changed after it was written is written on its own, wins over its copy, and goes with its segment")
    func aChangedEntryOverridesItsCopyInTheSegment() throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        var journal = OutboxJournal()
        try commit([put(entry(1)), put(entry(2))], &journal, store)
        try commit([put(entry(2, attempts: 3))], &journal, store)
        #expect(try restored(store).entries == [entry(1), entry(2, attempts: 3)], "the retry state survives a restart")

        // A restart in the middle: the journal rebuilt from the store goes on alike.
        var again = try restored(store).journal
        try commit([.finished(1)], &again, store)
        #expect(try restored(store).entries == [entry(2, attempts: 3)])
        try commit([.finished(2)], &again, store)
        #expect(try keys(store).isEmpty, "the override, the done list and the segment are gone")
    }

    @Test("An entry queued and cancelled within one transaction writes nothing; one changed within it is written as changed")
    func changesWithinOneTransactionFoldTogether() throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        var journal = OutboxJournal()
        let changes = try commit([put(entry(1)), put(entry(2)), .finished(1), put(entry(2, attempts: 1))], &journal, store)
        #expect(changes.count == 1)
        #expect(try restored(store).entries == [entry(2, attempts: 1)])
        #expect(try commit([put(entry(3)), .finished(3)], &journal, store).isEmpty)
    }

    @Test("A segment holds at most its capacity; a large batch is several")
    func aLargeBatchIsSeveralSegments() throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        var journal = OutboxJournal()
        let count = UInt64(OutboxJournal.segmentCapacity * 2 + 1)
        try commit((1...count).map { put(entry($0)) }, &journal, store)
        #expect(try keys(store).count == 3)
        #expect(try restored(store).entries.count == Int(count))
        try commit((1...count).map { .finished($0) }, &journal, store)
        #expect(try keys(store).isEmpty)
    }

    @Test("A queue written before segments (a record per entry) restores, changes and finishes as it did")
    func aQueueFromBeforeSegmentsStillWorks() throws {
        let store = InMemoryRecordStore(now: { fixedNow })
        _ = try store.apply((1...2).map { .save(collection: Outbox.queueCollection, key: Outbox.key($0), value: OutboxRecordJSON.encode(entry($0))!) })
        var journal = try restored(store).journal
        #expect(try restored(store).entries == [entry(1), entry(2)])
        try commit([put(entry(1, attempts: 1)), put(entry(3))], &journal, store)
        #expect(try restored(store).entries == [entry(1, attempts: 1), entry(2), entry(3)])
        try commit([.finished(1), .finished(2), .finished(3)], &journal, store)
        #expect(try keys(store).isEmpty)
    }
}
