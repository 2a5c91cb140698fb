@testable import Core
import Foundation
import Testing

/// The fast ISO 8601 reader agrees with Foundation's on every timestamp the backend writes, and refuses what is not one.
@Suite struct ISO8601TimestampTests {
    @Test func agreesWithFoundationOnTenThousandRandomTimestamps() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            // 1601 … 2400: leap years, century rules and dates before 1970 included.
            let seconds = -11_644_473_600 + Int(random.next() % 25_245_000_000)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let text = date.formatted(.iso8601)
            #expect(ISO8601Timestamp.date(from: text) == date, "\(text)")
        }
    }

    @Test func readsFractionsAndOffsets() throws {
        let base = Date(timeIntervalSince1970: 1_741_944_600)  // 2025-03-14T09:30:00Z
        #expect(ISO8601Timestamp.date(from: "2025-03-14T09:30:00Z") == base)
        #expect(ISO8601Timestamp.date(from: "2025-03-14T11:30:00+02:00") == base)
        #expect(ISO8601Timestamp.date(from: "2025-03-14T04:00:00-0530") == base)
        let fractional = try #require(ISO8601Timestamp.date(from: "2025-03-14T09:30:00.250Z"))
        #expect(abs(fractional.timeIntervalSince(base) - 0.25) < 1e-6)
        #expect(ISO8601Timestamp.date(from: "2024-02-29T00:00:00Z") != nil)
    }

    @Test func refusesWhatIsNotATimestamp() {
        for text in ["", "2025-03-14", "2025-13-01T00:00:00Z", "2025-03-14T09:30:00", "2025-03-14T09:30:00.Z", "yesterday"] {
            #expect(ISO8601Timestamp.date(from: text) == nil, "\(text)")
        }
    }

    /// Out-of-range fields and trailing text leave the fast path; Foundation's parser, behind it, decides as it always
    /// did (it rolls `02-29` of a common year and `24:00` over to the next day).
    @Test func theFastPathLeavesOddTimestampsToFoundation() {
        for text in ["2025-02-29T00:00:00Z", "2025-03-14T24:00:00Z", "2025-03-14T09:30:00Zjunk", "2025-03-14T09:30:60Z"] {
            var bytes = text
            #expect(bytes.withUTF8(ISO8601Timestamp.date(utf8:)) == nil, "\(text)")
            #expect(ISO8601Timestamp.date(from: text) == (try? Date(text, strategy: .iso8601)), "\(text)")
        }
    }

    @Test func decodesInJSONAndNamesWhatItCouldNotRead() throws {
        struct Stamp: Decodable { var at: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ISO8601Timestamp.decodingStrategy
        let stamp = try decoder.decode(Stamp.self, from: Data(#"{"at":"1970-01-02T00:00:00Z"}"#.utf8))
        #expect(stamp.at == Date(timeIntervalSince1970: 86_400))
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: Data(#"{"at":"soon"}"#.utf8)) }
    }
}
