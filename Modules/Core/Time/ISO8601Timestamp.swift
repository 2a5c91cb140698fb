public import Foundation

/// ISO 8601 timestamps as the backend sends them (`2025-03-14T09:30:00Z`, with or without fractional seconds or a
/// numeric offset), read without Foundation's calendar machinery: decoding 10,000 products spent a quarter of its time
/// in `JSONDecoder`'s `.iso8601` strategy. Anything the fast path does not recognise goes to Foundation's ISO 8601
/// parser, so no valid timestamp is refused.
public enum ISO8601Timestamp {
    /// For `JSONDecoder.dateDecodingStrategy`: every date the backend or the cache writes.
    public static let decodingStrategy: JSONDecoder.DateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 date, got \(text.debugDescription).")
        }
        return date
    }

    /// The date `text` names, or nil when it is not an ISO 8601 timestamp.
    public static func date(from text: String) -> Date? {
        var text = text
        if let date = text.withUTF8(Self.date(utf8:)) { return date }
        return try? Date(text, strategy: .iso8601)
    }

    /// The date the UTF-8 bytes name, read in place (no string is made): `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`
    /// only; nil means "not the usual form", and the caller may still try `date(from:)` (Foundation's parser).
    public static func date(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        let count = bytes.count
        guard count >= 20 else { return nil }
        func digits(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= count else { return nil }
            var value = 0
            for index in start..<(start + length) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(0, 4), bytes[4] == UInt8(ascii: "-"), let month = digits(5, 2), bytes[7] == UInt8(ascii: "-"),
              let day = digits(8, 2), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              let hour = digits(11, 2), bytes[13] == UInt8(ascii: ":"), let minute = digits(14, 2), bytes[16] == UInt8(ascii: ":"),
              let second = digits(17, 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var numerator = 0
            var denominator = 1
            let start = index
            while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                if denominator < 1_000_000_000 {
                    numerator = numerator * 10 + Int(digit)
                    denominator *= 10
                }
                index += 1
            }
            guard index > start else { return nil }
            fraction = Double(numerator) / Double(denominator)
        }
        guard index < count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = digits(index + 1, 2) else { return nil }
            index += 3
            if index < count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard let minutes = digits(index, 2), hours < 24, minutes < 60 else { return nil }
            index += 2
            offset = sign * (hours * 3_600 + minutes * 60)
        default:
            return nil
        }
        guard index == count else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
