import Core
public import LocalizationKit
/// What a check over Swift sources (Tools/UsageScan's code ↔ catalog rules) gets from a lint run: the loaded catalog,
/// its configuration and base locale. StringsKit stays free of swift-syntax; `l10n` plugs the check in.
public struct SourceCheckContext: Sendable {
    public var catalog: Catalog
    public var configuration: LintConfiguration
    public var configurationPath: String?
    public var baseLocale: String

    public init(catalog: Catalog, configuration: LintConfiguration, configurationPath: String?, baseLocale: String) {
        self.catalog = catalog
        self.configuration = configuration
        self.configurationPath = configurationPath
        self.baseLocale = baseLocale
    }
}

/// A key of one table.
public struct TableKey: Sendable, Hashable {
    public var table: String
    public var key: String

    public init(table: String, key: String) {
        self.table = table
        self.key = key
    }
}

/// What the check found: findings to report with the catalog's, lines for stderr (what `--fix` changed), keys it
/// deleted from the catalogs (the catalog's findings about them are dropped: they describe files that changed), or a
/// usage error (a source folder that does not exist) that ends the run with exit 2.
public struct SourceCheckOutcome: Sendable {
    public var findings: [Finding]
    public var notes: String
    public var removedKeys: Set<TableKey>
    public var usageError: String?
    /// Keys whose base text the code gives as a default value (`NSLocalizedString(_:value:comment:)`), not in the base
    /// table: no translation of them is extra.
    public var codeBaseKeys: Set<TableKey>
    /// The tables that have such keys: the check looks at their translations itself, so the lint's one finding for a
    /// base table with no text is dropped.
    public var codeBaseTables: Set<String>
    /// The default value the code gives each such key, where it gives one as a literal: the text its translations are
    /// compared with.
    public var codeBaseTexts: [TableKey: String]
    /// Where the scanned code first names each key it reads as a literal (`Sources/V.swift:12:18`), for a finding that
    /// can say so (a String Catalog entry Xcode marked stale that the code still reads).
    public var readAt: [String: String] = [:]
    /// Where a call of the app first passes each text it holds as an argument, and to what (`SideBarButton(…)`): a
    /// function the scan cannot follow may localize it.
    public var passedAt: [String: String] = [:]

    public init(findings: [Finding] = [], notes: String = "", removedKeys: Set<TableKey> = [], usageError: String? = nil,
                codeBaseKeys: Set<TableKey> = [], codeBaseTables: Set<String> = [], codeBaseTexts: [TableKey: String] = [:]) {
        self.findings = findings
        self.notes = notes
        self.removedKeys = removedKeys
        self.usageError = usageError
        self.codeBaseKeys = codeBaseKeys
        self.codeBaseTables = codeBaseTables
        self.codeBaseTexts = codeBaseTexts
    }
}

public typealias SourceCheck = @Sendable (SourceCheckContext) -> SourceCheckOutcome
