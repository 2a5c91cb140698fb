public import Connectivity
public import OfflineSummary
import Core
import Foundation
import WireContract

extension SummaryAPI {
    /// The reference backend through `client` (which carries the user's bearer token) for `user`. The summary
    /// revalidates (`fetchSummaryConditionally`): the cached copy's validators go out and a 304 keeps it without a body.
    public static func live(client: HTTPClient, user: String) -> SummaryAPI {
        var api = SummaryAPI(
            fetchSummary: { year throws(HTTPClientError) in
                try AnnualSummary(wire: try await client.get(Wire.Route.summary.endpoint(user, String(year)), as: Wire.AnnualSummary.self))
            },
            activityRequest: { registration throws(OutboxError) in try activityRequest(user: user, registration) },
            activityVersion: { () throws(HTTPClientError) in
                try await client.get(Wire.Route.activityVersion.endpoint(user), as: Wire.ActivityVersion.self).version
            }
        )
        api.fetchSummaryConditionally = { year, validators throws(HTTPClientError) in
            try await client.getConditionally(Wire.Route.summary.endpoint(user, String(year)), validators: validators, as: Wire.AnnualSummary.self)
                .map { summary throws(HTTPClientError) in try AnnualSummary(wire: summary) }
        }
        return api
    }
}
