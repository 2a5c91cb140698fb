import Core
import Foundation

/// The outbox's transactions: applied one at a time, in the order they were submitted, on a thread of their own
/// (`CommitThread`), each taking every change submitted while the one before it synced (group commit), and waiting a
/// moment for the callers it is likely to gather (`GroupCommitGather`).
///
/// The thread goes from one transaction straight to the next: the changes that queued meanwhile are taken under a lock,
/// never handed over by the outbox's actor. With the actor in between, each transaction waited for a hop to the actor and
/// one back (about a third of a 16-caller transaction's time, `offline-bench outbox`); the callers are resumed from here,
/// and the actor hears of each transaction afterwards, in order (`finished`), for what it publishes.
///
/// The queue's records are decided here too, by the `OutboxJournal` this holds: a transaction's queue operations become its
/// records when the transaction is taken, so all the entries it queues share one segment. After a transaction fails the
/// journal is read back from the store, which is the truth.
final class OutboxCommits: Sendable {
    /// One submission: changes, queue operations, and who waits for the outcome.
    struct Item: Sendable {
        var changes: [RecordChange]
        var operations: [OutboxJournal.Operation]
        /// Who waits for the outcome (one ticket per caller; several callers' writes share an item): told of a success from
        /// the commit thread, of a failure by the outbox (which first rebuilds its queue).
        var tickets: [CommitTicket]
        var durability: RecordDurability
        /// What the outbox does once the transaction is over (logged if it failed; published if it committed).
        var what: String?
        var after: Outbox.AfterCommit?
    }

    /// A transaction that is over: its submissions and its outcome.
    struct Finished: Sendable {
        var items: [Item]
        var result: Result<Void, RecordStoreError>
    }

    private struct State: Sendable {
        var pending: [Item] = []
        /// Callers waiting on items in `pending`.
        var pendingWriters = 0
        var running = false
        /// True while the thread waits in `gather()`.
        var gathering = false
        var journal = OutboxJournal()
        /// How many callers to gather into the next transaction (`GroupCommitGather`).
        var gather = GroupCommitGather()
    }

    private let state = Locked(State())
    /// Signalled when what the thread gathers for has arrived. A semaphore, not a condition: its wait is on the monotonic
    /// clock (a wall clock set back during a wait must not hold the transactions), and a signal given before the wait
    /// starts is kept, so none is lost; one given late only makes the next wait look again.
    private let arrivals = DispatchSemaphore(value: 0)
    private let thread = CommitThread()
    private let store: any RecordStore
    private let restoreJournal: @Sendable () -> OutboxJournal?
    private let queuedWritesDurable: @Sendable () -> Void
    /// Every transaction once it is over, in order; one reader (the outbox).
    let finished: AsyncStream<Finished>
    private let finishedContinuation: AsyncStream<Finished>.Continuation

    /// - Parameters:
    ///   - restoreJournal: the journal as the store has it, read after a failed transaction (nil: unreadable).
    ///   - queuedWritesDurable: called after a transaction that carried queued writes commits, before their callers hear.
    init(store: any RecordStore, restoreJournal: @escaping @Sendable () -> OutboxJournal?,
         queuedWritesDurable: @escaping @Sendable () -> Void = {}) {
        self.store = store
        self.restoreJournal = restoreJournal
        self.queuedWritesDurable = queuedWritesDurable
        (finished, finishedContinuation) = AsyncStream.makeStream()
    }

    deinit { finishedContinuation.finish() }

    /// The journal as the store has it (at start).
    func reset(_ journal: OutboxJournal) {
        state.withLock { $0.journal = journal }
    }

