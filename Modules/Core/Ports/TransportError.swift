/// The transport error: why a request to the server failed. It lives in Core so that a feature's state machine can
/// hold it (a sync that failed, a write the server refused) without importing any network code; the HTTP client in
/// Connectivity throws it, and the outbox and cached resources pass it on.
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
}
