import Core
import Foundation

/// How the outbox lays its queue out in the store, as a pure value: which records one transaction's queue changes
/// become. `Outbox` decides what changes (`Operation`s, in order); this decides the records.
///
/// - **Segments.** The entries a transaction queues are written as one sealed record, a segment (`s<first sequence>`,
///   a JSON array of entries), up to `segmentCapacity` entries each. A store's cost is per record (a key to hash, a
///   value to seal, an index leaf to dirty), so sixteen callers sharing a group commit pay for one record, not sixteen.
/// - **Done lists.** An entry that leaves the queue (sent, dead-lettered, cancelled) is added to its segment's done list
///   (`d<first sequence>`, a JSON array of sequences), rewritten whole; once every entry of a segment is done, the segment,
///   its done list and its overrides are deleted in the same transaction.
/// - **Overrides.** An entry whose state changes after it was written (a retry's attempts and time, a merged update) is
///   written on its own under its sequence (`<sequence>`, the key every entry had before segments), which wins over its
///   copy in the segment. A store written before segments holds only such records; they restore and finish as they did.
///
/// Every record it writes goes in the same transaction as the change that needs it, so a store always restores to the
/// queue as of its last transaction. The journal's own state assumes each transaction commits; after one fails the
/// outbox rebuilds it from the store (`restoring`).
struct OutboxJournal: Sendable {
    enum Operation: Sendable {
        /// An entry is new, or changed; `encoded` is its JSON (an element of a segment, or an override's value).
        case put(OutboxEntry, encoded: Data)
        /// An entry left the queue.
        case finished(UInt64)
    }

    /// At most this many entries per segment: a done list stays under a kilobyte, and a segment is read whole.
    static let segmentCapacity = 128

    private struct Segment: Sendable {
        var sequences: [UInt64]
        var done: Set<UInt64> = []
        /// Entries with an override record of their own, deleted with the segment.
        var overridden: Set<UInt64> = []
        var hasDoneList = false
        var isComplete: Bool { done.count >= sequences.count }
    }

    private var segments: [UInt64: Segment] = [:]
    /// The segment of each live entry written in one.
    private var segmentOf: [UInt64: UInt64] = [:]
    /// Live entries with only a record of their own (written before segments).
    private var singles: Set<UInt64> = []

    init() {}

    /// How many segments are live (for tests).
    var segmentCount: Int { segments.count }

    // MARK: Keys

