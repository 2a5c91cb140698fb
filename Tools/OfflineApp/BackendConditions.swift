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

    /// The data endpoints `app backend flaky PERCENT ENDPOINT` can single out.
    public static let endpoints = ["products", "cart", "orders", "summary", "activities"]

    public init() {}

    var faults: FaultConfiguration {
        let failing = Double(min(max(flakyPercent, 0), 100)) / 100
        let resets = failing / 2
        // Errors hit only requests that were not reset: this rate makes the two together `failing`.
        let errors = resets < 1 ? (failing - resets) / (1 - resets) : 0
        // A rejected endpoint answers 422 whatever else applies: a final refusal, never retried.
        let rejected = rejectingPath.map { [FaultOverride(pathContains: $0, faults: FaultConfiguration(errorRate: 1, errorStatus: 422,
                                                                                                            holdResponses: holding))] } ?? []
        return FaultConfiguration(errorRate: errors, resetRate: resets, refuseConnections: refusing, holdResponses: holding,
                                  // While holding, every fault applies to the data API only, so health checks and
                                  // signing in answer.
                                  pathPrefixes: flakyPath.map { [$0] } ?? (holding ? ["/v1/users/"] : nil), overrides: rejected)
    }

    public var description: String {
        var parts: [String] = []
        if refusing { parts.append("refusing connections") }
        if holding { parts.append("holding data requests") }
        if let rejectingPath { parts.append("rejecting requests to \(rejectingPath) for good (422)") }
        if flakyPercent > 0 { parts.append("about \(flakyPercent) % of \(flakyPath.map { "requests to \($0)" } ?? "requests") failing") }
        return parts.isEmpty ? "answering normally" : parts.joined(separator: ", ")
    }
}
