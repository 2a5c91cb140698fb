public import Connectivity
public import Core
import Foundation

/// The process's shared transport, noting what each request asked for and how it was answered: what a test needs to
/// prove that a refresh was a revalidation (`If-None-Match` sent, a 304 with no body back).
public final class RecordingTransport: HTTPTransport {
    public struct Exchange: Sendable, Equatable {
        public var method: String
        public var path: String
        public var ifNoneMatch: String?
        public var ifModifiedSince: String?
        /// Nil until answered (or when the transfer failed).
        public var status: Int?
        public var bodyBytes = 0
    }

    private let inner: any HTTPTransport
    private let log = Locked<[Exchange]>([])

    public init(_ inner: any HTTPTransport = HTTPTransports.shared) { self.inner = inner }

    /// Every request so far, in the order they were started.
    public var exchanges: [Exchange] { log.withLock { $0 } }

    /// The requests whose path ends with `suffix` (`/cart`, `/orders`, `/summary/2025`).
    public func exchanges(to suffix: String) -> [Exchange] { exchanges.filter { $0.path.hasSuffix(suffix) } }

    public func start(_ request: TransportRequest,
                      completion: @escaping @Sendable (Result<TransportResponse, HTTPClientError>) -> Void) -> any TransportTask {
        let index = log.withLock { log in
            log.append(Exchange(method: request.method, path: request.url.path, ifNoneMatch: request.header("If-None-Match"),
                                ifModifiedSince: request.header("If-Modified-Since")))
            return log.count - 1
        }
        return inner.start(request) { [log] result in
            if case let .success(response) = result {
                log.withLock { log in
                    log[index].status = response.status
                    log[index].bodyBytes = response.body.count
                }
            }
            completion(result)
        }
    }

    /// The shared transport is the process's, not this recorder's: nothing to shut down.
    public func shutdown() async {}
}
