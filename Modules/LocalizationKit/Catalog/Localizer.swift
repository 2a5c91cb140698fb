import Foundation
public import Core

/// Why a piece of copy could not be produced as asked. The Localizer never crashes on these: it
/// falls back to the base locale's string, then to the key, and reports what happened.
public enum LocalizerIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// No locale in the fallback chain has the key.
    case missingKey(table: String, key: String)
    /// A specifier and its argument disagree (e.g. `%d` given text); `locale` is whose string it was.
    case argumentMismatch(table: String, key: String, locale: String, specifier: String, argument: String)
    /// The string asks for more arguments than the copy carries.
    case missingArgument(table: String, key: String, locale: String, specifier: String)
    /// A plural rule names a variable it does not define, or has no form for the category.
    case invalidPluralRule(table: String, key: String, locale: String, reason: String)
    /// The value is an array, dictionary or data, not text.
    case notText(table: String, key: String, locale: String)
    /// Copy arguments nested deeper than the Localizer follows (a cycle, most likely).
    case tooDeep(table: String, key: String)
    case formatting(table: String, key: String, reason: String)

    public var description: String {
        switch self {
        case let .missingKey(table, key): "\(table).\(key) is in no catalog of the fallback chain"
        case let .argumentMismatch(table, key, locale, specifier, argument):
            "\(table).\(key) [\(locale)]: \(specifier) cannot format \(argument)"
        case let .missingArgument(table, key, locale, specifier):
            "\(table).\(key) [\(locale)]: \(specifier) has no argument"
        case let .invalidPluralRule(table, key, locale, reason): "\(table).\(key) [\(locale)]: \(reason)"
        case let .notText(table, key, locale): "\(table).\(key) [\(locale)] is not a string"
        case let .tooDeep(table, key): "\(table).\(key): copy arguments nest too deeply"
        case let .formatting(table, key, reason): "\(table).\(key): \(reason)"
        }
    }
}

/// A piece of copy resolved for a locale: the text, the catalog locale it came from, and any issue.
public struct ResolvedCopy: Sendable, Hashable {
    public var text: String
    /// The catalog locale whose string was used ("" when only the key could be shown).
    public var locale: String
    /// True when the string came from a later locale of the chain than the first (e.g. the base).
    public var isFallback: Bool
    public var issues: [LocalizerIssue]
}

/// Resolves `Copy` for one locale: finds the string through a fallback chain (`nb-NO` → `nb` →
/// `no` → base), formats its arguments safely through ICU, and picks plural forms with ICU's
/// CLDR rules. Reads catalogs directly, never through `Bundle.localizedString` (which crashes on
/// Linux for `.stringsdict`).
public struct Localizer: Sendable {
    public let catalog: Catalog
    /// The locale the person reads (also used for numbers and dates).
    public let locale: String
    /// The development language every key must exist in.
    public let baseLocale: String
    public let formatting: LocaleFormatting
    /// Catalog locales to try, in order.
    public let fallbackChain: [String]
    /// How many leading locales of the chain are the reader's own (its region, language, alias);
    /// a string from any later one is a fallback.
    let ownLocaleCount: Int

    /// `formattingLocale`: the locale ICU formats numbers, dates and plurals for, when it is not `locale` (a
    /// pseudo-locale such as `double` reads its strings from its own catalog but formats as English).
    public init(catalog: Catalog, locale: String, baseLocale: String = "en", timeZone: String = "UTC", formattingLocale: String? = nil) {
        self.catalog = catalog
        self.locale = locale
        self.baseLocale = baseLocale
        self.formatting = LocaleFormatting(locale: formattingLocale ?? locale, timeZone: timeZone)
        self.fallbackChain = Self.fallbackChain(for: locale, base: baseLocale, available: catalog.locales)
        let own = Set(Self.fallbackChain(for: locale, base: nil, available: catalog.locales))
        self.ownLocaleCount = fallbackChain.prefix { own.contains($0) }.count
    }

