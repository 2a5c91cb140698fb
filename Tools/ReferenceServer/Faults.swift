import Foundation
import Core

/// Faults the server injects, per run (CLI flags) or at runtime (`POST /_admin/faults`, `ReferenceServer.setFaults`).
/// Admin endpoints are never faulted or logged. Every field is optional in JSON; a missing field means "no fault".
public struct FaultConfiguration: Codable, Sendable, Equatable {
    /// Extra delay before every response, in milliseconds.
    public var latencyMs: Int
    /// Fraction (0…1) of requests answered with `errorStatus` instead of being handled (1 = every request).
    public var errorRate: Double
    /// The status of injected errors (a 5xx by default: 503).
    public var errorStatus: Int
    /// Fraction (0…1) of requests whose connection is reset (TCP RST, SO_LINGER 0) instead of answered.
    public var resetRate: Double
    /// Fraction (0…1) of requests that are handled (a write is applied) and then reset instead of answered: the
    /// client never learns that it worked, and retries (with the same idempotency key, if it keeps its intent's).
    public var loseAnswerRate: Double
    /// When set, bodies are sent in `slowBodyChunkBytes` pieces with this many milliseconds between them.
    public var slowBodyChunkDelayMs: Int?
    public var slowBodyChunkBytes: Int
    /// Close the listening socket: clients see ECONNREFUSED until this is cleared (in-process or by the
    /// `refuseForMs` timer), when the server re-binds the same port.
    public var refuseConnections: Bool
    /// With `refuseConnections` set through the admin endpoint (which itself stops answering), how long to
    /// refuse before re-binding automatically. Nil: until cleared in process.
    public var refuseForMs: Int?
    /// Park matching requests unanswered until the faults change to ones that do not hold; then they are handled
    /// (with whatever faults apply then). A sync or warmup stays in progress for as long as a test needs, with no
    /// timer. Parked requests still end at the client's own timeout.
    public var holdResponses: Bool
    /// Only requests whose path starts with one of these are faulted (nil: every non-admin path).
    public var pathPrefixes: [String]?
    /// A slow link: every byte the server writes goes out at most this many kilobits per second (1 kbit = 1,000 bits),
    /// all connections sharing the one link as a phone's do. Nil: as fast as the machine goes. Server-wide: paths and
    /// overrides do not narrow it. With `latencyMs` it makes a cellular-like link (100 ms, 2,000 kbit/s).
    public var bandwidthKbps: Int?
    /// Per-endpoint faults: a request whose path contains an override's `pathContains` (the first that matches) gets
    /// that override's faults instead of these, e.g. 401 on `/cart`, resets on `/orders`, a delay on the rest.
    public var overrides: [FaultOverride]

    public init(latencyMs: Int = 0, errorRate: Double = 0, errorStatus: Int = 503, resetRate: Double = 0,
                slowBodyChunkDelayMs: Int? = nil, slowBodyChunkBytes: Int = 64, refuseConnections: Bool = false,
                refuseForMs: Int? = nil, holdResponses: Bool = false, pathPrefixes: [String]? = nil, loseAnswerRate: Double = 0,
                bandwidthKbps: Int? = nil, overrides: [FaultOverride] = []) {
        self.overrides = overrides
        self.bandwidthKbps = bandwidthKbps
        self.latencyMs = latencyMs
        self.errorRate = errorRate
        self.errorStatus = errorStatus
        self.resetRate = resetRate
        self.loseAnswerRate = loseAnswerRate
        self.slowBodyChunkDelayMs = slowBodyChunkDelayMs
        self.slowBodyChunkBytes = slowBodyChunkBytes
        self.refuseConnections = refuseConnections
        self.refuseForMs = refuseForMs
        self.holdResponses = holdResponses
        self.pathPrefixes = pathPrefixes
    }

    public static let none = FaultConfiguration()

    enum CodingKeys: String, CodingKey {
        case latencyMs, errorRate, errorStatus, resetRate, loseAnswerRate, overrides, slowBodyChunkDelayMs, slowBodyChunkBytes, refuseConnections, refuseForMs, holdResponses, pathPrefixes
        case bandwidthKbps
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            latencyMs: try c.decodeIfPresent(Int.self, forKey: .latencyMs) ?? 0,
            errorRate: try c.decodeIfPresent(Double.self, forKey: .errorRate) ?? 0,
            errorStatus: try c.decodeIfPresent(Int.self, forKey: .errorStatus) ?? 503,
            resetRate: try c.decodeIfPresent(Double.self, forKey: .resetRate) ?? 0,
            slowBodyChunkDelayMs: try c.decodeIfPresent(Int.self, forKey: .slowBodyChunkDelayMs),
            slowBodyChunkBytes: try c.decodeIfPresent(Int.self, forKey: .slowBodyChunkBytes) ?? 64,
            refuseConnections: try c.decodeIfPresent(Bool.self, forKey: .refuseConnections) ?? false,
            refuseForMs: try c.decodeIfPresent(Int.self, forKey: .refuseForMs),
            holdResponses: try c.decodeIfPresent(Bool.self, forKey: .holdResponses) ?? false,
            pathPrefixes: try c.decodeIfPresent([String].self, forKey: .pathPrefixes),
            loseAnswerRate: try c.decodeIfPresent(Double.self, forKey: .loseAnswerRate) ?? 0,
            bandwidthKbps: try c.decodeIfPresent(Int.self, forKey: .bandwidthKbps),
            overrides: try c.decodeIfPresent([FaultOverride].self, forKey: .overrides) ?? [])
    }

    /// The faults for `path`: the first override whose `pathContains` it contains, else these.
    func resolved(for path: String) -> FaultConfiguration {
        overrides.first { path.contains($0.pathContains) }?.faults ?? self
    }

    func applies(to path: String) -> Bool {
        guard let pathPrefixes else { return true }
        return pathPrefixes.contains { path.hasPrefix($0) }
    }

    /// Whether a request on `path` is parked: `holdResponses` in the faults that apply to it (an override's, if one
    /// matches).
    func holds(_ path: String) -> Bool {
        let faults = resolved(for: path)
        return faults.holdResponses && faults.applies(to: path)
    }
}

