import Clocks
import Connectivity
import Core
import LocalizationKit
import Foundation
import Localization
import Logging
import OfflineSummary
import ReferenceServer
import SecureStore
import TestSupport
import IntegrationSupport
import Testing
import OfflinePatterns

/// The server's reference date, 2026-01-01 00:00 UTC, and the fixed `now` of every test: 30 days later
/// (the same `now` as the previews).
let referenceDate = Date(timeIntervalSince1970: 1_767_225_600)
let day: TimeInterval = 86_400

/// A TimeSource whose `now` moves with a TestClock, so deadlines and dates agree.
func testTime(_ clock: TestClock<Duration>, start: Date = fixedNow) -> TimeSource {
    let origin = clock.now
    return TimeSource(clock: clock, now: { start.addingTimeInterval(origin.duration(to: clock.now).seconds) })
}

/// Deterministic ids: `prefix-1`, `prefix-2`, …
func sequentialIDs(_ prefix: String = "id") -> @Sendable () -> String {
    let counter = Locked(0)
    return {
        let next = counter.withLock { value -> Int in
            value += 1
            return value
        }
        return "\(prefix)-\(next)"
    }
}

/// The peer-mentor fixture and a variant with other figures (a "newer" answer of the server).
let summary2025 = SummaryFixtures.peerMentor2025
let summary2025AfterOneMoreActivity: AnnualSummary = {
    var summary = SummaryFixtures.peerMentor2025
    summary.statCards[0] = StatCard(kind: .activities, value: .count(49))
    return summary
}()

/// An in-memory store holding `summary` as a load `daysAgo` days before `fixedNow` would have left it.
func storeHolding(_ summary: AnnualSummary?, daysAgo: Double = 1, year: Int = 2025) throws -> InMemoryRecordStore {
    let store = InMemoryRecordStore(now: { fixedNow })
    if let summary {
        try cacheRepository(store, year: year).saveSummary(summary, fetchedAt: fixedNow.addingTimeInterval(-daysAgo * day))
    }
    return store
}

func cacheRepository(_ store: any RecordStore, api: SummaryAPI = .test, year: Int = 2025,
                     status: ConnectivityStatus = .offline) -> SummaryRepository {
    SummaryRepository(store: store, api: api, year: year, status: { status }, now: { fixedNow }, makeID: sequentialIDs("snapshot"))
}

/// A transport that records what was sent and answers from a script (success unless the script says otherwise).
final class ScriptedTransport: Sendable {
    private let log = Locked<[OutboxRequest]>([])
    private let script: @Sendable (Int, OutboxRequest) -> HTTPClientError?

    init(script: @escaping @Sendable (_ call: Int, _ request: OutboxRequest) -> HTTPClientError? = { _, _ in nil }) {
        self.script = script
    }

    var sent: [OutboxRequest] { log.withLock { $0 } }

    var transport: OutboxTransport {
        OutboxTransport { [self] request, _ throws(HTTPClientError) in
            let call = log.withLock { log in
                log.append(request)
                return log.count
            }
            if let error = script(call, request) { throw error }
        }
    }
}

/// A summary fetch that waits until the test lets it answer, counting calls: proves what the screen does meanwhile.
final class HeldFetch: Sendable {
    private let state = Locked<(calls: Int, waiters: [CheckedContinuation<Void, Never>], open: Bool)>((0, [], false))
    let summary: AnnualSummary

    init(_ summary: AnnualSummary) { self.summary = summary }

    var calls: Int { state.withLock { $0.calls } }

    func release() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var api: SummaryAPI {
        var api = SummaryAPI.serving(summary)
        api.fetchSummary = { [self] _ throws(HTTPClientError) in
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    state.calls += 1
                    if !state.open { state.waiters.append(continuation) }
                    return state.open
                }
                if open { continuation.resume() }
            }
            if Task.isCancelled { throw .cancelled }
            return summary
        }
        return api
    }
}

/// Answers fetches from a script, counting them: a summary, or an error.
final class ScriptedAPI: Sendable {
    enum Answer: Sendable { case summary(AnnualSummary), failure(HTTPClientError) }
    private let state: Locked<(answers: [Answer], calls: Int)>

