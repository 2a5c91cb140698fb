public import Foundation

/// The record a write is about, in the local store: what coalescing and pending feedback key on.
public struct ResourceID: Sendable, Hashable, Codable, CustomStringConvertible {
    public var collection: String
    public var key: String

    public init(collection: String, key: String) {
        self.collection = collection
        self.key = key
    }

    public var description: String { "\(collection)/\(key)" }
}

/// Which queue a write waits in. A user-initiated write goes before any background backlog
/// (but never before an earlier write to the same resource, so per-resource order holds).
public enum OutboxLane: String, Sendable, Hashable, Codable, CaseIterable {
    case userInitiated
    case background
}

/// The HTTP request a write sends once online; kept as plain data so it survives a restart.
public struct OutboxRequest: Sendable, Hashable, Codable {
    public var method: String
    /// The endpoint's percent-encoded path (`Endpoint.encodedPath`), sent as it is.
    public var path: String
    public var body: Data?

    public init(method: String, endpoint: Endpoint, body: Data? = nil) {
        self.method = method
        path = endpoint.encodedPath
        self.body = body
    }

    public var endpoint: Endpoint { Endpoint(encodedPath: path) }

    /// A JSON body from an `Encodable` value (sorted keys, ISO 8601 dates, like the wire format).
    public static func json<Body: Encodable>(_ method: String, _ endpoint: Endpoint, _ body: Body) throws(OutboxError) -> OutboxRequest {
        do { return OutboxRequest(method: method, endpoint: endpoint, body: try CachedResourceCoding.encoder.encode(body)) } catch {
            throw .invalidWrite("the body of \(method) \(endpoint) could not be encoded: \(error)")
        }
    }
}

/// API.write: a state change the app makes at once (optimistically) and sends when it can, as the
/// offline guide describes. Each `…Data` is a batch of changes to the local store:
/// `optimisticData` at once (atomically with queueing the request), `successData` or `failureData`
/// when the server answers, `finallyData` after either.
public struct OutboxWrite: Sendable, Equatable, Codable {
    public var request: OutboxRequest
    /// The record the write changes; nil for a write that no row shows (pattern A without a record).
    public var resource: ResourceID?
    /// What the write does to `resource` (drives pending feedback and coalescing).
    public var pendingAction: PendingAction?
    /// `optimisticWithoutFeedback` (A) or `optimisticWithFeedback` (B); other patterns are refused.
    public var pattern: OfflinePattern
    public var lane: OutboxLane
    public var optimisticData: [RecordChange]
    public var successData: [RecordChange]
    public var failureData: [RecordChange]
    public var finallyData: [RecordChange]

    public init(request: OutboxRequest, resource: ResourceID? = nil, pendingAction: PendingAction? = nil,
                pattern: OfflinePattern = .optimisticWithFeedback, lane: OutboxLane = .userInitiated,
                optimisticData: [RecordChange] = [], successData: [RecordChange] = [],
                failureData: [RecordChange] = [], finallyData: [RecordChange] = []) {
        self.request = request
        self.resource = resource
        self.pendingAction = pendingAction
        self.pattern = pattern
        self.lane = lane
        self.optimisticData = optimisticData
        self.successData = successData
        self.failureData = failureData
        self.finallyData = finallyData
    }
}

/// One queued write as it is persisted: the write, its place in line and its retry state.
public struct OutboxEntry: Sendable, Equatable, Codable, Identifiable {
    /// Position in the queue; strictly increasing, never reused.
    public var sequence: UInt64
    /// Sent as `Idempotency-Key` on every attempt, so a replay after a lost answer applies nothing twice.
    public var idempotencyKey: String
    public var write: OutboxWrite
    /// Failed attempts so far (network errors, 5xx).
    public var attempts: Int
    public var enqueuedAt: Date
    /// Not sent before this time (backoff after a failed attempt).
    public var notBefore: Date?

    public var id: UInt64 { sequence }

    public init(sequence: UInt64, idempotencyKey: String, write: OutboxWrite, attempts: Int = 0, enqueuedAt: Date, notBefore: Date? = nil) {
        self.sequence = sequence
        self.idempotencyKey = idempotencyKey
        self.write = write
        self.attempts = attempts
        self.enqueuedAt = enqueuedAt
        self.notBefore = notBefore
    }
}

