public import Connectivity
public import OfflineProducts
import Core
import Foundation

extension ProductsAPI {
    /// The reference backend through `client` (which carries the user's bearer token) for `user`.
    /// Writes carry the caller's `Idempotency-Key`, so a retried request is applied once.
    public static func live(client: HTTPClient, user: String, pageSize: Int = 1_000) -> ProductsAPI {
        // Each id is one path segment, percent-encoded once by Endpoint (an id may hold `/`, `%`, spaces).
        let base = Endpoint("v1", "users", user, "products")
        return ProductsAPI(
            pageSize: pageSize,
            fetchPage: { offset, limit throws(HTTPClientError) in
                let body = try await client.send(method: "GET", path: base, query: ["offset": String(offset), "limit": String(limit)],
                                                 body: nil, idempotencyKey: nil).body
                return try ProductPage(wire: body)
            },
            raiseServiceRequest: { productID, issue, key throws(HTTPClientError) in
                try await client.post(base.appending(productID, "service-requests"), body: ServiceRequestBody(issue: issue),
                                      idempotencyKey: key, as: ServiceRequestReceipt.self)
            },
            transferOwnership: { productID, toUser, key throws(HTTPClientError) in
                try await client.post(base.appending(productID, "transfer"), body: TransferBody(toUser: toUser),
                                      idempotencyKey: key, as: OwnershipTransferReceipt.self)
            }
        )
    }
}

private struct ServiceRequestBody: Encodable {
    var issue: String
}

private struct TransferBody: Encodable {
    var toUser: String
}
