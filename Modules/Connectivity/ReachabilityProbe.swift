public import Foundation
public import Core

/// Is the backend reachable right now? One short HTTP GET to a health URL; 204 or 200 means yes.
/// `ConnectivityMonitor` runs it at start-up, at once on every path change, and with backoff while offline.
public struct ReachabilityProbe: Sendable {
    public struct Outcome: Sendable, Equatable {
        public var isReachable: Bool
        /// The connection was made but no answer came in time: the server is slow, which says nothing about the
        /// network (as for any request, `HTTPClientError.evidence`). Not a failure: the probe runs again later.
        public var timedOut: Bool
        /// Why, for logs: "204", "timeout", "refused", …
        public var detail: String

        public init(isReachable: Bool, timedOut: Bool = false, detail: String) {
            self.isReachable = isReachable
            self.timedOut = timedOut
            self.detail = detail
        }
    }

    public var check: @Sendable () async -> Outcome

    public init(check: @escaping @Sendable () async -> Outcome) {
        self.check = check
    }

    /// GET `healthURL` through `transport`; reachable on 204 or 200 within `timeout` (measured on `time.clock`).
    /// Never follows the app's offline gate: it is how offline ends.
    public static func http(healthURL: URL, timeout: Duration = .seconds(3), time: TimeSource,
                            transport: (any HTTPTransport)? = nil) -> ReachabilityProbe {
        let transport = transport ?? HTTPTransports.shared
        let deadlines = DeadlineSchedulers.make(time.clock)
        return ReachabilityProbe {
            let request = TransportRequest(method: "GET", url: healthURL, headers: [TransportHeader("Accept", "application/json")],
                                           timeout: HTTPClient.transportBackstop(timeout))
            do {
                let response = try await HTTPClient.exchange(request, on: transport, timeout: timeout, deadlines: deadlines)
                return Outcome(isReachable: response.status == 204 || response.status == 200, detail: "\(response.status)")
            } catch {
                return Outcome(isReachable: false, timedOut: (error as? HTTPClientError)?.evidence == .serverSlow, detail: "\(error)")
            }
        }
    }

    /// Always the same answer (tests, previews).
    public static func fixed(_ reachable: Bool) -> ReachabilityProbe {
        ReachabilityProbe { Outcome(isReachable: reachable, detail: reachable ? "fixed reachable" : "fixed unreachable") }
    }
}