    /// Applies `item` in the next transaction, after everything submitted before it.
    func submit(_ item: Item) {
        let (start, gathered) = state.withLock { state -> (Bool, Bool) in
            state.pending.append(item)
            let writersBefore = state.pendingWriters
            state.pendingWriters += item.tickets.count
            guard !state.running else {
                // The thread, if it gathers, needs waking only when its wait is over: the last callers it waits for are
                // here, or first callers (or a synced change) end a wait for outcomes.
                guard state.gathering else { return (false, false) }
                let ends = !item.tickets.isEmpty
                    ? writersBefore == 0 || state.pendingWriters >= state.gather.target
                    : item.durability == .synced || state.pending.count == Self.outcomesPerTransaction
                return (false, ends)
            }
            state.running = true
            return (true, false)
        }
        if start {
            thread.run { [self] in drain() }
        } else if gathered {
            arrivals.signal()
        }
    }

    /// Ends `finished` (the outbox is gone).
    func close() { finishedContinuation.finish() }

    /// A transaction of deferred changes alone (the outcomes of sends) waits up to this long for more, up to
    /// `outcomesPerTransaction`: nobody waits on them, and a replay's sends come back one every few hundred microseconds,
    /// each of which was a transaction of its own (a sealed record, a delete, the store's per-transaction work).
    static let outcomesWaitNanoseconds: UInt64 = 2_000_000
    static let outcomesPerTransaction = 32

    /// Waits, briefly, for what the next transaction is likely to gather: the callers the last one released (see
    /// `GroupCommitGather`), or more outcomes when only outcomes wait. Woken by `submit` when the wait is over (it reads
    /// `gathering` under the state's lock, set before the wait begins).
    private func gather() {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { state.withLock { $0.gathering = false } }
        while true {
            let limit = state.withLock { state -> UInt64? in
                let limit: UInt64?
                if state.pendingWriters > 0 {
                    limit = state.gather.shouldWait(pendingWriters: state.pendingWriters) ? state.gather.longestWaitNanoseconds : nil
                } else if !state.pending.isEmpty, state.pending.count < Self.outcomesPerTransaction,
                          state.pending.allSatisfy({ $0.durability == .deferred }) {
                    limit = Self.outcomesWaitNanoseconds
                } else {
                    limit = nil
                }
                state.gathering = limit != nil
                return limit
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard let limit, now < start + limit else { return }
            _ = arrivals.wait(timeout: .now() + .nanoseconds(Int(start + limit - now)))
        }
    }

    private func drain() {
        while true {
            gather()
            let taken = state.withLock { state -> (batch: [Item], changes: [RecordChange])? in
                guard !state.pending.isEmpty else {
                    state.running = false
                    return nil
                }
                let batch = state.pending
                state.pending = []
                state.gather.taking(writers: state.pendingWriters)
                state.pendingWriters = 0
                // The queue's records last: one segment for every entry the batch queues.
                return (batch, batch.flatMap(\.changes) + state.journal.changes(for: batch.flatMap(\.operations)))
            }
            guard let (batch, changes) = taken else { return }
            // One transaction: synced as soon as anything in it must be (a write the user queued, a failure shown).
            let durability: RecordDurability = batch.allSatisfy { $0.durability == .deferred } ? .deferred : .synced
            let result: Result<Void, RecordStoreError>
            let started = DispatchTime.now().uptimeNanoseconds
            do throws(RecordStoreError) {
                if !changes.isEmpty { _ = try store.apply(changes, durability: durability) }
                result = .success(())
            } catch {
                result = .failure(error)
                // The journal assumed the transaction would commit.
                if let journal = restoreJournal() { state.withLock { $0.journal = journal } }
            }
            let took = DispatchTime.now().uptimeNanoseconds - started
            state.withLock { $0.gather.committed(waitingNow: $0.pendingWriters, syncTook: durability == .synced ? took : nil) }
            if case .success = result {
                if batch.contains(where: { if case .queued = $0.after { true } else { false } }) { queuedWritesDurable() }
                for item in batch {
                    for ticket in item.tickets { ticket.complete(result) }
                }
            }
            finishedContinuation.yield(Finished(items: batch, result: result))
        }
    }
}

/// How many callers the next transaction waits for: group commit's "wait a moment for the writers about to arrive"
/// (PostgreSQL's `commit_delay` with `commit_siblings`, MySQL's `binlog_group_commit_sync_delay` with its
/// `…_no_delay_count`), sized by what the last transaction saw rather than by a setting.
///
/// Callers that await each write come back as soon as their transaction is durable. Taken at once, the next transaction
/// carries only the callers that arrived while the previous one synced, and the two halves alternate: sixteen callers
/// ride eight to a transaction, and every write pays for half a disk sync. So when a transaction ends, the callers it
/// releases plus those already waiting are how many the next one waits for; never longer than the last synced
/// transaction took (`longestWaitNanoseconds`: waiting longer than a sync costs more than the sync it saves; 200 µs
/// before any, within 50 µs and 2 ms), and never while nothing waits, so a lone caller's write goes at once; an
/// estimate gone stale (callers that stopped writing) costs one wait and is measured again.
/// Measured (`offline-bench outbox`'s 16-caller phase, six rounds each way, alternating in one process): 15.8 writes per
/// transaction instead of 8, so half the disk syncs, and 30–39 µs of CPU per write instead of 38–47.
struct GroupCommitGather: Sendable, Equatable {
    /// The longest a transaction with a caller waiting is held for more to arrive: what the last synced transaction took.
    private(set) var longestWaitNanoseconds: UInt64 = 200_000

