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

    @Test func theOwnWriterReadsBackExactlyAndAsJSONEncodersBytesDo() throws {
        for catalog in [ProductCatalog(tricky), ProductCatalog(makeProducts(500)), .empty] {
            let own = try #require(catalog.cacheData())
            let standard = try CachedResourceCoding.encoder.encode(catalog)
            let fromOwn = try CachedResourceCoding.decoder.decode(ProductCatalog.self, from: own)
            let fromStandard = try CachedResourceCoding.decoder.decode(ProductCatalog.self, from: standard)
            #expect(fromOwn == catalog)
            #expect(fromOwn == fromStandard)
            // The same JSON document, whatever the spelling of its numbers and escapes.
            let ownObject = try JSONSerialization.jsonObject(with: own) as? NSDictionary
            let standardObject = try JSONSerialization.jsonObject(with: standard) as? NSDictionary
            #expect(ownObject == standardObject)
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
