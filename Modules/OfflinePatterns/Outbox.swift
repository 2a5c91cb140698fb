public import Core
import Foundation
import Logging

/// The durable outbox (API.write): queues state changes while the app is offline or the server is failing and
/// sends them in order, exactly once, when it can.
///
/// - A write is persisted, atomically with its optimistic data, before `write` returns; a killed process
///   replays what was queued on the next start, with the same idempotency keys.
/// - One request in flight; FIFO per lane and per record; the user-initiated lane goes before background work.
/// - Network errors, 5xx, 408 and 429 are retried with exponential backoff and jitter on the injected clock;
///   other 4xx, or the retry cap, move the write to `deadLetters`, which the UI shows until dismissed.
/// - 401 and 403 say the session is refused, not the write: it stays queued (no attempt spent, nothing rolled back)
///   and the outbox pauses (`isPausedBySession`) instead of retrying in a loop, until the status next turns online
///   or the outbox starts again (a new sign-in).
/// - It drains at start when already online and every time the status turns online.
public actor Outbox {
    /// Collections the outbox keeps in the store it is given (one user's vault).
    public static let queueCollection = "outbox.queue"
    public static let deadLetterCollection = "outbox.dead"

    /// Bumped whenever some record's pending look changes; a screen watching it re-reads `feedback(for:)` for
    /// the rows it shows. (Publishing the whole map on every write would cost O(queued writes) per write.)
    public nonisolated let feedbackRevision = StateCell(0)
    /// Writes the server refused or that failed past the retry cap, oldest first, until dismissed.
    public nonisolated let deadLetters = StateCell<[DeadLetter]>([])
    /// How many writes are queued (in flight included).
    public nonisolated let queuedCount = StateCell(0)
    /// How many writes the server has applied since start; features watch it to invalidate caches.
    public nonisolated let syncedCount = StateCell(0)
    /// The same, by the collection of the record each write changes (`OutboxWrite.resource`): a feature that caches
    /// what depends on one kind of write (the summary on activities) watches only that kind.
    public nonisolated let syncedByCollection = StateCell<[String: Int]>([:])
    /// True while the server refuses the session (401/403): nothing is sent, every queued write is kept.
    public nonisolated let isPausedBySession = StateCell(false)

    private let store: any RecordStore
    private let transport: OutboxTransport
    private let status: StateCell<ConnectivityStatus>
    private let time: TimeSource
    private let policy: RetryPolicy
    private let telemetry: Telemetry
    private let idempotencyKeys: IdempotencyKeys
    private var random: SplitMix64
    private let logger = Logger(label: "OfflineKit.Outbox")

    private var queue = OutboxQueue()
    /// Where transactions run, on a thread of their own, and how the queue is laid out in the store (`OutboxJournal`).
    private let commits: OutboxCommits
    /// Submissions to `commits` not yet heard of as finished.
    private var uncommitted = 0
    /// Hears of each finished transaction, in order.
    private var listener: Task<Void, Never>?
    private var unpersistedWrites = 0
    private let feedbackMap = Locked<[ResourceID: OfflineFeedback]>([:])
    private var started = false
    private var loop: Task<Void, Never>?
    private var statusWatcher: Task<Void, Never>?
    private var idle: CheckedContinuation<Void, Never>?
    private var backoff: Task<Bool, Never>?
    /// The end of the last backoff the send loop slept through in full, on the wall clock: `scheduleNow()` never goes
    /// back before it. See there.
    private var backoffEnded: Date?
    private var syncWaiters: [(id: Int, resources: Set<ResourceID>, collections: Set<String>, continuation: CheckedContinuation<Void, Never>)] = []
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []
    private var nextWaiterID = 0
    private var pausedBySession = false

    /// - Parameters:
    ///   - store: the user's store (a SecureStore vault in the app); the queue lives in it next to the data.
    ///   - status: the connectivity signal; the queue drains while it is `online`.
    ///   - idempotencyKeys: one key per queued write, kept for every attempt (the app passes `.random`; tests `.sequential`).
    ///   - seed: the jitter's generator (the app passes a random one; a test a fixed one, so its retries repeat).
    public init(store: any RecordStore, transport: OutboxTransport, status: StateCell<ConnectivityStatus>,
                time: TimeSource, policy: RetryPolicy = .default, telemetry: Telemetry = .disabled,
                seed: UInt64, idempotencyKeys: IdempotencyKeys) {
        self.store = store
        self.transport = transport
        self.status = status
        self.time = time
        self.policy = policy
        self.telemetry = telemetry
        self.idempotencyKeys = idempotencyKeys
        random = SplitMix64(seed: seed)
        let revision = feedbackRevision
        commits = OutboxCommits(store: store, restoreJournal: {
            // After a failed transaction: the queue's records as the store has them.
            try? Self.restoreJournal(store, logger: Logger(label: "OfflineKit.Outbox")).journal
        }, queuedWritesDurable: {
            // Their rows are in the store now: a screen that heard the pending look before re-reads them.
            _ = revision.update { $0 += 1 }
        })
    }

    deinit { commits.close() }

    // MARK: Lifecycle

    /// Loads what a previous run queued and starts sending (at once if online). Idempotent.
    public func start() throws(OutboxError) {
        guard !started else { return }
        let entries: [OutboxEntry]
        let letters: [DeadLetter]
        do {
            let restored = try Self.restoreJournal(store, logger: logger)
            commits.reset(restored.journal)
            entries = restored.entries
            letters = try decodeAll(DeadLetter.self, collection: Self.deadLetterCollection)
        } catch { throw .store(error) }
        queue = OutboxQueue(restoring: entries, deadLetters: letters)
        started = true
        publishEverything()
        if !entries.isEmpty { logger.info("outbox restored \(entries.count) queued write(s), \(letters.count) failed") }
        loop = Task { await self.run() }
        statusWatcher = Task { [status] in
            for await value in status.values() {
                self.statusChanged(value)
            }
        }
    }

    /// Stops sending; what is queued stays persisted for the next start.
    public func stop() {
        loop?.cancel()
        statusWatcher?.cancel()
        loop = nil
        statusWatcher = nil
        started = false
        wake()
        for waiter in syncWaiters { waiter.continuation.resume() }
        syncWaiters = []
        for waiter in drainWaiters { waiter.resume() }
        drainWaiters = []
    }

    // MARK: Writing

    /// Queues a write of pattern A or B: applies its optimistic data and persists the request in one
    /// transaction, then returns. Returns the entry that carries it, or nil when it cancelled a pending
    /// create (a delete of a record never sent: neither request is sent).
    ///
    /// Nonisolated, like `write(contentsOf:)`: isolated, a caller hopped onto the actor to call it and back onto the actor
    /// to return from it, so sixteen concurrent callers coming back from one transaction ran one after another on the
    /// actor, even their preparation (a trace of `offline-bench outbox`: ~15 µs each, strictly in turn).
    @discardableResult
    public nonisolated func write(_ write: OutboxWrite) async throws(OutboxError) -> OutboxEntry? {
        try await self.write(contentsOf: [write]).first ?? nil
    }

    /// Queues several writes in one transaction (one disk sync for all of them). Writes from concurrent
    /// callers that arrive while a transaction is being synced share the next one (group commit); each
    /// caller returns once its own writes are durable.
    ///
    /// A caller never visits the actor: it prepares its writes in its own task, leaves them with its ticket in `arrivals`
    /// (under a lock), and waits; the actor places every caller that arrived in one visit (`placeArrivals`) and the commit
    /// thread answers each caller directly (`OutboxCommits`). A visit per caller cost each write two hops (onto the actor and
    /// off it again), each a thread woken on this 2-core host: a fifth of the 16-caller phase's CPU was the scheduler's
    /// (`offline-bench outbox` under `perf`). The records' pending look is published as they are queued, and
    /// `feedbackRevision` moves again once they are durable, before their callers hear of it (a screen that re-reads its
    /// rows then finds them in the store); after a failed transaction the queue is rebuilt from the store first.
    @discardableResult
    public nonisolated func write(contentsOf writes: [OutboxWrite]) async throws(OutboxError) -> [OutboxEntry?] {
        for write in writes {
            guard write.pattern == .optimisticWithFeedback || write.pattern == .optimisticWithoutFeedback else {
                throw .patternDoesNotQueue(write.pattern)
            }
        }
        // What does not depend on the queue is prepared in the caller's own task, beside the other callers: the actor,
        // which every write passes through one at a time, only places them.
        let now = time.now()
        let prepared = writes.map { write in
            let key = idempotencyKeys.make()
            return PreparedWrite(write: write, idempotencyKey: key, enqueuedAt: now,
                                 entryTail: OutboxRecordJSON.encodeTail(idempotencyKey: key, write: write, enqueuedAt: now))
        }
        let ticket = CommitTicket()
        let priority = Task.currentPriority
        // One visit at a time places everyone; a caller of higher priority than the visit on its way starts one of its
        // own. The callers wait on their tickets, not on the actor, so nothing else would raise a background writer's
        // visit for the user's write queued behind it. (A visit always at user-initiated priority cost 3–6 % of the
        // 16-caller rate here: on Linux it ran on another dispatch queue's thread.)
        let visit = arrivals.withLock { arrivals -> TaskPriority? in
            arrivals.waiting.append(Arrival(writes: prepared, ticket: ticket))
            if let placing = arrivals.placing, placing >= priority { return nil }
            arrivals.placing = priority
            return priority
        }
        if let visit { Task(priority: visit) { await self.placeArrivals() } }
        return try await ticket.result().get()
    }

    /// A write with its idempotency key, the time it was queued, and its entry's JSON but for the sequence (nil: left to
    /// `JSONEncoder`), made in the caller's task before the actor places it.
    private struct PreparedWrite: Sendable {
        var write: OutboxWrite
        var idempotencyKey: String
        var enqueuedAt: Date
        var entryTail: [UInt8]?
    }

    /// One caller's writes, waiting to be placed in the queue, and the ticket it waits on.
    private struct Arrival: Sendable {
        var writes: [PreparedWrite]
        var ticket: CommitTicket
    }

    private struct Arrivals: Sendable {
        var waiting: [Arrival] = []
        /// The priority of the visit on its way, from the first arrival until `placeArrivals` finds none left: one visit
        /// to the actor for all of them.
        var placing: TaskPriority?
    }

    /// Callers' writes not yet placed; see `write(contentsOf:)`.
    private nonisolated let arrivals = Locked(Arrivals())

    /// Places every caller that arrived, in the order they arrived, and submits their transaction; until none is left.
    private func placeArrivals() {
        while let batch = arrivals.withLock({ arrivals -> [Arrival]? in
            guard !arrivals.waiting.isEmpty else {
                arrivals.placing = nil
                return nil
            }
            defer { arrivals.waiting = [] }
            return arrivals.waiting
        }) {
            place(batch)
        }
    }

    /// Queues each arrival's writes in place and submits one transaction for all of them.
    private func place(_ batch: [Arrival]) {
        // The queue is changed in place (copying it per write would cost O(queued writes)); if the store refuses
        // the batch, the queue is rebuilt from the store, which is the truth.
        var changes: [RecordChange] = []
        var operations: [OutboxJournal.Operation] = []
        var tickets: [CommitTicket] = []
        var touched: Set<ResourceID> = []
        for arrival in batch {
            var carriers: [OutboxEntry?] = []
            carriers.reserveCapacity(arrival.writes.count)
            do throws(OutboxError) {
                for prepared in arrival.writes {
                    let write = prepared.write
                    let result = queue.enqueue(write, idempotencyKey: prepared.idempotencyKey, now: prepared.enqueuedAt)
                    changes += write.optimisticData
                    for sequence in result.removed { operations.append(.finished(sequence)) }
                    for entry in result.saved {
                        // A new entry carries the write as it came (`encode(_:tail:…)` checks it still does); one that
                        // absorbed it (a merged update) is encoded whole.
                        if let tail = prepared.entryTail,
                           let encoded = OutboxRecordJSON.encode(entry, tail: tail, idempotencyKey: prepared.idempotencyKey,
                                                                 enqueuedAt: prepared.enqueuedAt) {
                            operations.append(.put(entry, encoded: encoded))
                        } else {
                            operations.append(try put(entry))
                        }
                    }
                    carriers.append(result.carrier)
                    if let resource = write.resource { touched.insert(resource) }
                }
            } catch {
                // The callers placed before this one are submitted first: their writes are in the queue as they stand.
                if !tickets.isEmpty { submitQueued(changes, operations, tickets: tickets) }
                changes = []
                operations = []
                tickets = []
                reloadQueue()
                arrival.ticket.fail(error)
                continue
            }
            arrival.ticket.place(carriers)
            tickets.append(arrival.ticket)
        }
        if !tickets.isEmpty { submitQueued(changes, operations, tickets: tickets) }
        publish(touched)
    }

    /// Submits what queued entries need (their records, their optimistic data), already changed in the queue in place:
    /// nothing is sent while they are not durable (`unpersistedWrites`, counted down in `finished`), and if the store
    /// refuses them the queue is rebuilt from the store before the ticket says so.
    private func submitQueued(_ changes: [RecordChange], _ operations: [OutboxJournal.Operation], tickets: [CommitTicket]) {
        unpersistedWrites += 1
        schedule(changes, operations, tickets: tickets, what: nil, then: .queued, durability: .synced)
    }

    /// The user dismissed a failed write: a failed create disappears from the store; anything else only
    /// loses its error (the record shows its last local state).
    public func dismiss(_ deadLetterID: UInt64) async throws(OutboxError) {
        guard let letter = queue.deadLetters.first(where: { $0.id == deadLetterID }) else { return }
        var changes: [RecordChange] = [.delete(collection: Self.deadLetterCollection, key: Self.key(letter.id))]
        if letter.entry.write.pendingAction == .add, let resource = letter.entry.write.resource {
            changes.append(.delete(collection: resource.collection, key: resource.key))
        }
        // Through the ordered commits, so it can never land before the failure it dismisses.
        if case let .failure(error) = await commit(changes).result() { throw error }
        // Changed in place once durable: writes queued while this one committed stay in the queue.
        guard queue.dismiss(deadLetterID) != nil else { return }
        publish(Set([letter.entry.write.resource].compactMap { $0 }), deadLettersChanged: true)
    }

    /// The user retried a failed write: its optimistic data are applied again and it is queued anew, at the end of
    /// its lane, with no attempt spent, in one transaction with the dead letter's removal; it is sent once durable.
    /// A write that failed past the retry cap keeps its idempotency key (the server may have applied it); one the
    /// server refused gets a new key. Returns the entry that now carries it (nil: no such dead letter).
    @discardableResult
    public func retry(_ deadLetterID: UInt64) async throws(OutboxError) -> OutboxEntry? {
        guard let letter = queue.deadLetters.first(where: { $0.id == deadLetterID }) else { return nil }
        let key = letter.retryable ? letter.entry.idempotencyKey : idempotencyKeys.make()
        // Changed in place before the commit, like a write (nothing is sent while it is not durable); rebuilt from
        // the store if the store refuses it.
        guard let (_, entry) = queue.requeue(deadLetterID, idempotencyKey: key, now: time.now()) else { return nil }
        let saved: OutboxJournal.Operation
        do throws(OutboxError) { saved = try put(entry) } catch {
            reloadQueue()
            throw error
        }
        let ticket = CommitTicket()
        submitQueued(letter.entry.write.optimisticData + [.delete(collection: Self.deadLetterCollection, key: Self.key(letter.id))], [saved],
                     tickets: [ticket])
        if case let .failure(error) = await ticket.result() { throw error }
        telemetry.record("outbox_write_retried", attributes: ["path": entry.write.request.path, "same_key": "\(letter.retryable)"])
        publish(Set([entry.write.resource].compactMap { $0 }), deadLettersChanged: true)
        wake()
        return entry
    }

    // MARK: Waiting

    /// Suspends until no queued write touches `resources` or any record of `collections`, or the status is
    /// not online (a read then keeps its cache rather than waiting). A read that depends on a pending write
    /// calls this before fetching, so the server's older copy never replaces an optimistic change.
    public func waitUntilSynced(resources: Set<ResourceID> = [], collections: Set<String> = []) async {
        guard started, status.value == .online, !pausedBySession,
              queue.hasPendingWrites(resources: resources, collections: collections) else { return }
        nextWaiterID += 1
        let id = nextWaiterID
        await withCheckedContinuation { continuation in
            syncWaiters.append((id, resources, collections, continuation))
        }
    }

    /// Suspends until the queue is empty (tests, the torture tool, a clean shutdown), or the outbox pauses because
    /// the server refuses the session.
    public func waitUntilDrained() async {
        guard started, !pausedBySession, !queue.isEmpty || uncommitted > 0 else { return }
        await withCheckedContinuation { drainWaiters.append($0) }
    }

    /// The queued writes in order (for the REPL and tests).
    public var pending: [OutboxEntry] { queue.ordered }

    // MARK: The send loop

    private func run() async {
        while !Task.isCancelled {
            guard status.value == .online, unpersistedWrites == 0, !pausedBySession else { await sleepUntilWoken(); continue }
            let now = scheduleNow()
            let (candidate, retryAt) = queue.next(now: now)
            guard let entry = candidate else {
                if let retryAt {
                    if await sleep(until: retryAt, from: now) { backoffEnded = max(backoffEnded ?? retryAt, retryAt) }
                } else {
                    await sleepUntilWoken()
                }
                continue
            }
            queue.markInFlight(entry.sequence)
            let sentAt = time.now()
            let outcome: HTTPClientError?
            do throws(HTTPClientError) {
                try await transport.send(entry.write.request, entry.idempotencyKey)
                outcome = nil
            } catch {
                outcome = error
            }
            if Task.isCancelled, outcome == .cancelled { queue.returnInFlight(); break }
            finish(entry, error: outcome, duration: .seconds(time.now().timeIntervalSince(sentAt)))
        }
    }

    private func finish(_ entry: OutboxEntry, error: HTTPClientError?, duration: Duration) {
        let key = Self.key(entry.sequence)
        guard let error else {
            // The next request may go out at once; readers see the write as synced only once its success data
            // is in the store (so a screen that hears `syncedCount` reads what the server now has).
            queue.markSettling(entry.sequence)
            // Deferred: a power loss that takes this outcome back only means one more send of the entry, which its
            // idempotency key makes a no-op on the server; its success data are applied again when that answer comes.
            schedule(entry.write.successData + entry.write.finallyData, [.finished(entry.sequence)],
                     tickets: [], what: "the success of \(entry.write.request.path)", then: .synced(entry, duration), durability: .deferred)
            return
        }
        if error.isAuthenticationFailure {
            pauseBySession(entry, error: error)
            return
        }
        let retryable = RetryPolicy.isRetryable(error)
        // Offline or cancelled says nothing about this request: it waits without spending an attempt.
        let countsAsAttempt = error != .offline && error != .cancelled
        let delay = policy.delay(afterAttempt: max(entry.attempts + 1, 1), unit: random.nextUnit())
        let now = scheduleNow()
        let failure = queue.failed(entry.sequence, countsAsAttempt: countsAsAttempt, final: !retryable, retryAt: now.addingTimeInterval(delay.seconds),
                                   error: FeedbackError(CoreCopy.changeFailed, detail: error.description), now: now, policy: policy)
        switch failure {
        case let .willRetry(updated)?:
            // Losing it to a power loss only gives the entry back an attempt and sends it sooner.
            persist([try? put(updated)].compactMap { $0 }, what: "the retry state of \(entry.write.request.path)")
            logger.debug("outbox retry \(updated.attempts) of \(entry.write.request.path) after \(error)")
        case let .deadLettered(letter)?:
            var changes = entry.write.failureData + entry.write.finallyData
            if let data = try? Self.encoder.encode(letter) {
                changes.append(.save(collection: Self.deadLetterCollection, key: key, value: data))
            }
            telemetry.record("outbox_write_failed", attributes: ["path": entry.write.request.path, "error": error.description,
                                                                 "attempts": "\(letter.entry.attempts)"])
            logger.warning("outbox gave up on \(entry.write.request.method) \(entry.write.request.path): \(error)")
            // Shown as failed once its failure data is in the store.
            // Synced: a failure the user has seen must not come back as pending.
            schedule(changes, [.finished(entry.sequence)], tickets: [], what: "the failure of \(entry.write.request.path)",
                     then: .deadLettered(entry), durability: .synced)
            return
        case nil:
            break
        }
        publish(Set([entry.write.resource].compactMap { $0 }))
    }

    /// What to publish once a transaction is durable.
    enum AfterCommit: Sendable {
        /// Entries the user queued (`unpersistedWrites`): sendable once durable; the queue rebuilt if they are not.
        case queued
        case synced(OutboxEntry, Duration)
        case deadLettered(OutboxEntry)
    }

    private func committed(_ after: AfterCommit) {
        switch after {
        case let .synced(entry, duration):
            queue.succeeded(entry.sequence)
            telemetry.record("outbox_write_synced", attributes: ["path": entry.write.request.path, "attempts": "\(entry.attempts + 1)"],
                             duration: duration)
            _ = syncedCount.update { $0 += 1 }
            if let collection = entry.write.resource?.collection { _ = syncedByCollection.update { $0[collection, default: 0] += 1 } }
            publish(Set([entry.write.resource].compactMap { $0 }))
        case let .deadLettered(entry):
            publish(Set([entry.write.resource].compactMap { $0 }), deadLettersChanged: true)
        case .queued:
            break
        }
    }

    /// The server refused the session: keep the write (and every other) queued as it is, send nothing more.
    private func pauseBySession(_ entry: OutboxEntry, error: HTTPClientError) {
        queue.returnInFlight()
        pausedBySession = true
        isPausedBySession.set(true)
        telemetry.record("outbox_paused", attributes: ["reason": "session_refused", "error": error.description, "queued": "\(queue.count)"])
        logger.notice("outbox paused: the server refused the session (\(error)); \(queue.count) writes kept")
        for waiter in syncWaiters { waiter.continuation.resume() }
        syncWaiters = []
        for waiter in drainWaiters { waiter.resume() }
        drainWaiters = []
    }

    private func statusChanged(_ value: ConnectivityStatus) {
        if value != .online, pausedBySession {
            // Back online later, one attempt tells whether the session is accepted again.
            pausedBySession = false
            isPausedBySession.set(false)
        }
        if value != .online {
            for waiter in syncWaiters { waiter.continuation.resume() }
            syncWaiters = []
        }
        wake()
    }

    private func wake() {
        idle?.resume()
        idle = nil
        backoff?.cancel()
    }

    private func sleepUntilWoken() async {
        await withCheckedContinuation { continuation in
            if let previous = idle { previous.resume() }
            idle = continuation
        }
    }

    /// Sleeps on the clock until `date`, `now` being the wall clock's reading, and never longer than the policy's
    /// longest backoff (no retry is scheduled further away, so more means the wall clock was set back since); false
    /// when woken first.
    private func sleep(until date: Date, from now: Date) async -> Bool {
        let clock = time.clock
        let interval = min(max(date.timeIntervalSince(now), 0), policy.maxDelay.seconds)
        let sleep = sleeper(on: clock, for: .milliseconds(Int64((interval * 1000).rounded(.up))))
        let task = Task<Bool, Never> { (try? await sleep()) != nil }
        backoff = task
        let sleptInFull = await task.value
        if backoff == task { backoff = nil }
        return sleptInFull
    }

    /// The wall-clock time retries are scheduled and found due by: the wall clock, but never before the end of the
    /// last backoff slept through in full. A backoff is measured on the clock (monotonic), its end kept on the wall
    /// clock (entries persist when they may go again); so a wall clock set back while a retry waits (by the user, by
    /// NTP), or one that stands still as a fixed test date does, would otherwise leave the entry "not yet due" after
    /// every sleep, and the queue would stall for as long as the clock was set back, or for ever. With the sleep
    /// capped at the policy's longest backoff (`sleep(until:from:)`), a retry waits at most that long on the clock
    /// whatever the wall clock does.
    private func scheduleNow() -> Date {
        let wall = time.now()
        guard let backoffEnded, backoffEnded > wall else { return wall }
        return backoffEnded
    }

    // MARK: Persistence and publishing

    /// Records the state a send left behind without waiting for it, and without a disk sync of its own (`.deferred`):
    /// the next request goes out while this transaction commits. Safe because transactions apply in order, and if the
    /// process dies or the power goes first the entry is simply sent again with its idempotency key, which the server
    /// answers without applying it again.
    private func persist(_ operations: [OutboxJournal.Operation], what: String) {
        guard !operations.isEmpty else { return }
        schedule([], operations, tickets: [], what: what, then: nil, durability: .deferred)
    }

    /// Applies `changes` in the next transaction, off the actor, in arrival order; batches what arrives
    /// while a transaction is syncing into one.
    private func commit(_ changes: [RecordChange]) -> CommitTicket {
        let ticket = CommitTicket()
        schedule(changes, [], tickets: [ticket], what: nil, then: nil, durability: .synced)
        return ticket
    }

    private func schedule(_ changes: [RecordChange], _ operations: [OutboxJournal.Operation], tickets: [CommitTicket],
                          what: String?, then after: AfterCommit?, durability: RecordDurability) {
        uncommitted += 1
        commits.submit(OutboxCommits.Item(changes: changes, operations: operations, tickets: tickets, durability: durability,
                                          what: what, after: after))
        guard listener == nil else { return }
        listener = Task { [weak self, commits] in
            for await transaction in commits.finished { await self?.finished(transaction) }
        }
    }

    /// A transaction is over (in order): what waited on it is published.
    private func finished(_ transaction: OutboxCommits.Finished) {
        var queued = 0
        for item in transaction.items {
            if case let .failure(error) = transaction.result, let what = item.what {
                // The server already has it; if the queue record survives, the replay is absorbed by its idempotency key.
                logger.error("outbox could not record \(what): \(error)")
            }
            if case .queued = item.after { queued += 1 }
            if let after = item.after { committed(after) }
        }
        unpersistedWrites -= queued
        if case .failure = transaction.result {
            // Entries queued in place that the store refused: the store is the truth. Rebuilt before any caller hears it.
            if queued > 0 { reloadQueue() }
            for item in transaction.items {
                for ticket in item.tickets { ticket.complete(transaction.result) }
            }
        }
        uncommitted -= transaction.items.count
        if uncommitted == 0 { notifyWaiters() }
        wake()
    }

    private func put(_ entry: OutboxEntry) throws(OutboxError) -> OutboxJournal.Operation {
        do {
            return .put(entry, encoded: try OutboxRecordJSON.encode(entry) ?? Self.encoder.encode(entry))
        } catch {
            throw .invalidWrite("the write to \(entry.write.request.path) could not be encoded: \(error)")
        }
    }

    private func decodeAll<T: Decodable>(_ type: T.Type, collection: String) throws(RecordStoreError) -> [T] {
        try store.loadAll(collection: collection).compactMap { record in
            do { return try Self.decoder.decode(T.self, from: record.value) } catch {
                logger.error("outbox record \(collection)/\(record.key) is unreadable and was skipped: \(error)")
                return nil
            }
        }
    }

    /// The pending look of one record right now (nil: nothing pending or failed). Safe from any task.
    public nonisolated func feedback(for resource: ResourceID) -> OfflineFeedback? {
        feedbackMap.withLock { $0[resource] }
    }

    /// Every record's pending look (for the REPL and tests; screens use `feedback(for:)`).
    public nonisolated var feedbackSnapshot: [ResourceID: OfflineFeedback] {
        feedbackMap.withLock { $0 }
    }

    /// The journal and the queued entries, from the store.
    private static func restoreJournal(_ store: any RecordStore, logger: Logger) throws(RecordStoreError) -> (journal: OutboxJournal, entries: [OutboxEntry]) {
        let records = try store.loadAll(collection: Self.queueCollection)
        return OutboxJournal.restoring(records, decoder: Self.decoder) { key, error in
            logger.error("outbox record \(Self.queueCollection)/\(key) is unreadable and was skipped: \(error)")
        }
    }

    private func reloadQueue() {
        // The journal is `commits`' own (read back there after a failed transaction).
        let entries = (try? Self.restoreJournal(store, logger: logger))?.entries ?? []
        let letters = (try? decodeAll(DeadLetter.self, collection: Self.deadLetterCollection)) ?? []
        queue = OutboxQueue(restoring: entries, deadLetters: letters)
        publishEverything()
    }

    private func publishEverything() {
        let all = queue.feedback
        feedbackMap.withLock { $0 = all }
        _ = feedbackRevision.update { $0 += 1 }
        _ = deadLetters.set(queue.deadLetters)
        notifyWaiters()
    }

    /// Publishes what changed for `resources` only: O(changed records), whatever the queue's length.
    private func publish(_ resources: Set<ResourceID>, deadLettersChanged: Bool = false) {
        let values = resources.map { ($0, queue.feedback(for: $0)) }
        // One lock for all of them: a placement publishes up to a few dozen records at once.
        let changed = feedbackMap.withLock { map in
            var changed = false
            for (resource, value) in values where map[resource] != value {
                map[resource] = value
                changed = true
            }
            return changed
        }
        if changed { _ = feedbackRevision.update { $0 += 1 } }
        if deadLettersChanged { _ = deadLetters.set(queue.deadLetters) }
        notifyWaiters()
    }

    private func notifyWaiters() {
        _ = queuedCount.set(queue.count)
        if !syncWaiters.isEmpty {
            let queue = queue
            let ready = syncWaiters.filter { !queue.hasPendingWrites(resources: $0.resources, collections: $0.collections) }
            syncWaiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            for waiter in ready { waiter.continuation.resume() }
        }
        if queue.isEmpty, uncommitted == 0 {
            for waiter in drainWaiters { waiter.resume() }
            drainWaiters = []
        }
    }

    /// Dead letters are kept under their entry's sequence, in the queue's key order.
    static func key(_ sequence: UInt64) -> String { OutboxJournal.entryKey(sequence) }

    /// Queued entries and dead letters are stored as the wire's JSON (ISO 8601 dates).
    static var encoder: JSONEncoder { WireJSON.encoder }
    static var decoder: JSONDecoder { WireJSON.decoder }
}
