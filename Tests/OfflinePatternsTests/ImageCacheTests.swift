import Core
import Foundation
import OfflinePatterns
import SecureStore
import Testing
import TestSupport
import IntegrationSupport

/// The cart's images offline (issue 25, item 8): kept encrypted in the user's store within a byte budget, the least
/// recently shown evicted first.
@Suite struct ImageCacheTests {
    /// A PNG's header (signature and IHDR with this size) padded to `bytes`: what the cache reads of a PNG.
    static func png(_ width: Int, _ height: Int, bytes: Int = 100, fill: UInt8 = 0xAB) -> Data {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
        return Data(header + Array(repeating: fill, count: max(0, bytes - header.count)))
    }

    final class Clock: Sendable {
        private let seconds = Locked(0.0)
        var now: Date { fixedNow.addingTimeInterval(seconds.withLock { $0 }) }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    @Test func aKeptImageIsShownWithItsPixelSizeAndAnythingButAPNGIsRefused() throws {
        let clock = Clock()
        let cache = ImageCache(store: InMemoryRecordStore(now: { fixedNow }), collection: "images", budgetBytes: 1_000, now: { clock.now })
        #expect(try cache.keep(Self.png(120, 80), for: "img/a.png") == PixelSize(width: 120, height: 80))
        #expect(try cache.keep(Data("not a png".utf8), for: "img/b.png") == nil)
        #expect(cache.show(["img/a.png", "img/b.png", "img/never.png"]) == ["img/a.png": PixelSize(width: 120, height: 80)])
        #expect(cache.image("img/a.png") == Self.png(120, 80))
        #expect(cache.image("img/b.png") == nil)
        #expect(PixelSize(png: Self.png(1, 1)).map(\.description) == "1×1")
    }

    @Test func theLeastRecentlyShownImagesGoFirstWhenTheBudgetWouldBePassed() throws {
        let clock = Clock()
        let store = InMemoryRecordStore(now: { fixedNow })
        let cache = ImageCache(store: store, collection: "images", budgetBytes: 300, now: { clock.now })
        for name in ["a", "b", "c"] {
            try cache.keep(Self.png(10, 10), for: name)
            clock.advance(1)
        }
        #expect(cache.usedBytes == 300)
        _ = cache.show(["a"])  // a is now the most recently shown; b the least
        clock.advance(1)
        try cache.keep(Self.png(20, 20), for: "d")
        #expect(!cache.contains("b") && cache.contains("a") && cache.contains("c") && cache.contains("d"))
        #expect(cache.usedBytes <= 300)
        #expect(try store.load(collection: "images", key: "b") == nil, "the evicted image's bytes are gone too")
        // An image larger than the whole budget is not kept, and evicts nothing.
        #expect(try cache.keep(Self.png(500, 500, bytes: 301), for: "huge") == nil)
        #expect(cache.contains("a") && cache.contains("c") && cache.contains("d"))
    }

    @Test func theIndexOutlivesTheProcessAndTheBytesAreEncryptedAtRest() throws {
        let clock = Clock()
        let vault = VaultFixture(label: "image-cache", now: { clock.now })
        defer { vault.remove() }
        let marker = Self.png(64, 48, bytes: 400, fill: 0x5A)
        do {
            let store = try vault.open()
            let cache = ImageCache(store: store.vault(for: "user1"), collection: "images", budgetBytes: 10_000, now: { clock.now })
            try cache.keep(marker, for: "img/secret.png")
            store.close()
        }
        for (name, bytes) in try vault.files() {
            #expect(bytes.range(of: marker.prefix(24)) == nil, "\(name) holds the PNG header in plain text")
            #expect(bytes.range(of: Data(repeating: 0x5A, count: 64)) == nil, "\(name) holds the image bytes in plain text")
        }
        let store = try vault.open()
        defer { store.close() }
        let reopened = ImageCache(store: store.vault(for: "user1"), collection: "images", budgetBytes: 10_000, now: { clock.now })
        #expect(reopened.show(["img/secret.png"]) == ["img/secret.png": PixelSize(width: 64, height: 48)])
        #expect(reopened.image("img/secret.png") == marker)
        // Another user's vault sees none of it.
        let other = ImageCache(store: store.vault(for: "user2"), collection: "images", budgetBytes: 10_000, now: { clock.now })
        #expect(!other.contains("img/secret.png"))
    }
}
