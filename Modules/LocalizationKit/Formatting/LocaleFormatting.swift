public import Foundation
import CICUShim
public import Logging
public import Core

/// Locale-aware formatting on the system's ICU 72, for any locale identifier (BCP-47 or ICU form).
///
/// Formatters are opened once per distinct request and cached, so repeated formatting is cheap.
/// Safe to share between tasks: each ICU object is used under a lock (ICU formatters are not thread-safe).
/// An unknown locale falls back to the root locale with a logged warning.
public final class LocaleFormatting: Sendable {
    /// The identifier asked for.
    public let requestedLocale: String
    /// The identifier actually used: the requested one, or `""` (root) when ICU has no data for it.
    public let locale: String
    /// Olson time-zone ID used for dates, e.g. `"UTC"` or `"Europe/Oslo"`.
    public let timeZone: String

    private let cache = Locked(FormatterCache())

    public init(locale: String, timeZone: String = "UTC", logger: Logger = Logger(label: "OfflineKit.Formatting")) {
        self.requestedLocale = locale
        self.timeZone = timeZone
        if okicu_locale_is_known(locale) != 0 {
            self.locale = locale
        } else {
            logger.warning("No ICU data for locale; using the root locale", metadata: ["locale": "\(locale)"])
            self.locale = ""
        }
    }

    /// True when ICU has data for the locale's language (`de-XY` counts as `de`); asking logs nothing.
    public static func hasData(for locale: String) -> Bool {
        okicu_locale_is_known(locale) != 0
    }

    /// Languages' names in their own language, as ICU has them and with a capital first ("Deutsch", "français" and
    /// "Français", "日本語", "português (Brasil)"), each with its language code: a language picker shows each so, in every
    /// locale. Kept in those spellings so a lookup needs no lowercasing.
    static let endonyms: [String: String] = {
        var names: [String: String] = [:]
        var buffer = [UInt16](repeating: 0, count: 256)
        var language = [CChar](repeating: 0, count: 16)
        var index: Int32 = 0
        while true {
            var last: Int32 = 0
            for full in [Int32(0), 1] {
                let length = okicu_available_endonym(index, full, &buffer, Int32(buffer.count), &language, Int32(language.count))
                last = length
                guard length > 0 else { continue }
                let name = String(decoding: buffer[0..<Int(length)], as: UTF16.self)
                let code = String(decoding: language.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                for spelling in [name, name.lowercased(), name.prefix(1).uppercased() + name.dropFirst()] where names[spelling] == nil {
                    names[spelling] = code
                }
            }
            if last < 0 { break }
            index += 1
        }
        return names
    }()

    /// The language whose own name the text is ("Deutsch": de), if it is one. Direction marks and spaces around it are
    /// left out (MeetingBar's `Text("עברית\u{200E}")`). Asked of every text identical to its translation: a text longer
    /// than any name is answered at once, and no other allocates.
    public static func endonymLanguage(of text: String) -> String? {
        guard text.utf8.count <= 80 else { return nil }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return nil }
        guard isMarkOrSpace(first) || isMarkOrSpace(last) else { return endonyms[text] }
        guard let start = scalars.firstIndex(where: { !isMarkOrSpace($0) }), let end = scalars.lastIndex(where: { !isMarkOrSpace($0) }) else { return nil }
        return endonyms[String(scalars[start...end])]
    }

    /// The regions' names in the locale's language ("Ukraine", "San Marino" in German), as ICU has them: an address
    /// picker's country names, which a translation keeps as the base has them where its language writes them so.
    /// Computed once per locale.
    public static func regionNames(in locale: String) -> Set<String> {
        if let known = regionNameCache.withLock({ $0[locale] }) { return known }
        var names = Set<String>()
        var buffer = [UInt16](repeating: 0, count: 256)
        var index: Int32 = 0
        while true {
            let length = okicu_region_name(index, locale, &buffer, Int32(buffer.count))
            if length < 0 { break }
            if length > 0 { names.insert(String(decoding: buffer[0..<Int(length)], as: UTF16.self)) }
            index += 1
        }
        regionNameCache.withLock { $0[locale] = names }
        return names
    }

