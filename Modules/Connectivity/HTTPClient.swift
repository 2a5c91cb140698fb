public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Core

/// Why a request failed; each case says what the user or the caller can do.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The monitor says offline: the request was not sent (fails at once, no waiting for a timeout).
    case offline
    /// No answer in time.
    case timeout
    /// The server could not be reached (connection refused, host or network unreachable).
    case unreachable(String)
    /// The connection broke mid-request (reset, closed early).
    case connectionLost(String)
    /// The server answered with a status outside 200…299.
    case http(status: Int, body: Data)
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
        case let .http(status, body): "the server answered \(status): \(String(decoding: body.prefix(200), as: UTF8.self))"
        case let .decoding(detail): "the server's answer could not be read: \(detail)"
        case .cancelled: "the request was cancelled"
        case let .invalidRequest(detail): "the request could not be built: \(detail)"
        }
    }

    /// True for failures that say something about the network (and are reported to the monitor as such).
    public var isTransportFailure: Bool {
        switch self {
        case .timeout, .unreachable, .connectionLost: true
        default: false
        }
    }

    /// Classifies an error thrown by URLSession.
    public init(transport error: any Error) {
        if error is CancellationError { self = .cancelled; return }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            switch nsError.code {
            case NSURLErrorTimedOut: self = .timeout
            case NSURLErrorCancelled: self = .cancelled
            case NSURLErrorCannotConnectToHost, NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed,
                 NSURLErrorNotConnectedToInternet, NSURLErrorInternationalRoamingOff, NSURLErrorDataNotAllowed:
                self = .unreachable(nsError.localizedDescription)
            case NSURLErrorNetworkConnectionLost, NSURLErrorBadServerResponse, NSURLErrorZeroByteResource,
                 NSURLErrorCannotParseResponse, NSURLErrorSecureConnectionFailed:
                self = .connectionLost(nsError.localizedDescription)
            default: self = .connectionLost("\(nsError.domain) \(nsError.code): \(nsError.localizedDescription)")
            }
            return
        }
        if nsError.domain == NSPOSIXErrorDomain {
            switch Int32(nsError.code) {
            case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ENETDOWN: self = .unreachable(nsError.localizedDescription)
            case ETIMEDOUT: self = .timeout
            default: self = .connectionLost(nsError.localizedDescription)
            }
            return
        }
        self = .connectionLost("\(error)")
    }
}

public struct HTTPClientConfiguration: Sendable {
    public var baseURL: URL
    /// Sent as `Authorization: Bearer <token>`.
    public var bearerToken: String?
    /// The most a whole request may take, body included; enforced with the injected clock
    /// (URLSession on Linux does not honour sub-second timeouts). A `send` may pass its own.
    public var timeout: Duration

    public init(baseURL: URL, bearerToken: String? = nil, timeout: Duration = .seconds(15)) {
        self.baseURL = baseURL
        self.bearerToken = bearerToken
        self.timeout = timeout
    }
}

/// A JSON-over-HTTP client that fails fast while offline and tells the monitor what every request showed.
///
/// Built on URLSession (FoundationNetworking on Linux, backed by libcurl). Limits: URLSession on Linux
/// rounds timeouts to whole seconds (0.5 s fails at once), so deadlines are enforced here with the injected
/// clock; HTTP/1.1 keep-alive only; no per-request control of the connection pool; cancellation abandons
/// the transfer, but the server may already have received (and applied) the request — hence idempotency keys.
public final class HTTPClient: Sendable {
    public let configuration: HTTPClientConfiguration
    private let connectivity: ConnectivityContext
    private let session: URLSession
    private let clock: any Clock<Duration>

    public init(configuration: HTTPClientConfiguration, connectivity: ConnectivityContext, time: TimeSource, session: URLSession? = nil) {
        self.configuration = configuration
        self.connectivity = connectivity
        clock = time.clock
        self.session = session ?? Self.makeSession(timeout: configuration.timeout)
    }

