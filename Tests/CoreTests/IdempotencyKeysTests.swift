import Core
import Foundation
import Testing

@Suite struct IdempotencyKeysTests {
    /// What servers and logs expect of an idempotency key: a version 4 UUID in lowercase, new for every intent.
    @Test func randomKeysAreLowercaseVersion4UUIDsAndNeverRepeat() {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let key = IdempotencyKeys.random.make()
            let uuid = try? #require(UUID(uuidString: key))
            #expect(uuid?.uuidString.lowercased() == key)
            let bytes = Array(key.utf8)
            #expect(bytes.count == 36)
            #expect(bytes[14] == UInt8(ascii: "4"), "version 4: \(key)")
            #expect("89ab".utf8.contains(bytes[19]), "variant 10xx: \(key)")
            seen.insert(key)
        }
        #expect(seen.count == 10_000)
    }

    /// The keys come from a shared block of random bytes: callers on many threads at once still never get the same bytes.
    @Test func randomKeysFromConcurrentCallersNeverRepeat() async {
        let keys = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<2_000).map { _ in IdempotencyKeys.random.make() } }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(keys.count == 16_000)
        #expect(Set(keys).count == 16_000)
    }

    @Test func sequentialKeysCountUpFromOne() {
        let keys = IdempotencyKeys.sequential("outbox")
        #expect([keys.make(), keys.make()] == ["outbox-1", "outbox-2"])
    }
}