/// Faults for the requests whose path contains `pathContains` (`FaultConfiguration.overrides`).
public struct FaultOverride: Codable, Sendable, Equatable {
    public var pathContains: String
    public var faults: FaultConfiguration

    public init(pathContains: String, faults: FaultConfiguration) {
        self.pathContains = pathContains
        self.faults = faults
    }
}

/// What happened to one request, decided before it is handled.
enum FaultDecision: Sendable, Equatable {
    case handle
    case fail(status: Int)
    case reset
    /// Handle the request, then reset the connection instead of answering.
    case handleThenReset
}

/// The current faults and the seeded random source that decides which requests they hit.
final class FaultInjector: Sendable {
    private struct State {
        var configuration: FaultConfiguration
        var random: SplitMix64
        /// Requests parked by `holdResponses`, with their paths, resumed when the faults stop holding their path.
        var held: [(path: String, request: CheckedContinuation<Void, Never>)] = []
        /// Requests answered with an injected error or reset so far.
        var injected = 0
    }
    private let state: Locked<State>

    init(_ configuration: FaultConfiguration, seed: UInt64) {
        state = Locked(State(configuration: configuration, random: SplitMix64(seed: seed)))
    }

    var configuration: FaultConfiguration {
        get { state.withLock { $0.configuration } }
    }

    /// How many requests are parked right now.
    var heldCount: Int { state.withLock { $0.held.count } }

    /// How many requests got an injected error or reset so far.
    var injectedCount: Int { state.withLock { $0.injected } }

    func set(_ configuration: FaultConfiguration) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.configuration = configuration
            var released: [CheckedContinuation<Void, Never>] = []
            state.held.removeAll { parked in
                guard !configuration.holds(parked.path) else { return false }
                released.append(parked.request)
                return true
            }
            return released
        }
        for request in released { request.resume() }
    }

    /// Lets every parked request go on (the server is stopping), whatever the faults say.
    func releaseHeld() {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state.held.removeAll() }
            return state.held.map(\.request)
        }
        for request in released { request.resume() }
    }

    /// Returns at once unless the faults hold requests on this path (theirs or an override's); then when they stop
    /// holding it.
    func waitWhileHeld(path: String) async {
        await withCheckedContinuation { (request: CheckedContinuation<Void, Never>) in
            let parked = state.withLock { state -> Bool in
                guard state.configuration.holds(path) else { return false }
                state.held.append((path, request))
                return true
            }
            if !parked { request.resume() }
        }
    }

    func decide(path: String) -> (FaultDecision, FaultConfiguration) {
        state.withLock { state in
            let faults = state.configuration.resolved(for: path)
            guard faults.applies(to: path) else { return (.handle, .none) }
            if faults.resetRate > 0, Double.random(in: 0..<1, using: &state.random) < faults.resetRate {
                state.injected += 1
                return (.reset, faults)
            }
            if faults.errorRate > 0, Double.random(in: 0..<1, using: &state.random) < faults.errorRate {
                state.injected += 1
                return (.fail(status: faults.errorStatus), faults)
            }
            if faults.loseAnswerRate > 0, Double.random(in: 0..<1, using: &state.random) < faults.loseAnswerRate {
                state.injected += 1
                return (.handleThenReset, faults)
            }
            return (.handle, faults)
        }
    }
}

/// Every request the server received, by endpoint (`"METHOD /route/{param}"`), so tests can prove
/// "the server received nothing". Admin requests are not counted. Counts are exact however long the server runs;
/// the entries themselves are the latest `retainedEntries` (a server under load for days must not grow without bound).
public final class RequestLog: Sendable {
    public struct Entry: Sendable, Equatable {
        public var endpoint: String
        public var path: String
        public var user: String?
        public var idempotencyKey: String?
    }

    private struct State {
        var entries: [Entry] = []
        /// Where the oldest entry is once `entries` is full (a ring).
        var oldest = 0
        var total = 0
        var byEndpoint: [String: Int] = [:]
    }

    /// How many entries are kept (the counts cover every request).
    public let retainedEntries: Int
    private let state = Locked(State())

    init(retainedEntries: Int = 50_000) {
        self.retainedEntries = max(1, retainedEntries)
    }

    func record(_ entry: Entry) {
        state.withLock { state in
            state.total += 1
            state.byEndpoint[entry.endpoint, default: 0] += 1
            if state.entries.count < retainedEntries {
                state.entries.append(entry)
            } else {
                state.entries[state.oldest] = entry
                state.oldest = (state.oldest + 1) % retainedEntries
            }
        }
    }

    /// The latest requests (at most `retainedEntries`), oldest first.
    public var entries: [Entry] {
        state.withLock { Array($0.entries[$0.oldest...] + $0.entries[..<$0.oldest]) }
    }

    public var total: Int { state.withLock { $0.total } }

    public func count(_ endpoint: String) -> Int { state.withLock { $0.byEndpoint[endpoint] ?? 0 } }

    public var counts: RequestCounts {
        state.withLock { RequestCounts(total: $0.total, byEndpoint: $0.byEndpoint) }
    }

    public func reset() { state.withLock { $0 = State() } }
}

/// `GET /_admin/requests`: the request log's counts (the reference server's own admin API, not the backend's).
public struct RequestCounts: Codable, Sendable, Equatable {
    public var total: Int
    public var byEndpoint: [String: Int]
}