    /// A session whose own timeouts are only a backstop (whole seconds, above ours).
    static func makeSession(timeout: Duration) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        let backstop = (timeout.seconds + 1).rounded(.up)
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }

    /// Runs `request` on `session`, failing with `.timeout` once `timeout` has passed on `clock`.
    static func data(for request: URLRequest, session: URLSession, timeout: Duration,
                     clock: any Clock<Duration>) async throws(HTTPClientError) -> (Data, URLResponse) {
        do {
            return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
                group.addTask { try await session.data(for: request) }
                group.addTask {
                    try await sleep(clock, for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let result = first else { throw HTTPClientError.timeout }
                return result
            }
        } catch let error as HTTPClientError {
            throw error
        } catch {
            throw Task.isCancelled ? .cancelled : HTTPClientError(transport: error)
        }
    }

    /// GET `path` and decode the JSON answer.
    public func get<Response: Decodable>(_ path: String, query: [String: String] = [:], as type: Response.Type = Response.self)
        async throws(HTTPClientError) -> Response {
        let data = try await send(method: "GET", path: path, query: query, body: nil, idempotencyKey: nil).body
        return try decode(type, from: data)
    }

    /// POST `body` as JSON to `path` (with an `Idempotency-Key` when given) and decode the answer.
    public func post<Body: Encodable, Response: Decodable>(_ path: String, body: Body, idempotencyKey: String? = nil,
                                                           as type: Response.Type = Response.self) async throws(HTTPClientError) -> Response {
        let encoded: Data
        do { encoded = try Self.encoder.encode(body) } catch { throw .invalidRequest("the body could not be encoded: \(error)") }
        let data = try await send(method: "POST", path: path, query: [:], body: encoded, idempotencyKey: idempotencyKey).body
        return try decode(type, from: data)
    }

    /// Sends one request; returns the status (2xx) and body, or throws a typed error. Every outcome
    /// that says something about the network is reported to the monitor.
    public func send(method: String, path: String, query: [String: String] = [:], body: Data?, idempotencyKey: String?,
                     headers: [String: String] = [:], timeout: Duration? = nil) async throws(HTTPClientError) -> (status: Int, body: Data) {
        // Offline: fail at once, before anything is built or sent.
        guard connectivity.status() != .offline else { throw .offline }
        if Task.isCancelled { throw .cancelled }
        let request = try makeRequest(method: method, path: path, query: query, body: body, idempotencyKey: idempotencyKey, headers: headers)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.data(for: request, session: session, timeout: timeout ?? configuration.timeout, clock: clock)
        } catch {
            if error.isTransportFailure { connectivity.report(.transportFailed) }
            throw error
        }
        connectivity.report(.reachedServer)
        guard let http = response as? HTTPURLResponse else { throw .connectionLost("the answer was not HTTP") }
        guard (200..<300).contains(http.statusCode) else { throw .http(status: http.statusCode, body: data) }
        return (http.statusCode, data)
    }

    func makeRequest(method: String, path: String, query: [String: String], body: Data?, idempotencyKey: String?,
                     headers: [String: String]) throws(HTTPClientError) -> URLRequest {
        guard var components = URLComponents(url: configuration.baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw .invalidRequest("\(path) is not a valid path")
        }
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        guard let url = components.url else { throw .invalidRequest("\(path) is not a valid path") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData,
                                 timeoutInterval: (configuration.timeout.seconds + 1).rounded(.up))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token = configuration.bearerToken { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let idempotencyKey { request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
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

/// For endpoints whose answer is not read (204, or a body the caller ignores).
public struct EmptyResponse: Decodable, Sendable, Equatable {
    public init() {}
}

/// Sleeps on any clock (opens the existential).
func sleep<C: Clock<Duration>>(_ clock: C, for duration: Duration) async throws {
    try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}
