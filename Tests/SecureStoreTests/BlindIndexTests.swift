import Foundation
@testable import SecureStore
import Testing

/// The blind indexes are looked up in files written by earlier versions: however they are computed (a keyed HMAC
/// reused, a cache of collection indexes), they stay HMAC-SHA256 of the same messages under the key HKDF gives. The
/// expected values were computed apart from this code (Python's hmac and hashlib, HKDF by RFC 5869).
@Suite("SecureStore blind indexes")
struct BlindIndexTests {
    static let vectors: [(collection: String, index: String, keys: [(String, String)])] = [
        ("outbox.queue", "b3298feb6073ca25bbcc36e21bffd6502462397245003dd92585bc1c1a964f89",
         [("00000000000000000001", "cccbbb67202976639d0030c2650ad6950fa28b0ec2d710938ee7e226426425b8"),
          ("k é 🚀", "43ee34a2f74a8b0dc965c4e4166692ad8feaa4c59f50632b57d555faad22cee5")]),
        ("é 漢字 🚀", "dd720e3475433111394c581bbf4fa54ccd16afd446dd6139e7c67b6179847f6c",
         [("00000000000000000001", "6e7802058675cf0e13b211ef0b937a939901c199032dd439484b7bc2be71a4cb"),
          ("k é 🚀", "faf14507e95e4033eac254e595300a90a449cc2278c3de62b6be8294dc9ce4c0")]),
    ]

    func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    @Test func indexesAreTheHMACOfTheirMessageUnderTheDerivedIndexKey() {
        let keys = UserKeys(userIndex: Data(repeating: 7, count: 32), wrapped: Data(), dataKey: Data(repeating: 9, count: 32))
        for _ in 0..<2 { // the second round reads the cached collection indexes and reuses the keyed HMAC
            for vector in Self.vectors {
                let collectionIndex = keys.collectionIndex(vector.collection)
                #expect(hex(collectionIndex) == vector.index)
                for (key, expected) in vector.keys {
                    #expect(hex(keys.keyIndex(key, collectionIndex: collectionIndex)) == expected)
                }
            }
        }
    }
}
