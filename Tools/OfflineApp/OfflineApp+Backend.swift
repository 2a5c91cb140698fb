public import Connectivity
public import Core
import Foundation
import ReferenceServer
import WireContract

/// The backend and network commands: `app online|offline`, `app backend …`, `app network …`.
extension OfflineApp {
    // MARK: Network

    /// `app offline` / `app online`: the backend refuses (or accepts) connections, and the monitor finds out
    /// through real requests, as it would in an outage.
    public func setBackendReachable(_ reachable: Bool) async throws(AppCommandError) {
        try await refuseConnections(!reachable)
        let run = try current()
        if reachable {
            // A real request that reaches the server is the evidence that brings the app back online.
            for _ in 0..<20 where run.monitor.status.value != .online {
                if await run.probe.check().isReachable { run.monitor.report(.reachedServer) }
                await waitForStatus(timeout: .milliseconds(250)) { $0 == .online }
            }
        } else {
            for _ in 0..<20 where run.monitor.status.value != .offline {
                _ = try? await run.client.send(method: "GET", path: Wire.Route.health.endpoint(), body: nil, idempotencyKey: nil, timeout: .seconds(1))
                await waitForStatus(timeout: .milliseconds(250)) { $0 == .offline }
            }
        }
        await settle()
    }

    func refuseConnections(_ refuse: Bool) async throws(AppCommandError) {
        var conditions = backend
        conditions.refusing = refuse
        try await apply(conditions, command: "`app online`/`app offline`", otherwise: "stop the server or use `app network none`")
    }

    /// `app backend hold|release`: data requests wait at the backend (a warmup or sync stays in progress) until
    /// released; then they are answered and the app settles as after any command.
    public func setBackendHolding(_ holding: Bool) async throws(AppCommandError) {
        var conditions = backend
        conditions.holding = holding
        try await apply(conditions, command: "`app backend`", otherwise: "use the embedded backend (no --server)")
        await settle()
    }

    /// `app backend flaky PERCENT [ENDPOINT]|steady`: about PERCENT % of requests fail (resets and 503s), health checks
    /// too; with an endpoint (products, cart, orders, summary, activities), only the current user's requests to it.
    public func setBackendFlaky(percent: Int, endpoint: String? = nil) async throws(AppCommandError) {
        guard (0...100).contains(percent) else { throw AppCommandError("a percentage from 0 to 100, e.g. `app backend flaky 30`") }
        if let endpoint, !BackendConditions.endpoints.contains(endpoint) {
            throw AppCommandError("unknown endpoint \(endpoint): use \(BackendConditions.endpoints.joined(separator: ", "))")
        }
        var conditions = backend
        conditions.flakyPercent = percent
        conditions.flakyPath = endpoint.map { "/v1/users/\(run?.user ?? lastUser)/\($0)" }
        try await apply(conditions, command: "`app backend`", otherwise: "use the embedded backend (no --server)")
    }

    /// `app backend slow ENDPOINT MS`: the backend answers ENDPOINT (health, products, cart, orders, summary, activities)
    /// MS milliseconds late; `app backend steady` (or 0) ends it. `health` slows the connectivity monitor's probe: a slow
    /// first connectivity check at launch.
    public func setBackendSlow(endpoint: String?, milliseconds: Int) async throws(AppCommandError) {
        guard (0...120_000).contains(milliseconds) else { throw AppCommandError("milliseconds from 0 to 120000, e.g. `app backend slow health 4000`") }
        if let endpoint, !BackendConditions.slowEndpoints.contains(endpoint) {
            throw AppCommandError("unknown endpoint \(endpoint): use \(BackendConditions.slowEndpoints.joined(separator: ", "))")
        }
        var conditions = backend
        conditions.slowMs = milliseconds
        conditions.slowPath = endpoint.map { $0 == "health" ? "/health" : "/v1/users/\(run?.user ?? lastUser)/\($0)" }
        try await apply(conditions, command: "`app backend`", otherwise: "use the embedded backend (no --server)")
    }

