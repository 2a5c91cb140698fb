import Connectivity
import Core
import Foundation
@testable import OfflineProducts
import Testing
import WireContract

/// The one-pass page reader agrees with `JSONDecoder` on every page it accepts, and leaves everything else to it.
@Suite struct WirePageReaderTests {
    let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ISO8601Timestamp.decodingStrategy
        return decoder
    }()

    /// The page as the backend writes it: the contract's body, dates in ISO 8601.
    func wire(_ page: ProductPage, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        if pretty { encoder.outputFormatting = [.prettyPrinted] }
        return try encoder.encode(Wire.ProductList(items: page.items.map { Wire.Product($0) }, total: page.total))
    }

    /// What `JSONDecoder` reads from the same bytes: the contract's body, mapped as the feature maps it.
    func decoded(_ data: Data) throws -> ProductPage {
        ProductPage(wire: try decoder.decode(Wire.ProductList.self, from: data))
    }

    @Test func readsWhatTheBackendWritesExactlyAsJSONDecoderDoes() throws {
        let tricky = Product(id: "a/b \"q\" \\ \t\n\u{1}", name: "Ünïcødé 日本語 🎧", model: "", serialNumber: "SN/1",
                             purchaseDate: Date(timeIntervalSince1970: 1_741_944_600), warrantyExpiresAt: Date(timeIntervalSince1970: -86_400))
        for page in [ProductPage(items: makeProducts(500), total: 10_000), ProductPage(items: [tricky], total: 1), ProductPage(items: [], total: 0)] {
            for pretty in [false, true] {
                let data = try wire(page, pretty: pretty)
                let read = try #require(WirePageReader.page(from: data))
                #expect(read == page)
                #expect(read == (try decoded(data)))
            }
        }
    }

    @Test func resolvesEveryEscapeAndSkipsUnknownKeysInAnyOrder() throws {
        let json = #"""
        { "next": {"cursor": [1, -2.5e3, true, false, null, {"deep": ["x"]}]}, "total" : 1,
          "items": [ { "warrantyExpiresAt": "2026-03-14T09:30:00+01:00", "serialNumber": "\u0053\u004e\/\"\\\b\f\n\r\t",
                       "name": "caf\u00e9 \ud83c\udfa7", "extra": "ignored", "model": "M", "id": "1",
                       "purchaseDate": "2025-03-14T09:30:00.5Z" } ] }
        """#
        let data = Data(json.utf8)
        let read = try #require(WirePageReader.page(from: data))
        #expect(read == (try decoded(data)))
        #expect(read.items[0].serialNumber == "SN/\"\\\u{8}\u{c}\n\r\t")
        #expect(read.items[0].name == "café 🎧")
    }

    @Test func leavesAnythingElseToJSONDecoder() throws {
        let valid = try wire(ProductPage(items: makeProducts(2), total: 2))
        // Every truncation of a valid page.
        for length in 0..<valid.count {
            #expect(WirePageReader.page(from: valid.prefix(length)) == nil, "prefix \(length)")
        }
        let text = String(decoding: valid, as: UTF8.self)
        for broken in [
            text.replacingOccurrences(of: #""model":"#, with: #""model":null,"was":"#),  // a null where a string belongs
            text.replacingOccurrences(of: #""total":2"#, with: #""total":"2""#),          // a wrong type
            text.replacingOccurrences(of: #""total":2"#, with: #""total":02"#),           // not JSON
            text.replacingOccurrences(of: #""total":2"#, with: #""total":2.0"#),          // JSONDecoder's call
            text.replacingOccurrences(of: #""id":""#, with: #""id":"\ud83c"#),            // a lone surrogate
            text + "x",                                                                   // trailing garbage
        ] {
            #expect(WirePageReader.page(from: Data(broken.utf8)) == nil, "\(broken)")
        }
        #expect(WirePageReader.page(from: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])) == nil)  // invalid UTF-8 in a key
    }

    @Test func neverAcceptsWhatJSONDecoderWouldReadDifferently() throws {
        // Random byte mutations of a valid page: whenever the reader accepts one, JSONDecoder reads the same page.
        let valid = try wire(ProductPage(items: makeProducts(3), total: 3))
        var random = SplitMix64(seed: 2026)
        let alphabet = Array(#"{}[]:,"\ 0123456789-.eEtrufalsn/u"#.utf8)
        var accepted = 0
        for _ in 0..<3_000 {
            var bytes = [UInt8](valid)
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let position = Int(random.next() % UInt64(bytes.count))
                bytes[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            guard let read = WirePageReader.page(from: Data(bytes)) else { continue }
            accepted += 1
            #expect(read == (try? decoded(Data(bytes))), "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 0)
    }

    @Test func aBodyNeitherCanReadIsADecodingError() {
        #expect(throws: HTTPClientError.self) { try ProductPage(wire: Data(#"{"items": 3}"#.utf8)) }
    }
}

extension Wire.Product {
    /// The body the backend sends for `product`.
    init(_ product: Product) {
        self.init(id: product.id, name: product.name, model: product.model, serialNumber: product.serialNumber,
                  purchaseDate: product.purchaseDate, warrantyExpiresAt: product.warrantyExpiresAt)
    }
}
