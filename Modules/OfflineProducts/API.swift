public import Foundation
public import Core
package import WireContract

/// What `POST …/products/{product}/service-requests` answers (`Wire.ServiceRequest`), as the app keeps it.
public struct ServiceRequestReceipt: Sendable, Equatable {
    public var id: String
    public var productId: String
    public var status: String
    public var createdAt: Date

    public init(id: String, productId: String, status: String, createdAt: Date) {
        self.id = id
        self.productId = productId
        self.status = status
        self.createdAt = createdAt
    }
}

/// What `POST …/products/{product}/transfer` answers (`Wire.OwnershipTransfer`).
public struct OwnershipTransferReceipt: Sendable, Equatable {
    public var productId: String
    public var fromUser: String
    public var toUser: String
    public var transferredAt: Date

    public init(productId: String, fromUser: String, toUser: String, transferredAt: Date) {
        self.productId = productId
        self.fromUser = fromUser
        self.toUser = toUser
        self.transferredAt = transferredAt
    }
}

/// The endpoints this feature calls (`Wire.Route`, Modules/WireContract), as a struct of closures:
/// `live(client:user:)` for the app, `test` that fails on every call, and fixtures for tests and previews.
public struct ProductsAPI: Sendable {
    /// `GET /v1/users/{user}/products?offset=&limit=`
    public var fetchPage: @Sendable (_ offset: Int, _ limit: Int) async throws(HTTPClientError) -> ProductPage
    /// `POST /v1/users/{user}/products/{product}/service-requests` with `{"issue"}`.
    /// The key is the intent's (one per request the user makes, the same for each retry of it).
    public var raiseServiceRequest: @Sendable (_ productID: String, _ issue: String, _ idempotencyKey: String) async throws(HTTPClientError) -> ServiceRequestReceipt
    /// `POST /v1/users/{user}/products/{product}/transfer` with `{"toUser"}`.
    public var transferOwnership: @Sendable (_ productID: String, _ toUser: String, _ idempotencyKey: String) async throws(HTTPClientError) -> OwnershipTransferReceipt
    /// The same page asked for conditionally: `validators` go out as `If-None-Match`/`If-Modified-Since`, a 304 is
    /// `.notModified`. Every page of one version of the list carries that version's validators (WireContract:
    /// "Validators"), so the first page's answer says whether the whole list changed, and pages of two versions cannot
    /// be mixed. Nil (fixtures): pages come whole through `fetchPage` and nothing is revalidated.
    public var fetchPageConditionally: (@Sendable (_ offset: Int, _ limit: Int, _ validators: CacheValidators?) async throws(HTTPClientError)
        -> ConditionalAnswer<ProductPage>)?
    /// How many products one page asks for.
    public var pageSize: Int

    public init(pageSize: Int = 1_000,
                fetchPage: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws(HTTPClientError) -> ProductPage,
                raiseServiceRequest: @escaping @Sendable (_ productID: String, _ issue: String, _ idempotencyKey: String) async throws(HTTPClientError) -> ServiceRequestReceipt,
                transferOwnership: @escaping @Sendable (_ productID: String, _ toUser: String, _ idempotencyKey: String) async throws(HTTPClientError) -> OwnershipTransferReceipt) {
        self.pageSize = max(1, pageSize)
        self.fetchPage = fetchPage
        self.raiseServiceRequest = raiseServiceRequest
        self.transferOwnership = transferOwnership
    }

    /// Fails every call with `.invalidRequest` naming it: a test states what it expects by overriding only the
    /// closures it means to be called.
    public static var test: ProductsAPI {
        let unexpected: @Sendable (String) -> HTTPClientError = { name in
            .invalidRequest("ProductsAPI.test: unexpected call to \(name); override it in the test")
        }
        return ProductsAPI(
            fetchPage: { _, _ throws(HTTPClientError) in throw unexpected("fetchPage") },
            raiseServiceRequest: { _, _, _ throws(HTTPClientError) in throw unexpected("raiseServiceRequest") },
            transferOwnership: { _, _, _ throws(HTTPClientError) in throw unexpected("transferOwnership") }
        )
    }

    /// Serves `products` page by page from memory; writes fail as `test` does.
    public static func serving(_ products: [Product], pageSize: Int = 1_000) -> ProductsAPI {
        var api = ProductsAPI.test
        api.pageSize = max(1, pageSize)
        api.fetchPage = { offset, limit throws(HTTPClientError) in
            let start = min(max(offset, 0), products.count)
            let end = min(start + max(limit, 0), products.count)
            return ProductPage(items: Array(products[start..<end]), total: products.count)
        }
        return api
    }

    /// Every call fails as the HTTP client does while offline.
    public static var offline: ProductsAPI {
        ProductsAPI(
            fetchPage: { _, _ throws(HTTPClientError) in throw .offline },
            raiseServiceRequest: { _, _, _ throws(HTTPClientError) in throw .offline },
            transferOwnership: { _, _, _ throws(HTTPClientError) in throw .offline }
        )
    }
}

// MARK: - From the wire (Modules/WireContract)

extension ProductPage {
    /// A page as the backend sends it (`Wire.ProductList`): read by `WirePageReader` in one pass, or by `JSONDecoder`
    /// (with its precise error) when the reader does not recognise the body.
    public init(wire data: Data) throws(HTTPClientError) {
        if let page = WirePageReader.page(from: data) {
            self = page
            return
        }
        do { self.init(wire: try WireJSON.decoder.decode(Wire.ProductList.self, from: data)) } catch { throw .decoding("\(error)") }
    }

    package init(wire page: Wire.ProductList) {
        self.init(items: page.items.map(Product.init(wire:)), total: page.total)
    }
}

extension Product {
    package init(wire product: Wire.Product) {
        self.init(id: product.id, name: product.name, model: product.model, serialNumber: product.serialNumber,
                  purchaseDate: product.purchaseDate, warrantyExpiresAt: product.warrantyExpiresAt)
    }
}

extension ServiceRequestReceipt {
    package init(wire request: Wire.ServiceRequest) {
        self.init(id: request.id, productId: request.productId, status: request.status, createdAt: request.createdAt)
    }
}

extension OwnershipTransferReceipt {
    package init(wire transfer: Wire.OwnershipTransfer) {
        self.init(productId: transfer.productId, fromUser: transfer.fromUser, toUser: transfer.toUser, transferredAt: transfer.transferredAt)
    }
}
