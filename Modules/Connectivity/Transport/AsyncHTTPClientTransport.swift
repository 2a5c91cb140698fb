import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `HTTPTransport` on AsyncHTTPClient (SwiftNIO): real cancellation (a cancelled request closes its connection
/// and returns at once), connect and whole-request deadlines, a connection pool per host, an explicit `shutdown()`.
/// HTTP/1.1 only, no redirects, no decompression: the backend is ours and answers JSON.
public final class AsyncHTTPClientTransport: HTTPTransport {
    private let client: AsyncHTTPClient.HTTPClient
    private let maximumBodyBytes: Int
    private let isShutDown = NIOLockedValueBox(false)

    public init(configuration: HTTPTransportConfiguration = .init()) {
        var settings = AsyncHTTPClient.HTTPClient.Configuration()
        // No read timeout of its own: the request's deadline bounds the whole exchange, so a per-call timeout longer
        // than the default is honoured instead of being cut by a read timer.
        settings.timeout = .init(connect: Self.timeAmount(configuration.connectTimeout), read: nil)
        var pool = AsyncHTTPClient.HTTPClient.Configuration.ConnectionPool(
            idleTimeout: Self.timeAmount(configuration.idleTimeout),
            concurrentHTTP1ConnectionsPerHostSoftLimit: configuration.maximumConnectionsPerHost)
        // A refused connection fails its request at once (fail fast) instead of being retried until the deadline.
        pool.retryConnectionEstablishment = false
        settings.connectionPool = pool
        settings.httpVersion = .http1Only
        settings.redirectConfiguration = .disallow
        settings.decompression = .disabled
        client = AsyncHTTPClient.HTTPClient(eventLoopGroup: AsyncHTTPClient.HTTPClient.defaultEventLoopGroup, configuration: settings)
        maximumBodyBytes = configuration.maximumBodyBytes
    }

    deinit {
        // A transport dropped without `shutdown()` still closes its pool (AsyncHTTPClient traps on a client that was
        // never shut down); the task keeps the client alive until it has.
        guard !isShutDown.withLockedValue({ $0 }) else { return }
        let client = client
        Task { try? await client.shutdown() }
    }

    public func send(_ request: TransportRequest) async throws(HTTPClientError) -> TransportResponse {
        if Task.isCancelled { throw .cancelled }
        guard !isShutDown.withLockedValue({ $0 }) else { throw .invalidRequest("the HTTP transport was shut down") }
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await client.execute(outgoing, deadline: .now() + Self.timeAmount(request.timeout))
            let body = try await response.body.collect(upTo: maximumBodyBytes)
            var headers: [String: String] = [:]
            for header in response.headers where headers[header.name.lowercased()] == nil { headers[header.name.lowercased()] = header.value }
            return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw Task.isCancelled ? .cancelled : Self.classify(error)
        }
    }

    public func shutdown() async {
        let first = isShutDown.withLockedValue { state -> Bool in
            defer { state = true }
            return !state
        }
        guard first else { return }
        try? await client.shutdown()
    }

    /// AsyncHTTPClient's and SwiftNIO's errors as the client's typed errors. Messages never carry a body.
    static func classify(_ error: any Error) -> HTTPClientError {
        if error is CancellationError { return .cancelled }
        if let client = error as? AsyncHTTPClient.HTTPClientError {
            switch client {
            case .cancelled: return .cancelled
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout: return .unreachable("no connection within the connect timeout")
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .timeout
            case .invalidURL, .emptyHost, .emptyScheme: return .invalidRequest("\(client)")
            case .alreadyShutdown: return .invalidRequest("the HTTP transport was shut down")
            default: return .connectionLost("\(client)")
            }
        }
        if error is NIOTooManyBytesError { return .connectionLost("the answer was larger than the transport accepts") }
        if let io = error as? IOError { return classify(errno: io.errnoCode, detail: "\(io)") }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return .unreachable("connect timed out")
            default: return .connectionLost("\(channel)")
            }
        }
        // NIOPosix's NIOConnectionError (every address refused) carries the per-address causes; its text names them.
        let text = String(describing: error)
        if let connect = error as? NIOConnectionError {
            if let io = connect.connectionErrors.lazy.compactMap({ $0.error as? IOError }).first { return classify(errno: io.errnoCode, detail: text) }
            return .unreachable(text)
        }
        if text.contains("Connection refused") || text.contains("connection refused") { return .unreachable("connection refused") }
        return .connectionLost(text)
    }

    static func classify(errno code: Int32, detail: String) -> HTTPClientError {
        switch code {
        case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ENETDOWN, EADDRNOTAVAIL: .unreachable(detail)
        case ETIMEDOUT: .timeout
        default: .connectionLost(detail)
        }
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