    private static let regionNameCache = Locked<[String: Set<String>]>([:])

    private static func isMarkOrSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{200E}" || scalar == "\u{200F}" || scalar == "\u{061C}" || scalar == "\u{00A0}"
            || ("\u{202A}"..."\u{202E}").contains(scalar) || ("\u{2066}"..."\u{2069}").contains(scalar)
    }

    /// True when ICU has plural rules for the locale's language, which it has for some languages it has no formatting
    /// data for (`ars`, `an` in ICU 72): `plurals(of:)` then gives that language's, not root's.
    public static func hasPluralRules(for locale: String) -> Bool {
        okicu_locale_has_plural_rules(locale) != 0
    }

    /// A formatting for the plurals of a locale (`pluralCategory(_:)`, `pluralCategories()`): its language's own rules
    /// where ICU has them, with or without formatting data (`ars` has Arabic's six categories), else root's (`other`).
    /// Logs nothing; its other formats are root's.
    public static func plurals(of locale: String) -> LocaleFormatting {
        LocaleFormatting(pluralsOf: hasData(for: locale) || hasPluralRules(for: locale) ? locale : "")
    }

    private init(pluralsOf locale: String) {
        requestedLocale = locale
        timeZone = "UTC"
        self.locale = locale
    }

    /// True when the requested locale had no data and the root locale is used instead.
    public var usesRootFallback: Bool { locale.isEmpty && !requestedLocale.isEmpty }

    // MARK: Numbers

    /// `1234.5` → `"1,234.5"` (en), `"1 234,5"` (nb).
    public func number(_ value: Double, fractionDigits: ClosedRange<Int>? = nil) throws(ICUError) -> String {
        let key = NumberKey(style: Int32(OKNumberStyleDecimal), currency: nil, fractionDigits: fractionDigits)
        return try withNumberFormatter(key) { formatter throws(ICUError) in
            try icuString("number format") { okicu_number_format_double(formatter, value, $0, $1, $2) }
        }
    }

    /// `"2025"` → `"2025"` (en), `"٢٠٢٥"` (ar): ASCII digits written in the locale's own digits, one by one, never grouped
    /// (a year, a period). Other characters stay as they are.
    public func digits(_ text: String) throws(ICUError) -> String {
        var result = ""
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                result += try number(Double(digit))
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `0.25` → `"25%"` (en), `"25 %"` (de).
    public func percent(_ fraction: Double, fractionDigits: ClosedRange<Int>? = nil) throws(ICUError) -> String {
        let key = NumberKey(style: Int32(OKNumberStylePercent), currency: nil, fractionDigits: fractionDigits)
        return try withNumberFormatter(key) { formatter throws(ICUError) in
            try icuString("percent format") { okicu_number_format_double(formatter, fraction, $0, $1, $2) }
        }
    }

    /// Money, exactly: the amount never passes through binary floating point.
    /// Throws `.unknownCurrency` for a code that is not ISO 4217.
    public func currency(_ amount: Decimal, code: String) throws(FormattingError) -> String {
        let key = NumberKey(style: Int32(OKNumberStyleCurrency), currency: code, fractionDigits: nil)
        // Validated once, when its formatter is first opened; a cached formatter means a known code.
        if !cache.withLock({ $0.numbers[key] != nil }) {
            let units = Array(code.utf16)
            guard units.count == 3, okicu_currency_is_known(units) != 0 else {
                throw .unknownCurrency(code)
            }
        }
        let decimal = amount.description  // "-1234.5": locale-free, exact
        do throws(ICUError) {
            return try withNumberFormatter(key) { formatter throws(ICUError) in
                try icuString("currency format") { okicu_number_format_decimal(formatter, decimal, $0, $1, $2) }
            }
        } catch { throw .icu(error) }
    }

    /// Convenience for amounts already held as `Double` (e.g. benchmark input).
    public func currency(_ amount: Double, code: String) throws(FormattingError) -> String {
        try currency(Decimal(amount), code: code)
    }

    // MARK: Dates

    /// A date (and optionally time) in the locale's own style.
    public func date(_ date: Date, style: DateStyle, time: DateStyle = .none) throws(ICUError) -> String {
        let key = DateKey.styles(date: style.rawValue, time: time.rawValue)
        return try formatDate(date, key: key)
    }

    /// A date by skeleton: the fields wanted, in the locale's best order (`"yMMMd"` → `"Nov 22, 2026"` in en).
    public func date(_ date: Date, skeleton: String) throws(ICUError) -> String {
        try formatDate(date, key: .skeleton(skeleton))
    }

    // MARK: Relative time

    /// `relative(-3, unit: .day)` → `"3 days ago"`; with `numeric: false`, `-1` day → `"yesterday"`.
    public func relative(_ offset: Double, unit: RelativeUnit, width: RelativeWidth = .long, numeric: Bool = true) throws(ICUError) -> String {
        try cache.withLock { cache throws(ICUError) -> String in
            let handle: ICUHandle
            if let existing = cache.relative[width] {
                handle = existing
            } else {
                handle = ICUHandle(raw: try icuOpen("relative formatter") { okicu_relative_open(locale, width.rawValue, $0) })
                cache.relative[width] = handle
            }
            return try icuString("relative format") {
                okicu_relative_format(handle.raw, offset, unit.rawValue, numeric ? 1 : 0, $0, $1, $2)
            }
        }
    }

    /// The time from `reference` to `date` in the largest whole unit: "3 days ago", "in 2 hours".
    public func relative(_ date: Date, to reference: Date, width: RelativeWidth = .long) throws(ICUError) -> String {
        let seconds = date.timeIntervalSince(reference)
        let magnitude = abs(seconds)
        let (unit, size): (RelativeUnit, Double) = switch magnitude {
        case ..<60: (.second, 1)
        case ..<3_600: (.minute, 60)
        case ..<86_400: (.hour, 3_600)
        case ..<(7 * 86_400): (.day, 86_400)
        case ..<(30 * 86_400): (.week, 7 * 86_400)
        case ..<(365 * 86_400): (.month, 30 * 86_400)
        default: (.year, 365 * 86_400)
        }
        return try relative((seconds / size).rounded(.towardZero), unit: unit, width: width)
    }

    // MARK: Plurals

    /// The CLDR cardinal category of `number` in this locale (`ar`: 0 → zero, 2 → two, 3 → few, 11 → many).
    public func pluralCategory(_ number: Double) throws(ICUError) -> PluralCategory {
        let keyword = try cache.withLock { cache throws(ICUError) -> String in
            let rules = try Self.pluralRules(&cache, locale: locale).raw
            var buffer = [CChar](repeating: 0, count: 16)
            var status: Int32 = 0
            _ = okicu_plural_select(rules, number, &buffer, 16, &status)
            if okicu_failed(status) != 0 { throw ICUError("plural select", code: status) }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return PluralCategory(rawValue: keyword) ?? .other
    }

    /// The categories this locale distinguishes, in CLDR order (`en`: one, other).
    public func pluralCategories() throws(ICUError) -> [PluralCategory] {
        let text = try cache.withLock { cache throws(ICUError) -> String in
            let rules = try Self.pluralRules(&cache, locale: locale).raw
            var buffer = [CChar](repeating: 0, count: 64)
            var status: Int32 = 0
            _ = okicu_plural_categories(rules, &buffer, 64, &status)
            if okicu_failed(status) != 0 { throw ICUError("plural categories", code: status) }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let found = Set(text.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) })
        return PluralCategory.allCases.filter(found.contains)
    }

    // MARK: Messages

    /// ICU MessageFormat with named arguments, e.g.
    /// `"{count, plural, one {# product} other {# products}} for {name}"`.
    /// A pattern ICU cannot parse, or an argument the pattern uses but the caller did not give,
    /// is a typed error (ICU itself would print the placeholder as text).
    public func message(_ pattern: String, _ arguments: [String: MessageArgument]) throws(FormattingError) -> String {
        return try cache.withLock { cache throws(FormattingError) -> String in
            let handle = try Self.messageFormatter(&cache, pattern: pattern, locale: locale).raw
            let used = try Self.argumentNames(handle)
            if let missing = used.first(where: { arguments[$0] == nil }) {
                throw .missingArgument(name: missing, pattern: pattern)
            }
            return try Self.format(handle, arguments)
        }
    }

    // MARK: - Internals

    private func withNumberFormatter<T>(_ key: NumberKey, _ body: (OpaquePointer) throws(ICUError) -> T) throws(ICUError) -> T {
        try cache.withLock { cache throws(ICUError) -> T in
            let handle: ICUHandle
            if let existing = cache.numbers[key] {
                handle = existing
            } else {
                let currency = key.currency.map { Array($0.utf16) }
                handle = ICUHandle(raw: try icuOpen("number formatter") { status in
                    let minimum = Int32(key.fractionDigits?.lowerBound ?? -1)
                    let maximum = Int32(key.fractionDigits?.upperBound ?? -1)
                    if let currency {
                        return currency.withUnsafeBufferPointer {
                            okicu_number_open(locale, key.style, $0.baseAddress, minimum, maximum, status)
                        }
                    }
                    return okicu_number_open(locale, key.style, nil, minimum, maximum, status)
                })
                cache.numbers[key] = handle
            }
            return try body(handle.raw)
        }
    }

    private func formatDate(_ date: Date, key: DateKey) throws(ICUError) -> String {
        let millis = date.timeIntervalSince1970 * 1000
        return try cache.withLock { cache throws(ICUError) -> String in
            let handle: ICUHandle
            if let existing = cache.dates[key] {
                handle = existing
            } else {
                handle = ICUHandle(raw: try icuOpen("date formatter") { status in
                    switch key {
                    case let .styles(date, time):
                        return okicu_date_open_styles(locale, timeZone, date, time, status)
                    case let .skeleton(skeleton):
                        let units = Array(skeleton.utf16)
                        return okicu_date_open_skeleton(locale, timeZone, units, Int32(units.count), status)
                    }
                })
                cache.dates[key] = handle
            }
            return try icuString("date format") { okicu_date_format(handle.raw, millis, $0, $1, $2) }
        }
    }

    private static func pluralRules(_ cache: inout FormatterCache, locale: String) throws(ICUError) -> ICUHandle {
        if let rules = cache.plural { return rules }
        let rules = ICUHandle(raw: try icuOpen("plural rules") { okicu_plural_open(locale, $0) })
        cache.plural = rules
        return rules
    }

    private static func messageFormatter(_ cache: inout FormatterCache, pattern: String, locale: String) throws(FormattingError) -> ICUHandle {
        if let handle = cache.messages[pattern] { return handle }
        let units = Array(pattern.utf16)
        var offset: Int32 = 0
        var status: Int32 = 0
        let raw = okicu_message_open(locale, units, Int32(units.count), &offset, &status)
        guard let raw, okicu_failed(status) == 0 else {
            throw .invalidPattern(pattern, offset: Int(offset), icu: ICUError("message pattern", code: status == 0 ? 1 : status))
        }
        let handle = ICUHandle(raw: raw)
        cache.messages[pattern] = handle
        return handle
    }

    private static func argumentNames(_ handle: OpaquePointer) throws(FormattingError) -> [String] {
        do throws(ICUError) {
            let joined = try icuString("message arguments") { okicu_message_argument_names(handle, $0, $1, $2) }
            return joined.split(separator: "\u{0}").map(String.init)
        } catch { throw .icu(error) }
    }

    private static func format(_ handle: OpaquePointer, _ arguments: [String: MessageArgument]) throws(FormattingError) -> String {
        // Keep every UTF-16 buffer alive while ICU reads the argument array.
        let names = arguments.keys.map { Array($0.utf16) }
        let texts: [[UInt16]] = arguments.values.map {
            if case let .text(text) = $0 { Array(text.utf16) } else { [] }
        }
        let values = Array(arguments.values)
        do throws(ICUError) {
            return try icuString("message format") { out, capacity, status in
                withPointers(names) { namePointers in
                    withPointers(texts) { textPointers in
                        var cArguments: [OKMessageArgument] = []
                        cArguments.reserveCapacity(values.count)
                        for index in values.indices {
                            var argument = OKMessageArgument()
                            argument.name = namePointers[index]
                            argument.nameLength = Int32(names[index].count)
                            switch values[index] {
                            case let .number(number):
                                argument.kind = Int32(OKMessageArgumentNumber)
                                argument.number = number
                            case .text:
                                argument.kind = Int32(OKMessageArgumentString)
                                argument.text = textPointers[index]
                                argument.textLength = Int32(texts[index].count)
                            case let .date(date):
                                argument.kind = Int32(OKMessageArgumentDate)
                                argument.number = date.timeIntervalSince1970 * 1000
                            }
                            cArguments.append(argument)
                        }
                        return okicu_message_format(handle, cArguments, Int32(cArguments.count), out, capacity, status)
                    }
                }
            }
        } catch { throw .icu(error) }
    }

    deinit {
        cache.withLock { cache in cache.closeAll() }
    }
}

