public import Core
public import Foundation

/// The outbox's queue as a pure value: which write goes next, coalescing, and the pending feedback
/// each record shows. No I/O and no clock: `Outbox` persists what this decides, with `now` passed in.
public struct OutboxQueue: Sendable {
    /// Every queued entry by sequence.
    public private(set) var entries: [UInt64: OutboxEntry] = [:]
    /// The entry being sent; it cannot be coalesced or reordered.
    public private(set) var inFlight: UInt64?
    /// Entries the server applied whose outcome is not yet durable: no longer sent, still pending to readers.
    public private(set) var settling: Set<UInt64> = []
    public private(set) var deadLetters: [DeadLetter] = []
    public private(set) var nextSequence: UInt64 = 1

    /// Per lane, the sequences in arrival order; removed entries are skipped lazily.
    private var lanes: [OutboxLane: Lane] = [.userInitiated: Lane(), .background: Lane()]
    /// Per resource, its queued sequences in order: a write never overtakes an earlier one to the same record.
    private var byResource: [ResourceID: [UInt64]] = [:]

    private struct Lane: Sendable {
        var sequences: [UInt64] = []
        var head = 0

        mutating func compact(keeping isQueued: (UInt64) -> Bool) {
            while head < sequences.count, !isQueued(sequences[head]) { head += 1 }
            if head > 1024, head * 2 > sequences.count {
                sequences.removeFirst(head)
                head = 0
            }
        }

        var first: UInt64? { head < sequences.count ? sequences[head] : nil }
    }

    public init() {}

