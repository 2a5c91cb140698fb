import ReferenceServer

/// What the embedded backend does besides answering (`app online|offline`, `app backend …`).
public struct BackendConditions: Sendable, Equatable, CustomStringConvertible {
    /// Connections are refused: an outage.
    public var refusing = false
    /// Data requests are parked unanswered (health checks still answer): work that needs the server stays in progress.
    public var holding = false
    /// About this share of requests (health checks included) fail: half by a connection reset, the rest by a 503.
    public var flakyPercent = 0
    /// When set, only requests under this path fail (one data endpoint of one user: the rest answers).
    public var flakyPath: String?
    /// Requests under this path get a final 422: the server rejects those writes for good (`app backend reject ENDPOINT`).
    public var rejectingPath: String?
    /// Requests under this path are answered `slowMs` milliseconds late (`app backend slow ENDPOINT MS`): a slow first
    /// connectivity check (`health`), a slow summary reload.
    public var slowPath: String?
    public var slowMs = 0

    /// The data endpoints `app backend flaky PERCENT ENDPOINT` can single out.
    public static let endpoints = ["products", "cart", "orders", "summary", "activities"]
    /// What `app backend slow ENDPOINT MS` can slow down: the data endpoints and the health check the connectivity
    /// monitor probes.
    public static let slowEndpoints = ["health"] + endpoints

    public init() {}

    var faults: FaultConfiguration {
        let failing = Double(min(max(flakyPercent, 0), 100)) / 100
        let resets = failing / 2
        // Errors hit only requests that were not reset: this rate makes the two together `failing`.
        let errors = resets < 1 ? (failing - resets) / (1 - resets) : 0
        // A rejected endpoint answers 422 whatever else applies: a final refusal, never retried.
        let rejected = rejectingPath.map { [FaultOverride(pathContains: $0, faults: FaultConfiguration(errorRate: 1, errorStatus: 422,
                                                                                                            holdResponses: holding))] } ?? []
        // A slow endpoint answers late, and otherwise as the rest does (a data endpoint is still held while holding).
        let slowed = slowPath.map { path in
            [FaultOverride(pathContains: path, faults: FaultConfiguration(latencyMs: slowMs, refuseConnections: refusing,
                                                                          holdResponses: holding && path.hasPrefix("/v1/users/")))]
        } ?? []
        return FaultConfiguration(errorRate: errors, resetRate: resets, refuseConnections: refusing, holdResponses: holding,
                                  // While holding, every fault applies to the data API only, so health checks and
                                  // signing in answer.
                                  pathPrefixes: flakyPath.map { [$0] } ?? (holding ? ["/v1/users/"] : nil), overrides: rejected + slowed)
    }

    public var description: String {
        var parts: [String] = []
        if refusing { parts.append("refusing connections") }
        if holding { parts.append("holding data requests") }
        if let rejectingPath { parts.append("rejecting requests to \(rejectingPath) for good (422)") }
        if let slowPath, slowMs > 0 { parts.append("answering \(slowPath) \(slowMs) ms late") }
        if flakyPercent > 0 { parts.append("about \(flakyPercent) % of \(flakyPath.map { "requests to \($0)" } ?? "requests") failing") }
        return parts.isEmpty ? "answering normally" : parts.joined(separator: ", ")
    }
}
