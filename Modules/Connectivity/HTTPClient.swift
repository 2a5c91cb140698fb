public import Foundation
public import Core

extension HTTPClientError {
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
    /// Sent as `Authorization: Bearer <token>` when there is no `session`.
    public var bearerToken: String?
    /// Where each request's bearer comes from, and who hears that the server refused it (401): the app's signed-in
    /// session (`SessionKeeper`). Wins over `bearerToken`.
    public var session: (any SessionCredentials)?
    /// The most a whole request may take, body included; enforced with the injected clock. A call may pass its own,
    /// shorter or longer: the transport has no timer of its own that could cut a longer one.
    public var timeout: Duration
    /// Makes the `X-Request-ID` of each request (kept in `.http` errors so a failure can be found in the server's logs).
    /// By default `RequestIDs.next()`.
    public var makeRequestID: @Sendable () -> String

    public init(baseURL: URL, bearerToken: String? = nil, session: (any SessionCredentials)? = nil, timeout: Duration = .seconds(15),
                makeRequestID: @escaping @Sendable () -> String = RequestIDs.next) {
        self.baseURL = baseURL
        self.bearerToken = bearerToken
        self.session = session
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
    private let deadlines: any DeadlineScheduling

    /// - Parameter transport: the composition root passes the one it owns and shuts down; nil uses the process's
    ///   shared transport (`HTTPTransports.shared`).
    public init(configuration: HTTPClientConfiguration, connectivity: ConnectivityContext, time: TimeSource,
                transport: (any HTTPTransport)? = nil) {
        self.configuration = configuration
        self.connectivity = connectivity
        deadlines = DeadlineSchedulers.make(time.clock)
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

    /// GET `endpoint` as a revalidation of the copy that `validators` describe: they go out as `If-None-Match` and
    /// `If-Modified-Since`, and a 304 comes back as `.notModified` with no body (the caller keeps its copy as it is).
    /// A 200 is `.modified` with its body (decompressed) and the validators it carried (empty when it had none).
    public func getConditionally(_ endpoint: Endpoint, query: [String: String] = [:], validators: CacheValidators?,
                                 timeout: Duration? = nil) async throws(HTTPClientError) -> ConditionalAnswer<Data> {
        var headers: [String: String] = [:]
        if let etag = validators?.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators?.lastModified { headers["If-Modified-Since"] = lastModified }
        let response = try await exchange(method: "GET", path: endpoint, query: query, body: nil, idempotencyKey: nil, headers: headers,
                                          timeout: timeout, accepting: Self.successOrNotModified)
        let answered = CacheValidators(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
        // A 304 may leave a validator out; the one the caller sent still describes its copy.
        if response.status == 304 {
            return .notModified(CacheValidators(etag: answered.etag ?? validators?.etag,
                                                lastModified: answered.lastModified ?? validators?.lastModified))
        }
        return .modified(response.body, answered)
    }

    /// `getConditionally` decoding the JSON of a 200.
    public func getConditionally<Response: Decodable & Sendable>(_ endpoint: Endpoint, query: [String: String] = [:], validators: CacheValidators?,
                                                                 timeout: Duration? = nil,
                                                                 as type: Response.Type = Response.self) async throws(HTTPClientError) -> ConditionalAnswer<Response> {
        try await getConditionally(endpoint, query: query, validators: validators, timeout: timeout).map { body throws(HTTPClientError) in
            try decode(type, from: body)
        }
    }

    /// Sends one request; returns the status (2xx) and body, or throws a typed error. Every outcome that says
    /// something about the network is reported to the monitor (`HTTPClientError.evidence`).
    public func send(method: String, path endpoint: Endpoint, query: [String: String] = [:], body: Data?, idempotencyKey: String?,
                     headers: [String: String] = [:], timeout: Duration? = nil) async throws(HTTPClientError) -> (status: Int, body: Data) {
        let response = try await exchange(method: method, path: endpoint, query: query, body: body, idempotencyKey: idempotencyKey,
                                          headers: headers, timeout: timeout, accepting: Self.success)
        return (response.status, response.body)
    }

    private static let success = 200..<300
    private static let successOrNotModified = 200..<305

    /// One request: built, sent, reported to the monitor; a status outside `accepting` (or 3xx other than 304) throws `.http`.
    private func exchange(method: String, path endpoint: Endpoint, query: [String: String], body: Data?, idempotencyKey: String?,
                          headers: [String: String], timeout: Duration?, accepting: Range<Int>) async throws(HTTPClientError) -> TransportResponse {
        // Offline: fail at once, before anything is built or sent.
        guard connectivity.status() != .offline else { throw .offline }
        if Task.isCancelled { throw .cancelled }
        let deadline = timeout ?? configuration.timeout
        let token = try await bearer()
        let request = try makeRequest(method: method, endpoint: endpoint, query: query, body: body, idempotencyKey: idempotencyKey,
                                      bearer: token, headers: headers, timeout: deadline)
        let response: TransportResponse
        do {
            response = try await Self.exchange(request, on: transport, timeout: deadline, deadlines: deadlines)
        } catch {
            if let evidence = error.evidence { connectivity.report(evidence) }
            throw error
        }
        connectivity.report(.reachedServer)
        if response.status == 401, let token, let session = configuration.session { await session.refused(token) }
        guard accepting.contains(response.status), response.status < 300 || response.status == 304 else {
            throw .http(status: response.status, requestID: response.headers["x-request-id"] ?? request.header("X-Request-ID"))
        }
        return response
    }

    /// The bearer of the next request: the session's (which may sign in first), else the fixed one.
    private func bearer() async throws(HTTPClientError) -> String? {
        guard let session = configuration.session else { return configuration.bearerToken }
        return try await session.bearer()
    }

    func makeRequest(method: String, endpoint: Endpoint, query: [String: String], body: Data?, idempotencyKey: String?,
                     bearer: String?, headers: [String: String], timeout: Duration) throws(HTTPClientError) -> TransportRequest {
        let url = try endpoint.url(relativeTo: configuration.baseURL, query: query)
        // Bodies travel gzipped when the server can (AsyncHTTPClient and URLSession decompress them).
        var fields = [TransportHeader("Accept", "application/json"), TransportHeader("Accept-Encoding", "gzip"),
                      TransportHeader("X-Request-ID", configuration.makeRequestID())]
        if let bearer { fields.append(TransportHeader("Authorization", "Bearer \(bearer)")) }
        if body != nil { fields.append(TransportHeader("Content-Type", "application/json")) }
        if let idempotencyKey { fields.append(TransportHeader("Idempotency-Key", idempotencyKey)) }
        if !headers.isEmpty {
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
                fields.append(TransportHeader(name, value))
            }
        }
        return TransportRequest(method: method, url: url, headers: fields, body: body, timeout: Self.transportBackstop(timeout))
    }

    /// The transport's own timer, on the real clock, is only a safety net behind the hard deadline `exchange`
    /// keeps on the injected clock: it must never fire first (a busy machine, or a test clock that has not been
    /// advanced, is not a slow server), so it gets the deadline plus a generous grace.
    static func transportBackstop(_ deadline: Duration) -> Duration { deadline * 2 + .seconds(30) }

    /// Starts `request` on `transport` and returns its answer, `.timeout` once `timeout` has passed on `deadlines`' clock,
    /// or `.cancelled` when the caller is cancelled, whichever comes first — at once: the loser is called off (the
    /// transfer cancelled, the deadline dropped) and winds down on its own, so a deadline is hard whatever the transport
    /// does, and no caller ever waits on a cancellation. No task is created per request: the transport reports through
    /// a callback and the deadlines share one sleeper (`DeadlineScheduler`).
    static func exchange(_ request: TransportRequest, on transport: any HTTPTransport, timeout: Duration?,
                         deadlines: (any DeadlineScheduling)?) async throws(HTTPClientError) -> TransportResponse {
        let race = ExchangeRace()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<TransportResponse, HTTPClientError>, Never>) in
                guard race.begin(continuation) else { return }
                let transfer = transport.start(request) { race.finish($0) }
                let deadline = timeout.flatMap { timeout in deadlines?.schedule(after: timeout) { race.finish(.failure(.timeout)) } }
                race.attach(transfer, deadline)
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

    static var encoder: JSONEncoder { WireJSON.encoder }

    static var decoder: JSONDecoder { WireJSON.decoder }
}

/// The first of a transfer, its deadline and its caller's cancellation to finish resumes the caller, once, and calls
/// the others off.
private final class ExchangeRace: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<TransportResponse, HTTPClientError>, Never>?
        var outcome: Result<TransportResponse, HTTPClientError>?
        var transfer: (any TransportTask)?
        var deadline: (any DeadlineHandle)?
    }
    private let state = Locked(State())

