import LocalizationKit
/// How much a finding matters. `info` is shown but never fails a run (not even with `--strict`).
/// `off` only appears in configuration: a rule set to off reports nothing.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case error, warning, info, off

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        case .off: 3
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Every check the linter runs. The raw value is the id users write in `l10n.json` and see in `[brackets]`.
public enum Rule: String, Sendable, Hashable, CaseIterable, Codable {
    case syntaxError = "syntax-error"
    case unreadableFile = "unreadable-file"
    case emptyFile = "empty-file"
    case truncatedFile = "truncated-file"
    case shadowedFile = "shadowed-file"
    case duplicateKey = "duplicate-key"
    case repeatedEntry = "repeated-entry"
    case missingKey = "missing-key"
    case extraKey = "extra-key"
    case emptyValue = "empty-value"
    case untranslated = "untranslated"
    case formatMismatch = "format-mismatch"
    case invalidFormat = "invalid-format"
    case accidentalSpecifier = "accidental-specifier"
    case pluralCoverage = "plural-coverage"
    case rarePluralCategory = "rare-plural-category"
    case requiredKey = "required-key"
    case internalIdentifier = "internal-identifier"
    case misleadingConstruct = "misleading-construct"
    case nonStringValue = "non-string-value"
    case lengthBudget = "length-budget"
    case whitespaceMismatch = "whitespace-mismatch"
    case punctuationMismatch = "punctuation-mismatch"
    case incompleteLocale = "incomplete-locale"
    case unknownLocale = "unknown-locale"
    case tableConvention = "table-convention"
    case staleEntry = "stale-entry"
    /// Not a catalog check: `l10n gallery --check` measures rendered text in headless Chromium.
    case textOverflow = "text-overflow"
    // Code ↔ catalog (`l10n usage`, `l10n lint --sources`): Tools/UsageScan.
    case keyNotInCatalog = "key-not-in-catalog"
    case unusedKey = "unused-key"
    case unverifiableTable = "unverifiable-table"
    case argumentMismatch = "argument-mismatch"
    case wrongTable = "wrong-table"

    public var id: String { rawValue }

    public var defaultSeverity: Severity {
        switch self {
        // What loses text at run time: CoreFoundation refuses the file, or stops reading it early, or a value drops
        // an argument or reads one nobody passes.
        case .syntaxError, .unreadableFile, .truncatedFile, .formatMismatch, .pluralCoverage,
             .requiredKey, .internalIdentifier, .nonStringValue, .lengthBudget, .incompleteLocale, .textOverflow,
             .keyNotInCatalog, .argumentMismatch, .wrongTable:
            .error
        // A missing translation falls back to the base text at run time: worth knowing, not a broken build.
        // `requiredLocales` in l10n.json makes it an error where a team wants complete locales.
        // A plural form that only counts like 1,000,000 use falls back to "other": worth adding, not a broken build.
        // What Xcode builds and the app shows right: a 0-byte file, a key defined twice (the last value wins, as Xcode's
        // own tools warn), a construct that probably is not what its author meant.
        case .missingKey, .extraKey, .emptyValue, .untranslated, .invalidFormat, .accidentalSpecifier, .rarePluralCategory,
             .misleadingConstruct, .whitespaceMismatch, .punctuationMismatch, .staleEntry, .unusedKey, .unverifiableTable,
             .emptyFile, .duplicateKey, .shadowedFile:
            .warning
        case .unknownLocale, .repeatedEntry, .tableConvention:
            .info
        }
    }