    /// Callers to gather; 0 or 1 means take what there is.
    private(set) var target = 0
    private var lastWriters = 0

    /// True while the pending callers are fewer than the last transaction suggests will come.
    func shouldWait(pendingWriters: Int) -> Bool {
        pendingWriters > 0 && pendingWriters < target
    }

    /// A transaction takes `writers` callers.
    mutating func taking(writers: Int) {
        lastWriters = writers
    }

    /// The transaction is over, and `waitingNow` callers queued meanwhile: its own callers will likely be back.
    /// `syncTook`: how long it took, if it synced.
    mutating func committed(waitingNow: Int, syncTook: UInt64? = nil) {
        target = lastWriters + waitingNow
        if let syncTook { longestWaitNanoseconds = min(max(syncTook, 50_000), 2_000_000) }
    }
}

/// One caller's outcome, awaited off the outbox's actor: the entries that carry its writes (set when they are placed in
/// the queue), then success once their transaction commits, or the failure; completed once, awaited once.
final class CommitTicket: Sendable {
    private struct State {
        var carriers: [OutboxEntry?] = []
        var result: Result<[OutboxEntry?], OutboxError>?
        var waiter: CheckedContinuation<Result<[OutboxEntry?], OutboxError>, Never>?
    }

    private let state = Locked(State())

    /// The entries that carry the caller's writes, before their transaction is submitted.
    func place(_ carriers: [OutboxEntry?]) {
        state.withLock { $0.carriers = carriers }
    }

    /// The transaction is over.
    func complete(_ result: Result<Void, RecordStoreError>) {
        switch result {
        case .success: settle { .success($0) }
        case let .failure(error): settle { _ in .failure(.store(error)) }
        }
    }

    /// The writes could not be queued.
    func fail(_ error: OutboxError) {
        settle { _ in .failure(error) }
    }

    private func settle(_ outcome: ([OutboxEntry?]) -> Result<[OutboxEntry?], OutboxError>) {
        let (waiter, result) = state.withLock { state -> (CheckedContinuation<Result<[OutboxEntry?], OutboxError>, Never>?, Result<[OutboxEntry?], OutboxError>?) in
            guard state.result == nil else { return (nil, nil) }
            let result = outcome(state.carriers)
            state.result = result
            defer { state.waiter = nil }
            return (state.waiter, result)
        }
        if let waiter, let result { waiter.resume(returning: result) }
    }

    /// The outcome, once there is one.
    func result() async -> Result<[OutboxEntry?], OutboxError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<[OutboxEntry?], OutboxError>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
