public import Foundation
public import Core
import NIOConcurrencyHelpers

/// Why a request failed; each case says what the user or the caller can do. No case carries a response body: bodies
/// may hold personal data, and errors end up in logs and telemetry (`description` is safe to record).
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The monitor says offline: the request was not sent (fails at once, no waiting for a timeout).
    case offline
    /// No answer in time: the deadline passed after the request was handed to the network.
    case timeout
    /// The server could not be reached (connection refused, host or network unreachable, connect timed out).
    case unreachable(String)
    /// The connection broke mid-request (reset, closed early).
    case connectionLost(String)
    /// The server answered with a status outside 200…299; `requestID` is the `X-Request-ID` the request carried.
    case http(status: Int, requestID: String? = nil)
    /// The body was not the JSON expected.
    case decoding(String)
    case cancelled
    /// The request could not be built (bad path, unencodable body): a programming error in the caller.
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .offline: "offline: the request was not sent; try again when the connection is back"
        case .timeout: "the server did not answer in time; try again"
        case let .unreachable(detail): "the server could not be reached (\(detail)); check the connection and the server address"
        case let .connectionLost(detail): "the connection was lost mid-request (\(detail)); try again"
        case let .http(status, requestID): "the server answered \(status)\(requestID.map { " (request \($0))" } ?? "")"
        case let .decoding(detail): "the server's answer could not be read: \(detail)"
        case .cancelled: "the request was cancelled"
        case let .invalidRequest(detail): "the request could not be built: \(detail)"
        }
    }

    /// True for failures that say something about the network path or the server's speed (the copy a screen shows
    /// for them is about the connection).
    public var isTransportFailure: Bool {
        switch self {
        case .timeout, .unreachable, .connectionLost: true
        default: false
        }
    }

    /// 401 or 403: the session is not (or no longer) accepted. Not offline, not a server failure: the user must sign in.
    public var isAuthenticationFailure: Bool {
        if case let .http(status, _) = self { return status == 401 || status == 403 }
        return false
    }

    /// What this outcome tells the connectivity monitor: a connection that could not be made or broke is evidence
    /// about the network; a timeout says the server was slow (a slow answer is not evidence of being offline);
    /// `cancelled`, `decoding`, `offline` and `invalidRequest` say nothing.
    public var evidence: ConnectivityEvidence? {
        switch self {
        case .unreachable, .connectionLost: .transportFailed
        case .timeout: .serverSlow
        case .http: .reachedServer
        case .offline, .decoding, .cancelled, .invalidRequest: nil
        }
    }
}

public struct HTTPClientConfiguration: Sendable {
    public var baseURL: URL
    /// Sent as `Authorization: Bearer <token>`.
    public var bearerToken: String?
    /// The most a whole request may take, body included; enforced with the injected clock. A call may pass its own,
    /// shorter or longer: the transport has no timer of its own that could cut a longer one.
    public var timeout: Duration
    /// Makes the `X-Request-ID` of each request (kept in `.http` errors so a failure can be found in the server's logs).
    public var makeRequestID: @Sendable () -> String

    public init(baseURL: URL, bearerToken: String? = nil, timeout: Duration = .seconds(15),
                makeRequestID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.baseURL = baseURL
        self.bearerToken = bearerToken
        self.timeout = timeout
        self.makeRequestID = makeRequestID
    }
}

/// A JSON-over-HTTP client that fails fast while offline and tells the monitor what every request showed.
///
/// It sends through an `HTTPTransport` (`HTTPTransports.makeDefault`: AsyncHTTPClient off Apple platforms). Deadlines are
/// hard and measured on the injected clock: when one passes (or the caller is cancelled) the call returns at once and
/// the transfer is cancelled behind it. Cancellation abandons the transfer, but the server may already have received
/// (and applied) the request — hence idempotency keys, which the caller mints once per user intent.
public final class HTTPClient: Sendable {
    public let configuration: HTTPClientConfiguration
    private let connectivity: ConnectivityContext
    private let transport: any HTTPTransport
    private let clock: any Clock<Duration>

    /// - Parameter transport: the composition root passes the one it owns and shuts down; nil uses the process's
    ///   shared transport (`HTTPTransports.shared`).
    public init(configuration: HTTPClientConfiguration, connectivity: ConnectivityContext, time: TimeSource,
                transport: (any HTTPTransport)? = nil) {
        self.configuration = configuration
        self.connectivity = connectivity
        clock = time.clock
        self.transport = transport ?? HTTPTransports.shared
    }

    /// GET `endpoint` and decode the JSON answer.
    public func get<Response: Decodable>(_ endpoint: Endpoint, query: [String: String] = [:], timeout: Duration? = nil,
                                         as type: Response.Type = Response.self) async throws(HTTPClientError) -> Response {
        let data = try await send(method: "GET", path: endpoint, query: query, body: nil, idempotencyKey: nil, timeout: timeout).body
        return try decode(type, from: data)
    }

    /// POST `body` as JSON to `endpoint` (with an `Idempotency-Key` when given) and decode the answer.
    public func post<Body: Encodable, Response: Decodable>(_ endpoint: Endpoint, body: Body, idempotencyKey: String? = nil,
                                                           timeout: Duration? = nil,
                                                           as type: Response.Type = Response.self) async throws(HTTPClientError) -> Response {
        let encoded: Data
        do { encoded = try Self.encoder.encode(body) } catch { throw .invalidRequest("the body could not be encoded: \(error)") }
        let data = try await send(method: "POST", path: endpoint, query: [:], body: encoded, idempotencyKey: idempotencyKey, timeout: timeout).body
        return try decode(type, from: data)
    }