    /// The same catalog in another locale.
    public func withLocale(_ locale: String) -> Localizer {
        Localizer(catalog: catalog, locale: locale, baseLocale: baseLocale, timeZone: formatting.timeZone)
    }

    /// Languages whose catalogs stand in for each other (Norwegian Bokmål is also written "no").
    static let aliases: [String: [String]] = ["nb": ["no"], "nn": ["no"], "no": ["nb"]]

    /// `nb-NO` → `nb-NO`, `nb`, `no`, then the base, then `Base` (Base.lproj, as Apple's runtime falls back to it);
    /// only locales the catalog has, matching `-` and `_` alike.
    public static func fallbackChain(for locale: String, base: String?, available: [String]) -> [String] {
        func canonical(_ identifier: String) -> String { identifier.replacingOccurrences(of: "_", with: "-").lowercased() }
        let byCanonical = Dictionary(available.map { (canonical($0), $0) }, uniquingKeysWith: { first, _ in first })
        var candidates: [String] = []
        var parts = canonical(locale).split(separator: "-").map(String.init)
        while !parts.isEmpty {
            candidates.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        if let language = candidates.last { candidates += aliases[language] ?? [] }
        if let base { candidates += [canonical(base), "base"] }
        var chain: [String] = []
        for candidate in candidates {
            if let found = byCanonical[candidate], !chain.contains(found) { chain.append(found) }
        }
        return chain
    }

    /// The text of `copy`; issues are dropped (use `resolve` to see them).
    public func string(_ copy: Copy) -> String {
        resolve(copy).text
    }

    public func resolve(_ copy: Copy) -> ResolvedCopy {
        resolve(copy, depth: 0)
    }

    private func resolve(_ copy: Copy, depth: Int) -> ResolvedCopy {
        guard depth < 8 else {
            return ResolvedCopy(text: copy.qualifiedKey, locale: "", isFallback: true, issues: [.tooDeep(table: copy.table, key: copy.key)])
        }
        var issues: [LocalizerIssue] = []
        for (index, candidate) in fallbackChain.enumerated() {
            guard let entry = catalog.entry(table: copy.table, locale: candidate, key: copy.key) else { continue }
            do throws(LocalizerIssue) {
                let text = try render(entry.value, copy: copy, catalogLocale: candidate, depth: depth)
                return ResolvedCopy(text: text, locale: candidate, isFallback: index >= ownLocaleCount || !issues.isEmpty, issues: issues)
            } catch {
                issues.append(error)  // try the next locale: usually the base string is right
            }
        }
        if issues.isEmpty { issues.append(.missingKey(table: copy.table, key: copy.key)) }
        return ResolvedCopy(text: copy.key, locale: "", isFallback: true, issues: issues)
    }

    private func render(_ value: CatalogValue, copy: Copy, catalogLocale: String, depth: Int) throws(LocalizerIssue) -> String {
        switch value {
        case let .text(text):
            return try format(text, copy: copy, catalogLocale: catalogLocale, depth: depth)
        case let .plural(rule):
            let expanded = try expand(rule, copy: copy, catalogLocale: catalogLocale)
            return try format(expanded, copy: copy, catalogLocale: catalogLocale, depth: depth)
        case .other:
            throw .notText(table: copy.table, key: copy.key, locale: catalogLocale)
        }
    }

    // MARK: Plurals

    /// Replaces each `%#@var@` by the form its count selects, and numbers every specifier so that
    /// the forms' own specifiers read the variable's argument.
    private func expand(_ rule: PluralRule, copy: Copy, catalogLocale: String) throws(LocalizerIssue) -> String {
        let specifiers = FormatSpecifier.parse(rule.format)
        var scalars = Array(rule.format.unicodeScalars)
        var nextSequential = 1
        var replacements: [(offset: Int, length: Int, text: String)] = []
        for specifier in specifiers {
            let index: Int
            if let position = specifier.position { index = position } else { index = nextSequential; nextSequential += 1 }
            guard let name = specifier.variable else {
                replacements.append((specifier.offset, specifier.text.unicodeScalars.count, Self.numbered(specifier, index)))
                continue
            }
            guard let variable = rule.variables[name] else {
                throw .invalidPluralRule(table: copy.table, key: copy.key, locale: catalogLocale, reason: "the format names %#@\(name)@ but defines no \(name)")
            }
            guard index <= copy.arguments.count else {
                throw .missingArgument(table: copy.table, key: copy.key, locale: catalogLocale, specifier: specifier.text)
            }
            let count: Double
            switch copy.arguments[index - 1] {
            case let .integer(value): count = Double(value)
            case let .number(value): count = value
            default:
                throw .argumentMismatch(table: copy.table, key: copy.key, locale: catalogLocale, specifier: specifier.text,
                                        argument: Self.describe(copy.arguments[index - 1]))
            }
            let category: PluralCategory
            if count == 0, variable.forms[.zero] != nil {
                category = .zero  // Apple uses an explicit "zero" form for 0 in every language
            } else {
                do { category = try formatting.pluralCategory(count) } catch {
                    throw .formatting(table: copy.table, key: copy.key, reason: error.description)
                }
            }
            guard let form = variable.forms[category] ?? variable.forms[.other] else {
                throw .invalidPluralRule(table: copy.table, key: copy.key, locale: catalogLocale,
                                         reason: "\(name) has no \"\(category.rawValue)\" or \"other\" form")
            }
            // The form's first unnumbered specifier is the count itself.
            var formText = form
            if let first = FormatSpecifier.parse(form).first(where: { $0.position == nil && $0.variable == nil }) {
                var formScalars = Array(form.unicodeScalars)
                formScalars.replaceSubrange(first.offset..<(first.offset + first.text.unicodeScalars.count),
                                            with: Self.numbered(first, index).unicodeScalars)
                formText = String(String.UnicodeScalarView(formScalars))
            }
            replacements.append((specifier.offset, specifier.text.unicodeScalars.count, formText))
        }
        for replacement in replacements.reversed() {
            scalars.replaceSubrange(replacement.offset..<(replacement.offset + replacement.length), with: replacement.text.unicodeScalars)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func numbered(_ specifier: FormatSpecifier, _ index: Int) -> String {
        guard specifier.position == nil else { return specifier.text }
        return "%\(index)$" + specifier.text.dropFirst()
    }

    // MARK: Formatting

    /// printf-style formatting with locale-aware numbers and dates; a specifier that does not match
    /// its argument is an issue, never undefined behaviour.
    private func format(_ text: String, copy: Copy, catalogLocale: String, depth: Int) throws(LocalizerIssue) -> String {
        let (specifiers, _) = FormatSpecifier.parseReportingInvalid(text)
        if specifiers.isEmpty && !text.contains("%") { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var cursor = 0
        var nextSequential = 1
        for specifier in specifiers {
            output.append(contentsOf: Self.unescapingPercent(scalars[cursor..<specifier.offset]))
            cursor = specifier.offset + specifier.text.unicodeScalars.count
            let index: Int
            if let position = specifier.position { index = position } else { index = nextSequential; nextSequential += 1 }
            guard index <= copy.arguments.count else {
                throw .missingArgument(table: copy.table, key: copy.key, locale: catalogLocale, specifier: specifier.text)
            }
            let rendered = try render(copy.arguments[index - 1], as: specifier, copy: copy, catalogLocale: catalogLocale, depth: depth)
            output.append(contentsOf: rendered.unicodeScalars)
        }
        output.append(contentsOf: Self.unescapingPercent(scalars[cursor...]))
        return String(output)
    }

    private static func unescapingPercent(_ scalars: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var previousWasPercent = false
        for scalar in scalars {
            if scalar == "%" && previousWasPercent { previousWasPercent = false; continue }
            previousWasPercent = scalar == "%"
            result.append(scalar)
        }
        return result
    }

    private func render(_ argument: CopyArgument, as specifier: FormatSpecifier, copy: Copy, catalogLocale: String, depth: Int) throws(LocalizerIssue) -> String {
        let rendered: String?
        do throws(FormattingError) {
            rendered = try renderIfCompatible(argument, as: specifier, copy: copy, depth: depth)
        } catch {
            throw .formatting(table: copy.table, key: copy.key, reason: error.description)
        }
        guard let rendered else {
            throw .argumentMismatch(table: copy.table, key: copy.key, locale: catalogLocale, specifier: specifier.text,
                                    argument: Self.describe(argument))
        }
        return rendered
    }

    /// The argument formatted for the specifier, or nil when the two do not match.
    private func renderIfCompatible(_ argument: CopyArgument, as specifier: FormatSpecifier, copy: Copy, depth: Int) throws(FormattingError) -> String? {
        switch (specifier.argumentKind, argument) {
        case (.object, _), (.cString, .text):
            return try renderObject(argument, copy: copy, depth: depth)
        case let (.integer, .integer(value)):
            return try Self.icu { () throws(ICUError) -> String in try formatting.number(Double(value), fractionDigits: 0...0) }
        case let (.unsignedInteger, .integer(value)) where value >= 0:
            switch specifier.conversion {
            case "x": return String(value, radix: 16)
            case "X": return String(value, radix: 16, uppercase: true)
            case "o": return String(value, radix: 8)
            default: return try Self.icu { () throws(ICUError) -> String in try formatting.number(Double(value), fractionDigits: 0...0) }
            }
        case let (.character, .integer(value)):
            return Unicode.Scalar(UInt32(truncatingIfNeeded: value)).map { String($0) } ?? ""
        case let (.floatingPoint, .number(value)):
            return try renderFloatingPoint(value, as: specifier)
        case let (.floatingPoint, .integer(value)):
            return try renderFloatingPoint(Double(value), as: specifier)
        default:
            return nil
        }
    }

    private func renderFloatingPoint(_ value: Double, as specifier: FormatSpecifier) throws(FormattingError) -> String {
        let digits = specifier.precision.flatMap { Int($0.dropFirst()) } ?? 6
        switch specifier.conversion {
        case "f", "F":
            return try Self.icu { () throws(ICUError) -> String in try formatting.number(value, fractionDigits: digits...digits) }
        default:
            return String(format: "%" + (specifier.precision ?? "") + specifier.conversion, value)  // e/g/a: C-locale, rare in copy
        }
    }

    private static func icu(_ body: () throws(ICUError) -> String) throws(FormattingError) -> String {
        do { return try body() } catch { throw .icu(error) }
    }

    /// What `%@` shows for each kind of argument.
    private func renderObject(_ argument: CopyArgument, copy: Copy, depth: Int) throws(FormattingError) -> String {
        switch argument {
        case let .text(text): return text
        case let .integer(value): return try Self.icu { () throws(ICUError) -> String in try formatting.number(Double(value)) }
        case let .year(value): return try Self.icu { () throws(ICUError) -> String in try formatting.digits(String(value)) }
        case let .number(value): return try Self.icu { () throws(ICUError) -> String in try formatting.number(value) }
        case let .percent(value): return try Self.icu { () throws(ICUError) -> String in try formatting.percent(value) }
        case let .currency(amount, code): return try formatting.currency(amount, code: code)
        case let .date(date, style): return try Self.icu { () throws(ICUError) -> String in try formatting.date(date, style: style) }
        case let .dateSkeleton(date, skeleton): return try Self.icu { () throws(ICUError) -> String in try formatting.date(date, skeleton: skeleton) }
        case let .relative(date, reference): return try Self.icu { () throws(ICUError) -> String in try formatting.relative(date, to: reference) }
        case let .copy(inner): return resolve(inner, depth: depth + 1).text
        }
    }

    static func describe(_ argument: CopyArgument) -> String {
        switch argument {
        case .text: "text"
        case .integer: "an integer"
        case .year: "a year"
        case .number: "a number"
        case .percent: "a percentage"
        case .currency: "an amount of money"
        case .date, .dateSkeleton: "a date"
        case .relative: "a relative time"
        case .copy: "another string"
        }
    }
}

/// The live resolver the composition root lends a feature through Core's port (the summary's share card).
extension Localizer: CopyResolving {}