    /// Keeps the caller's continuation; false (and the continuation resumed) when the race was decided already
    /// (the caller was cancelled before anything started).
    func begin(_ continuation: CheckedContinuation<Result<TransportResponse, HTTPClientError>, Never>) -> Bool {
        let decided = state.withLock { state -> Result<TransportResponse, HTTPClientError>? in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        guard let decided else { return true }
        continuation.resume(returning: decided)
        return false
    }

    /// What to call off once decided; called off at once when the race ended while they were being started.
    func attach(_ transfer: any TransportTask, _ deadline: (any DeadlineHandle)?) {
        let decided = state.withLock { state -> Bool in
            guard state.outcome == nil else { return true }
            state.transfer = transfer
            state.deadline = deadline
            return false
        }
        guard decided else { return }
        transfer.cancel()
        deadline?.cancel()
    }

    func finish(_ outcome: Result<TransportResponse, HTTPClientError>) {
        let (continuation, transfer, deadline) = state.withLock { state in
            guard state.outcome == nil else {
                return (CheckedContinuation<Result<TransportResponse, HTTPClientError>, Never>?.none, (any TransportTask)?.none,
                        (any DeadlineHandle)?.none)
            }
            state.outcome = outcome
            defer { state.continuation = nil; state.transfer = nil; state.deadline = nil }
            return (state.continuation, state.transfer, state.deadline)
        }
        deadline?.cancel()
        // The transfer that finished needs no cancelling; any other outcome calls it off.
        if case .failure = outcome { transfer?.cancel() }
        continuation?.resume(returning: outcome)
    }
}

/// `X-Request-ID`s: a random prefix drawn once per process, then a counter — `3f9a1c2b7d4e-0000002a`. Unique within a
/// process, and across processes but for a 1-in-2⁴⁸ chance, which is all a request ID needs to find a request in the
/// server's logs. No system call per request: Foundation's `UUID()` opens, reads and closes /dev/urandom on Linux each
/// time (`strace -f -c` of offline-bench connectivity: 24,000 opens for 24,000 HTTPClient requests).
public enum RequestIDs {
    private static let prefix = hex(UInt64.random(in: 0..<(1 << 48)), width: 12)
    private static let counter = Locked<UInt64>(0)

    public static func next() -> String {
        let number = counter.withLock { value -> UInt64 in
            value &+= 1
            return value
        }
        return prefix + "-" + hex(number, width: 8)
    }

    private static func hex(_ value: UInt64, width: Int) -> String {
        let digits = String(value, radix: 16)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }
}

/// For endpoints whose answer is not read (204, or a body the caller ignores).
public struct EmptyResponse: Decodable, Sendable, Equatable {
    public init() {}
}