/// Calls `body` with a stable pointer to the first element of each array (null for an empty one).
private func withPointers<R>(_ arrays: [[UInt16]], _ body: ([UnsafePointer<UInt16>?]) -> R) -> R {
    func step(_ index: Int, _ collected: [UnsafePointer<UInt16>?]) -> R {
        if index == arrays.count { return body(collected) }
        return arrays[index].withUnsafeBufferPointer { step(index + 1, collected + [$0.baseAddress]) }
    }
    return step(0, [])
}

/// A formatting request that cannot be served.
public enum FormattingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an ISO 4217 code (three capital letters ICU knows).
    case unknownCurrency(String)
    /// ICU could not parse the message pattern; `offset` is where it stopped (UTF-16).
    case invalidPattern(String, offset: Int, icu: ICUError)
    /// The pattern uses an argument the caller did not supply.
    case missingArgument(name: String, pattern: String)
    case icu(ICUError)

    public var description: String {
        switch self {
        case let .unknownCurrency(code):
            "\"\(code)\" is not an ISO 4217 currency code; use three capital letters such as EUR, NOK or JPY"
        case let .invalidPattern(pattern, offset, icu):
            "the message pattern \"\(pattern)\" is not valid ICU MessageFormat near offset \(offset) (\(icu.name))"
        case let .missingArgument(name, pattern):
            "the message pattern \"\(pattern)\" uses the argument \"\(name)\", which was not given"
        case let .icu(error):
            error.description
        }
    }
}

