import ArgumentParser
import Core
import Foundation

@main
struct L10n: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l10n",
        abstract: "OfflineKit's localization tools: preview locale formatting (lint, parse and the REPL are coming).",
        discussion: """
        Exit codes: 0 success, 1 a value could not be formatted, 2 usage error.
        """,
        subcommands: [Format.self]
    )

    /// ArgumentParser's exit codes, mapped to the ones README documents: 2 for usage, 1 for failures.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((message.isEmpty ? "\(error)" : message).utf8 + [10]))
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}

struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Format a value the way ICU 72 does in one or more locales.",
        discussion: """
        Examples:
          l10n format currency 1234.5 NOK --locale nb
          l10n format date 2026-11-22T14:05:00Z
          l10n format relative -3 day
          l10n format plural 3 --locale pl
          l10n format                       (a tour of every kind in the seven product locales)
        """
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case number, percent, currency, date, relative, plural
    }

    @Argument(help: "What to format: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")). Omit for a tour.")
    var kind: Kind?

    @Argument(help: "The value(s): a number; an amount and an ISO 4217 code; an ISO 8601 date; an offset and a unit (year…second).")
    var values: [String] = []

    @Option(name: .long, help: "Locale identifier(s), e.g. nb-NO; repeat for several. Default: en nb es de ar ja pl.")
    var locale: [String] = []

    static let productLocales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

    mutating func run() throws {
        let locales = locale.isEmpty ? Self.productLocales : locale
        guard let kind else {
            try tour(locales)
            return
        }
        for identifier in locales {
            let formatting = LocaleFormatting(locale: identifier)
            let text = try format(kind, values, with: formatting)
            print("\(identifier.padding(toLength: 6, withPad: " ", startingAt: 0)) \(text)")
        }
    }

    private func tour(_ locales: [String]) throws {
        let date = Date(timeIntervalSince1970: 1_795_356_300)
        let rows: [(String, Kind, [String])] = [
            ("number", .number, ["1234567.891"]),
            ("percent", .percent, ["0.256"]),
            ("currency", .currency, ["1234.5", "NOK"]),
            ("date", .date, [ISO8601DateFormatter().string(from: date)]),
            ("relative", .relative, ["-3", "day"]),
            ("plural of 3", .plural, ["3"]),
        ]
        for identifier in locales {
            let formatting = LocaleFormatting(locale: identifier)
            print("[\(identifier)]")
            for (label, kind, values) in rows {
                print("  \(label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(try format(kind, values, with: formatting))")
            }
        }
    }

    private func format(_ kind: Kind, _ values: [String], with formatting: LocaleFormatting) throws -> String {
        func number(_ index: Int) throws -> Double {
            guard index < values.count, let value = Double(values[index]) else {
                throw ValidationError("\(kind.rawValue) needs a number as value \(index + 1), e.g. 1234.5")
            }
            return value
        }
        switch kind {
        case .number:
            return try formatting.number(number(0))
        case .percent:
            return try formatting.percent(number(0))
        case .currency:
            guard values.count == 2, let amount = Decimal(string: values[0], locale: Locale(identifier: "en_US_POSIX")) else {
                throw ValidationError("currency needs an amount and an ISO 4217 code, e.g. `l10n format currency 1234.5 NOK`")
            }
            return try formatting.currency(amount, code: values[1])
        case .date:
            guard let text = values.first, let date = ISO8601DateFormatter().date(from: text) else {
                throw ValidationError("date needs an ISO 8601 date, e.g. 2026-11-22T14:05:00Z")
            }
            return try formatting.date(date, style: .medium, time: .short)
        case .relative:
            guard values.count == 2, let unit = RelativeUnit.named(values[1]) else {
                throw ValidationError("relative needs an offset and a unit (year, quarter, month, week, day, hour, minute, second), e.g. -3 day")
            }
            return try formatting.relative(number(0), unit: unit)
        case .plural:
            return try formatting.pluralCategory(number(0)).rawValue
        }
    }
}

extension RelativeUnit {
    static func named(_ name: String) -> RelativeUnit? {
        let singular = name.hasSuffix("s") ? String(name.dropLast()) : name
        return allCases.first { "\($0)" == singular }
    }
}
