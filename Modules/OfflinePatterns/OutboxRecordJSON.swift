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
        guard writer.entry(entry) else { return nil }
        return Data(writer.bytes)
    }

    /// A new entry's JSON after its sequence: `,"idempotencyKey":…,"write":…,"attempts":0,"enqueuedAt":…}`, or nil as for
    /// `encode`. All of an entry the caller knows before the outbox's actor gives it its place in the queue.
    static func encodeTail(idempotencyKey: String, write: OutboxWrite, enqueuedAt: Date) -> [UInt8]? {
        var writer = Writer()
        writer.bytes.reserveCapacity(400 + (write.request.body?.count ?? 0) * 4 / 3)
        writer.raw(",\"idempotencyKey\":")
        writer.string(idempotencyKey)
        writer.raw(",\"write\":")
        guard writer.write(write) else { return nil }
        writer.raw(",\"attempts\":0,\"enqueuedAt\":")
        guard writer.date(enqueuedAt) else { return nil }
        writer.raw("}")
        return writer.bytes
    }

    /// The entry's JSON from its sequence and `encodeTail`'s bytes, when the entry is still as the tail describes it (that
    /// key, no attempt, queued then, no delay); nil otherwise.
    static func encode(_ entry: OutboxEntry, tail: [UInt8], idempotencyKey: String, enqueuedAt: Date) -> Data? {
        guard entry.idempotencyKey == idempotencyKey, entry.attempts == 0, entry.notBefore == nil, entry.enqueuedAt == enqueuedAt else {
            return nil
        }
        var writer = Writer()
        writer.bytes.reserveCapacity(32 + tail.count)
        writer.raw("{\"sequence\":")
        writer.integer(entry.sequence)
        writer.bytes.append(contentsOf: tail)
        return Data(writer.bytes)
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func entry(_ entry: OutboxEntry) -> Bool {
            raw("{\"sequence\":")
            integer(entry.sequence)
            raw(",\"idempotencyKey\":")
            string(entry.idempotencyKey)
            raw(",\"write\":")
            guard write(entry.write) else { return false }
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
            // One call per list, not a loop over an array of them: that array was built for every write.
            guard changes(",\"optimisticData\":[", write.optimisticData), changes(",\"successData\":[", write.successData),
                  changes(",\"failureData\":[", write.failureData), changes(",\"finallyData\":[", write.finallyData) else { return false }
            raw("}")
            return true
        }

        private mutating func changes(_ opening: StaticString, _ changes: [RecordChange]) -> Bool {
            raw(opening)
            for (index, change) in changes.enumerated() {
                if index > 0 { raw(",") }
                guard self.change(change) else { return false }
            }
            raw("]")
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

        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        private mutating func raw(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        mutating func integer(_ value: some BinaryInteger) {
            guard let magnitude = UInt64(exactly: value) else {
                bytes.append(contentsOf: String(value).utf8)
                return
            }
            // Digits straight into the buffer: `String(value)` allocated a string for every sequence number.
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                         UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &digits) { buffer in
                var rest = magnitude
                var start = buffer.count
                repeat {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                bytes.append(contentsOf: buffer[start...])
            }
        }

        private static let base64Alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

        /// `Data.base64EncodedString()`'s text (padded, no line breaks), written straight into the buffer: the string it
        /// made first was an allocation and a copy for every write.
        private mutating func base64(_ data: Data) {
            bytes.append(UInt8(ascii: "\""))
            let alphabet = Self.base64Alphabet
            data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
                let count = input.count
                let encoded = (count + 2) / 3 * 4
                let start = bytes.count
                bytes.append(contentsOf: repeatElement(0, count: encoded))
                bytes.withUnsafeMutableBufferPointer { output in
                    alphabet.withUnsafeBufferPointer { alphabet in
                        var read = 0
                        var written = start
                        while read + 3 <= count {
                            let group = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
                            output[written] = alphabet[Int(group >> 18)]
                            output[written + 1] = alphabet[Int(group >> 12 & 0x3F)]
                            output[written + 2] = alphabet[Int(group >> 6 & 0x3F)]
                            output[written + 3] = alphabet[Int(group & 0x3F)]
                            read += 3
                            written += 4
                        }
                        let rest = count - read
                        if rest > 0 {
                            let group = UInt32(input[read]) << 16 | (rest == 2 ? UInt32(input[read + 1]) << 8 : 0)
                            output[written] = alphabet[Int(group >> 18)]
                            output[written + 1] = alphabet[Int(group >> 12 & 0x3F)]
                            output[written + 2] = rest == 2 ? alphabet[Int(group >> 6 & 0x3F)] : UInt8(ascii: "=")
                            output[written + 3] = UInt8(ascii: "=")
                        }
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// A JSON string: quote, backslash and control characters escaped, everything else as its UTF-8.
        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            // Most texts (paths, keys, names) need no escape: their bytes are appended in one copy.
            var text = text
            let plain = text.withUTF8 { utf8 -> Bool in
                guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if plain {
                bytes.append(UInt8(ascii: "\""))
                return
            }
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
        mutating func date(_ date: Date) -> Bool {
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