/// A write the server refused (4xx) or that failed past the retry cap. Kept until the user dismisses it or retries
/// it: a failed write is never dropped silently.
public struct DeadLetter: Sendable, Equatable, Codable, Identifiable {
    public var entry: OutboxEntry
    public var error: FeedbackError
    public var failedAt: Date
    /// The last failure was one a retry may cure (the retry cap after timeouts or 5xx): the server may have applied
    /// the write without the answer arriving, so a retry keeps its idempotency key. A refusal (4xx) was not applied,
    /// and a retry sends it under a new key (a server that remembers keys would otherwise answer the old refusal).
    public var retryable: Bool

    public var id: UInt64 { entry.sequence }

    public init(entry: OutboxEntry, error: FeedbackError, failedAt: Date, retryable: Bool = false) {
        self.entry = entry
        self.error = error
        self.failedAt = failedAt
        self.retryable = retryable
    }

    private enum CodingKeys: String, CodingKey { case entry, error, failedAt, retryable }

    /// Reads what earlier versions kept too (no `retryable`: taken as a refusal, so a retry uses a new key).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entry = try container.decode(OutboxEntry.self, forKey: .entry)
        error = try container.decode(FeedbackError.self, forKey: .error)
        failedAt = try container.decode(Date.self, forKey: .failedAt)
        retryable = try container.decodeIfPresent(Bool.self, forKey: .retryable) ?? false
    }
}

/// Why a write was not accepted. Nothing was queued or applied when one of these is thrown.
public enum OutboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The write's pattern does not queue (blocking form, full-page blocking, a read).
    case patternDoesNotQueue(OfflinePattern)
    case invalidWrite(String)
    /// The store refused the batch; the write was not queued.
    case store(RecordStoreError)

    public var description: String {
        switch self {
        case let .patternDoesNotQueue(pattern):
            "a \(pattern.rawValue) action is never queued: submit it through the online-only gate while online"
        case let .invalidWrite(detail): "the write is invalid: \(detail)"
        case let .store(error): "the write could not be queued: \(error)"
        }
    }
}

/// How often and how fast a failed request is retried.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts before the write moves to the dead-letter list (the first attempt counts).
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    public init(maxAttempts: Int = 8, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(60)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    public static let `default` = RetryPolicy()

    /// Exponential backoff with "equal jitter": half the step is fixed, half random, so retries of many
    /// clients spread out but none retries at once. `unit` is a random number in 0..<1.
    public func delay(afterAttempt attempt: Int, unit: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let step = min(baseDelay * (1 << exponent), maxDelay)
        return step / 2 + (step / 2) * min(max(unit, 0), 1)
    }

    /// Network errors, timeouts, 5xx, 408 and 429 are retried; other 4xx are final (the request is wrong).
    public static func isRetryable(_ error: HTTPClientError) -> Bool {
        switch error {
        case .timeout, .unreachable, .connectionLost, .offline: true
        case let .http(status, _): status >= 500 || status == 408 || status == 429
        case .decoding, .cancelled, .invalidRequest: false
        }
    }

    /// A read that failed while online in a way a later try can cure (a 5xx, a reset, a timeout): the screen says it
    /// could not refresh and the app tries again by itself. Never for being offline (the connection's return
    /// triggers the read) nor for a refused session or a wrong request.
    public static func isCuredByRetryingOnline(_ error: HTTPClientError) -> Bool {
        error != .offline && isRetryable(error)
    }
}

/// The outbox's transport port: how it sends one request. A struct of closures so tests and benchmarks can count or
/// fail calls; the live one (`OutboxTransport.live(_:)`, through the HTTP client) is in Connectivity.
public struct OutboxTransport: Sendable {
    public var send: @Sendable (_ request: OutboxRequest, _ idempotencyKey: String) async throws(HTTPClientError) -> Void

    public init(send: @escaping @Sendable (_ request: OutboxRequest, _ idempotencyKey: String) async throws(HTTPClientError) -> Void) {
        self.send = send
    }
}