/// Units of relative time, ICU's `URelativeDateTimeUnit` values.
public enum RelativeUnit: Int32, Sendable, CaseIterable {
    case year = 0, quarter, month, week, day, hour, minute, second
}

/// "3 days ago" (long), "3 days ago" / "3d ago" (short, narrow) as the locale abbreviates.
public enum RelativeWidth: Int32, Sendable, Hashable {
    case long = 0, short = 1, narrow = 2
}

/// A named argument of an ICU message.
public enum MessageArgument: Sendable, Equatable {
    case number(Double)
    case text(String)
    case date(Date)
}

/// An ICU object pointer. ICU objects are not thread-safe: every use happens under the owning
/// `LocaleFormatting`'s lock, which is why the pointer may cross into that lock's closures.
private struct ICUHandle: @unchecked Sendable {
    let raw: OpaquePointer
}

private struct NumberKey: Hashable {
    var style: Int32
    var currency: String?
    var fractionDigits: ClosedRange<Int>?
}

private enum DateKey: Hashable {
    case styles(date: Int32, time: Int32)
    case skeleton(String)
}

/// Owns the ICU handles; closed when the `LocaleFormatting` goes away.
private struct FormatterCache: ~Copyable {
    var numbers: [NumberKey: ICUHandle] = [:]
    var dates: [DateKey: ICUHandle] = [:]
    var relative: [RelativeWidth: ICUHandle] = [:]
    var plural: ICUHandle?
    var messages: [String: ICUHandle] = [:]

    mutating func closeAll() {
        numbers.values.forEach { okicu_number_close($0.raw) }
        dates.values.forEach { okicu_date_close($0.raw) }
        relative.values.forEach { okicu_relative_close($0.raw) }
        plural.map { okicu_plural_close($0.raw) }
        messages.values.forEach { okicu_message_close($0.raw) }
        numbers = [:]; dates = [:]; relative = [:]; plural = nil; messages = [:]
    }
}
