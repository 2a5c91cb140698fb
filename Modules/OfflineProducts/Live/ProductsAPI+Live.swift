public import Connectivity
public import OfflineProducts
import Core
import Foundation
import WireContract

extension ProductsAPI {
    /// The reference backend through `client` (which carries the user's bearer token) for `user`.
    /// Writes carry the caller's `Idempotency-Key`, so a retried request is applied once.
    public static func live(client: HTTPClient, user: String, pageSize: Int = 1_000) -> ProductsAPI {
        // Each id is one path segment, percent-encoded once by Endpoint (an id may hold `/`, `%`, spaces).
        var api = ProductsAPI(
            pageSize: pageSize,
            fetchPage: { offset, limit throws(HTTPClientError) in
                let body = try await client.send(method: "GET", path: Wire.Route.products.endpoint(user),
                                                 query: Wire.PageQuery(offset: offset, limit: limit).parameters,
                                                 body: nil, idempotencyKey: nil).body
                return try ProductPage(wire: body)
            },
            raiseServiceRequest: { productID, issue, key throws(HTTPClientError) in
                let request = try await client.post(Wire.Route.raiseServiceRequest.endpoint(user, productID),
                                                    body: Wire.ServiceRequestBody(issue: issue), idempotencyKey: key, as: Wire.ServiceRequest.self)
                return ServiceRequestReceipt(wire: request)
            },
            transferOwnership: { productID, toUser, key throws(HTTPClientError) in
                let transfer = try await client.post(Wire.Route.transferOwnership.endpoint(user, productID),
                                                     body: Wire.TransferOwnershipBody(toUser: toUser), idempotencyKey: key,
                                                     as: Wire.OwnershipTransfer.self)
                return OwnershipTransferReceipt(wire: transfer)
            }
        )
        api.fetchPageConditionally = { offset, limit, validators throws(HTTPClientError) in
            try await client.getConditionally(Wire.Route.products.endpoint(user), query: Wire.PageQuery(offset: offset, limit: limit).parameters,
                                              validators: validators).map { body throws(HTTPClientError) in try ProductPage(wire: body) }
        }
        return api
    }
}