    init(_ answers: [Answer]) { state = Locked((answers, 0)) }

    var calls: Int { state.withLock { $0.calls } }

    var api: SummaryAPI {
        var api = SummaryAPI.serving(summary2025)
        api.fetchSummary = { [self] _ throws(HTTPClientError) in
            let answer = state.withLock { state -> Answer in
                state.calls += 1
                return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
            }
            switch answer {
            case let .summary(summary): return summary
            case let .failure(error): throw error
            }
        }
        return api
    }
}

/// One feature over a store, with the outbox it registers activities through, a hand-set connectivity
/// signal and a test clock.
struct Harness {
    let store: any RecordStore
    let status: StateCell<ConnectivityStatus>
    let clock: TestClock<Duration>
    let transport: ScriptedTransport
    let outbox: Outbox
    let feature: SummaryFeature
    let telemetry: InMemoryTelemetrySink

    init(store: any RecordStore, status: ConnectivityStatus, api: SummaryAPI,
         transport: ScriptedTransport = ScriptedTransport(), share: SummaryShareTarget? = nil,
         clock: TestClock<Duration> = TestClock(), outboxStatus: StateCell<ConnectivityStatus>? = nil) async throws {
        self.store = store
        let status = StateCell(status)
        self.status = status
        self.clock = clock
        self.transport = transport
        let time = testTime(clock)
        let telemetry = InMemoryTelemetrySink()
        self.telemetry = telemetry
        outbox = Outbox(store: store, transport: transport.transport, status: outboxStatus ?? status, time: time, seed: 1,
                        idempotencyKeys: IdempotencyKeys(sequentialIDs("key")))
        try await outbox.start()
        feature = SummaryFeature(store: store, api: api, outbox: outbox, connectivity: status, time: time, year: 2025,
                                 telemetry: Telemetry(sink: telemetry, now: time.now), share: share, makeID: sequentialIDs("local"))
    }

    var view: SummaryViewState { feature.viewState.value }

    func stop() async {
        await feature.stop()
        await outbox.stop()
    }
}

// MARK: - Real parts

extension VaultFixture {
    /// TestSupport's fixture with this module's folder label and fixed date.
    init() { self.init(label: "OfflineSummaryTests", now: { fixedNow }) }
}

/// A fresh temporary folder for shared cards.
func temporaryFolder(_ name: String = "share") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("OfflineSummaryTests-\(name)-\(UUID().uuidString)", isDirectory: true)
}

// MARK: - Copy

/// The bundled catalogs, loaded once.
let catalogs: Catalog = {
    do { return try BundledCatalogs.load() } catch { fatalError("the bundled catalogs do not load: \(error)") }
}()

let locales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

func localizer(_ locale: String) -> Localizer {
    Localizer(catalog: catalogs, locale: locale, baseLocale: "en", timeZone: "UTC")
}

/// Every word of a node tree in one locale, one line per copy (for "does the screen say X" checks).
func rendered(_ node: ViewNode, _ locale: String = "en") -> String {
    let localizer = localizer(locale)
    return node.descendants.compactMap { node -> String? in
        switch node {
        case let .verbatim(text, _): text
        case .row, .stack: nil
        default: node.copies.map(localizer.string).joined(separator: " | ")
        }
    }.joined(separator: "\n")
}

extension SummaryViewState {
    var isSpinning: Bool {
        if case .loading = screen { return true }
        return content?.isRefreshing ?? false
    }

    var emptyState: EmptyState? {
        if case let .empty(empty) = screen { return empty }
        return nil
    }

    func action(_ id: String) -> Action? { actions.first { $0.id == id } }
}

/// A refresh that brought `snapshot`.
func freshOutcome(_ snapshot: SummarySnapshot) -> RevalidateOutcome<SummarySnapshot> {
    .fresh(CachedValue(value: snapshot, savedAt: snapshot.fetchedAt))
}

/// A refresh that failed with `error`, `cached` staying on screen.
func keptOutcome(_ cached: CachedSummary?, _ error: HTTPClientError) -> RevalidateOutcome<SummarySnapshot> {
    .kept(cached.map { CachedValue(value: $0.snapshot, savedAt: $0.savedAt) }, error)
}