    /// One line for `--help`, the README and SARIF's `shortDescription`.
    public var summary: String {
        switch self {
        case .syntaxError: "The file cannot be read the way Apple reads it (syntax, encoding, structure)."
        case .unreadableFile: "The file cannot be opened or is too large to be a catalog."
        case .emptyFile: "A .strings file has no bytes at all: Xcode builds it and the app shows what it would without it."
        case .truncatedFile: "CoreFoundation stops reading the file early (a stray character, a comment never closed): the entries after it are lost."
        case .shadowedFile: "A .strings file beside a String Catalog of the same table is not read: Xcode builds the catalog's instead."
        case .duplicateKey: "A key is defined twice in one file with different values; the last one is used."
        case .repeatedEntry: "A key is defined twice in one file with the same value; harmless, one can go."
        case .missingKey: "A key of the base locale has no translation in this locale."
        case .extraKey: "A key exists in this locale but not in the base locale."
        case .emptyValue: "A value is empty where the base locale has text."
        case .untranslated: "A translation is identical to the base locale's text."
        case .formatMismatch: "Format specifiers differ from the base locale's in count, type, size or position."
        case .invalidFormat: "A lone % that forms no format specifier."
        case .accidentalSpecifier: "A percent sign after a number forms a specifier with the next word (\"100% guaranteed\" reads as % g)."
        case .pluralCoverage: "A plural rule lacks a variable, or a CLDR plural category the locale uses for counts below 1,000."
        case .rarePluralCategory: "A plural rule lacks a CLDR category the locale uses only for rare counts (French \"many\": 1000000); they show \"other\"."
        case .requiredKey: "A key that l10n.json requires is missing."
        case .internalIdentifier: "An internal identifier (state key, telemetry event, icon name) is used as translatable copy."
        case .misleadingConstruct: "The file parses, but a construct probably does not mean what its author thinks."
        case .nonStringValue: "A value is an array, dictionary or data instead of a string."
        case .lengthBudget: "A value is longer than the length budget its key declares."
        case .whitespaceMismatch: "Leading or trailing whitespace differs from the base locale's."
        case .punctuationMismatch: "Final punctuation differs from the base locale's."
        case .incompleteLocale: "A locale is translated less than the minimum l10n.json sets for it."
        case .unknownLocale: "ICU has no data for a locale; its plural rules are CLDR root's."
        case .tableConvention: "Said once per table: it takes keys as the base text (genstrings style), or fills placeholders of its own (%0, {0}) rather than printf's."
        case .staleEntry: "A String Catalog entry is stale: its key is gone from the source code, or its translation is marked stale."
        case .textOverflow: "Rendered in a browser, a text is wider or takes more lines than its box on the screen allows."
        case .keyNotInCatalog: "Swift code uses a key that the base locale's table does not have; users would see the raw key."
        case .unusedKey: "A base-locale key that no Swift code uses (and no dynamic key prefix covers)."
        case .unverifiableTable: "Most keys of a table look unused: the scan does not see how the code reads it (a generator, a wrapper, a bundle), so no key of it is called unused or deleted."
        case .argumentMismatch: "The arguments at a call site disagree with the format specifiers of the key's base value."
        case .wrongTable: "The key exists, but in another table than the one the code names."
        }
    }
}

/// One problem the linter found, with a 1-based position in `file`.
public struct Finding: Sendable, Hashable, Codable {
    public var rule: Rule
    public var severity: Severity
    public var file: String
    public var line: Int
    public var column: Int
    public var locale: String
    public var table: String
    public var key: String?
    /// What is wrong and what to do, one sentence or two.
    public var message: String
    /// The text the finding is about (the offending value), for its baseline identity; "" when the rule, table, key
    /// and locale say it all (a missing key). Nil: the identity uses the message with its digits left out.
    public var subject: String?
    /// For a finding that stands for several (a table mostly left in the base language, a key left so in every
    /// translation): theirs, as a baseline knows them. A baseline records these instead of this finding, and covers it
    /// when it covers each of them, so its keys being translated one by one (or their crossing the count that makes them
    /// one finding) never makes a baselined finding new.
    public var covers: [BaselineEntry]?

