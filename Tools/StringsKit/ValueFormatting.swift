import Core
public import LocalizationKit
import Foundation

/// What `format` (in the REPL and `l10n format`) can format.
public enum ValueKind: String, Sendable, CaseIterable {
    case number, percent, currency, date, relative, plural
}

/// A value that could not be formatted: the message says what was expected.
public struct ValueFormattingError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var isUsage: Bool
    public var description: String { message }
}

/// Formats typed-in values with ICU, shared by the REPL's `format` and `l10n format`.
public enum ValueFormatting {
    public static func format(_ kind: ValueKind, _ values: [String], with formatting: LocaleFormatting) throws(ValueFormattingError) -> String {
        func number(_ index: Int) throws(ValueFormattingError) -> Double {
            guard index < values.count, let value = Double(values[index]) else {
                throw ValueFormattingError(message: "\(kind.rawValue) needs a number as value \(index + 1), e.g. 1234.5", isUsage: true)
            }
            return value
        }
        do {
            switch kind {
            case .number:
                return try formatting.number(number(0))
            case .percent:
                return try formatting.percent(number(0))
            case .currency:
                guard values.count == 2, let amount = Decimal(string: values[0], locale: Locale(identifier: "en_US_POSIX")) else {
                    throw ValueFormattingError(message: "currency needs an amount and an ISO 4217 code, e.g. `currency 1234.5 NOK`", isUsage: true)
                }
                do { return try formatting.currency(amount, code: values[1]) } catch {
                    throw ValueFormattingError(message: error.description, isUsage: false)
                }
            case .date:
                guard let text = values.first, let date = parseDate(text) else {
                    throw ValueFormattingError(message: "date needs an ISO 8601 date, e.g. 2026-11-22 or 2026-11-22T14:05:00Z", isUsage: true)
                }
                let style: DateStyle = values.count > 1 ? (DateStyle.named(values[1]) ?? .medium) : .medium
                if text.contains("T") { return try formatting.date(date, style: style, time: .short) }
                return try formatting.date(date, style: style)
            case .relative:
                guard values.count == 2, let unit = RelativeUnit.named(values[1]) else {
                    throw ValueFormattingError(message: "relative needs an offset and a unit (year, quarter, month, week, day, hour, minute, second), e.g. `relative -3 day`", isUsage: true)
                }
                return try formatting.relative(number(0), unit: unit)
            case .plural:
                return try formatting.pluralCategory(number(0)).rawValue
            }
        } catch let error as ValueFormattingError {
            throw error
        } catch {
            throw ValueFormattingError(message: "\(error)", isUsage: false)
        }
    }

    static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }
}

extension RelativeUnit {
    /// `day`, `days` → `.day`.
    public static func named(_ name: String) -> RelativeUnit? {
        let singular = name.hasSuffix("s") ? String(name.dropLast()) : name
        return allCases.first { "\($0)" == singular }
    }
}

extension DateStyle {
    static func named(_ name: String) -> DateStyle? {
        allCases.first { "\($0)" == name }
    }
}
