import Connectivity
import Core
import Foundation
import OfflineProducts
import Testing

/// The catalog writes its own cache bytes; they must read back exactly, and say what `JSONEncoder` would have said.
@Suite struct CatalogCacheCodingTests {
    let tricky = [
        Product(id: "a/b %20 \"quoted\"", name: "Back\\slash\ttab\nnewline\u{1}", model: "Ünïcødé 日本語 🎧", serialNumber: "",
                purchaseDate: Date(timeIntervalSince1970: 1_741_944_600.25), warrantyExpiresAt: Date(timeIntervalSince1970: -86_400)),
        Product(id: "2", name: "Plain", model: "M", serialNumber: "SN-2",
                purchaseDate: Date(timeIntervalSince1970: 0), warrantyExpiresAt: Date.distantFuture),
    ]

    @Test func theOwnFormatReadsBackExactlyAndFormatOneIsStillRead() throws {
        for catalog in [ProductCatalog(tricky), ProductCatalog(makeProducts(500)), .empty] {
            let own = try #require(catalog.cacheData())
            let fromOwn = try CachedResourceCoding.decode(ProductCatalog.self, from: own)
            #expect(fromOwn == catalog && Array(fromOwn.products) == Array(catalog.products))
            // A cache an earlier version wrote (format 1, JSON columns) still opens, as the same list.
            let formatOne = try CachedResourceCoding.encoder.encode(catalog)
            #expect(formatOne.first == UInt8(ascii: "{"))
            #expect(try CachedResourceCoding.decode(ProductCatalog.self, from: formatOne) == catalog)
        }
    }

    @Test("Opening the cache builds no product; each is built when read, and a lookup by id finds it")
    func productsAreReadOneAtATime() throws {
        let products = makeProducts(1_000)
        let catalog = try CachedResourceCoding.decode(ProductCatalog.self, from: try #require(ProductCatalog(products).cacheData()))
        #expect(catalog.count == 1_000 && catalog.products[999] == products[999] && catalog.products.first == products[0])
        #expect(catalog.product(id: products[500].id) == products[500] && catalog.product(id: "nope") == nil)
        #expect(Array(catalog.removing(id: products[1].id).products) == [products[0]] + products[2...])
        #expect(catalog.removing(id: "nope") == catalog)
    }

    @Test("A damaged record is refused as a whole (a cache miss, re-synced), never read past its end")
    func aDamagedRecordIsRefused() throws {
        let good = [UInt8](try #require(ProductCatalog(tricky).cacheData()))
        var wrongFormat = good
        wrongFormat[4] = 9
        var offsetPastTheEnd = good
        offsetPastTheEnd[12 + 4 * 2] = 0xFF  // the end offset of the id column
        var backwards = good
        backwards[12 + 4] = 0xFE              // the first id ends before it starts
        for damaged in [Array(good.dropLast()), Array(good.prefix(11)), wrongFormat, offsetPastTheEnd, backwards, Array("OKPC".utf8), []] {
            #expect(throws: (any Error).self) { try ProductCatalog(cacheData: Data(damaged)) }
        }
    }

    @Test func aDateJSONCannotHoldIsLeftToJSONEncoderToRefuse() throws {
        var product = tricky[1]
        product.purchaseDate = Date(timeIntervalSince1970: .nan)
        let catalog = ProductCatalog([product])
        #expect(catalog.cacheData() == nil)
        #expect(throws: EncodingError.self) { try CachedResourceCoding.encode(catalog) }
    }
}