    /// Rebuilds the queue from what the store holds (after a restart), in sequence order.
    public init(restoring entries: [OutboxEntry], deadLetters: [DeadLetter]) {
        for entry in entries.sorted(by: { $0.sequence < $1.sequence }) { insert(entry) }
        self.deadLetters = deadLetters.sorted { $0.id < $1.id }
        nextSequence = max(entries.map(\.sequence).max() ?? 0, deadLetters.map(\.id).max() ?? 0) + 1
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The queued entries in sequence order.
    public var ordered: [OutboxEntry] { entries.values.sorted { $0.sequence < $1.sequence } }

    // MARK: Enqueue and coalescing

    /// What enqueueing a write did to the queue; `Outbox` persists exactly these changes.
    public struct EnqueueResult: Sendable, Equatable {
        /// Entries to save (a new one, or one that absorbed the write).
        public var saved: [OutboxEntry]
        /// Sequences of entries removed (a delete cancelled a pending create).
        public var removed: [UInt64]
        /// The entry that now carries the write; nil when the write cancelled out.
        public var carrier: OutboxEntry?
    }

    /// Queues a write, coalescing it with pending writes to the same record:
    /// a delete after a create that has not been sent removes both (and the updates between them);
    /// an update after an unsent update of the same request merges into it.
    public mutating func enqueue(_ write: OutboxWrite, idempotencyKey: String, now: Date) -> EnqueueResult {
        if let resource = write.resource, let action = write.pendingAction {
            let waiting = (byResource[resource] ?? []).filter { $0 != inFlight }
            if action == .delete,
               let createIndex = waiting.firstIndex(where: { entries[$0]?.write.pendingAction == .add && entries[$0]?.attempts == 0 }) {
                let cancelled = Array(waiting[createIndex...])
                for sequence in cancelled { remove(sequence) }
                return EnqueueResult(saved: [], removed: cancelled, carrier: nil)
            }
            if action == .update, let last = waiting.last, var target = entries[last],
               target.write.pendingAction == .update, target.attempts == 0,
               target.write.request.method == write.request.method, target.write.request.path == write.request.path,
               target.write.lane == write.lane {
                target.write = Self.merge(target.write, with: write)
                entries[last] = target
                return EnqueueResult(saved: [target], removed: [], carrier: target)
            }
        }
        let entry = OutboxEntry(sequence: nextSequence, idempotencyKey: idempotencyKey, write: write, enqueuedAt: now)
        nextSequence += 1
        insert(entry)
        return EnqueueResult(saved: [entry], removed: [], carrier: entry)
    }

    /// Two updates of one record become one: JSON object bodies merge key by key (the later wins),
    /// any other body is replaced; the local-store batches run in order.
    static func merge(_ earlier: OutboxWrite, with later: OutboxWrite) -> OutboxWrite {
        var merged = earlier
        merged.request.body = mergedBody(earlier.request.body, later.request.body)
        merged.optimisticData += later.optimisticData
        merged.successData += later.successData
        merged.failureData += later.failureData
        merged.finallyData += later.finallyData
        return merged
    }

    static func mergedBody(_ earlier: Data?, _ later: Data?) -> Data? {
        guard let earlier, let later,
              var first = (try? JSONSerialization.jsonObject(with: earlier)) as? [String: Any],
              let second = (try? JSONSerialization.jsonObject(with: later)) as? [String: Any] else { return later ?? earlier }
        first.merge(second) { _, new in new }
        return (try? JSONSerialization.data(withJSONObject: first, options: [.sortedKeys])) ?? later
    }

    private mutating func insert(_ entry: OutboxEntry) {
        entries[entry.sequence] = entry
        lanes[entry.write.lane, default: Lane()].sequences.append(entry.sequence)
        if let resource = entry.write.resource { byResource[resource, default: []].append(entry.sequence) }
    }

    private mutating func remove(_ sequence: UInt64) {
        guard let entry = entries.removeValue(forKey: sequence) else { return }
        if inFlight == sequence { inFlight = nil }
        if let resource = entry.write.resource {
            byResource[resource]?.removeAll { $0 == sequence }
            if byResource[resource]?.isEmpty == true { byResource[resource] = nil }
        }
        settling.remove(sequence)
        compact(entry.write.lane)
    }

    private mutating func compact(_ lane: OutboxLane) {
        let isWaiting: (UInt64) -> Bool = { [entries, settling] in entries[$0] != nil && !settling.contains($0) }
        lanes[lane]?.compact(keeping: isWaiting)
    }

    // MARK: Sending

    /// What to send now, or when to look again. At most one entry is in flight. The user-initiated lane
    /// goes first; within a lane, and for any one record, order is arrival order.
    public func next(now: Date) -> (entry: OutboxEntry?, retryAt: Date?) {
        guard inFlight == nil else { return (nil, nil) }
        var retryAt: Date?
        for lane in [OutboxLane.userInitiated, .background] {
            guard let sequence = lanes[lane]?.first, let entry = entries[sequence] else { continue }
            if let resource = entry.write.resource, byResource[resource]?.first != sequence { continue }
            if let notBefore = entry.notBefore, notBefore > now {
                retryAt = min(retryAt ?? notBefore, notBefore)
                continue
            }
            return (entry, nil)
        }
        return (nil, retryAt)
    }

    public mutating func markInFlight(_ sequence: UInt64) {
        if entries[sequence] != nil { inFlight = sequence }
    }

    /// The server applied it and its outcome is being recorded: it is not sent again, but it still counts as
    /// pending (and still holds its record's place in line) until `succeeded` once the outcome is durable.
    public mutating func markSettling(_ sequence: UInt64) {
        guard let entry = entries[sequence] else { return }
        if inFlight == sequence { inFlight = nil }
        settling.insert(sequence)
        compact(entry.write.lane)
    }

    /// The server applied it: the entry leaves the queue.
    @discardableResult
    public mutating func succeeded(_ sequence: UInt64) -> OutboxEntry? {
        let entry = entries[sequence]
        remove(sequence)
        return entry
    }

    /// A retryable failure: counts the attempt and schedules the next one, or (past the cap, or `final`)
    /// moves the entry to the dead letters. Returns the entry's new state.
    public mutating func failed(_ sequence: UInt64, countsAsAttempt: Bool, final: Bool, retryAt: Date, error: FeedbackError,
                                now: Date, policy: RetryPolicy) -> Failure? {
        guard var entry = entries[sequence] else { return nil }
        if inFlight == sequence { inFlight = nil }
        if countsAsAttempt { entry.attempts += 1 }
        if final || entry.attempts >= policy.maxAttempts {
            remove(sequence)
            let letter = DeadLetter(entry: entry, error: error, failedAt: now, retryable: !final)
            deadLetters.append(letter)
            return .deadLettered(letter)
        }
        entry.notBefore = retryAt
        entries[sequence] = entry
        return .willRetry(entry)
    }

    public enum Failure: Sendable, Equatable {
        case willRetry(OutboxEntry)
        case deadLettered(DeadLetter)
    }

    /// Returns the in-flight entry to the queue unchanged (the send was cancelled by a shutdown).
    public mutating func returnInFlight() {
        inFlight = nil
    }

    /// Removes a dead letter the user dismissed; returns it.
    public mutating func dismiss(_ id: UInt64) -> DeadLetter? {
        guard let index = deadLetters.firstIndex(where: { $0.id == id }) else { return nil }
        return deadLetters.remove(at: index)
    }

    /// The user retried a dead letter: it leaves the dead letters and its write joins the end of the queue as a new
    /// entry (a new sequence, so it never overtakes what was queued for the record since), with no attempt spent.
    /// Returns the dead letter and the new entry.
    public mutating func requeue(_ id: UInt64, idempotencyKey: String, now: Date) -> (letter: DeadLetter, entry: OutboxEntry)? {
        guard let letter = dismiss(id) else { return nil }
        let entry = OutboxEntry(sequence: nextSequence, idempotencyKey: idempotencyKey, write: letter.entry.write, enqueuedAt: now)
        nextSequence += 1
        insert(entry)
        return (letter, entry)
    }

    // MARK: Feedback

    /// True while some queued write touches one of `resources` (or, with `collection`, any record of it).
    public func hasPendingWrites(resources: Set<ResourceID>, collections: Set<String>) -> Bool {
        if !resources.isDisjoint(with: byResource.keys) { return true }
        return byResource.keys.contains { collections.contains($0.collection) }
    }

    /// The pending look of one record: its queued writes combined, plus the errors of its failed ones.
    public func feedback(for resource: ResourceID) -> OfflineFeedback? {
        let actions = (byResource[resource] ?? []).compactMap { entries[$0]?.write.pendingAction }
        var result = Self.combined(actions).map { OfflineFeedback(pendingAction: $0) }
        for letter in deadLetters where letter.entry.write.resource == resource {
            var feedback = result ?? OfflineFeedback(pendingAction: letter.entry.write.pendingAction)
            feedback.errors.append(letter.error)
            result = feedback
        }
        return result
    }

    /// The pending look of every record with a queued or failed write (O(records): for snapshots, not per write).
    public var feedback: [ResourceID: OfflineFeedback] {
        var resources = Set(byResource.keys)
        for letter in deadLetters { if let resource = letter.entry.write.resource { resources.insert(resource) } }
        var result: [ResourceID: OfflineFeedback] = [:]
        for resource in resources { result[resource] = feedback(for: resource) }
        return result
    }

    /// What a run of writes does to one record, seen from the row: a create stays a create through updates;
    /// a delete wins.
    static func combined(_ actions: [PendingAction]) -> PendingAction? {
        guard var result = actions.first else { return nil }
        for action in actions.dropFirst() {
            switch (result, action) {
            case (_, .delete): result = .delete
            case (.add, .update): result = .add
            case (.delete, .add): result = .update
            default: result = action
            }
        }
        return result
    }
}
