public import Connectivity
public import Core
public import Foundation
import ReferenceServer
public import TestSupport

/// An HTTP client for `user` against the reference server at `url`, with the user's bearer token; through `transport`
/// when given (a `RecordingTransport`), else the process's shared one.
public func httpClient(_ url: URL, user: String = "user1", connectivity: ConnectivityContext, time: TimeSource = liveTime,
                       timeout: Duration = .seconds(10), transport: (any HTTPTransport)? = nil) -> HTTPClient {
    HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: ReferenceServer.developmentToken(for: user), timeout: timeout),
               connectivity: connectivity, time: time, transport: transport)
}

/// `httpClient` on `clock` (a test clock) with `now` at `fixedNow`, or on the real clock when none is given.
public func client(_ url: URL, user: String = "user1", timeout: Duration = .seconds(5), connectivity: ConnectivityContext,
                   clock: (any Clock<Duration>)? = nil) -> HTTPClient {
    httpClient(url, user: user, connectivity: connectivity, time: clock.map { TimeSource(clock: $0, now: { fixedNow }) } ?? liveTime,
               timeout: timeout)
}

/// A connectivity context over a hand-set cell, reporting nowhere.
public func context(_ cell: StateCell<ConnectivityStatus>) -> ConnectivityContext {
    ConnectivityContext(status: { cell.value }, report: { _ in })
}

/// A connectivity status the test sets, shared by a feature, its gate and its HTTP client.
public final class ConnectivitySwitch: Sendable {
    public let cell: StateCell<ConnectivityStatus>

    public init(_ status: ConnectivityStatus) { cell = StateCell(status) }

    public func set(_ status: ConnectivityStatus) { cell.set(status) }

    public var context: ConnectivityContext { IntegrationSupport.context(cell) }
}

