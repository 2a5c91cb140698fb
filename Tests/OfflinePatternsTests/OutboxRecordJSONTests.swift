import Core
import Foundation
import TestSupport
import Testing
@testable import OfflinePatterns

/// The queue record the outbox writes by hand is the JSON `JSONEncoder` wrote before it: the same keys, the same values,
/// read back by the same `JSONDecoder` (so a queue written by either version restores in the other).
@Suite("Outbox records as JSON")
struct OutboxRecordJSONTests {
    static let awkward = "quote \" backslash \\ slash / newline \n tab \t bell \u{07} nul \u{00} é 漢字 🚀"

    static let entries: [OutboxEntry] = [
        OutboxEntry(sequence: 1, idempotencyKey: "key-1",
                    write: OutboxWrite(request: OutboxRequest(method: "POST", endpoint: "/v1/activities")),
                    enqueuedAt: Date(timeIntervalSince1970: 1_767_225_600)),
        OutboxEntry(sequence: UInt64.max, idempotencyKey: awkward,
                    write: OutboxWrite(request: OutboxRequest(method: "PATCH", endpoint: Endpoint(encodedPath: "/v1/items/a%20b?x=1&y=\"2\""),
                                                              body: Data(#"{"name":"Kettle","n":[1,2]}"#.utf8)),
                                       resource: ResourceID(collection: awkward, key: "k\u{1F}"), pendingAction: .update,
                                       pattern: .optimisticWithoutFeedback, lane: .background,
                                       optimisticData: [.save(collection: "items", key: awkward, value: Data([0, 1, 2, 255]), expiresAt: Date(timeIntervalSince1970: 1_767_225_600.75)),
                                                        .save(collection: "items", key: "empty", value: Data())],
                                       successData: [.delete(collection: "items", key: "a")],
                                       failureData: [.deleteAll(collection: "items")],
                                       finallyData: [.save(collection: "x", key: "y", value: Data("z".utf8)), .delete(collection: "x", key: "w")]),
                    attempts: 7, enqueuedAt: Date(timeIntervalSince1970: -1.5), notBefore: Date(timeIntervalSince1970: 951_782_400.999)),
        OutboxEntry(sequence: 42, idempotencyKey: "",
                    write: OutboxWrite(request: OutboxRequest(method: "DELETE", endpoint: "/v1/items/a", body: Data()),
                                       resource: ResourceID(collection: "items", key: "a"), pendingAction: .delete),
                    attempts: 0, enqueuedAt: Date(timeIntervalSinceReferenceDate: 0), notBefore: Date(timeIntervalSince1970: 4_102_444_799)),
    ]

    /// JSON as plain values with sorted keys: two documents with the same keys and values give the same bytes.
    func canonical(_ data: Data) throws -> Data {
        try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
    }

    @Test(arguments: entries)
    func theHandWrittenRecordHasTheKeysAndValuesJSONEncoderWrites(_ entry: OutboxEntry) throws {
        let written = try #require(OutboxRecordJSON.encode(entry))
        let encoded = try WireJSON.encoder.encode(entry)
        #expect(try String(decoding: canonical(written), as: UTF8.self) == String(decoding: canonical(encoded), as: UTF8.self))
        #expect(try WireJSON.decoder.decode(OutboxEntry.self, from: written) == WireJSON.decoder.decode(OutboxEntry.self, from: encoded))
    }

    /// Bodies and data of every length modulo 3 (the base64 padding), bytes from the whole range, and plain texts beside
    /// ones that need escapes: the writer's own base64 and its copy of plain text give what `JSONEncoder` writes.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8, 255, 256, 257])
    func bodiesAndDataOfEveryLengthAreTheBase64JSONEncoderWrites(_ length: Int) throws {
        var generator = SplitMix64(seed: UInt64(length) + 1)
        let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let plain = String(repeating: "plain-text/0123456789", count: length % 5)
        let entry = OutboxEntry(sequence: UInt64(length), idempotencyKey: plain,
                                write: OutboxWrite(request: OutboxRequest(method: "POST", endpoint: "/v1/items", body: bytes),
                                                   resource: ResourceID(collection: plain, key: "tab\t\(length)"), pendingAction: .add,
                                                   optimisticData: [.save(collection: "items", key: plain, value: Data(bytes.reversed()))]),
                                enqueuedAt: Date(timeIntervalSince1970: 1_767_225_600))
        try theHandWrittenRecordHasTheKeysAndValuesJSONEncoderWrites(entry)
        let written = try #require(OutboxRecordJSON.encode(entry))
        #expect(String(decoding: written, as: UTF8.self).contains("\"body\":\"\(bytes.base64EncodedString())\""))
    }

    @Test func aDateOutsideFourDigitYearsIsLeftToJSONEncoder() {
        var entry = Self.entries[0]
        entry.enqueuedAt = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(OutboxRecordJSON.encode(entry) == nil)
        entry.enqueuedAt = Date(timeIntervalSince1970: 253_402_300_799)
        #expect(OutboxRecordJSON.encode(entry) != nil)
    }

    @Test(arguments: entries)
    func aNewEntryWrittenFromItsTailIsTheSameRecord(_ entry: OutboxEntry) throws {
        var fresh = entry
        fresh.attempts = 0
        fresh.notBefore = nil
        let tail = try #require(OutboxRecordJSON.encodeTail(idempotencyKey: fresh.idempotencyKey, write: fresh.write, enqueuedAt: fresh.enqueuedAt))
        #expect(OutboxRecordJSON.encode(fresh, tail: tail, idempotencyKey: fresh.idempotencyKey, enqueuedAt: fresh.enqueuedAt)
                == OutboxRecordJSON.encode(fresh), "byte for byte what the whole entry's writer writes")
        var retried = fresh
        retried.attempts = 1
        #expect(OutboxRecordJSON.encode(retried, tail: tail, idempotencyKey: fresh.idempotencyKey, enqueuedAt: fresh.enqueuedAt) == nil,
                "an entry that no longer matches its tail is left to the whole writer")
        var delayed = fresh
        delayed.notBefore = fresh.enqueuedAt
        #expect(OutboxRecordJSON.encode(delayed, tail: tail, idempotencyKey: fresh.idempotencyKey, enqueuedAt: fresh.enqueuedAt) == nil)
        #expect(OutboxRecordJSON.encode(fresh, tail: tail, idempotencyKey: fresh.idempotencyKey + "x", enqueuedAt: fresh.enqueuedAt) == nil)
    }
}
