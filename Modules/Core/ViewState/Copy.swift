public import Foundation

/// A piece of user-facing text by reference: a catalog table, a key and its arguments.
/// Features put `Copy` in their view state; the Localizer resolves it for a locale. Features
/// never hold resolved strings, so every word a user reads lives in `Localization/`.
public struct Copy: Sendable, Hashable {
    public var table: String
    public var key: String
    public var arguments: [CopyArgument]

    public init(_ table: String, _ key: String, _ arguments: [CopyArgument] = []) {
        self.table = table
        self.key = key
        self.arguments = arguments
    }

    /// `Table.key`, the form the REPL and the linter print.
    public var qualifiedKey: String { "\(table).\(key)" }
}

/// An argument of a `Copy`, formatted for the locale when the copy is resolved.
public indirect enum CopyArgument: Sendable, Hashable {
    /// User data shown as is (a product name, an order ID): never translated.
    case text(String)
    /// A count: formatted per locale, and it selects the plural form.
    case integer(Int)
    /// A year (2025): the locale's digits (٢٠٢٥ in Arabic), never grouped, never a plural count.
    case year(Int)
    case number(Double)
    case percent(Double)
    case currency(Decimal, code: String)
    case date(Date, DateStyle)
    case dateSkeleton(Date, String)
    /// The time from `reference` to the date ("3 days ago").
    case relative(Date, reference: Date)
    /// Another catalog string, resolved in the same locale.
    case copy(Copy)
}
