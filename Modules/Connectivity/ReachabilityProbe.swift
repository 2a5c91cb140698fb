public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Core

/// Is the backend reachable right now? One short HTTP GET to a health URL; 204 or 200 means yes.
/// `ConnectivityMonitor` runs it at start-up, at once on every path change, and with backoff while offline.
public struct ReachabilityProbe: Sendable {
    public struct Outcome: Sendable, Equatable {
        public var isReachable: Bool
        /// Why, for logs: "204", "timeout", "refused", …
        public var detail: String

        public init(isReachable: Bool, detail: String) {
            self.isReachable = isReachable
            self.detail = detail
        }
    }

    public var check: @Sendable () async -> Outcome

    public init(check: @escaping @Sendable () async -> Outcome) {
        self.check = check
    }

    /// GET `healthURL`; reachable on 204 or 200 within `timeout` (measured on `time.clock`).
    /// Never follows the app's offline gate: it is how offline ends.
    public static func http(healthURL: URL, timeout: Duration = .seconds(3), time: TimeSource, session: URLSession? = nil) -> ReachabilityProbe {
        let session = session ?? HTTPClient.makeSession(timeout: timeout)
        let clock = time.clock
        return ReachabilityProbe {
            var request = URLRequest(url: healthURL, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData,
                                     timeoutInterval: (timeout.seconds + 1).rounded(.up))
            request.httpMethod = "GET"
            do {
                let (_, response) = try await HTTPClient.data(for: request, session: session, timeout: timeout, clock: clock)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                return Outcome(isReachable: status == 204 || status == 200, detail: "\(status)")
            } catch {
                return Outcome(isReachable: false, detail: "\(HTTPClientError(transport: error))")
            }
        }
    }

    /// Always the same answer (tests, previews).
    public static func fixed(_ reachable: Bool) -> ReachabilityProbe {
        ReachabilityProbe { Outcome(isReachable: reachable, detail: reachable ? "fixed reachable" : "fixed unreachable") }
    }
}
