import Core
import Foundation

/// A queued entry as the JSON its synthesized `Codable` conformance reads (the wire's: ISO 8601 dates without fractions,
/// `Data` in base64, a `RecordChange` as `{"save":{…}}`), written straight into a byte buffer. `JSONEncoder` took about
/// 40 µs an entry on the outbox's actor, most of what a durable write cost; this takes a few. Records written either way
/// restore alike, since both are read by `JSONDecoder`; `OutboxRecordJSONTests` holds the two to the same keys and values.
enum OutboxRecordJSON {
    /// The entry's JSON, or nil for what this writer leaves to `JSONEncoder` (a date outside the years 1 to 9999).
    static func encode(_ entry: OutboxEntry) -> Data? {
        var writer = Writer()
        writer.bytes.reserveCapacity(384 + (entry.write.request.body?.count ?? 0) * 4 / 3)
        guard writer.entry(entry, encodedWrite: nil) else { return nil }
        return Data(writer.bytes)
    }

    /// The JSON of a write alone (the `"write"` member of its entry), or nil as for `encode`. The bulk of an entry, and
    /// independent of its place in the queue: a caller encodes it before it visits the outbox's actor.
    static func encode(_ write: OutboxWrite) -> [UInt8]? {
        var writer = Writer()
        writer.bytes.reserveCapacity(320 + (write.request.body?.count ?? 0) * 4 / 3)
        guard writer.write(write) else { return nil }
        return writer.bytes
    }

    /// The entry's JSON, its write given as `encode(_:)` of that write wrote it.
    static func encode(_ entry: OutboxEntry, encodedWrite: [UInt8]) -> Data? {
        var writer = Writer()
        writer.bytes.reserveCapacity(160 + encodedWrite.count)
        guard writer.entry(entry, encodedWrite: encodedWrite) else { return nil }
        return Data(writer.bytes)
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func entry(_ entry: OutboxEntry, encodedWrite: [UInt8]?) -> Bool {
            raw("{\"sequence\":")
            integer(entry.sequence)
            raw(",\"idempotencyKey\":")
            string(entry.idempotencyKey)
            raw(",\"write\":")
            if let encodedWrite {
                bytes.append(contentsOf: encodedWrite)
            } else {
                guard write(entry.write) else { return false }
            }
            raw(",\"attempts\":")
            integer(entry.attempts)
            raw(",\"enqueuedAt\":")
            guard date(entry.enqueuedAt) else { return false }
            if let notBefore = entry.notBefore {
                raw(",\"notBefore\":")
                guard date(notBefore) else { return false }
            }
            raw("}")
            return true
        }

        mutating func write(_ write: OutboxWrite) -> Bool {
            raw("{\"request\":{\"method\":")
            string(write.request.method)
            raw(",\"path\":")
            string(write.request.path)
            if let body = write.request.body {
                raw(",\"body\":")
                base64(body)
            }
            raw("}")
            if let resource = write.resource {
                raw(",\"resource\":{\"collection\":")
                string(resource.collection)
                raw(",\"key\":")
                string(resource.key)
                raw("}")
            }
            if let action = write.pendingAction {
                raw(",\"pendingAction\":")
                string(action.rawValue)
            }
            raw(",\"pattern\":")
            string(write.pattern.rawValue)
            raw(",\"lane\":")
            string(write.lane.rawValue)
            for (name, changes) in [("optimisticData", write.optimisticData), ("successData", write.successData),
                                    ("failureData", write.failureData), ("finallyData", write.finallyData)] {
                raw(",\"")
                raw(name)
                raw("\":[")
                for (index, change) in changes.enumerated() {
                    if index > 0 { raw(",") }
                    guard self.change(change) else { return false }
                }
                raw("]")
            }
            raw("}")
            return true
        }

        private mutating func change(_ change: RecordChange) -> Bool {
            switch change {
            case let .save(collection, key, value, expiresAt):
                raw("{\"save\":{\"collection\":")
                string(collection)
                raw(",\"key\":")
                string(key)
                raw(",\"value\":")
                base64(value)
                if let expiresAt {
                    raw(",\"expiresAt\":")
                    guard date(expiresAt) else { return false }
                }
                raw("}}")
            case let .delete(collection, key):
                raw("{\"delete\":{\"collection\":")
                string(collection)
                raw(",\"key\":")
                string(key)
                raw("}}")
            case let .deleteAll(collection):
                raw("{\"deleteAll\":{\"collection\":")
                string(collection)
                raw("}}")
            }
            return true
        }

        private mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        private mutating func raw(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        private mutating func integer(_ value: some BinaryInteger) {
            bytes.append(contentsOf: String(value).utf8)
        }

        private mutating func base64(_ data: Data) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: data.base64EncodedString().utf8)
            bytes.append(UInt8(ascii: "\""))
        }

        /// A JSON string: quote, backslash and control characters escaped, everything else as its UTF-8.
        private mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// `2026-01-01T00:00:00Z`: the whole second at or before the date, in UTC, as `JSONEncoder`'s `.iso8601` writes it.
        private mutating func date(_ date: Date) -> Bool {
            let interval = date.timeIntervalSince1970.rounded(.down)
            // 0001-01-01T00:00:00Z ..< 10000-01-01T00:00:00Z: four-digit years, the proleptic Gregorian calendar.
            guard interval.isFinite, interval >= -62_135_596_800, interval < 253_402_300_800 else { return false }
            let seconds = Int64(interval)
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let secondOfDay = seconds - days * 86_400
            let (year, month, day) = Self.civil(daysSince1970: days)
            bytes.append(UInt8(ascii: "\""))
            digits(year, 4)
            bytes.append(UInt8(ascii: "-"))
            digits(month, 2)
            bytes.append(UInt8(ascii: "-"))
            digits(day, 2)
            bytes.append(UInt8(ascii: "T"))
            digits(secondOfDay / 3_600, 2)
            bytes.append(UInt8(ascii: ":"))
            digits(secondOfDay / 60 % 60, 2)
            bytes.append(UInt8(ascii: ":"))
            digits(secondOfDay % 60, 2)
            bytes.append(UInt8(ascii: "Z"))
            bytes.append(UInt8(ascii: "\""))
            return true
        }

        private mutating func digits(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }

        /// Year, month and day of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
        private static func civil(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
            let shifted = days + 719_468
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
            return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
        }
    }
}