    /// `app backend add-activity`: the backend records an activity for the current user, as another device (or a
    /// coordinator) would; nothing on this device knows until it asks.
    public func backendAddActivity() async throws(AppCommandError) -> String {
        guard let server else { throw AppCommandError("`app backend add-activity` needs the embedded backend; with --server, POST the activity yourself") }
        let user = run?.user ?? lastUser
        guard let activity = server.recordActivity(for: user, occurredAt: clock.now) else { throw AppCommandError("the backend has no user \(user)") }
        return "the backend recorded \(activity.kind) (\(activity.id)) for \(user), as another device would"
    }

    /// `app backend reject ENDPOINT`: requests to the current user's ENDPOINT get a final 422 (the server rejects those
    /// writes for good: a queued write fails and shows its error with Dismiss); nil (`app backend steady`) lifts it.
    public func setBackendRejecting(endpoint: String?) async throws(AppCommandError) {
        if let endpoint, !BackendConditions.endpoints.contains(endpoint) {
            throw AppCommandError("unknown endpoint \(endpoint): use \(BackendConditions.endpoints.joined(separator: ", "))")
        }
        var conditions = backend
        conditions.rejectingPath = endpoint.map { "/v1/users/\(run?.user ?? lastUser)/\($0)" }
        try await apply(conditions, command: "`app backend`", otherwise: "use the embedded backend (no --server)")
        await settle()
    }

    /// `app backend revoke|expire`: the backend ends (or lets expire) every session of the current user, as an admin
    /// revoking access or a lapsed session would. The app finds out from its next request's 401: it drops the kept token
    /// and is signed out ("Please sign in again", never the offline copy) until `app login ID`.
    public func backendEndSessions(expiring: Bool) async throws(AppCommandError) -> String {
        guard let server else { throw AppCommandError("`app backend \(expiring ? "expire" : "revoke")` needs the embedded backend; with --server, end the session there") }
        let user = run?.user ?? lastUser
        let count = expiring ? server.expireSessions(of: user) : server.revokeSessions(of: user)
        return "the backend \(expiring ? "expired" : "revoked") \(count) session(s) of \(user)"
    }

    /// Every request the embedded backend has received, by endpoint (`"POST /v1/users/{user}/orders"`); nil with --server.
    public var backendRequests: [String: Int]? {
        server.map { $0.requestLog.counts.byEndpoint }
    }

    /// The embedded backend's request count and how many of those it failed on purpose (nil with --server).
    public var backendCounts: (requests: Int, injectedFaults: Int)? {
        server.map { ($0.requestLog.total, $0.injectedFaults) }
    }

    func apply(_ conditions: BackendConditions, command: String, otherwise: String) async throws(AppCommandError) {
        guard let server else { throw AppCommandError("\(command) needs the embedded backend; with --server, \(otherwise)") }
        do { try await server.setFaults(conditions.faults) } catch { throw AppCommandError("the backend could not change: \(error)") }
        backend = conditions
    }

    /// `app network wifi|cellular|none`: the path monitor's reading changes.
    public func setNetwork(_ name: String) async throws(AppCommandError) {
        let run = try current()
        guard let path = run.path.set(named: name) else { throw AppCommandError("unknown network \(name): use wifi, cellular or none") }
        if path.isUsable {
            let refusing = backend.refusing
            await waitForStatus(timeout: .seconds(3)) { $0 == .online || refusing }
        } else {
            await waitForStatus(timeout: .seconds(3)) { $0 == .offline }
        }
        await settle()
    }

    public var status: ConnectivityStatus { run?.monitor.status.value ?? .unknown }
    /// The features of the running app, by `featureID`, in the order they start (empty when not running).
    var featureIDs: [String] { run?.features.map { type(of: $0).featureID } ?? [] }
    public var network: NetworkPath? { run?.path.path.value }

    /// Signed in, signing in or signed out (`app status`); nil when the app is not running.
    public var session: SessionState? { run?.session.state.value }

    func waitForStatus(timeout: Duration, _ condition: @escaping @Sendable (ConnectivityStatus) -> Bool) async {
        guard let run else { return }
        let cell = run.monitor.status
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await value in cell.values() where condition(value) { return } }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }
}
