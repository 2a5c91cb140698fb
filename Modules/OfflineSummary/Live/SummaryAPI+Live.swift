public import Connectivity
public import OfflineSummary
import Core
import Foundation

extension SummaryAPI {
    /// The reference backend through `client` (which carries the user's bearer token) for `user`.
    public static func live(client: HTTPClient, user: String) -> SummaryAPI {
        SummaryAPI(
            fetchSummary: { year throws(HTTPClientError) in
                let wire = try await client.get(Endpoint("v1", "users", user, "summary", String(year)), as: SummaryWire.self)
                return try wire.summary()
            },
            activityRequest: { registration throws(OutboxError) in try activityRequest(user: user, registration) },
            activityVersion: { () throws(HTTPClientError) in
                try await client.get(activityVersionEndpoint(user: user), as: ActivityVersionWire.self).version
            }
        )
    }
}

/// `{"version": "…"}`
private struct ActivityVersionWire: Decodable, Sendable {
    var version: String
}