    /// Sends one request; returns the status (2xx) and body, or throws a typed error. Every outcome that says
    /// something about the network is reported to the monitor (`HTTPClientError.evidence`).
    public func send(method: String, path endpoint: Endpoint, query: [String: String] = [:], body: Data?, idempotencyKey: String?,
                     headers: [String: String] = [:], timeout: Duration? = nil) async throws(HTTPClientError) -> (status: Int, body: Data) {
        // Offline: fail at once, before anything is built or sent.
        guard connectivity.status() != .offline else { throw .offline }
        if Task.isCancelled { throw .cancelled }
        let deadline = timeout ?? configuration.timeout
        let request = try makeRequest(method: method, endpoint: endpoint, query: query, body: body, idempotencyKey: idempotencyKey,
                                      headers: headers, timeout: deadline)
        let response: TransportResponse
        do {
            response = try await Self.withDeadline(deadline, clock: clock) { [transport] () throws(HTTPClientError) in
                try await transport.send(request)
            }
        } catch {
            if let evidence = error.evidence { connectivity.report(evidence) }
            throw error
        }
        connectivity.report(.reachedServer)
        guard (200..<300).contains(response.status) else {
            throw .http(status: response.status, requestID: response.headers["x-request-id"] ?? request.header("X-Request-ID"))
        }
        return (response.status, response.body)
    }

    func makeRequest(method: String, endpoint: Endpoint, query: [String: String], body: Data?, idempotencyKey: String?,
                     headers: [String: String], timeout: Duration) throws(HTTPClientError) -> TransportRequest {
        let url = try endpoint.url(relativeTo: configuration.baseURL, query: query)
        var fields = [TransportHeader("Accept", "application/json"), TransportHeader("X-Request-ID", configuration.makeRequestID())]
        if let token = configuration.bearerToken { fields.append(TransportHeader("Authorization", "Bearer \(token)")) }
        if body != nil { fields.append(TransportHeader("Content-Type", "application/json")) }
        if let idempotencyKey { fields.append(TransportHeader("Idempotency-Key", idempotencyKey)) }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            fields.append(TransportHeader(name, value))
        }
        return TransportRequest(method: method, url: url, headers: fields, body: body, timeout: Self.transportBackstop(timeout))
    }

    /// The transport's own timer, on the real clock, is only a safety net behind the hard deadline `withDeadline`
    /// keeps on the injected clock: it must never fire first (a busy machine, or a test clock that has not been
    /// advanced, is not a slow server), so it gets the deadline plus a generous grace.
    static func transportBackstop(_ deadline: Duration) -> Duration { deadline * 2 + .seconds(30) }

    /// Runs `operation` in a task of its own and returns its result, `.timeout` once `timeout` has passed on `clock`,
    /// or `.cancelled` when the caller is cancelled, whichever comes first — at once: the loser is cancelled and winds
    /// down on its own, so a deadline is hard whatever the transport does, and no caller ever waits on a cancellation.
    static func withDeadline<T: Sendable>(_ timeout: Duration, clock: any Clock<Duration>,
                                          _ operation: @escaping @Sendable () async throws(HTTPClientError) -> T) async throws(HTTPClientError) -> T {
        let race = DeadlineRace<T>()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, HTTPClientError>, Never>) in
                let work = Task {
                    do throws(HTTPClientError) { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
                }
                let timer = Task {
                    do { try await sleep(clock, for: timeout) } catch { return }
                    race.finish(.failure(.timeout))
                }
                race.start(continuation, tasks: [work, timer])
            }
        } onCancel: {
            race.finish(.failure(.cancelled))
        }
        return try outcome.get()
    }

    private func decode<Response: Decodable>(_ type: Response.Type, from data: Data) throws(HTTPClientError) -> Response {
        if Response.self == EmptyResponse.self { return EmptyResponse() as! Response }
        do { return try Self.decoder.decode(type, from: data) } catch { throw .decoding("\(error)") }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// The first of a request, its deadline and its caller's cancellation to finish resumes the caller, once.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<T, HTTPClientError>, Never>?
        var outcome: Result<T, HTTPClientError>?
        var tasks: [Task<Void, Never>] = []
    }
    private let state = NIOLockedValueBox(State())

    func start(_ continuation: CheckedContinuation<Result<T, HTTPClientError>, Never>, tasks: [Task<Void, Never>]) {
        let decided = state.withLockedValue { state -> Result<T, HTTPClientError>? in
            guard let outcome = state.outcome else {
                state.continuation = continuation
                state.tasks = tasks
                return nil
            }
            return outcome
        }
        guard let decided else { return }
        // Decided before the tasks were registered (a cancelled caller, an instant answer): resume and stop the rest.
        for task in tasks { task.cancel() }
        continuation.resume(returning: decided)
    }

    func finish(_ outcome: Result<T, HTTPClientError>) {
        let (continuation, tasks) = state.withLockedValue { state -> (CheckedContinuation<Result<T, HTTPClientError>, Never>?, [Task<Void, Never>]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer { state.continuation = nil; state.tasks = [] }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: outcome)
    }
}

/// For endpoints whose answer is not read (204, or a body the caller ignores).
public struct EmptyResponse: Decodable, Sendable, Equatable {
    public init() {}
}

/// Sleeps on any clock (opens the existential).
func sleep<C: Clock<Duration>>(_ clock: C, for duration: Duration) async throws {
    try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}
