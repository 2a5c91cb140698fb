public import Core
public import LocalizationKit

/// The linter reads what the app reads: Core's `Catalog.load(paths:)` (files read and parsed on all cores, each table
/// built in one pass). This name is kept for code written against the linter's former loader.
@available(*, deprecated, renamed: "Catalog", message: "the linter, the REPL and the runtime share Core's Catalog.load(paths:)")
public typealias LoadedCatalog = Catalog
