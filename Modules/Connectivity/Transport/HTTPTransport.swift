public import Core
public import Foundation

/// One request as a transport sends it: the URL is complete and already percent-encoded.
public struct TransportRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    /// Header fields in the order they are sent.
    public var headers: [TransportHeader]
    public var body: Data?
    /// The most this request may take, from the first connect to the last byte of the answer, on the real clock.
    /// `HTTPClient` keeps the caller's deadline itself (hard, on the injected clock) and sets this later, as a backstop.
    public var timeout: Duration

    public init(method: String, url: URL, headers: [TransportHeader] = [], body: Data? = nil, timeout: Duration) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

public struct TransportHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What came back: any status (the client decides what a non-2xx means), headers by lower-cased name, the whole body.
public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// For adapters whose header names are lower-cased already.
    init(lowercasedHeaders headers: [String: String], status: Int, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A transfer a transport has started. `cancel()` may be called from any thread, any number of times, also after the
/// transfer ended (then it does nothing).
public protocol TransportTask: Sendable {
    func cancel()
}

/// The port `HTTPClient` and `ReachabilityProbe` send through. An adapter must:
/// - call `completion` exactly once per `start`, with a response for every status, or a typed error: `.unreachable`
///   when no connection could be made, `.connectionLost` when one broke, `.timeout` when `request.timeout` passed,
///   `.cancelled` after `cancel()`;
/// - honour `cancel()` promptly and safely (cancelling is what deadlines and fail-fast do all day);
/// - after `shutdown()`, fail new requests at once.
/// The primitive is a callback, as both platforms' clients are (AsyncHTTPClient's delegate tasks, URLSession's data
/// tasks): the client races it against its deadline and its caller without a task per request, and `send` adds the
/// `async` form. `AsyncHTTPClientTransport` is the default everywhere but Apple platforms, where `URLSessionTransport` is.
public protocol HTTPTransport: Sendable {
    /// Starts `request` and returns at once; `completion` runs later on a thread of the transport's and must not block.
    func start(_ request: TransportRequest,
               completion: @escaping @Sendable (Result<TransportResponse, HTTPClientError>) -> Void) -> any TransportTask
    /// Closes the connections and stops the transport's own work; the composition root calls it once, at the end.
    func shutdown() async
}

extension HTTPTransport {
    /// Sends `request` and waits for the answer (bounded by `request.timeout`). A cancelled caller gets `.cancelled`
    /// at once; the transfer is cancelled behind it, never waited for.
    public func send(_ request: TransportRequest) async throws(HTTPClientError) -> TransportResponse {
        try await HTTPClient.exchange(request, on: self, timeout: nil, deadlines: nil)
    }
}

/// Settings every adapter understands.
public struct HTTPTransportConfiguration: Sendable, Equatable {
    /// How long establishing a connection may take before the request fails as `.unreachable`: kept apart from the
    /// request's own timeout so that "no connection" (a network problem) and "no answer" (a slow server) differ.
    public var connectTimeout: Duration
    /// Connections kept per host (HTTP/1.1; each carries one request at a time).
    public var maximumConnectionsPerHost: Int
    /// How long an unused connection stays open.
    public var idleTimeout: Duration
    /// Answers larger than this fail as `.connectionLost` instead of filling memory.
    public var maximumBodyBytes: Int

    public init(connectTimeout: Duration = .seconds(2), maximumConnectionsPerHost: Int = 8, idleTimeout: Duration = .seconds(60),
                maximumBodyBytes: Int = 64 << 20) {
        self.connectTimeout = connectTimeout
        self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        self.idleTimeout = idleTimeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}

public enum HTTPTransports {
    /// A new transport of the platform's default kind; the caller owns it and calls `shutdown()`.
    public static func makeDefault(_ configuration: HTTPTransportConfiguration = .init()) -> any HTTPTransport {
        #if canImport(Darwin)
        URLSessionTransport(configuration: configuration)
        #else
        AsyncHTTPClientTransport(configuration: configuration)
        #endif
    }

    /// One process-wide transport for clients that are not given one (tests, tools): never shut down, like a
    /// process-wide default session. An app's composition root makes its own and shuts it down.
    public static let shared: any HTTPTransport = makeDefault()
}
