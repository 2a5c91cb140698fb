import Connectivity
import Core
import Foundation
@testable import OfflineProducts
import Testing

/// A sync fetches the first page, then the rest a few at a time, and assembles them in order.
@Suite struct PagedSyncTests {
    let products = makeProducts(100)

    @Test func theRestOfThePagesTravelAFewAtATimeAndArriveInOrder() async throws {
        let inFlight = Locked((now: 0, most: 0, calls: 0))
        let catalog = try await ProductsRepository.fetchAll(pageSize: 10, attempts: 1, pagesInFlight: 3) { [products] offset, limit throws(HTTPClientError) in
            inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.calls += 1 }
            // Later pages answer first: order must come from the offsets, not from arrival.
            await Task.yield()
            if offset % 30 == 10 { for _ in 0..<20 { await Task.yield() } }
            inFlight.withLock { $0.now -= 1 }
            return ProductPage(items: Array(products[offset..<min(offset + limit, products.count)]), total: products.count)
        }
        #expect(Array(catalog.products) == products)
        #expect(inFlight.withLock { $0.calls } == 10)
        #expect(inFlight.withLock { $0.most } <= 3)
    }

    @Test func aShortPageMakesTheNextBatchStartRightAfterIt() async throws {
        let catalog = try await ProductsRepository.fetchAll(pageSize: 10, attempts: 1, pagesInFlight: 3) { [products] offset, limit throws(HTTPClientError) in
            // The page at 10 holds 7 items only (a server with a smaller page cap, say).
            let end = offset == 10 ? offset + 7 : min(offset + limit, products.count)
            return ProductPage(items: Array(products[offset..<end]), total: products.count)
        }
        #expect(Array(catalog.products) == products)
    }

    @Test func aFailedPageFailsTheSyncWithItsOwnErrorNotWithItsSiblingsCancellation() async throws {
        await #expect(throws: HTTPClientError.http(status: 404)) {
            try await ProductsRepository.fetchAll(pageSize: 10, attempts: 3, pagesInFlight: 3) { [products] offset, limit throws(HTTPClientError) in
                if offset == 20 { throw .http(status: 404) }
                if offset > 20 {  // never answers on its own: ends only because the failure cancels it
                    let never = AsyncStream<Void> { _ in }
                    for await _ in never {}
                    throw .cancelled
                }
                return ProductPage(items: Array(products[offset..<min(offset + limit, products.count)]), total: products.count)
            }
        }
    }

    @Test func aListThatChangesSizeMidSyncIsRefused() async throws {
        await #expect(throws: HTTPClientError.self) {
            try await ProductsRepository.fetchAll(pageSize: 10, attempts: 1, pagesInFlight: 3) { [products] offset, limit throws(HTTPClientError) in
                ProductPage(items: Array(products[offset..<min(offset + limit, products.count)]), total: offset >= 40 ? 99 : products.count)
            }
        }
    }
}