    /// Queue keys sort in sequence order.
    static func entryKey(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    static func segmentKey(_ id: UInt64) -> String { "s" + entryKey(id) }
    static func doneKey(_ id: UInt64) -> String { "d" + entryKey(id) }

    // MARK: Restoring

    /// A journal and the live entries, from the records of the queue's collection. A record that cannot be read is
    /// reported through `unreadable` and skipped (a segment's entries with it).
    static func restoring(_ records: [StoredRecord], decoder: JSONDecoder,
                          unreadable: (_ key: String, _ error: any Error) -> Void) -> (journal: OutboxJournal, entries: [OutboxEntry]) {
        var journal = OutboxJournal()
        var segmentEntries: [UInt64: [OutboxEntry]] = [:]
        var doneLists: [UInt64: [UInt64]] = [:]
        var singles: [UInt64: OutboxEntry] = [:]
        for record in records {
            do {
                if let id = identifier(record.key, prefix: "s") {
                    segmentEntries[id] = try decoder.decode([OutboxEntry].self, from: record.value)
                } else if let id = identifier(record.key, prefix: "d") {
                    doneLists[id] = try decoder.decode([UInt64].self, from: record.value)
                } else {
                    let entry = try decoder.decode(OutboxEntry.self, from: record.value)
                    singles[entry.sequence] = entry
                }
            } catch {
                unreadable(record.key, error)
            }
        }
        var live: [UInt64: OutboxEntry] = [:]
        for (id, entries) in segmentEntries {
            var segment = Segment(sequences: entries.map(\.sequence))
            if let done = doneLists[id] {
                segment.done = Set(done).intersection(segment.sequences)
                segment.hasDoneList = true
            }
            for entry in entries where !segment.done.contains(entry.sequence) {
                live[entry.sequence] = entry
                journal.segmentOf[entry.sequence] = id
            }
            journal.segments[id] = segment
        }
        for (sequence, entry) in singles {
            if let id = journal.segmentOf[sequence] {
                // An override: the entry's latest state.
                journal.segments[id]?.overridden.insert(sequence)
                live[sequence] = entry
            } else if journal.segments.values.contains(where: { $0.done.contains(sequence) }) {
                continue
            } else {
                journal.singles.insert(sequence)
                live[sequence] = entry
            }
        }
        return (journal, live.values.sorted { $0.sequence < $1.sequence })
    }

    private static func identifier(_ key: String, prefix: Character) -> UInt64? {
        guard key.first == prefix else { return nil }
        return UInt64(key.dropFirst())
    }

    // MARK: Changes

    /// The record changes that persist `operations` (in the order they happened), for one transaction; the journal then
    /// describes the store as of that transaction.
    mutating func changes(for operations: [Operation]) -> [RecordChange] {
        // Entries new in this transaction, in order; nil once one of them finished within it.
        var fresh: [(sequence: UInt64, encoded: Data?)] = []
        var freshIndex: [UInt64: Int] = [:]
        var overrides: [UInt64: Data] = [:]
        var overrideOrder: [UInt64] = []
        var finished: [UInt64] = []
        for operation in operations {
            switch operation {
            case let .put(entry, encoded):
                let sequence = entry.sequence
                if let index = freshIndex[sequence] {
                    fresh[index].encoded = encoded
                } else if segmentOf[sequence] != nil || singles.contains(sequence) {
                    if overrides.updateValue(encoded, forKey: sequence) == nil { overrideOrder.append(sequence) }
                } else {
                    freshIndex[sequence] = fresh.count
                    fresh.append((sequence, encoded))
                }
            case let .finished(sequence):
                if let index = freshIndex[sequence] {
                    fresh[index].encoded = nil
                } else if segmentOf[sequence] != nil || singles.contains(sequence) {
                    overrides[sequence] = nil
                    finished.append(sequence)
                }
            }
        }
        var changes: [RecordChange] = []
        for sequence in overrideOrder {
            guard let encoded = overrides[sequence] else { continue }
            if let id = segmentOf[sequence] { segments[id]?.overridden.insert(sequence) }
            changes.append(.save(collection: Outbox.queueCollection, key: Self.entryKey(sequence), value: encoded))
        }
        var touched: [UInt64] = []
        for sequence in finished {
            if singles.remove(sequence) != nil {
                changes.append(.delete(collection: Outbox.queueCollection, key: Self.entryKey(sequence)))
                continue
            }
            guard let id = segmentOf.removeValue(forKey: sequence), var segment = segments[id] else { continue }
            segment.done.insert(sequence)
            if segment.overridden.remove(sequence) != nil {
                changes.append(.delete(collection: Outbox.queueCollection, key: Self.entryKey(sequence)))
            }
            segments[id] = segment
            if !touched.contains(id) { touched.append(id) }
        }
        for id in touched {
            guard var segment = segments[id] else { continue }
            if segment.isComplete {
                changes.append(.delete(collection: Outbox.queueCollection, key: Self.segmentKey(id)))
                if segment.hasDoneList { changes.append(.delete(collection: Outbox.queueCollection, key: Self.doneKey(id))) }
                for sequence in segment.overridden.sorted() {
                    changes.append(.delete(collection: Outbox.queueCollection, key: Self.entryKey(sequence)))
                }
                segments[id] = nil
            } else {
                segment.hasDoneList = true
                segments[id] = segment
                changes.append(.save(collection: Outbox.queueCollection, key: Self.doneKey(id), value: Self.encodeList(segment.done.sorted())))
            }
        }
        let surviving = fresh.compactMap { item in item.encoded.map { (item.sequence, $0) } }
        var start = 0
        while start < surviving.count {
            let chunk = surviving[start..<min(start + Self.segmentCapacity, surviving.count)]
            start += chunk.count
            let id = chunk.first!.0
            segments[id] = Segment(sequences: chunk.map(\.0))
            for (sequence, _) in chunk { segmentOf[sequence] = id }
            // Built as bytes and made a `Data` once: appending `Data` to `Data` went through its slice machinery per entry.
            var value: [UInt8] = []
            value.reserveCapacity(chunk.reduce(2) { $0 + $1.1.count + 1 })
            value.append(UInt8(ascii: "["))
            for (index, item) in chunk.enumerated() {
                if index > 0 { value.append(UInt8(ascii: ",")) }
                value.append(contentsOf: item.1)
            }
            value.append(UInt8(ascii: "]"))
            changes.append(.save(collection: Outbox.queueCollection, key: Self.segmentKey(id), value: Data(value)))
        }
        return changes
    }

    private static func encodeList(_ sequences: [UInt64]) -> Data {
        var text = "["
        for (index, sequence) in sequences.enumerated() {
            if index > 0 { text += "," }
            text += String(sequence)
        }
        text += "]"
        return Data(text.utf8)
    }
}