    public init(rule: Rule, severity: Severity, file: String, line: Int, column: Int, locale: String, table: String,
                key: String?, message: String, subject: String? = nil, covers: [BaselineEntry]? = nil) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = max(1, line)
        self.column = max(1, column)
        self.locale = locale
        self.table = table
        self.key = key
        self.message = message
        self.subject = subject
        self.covers = covers
    }

    /// Orders findings by file, then position, then rule, then message, so output is stable.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        // Field by field rather than as tuples: sorting 40,000 findings would otherwise copy every string it compares.
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }

    /// Sorts findings into `reportOrder`, moving each finding once (a sort of the findings themselves copies them at
    /// every merge step).
    /// The files and rules are ranked once (a few hundred files among 40,000 findings), so nearly every comparison is of
    /// integers; only findings at the same place under the same rule compare their messages.
    public static func sortedForReport(_ findings: [Finding]) -> [Finding] {
        guard findings.count > 1 else { return findings }
        struct Place: Comparable {
            var file: Int, line: Int, column: Int, rule: Int
            static func < (lhs: Place, rhs: Place) -> Bool {
                (lhs.file, lhs.line, lhs.column, lhs.rule) < (rhs.file, rhs.line, rhs.column, rhs.rule)
            }
        }
        let order = findings.withUnsafeBufferPointer { buffer -> [Int] in
            var fileRanks: [String: Int] = [:]
            var lastFile: String?
            for index in buffer.indices where buffer[index].file != lastFile {
                lastFile = buffer[index].file
                fileRanks[buffer[index].file] = 0
            }
            for (rank, file) in fileRanks.keys.sorted().enumerated() { fileRanks[file] = rank }
            var places: [Place] = []
            places.reserveCapacity(buffer.count)
            var last: (file: String, rank: Int)?
            for index in buffer.indices {
                let finding = buffer[index]
                let fileRank: Int
                if let last, last.file == finding.file { fileRank = last.rank } else {
                    fileRank = fileRanks[finding.file]!
                    last = (finding.file, fileRank)
                }
                places.append(Place(file: fileRank, line: finding.line, column: finding.column, rule: ruleRanks[finding.rule.rawValue]!))
            }
            return places.withUnsafeBufferPointer { places in
                Array(buffer.indices).sorted { lhs, rhs in
                    if places[lhs] != places[rhs] { return places[lhs] < places[rhs] }
                    return buffer[lhs].message < buffer[rhs].message
                }
            }
        }
        return order.map { findings[$0] }
    }

    /// Each rule's place in the order of the rules' names, by its name. Keyed by the name, not the rule: a
    /// `[Rule: Int]` looked `Rule: Hashable` up at run time (a scan of every protocol conformance in the binary, about
    /// 0.25 ms of a lint).
    private static let ruleRanks: [String: Int] = Dictionary(uniqueKeysWithValues: Rule.allCases.map(\.rawValue).sorted().enumerated().map { ($1, $0) })
}

/// What one lint run found, plus the counts the reporters summarise.
public struct LintResult: Sendable {
    /// The findings that count: every finding, or with a baseline only those not in it.
    public var findings: [Finding]
    public var files: Int
    public var entries: Int
    /// Per-locale completeness figures (nil for a result not made by `Linter`).
    public var completeness: [LocaleCompleteness]?
    /// Set when a baseline was applied: the findings it covered and the entries that no longer occur.
    public var baseline: BaselineOutcome?

    public init(findings: [Finding], files: Int, entries: Int, completeness: [LocaleCompleteness]? = nil) {
        self.findings = findings
        self.files = files
        self.entries = entries
        self.completeness = completeness
    }

    public var errors: Int { findings.count { $0.severity == .error } }
    public var warnings: Int { findings.count { $0.severity == .warning } }
    public var infos: Int { findings.count { $0.severity == .info } }
    /// Every finding of the run, the baselined ones included.
    public var allFindings: [Finding] { baseline.map { findings + $0.baselined } ?? findings }
    /// True when a file could not be read at all: the run exits 2 (an I/O error), not 1.
    public var hasUnreadableFiles: Bool { allFindings.contains { $0.rule == .unreadableFile } }
}
