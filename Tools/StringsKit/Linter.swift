import Core
public import LocalizationKit
import Foundation

/// Why a lint run cannot start (as opposed to findings in the catalogs): a usage error, exit 2.
public enum LintSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    case ambiguousBaseLocale(available: [String])
    case baseLocaleMissing(base: String, available: [String])

    public var description: String {
        switch self {
        case let .ambiguousBaseLocale(available):
            "cannot tell the base locale among \(available.joined(separator: ", ")); set \"baseLocale\" in l10n.json (or pass --config)"
        case let .baseLocaleMissing(base, available):
            "the base locale \"\(base)\" has no catalog files here (found \(available.joined(separator: ", "))); add \(base).lproj or set \"baseLocale\" in l10n.json"
        }
    }
}

/// Runs every rule over a loaded catalog. Pure: no I/O beyond ICU's plural data.
public struct Linter: Sendable {
    public var configuration: LintConfiguration
    public var identifiers: InternalIdentifiers
    /// Where findings about the configuration itself (a required table that does not exist) point.
    public var configurationPath: String?
    /// Set by a command line tool about to exit: the catalog the checks worked on (with its per-table arrays) is never
    /// freed, which the process's exit does at once (see `UntilExit`).
    public var keepsWorkUntilExit = false

    public init(configuration: LintConfiguration = LintConfiguration(), identifiers: InternalIdentifiers? = nil,
                configurationPath: String? = nil) {
        self.configuration = configuration
        self.identifiers = identifiers ?? InternalIdentifiers.forConfiguration(configuration)
        self.configurationPath = configurationPath
    }

    /// Base.lproj holds a table of its own and every other table but an Interface Builder one (whose base is its document).
    static func baseFolderHoldsEveryTable(_ catalog: Catalog) -> Bool {
        catalog.locales.contains(interfaceBase) && catalog.tableNames.contains { catalog.table($0, locale: interfaceBase) != nil }
            && catalog.tableNames.allSatisfy { catalog.table($0, locale: interfaceBase) != nil || TableConventions.isInterfaceBuilderTable($0, in: catalog) }
    }

    /// The locale others are compared with: the configured one, else the String Catalog's source language, else `en`
    /// (or the English variant with clearly more keys), else the only locale.
    public func baseLocale(of catalog: Catalog) throws(LintSetupError) -> String {
        let locales = catalog.locales.filter { !Self.isSpecialFolder($0) }
        let fileLocales = Set(catalog.files.map(Catalog.locale(ofFile:)))
        if let configured = configuration.baseLocale {
            let hasInterfaceBase = catalog.locales.contains(Self.interfaceBase)
            if !locales.isEmpty, !locales.contains(configured), !fileLocales.contains(configured), !hasInterfaceBase,
               !Self.keysAreTheBaseText(catalog, base: configured) {
                throw .baseLocaleMissing(base: configured, available: locales)
            }
            return configured
        }
        if locales.isEmpty { return "en" }
        if let source = catalog.declaredSourceLanguage, locales.contains(source) { return source }
        // English, or the English variant that holds the most keys: a Pontoon-style `en-US.lproj` beside a stale
        // `en.lproj` is what the app is translated from; an `en-GB` of overrides beside `en` is not.
        // An `en.lproj` whose files hold no entry (the English being in code) has no table, but is still the base.
        let english = Set(locales).union(fileLocales.filter { !Self.isSpecialFolder($0) }).sorted()
            .filter { $0 == "en" || $0.hasPrefix("en-") || $0.hasPrefix("en_") || Catalog.legacyLanguageCode($0) == "en" }
        // Only regional Englishes (Sileo's pirate en-PT and en-UD) beside a Base.lproj that holds every table: they are
        // translated from Base, which is the base (en-PT was "the base" in the summary, en-UD after a --fix).
        if !english.isEmpty, !english.contains(where: { ["en", "en-US", "en_US"].contains($0) || Catalog.legacyLanguageCode($0) == "en" && !$0.contains("-") && !$0.contains("_") }),
           Self.baseFolderHoldsEveryTable(catalog) {
            return Self.interfaceBase
        }
        if english.count == 1 { return english[0] }
        if english.count > 1 {
            var keys: [String: Int] = [:]
            for (id, table) in catalog.tables where english.contains(id.locale) { keys[id.locale, default: 0] += table.keys.count }
            let most = keys.values.max() ?? 0
            // A tie (or near one: within a tenth) stays with plain `en`.
            if english.contains("en"), (keys["en"] ?? 0) * 10 >= most * 9 { return "en" }
            // Else en-US, the English Xcode and translation platforms take as the source, on the same terms: focus-ios
            // has 242 keys in en-GB and 237 in en-US beside a stale en (en-GB alone has a widget's and tests' InfoPlist).
            if let us = english.first(where: { $0 == "en-US" || $0 == "en_US" }), (keys[us] ?? 0) * 10 >= most * 9 { return us }
            return english.max { (keys[$0] ?? 0, $1) < (keys[$1] ?? 0, $0) } ?? "en"
        }
        // One translation beside a Base.lproj that holds every table (Zebra's extract: `Base.lproj` and `de.lproj`): Base
        // is what de is translated from, not de the base of Base (the summary showed "de (base)" with Base's entries).
        if locales.count == 1, !Self.baseFolderHoldsEveryTable(catalog) { return locales[0] }
        // Only Interface Builder tables (Clipy's preference panels: de, it, ja, zh-Hans beside a Base.lproj of xibs):
        // their base text is the storyboards' and xibs' in Base.lproj, which is the base.
        if catalog.tableNames.allSatisfy({ TableConventions.isInterfaceBuilderTable($0, in: catalog) }) { return Self.interfaceBase }
        // No English folder, and Base.lproj holds every table the translations have (WireGuard: `Base.lproj/Localizable.strings`
        // and `InfoPlist.strings` beside 18 translations, `developmentRegion = en`): Base is what they are translated
        // from. Every run stopped with "cannot tell the base locale" before.
        if Self.baseFolderHoldsEveryTable(catalog) { return Self.interfaceBase }
        // No file of the app's own language at all, the translations keyed by its texts (Itsycal, genstrings' way:
        // `NSLocalizedString(@"Quit Itsycal", @"")`, de, es, fr, it, ko and zh-Hans `Localizable.strings`, and
        // `developmentRegion = en`): the keys are the base text, and that language is the base. Every run stopped with
        // "cannot tell the base locale", and naming it with "the base locale has no catalog files".
        if let region = XcodeProject.developmentRegion(near: catalog.files), !locales.contains(region), !fileLocales.contains(region),
           Self.keysAreTheBaseText(catalog, base: region) {
            return region
        }
        throw .ambiguousBaseLocale(available: locales)
    }

    /// True when `base` has no table at all and every table of the translations is keyed by its text (or is Interface
    /// Builder's, or a property list's): what genstrings makes of an app whose base-language file was never committed.
    static func keysAreTheBaseText(_ catalog: Catalog, base: String) -> Bool {
        guard !catalog.tables.keys.contains(where: { $0.locale == base }) else { return false }
        var keyed = 0
        for table in catalog.tableNames {
            if TableConventions.isInterfaceBuilderTable(table, in: catalog) || PropertyListTexts.isPropertyListTable(table) { continue }
            guard TableConventions.translationsHoldText(table, in: catalog, tableBase: base, base: base) else { return false }
            keyed += 1
        }
        return keyed > 0
    }

    /// Lints a catalog as `Catalog.load(paths:)` reads it: the same tables the runtime and the REPL load.
    public func lint(_ catalog: Catalog) throws(LintSetupError) -> LintResult {
        let base = try baseLocale(of: catalog)
        let tableBases = Self.tableBases(of: catalog, base: base)
        var conventions = TableConventions.detect(in: catalog, base: base, tableBases: tableBases, configuration: configuration)
        LaunchTrace.mark("lint: table conventions")
        // A key-as-text table's base is completed with its translations' keys, each the text base-language users see; an
        // Interface Builder table's with the texts of its storyboard or xib that its translations' comments give.
        let catalog = conventions.completingInterfaceBases(of: conventions.completingBases(of: catalog, base: base, tableBases: tableBases),
                                                           base: base, tableBases: tableBases).withOrderedEntries()
        var run = LintRun(linter: self, catalog: catalog, base: base, tableBases: tableBases, conventions: conventions)
        run.checkConventions()
        run.checkProblems()
        run.checkParserNotes()
        run.checkUnknownLocales()
        let jobs = run.checkTables()
        run.checkRequiredKeys()
        LaunchTrace.mark("lint: catalog-wide checks")
        var findings = run.findings
        // Per-key work is split into jobs and run on all cores; each job has its own LintRun (and caches).
        let first = perform(jobs, catalog: catalog, base: base, tableBases: tableBases, conventions: conventions)
        findings += first.findings
        // Extra keys need a second pass only where a locale has more keys than it shares with the base.
        var extraJobs: [LintRun.Job] = []
        for (pair, counts) in first.counts where pair.locale != run.tableBase(pair.table) {
            guard let table = catalog.table(pair.table, locale: pair.locale), table.keys.count > counts.matched else { continue }
            // Their entries are still checked (a stray % is one wherever the base text is); only "extra" is not said.
            // Nor in a key-as-text table, whose base holds every key that is text: an identifier among them has its
            // base text elsewhere (`TableConventions.completingBases`).
            // Nor in an NSPredicateEditor's table, where a language adds the finer keys its grammar needs (Vienna's Spanish
            // and French `%[Date,PublicationDate]@ %[more than ago]@ %[days]@ %@`): the editor matches the most specific.
            let reportsExtra = !run.emptyBaseTables.contains(pair.table) && !conventions.keysAsText.contains(pair.table)
                && !conventions.predicateEditorTables.contains(pair.table) && !conventions.interfaceBases.contains(pair.table)
            extraJobs += LintRun.chunks(table.keys.count).map {
                .extraKeys(table: pair.table, locale: pair.locale, range: $0, reportsExtra: reportsExtra)
            }
        }
        findings += perform(extraJobs, catalog: catalog, base: base, tableBases: tableBases, conventions: conventions).findings
        LaunchTrace.mark("lint: per-key checks")
        var copiesRun = LintRun(linter: self, catalog: catalog, base: base, tableBases: tableBases, conventions: conventions)
        findings = copiesRun.collapsingUntranslatedFloods(findings, counts: first.counts)
        findings = copiesRun.collapsingPunctuationAgreement(findings)
        findings = copiesRun.collapsingNewKeys(findings)
        findings += copiesRun.findings
        LaunchTrace.mark("lint: untranslated floods")
        var counts = first.counts
        for (pair, missing) in run.missingTables { counts[pair, default: LintRun.Counts()].missing += missing }
        let completeness = LocaleCompleteness.figures(of: catalog, base: base, tableBases: tableBases, counts: counts)
        var completenessRun = LintRun(linter: self, catalog: catalog, base: base, tableBases: tableBases)
        completenessRun.checkMinimumTranslated(completeness)
        findings += completenessRun.findings
        LaunchTrace.mark("lint: completeness")
        if keepsWorkUntilExit { UntilExit.keep(catalog) }
        findings = Finding.sortedForReport(findings)
        LaunchTrace.mark("lint: findings sorted")
        return LintResult(findings: findings, files: catalog.files.count, entries: catalog.entryCount, completeness: completeness)
    }

    private func perform(_ jobs: [LintRun.Job], catalog: Catalog, base: String, tableBases: [String: String], conventions: TableConventions)
        -> (findings: [Finding], counts: [Catalog.TableID: LintRun.Counts]) {
        let results = Locked<(findings: [Finding], counts: [Catalog.TableID: LintRun.Counts])>(([], [:]))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            var jobRun = LintRun(linter: self, catalog: catalog, base: base, tableBases: tableBases, conventions: conventions)
            let counts = jobRun.perform(jobs[index])
            let found = jobRun.findings
            results.withLock { results in
                results.findings += found
                if let counts { results.counts[counts.pair, default: LintRun.Counts()].add(counts.counts) }
            }
        }
        return results.withLock { $0 }
    }

    /// `Base.lproj` (Interface Builder, Settings.bundle): the base of every table it holds, never a locale of its own.
    public static let interfaceBase = "Base"
    /// `qqq.lproj` (translatewiki.net's message documentation): translator comments, never a locale of its own.
    public static let documentation = "qqq"

    /// Whether a table's base text is not in its base file, and how it shows: the base has under a tenth of the keys a
    /// typical translation has beyond it, and that is 20 or more (KeePassium: 2 plural keys in `en.lproj`, about 1,000
    /// keys in each translation, the English in code). A base some translations outgrew by a few stale keys is not.
    /// nil when the base is where it should be; else the base's key count and how many keys each translation has that
    /// the base lacks.
    public static func baseTextElsewhere(base: CatalogTable?, translations: [CatalogTable]) -> (baseKeys: Int, beyond: [Int])? {
        // A base with a tenth of the largest translation or more cannot be outgrown so: no key is looked up (the
        // 100,000-entry project of `offline-bench lint` stays one count per table). Its keys are counted only until
        // they reach that tenth: an app's own base gets there after about a tenth of its entries.
        guard let largest = translations.map(\.entries.count).max(), largest >= 20 else { return nil }
        var baseKeys = 0
        if let entries = base?.entries.values {
            for entry in entries where entry.needsTranslation {
                baseKeys += 1
                if baseKeys * 10 >= largest { return nil }
            }
        }
        let beyond = translations.map { table in
            table.entries.values.count { $0.needsTranslation && base?.entries[$0.key] == nil }
        }.filter { $0 > 0 }.sorted()
        guard !beyond.isEmpty else { return nil }
        let typical = beyond[beyond.count / 2]
        return typical >= 20 && baseKeys * 10 < typical ? (baseKeys, beyond) : nil
    }

    /// Letters, all of them Latin (what the linter asks of a base text before taking a translation for another script).
    public static func isLatin(_ text: String) -> Bool { LintRun.isLatin(text) }

    /// True for `Base` and `qqq`, the folders that are not translations.
    public static func isSpecialFolder(_ locale: String) -> Bool {
        locale == interfaceBase || locale == documentation
    }

    /// The locale each table is compared with: `Base` where `Base.lproj` holds the table, else the base locale; and the
    /// base locale where its own copy of a table Base.lproj holds has half as many keys again or more, unless the
    /// table is Interface Builder's (Loop's bundles, merged for `--sources`, have 171 keys in en and 155 in Base, each
    /// bundle about as many in both: Base stays). vlc-ios keeps a stale `Base.lproj/Localizable.strings` (276 keys) beside the
    /// `en.lproj` one a build phase regenerates (685, the development region's): the English users see, and what the
    /// app is translated from, is the larger one; compared with Base, 532 keys the code reads were "not in the catalog".
    public static func tableBases(of catalog: Catalog, base: String) -> [String: String] {
        var bases: [String: String] = [:]
        for id in catalog.tables.keys where bases[id.table] == nil || id.locale == interfaceBase {
            bases[id.table] = id.locale == interfaceBase ? interfaceBase : base
        }
        guard base != interfaceBase else { return bases }
        // A table of another bundle whose base-language folder is named the old way (Tunnelblick's uninstaller:
        // `English.lproj` beside 21 `CA.lproj`-style folders, the app's own tables in `en.lproj`) is compared with it.
        let identity = Catalog.localeIdentity(base)
        var byTable: [String: [String]] = [:]
        for id in catalog.tables.keys { byTable[id.table, default: []].append(id.locale) }
        for (table, locales) in byTable where bases[table] == base && !locales.contains(base) {
            if let named = locales.sorted().first(where: { Catalog.localeIdentity($0) == identity }) { bases[table] = named }
        }
        for (table, locale) in bases where locale == interfaceBase {
            guard let own = catalog.table(table, locale: base), let interface = catalog.table(table, locale: interfaceBase),
                  own.keys.count * 2 >= interface.keys.count * 3,
                  !TableConventions.isInterfaceBuilderTable(table, in: catalog) else { continue }
            bases[table] = base
        }
        return bases
    }

}

/// The state of one run: the findings so far and per-locale caches.
struct LintRun {
    let linter: Linter
    let catalog: Catalog
    let base: String
    /// The locale each table is compared with (`Base` where Base.lproj holds it).
    let tableBases: [String: String]
    /// Key-as-text tables and the app's own placeholders, per table.
    let conventions: TableConventions
    var findings: [Finding] = []
    /// Translatable base keys of whole tables a locale lacks, by table and locale (for the completeness figures).
    var missingTables: [Catalog.TableID: Int] = [:]
    /// Tables whose base has no text while translations have keys (`reportBaseTextNotInCatalog`): no per-key extra check.
    var emptyBaseTables: Set<String> = []
    /// What the current job counted: translations identical to the base text.
    private var identical = 0
    /// `writesLatin(_:)` by locale, asked once per run (a job's, or the one that collapses floods).
    private var latinLocales: [String: Bool] = [:]
    /// The regions' names in the base's language, read once: a text that is none is answered without a lock.
    private var baseRegionNames: Set<String>?
    private var pluralCategoriesByLocale: [String: [PluralCategory]] = [:]
    private var firstCountsByLocale: [String: [PluralCategory: Int]] = [:]
    /// Per locale, the first five counts of each category (`firstCounts(for:)` fills it): Polish "many" is 0 and 5 to 21
    /// and more, which "counts like 0" alone understated.
    private var countExamplesByLocale: [String: [PluralCategory: [Int]]] = [:]

    /// "0, 5, 6, 7, 8, …" for a category of `locale` (after `firstCounts(for:)`), or `first` alone.
    func countsLike(_ category: PluralCategory, locale: String, first: Int) -> String {
        guard let examples = countExamplesByLocale[locale]?[category], examples.count > 1 else { return "\(first)" }
        return examples.map(String.init).joined(separator: ", ") + (examples.count == 5 ? ", …" : "")
    }
    /// Per locale, whether CLDR's "one" is the number 1 alone among whole numbers below 1,000 (English, Czech, Polish;
    /// not French, which adds 0, nor Russian, which adds 21, 31…). Filled by `firstCounts(for:)`, in the same walk.
    private var oneIsOneAloneByLocale: [String: Bool] = [:]

    init(linter: Linter, catalog: Catalog, base: String, tableBases: [String: String] = [:], conventions: TableConventions = TableConventions()) {
        self.conventions = conventions
        self.linter = linter
        self.catalog = catalog
        self.base = base
        self.tableBases = tableBases
    }

    /// What one job counted for one table in one locale.
    struct Counts: Sendable {
        /// Base keys the locale has.
        var matched = 0
        /// Translatable base keys the locale lacks.
        var missing = 0
        /// Translations identical to the base text (as the `untranslated` rule judges, whatever its severity).
        var identical = 0
        /// For a table's base (a `baseKeys` job): its keys that need translation and are not stale, the keys a
        /// translation is measured against (`LocaleCompleteness`), counted while the entries are checked anyway.
        var translatable = 0

        mutating func add(_ other: Counts) {
            matched += other.matched
            missing += other.missing
            identical += other.identical
            translatable += other.translatable
        }
    }

    func tableBase(_ table: String) -> String { tableBases[table] ?? base }

    /// The locales that are translations: not `Base` or `qqq`. A locale whose every file failed to load (MonitorControl's
    /// cs, a file that does not parse) has no table, yet its users get none of its text: it is linted, with one finding
    /// per table it cannot read, and its row in the figures, not left out of them.
    var lintedLocales: [String] { Self.lintedLocales(of: catalog) }

    /// The locale's file of the table that holds no entry (a BOM and a line break, or comments alone), if there is one.
    func emptyFile(_ table: String, locale: String) -> String? {
        let name = Catalog.fileTableName(table)
        // Of this table's bundle: another bundle's table of the same name (Tunnelblick's app and uninstaller) has its own.
        let folders = Set(catalog.tables.values.filter { $0.name == table }.flatMap(\.files).map(Catalog.bundleFolder(ofFile:)))
        return catalog.files.first { file in
            Catalog.locale(ofFile: file) == locale && Catalog.tableName(ofFile: file) == name
                && (folders.isEmpty || folders.contains(Catalog.bundleFolder(ofFile: file)))
                && !catalog.tables.values.contains { $0.locale == locale && $0.files.contains(file) }
        }
    }

    static func lintedLocales(of catalog: Catalog) -> [String] {
        var locales = Set(catalog.locales)
        for problem in catalog.problems where [.syntax, .encoding, .unreadable].contains(problem.kind) {
            // Only a table's file in a `.lproj` folder names its locale (`Catalog.locale(ofFile:)` is "" elsewhere); a
            // String Catalog that does not parse holds every locale.
            let file = problem.location.file
            guard file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") else { continue }
            locales.insert(Catalog.locale(ofFile: file))
        }
        // A locale whose files hold no entry (Swiftfin's fa, mn, enm and peo: a BOM and a line break, each a language
        // its Xcode project declares) is a locale with nothing translated, not none.
        for file in catalog.files where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
            locales.insert(Catalog.locale(ofFile: file))
        }
        return locales.filter { !$0.isEmpty && !Linter.isSpecialFolder($0) }.sorted()
    }

    var configuration: LintConfiguration { linter.configuration }

    // MARK: Recording

    /// `atMost` lowers a finding the rule would report as an error (never raises one, never revives an `off` rule).
    mutating func report(_ rule: Rule, file: String, position: SourcePosition?, locale: String, table: String, key: String?,
                         subject: String? = nil, covers: [BaselineEntry]? = nil, atMost: Severity? = nil, _ message: String) {
        var severity = configuration.severity(of: rule, locale: locale)
        guard severity != .off else { return }
        if let atMost { severity = max(severity, atMost) }
        findings.append(Finding(rule: rule, severity: severity, file: file, line: position?.line ?? 1,
                                column: position?.column ?? 1, locale: locale, table: table, key: key, message: message,
                                subject: subject, covers: covers))
    }

    mutating func report(_ rule: Rule, entry: CatalogEntry, locale: String, table: String, _ message: String) {
        report(rule, file: entry.location.file, position: entry.location.position, locale: locale, table: table,
               key: entry.key, subject: entry.value.baselineText, message)
    }

    // MARK: Files that could not be read, and the parser's notes

    /// A file of `table` for a finding about the whole table: `locale`'s first, else the first of any locale's (a
    /// key-as-text base completed from its translations has no file of its own: openhab's JSON said `"file": "Localizable"`),
    /// else the table's name.
    func anyFile(of table: String, preferring locale: String) -> String {
        if let file = catalog.table(table, locale: locale)?.files.first { return file }
        let translations = catalog.tables.values.filter { $0.name == table }.compactMap(\.files.first)
        // An Interface Builder table's base is its storyboard or xib beside the translations (hidden: `Base.lproj/Main.storyboard`).
        if let first = translations.min(), let folder = PropertyListTexts.lprojParent(of: first),
           let document = PropertyListTexts.localizedDocuments(named: Catalog.fileTableName(table), kinds: ["storyboard", "xib"], in: folder)
               .first(where: { $0.contains("/Base.lproj/") }) {
            return document
        }
        return translations.min() ?? table
    }

    /// Says once per table what convention was found in it, so a reader knows why its findings read as they do.
    mutating func checkConventions() {
        for table in conventions.keysAsText.sorted() {
            let tableBase = tableBase(table)
            let file = anyFile(of: table, preferring: tableBase)
            let declared = configuration.declaredKeysAsText(table: table) != nil
            report(.tableConvention, file: file, position: nil, locale: tableBase, table: table, key: nil, subject: "keys-as-text",
                   "table \(table) takes its keys as the \(tableBase) text (genstrings style)\(declared ? ", as l10n.json declares" : ": most keys its translations have are text absent from \(tableBase)"): "
                   + "a key missing from \(tableBase) is its own text there, translations are compared with it, and none is an extra key"
                   + (declared ? "" : "; set \"tables\": {\"\(table)\": {\"keysAsText\": false}} in l10n.json if that is wrong"))
        }
        for (table, style) in conventions.placeholders.sorted(by: { $0.key < $1.key }) {
            let tableBase = tableBase(table)
            let file = anyFile(of: table, preferring: tableBase)
            let declared = configuration.declaredPlaceholderStyle(table: table) != nil
            let undo = declared ? "" : "; set \"tables\": {\"\(table)\": {\"placeholders\": \"printf\"}} in l10n.json if the table is formatted with String(format:)"
            let why = declared ? ", as l10n.json declares"
                : TableConventions.isInterfaceBuilderTable(table, in: catalog) ? ": its keys are Interface Builder object IDs (a storyboard's or xib's texts)"
                : ": its \(tableBase) texts use % only as a bare percent sign, never a specifier or %%"
            // The table's own, as its base writes them (`{vault}`, `{current_language}`), the first two.
            let own = style == .noPlaceholders ? [] : Self.firstTokens(catalog.table(table, locale: tableBase), style: style)
            let message = if style == .noPlaceholders, !declared, TableConventions.isPredicateEditorTable(table, in: catalog) {
                "table \(table) is an NSPredicateEditor's formatting strings (keys such as \"%[Title]@ %[is]@ %@\"): the editor fills "
                    + "its %[…]@ choices and %@ itself, so no value is read as a printf specifier" + undo
            } else if style == .noPlaceholders {
                "table \(table) is shown as it is, never formatted\(why): "
                    + "% is a percent sign there, so no value is read as a printf specifier" + undo
            } else {
                "table \(table) fills placeholders of its own (\(own.isEmpty ? (style == .braces ? "{0}, {1}" : "%0, %1") : own.joined(separator: ", ")))\(declared ? ", as l10n.json declares" : ""): "
                    + "they are compared as such between each translation and its base, not as printf specifiers" + undo
            }
            report(.tableConvention, file: file, position: nil, locale: tableBase, table: table, key: nil, subject: style.rawValue, message)
        }
    }

    /// The first two distinct placeholders of `style` in the table's texts, in file order.
    static func firstTokens(_ table: CatalogTable?, style: PlaceholderStyle) -> [String] {
        var found: [String] = []
        for key in table?.keys ?? [] {
            guard case .text(let text)? = table?.entries[key]?.value else { continue }
            for token in OwnPlaceholders.tokens(in: text, style: style) where !found.contains(token) {
                found.append(token)
                if found.count == 2 { return found }
            }
        }
        return found
    }

    mutating func checkProblems() {
        for problem in catalog.problems {
            let file = problem.location.file
            let rule: Rule = switch problem.kind {
            case .unreadable: .unreadableFile
            // Xcode copies a 0-byte .strings file into the app, which then shows what it would without it.
            case .empty: .emptyFile
            case .shadowed: .shadowedFile
            default: .syntaxError
            }
            let hint = problem.hint.isEmpty ? "" : "; " + problem.hint.lowercasedFirst
            let message = rule == .emptyFile
                ? "The file is empty: Xcode builds it and the app reads nothing from it (CoreFoundation refuses a file with no text, so the strings fall back as if it were not there); add its entries, or a comment if it is meant to be empty, or delete it"
                : "\(problem.message)\(hint)"
            report(rule, file: file, position: problem.location.position, locale: Catalog.locale(ofFile: file),
                   table: Catalog.tableName(ofFile: file), key: nil, message)
        }
    }

    mutating func checkParserNotes() {
        for (path, file) in catalog.parsedStrings {
            let locale = Catalog.locale(ofFile: path)
            let table = Catalog.tableName(ofFile: path)
            // Entries by key, built only for a file with duplicates, to say which value is kept and which ignored.
            var entriesByKey: [String: [StringsEntry]] = [:]
            if file.notes.contains(where: { $0.kind == .duplicateKey }) {
                let duplicated = Set(file.notes.compactMap { $0.kind == .duplicateKey ? $0.key : nil })
                for entry in file.entries where duplicated.contains(entry.key) { entriesByKey[entry.key, default: []].append(entry) }
            }
            // Where the keys written without quotes stand, built only for a file with such a note.
            var unquotedKeyPositions = Set<SourcePosition>()
            if file.notes.contains(where: { $0.kind == .unquotedString }) {
                let unquoted = Set(file.notes.compactMap { $0.kind == .unquotedString ? $0.key : nil })
                for entry in file.entries where unquoted.contains(entry.key) { unquotedKeyPositions.insert(entry.keyPosition) }
            }
            for note in file.notes {
                // `NSCameraUsageDescription = "…";` is how Apple's own InfoPlist.strings examples write a key: an
                // identifier without quotes misleads nobody (an unquoted value, or a key of other characters, still does).
                if note.kind == .unquotedString, let key = note.key, unquotedKeyPositions.contains(note.position), Self.isIdentifier(key) {
                    continue
                }
                let rule: Rule
                var advice = ""
                var message = note.message.hasSuffix(".") || note.message.hasSuffix(")") ? note.message : note.message + "."
                switch note.kind {
                case .duplicateKey:
                    guard let key = note.key, let all = entriesByKey[key], let index = all.firstIndex(where: { $0.keyPosition == note.position }), index > 0,
                          all[index].key.unicodeScalars.elementsEqual(key.unicodeScalars) else {
                        rule = .duplicateKey
                        advice = " Remove one of them (Apple uses the last)."
                        break
                    }
                    let earlier = all[index - 1]
                    let later = all[index]
                    if earlier.value == later.value {
                        // What Xcode builds and the app shows is the same either way: worth tidying, nothing more.
                        rule = .repeatedEntry
                        message = "Key \"\(key)\" is defined again on line \(later.keyPosition.line) with the same value as on line \(earlier.keyPosition.line); one of them can go."
                    } else {
                        rule = .duplicateKey
                        message = "Key \"\(key)\" is used with multiple values. Value \(Self.quoted(later.value)) (line \(later.keyPosition.line)) kept, as CoreFoundation keeps the last; value \(Self.quoted(earlier.value)) (line \(earlier.keyPosition.line)) ignored."
                        advice = " Remove the one you do not mean."
                    }
                case .nonStringValue:
                    rule = .nonStringValue
                    advice = " Write the value as a quoted string."
                case .ignoredEntries:
                    rule = .truncatedFile
                default:
                    rule = .misleadingConstruct
                    // Named, as every other finding of an entry is: the position alone points into the value.
                    if let key = note.key, !message.contains("\"\(key)\"") { message = "In \"\(key)\": " + message }
                }
                report(rule, file: path, position: note.position, locale: locale, table: table, key: note.key, message + advice)
            }
        }
    }

    /// Letters, digits, `_`, `.` and `-`, starting with a letter or `_` (`CFBundleDisplayName`, `NSUserActivityTypes.0`).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_", first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "." || $0 == "-") }
    }

    /// A value as a finding shows it: the text in quotes, shortened past 60 characters.
    static func quoted(_ value: PlistValue) -> String {
        guard let text = value.stringValue else { return "(not a string)" }
        let shown = text.count > 60 ? String(text.prefix(57)) + "…" : text
        return "\"\(shown)\""
    }

    // MARK: Tables

    /// A slice of per-key work: the base table's own checks, or one locale's keys against the base.
    enum Job: Sendable {
        case baseKeys(table: String, range: Range<Int>)
        /// `absentKinds`: the file kinds (`strings`, `stringsdict`) the locale lacks, whose keys had one finding for all.
        case localeKeys(table: String, locale: String, baseRange: Range<Int>, absentKinds: Set<String>)
        case extraKeys(table: String, locale: String, range: Range<Int>, reportsExtra: Bool)
    }

    /// Tables and locales too large for one job are split so that every core has work.
    static let jobSize = 4_000

    static func chunks(_ count: Int) -> [Range<Int>] {
        guard count > jobSize else { return [0..<count] }
        let parts = min(OwnPlaceholders.cores * 2, (count + jobSize - 1) / jobSize)
        let size = (count + parts - 1) / parts
        return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }

    /// Reports whole missing or extra tables, and returns the per-key jobs.
    mutating func checkTables() -> [Job] {
        var jobs: [Job] = []
        let locales = lintedLocales
        // Locales that only a Settings bundle has (Element X's Settings.bundle/ar.lproj beside an app with no ar): the
        // app is not translated there, so its tables are not missing there.
        let settingsOnly = Self.settingsOnlyLocales(of: catalog)
        let shipped = BundleLocales(catalog)
        for tableName in catalog.tableNames {
            let base = tableBase(tableName)
            let baseTable = catalog.table(tableName, locale: base)
            // A Base.lproj copy passed over for the base locale's larger one (`Linter.tableBases`): said once, so the
            // keys only it has are not forgotten.
            if base != Linter.interfaceBase, let baseTable, let interface = catalog.table(tableName, locale: Linter.interfaceBase),
               !PropertyListTexts.isPropertyListTable(tableName),
               case let only = interface.keys.filter({ baseTable.entries[$0] == nil }).count, only > 0 {
                report(.tableConvention, file: interface.files.first ?? tableName, position: nil, locale: Linter.interfaceBase, table: tableName, key: nil,
                       subject: "stale-base",
                       "Base.lproj's \(tableName) (\(interface.keys.count) keys) is not compared with: \(base)'s own copy, with \(baseTable.keys.count), is the base; "
                       + "\(only) of Base's keys are in no \(base) entry. If Base's copy is left over, remove it")
            }
            if let baseTable {
                jobs += Self.chunks(baseTable.keys.count).map { .baseKeys(table: tableName, range: $0) }
            }
            reportBaseTextNotInCatalog(tableName, baseTable: baseTable, base: base, locales: locales)
            let isSettingsTable = baseTable.map(Self.isSettingsTable) ?? false
            // A table no translation has, where several lack it (Element X's "Untranslated", English by design): one
            // finding for the table, not one per locale; its keys still count as missing in the figures.
            let lacking = locales.filter { $0 != base && $0 != self.base && catalog.table(tableName, locale: $0) == nil
                && !(settingsOnly.contains($0) && !isSettingsTable) && shipped.asks(tableName, of: $0) }
            let inNoTranslation = lacking.count >= 3 && !locales.contains { $0 != base && $0 != self.base && catalog.table(tableName, locale: $0) != nil }
            var reportedInNoTranslation = false
            // The locales the table has, however their folders spell them (`Catalog.localeIdentity`): made when a locale
            // first lacks the table.
            var spelledLocales: Set<String>?
            // The base's keys a translation must have: counted when a locale first lacks the table (most tables no
            // locale lacks, and a walk of a 20,000-key base is a millisecond of the lint pair), then reused.
            var counted: Int?
            func translatableKeys(_ baseTable: CatalogTable) -> Int {
                if let counted { return counted }
                let count = baseTable.keys.count { (baseTable.entries[$0]?.needsTranslation ?? false) && conventions.isShown($0, table: tableName) }
                counted = count
                return count
            }
            for locale in locales where locale != base {
                if settingsOnly.contains(locale), !isSettingsTable { continue }
                if catalog.table(tableName, locale: locale) == nil, !shipped.asks(tableName, of: locale) { continue }
                guard let table = catalog.table(tableName, locale: locale) else {
                    // Base.lproj is the base language's own copy of its tables: nothing is missing there.
                    if inNoTranslation, let baseTable, locale != self.base, lostFile(tableName, locale: locale) == nil {
                        let translatable = translatableKeys(baseTable)
                        guard translatable > 0, !Self.isRegionalVariant(locale, of: self.base) else { continue }
                        missingTables[Catalog.TableID(table: tableName, locale: locale)] = translatable
                        if !reportedInNoTranslation {
                            reportedInNoTranslation = true
                            let shown = lacking.prefix(3).joined(separator: ", ") + (lacking.count > 3 ? ", …" : "")
                            report(.missingKey, file: anyFile(of: tableName, preferring: base), position: nil, locale: base,
                                   table: tableName, key: nil, subject: "",
                                   "no translation has the \(tableName) table (\(lacking.count) locales lack it: \(shown)), so its \(translatable) key(s) show in \(base) everywhere; if it stays in \(base) on purpose (a debug or internal table), this is its one finding, else \(addTable(tableName, locale: lacking[0], baseFile: baseTable.files.first)) and to each of the others")
                        }
                        continue
                    }
                    if let baseTable, locale != self.base {
                        let translatable = translatableKeys(baseTable)
                        // A file of the table that does not parse (MonitorControl's cs Main.strings) is there: its
                        // syntax-error says where; adding the file would be no advice.
                        let lost = lostFile(tableName, locale: locale)
                        // A regional variant of the base language (en-GB) without the table is read in the base's
                        // (the bundle looks for a table in each of the user's languages in turn): nothing is missing.
                        // So is a regional locale whose language has the table (mastodon-ios's es-AR, read in es).
                        // A file named with other capitals (mastodon-ios's de.lproj/infoPlist.strings) is the table on a
                        // Mac's disk, not on iOS's, which tells case apart: it is to be renamed; adding one beside it
                        // would overwrite it on a Mac.
                        // Only when this spelling is the one most locales use: mastodon-ios's stray Base.lproj/infoPlist.strings
                        // must not turn 26 working InfoPlist.strings into files to rename. The other way round, or a tie,
                        // the locale has the table under a name as good as this one: nothing to say here.
                        // The same locale spelled otherwise has it (Tunnelblick's uninstaller in `English.lproj` and `CS.lproj`,
                        // the app in `en.lproj` and `cs.lproj`): a folder of another bundle's way of naming, not a gap.
                        if spelledLocales == nil {
                            spelledLocales = Set(catalog.tables.keys.filter { $0.table == tableName }.map { Catalog.localeIdentity($0.locale) })
                        }
                        if lost == nil, spelledLocales?.contains(Catalog.localeIdentity(locale)) == true { continue }
                        var otherCase: CatalogTable?
                        if lost == nil, let other = tableNamedOtherwise(tableName, locale: locale) {
                            guard localeCount(of: tableName) > localeCount(of: other) else { continue }
                            otherCase = catalog.table(other, locale: locale)
                        }
                        if translatable > 0, lost != nil
                            || !Self.isRegionalVariant(locale, of: self.base) && parentLocale(of: locale, having: tableName) == nil {
                            missingTables[Catalog.TableID(table: tableName, locale: locale)] = translatable
                            if let otherCase, let file = otherCase.files.first {
                                let wanted = PathText.parent(of: file) + "/" + Catalog.fileTableName(tableName) + "." + (file as NSString).pathExtension
                                report(.missingKey, file: file, position: nil, locale: locale, table: tableName, key: nil, subject: "",
                                       "\(locale)'s \(tableName) table is in \(file), named with other capitals: iOS tells case apart, so the bundle does not find it there and \(translatable) key(s) are untranslated; rename it to \(wanted)")
                                continue
                            }
                            let empty = lost == nil ? emptyFile(tableName, locale: locale) : nil
                            report(.missingKey, file: lost?.location.file ?? empty ?? anyFile(of: tableName, preferring: base), position: nil, locale: locale,
                                   table: tableName, key: nil, subject: "",
                                   lost.map { "\(locale)'s \(tableName) table cannot be read (\($0.kind == .syntax ? "it does not parse" : "its file cannot be read"): "
                                       + "see its \($0.kind == .syntax ? "syntax-error" : "finding")), so \(translatable) key(s) are untranslated there; fix the file" }
                                   ?? empty.map { _ in "\(locale)'s \(tableName) file has no entries, so \(translatable) key(s) are untranslated there; translate them into it, or remove the locale if the app does not ship it" }
                                   ?? "\(locale) has no \(tableName) table, so \(translatable) key(s) are untranslated there; \(addTable(tableName, locale: locale, baseFile: baseTable.files.first))")
                        }
                    }
                    continue
                }
                guard let baseTable else {
                    // InfoPlist's base text is Info.plist itself, and an Interface Builder table's is its storyboard
                    // or xib in Base.lproj: a translation needs no base .strings there. A table whose base text is
                    // elsewhere has had its one finding.
                    if TableConventions.isInterfaceBuilderTable(tableName, in: catalog) {
                        reportStoryboardCopies(table, locale: locale)
                        continue
                    }
                    if isIntentDefinitionTable(table) { continue }
                    if PropertyListTexts.isPropertyListTable(tableName) || emptyBaseTables.contains(tableName) { continue }
                    // Named with other capitals than the base's table: reported there, as the file to rename.
                    if let other = tableNamedOtherwise(tableName, locale: base), catalog.table(other, locale: locale) == nil { continue }
                    report(.extraKey, file: table.files.first ?? tableName, position: nil, locale: locale, table: tableName, key: nil,
                           "the table \(tableName) exists in \(locale) but not in the base locale (\(base)); add \(newTableFile(tableName, locale: base)) or remove this file")
                    continue
                }
                let absentKinds = reportAbsentFileKinds(tableName, baseTable: baseTable, table: table, locale: locale)
                jobs += Self.chunks(baseTable.keys.count).map {
                    .localeKeys(table: tableName, locale: locale, baseRange: $0, absentKinds: absentKinds)
                }
            }
        }
        return jobs
    }

    /// An Interface Builder table with no base `.strings` (its text is the storyboard's), whose translation is that text
    /// throughout, as `ibtool` wrote it into each entry's comment (`/* Class = "NSMenu"; title = "Find"; ObjectID =
    /// "1b7-l0-nxx"; */` above `"1b7-l0-nxx.title" = "Find";`): one `untranslated` finding for the locale's table, as
    /// for a table a translation service filled with the source text. linearmouse's 32 locales kept all 131 texts of
    /// their `Main.strings` in English (4,192 values) and nothing was said.
    mutating func reportStoryboardCopies(_ table: CatalogTable, locale: String) {
        guard Self.language(of: locale) != Self.language(of: base) else { return }
        var texts = 0
        var copies: [String] = []
        for key in table.keys {
            guard let entry = table.entries[key], let comment = entry.comment, case .text(let value) = entry.value,
                  let text = Catalog.interfaceBuilderText(key: key, comment: comment),
                  Self.hasTranslatableWords(text, englishBase: Self.language(of: base) == "en") else { continue }
            texts += 1
            if value == text { copies.append(key) }
        }
        // Most of it, not half: a keyboard's keys ("F7", "Esc", "Tab") are kept as they are (UTM: 22 of 32).
        guard copies.count >= 20, copies.count * 5 >= texts * 4 else { return }
        let named = copies.prefix(3).compactMap { key in table.entries[key]?.comment.flatMap { Catalog.interfaceBuilderText(key: key, comment: $0) } }
        report(.untranslated, file: table.files.first ?? table.name, position: nil, locale: locale, table: table.name, key: nil,
               subject: copies.sorted().joined(separator: "\n"),
               "\(locale)'s \(table.name) is its storyboard's own text almost throughout: \(copies.count) of its \(texts) texts are the ones Interface Builder wrote in their comments (\(named.map { "\"\($0)\"" }.joined(separator: ", "))\(copies.count > 3 ? ", …" : "")); translate them, or remove the file if the locale does not translate this storyboard")
    }

    /// A locale that has one file of a table but not the other kind (talk-ios: 59 locales with a `.stringsdict` and no
    /// `.strings`; Transifex pulls each file on its own) lacks every key of that kind at once: one finding says so, as
    /// for a table a locale lacks, where one per key (60,000 there) would bury everything else. The keys still count as
    /// missing in the figures. A single key is listed as itself. Returns the kinds so reported.
    mutating func reportAbsentFileKinds(_ tableName: String, baseTable: CatalogTable, table: CatalogTable, locale: String) -> Set<String> {
        let targets = MissingKeyTargets(tableFiles: table.files, table: tableName)
        // Only a kind the base has and the locale lacks: most tables are one kind in every locale, and are done here
        // without a look at their keys.
        let lacksStrings = targets.strings == nil && baseTable.files.contains { $0.hasSuffix(".strings") }
        let lacksStringsdict = targets.stringsdict == nil && baseTable.files.contains { $0.hasSuffix(".stringsdict") }
        // A regional variant of the base language lacking a kind is read in the base's file of that kind: nothing is missing.
        guard lacksStrings || lacksStringsdict, !isLostFile(tableName, locale: locale), !Self.isRegionalVariant(locale, of: base) else { return [] }
        let required = Set(configuration.requiredKeys[tableName] ?? [])
        let keysAsTextInBaseLanguage = showsKeysAsBaseText(tableName, locale: locale)
        var absent: [String: (keys: [String], baseFile: String, toAdd: String?)] = [:]
        for key in baseTable.keys where table.entries[key] == nil {
            guard let baseEntry = baseTable.entries[key], isMissingTranslation(baseEntry, table: tableName, keysAsTextInBaseLanguage: keysAsTextInBaseLanguage),
                  !required.contains(key), !linter.identifiers.contains(key) else { continue }
            let target = targets.file(for: baseEntry.location.file)
            guard target.existing == nil, let toAdd = target.toAdd else { continue }
            let kind = baseEntry.location.file.hasSuffix(".stringsdict") ? "stringsdict" : "strings"
            var entry = absent[kind] ?? ([], baseEntry.location.file, toAdd)
            entry.keys.append(key)
            absent[kind] = entry
        }
        let fileName = Catalog.fileTableName(tableName)
        var reported: Set<String> = []
        for (kind, found) in absent.sorted(by: { $0.key < $1.key }) where found.keys.count > 1 {
            reported.insert(kind)
            let has = table.files.map { ($0 as NSString).lastPathComponent }.first ?? tableName
            let examples = found.keys.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            // Its keys are its identity in a baseline: a key added to the base later is a new finding, not hidden.
            // A file there that holds no entry (deltachat's `ar.lproj/Localizable.stringsdict`, an empty `<dict/>`) is
            // said as it is, where the keys go.
            if let toAdd = found.toAdd, catalog.files.contains(toAdd) {
                report(.missingKey, file: toAdd, position: nil, locale: locale, table: tableName, key: nil,
                       subject: found.keys.sorted().joined(separator: "\n"),
                       "\(locale)'s \(fileName).\(kind) has no entries, so \(found.keys.count) key(s) of the base's \(found.baseFile) are untranslated "
                       + "there (\(examples)\(found.keys.count > 3 ? ", …" : "")); translate them into it")
                continue
            }
            report(.missingKey, file: table.files.first ?? tableName, position: nil, locale: locale, table: tableName, key: nil,
                   subject: found.keys.sorted().joined(separator: "\n"),
                   "\(locale) has \(has) but no \(fileName).\(kind), so \(found.keys.count) key(s) of the base's \(found.baseFile) are untranslated "
                   + "there (\(examples)\(found.keys.count > 3 ? ", …" : "")); add \(found.toAdd ?? fileName + "." + kind)")
        }
        return reported
    }

    /// A file of this table and locale that CF cannot read (damus: 27 locales' Localizable.strings start with a second
    /// byte-order mark) is reported once, as such: its keys are still counted missing, not listed.
    func isLostFile(_ tableName: String, locale: String) -> Bool { lostFile(tableName, locale: locale) != nil }

    /// The problem of a file of this table and locale that CF cannot read, if any.
    func lostFile(_ tableName: String, locale: String) -> CatalogProblem? {
        catalog.problems.first { problem in
            [.syntax, .encoding, .unreadable].contains(problem.kind) && Catalog.locale(ofFile: problem.location.file) == locale
                && Catalog.tableName(ofFile: problem.location.file) == tableName
        }
    }

    /// Whether `locale` is written as the base is, so that a key it lacks, shown as the key, reads as the base text where
    /// the base maps the key to itself: the base language's own table beside Base (see `isMissingTranslation`), or a
    /// regional variant of the base language (vienna-rss's en-GB and en-AU: 1,100 `missing-key` for keys such as
    /// `"Mark All as Read"`, which their users see as en users do). A variant keeps only the texts it spells otherwise.
    /// Not across scripts (zh-Hans and zh-Hant, sr and sr-Latn), and not Chinese, whose regions differ in script.
    func showsKeysAsBaseText(_ tableName: String, locale: String) -> Bool {
        if locale == base { return tableBase(tableName) != locale && conventions.keysAsText.contains(tableName) }
        return Self.isRegionalVariant(locale, of: base)
    }

    /// Locales whose every table is a Settings bundle's: the app itself is not translated there.
    static func settingsOnlyLocales(of catalog: Catalog) -> Set<String> {
        var settingsOnly = Set<String>(), appLocales = Set<String>()
        for (id, table) in catalog.tables {
            if isSettingsTable(table) { settingsOnly.insert(id.locale) } else { appLocales.insert(id.locale) }
        }
        return settingsOnly.subtracting(appLocales)
    }

    static func isSettingsTable(_ table: CatalogTable) -> Bool {
        !table.files.isEmpty && table.files.allSatisfy { $0.contains("Settings.bundle/") }
    }

    /// How many locales have a table of that name.
    func localeCount(of tableName: String) -> Int {
        catalog.tables.keys.count { $0.table == tableName }
    }

    /// The name of the locale's table that differs from `tableName` only in capitals (`infoPlist` for `InfoPlist`).
    func tableNamedOtherwise(_ tableName: String, locale: String) -> String? {
        let lowered = tableName.lowercased()
        return catalog.tableNames.first { $0 != tableName && $0.lowercased() == lowered && catalog.table($0, locale: locale) != nil }
    }

    /// The locale the bundle reads a table in when `locale` lacks it: the same tag without its region (`es` for `es-AR`,
    /// `zh-Hant` for `zh-Hant-TW`, never across scripts), if the catalog has the table there.
    func parentLocale(of locale: String, having tableName: String) -> String? {
        var subtags = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard subtags.count > 1, let last = subtags.last,
              last.count == 2 && last.allSatisfy(\.isLetter) || last.count == 3 && last.allSatisfy(\.isNumber) else { return nil }
        subtags.removeLast()
        let parent = subtags.joined(separator: "-")
        return [parent, subtags.joined(separator: "_")].first { catalog.table(tableName, locale: $0) != nil }
    }

    /// `en-GB` of `en`, `pt-PT` of `pt-BR`: the same language, in the same script.
    static func isRegionalVariant(_ locale: String, of base: String) -> Bool {
        func parts(_ tag: String) -> (language: String, script: String?) {
            let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
            let script = subtags.dropFirst().first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
            return (subtags.first ?? "", script)
        }
        let (language, script) = parts(locale), (baseLanguage, baseScript) = parts(base)
        return !language.isEmpty && language == baseLanguage && script == baseScript && !["zh", "yue"].contains(language)
    }

    /// A base entry for an Interface Builder object its storyboard or xib no longer has: nothing shows it, so its
    /// translations are asked for nothing; it is to be removed from every locale.
    mutating func reportStaleInterfaceKey(_ entry: CatalogEntry, table: String) {
        let id = entry.key.prefix { $0 != "." }
        let folder = PropertyListTexts.lprojParent(of: entry.location.file) ?? "."
        let documents = PropertyListTexts.localizedDocuments(named: Catalog.tableName(ofFile: entry.location.file), kinds: ["storyboard", "xib"], in: folder)
        let named = documents.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }.joined(separator: ", ")
        report(.extraKey, entry: entry, locale: tableBase(table), table: table,
               "\"\(entry.key)\" is the text of object \(id), which \(named) no longer has: no screen shows it, so no translation is asked for; remove it from every locale")
    }

    /// Whether a base entry a locale lacks is a translation missing there: one that needs translating, is not stale, and
    /// carries no note saying not to translate. And not in the development language's own table beside Base (Loop's
    /// en.lproj next to Base.lproj) of a table whose keys are the text, or in a regional variant of the base language
    /// (`showsKeysAsBaseText`), where a key it lacks is shown as the key, which is
    /// that text (unless Base gives the key other words: `"OK" = "Okay";` would show "OK"). The per-key check and the
    /// one finding for a file kind a locale lacks ask alike.
    func isMissingTranslation(_ baseEntry: CatalogEntry, table: String, keysAsTextInBaseLanguage: Bool) -> Bool {
        guard baseEntry.needsTranslation, !baseEntry.isStale, !Self.commentSaysNotToTranslate(baseEntry.comment),
              !Self.isPrototypeCell(baseEntry.comment),
              conventions.isShown(baseEntry.key, table: table) else { return false }
        if keysAsTextInBaseLanguage, case let .text(text) = baseEntry.value, text == baseEntry.key { return false }
        // `" " = " ";`, `"—" = "—";` (Cork's spacer): a key of no letters or digits that is its own text reads the same
        // in every language, and a translation without it shows the key, which is that text.
        if case let .text(text) = baseEntry.value, text == baseEntry.key,
           !text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) { return false }
        return true
    }

    /// Where `locale`'s file of a table goes: `<locale>.lproj/<Table>.strings`, in its bundle's folder for a bundle's
    /// table (`ActivityLog/Localizable`, see `Catalog.bundleTableNames`), whose name is no file name.
    func newTableFile(_ tableName: String, locale: String) -> String {
        let plain = "\(locale).lproj/\(Catalog.fileTableName(tableName)).strings"
        guard let folder = bundleFolder(of: tableName) ?? translationsFolder(of: tableName), !folder.isEmpty, folder != "." else { return plain }
        return "\(folder)/\(plain)"
    }

    /// The one folder whose `.lproj` folders hold a table's files (Mastodon's `Mastodon/Resources`), so that "add
    /// ar.lproj/InfoPlist.strings" says where; where they are spread over folders (the base in the app's folder, a
    /// vendor's translations in another), the one folder of its translations; nil when that is not one folder either.
    func translationsFolder(of tableName: String) -> String? {
        let base = tableBase(tableName)
        var all: Set<String> = []
        var translations: Set<String> = []
        for (id, table) in catalog.tables where id.table == tableName {
            for file in table.files where !file.hasSuffix(".xcstrings") {
                let folder = Catalog.bundleFolder(ofFile: file)
                all.insert(folder)
                if id.locale != base { translations.insert(folder) }
            }
        }
        if all.count == 1 { return all.first }
        return translations.count == 1 ? translations.first : nil
    }

    /// The folder of a table whose name another bundle's table shares (its files are all there); nil for any other
    /// table, whose files may be spread over folders of one bundle.
    func bundleFolder(of tableName: String) -> String? {
        let name = Catalog.fileTableName(tableName)
        guard catalog.tableNames.contains(where: { $0 != tableName && Catalog.fileTableName($0) == name }),
              let file = catalog.tables.first(where: { $0.key.table == tableName })?.value.files.first else { return nil }
        return Catalog.bundleFolder(ofFile: file)
    }

    /// A table whose base text is an intent definition (`Base.lproj/BraveWidgets.intentdefinition`, beside the
    /// `.lproj` folders or in a target folder near them): Xcode compiles the base language's strings from the definition,
    /// and the translations' keys are its IDs. brave-ios has no `en.lproj` file of its two such tables: each was "not in
    /// the base locale; remove it" in every locale, and with `--sources` every key of them (2,176 findings).
    func isIntentDefinitionTable(_ table: CatalogTable) -> Bool {
        guard let file = table.files.first, let folder = PropertyListTexts.lprojParent(of: file) else { return false }
        let name = Catalog.tableName(ofFile: file)
        return !PropertyListTexts.localizedDocuments(named: name, kinds: ["intentdefinition"], in: folder.isEmpty ? "." : folder).isEmpty
            || !PropertyListTexts.nearbyIntentTexts(table: name, folder: folder).isEmpty
    }

    /// What to do for a locale that lacks a table: translate it in the String Catalog that holds it, else add its file.
    func addTable(_ tableName: String, locale: String, baseFile: String?) -> String {
        if let baseFile, baseFile.hasSuffix(".xcstrings") { return "add its \(locale) translations to \(baseFile)" }
        return "add \(newTableFile(tableName, locale: locale))"
    }

    /// A base table with next to no text while translations have many keys it lacks (KeePassium's
    /// `en.lproj/Localizable.strings`): the base text is elsewhere, most often in code (`NSLocalizedString(_:value:comment:)`,
    /// `String(localized:defaultValue:)`, which Xcode's export hands to translators), or the translations are stale. Every
    /// such key of every translation would be "not in the base locale; remove it" (18,486 times on KeePassium): one
    /// finding for the table says what is going on instead, and its keys are not reported extra one by one
    /// (`emptyBaseTables`). `--sources` checks them against the code's default values and calls.
    /// InfoPlist and Interface Builder tables have their base text elsewhere by design, and are checked against it.
    mutating func reportBaseTextNotInCatalog(_ tableName: String, baseTable: CatalogTable?, base: String, locales: [String]) {
        guard !PropertyListTexts.isPropertyListTable(tableName), !TableConventions.isInterfaceBuilderTable(tableName, in: catalog) else { return }
        let translations = locales.filter { $0 != base && !Linter.isSpecialFolder($0) }.compactMap { catalog.table(tableName, locale: $0) }
        if baseTable == nil, let first = translations.first, isIntentDefinitionTable(first) { return }
        guard let (baseKeys, beyond) = Linter.baseTextElsewhere(base: baseTable, translations: translations) else { return }
        emptyBaseTables.insert(tableName)
        // An empty base file has no table; the finding is still at it when there is one.
        let file = baseTable?.files.first
            ?? catalog.files.first { file in
                Catalog.locale(ofFile: file) == base && Catalog.tableName(ofFile: file) == Catalog.fileTableName(tableName)
                    && bundleFolder(of: tableName).map { Catalog.bundleFolder(ofFile: file) == $0 } ?? true
            }
            ?? newTableFile(tableName, locale: base)
        report(.extraKey, file: file, position: nil, locale: base, table: tableName, key: nil,
               "the \(base) \(tableName) table has \(baseKeys) key(s), while \(beyond.count) translation(s) have up to \(beyond.last ?? 0) "
                   + "key(s) it lacks: the \(base) text is not in the catalog (often it is in code: NSLocalizedString(_:value:comment:), "
                   + "String(localized:defaultValue:)), or the translations are stale, so their keys are not reported one by one; "
                   + "pass --sources with the folders of the code to check them against its default values and calls")
    }

    /// Runs one job; a `localeKeys` job also says how many of its base keys the locale has, lacks and leaves as in the
    /// base, and a `baseKeys` job how many of its keys need translation (`Counts.translatable`, under the table's base).
    mutating func perform(_ job: Job) -> (pair: Catalog.TableID, counts: Counts)? {
        switch job {
        case let .baseKeys(tableName, range):
            guard let baseEntries = ordered(tableName, tableBase(tableName)) else { return nil }
            var translatable = 0
            let staleInterfaceKeys = conventions.staleInterfaceKeys[tableName]
            // Entries are read in place from the array (no copy of each, no lookup by key).
            baseEntries.withUnsafeBufferPointer { entries in
                for index in range {
                    let entry = entries[index]
                    if entry.needsTranslation, !entry.isStale, conventions.isShown(entry.key, table: tableName) { translatable += 1 }
                    if let staleInterfaceKeys, staleInterfaceKeys.contains(entry.key) { reportStaleInterfaceKey(entry, table: tableName) }
                    checkEntry(entry, baseEntry: nil, locale: base, table: tableName)
                }
            }
            return (Catalog.TableID(table: tableName, locale: tableBase(tableName)), Counts(translatable: translatable))
        case let .localeKeys(tableName, locale, baseRange, absentKinds):
            guard let baseEntries = ordered(tableName, tableBase(tableName)), let table = catalog.table(tableName, locale: locale),
                  let targetEntries = ordered(tableName, locale) else { return nil }
            let required = Set(configuration.requiredKeys[tableName] ?? [])
            let file = table.files.first ?? tableName
            // A base key from a `.stringsdict` is added to the locale's `.stringsdict` (a plural is a dictionary there),
            // one from a `.strings` to its `.strings`: the finding is at that file, or names the file to add.
            let missingTargets = MissingKeyTargets(tableFiles: table.files, table: tableName)
            let keysAsTextInBaseLanguage = showsKeysAsBaseText(tableName, locale: locale)
            let lostFile = isLostFile(tableName, locale: locale)
            // A regional variant of the base language lacking an Interface Builder table's key shows the storyboard's
            // own text, which is the base language's: nothing is missing there either.
            let regionalVariant = Self.isRegionalVariant(locale, of: base)
            let variantOfInterface = regionalVariant && TableConventions.isInterfaceBuilderTable(tableName, in: catalog)
            // An NSPredicateEditor's table in a language that splits the base's templates into finer ones (Vienna's
            // Spanish `%[All]@ …` and `%[Any,None]@ …` for `%[All,Any,None]@ …`): the editor finds each row among them, so
            // the base's template is not missing there.
            let splitsTemplates = conventions.predicateEditorTables.contains(tableName)
                && table.keys.contains { key in baseEntries.allSatisfy { $0.key != key } }
            // A file kind the locale lacks altogether had one finding for all its keys (`reportAbsentFileKinds`).
            let absentStrings = absentKinds.contains("strings"), absentStringsdict = absentKinds.contains("stringsdict")
            var matched = 0
            var missing = 0
            identical = 0
            baseEntries.withUnsafeBufferPointer { bases in
                targetEntries.withUnsafeBufferPointer { targets in
                    // A translation that lists its keys in the base's order is matched by walking both lists: the
                    // cursor is where the next base key should be. A key the translation lacks (a quarter of them in a
                    // volunteer locale) is looked up and not found, and the cursor waits; a key found elsewhere moves
                    // the cursor to it when it is near (the whole job's range the first time, to find where this
                    // job's part of the translation starts). Only keys out of the base's order cost a lookup each.
                    var cursor = min(baseRange.lowerBound, targets.count)
                    var synced = false
                    for index in baseRange {
                        let baseEntry = bases[index]
                        if cursor < targets.count, targets[cursor].key == baseEntry.key {
                            matched += 1
                            checkEntry(targets[cursor], baseEntry: baseEntry, locale: locale, table: tableName)
                            cursor += 1
                            synced = true
                        } else if let entry = table.entries[baseEntry.key] {
                            matched += 1
                            checkEntry(entry, baseEntry: baseEntry, locale: locale, table: tableName)
                            if let found = Self.position(of: baseEntry.key, in: targets, near: cursor, radius: synced ? 8 : Self.jobSize) {
                                cursor = found + 1
                            }
                            synced = true
                        } else if !splitsTemplates, isMissingTranslation(baseEntry, table: tableName, keysAsTextInBaseLanguage: keysAsTextInBaseLanguage),
                                  !regionalVariant || !(variantOfInterface || TableConventions.isInterfaceBuilderKey(baseEntry.key))
                                      && missingTargets.file(for: baseEntry.location.file).existing != nil {
                            // (An object's text in a table that mixes a storyboard's with the code's, as Rectangle's
                            // `Main` does, is the storyboard's too.)
                            // (A regional variant without the key's file kind reads the base's file of that kind.)
                            missing += 1
                            guard !lostFile, !required.contains(baseEntry.key), !linter.identifiers.contains(baseEntry.key) else { continue }
                            let target = missingTargets.file(for: baseEntry.location.file)
                            if target.existing == nil,
                               baseEntry.location.file.hasSuffix(".stringsdict") ? absentStringsdict : absentStrings { continue }
                            // In a String Catalog the translation goes in the base entry's own object: point there,
                            // not at 1:1 of a file that can be 85,000 lines long (IceCubes).
                            let inSameFile = target.existing != nil && target.existing == baseEntry.location.file
                            report(.missingKey, file: target.existing ?? file, position: inSameFile ? baseEntry.location.position : nil,
                                   locale: locale, table: tableName,
                                   key: baseEntry.key, subject: "",
                                   Self.missingMessage(baseEntry, locale: locale, tableBase: tableBase(tableName),
                                                       keysAsText: conventions.keysAsText.contains(tableName), toAdd: target.toAdd,
                                                       inSameCatalog: inSameFile))
                        }
                    }
                }
            }
            return (Catalog.TableID(table: tableName, locale: locale), Counts(matched: matched, missing: missing, identical: identical))
        case let .extraKeys(tableName, locale, range, reportsExtra):
            let base = tableBase(tableName)
            guard let baseTable = catalog.table(tableName, locale: base), let table = catalog.table(tableName, locale: locale) else { return nil }
            // Where Base.lproj holds the table, the base language's own copy (en.lproj) is the base language too: Base
            // often keeps only a few overrides (InfoPlist), and a key that copy has is not extra in a translation.
            let ownCopy = base == Linter.interfaceBase ? catalog.table(tableName, locale: self.base) : nil
            for key in table.keys[range] where baseTable.entries[key] == nil && ownCopy?.entries[key] == nil {
                guard let entry = table.entries[key] else { continue }
                // An InfoPlist table's base text is Info.plist itself, an intent's table's its definition: a key they
                // have is not extra.
                let propertyListText = conventions.isPropertyListText(key, file: entry.location.file, table: tableName)
                if reportsExtra, !propertyListText {
                    report(.extraKey, entry: entry, locale: locale, table: tableName,
                           "\"\(key)\" is not in the base locale (\(base)); remove it, or add it to the base locale's \(tableName) table")
                }
                // A text of Info.plist as its key (a document type's name, OwnTracks' "OwnTracks Configuration File") is
                // its own base text: a translation that keeps it is told, as in a table whose keys are its text.
                if propertyListText, PropertyListTexts.isPropertyListTable(tableName), key.contains(" "),
                   case .text(let text) = entry.value, text == key, Self.language(of: locale) != Self.language(of: self.base) {
                    checkUntranslated(text, baseText: key, entry: entry, baseEntry: nil, locale: locale, table: tableName)
                }
                checkEntry(entry, baseEntry: nil, locale: locale, table: tableName)
            }
            return nil
        }
    }

    /// A key-as-text table's base is completed with its translations' keys, which stand in no base file: those say
    /// where the key was found instead of calling a Finnish file the base locale.
    /// Only a key-as-text table's entries are looked at (a missing key is the most common finding of all).
    /// `toAdd`: the file to create for it, when the locale has no file of the base entry's kind (nil: the finding's).
    static func missingMessage(_ baseEntry: CatalogEntry, locale: String, tableBase: String, keysAsText: Bool, toAdd: String? = nil,
                               inSameCatalog: Bool = false) -> String {
        let file = baseEntry.location.file
        let action = toAdd.map { "add it to a new \($0)" } ?? "add it to this file"
        if keysAsText, file.hasSuffix(".strings") || file.hasSuffix(".stringsdict"), Catalog.locale(ofFile: file) != tableBase {
            return "\"\(baseEntry.key)\" is the text \(tableBase) users see (this table's keys are its text; found in \(baseEntry.location)) "
                + "but has no \(locale) translation; \(action)"
        }
        // A String Catalog holds every locale in the base's own entry, which the finding points at: "add it to this file"
        // pointing at that line read as nonsense (Cork).
        if inSameCatalog, file.hasSuffix(".xcstrings") {
            return "\"\(baseEntry.key)\" has no \(locale) translation in this String Catalog; add a localization for \(locale) to this entry"
        }
        return "\"\(baseEntry.key)\" is in the base locale (\(baseEntry.location)) but has no \(locale) translation; \(action)"
    }

    /// Where a locale's missing key goes: its file of the base entry's kind (`.strings` or `.stringsdict`), or, when the
    /// locale has none, the path of the one to add beside its others. A String Catalog holds both kinds.
    struct MissingKeyTargets {
        var strings: String?
        var stringsdict: String?
        var newFolder: String?
        var table: String

        init(tableFiles: [String], table: String) {
            strings = tableFiles.first { $0.hasSuffix(".strings") || $0.hasSuffix(".xcstrings") }
            stringsdict = tableFiles.first { $0.hasSuffix(".stringsdict") || $0.hasSuffix(".xcstrings") }
            newFolder = tableFiles.first.map(PropertyListTexts.folder(of:))
            self.table = Catalog.fileTableName(table)
        }

        func file(for baseFile: String) -> (existing: String?, toAdd: String?) {
            let wantsDictionary = baseFile.hasSuffix(".stringsdict")
            if let existing = wantsDictionary ? stringsdict : strings { return (existing, nil) }
            guard baseFile.hasSuffix(".strings") || wantsDictionary, let newFolder else { return (nil, nil) }
            let name = table + (wantsDictionary ? ".stringsdict" : ".strings")
            return (nil, newFolder.isEmpty ? name : newFolder + "/" + name)
        }
    }

    /// Where `key` is in `entries` within `radius` places of `guess`, nearest first; nil when it is not that near.
    static func position(of key: String, in entries: UnsafeBufferPointer<CatalogEntry>, near guess: Int, radius: Int) -> Int? {
        for distance in 0...radius {
            if guess - distance >= 0, guess - distance < entries.count, entries[guess - distance].key == key { return guess - distance }
            if distance > 0, guess + distance < entries.count, entries[guess + distance].key == key { return guess + distance }
            if guess - distance < 0 && guess + distance >= entries.count { return nil }
        }
        return nil
    }

    /// A table's entries in key order (the linter's catalog has them for every table).
    private func ordered(_ table: String, _ locale: String) -> [CatalogEntry]? {
        catalog.orderedEntries[Catalog.TableID(table: table, locale: locale)]
    }

    mutating func checkRequiredKeys() {
        let locales = lintedLocales.isEmpty ? [base] : lintedLocales
        for (tableName, keys) in configuration.requiredKeys.sorted(by: { $0.key < $1.key }) {
            for locale in locales {
                let table = catalog.table(tableName, locale: locale)
                let file = table?.files.first ?? catalog.table(tableName, locale: base)?.files.first
                    ?? linter.configurationPath ?? LintConfiguration.fileName
                for key in keys where table?.entries[key] == nil {
                    report(.requiredKey, file: file, position: nil, locale: locale, table: tableName, key: key, subject: "",
                           "\"\(key)\" is required by l10n.json but missing from \(tableName) in \(locale); add it")
                }
            }
        }
    }

    /// True for "%" with nothing but spaces around it.
    static func isPercentSignAlone(_ text: String) -> Bool {
        text.utf8.count < 16 && text.trimmingCharacters(in: .whitespaces) == "%"
    }

    // MARK: One entry

    mutating func checkEntry(_ entry: CatalogEntry, baseEntry: CatalogEntry?, locale: String, table: String) {
        if entry.state == "stale" || entry.isStale { checkStale(entry, locale: locale, table: table) }
        guard entry.shouldTranslate else { return }
        // Each value read once: every read of an entry's field is a call that returns it retained, and this runs for
        // every entry of every locale.
        let value = entry.value
        // Crowdin's in-context pseudo-language (openfoodfacts' `lol.lproj`): each value a placeholder
        // `crwdns154446:0crwdne154446:0` its editor swaps for the text being translated, no text to check (42 of its
        // 139 punctuation-mismatch findings).
        if case .text(let text) = value, Self.isCrowdinPlaceholder(text) { return }
        let baseText: String? = if let baseEntry, case .text(let text) = baseEntry.value { text } else { nil }
        checkInternalIdentifier(entry, value: value, locale: locale, table: table)
        let style = conventions.placeholderStyle(of: table)
        if style != .printf, case .text(let text) = value {
            checkOwnPlaceholders(text, style: style, entry: entry, baseEntry: baseEntry, locale: locale, table: table)
            return
        }
        switch value {
        case .text(let text):
            // Parse each text's specifiers once; most copy has no "%" at all.
            let hasPercent = Self.hasPercent(text)
            var sameAsBase: Bool?
            if hasPercent, let baseText { sameAsBase = SpecifierScan.sameSpecifiers(text, baseText) }
            // Identical plain specifiers, or plain ones in the base locale, need no full parse: nothing to report.
            let needsParse = hasPercent && sameAsBase != true && !(baseEntry == nil && SpecifierScan.isPlain(text))
            let parsed = needsParse ? FormatSpecifier.parseReportingInvalid(text) : (specifiers: [], invalid: [])
            // A translation that is the base's text word for word (an export tool's stand-in for "not translated yet")
            // has the base's % problems, which the base's own entry reports once: not again in each of 150 locales.
            var copiesBase = false
            if hasPercent, let baseText { copiesBase = text == baseText }
            // A base that is no format string either (its own `%` forms no specifier: reported there, once) is text
            // shown as it is: Turkish "%100" in its translation is a percent sign, as the base's is.
            // A value that is the percent sign alone is a unit's label (MrKai77/Loop's "%" beside a slider), never a
            // format string: `%%` there would show two.
            // Said once: in a translation whose specifiers also differ from the base's, as part of that error (Sequel-Ace:
            // 31 of 32 such findings were the same line's format-mismatch again).
            var loneSign: (offset: Int, advice: String)?
            // A base with a stray % of its own beside its specifiers (openfoodfacts' "…ingredients: %d%") is told once, at
            // the base: each translation that keeps that % (74 of its 91 findings) follows it.
            if !copiesBase, let offset = parsed.invalid.first, !Self.isPercentSignAlone(text),
               baseText.map({ !Self.isPlainTextWithPercent($0) && !Self.hasStrayPercent($0) }) ?? true {
                loneSign = (offset, Self.loneSignAdvice(text, at: offset, baseText: baseText))
            }
            var loneSignSaid = false
            defer {
                if let loneSign, !loneSignSaid {
                    report(.invalidFormat, entry: entry, locale: locale, table: table,
                           "\"\(entry.key)\"\(locale == tableBase(table) ? "" : " in \(locale)") has a % at character \(loneSign.offset + 1) that forms no format specifier; \(loneSign.advice)")
                }
            }
            // Said once too: in a translation whose specifiers differ from the base's because of it, as part of that
            // error (ProtonVPN's pt-BR "30% sobre" was both).
            var accidentSaid = false
            let accident = hasPercent && !copiesBase ? AccidentalSpecifier.first(in: text) : nil
            defer {
                if let accident, !accidentSaid {
                    // Named as the value it is in: a translation's own (xdripswift's Polish "80% ca…" was quoted as the key's).
                    report(.accidentalSpecifier, entry: entry, locale: locale, table: table,
                           "\"\(entry.key)\"\(locale == tableBase(table) ? "" : " in \(locale)") has \"\(accident.excerpt)\" at character \(accident.specifier.offset + 1): the % and the word after it make "
                           + "the specifier \"\(accident.specifier.text)\", so String(format:) and generated accessors read an argument "
                           + "there; write \(accident.number)%% if it is a percent sign")
                }
            }
            if let baseText {
                if text.isEmpty {
                    if !baseText.isEmpty, !Self.isPrototypeCell(entry.comment ?? baseEntry?.comment) {
                        report(.emptyValue, entry: entry, locale: locale, table: table,
                               "\"\(entry.key)\" is empty in \(locale); translate it, or \(Self.removal(of: entry, locale: locale)) so the base (\(tableBase(table))) text is shown")
                    }
                } else if text.allSatisfy(\.isWhitespace), !baseText.allSatisfy(\.isWhitespace) {
                    // Habitica's Japanese value of one U+3000 was told it "starts with U+3000": users see nothing.
                    report(.emptyValue, entry: entry, locale: locale, table: table,
                           "\"\(entry.key)\" in \(locale) is only whitespace (\(Self.describeWhitespace(Substring(text)))): users see nothing; translate it, or \(Self.removal(of: entry, locale: locale)) so the base (\(tableBase(table))) text is shown")
                } else {
                    // A key Xcode no longer finds in the code (its `stale-entry` says so, once) is no text to polish in
                    // each translation (Mos: 48 `untranslated` on three storyboard objects gone, in 13 locales each).
                    let staleKey = baseEntry?.isStale == true
                    if text == baseText { checkUntranslated(text, baseText: baseText, entry: entry, baseEntry: baseEntry, locale: locale, table: table, quiet: staleKey) }
                    // A base whose every specifier is a percent sign read as one (OsmAnd's "in 5% steps": `% s`) is no
                    // format string: its accidental-specifier warning is the finding, not an error in each translation
                    // that writes its percent sign its own way (26 format-mismatch errors for one text).
                    if sameAsBase != true, !parsed.specifiers.isEmpty || Self.hasPercent(baseText),
                       !AccidentalSpecifier.isAllAccidental(baseText),
                       !Self.isTypographicPercentOfPlainBase(parsed.specifiers, text: text, baseText: baseText),
                       let problem = FormatComparison.compare(parsed.specifiers, base: FormatSpecifier.parse(baseText), baseLocale: tableBase(table)) {
                        var message = "\"\(entry.key)\" in \(locale): \(problem)"
                        if let accident = AccidentalSpecifier.first(in: baseText) {
                            // In a table keyed by its text the base text is the key the code looks up (Loop's "… 40% of …"):
                            // changing it there changes the key, so the code changes with it.
                            let fix = conventions.keysAsText.contains(table) || baseText == entry.key
                                ? "if so, write %% in the code's key and the base's text together (the key is the text)"
                                : "if so, fix the base first with %%"
                            message += " (but the base's \"\(accident.specifier.text)\" in \"\(accident.excerpt)\" looks like a percent sign: "
                                + "\(fix), and this translation may already be right)"
                        }
                        if let accident, baseText != text {
                            message += "; its \"\(accident.excerpt)\" at character \(accident.specifier.offset + 1) makes the specifier \"\(accident.specifier.text)\": write \(accident.number)%% if it is a percent sign"
                            accidentSaid = true
                        }
                        if let loneSign {
                            // Beside a specifier the base has and this text lacks, a lone % is that specifier broken
                            // (Sequel-Ace's German `%1 @`, `"%"` for `"%@"`: 31 lines), not a percent sign to double.
                            let advice = loneSign.advice.hasPrefix("write %%") ? "most likely one of the base's specifiers written wrong; write it as the base has it (%% only for a percent sign)" : loneSign.advice
                            message += "; and its % at character \(loneSign.offset + 1) forms no specifier: \(advice)"
                            loneSignSaid = true
                        }
                        report(.formatMismatch, entry: entry, locale: locale, table: table, message)
                    }
                    if !staleKey { checkWhitespaceAndPunctuation(text, baseText: baseText, entry: entry, locale: locale, table: table) }
                }
            } else if text.isEmpty, locale == base, !entry.key.isEmpty {
                // An empty key with an empty text (Xcode extracts `Text("")` so) shows the nothing it asks for.
                report(.emptyValue, entry: entry, locale: locale, table: table,
                       "\"\(entry.key)\" is empty in the base locale; write its text, or remove the key")
            }
            checkLengthBudget(CollectionOfOne(text), entry: entry, baseEntry: baseEntry, locale: locale, table: table)
        case .plural(let rule):
            // A copy of the base's forms is untranslated (said below), not short of forms: it shows the base text.
            let baseRule: PluralRule? = if let baseEntry, case .plural(let baseRule) = baseEntry.value, locale != base { baseRule } else { nil }
            let copiesBase = baseRule.map { rule.hasSameText(as: $0) } ?? false
            if !copiesBase { checkPluralCoverage(rule, baseRule: baseRule, entry: entry, locale: locale, table: table) }
            if let baseEntry, case .plural(let baseRule) = baseEntry.value {
                checkPluralFormat(rule, baseRule: baseRule, entry: entry, locale: locale, table: table)
                if rule.hasSameText(as: baseRule), !PluralRule.lacksWords(rule) {
                    checkUntranslated(rule.format + rule.variables.values.flatMap { $0.forms.values }.sorted().joined(),
                                      baseText: baseRule.format + baseRule.variables.values.flatMap { $0.forms.values }.sorted().joined(),
                                      entry: entry, baseEntry: baseEntry, locale: locale, table: table)
                }
            }
            checkLengthBudget(rule.variables.values.flatMap { $0.forms.values }, entry: entry, baseEntry: baseEntry, locale: locale, table: table)
        case .other:
            break // the parser's nonStringValue note reports it
        }
    }

    /// How to take a translation out: its key from the locale's `.strings`, or in a String Catalog, where a key is every
    /// language's, that language's localization of it (IceCubes: "remove the key" would have removed it for all).
    static func removal(of entry: CatalogEntry, locale: String) -> String {
        entry.location.file.hasSuffix(".xcstrings") ? "delete its \(locale) localization (not the key, which every language shares)" : "remove the key"
    }

    /// A value of a table with the app's own placeholders: compared by those, never read as printf.
    mutating func checkOwnPlaceholders(_ text: String, style: PlaceholderStyle, entry: CatalogEntry, baseEntry: CatalogEntry?, locale: String, table: String) {
        guard let baseEntry, case .text(let baseText) = baseEntry.value else {
            if text.isEmpty, locale == base {
                report(.emptyValue, entry: entry, locale: locale, table: table, "\"\(entry.key)\" is empty in the base locale; write its text, or remove the key")
            }
            checkLengthBudget(CollectionOfOne(text), entry: entry, baseEntry: baseEntry, locale: locale, table: table)
            return
        }
        if text.isEmpty {
            if !baseText.isEmpty, !Self.isPrototypeCell(entry.comment ?? baseEntry.comment) {
                report(.emptyValue, entry: entry, locale: locale, table: table,
                       "\"\(entry.key)\" is empty in \(locale); translate it, or \(Self.removal(of: entry, locale: locale)) so the base (\(tableBase(table))) text is shown")
            }
            return
        }
        // A key Xcode no longer finds (a storyboard object gone: Mos's three, in 13 locales) is no text to polish.
        let staleKey = baseEntry.isStale
        if text == baseText {
            checkUntranslated(text, baseText: baseText, entry: entry, baseEntry: baseEntry, locale: locale, table: table, quiet: staleKey)
        } else if text == entry.key, TableConventions.isInterfaceBuilderKey(entry.key) {
            // Rectangle's vi: `"1tx-W0-xDw.title"` as the value of its own key, which the window then shows.
            report(.untranslated, entry: entry, locale: locale, table: table,
                   "\"\(entry.key)\" in \(locale) is its own object ID, which users would see in place of the text (\"\(baseText)\" in \(tableBase(table))); translate it")
            return // its punctuation and spaces are the ID's, not the translation's
        }
        if let problem = OwnPlaceholders.compare(text, base: baseText, style: style) {
            report(.formatMismatch, entry: entry, locale: locale, table: table, "\"\(entry.key)\" in \(locale) \(problem)")
        }
        if !staleKey { checkWhitespaceAndPunctuation(text, baseText: baseText, entry: entry, locale: locale, table: table) }
        checkLengthBudget(CollectionOfOne(text), entry: entry, baseEntry: baseEntry, locale: locale, table: table)
    }

    mutating func checkInternalIdentifier(_ entry: CatalogEntry, value: CatalogValue, locale: String, table: String) {
        // No identifiers (no l10n.json lists any, no feature passed its own): nothing to read, not even the key.
        guard !linter.identifiers.kinds.isEmpty else { return }
        let fix = "internal identifiers are never translated: move it out of the catalog, or mark it shouldTranslate: false in a String Catalog"
        if let kind = linter.identifiers.kind(of: entry.key) {
            report(.internalIdentifier, entry: entry, locale: locale, table: table,
                   "the key \"\(entry.key)\" is a \(kind.rawValue); \(fix)")
            return
        }
        func check(_ text: String) -> Bool {
            guard let identifier = linter.identifiers.identifier(in: text) else { return false }
            let kind = linter.identifiers.kind(of: identifier)?.rawValue ?? "internal identifier"
            report(.internalIdentifier, entry: entry, locale: locale, table: table,
                   "the value of \"\(entry.key)\" contains \"\(identifier)\", a \(kind); \(fix)")
            return true
        }
        switch value {
        case .text(let text):
            _ = check(text) // most values: no array of one text per entry
        case .plural(let rule):
            for text in [rule.format] + rule.variables.values.flatMap({ $0.forms.values }) where check(text) { return }
        case .other:
            break
        }
    }

    /// Translations that agree on an ending the base lacks, three or more and two in three of those that have the key
    /// (macos-browser's base "Remove this password" beside seven translations that ask it, each told to drop its
    /// "?"): most likely the base's typo, one finding at the base instead of one per translation. Those that end
    /// otherwise keep theirs.
    mutating func collapsingPunctuationAgreement(_ findings: [Finding]) -> [Finding] {
        var byKey: [TableKey: [Int]] = [:]
        for (index, finding) in findings.enumerated() where finding.rule == .punctuationMismatch {
            guard let key = finding.key else { continue }
            byKey[TableKey(table: finding.table, key: key), default: []].append(index)
        }
        var dropped = Set<Int>()
        for (id, indices) in byKey.sorted(by: { ($0.key.table, $0.key.key) < ($1.key.table, $1.key.key) }) where indices.count >= 3 {
            let base = tableBase(id.table)
            // A base of the base's own files only: a key-as-text base completed from a translation's key has no text
            // to fix (KeePassium's English is in code, and its key was "fixed" at ar.lproj).
            guard let baseEntry = catalog.table(id.table, locale: base)?.entries[id.key], case .text(let baseText) = baseEntry.value,
                  Catalog.locale(ofFile: baseEntry.location.file) == base || baseEntry.location.file.hasSuffix(".xcstrings") else { continue }
            let baseMark = FinalPunctuation(baseText)
            let byMark = Dictionary(grouping: indices) { FinalPunctuation(findings[$0].subject ?? "") }
            guard let (mark, agreeing) = byMark.max(by: { $0.value.count < $1.value.count }), agreeing.count >= 3, mark != .none else { continue }
            let translations = catalog.tables.filter { tableID, table in
                tableID.table == id.table && tableID.locale != base && !Linter.isSpecialFolder(tableID.locale) && table.entries[id.key] != nil
            }.count
            guard agreeing.count * 3 >= translations * 2 else { continue }
            dropped.formUnion(agreeing)
            let locales = agreeing.map { findings[$0].locale }.sorted()
            report(.punctuationMismatch, file: baseEntry.location.file, position: baseEntry.location.position, locale: base, table: id.table,
                   key: id.key, subject: baseText,
                   "\"\(id.key)\" ends with \(baseMark.description) in the base (\(base)), but \(agreeing.count) of its \(translations) translations end with "
                   + "\(mark.description) (\(locales.prefix(5).joined(separator: ", "))\(locales.count > 5 ? ", …" : "")): if the base lacks it by mistake, "
                   + "fix the base; else end them as the base does")
        }
        // A question mark one translator added to a sentence, or to an English question written without one, asks what
        // the base says another way (Onion Browser: "Why" as Hungarian "Miért?", "Choose how long app remembers open
        // tabs." as German "Wie lange soll … erinnern?"; Sequel-Ace's "Are you sure …? This cannot be undone." as one
        // German question): typed on purpose, where a mark dropped or changed by accident is what this rule is for. A
        // label made a question stays a finding (xdripswift's Arabic "Speak Trend؟", 30 settings). Only most
        // translations adding it says the base lacks it (above).
        for (id, indices) in byKey {
            let base = tableBase(id.table)
            guard let baseEntry = catalog.table(id.table, locale: base)?.entries[id.key], case .text(let baseText) = baseEntry.value else { continue }
            let baseMark = FinalPunctuation(baseText)
            guard baseMark == .fullStop || baseMark == .none && Self.language(of: base == Linter.interfaceBase ? self.base : base) == "en"
                    && Self.startsWithQuestionWord(baseText) else { continue }
            for index in indices where !dropped.contains(index) && FinalPunctuation(findings[index].subject ?? "") == .question {
                dropped.insert(index)
            }
        }
        return Self.removing(dropped, from: findings)
    }

    /// A key every translation of its table lacks (three or more) is one finding at the base, listing them: a new text
    /// no translator has had yet, not a gap of each locale (ProtonVPN: 93 such keys were 2,790 of its 3,433 translation
    /// findings, one per locale each). Its baseline entry stands for the per-locale ones, so translating it into some
    /// locales later changes nothing there.
    mutating func collapsingNewKeys(_ findings: [Finding]) -> [Finding] {
        var byKey: [TableKey: [Int]] = [:]
        for (index, finding) in findings.enumerated() where finding.rule == .missingKey && finding.locale != tableBase(finding.table) {
            guard let key = finding.key else { continue }
            byKey[TableKey(table: finding.table, key: key), default: []].append(index)
        }
        guard byKey.contains(where: { $0.value.count >= 3 }) else { return findings }
        var translations: [String: Set<String>] = [:]
        for id in catalog.tables.keys where !Linter.isSpecialFolder(id.locale) && id.locale != tableBase(id.table) {
            translations[id.table, default: []].insert(id.locale)
        }
        var dropped = Set<Int>()
        for (id, indices) in byKey.sorted(by: { ($0.key.table, $0.key.key) < ($1.key.table, $1.key.key) }) where indices.count >= 3 {
            let locales = Set(indices.map { findings[$0].locale })
            guard let having = translations[id.table], having.isSubset(of: locales),
                  let baseEntry = catalog.table(id.table, locale: tableBase(id.table))?.entries[id.key] else { continue }
            dropped.formUnion(indices)
            let sorted = locales.sorted()
            report(.missingKey, file: baseEntry.location.file, position: baseEntry.location.position, locale: tableBase(id.table), table: id.table,
                   key: id.key, subject: sorted.joined(separator: "\n"), covers: indices.map { BaselineEntry(findings[$0]) },
                   "\"\(id.key)\" has no translation in any of the \(sorted.count) locales of \(id.table) yet (\(sorted.prefix(6).joined(separator: ", "))\(sorted.count > 6 ? ", …" : "")): "
                   + "a new text for the translators; add it to each")
        }
        return Self.removing(dropped, from: findings)
    }

    /// `findings` without those at `dropped`, which the collapses above replaced.
    static func removing(_ dropped: Set<Int>, from findings: [Finding]) -> [Finding] {
        guard !dropped.isEmpty else { return findings }
        return findings.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// English text that opens with a question word: "Why", "How it works", "What's new". Not an auxiliary verb, which
    /// opens labels as often as questions ("Do Not Disturb", "May", "Has Notes": the re-check of 2026-12-07).
    static func startsWithQuestionWord(_ text: String) -> Bool {
        let first = text.prefix { $0.isLetter }.lowercased()
        return ["why", "how", "what", "when", "where", "who", "which", "whose"].contains(first)
    }

    /// Floods of `untranslated` with one cause each become one finding:
    /// - a translation that is mostly the base text (ownCloud's ca, lo and tr: 790 of 790 texts English, marked
    ///   `translated` by a translation service; 890 findings each): one for the table, with the count. At least 20
    ///   identical texts, and at least half the keys the locale has: a volunteer locale half done in a translation
    ///   service that fills the rest with the source text (vlc-ios's zh-Hant, 509 of 1,007; zotero's zh-Hans, 72 %)
    ///   was a finding per key, thousands of lines for what one says;
    /// - a text identical in every translation that has it, three or more (eul's language picker: "日本語", "Deutsch" in
    ///   each of 20 locales, 390 findings; brand lines): one for the key, where one allowlist entry settles it.
    /// A locale with some identical texts among real translations keeps one finding per key.
    mutating func collapsingUntranslatedFloods(_ findings: [Finding], counts: [Catalog.TableID: Counts]) -> [Finding] {
        let copies = counts.filter { pair, counts in
            pair.locale != tableBase(pair.table) && counts.identical >= 20 && counts.identical * 2 >= counts.matched
        }
        // Indices, not copies: a large run has tens of thousands of findings, and most often nothing to collapse.
        var byTable: [Catalog.TableID: [Int]] = [:]
        var byKey: [TableKey: [Int]] = [:]
        for (index, finding) in findings.enumerated() where finding.rule == .untranslated {
            guard let key = finding.key else { continue }
            let id = Catalog.TableID(table: finding.table, locale: finding.locale)
            if copies[id] != nil {
                byTable[id, default: []].append(index)
            } else {
                byKey[TableKey(table: finding.table, key: key), default: []].append(index)
            }
        }
        var dropped: [Int] = []
        for (id, counts) in copies.sorted(by: { ($0.key.table, $0.key.locale) < ($1.key.table, $1.key.locale) }) {
            guard let indices = byTable[id], let first = indices.first.map({ findings[$0] }) else { continue }
            dropped += indices
            let found = indices.map { findings[$0] }
            let named = found.sorted { ($0.file, $0.line) < ($1.file, $1.line) }.prefix(3).compactMap(\.key).map { "\"\($0)\"" }
            // In a baseline it stands for its keys' findings (`covers`): another text left in the base language makes it
            // new, a key translated meanwhile does not.
            report(.untranslated, file: first.file, position: nil, locale: id.locale, table: id.table, key: nil,
                   subject: found.compactMap(\.key).sorted().joined(separator: "\n"), covers: found.map(BaselineEntry.init),
                   "\(id.locale)'s \(id.table) is the base (\(tableBase(id.table))) text \(counts.identical * 5 >= counts.matched * 4 ? "almost throughout" : "in most of it"): \(found.count) of its \(counts.matched) "
                   + "translations are identical to it (\(named.joined(separator: ", "))\(found.count > 3 ? ", …" : "")); translate them (a translation "
                   + "service may have filled the file with the source text), or add the keys that are the same in both languages to allowlists.untranslated")
        }
        // Each table's translations, listed once (the catalog's locales are computed anew each time they are asked for).
        let baseLanguage = Self.language(of: base)
        var translationsOf: [String: [CatalogTable]] = [:]
        let groups = byKey.values.contains(where: { $0.count >= 3 })
        if groups {
            // A translation that is the base text throughout was told above: it is no evidence either way (Cork's pa
            // turned its brand name, the same in all 17 other locales, into 13 findings of one per locale).
            for (id, table) in catalog.tables where id.locale != tableBase(id.table) && !Linter.isSpecialFolder(id.locale)
                && Self.language(of: id.locale) != baseLanguage && copies[id] == nil {
                translationsOf[id.table, default: []].append(table)
            }
        }
        // Whether every translation that has the key is among the findings: stops at the first one past their count (a
        // key left in English by 5 of 60 locales is answered after about six lookups).
        // A translation that writes the text in its own script (Whisky's Korean "디스코드" for "Discord", the one of 21
        // not identical, so the name was 20 findings) is the same name, not a translation that disagrees.
        func everyTranslation(_ count: Int, _ tableKey: TableKey, baseText: String?) -> (every: Bool, transliterated: [String]) {
            var having = 0
            var transliterated: [String] = []
            for table in translationsOf[tableKey.table] ?? [] {
                guard let entry = table.entries[tableKey.key] else { continue }
                // An empty value is no translation (its own `empty-value`): XcodesApp's zh-Hans `"Xcode" = ""` beside 19
                // locales keeping "Xcode" made 19 findings of the one.
                if case .text(let text) = entry.value, text.isEmpty { continue }
                if let baseText, case .text(let text) = entry.value, text != baseText {
                    if Self.isTransliteratedName(text, of: baseText) {
                        transliterated.append(table.locale)
                        continue
                    }
                    // The same text with other spaces (mac-mouse-fix's zh-Hans, zh-Hant and zh-HK write "Mac Mouse Fix"
                    // with no-break spaces, which left its three keys 27 findings, nine per key), other capitals or in
                    // quotes (focus-ios's "MOZILLA" as "Mozilla", Turkish "MOZİLLA", German „MOZILLA“: 71 findings) keeps it too.
                    if Self.isWrittenOtherwise(text, baseText) { continue }
                }
                having += 1
                if having > count { return (false, []) }
            }
            return (having == count, transliterated.sorted())
        }
        let diligent = groups ? Self.diligentLocales(counts, base: { self.tableBase($0) }) : []
        func writesLatin(_ locale: String) -> Bool { cachedWritesLatin(locale) }
        for (tableKey, indices) in byKey where indices.count >= 3 {
            guard let baseEntry = catalog.table(tableKey.table, locale: tableBase(tableKey.table))?.entries[tableKey.key] else { continue }
            let baseText: String? = if case .text(let text) = baseEntry.value { text } else { nil }
            // Kept by every translation that has it (names in their own script aside): one finding, as it cannot tell a
            // name from a text nobody translated yet. Kept by most is no sign of a name: in a project whose volunteer
            // locales are partly English copies it means nobody translated it (xdripswift, the re-check of 2026-12-07: a
            // quarter's leeway merged 543 true findings into 48).
            let (every, transliterated) = everyTranslation(indices.count, tableKey, baseText: baseText)
            guard every else {
                // A word the translations' languages share is no finding in them.
                if let baseText {
                    dropped += sharedWords(indices, in: findings, tableKey, baseText: baseText, diligent: diligent,
                                           translations: translationsOf, writesLatin: writesLatin)
                }
                continue
            }
            dropped += indices
            let locales = indices.map { findings[$0].locale }.sorted()
            let shown = locales.prefix(6).joined(separator: ", ") + (locales.count > 6 ? ", …" : "")
            report(.untranslated, file: baseEntry.location.file, position: baseEntry.location.position, locale: tableBase(tableKey.table),
                   table: tableKey.table, key: tableKey.key, subject: locales.joined(separator: "\n"),
                   covers: indices.map { BaselineEntry(findings[$0]) },
                   "\"\(tableKey.key)\" is identical to the base (\(tableBase(tableKey.table))) text in \(transliterated.isEmpty ? "all \(locales.count) translations that have it" : "the \(locales.count) translations in its script") "
                   + "(\(shown))" + (transliterated.isEmpty ? "" : ", and \(transliterated.joined(separator: ", ")) write\(transliterated.count == 1 ? "s" : "") it in \(transliterated.count == 1 ? "its" : "their") own script")
                   + ": if it is a name or a term that stays the same, add the key to allowlists.untranslated in l10n.json; else translate it")
        }
        guard !dropped.isEmpty else { return findings }
        var keep = [Bool](repeating: true, count: findings.count)
        for index in dropped { keep[index] = false }
        return findings.indices.filter { keep[$0] }.map { findings[$0] }
    }

    /// The findings of `indices` (one key's, each in another locale) whose text is a single word that well-translated
    /// locales of two languages besides the finding's own keep as the base has it: a word the languages share (German,
    /// Dutch and Danish "App", "Server", "Status"; French, Spanish and Catalan "Total", "Version"), a name ("Canada",
    /// "Wikipedia") or a unit. One other language is not enough: on 14 apps (issue 41's note of 2026-12-07, second
    /// pass) it would have hidden 197 more findings, most of them English left in a translation (Onion Browser's
    /// "Update" and "Download" in Czech, Polish, Irish, French and Norwegian; xdripswift's "Carbs" and "Insulin").
    /// Hand-classified in the field: of talk-ios's 18 German `untranslated` findings, 15 were such words
    /// ("Chat", "Server", "Online"), as were most of OsmAnd's French, Dutch, Danish and German ones and pocket-casts' region
    /// and theme names; a text a volunteer left in English is rarely left so by two other languages' translators who
    /// translate the rest. Longer texts, and words only one other language keeps, are still findings. Its first version
    /// took 1,439 of 15,740 findings on six apps (OsmAnd 835 of 1,780); of 48 drawn at random, 45 were words the language
    /// uses ("Folio", "Gamma", "Hashtags", "Urdu") and 3 debatable (German "Lab", Basque "App"). Two re-check rounds
    /// since, on other apps too (issue 41's note of 2026-12-07), found no true finding it hid.
    func sharedWords(_ indices: [Int], in findings: [Finding], _ tableKey: TableKey, baseText: String, diligent: Set<String>,
                     translations: [String: [CatalogTable]], writesLatin: (String) -> Bool) -> [Int] {
        // (A word is short: most texts are answered by their length, before a scan.)
        guard baseText.utf8.count <= 40, Self.isOneWord(baseText), Self.isLatin(baseText) else { return [] }
        var keeping: [Substring] = []
        // Translators saw it: some translation words it otherwise. A word every translation keeps may be one nobody has
        // translated yet (a new string), which the one finding for the key says.
        var worded = false
        // Kept by most translators who write another script: a text nobody has translated yet (a new string a translation
        // service filled in everywhere), not a word the Latin-script languages share, which those transliterate. One
        // such locale among several that did transliterate it is that locale's own gap (Swiftfin's Pashto, 2.6 %
        // translated, kept "Audio" where Russian wrote "Аудио": it was taking the word from ten Latin-script locales).
        var otherScriptKeeping = 0, otherScriptWording = 0
        for table in translations[tableKey.table] ?? [] {
            guard let entry = table.entries[tableKey.key], case .text(let text) = entry.value, !text.isEmpty else { continue }
            if text != baseText {
                worded = true
                if diligent.contains(table.locale), !writesLatin(table.locale) { otherScriptWording += 1 }
                continue
            }
            guard diligent.contains(table.locale) else { continue }
            guard writesLatin(table.locale) else {
                otherScriptKeeping += 1
                continue
            }
            keeping.append(Self.language(of: table.locale))
        }
        guard worded, Set(keeping).count >= 2, otherScriptKeeping <= otherScriptWording else { return [] }
        return indices.filter { index in
            let locale = findings[index].locale
            let language = Self.language(of: locale)
            return writesLatin(locale) && Set(keeping.filter { $0 != language }).count >= 2
        }
    }

    /// Whether a locale's translations are written in Latin letters, by the first 100 of them that differ from the base
    /// text (a locale with none, nothing to tell by, counts as Latin: no unit or shared word is then called English).
    func writesLatin(_ locale: String) -> Bool {
        var latin = 0, other = 0, seen = 0
        for (id, table) in catalog.tables where id.locale == locale {
            guard let baseTable = catalog.table(id.table, locale: tableBase(id.table)) else { continue }
            for key in table.keys {
                guard seen < 100 else { break }
                guard case .text(let text)? = table.entries[key]?.value,
                      case .text(let baseText)? = baseTable.entries[key]?.value, text != baseText else { continue }
                seen += 1
                for scalar in text.unicodeScalars {
                    if scalar.isASCII {
                        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { latin += 1 }
                    } else if scalar.properties.isAlphabetic {
                        if Self.isLatinLetter(scalar) { latin += 1 } else { other += 1 }
                    }
                }
            }
        }
        return latin >= other
    }

    mutating func cachedWritesLatin(_ locale: String) -> Bool {
        if let known = latinLocales[locale] { return known }
        let found = writesLatin(locale)
        latinLocales[locale] = found
        return found
    }

    /// Letters all Latin (and at least one).
    static func isLatin(_ text: String) -> Bool {
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
        return !letters.isEmpty && letters.allSatisfy(isLatinLetter)
    }

    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x024F || (0x1E00...0x1EFF).contains(scalar.value)
    }

    /// Locales that translate: at least 20 texts compared with the base across their tables, under a quarter of them
    /// identical to it.
    static func diligentLocales(_ counts: [Catalog.TableID: Counts], base: (String) -> String) -> Set<String> {
        var totals: [String: (identical: Int, matched: Int)] = [:]
        for (pair, counts) in counts where pair.locale != base(pair.table) {
            totals[pair.locale, default: (0, 0)].identical += counts.identical
            totals[pair.locale, default: (0, 0)].matched += counts.matched
        }
        return Set(totals.filter { $0.value.matched >= 20 && $0.value.identical * 4 < $0.value.matched }.keys)
    }

    /// One word (a run with a letter; format specifiers, numbers and signs around it left out), not ending a sentence:
    /// a label, a name, a unit. Two already say too much: of zotero's two-word texts kept so, "Recently Read" and
    /// "Resolve Challenge" were new strings nobody had translated yet, beside the Latin "Sub verbo".
    static func isOneWord(_ text: String) -> Bool {
        // One pass, stopping at a second word: this is asked of every key left as it is in some translations.
        let plain = UTF8Bytes.contains(text, UInt8(ascii: "%")) ? withoutSpecifiers(text) : text
        var words = 0
        var hasLetter = false
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)) : scalar.properties.isAlphabetic
        }
        for scalar in plain.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || (!scalar.isASCII && scalar.properties.isWhitespace) {
                if hasLetter { words += 1 }
                if words > 1 { return false }
                hasLetter = false
            } else if !hasLetter, isLetter(scalar) {
                hasLetter = true
            }
        }
        if hasLetter { words += 1 }
        guard words == 1 else { return false }
        let last = text.trimmingCharacters(in: .whitespacesAndNewlines).last
        return !(last == "." || last == "!" || last == "?")
    }

    /// A date format template: letters only in runs of one letter repeated or alone, each a date field of UTS #35
    /// ("MMM d, yyyy", "HH:mm", "EEEE"), and at least one run of two or more.
    static func isDateTemplate(_ text: String) -> Bool {
        let fields = Set("GyYuUrQqMLlwWdDFgEecabBhHkKjJmsSAzZOvVXx")
        // Each run of letters one field letter, repeated or alone ("MMM", "d", "yyyy"): "Add", "Free", "Weeks" are words
        // of field letters (the re-check found them skipped).
        var previous: Character?
        var repeated = false
        for character in text {
            if character.isLetter {
                guard fields.contains(character) else { return false }
                if let previous, previous.isLetter {
                    guard previous == character else { return false }
                    repeated = true
                }
            }
            previous = character
        }
        return repeated
    }

    /// A name written in another script: the base a name (one to four words, each capitalised: "Discord", "Google Drive",
    /// "Salt Lake City, UT"; a sentence that Chinese translates while Latin locales left it in English is no name: Cork's
    /// debug lines), its letters all Latin, and the translation as short, in its own script but for words of the base.
    static func isTransliteratedName(_ text: String, of base: String) -> Bool {
        // Two words are short: a sentence is answered by its length (this is asked of every translation of a key some keep).
        guard base.utf8.count <= 60 else { return false }
        let baseWords = base.split(whereSeparator: { $0.isWhitespace })
        guard (1...4).contains(baseWords.count), baseWords.allSatisfy({ $0.first?.isUppercase == true }),
              text.split(whereSeparator: { $0.isWhitespace }).count <= 2 + baseWords.count else { return false }
        // Aidoku's Thai "คอมก้า (Komga)": the name in its script, the original beside it in brackets. mullvad's cities:
        // Russian "Денвер, CO" and Japanese "デンバー (CO)" for "Denver, CO", the state's code kept (263 findings, one per
        // Latin-script locale keeping each city). The Latin words the text keeps are the base's own, and the rest is in
        // its own script.
        let (baseLatin, othersInBase) = latinWords(base)
        let (textLatin, othersInText) = latinWords(text)
        guard othersInText, !othersInBase, !baseLatin.isEmpty else { return false }
        return textLatin.allSatisfy(baseLatin.contains) && (textLatin.count < baseLatin.count || text.contains("(" + base + ")"))
    }

    /// The runs of Latin letters in `text`, and whether it has letters of another script.
    static func latinWords(_ text: String) -> (words: Set<String>, otherLetters: Bool) {
        var words: Set<String> = []
        var current = String.UnicodeScalarView()
        var other = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic, isLatinLetter(scalar) {
                current.append(scalar)
                continue
            }
            if scalar.properties.isAlphabetic { other = true }
            if !current.isEmpty { words.insert(String(current)); current = String.UnicodeScalarView() }
        }
        if !current.isEmpty { words.insert(String(current)) }
        return (words, other)
    }

    /// The same text but for its capitals (Turkish İ and ı as I and i), its kinds of space (a no-break space, U+00A0,
    /// or a narrow one, U+202F, for a plain one), quotation marks around it, or other punctuation between its words: the
    /// same letters and digits in the same order, and the same ending (an added "!" is no such spelling). focus-ios's
    /// "MOZILLA" as "Mozilla", Turkish "MOZİLLA", German „MOZILLA“; mac-mouse-fix's Chinese "Mac Mouse Fix" with no-break
    /// spaces; HeliPort's Chinese "BSSID：" with a full-width colon beside 17 locales' "BSSID: ". Asked of every
    /// translation of a key some locales keep that differs from it, so it is walked in step with no copy, stops at the
    /// first letter apart, and a length apart answers most at once; no Foundation call (its case folding was a third of
    /// a 100,000-entry project's lint).
    static func isWrittenOtherwise(_ text: String, _ base: String) -> Bool {
        guard abs(text.utf8.count - base.utf8.count) <= 12 else { return false }
        func isWord(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        func folded(_ scalar: Unicode.Scalar) -> String {
            scalar == "\u{130}" || scalar == "\u{131}" ? "i" : scalar.properties.lowercaseMapping
        }
        var mine = text.unicodeScalars.makeIterator(), theirs = base.unicodeScalars.makeIterator()
        var matched = 0
        while true {
            var left = mine.next()
            while let scalar = left, !isWord(scalar) { left = mine.next() }
            var right = theirs.next()
            while let scalar = right, !isWord(scalar) { right = theirs.next() }
            guard let left, let right else {
                // Both ended together, or one has a letter more.
                return left == nil && right == nil && matched > 0 && FinalPunctuation(text) == FinalPunctuation(base)
            }
            guard left == right || folded(left) == folded(right) else { return false }
            matched += 1
        }
    }

    /// `baseEntry`: its note counts too (a translation exported from Xcode does not carry the base's comments, and a note
    /// saying not to translate is written once, at the base).
    /// `quiet`: counted as identical (the figures, and which locales are diligent, see it as before) but not reported.
    mutating func checkUntranslated(_ text: String, baseText: String, entry: CatalogEntry, baseEntry: CatalogEntry?, locale: String, table: String,
                                    quiet: Bool = false) {
        guard text == baseText, Self.language(of: locale) != Self.language(of: base),
              Self.hasTranslatableWords(baseText, englishBase: Self.language(of: base) == "en")
                || Self.hasTranslatableWords(baseText, englishBase: Self.language(of: base) == "en", unitsAreWords: true) && !cachedWritesLatin(locale),
              // A date template ("MMM yyyy", simplenote-ios's) is the same in most languages, not in Chinese, Japanese
              // or Korean, which write 年, 月, 日 (or 년, 월, 일) into it.
              !(Self.isDateTemplate(baseText) && !["zh", "ja", "ko"].contains(Self.language(of: locale))),
              !configuration.untranslatedAllowlist.contains(entry.key), !configuration.untranslatedAllowlist.contains(baseText),
              !Self.commentSaysNotToTranslate(baseEntry?.comment), !Self.commentSaysNotToTranslate(entry.comment),
              !Self.isPrototypeCell(entry.comment ?? baseEntry?.comment), conventions.isShown(entry.key, table: table),
              // Another language's name in that language ("Deutsch", "日本語"): a language picker shows it so everywhere.
              LocaleFormatting.endonymLanguage(of: baseText).map({ $0 == String(Self.language(of: base)) }) ?? true
        else { return }
        identical += 1
        // Counted, not said (each still counts as identical, so a locale half English is not taken for a diligent one,
        // whose kept words would speak for the others'; the re-check of 2026-12-07 found 33 true findings so lost):
        // - the name of an Apple product or feature, which Apple's own localizations keep (Japanese, Korean, Russian,
        //   Arabic "Face ID" too; Chinese writes 面容 ID, 调度中心); Cryptomator's "Face ID" and "Touch ID" were 57 of its
        //   139 findings;
        // - a region's name that the locale's language writes as the base does (WooCommerce's address picker: German
        //   "San Marino" and "Ukraine", French "France"; 116 of its 408 findings), as ICU has it.
        if quiet || Self.appleNames.contains(baseText) && Self.language(of: locale) != "zh" { return }
        if baseText.utf8.count <= 60, baseText.first?.isUppercase == true {
            if baseRegionNames == nil { baseRegionNames = LocaleFormatting.regionNames(in: String(Self.language(of: base))) }
            if baseRegionNames?.contains(baseText) == true,
               LocaleFormatting.regionNames(in: Catalog.legacyLanguageCode(locale) ?? locale).contains(baseText) { return }
        }
        report(.untranslated, entry: entry, locale: locale, table: table,
               "\"\(entry.key)\" in \(locale) is identical to the base (\(tableBase(table))) text; translate it, or add the key to allowlists.untranslated in l10n.json if it is the same in both languages")
    }

    /// What to do about a `%` at `offset` (in Unicode scalars, as the parser counts) that forms no specifier: `@%` is
    /// `%@` typed backwards, a slip of right-to-left editing (Persian `"@%"` in PlayCover, twice); else a literal percent
    /// sign. Only where the base has an object specifier for it to be.
    static func loneSignAdvice(_ text: String, at offset: Int, baseText: String?) -> String {
        let scalars = Array(text.unicodeScalars)
        // `%@%` is a whole `%@` and a percent sign after it (Cryptomator's Greek "Πρόοδος: %@%", the argument already a
        // percentage): not `%@` typed backwards.
        if offset > 0, offset < scalars.count, scalars[offset - 1] == "@", !(offset >= 2 && scalars[offset - 2] == "%"),
           let baseText, FormatSpecifier.parse(baseText).contains(where: { $0.argumentKind == .object }) {
            return "\"@%\" looks like %@ typed backwards (right-to-left editing); write %@"
        }
        // Habitica's Danish "Niveau %Id!": `%ld` typed with a capital I.
        if offset + 2 < scalars.count, scalars[offset + 1] == "I", "diuxX".unicodeScalars.contains(scalars[offset + 2]) {
            return "\"%I\(Character(scalars[offset + 2]))\" looks like %l\(Character(scalars[offset + 2])) typed with a capital I; write %l\(Character(scalars[offset + 2]))"
        }
        if offset >= 2, scalars[offset - 1] == "@", scalars[offset - 2] == "%", let baseText, !baseText.contains("%@%") {
            return "the base has no percent sign after its %@: remove it if the argument carries its own, else write %%"
        }
        return "write %% for a literal percent sign"
    }

    /// Interface Builder's note on a table column's prototype data cell with Xcode's default title
    /// (`Class = "NSTextFieldCell"; title = "Text Cell";`): the table's data fills it, so no user sees that text
    /// (Sparkle: 62 missing, untranslated and empty findings for it).
    static func isPrototypeCell(_ comment: String?) -> Bool {
        guard let comment, comment.utf8.count >= 40 else { return false }
        return comment.contains("Class = \"NSTextFieldCell\"") && comment.contains("title = \"Text Cell\"")
    }

    /// A translator's note that says the text stays as it is: Interface Builder's `Note = "Do not localize"`
    /// (KeepingYouAwake), "DO NOT TRANSLATE", "don't localize". Read only where a finding would follow (a missing or an
    /// identical translation), never for every entry.
    static func commentSaysNotToTranslate(_ comment: String?) -> Bool {
        guard var comment, comment.utf8.count >= 12 else { return false }
        // Read in place, ASCII letters folded: a volunteer locale lacks thousands of keys, each asking (the 100,000-entry
        // project of `offline-bench lint` lacks 20,000), and lowercasing a copy of each note cost more than the check.
        return comment.withUTF8 { bytes in
            Self.notToTranslateNeedles.contains { needle in
                needle.withUTF8Buffer { needle in
                    guard bytes.count >= needle.count else { return false }
                    outer: for start in 0...(bytes.count - needle.count) {
                        for offset in 0..<needle.count {
                            var byte = bytes[start + offset]
                            if byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
                            guard byte == needle[offset] else { continue outer }
                        }
                        return true
                    }
                    return false
                }
            }
        }
    }

    /// Lower-case ASCII; "don't" is also written "don’t", whose apostrophe is three bytes: its own needles.
    static let notToTranslateNeedles: [StaticString] = [
        "do not locali", "don't locali", "don\u{2019}t locali", "do not translate", "don't translate", "don\u{2019}t translate",
        "not localizable", "not localisable", "not to be translated", "not to be locali", "no translation needed", "untranslatable",
    ]

    /// True when the text has letters outside its format specifiers ("%d %%" has none).
    static func hasWords(_ text: String) -> Bool {
        // Most copy has an ASCII letter outside its specifiers: answered from the bytes, without Core's parser.
        if let found = SpecifierScan.hasASCIILetters(text), found { return true }
        return withoutSpecifiers(text).unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// The text with its format specifiers taken out: what is left for a reader.
    static func withoutSpecifiers(_ text: String) -> String {
        guard hasPercent(text) else { return text }
        var literal = text
        for specifier in FormatSpecifier.parse(text).reversed() {
            let scalars = literal.unicodeScalars
            let start = scalars.index(scalars.startIndex, offsetBy: specifier.offset)
            let end = scalars.index(start, offsetBy: specifier.text.unicodeScalars.count)
            literal.unicodeScalars.removeSubrange(start..<end)
        }
        return literal
    }

    /// Whether a translation identical to `text` left something to translate: a word of the base language outside the
    /// format specifiers. Letters alone are not enough: a unit (`mg/dL`, `dB`, `kg`), an acronym (`USB`, `IP: %@`), a
    /// single letter or a button's name (`A`, `L1`, `%1$@ v%2$@`) and a name in camel case (`iPhone`, `macOS`, `kWh`)
    /// read the same in every language (Loop, OpenEmu and ProtonVPN: 683 such `untranslated` findings).
    ///
    /// A word is a run of letters that is three or more long, or a capital and a small letter (`Go`, `On`), or, in an
    /// English base, one of English's two-letter words (`in %@`, `%1$@ at %2$@`); not one with a capital after a small
    /// letter (camel case); and in capitals only from five letters (`NOT FOUND`), since an acronym is rarely longer
    /// (`HIGH` and `LOW` are lost with `USB` and `HTTP`). Letters of other scripts than ASCII's count as words.
    /// `unitsAreWords`: for a locale written in another script, which writes units its own way (xdripswift's Arabic
    /// "دقيقة" and Chinese "分钟" for "min": "min" kept there was English left in place).
    static func hasTranslatableWords(_ text: String, englishBase: Bool = true, unitsAreWords: Bool = false) -> Bool {
        var run: [Unicode.Scalar] = []
        func isWord() -> Bool {
            guard !run.isEmpty else { return false }
            if run.contains(where: { !$0.isASCII }) { return true }
            // A unit with its SI prefix (Swiftfin's "Mbps", "kbps": 100 of its 237 findings; "GHz", "kWh") and a
            // placeholder of one letter repeated six times or more (Easydict's "xxxxxxxxxx"; a date field, "yyyy" or
            // "EEEEE", is five at most) read the same in every language.
            // (Short runs only are looked up: a unit symbol is five letters at most; this runs for every identical text.)
            if run.count <= 5, Self.isUnitSymbol(String(String.UnicodeScalarView(run)), abbreviations: !unitsAreWords) { return false }
            if run.count >= 6, !run.contains(where: { $0 != run[0] }) { return false }
            let capitals = run.map { $0.properties.isUppercase }
            if zip(capitals, capitals.dropFirst()).contains(where: { !$0 && $1 }) { return false }
            if !capitals.contains(false) { return run.count >= 5 }
            // An acronym's plural ("DLLs", "URLs", "CPUs": Whisky's winetricks category) reads as the acronym does.
            if run.count >= 3, run.last == "s", !capitals.dropLast().contains(false) { return run.count - 1 >= 5 }
            switch run.count {
            case 1: return false
            case 2: return capitals[0] || (englishBase && Self.englishTwoLetterWords.contains(String(String.UnicodeScalarView(run))))
            default: return true
            }
        }
        // Addresses and placeholders are left out only where nothing else has a letter: "e.g. http://…" is still text.
        let plain = withoutSpecifiers(text)
        let stripped = withoutAddressesAndPlaceholders(plain)
        for scalar in (stripped.unicodeScalars.contains { $0.properties.isAlphabetic } ? plain : stripped).unicodeScalars {
            if scalar.properties.isAlphabetic {
                run.append(scalar)
            } else {
                if isWord() { return true }
                run.removeAll(keepingCapacity: true)
            }
        }
        return isWord()
    }

    /// The text without what is the same in every language: a Siri intent's parameter (`${content}`), a Cocoa Bindings
    /// display pattern's value (`%{title1}@`), a handle or an
    /// address (`@jane@example.social`, `name@example.com`), a link (`https://…`). mastodon-ios's Intents table, whose
    /// value is `${content}` in every locale, was 25 `untranslated` findings.
    static func withoutAddressesAndPlaceholders(_ text: String) -> String {
        // A dot counts only before a small letter (`example.com`): a sentence's full stop is followed by a space or nothing.
        guard text.contains(where: { $0 == "$" || $0 == "@" || $0 == ":" || $0 == "%" })
                || UTF8Bytes.with(text, { bytes in
                    bytes.indices.dropLast().contains { bytes[$0] == UInt8(ascii: ".") && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[$0 + 1]) }
                }) else { return text }
        var kept = text
        while let start = kept.range(of: "${"), let end = kept.range(of: "}", range: start.upperBound..<kept.endIndex) {
            kept.removeSubrange(start.lowerBound..<end.upperBound)
        }
        // A Cocoa Bindings display pattern's values (`%{title1}@ %{title2}@`, Skim's TransitionSheet): filled by the binding.
        while let start = kept.range(of: "%{"), let end = kept.range(of: "}@", range: start.upperBound..<kept.endIndex) {
            kept.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return kept.split(separator: " ", omittingEmptySubsequences: false).filter { token in
            !(token.contains("://") || token.dropFirst().contains("@") && token.contains(".") || token.hasPrefix("@") && token.count > 1
              || isDottedName(token))
        }.joined(separator: " ")
    }

    /// A unit's symbol, with an SI prefix or without (`bps`, `Mbps`, `GHz`, `kWh`, `fps`, `dpi`): Latin letters in every
    /// script's UI (Swiftfin's Japanese and Korean "Mbps"). With `abbreviations`, also a word's abbreviation (`min`, `lb`,
    /// `mph`), which a UI in another script writes its own way (xdripswift's Arabic "دقيقة", Chinese "分钟").
    static func isUnitSymbol(_ word: String, abbreviations: Bool = true) -> Bool {
        if unitSymbols.contains(word) || abbreviations && unitAbbreviations.contains(word) { return true }
        guard let first = word.first, "kKMGTPmµn".contains(first) else { return false }
        return unitSymbols.contains(String(word.dropFirst()))
    }

    static let unitSymbols: Set<String> = [
        "bps", "Bps", "B", "b", "bit", "Hz", "W", "Wh", "V", "A", "Ah", "mAh", "g", "m", "s", "l", "L", "Pa", "hPa", "J",
        "N", "px", "pt", "fps", "dpi", "ppi", "rpm", "bpm", "dB", "dBm", "lux", "lm",
    ]

    static let unitAbbreviations: Set<String> = ["min", "sec", "ms", "lb", "lbs", "oz", "ft", "yd", "mi", "mph", "kph", "cal", "kcal"]

    /// A domain or a dotted identifier in small letters (`example.com`, an SF Symbol's `figure.climbing`): mlem's were
    /// `untranslated` in French.
    static func isDottedName(_ token: Substring) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        }
    }

    /// English's words of two letters that UI copy uses (units of two small letters, `mg`, `km`, `px`, are none).
    static let englishTwoLetterWords: Set<String> = [
        "am", "an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it", "me", "my", "no", "of", "on", "or",
        "so", "to", "up", "us", "we",
    ]

    /// Whether an English plural form reads the same for every count: it shows the count (a number specifier), and up
    /// to the end of that clause no word after the count looks plural ("files", "days", "people"), nor does a word
    /// anywhere agree with a plural ("are", "were", "these", "those"). "%d min", "Step %d", "of %d", "(%d)" and "%d
    /// selected" do; "%d new messages", "Delete files?" (no count shown) and "There are %d" do not.
    static func englishFormReadsTheSameForAnyCount(_ form: String) -> Bool {
        let numbers: Set<FormatSpecifier.ArgumentKind> = [.integer, .unsignedInteger, .floatingPoint]
        guard let count = FormatSpecifier.parse(form).first(where: { numbers.contains($0.argumentKind) }) else { return false }
        let scalars = Array(form.unicodeScalars)
        func words(_ range: Range<Int>, stoppingAtClause: Bool) -> [String] {
            var found: [String] = [], word = ""
            for index in range {
                let scalar = scalars[index]
                if CharacterSet.letters.contains(scalar) || scalar == "'" || scalar == "\u{2019}" {
                    word.unicodeScalars.append(scalar)
                    continue
                }
                if !word.isEmpty { found.append(word.lowercased()); word = "" }
                if stoppingAtClause, ".,;:!?()[]{}/|%\u{2013}\u{2014}\n".unicodeScalars.contains(scalar) { break }
            }
            if !word.isEmpty { found.append(word.lowercased()) }
            return found
        }
        let agreeing: Set<String> = ["are", "were", "these", "those"]
        if words(0..<scalars.count, stoppingAtClause: false).contains(where: agreeing.contains) { return false }
        let after = min(scalars.count, count.offset + count.text.unicodeScalars.count)
        let irregular: Set<String> = ["people", "children", "men", "women", "feet", "teeth", "mice", "geese", "persons"]
        return !words(after..<scalars.count, stoppingAtClause: true).contains { word in
            irregular.contains(word)
                || (word.count >= 4 && word.hasSuffix("s") && !word.hasSuffix("ss") && !word.hasSuffix("us") && !word.hasSuffix("is")
                    && !word.hasSuffix("'s") && !word.hasSuffix("\u{2019}s"))
        }
    }

    /// Apple's names for its products and features that its own localizations keep as they are (the camel-case ones,
    /// `iCloud`, `macOS`, are no words already).
    static let appleNames: Set<String> = [
        "Face ID", "Touch ID", "Optic ID", "Apple Pay", "Apple Watch", "Apple TV", "Apple Pencil", "App Store", "Mac App Store",
        "FaceTime", "AirDrop", "AirPlay", "AirPods", "CarPlay", "Siri", "Spotlight", "Mission Control", "Launchpad", "Safari",
        "Finder", "Xcode", "TestFlight", "Game Center", "iCloud Drive", "Stage Manager", "Handoff", "Sidecar", "Time Machine",
    ]

    /// `crwdns154446:0crwdne154446:0`: a value of Crowdin's in-context pseudo-language.
    static func isCrowdinPlaceholder(_ text: String) -> Bool {
        // Asked of every entry: its first byte answers almost all of them.
        text.utf8.first == UInt8(ascii: "c") && text.utf8.count >= 14 && text.utf8.starts(with: "crwdns".utf8) && text.contains("crwdne")
    }

    static func language(of locale: String) -> Substring {
        if let code = Catalog.legacyLanguageCode(locale) { return Substring(code) }
        return locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(locale)
    }

    // MARK: Format specifiers

    static func hasPercent(_ text: String) -> Bool {
        UTF8Bytes.contains(text, UInt8(ascii: "%"))
    }

    /// True when every form, and the format, has textually the same specifiers as the base's form of its category
    /// (the usual translation): nothing to compare further.
    static func sameSpecifiersAsBase(_ rule: PluralRule, _ baseRule: PluralRule) -> Bool {
        guard rule.variables.count == baseRule.variables.count, SpecifierScan.sameSpecifiers(rule.format, baseRule.format) == true
        else { return false }
        for (name, variable) in rule.variables {
            guard let baseVariable = baseRule.variables[name], variable.valueType == baseVariable.valueType,
                  let baseOther = baseVariable.forms[.other] else { return false }
            for (category, form) in variable.forms where SpecifierScan.sameSpecifiers(form, baseVariable.forms[category] ?? baseOther) != true {
                return false
            }
        }
        return true
    }

    /// The translation's plural variables with the base's they stand for: by the argument each one's `%#@name@`
    /// consumes in the format, since a translator may rename them ("%#@count_posts@ von %#@count_participants@" for
    /// "%#@arg1@ from %#@arg2@": Apple resolves a variable within its own locale), else by name.
    static func pairedVariables(_ rule: PluralRule, _ baseRule: PluralRule) -> [(name: String, variable: PluralVariable, base: PluralVariable)] {
        let arguments = FormatComparison.Arguments(FormatSpecifier.parse(rule.format))
        let baseArguments = FormatComparison.Arguments(FormatSpecifier.parse(baseRule.format))
        var pairs: [(name: String, variable: PluralVariable, base: PluralVariable)] = []
        var paired = Set<String>()
        for (number, specifier) in arguments.byNumber.pairs {
            guard let name = specifier.variable, let variable = rule.variables[name], !paired.contains(name),
                  let baseName = baseArguments.byNumber[number]?.variable, let baseVariable = baseRule.variables[baseName] else { continue }
            pairs.append((name, variable, baseVariable))
            paired.insert(name)
        }
        for name in rule.variables.keys.sorted() where !paired.contains(name) {
            guard let variable = rule.variables[name], let baseVariable = baseRule.variables[name] else { continue }
            pairs.append((name, variable, baseVariable))
        }
        return pairs
    }

    /// The base's format with each plural variable that the translation replaces by a plain specifier (`%1$.0f meetrit`
    /// for `%1$#@meters@`: no plural forms, the same argument) written as that variable's own specifier, so the two
    /// are compared by what they read.
    static func baseFormat(_ baseRule: PluralRule, comparedWith rule: PluralRule) -> String {
        let mine = FormatComparison.Arguments(FormatSpecifier.parse(rule.format))
        let theirs = FormatComparison.Arguments(FormatSpecifier.parse(baseRule.format))
        var format = baseRule.format
        for (number, specifier) in theirs.byNumber.pairs {
            guard let name = specifier.variable, let variable = baseRule.variables[name],
                  let given = mine.byNumber[number], given.variable == nil else { continue }
            format = format.replacingOccurrences(of: "#@\(name)@", with: variable.valueType)
        }
        return format
    }

    mutating func checkPluralFormat(_ rule: PluralRule, baseRule: PluralRule, entry: CatalogEntry, locale: String, table: String) {
        if Self.sameSpecifiersAsBase(rule, baseRule) { return }
        let baseFormat = Self.baseFormat(baseRule, comparedWith: rule)
        if let problem = FormatComparison.compare(FormatSpecifier.parse(rule.format), base: FormatSpecifier.parse(baseFormat), baseLocale: tableBase(table)) {
            report(.formatMismatch, entry: entry, locale: locale, table: table, "\"\(entry.key)\" in \(locale): \(problem)")
            return
        }
        for (name, variable, baseVariable) in Self.pairedVariables(rule, baseRule) {
            // A String Catalog's plural variation has no type of its own: its forms' specifiers say it, and forms that do
            // not show the number (Vienna's Galician "Recuperados novos artigos sen ler") say nothing of it.
            if entry.location.file.hasSuffix(".xcstrings"), rule.format == "%#@count@",
               variable.forms.values.allSatisfy({ FormatSpecifier.parse($0).isEmpty }) { continue }
            let countSignature = FormatSpecifier.parse("%" + variable.valueType).first?.signature
            let baseCountSignature = FormatSpecifier.parse("%" + baseVariable.valueType).first?.signature
            if countSignature != baseCountSignature {
                report(.formatMismatch, entry: entry, locale: locale, table: table,
                       "\"\(entry.key)\" in \(locale): %#@\(name)@ counts with %\(variable.valueType) but the base (\(tableBase(table))) uses %\(baseVariable.valueType); use %\(baseVariable.valueType)")
                return
            }
            var allowed: [String: String] = [:]
            for form in baseVariable.forms.values {
                for specifier in FormatSpecifier.parse(form) { allowed[specifier.signature] = specifier.text }
            }
            if let baseCountSignature { allowed[baseCountSignature] = allowed[baseCountSignature] ?? "%" + baseVariable.valueType }
            for category in PluralCategory.allCases {
                guard let form = variable.forms[category] else { continue }
                for specifier in FormatSpecifier.parse(form) where allowed[specifier.signature] == nil {
                    let expected = allowed.values.sorted().joined(separator: ", ")
                    report(.formatMismatch, entry: entry, locale: locale, table: table,
                           "\"\(entry.key)\" in \(locale): the \"\(category.rawValue)\" form of %#@\(name)@ uses \(specifier.text) (\(FormatComparison.describe(specifier))) but the base (\(tableBase(table))) uses \(expected.isEmpty ? "no specifier" : expected); use the base's specifier")
                    return
                }
            }
        }
    }

    // MARK: Plurals

    /// Whose plural rules a locale's values follow: Base.lproj holds the base language; a locale ICU lacks gets CLDR
    /// root's rules ("", reported once as unknown-locale).
    private func rulesLocale(for locale: String) -> String {
        let locale = locale == Linter.interfaceBase ? base : Catalog.legacyLanguageCode(locale) ?? locale
        return LocaleFormatting.hasData(for: locale) || LocaleFormatting.hasPluralRules(for: locale) ? locale : ""
    }

    mutating func requiredCategories(for locale: String) -> [PluralCategory] {
        if let cached = pluralCategoriesByLocale[locale] { return cached }
        var categories: [PluralCategory] = [.other]
        let rulesLocale = rulesLocale(for: locale)
        if !rulesLocale.isEmpty, let found = try? LocaleFormatting.plurals(of: rulesLocale).pluralCategories(), !found.isEmpty {
            categories = found
        }
        pluralCategoriesByLocale[locale] = categories
        return categories
    }

    /// The smallest whole count that each of the locale's categories gets, among 0…999, then 1,000, 10,000, 100,000
    /// and 1,000,000 (fr: one 0, other 2, many 1000000). Asked only when a form is missing.
    mutating func firstCounts(for locale: String) -> [PluralCategory: Int] {
        if let cached = firstCountsByLocale[locale] { return cached }
        var first: [PluralCategory: Int] = [:]
        var oneIsOneAlone = false
        let rulesLocale = rulesLocale(for: locale)
        if !rulesLocale.isEmpty {
            let formatting = LocaleFormatting.plurals(of: rulesLocale)
            var ones: [Int] = []
            var examples: [PluralCategory: [Int]] = [:]
            for count in Array(0...999) + [1_000, 10_000, 100_000, 1_000_000] {
                guard let category = try? formatting.pluralCategory(Double(count)) else { continue }
                if first[category] == nil { first[category] = count }
                if category == .one, count < 1_000 { ones.append(count) }
                if examples[category, default: []].count < 5 { examples[category, default: []].append(count) }
            }
            oneIsOneAlone = ones == [1]
            countExamplesByLocale[locale] = examples
        }
        firstCountsByLocale[locale] = first
        oneIsOneAloneByLocale[locale] = oneIsOneAlone
        return first
    }

    /// `d`, `ld`, `lld`, `lu`, `zd`, `i`, `u`, `x`…: the count is a whole number.
    static func isIntegerConversion(_ valueType: String) -> Bool {
        guard let last = valueType.last else { return false }
        return "diouxX".contains(last)
    }

    mutating func checkPluralCoverage(_ rule: PluralRule, baseRule: PluralRule? = nil, entry: CatalogEntry, locale: String, table: String) {
        let referenced = FormatSpecifier.parse(rule.format).compactMap(\.variable)
        for name in referenced where rule.variables[name] == nil {
            report(.pluralCoverage, entry: entry, locale: locale, table: table,
                   "\"\(entry.key)\" uses %#@\(name)@ but defines no variable \"\(name)\"; add a \(name) dictionary with its plural forms")
        }
        // A base variable the translation names otherwise is no loss (`pairedVariables`); one it drops is an argument
        // fewer, which format-mismatch reports.
        let required = requiredCategories(for: locale)
        for name in rule.variables.keys.sorted() {
            guard let variable = rule.variables[name] else { continue }
            // A String Catalog's plural variation has no `%#@…@` of its own (the reader names it `count`).
            let shown = rule.format == "%#@count@" && name == "count" && entry.location.file.hasSuffix(".xcstrings")
                ? "its plural variation" : "%#@\(name)@"
            // An empty "other" as the only form consumes its argument without showing it (the idiom for skipping one,
            // e.g. "%#@names@%#@count@"): every count shows the same nothing, so no form is missing.
            if variable.forms.count == 1, variable.forms[.other]?.isEmpty == true { continue }
            var missing = required.filter { variable.forms[$0] == nil }
            guard !missing.isEmpty else { continue }
            // A whole-number count (`%d`, `%ld`, `%lu`) never gets a category CLDR keeps for fractions (Polish,
            // Russian and Ukrainian "other", Czech and Lithuanian "many"): no form is missing there.
            let integerCount = Self.isIntegerConversion(variable.valueType)
            let firstCounts = integerCount || missing.contains { $0 != .other } ? firstCounts(for: locale) : [:]
            if integerCount, !firstCounts.isEmpty { missing.removeAll { firstCounts[$0] == nil } }
            guard !missing.isEmpty else { continue }
            let position = variable.location?.position ?? entry.location.position
            let place = locale.isEmpty ? "this locale" : locale
            // A category no count below 1,000 gets (French, Spanish, Italian, Portuguese and Catalan "many": 1000000,
            // "1 million de …") shows the "other" form until it is added: a warning of its own, so that the forms
            // everyday counts need stay errors that a team does not switch off with it.
            let rare = missing.filter { $0 != .other && (firstCounts[$0] ?? .max) > 999 }
            let everyday = missing.filter { !rare.contains($0) }
            // Apple's "zero" answers a count of 0 in any language, beside CLDR's categories: "other" with it is still one
            // form for every other count.
            let counted = variable.forms.keys.filter { $0 != .zero }
            let baseVariable = baseRule?.variables[name] ?? (baseRule?.variables.count == 1 ? baseRule?.variables.values.first : nil)
            // The base leaves "one" out where its language has it (CotEditor's "MoveToTrashConfirmation.title.many",
            // shown for two files or more), and so does a translation whose "one" is the count 1 alone (German with only
            // "other", Czech with few, many and other): the count is likely never 1, which the base's own warning asks
            // once, not again in each such locale (9 findings for one key there). A language whose "one" also holds 21
            // (Russian) needs it whatever the base does, and is still told.
            if everyday == [.one], locale != base, integerCount, oneIsOneAloneByLocale[locale] == true, let baseVariable,
               baseVariable.forms[.one] == nil, baseVariable.forms[.other] != nil, requiredCategories(for: base).contains(.one) {
                // (A rare category the locale lacks is still said below.)
            } else if !everyday.isEmpty, counted == [.other], Self.language(of: locale) == "en",
                      let form = variable.forms[.other], Self.englishFormReadsTheSameForAnyCount(form) {
                // English whose one form shows the count with no plural word after it ("%d min", "Step %d", "of %d",
                // "Free server locations (%d)", "%d selected"; ProtonVPN, 16 warnings, none a real problem) reads right
                // for 1 as for 2: nothing to add.
            } else if !everyday.isEmpty, counted == [.other] {
                // One form for every count, given on purpose: right where the word does not change with the number
                // (Danish "svar"), or where the count is never 1, wrong otherwise. The translator's choice, and in the
                // base the developer's (CotEditor's "MoveToTrashConfirmation.title.many", shown for two files or more;
                // "%lld replaced" beside a "zero" form), so a warning.
                let also = variable.forms[.zero] != nil ? " and \"zero\"" : ""
                report(.pluralCoverage, file: entry.location.file, position: position, locale: locale, table: table, key: entry.key, atMost: .warning,
                       "\"\(entry.key)\": \(shown) gives one form for every count (only \"other\"\(also)); CLDR gives \(place) the categories \(required.map(\.rawValue).joined(separator: ", ")): if the words change with the number in \(place), add \(everyday.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))\(locale == base ? ", unless the count is never \(everyday.contains(.one) ? "1" : "one of those")" : "")")
            } else if everyday.count == 1, let lacking = everyday.first, integerCount, !firstCounts.isEmpty, firstCounts[.other] == nil,
                      variable.forms[.other] != nil, let example = firstCounts[lacking] {
                // A whole number never gets Polish, Russian or Ukrainian "other" (fractions only), yet the translator
                // wrote one, and one category is missing: counts like 5 show "other", and what a translator tests with
                // and writes there is the form those counts take. Likely right, not certain: a warning.
                report(.pluralCoverage, file: entry.location.file, position: position, locale: locale, table: table, key: entry.key, atMost: .warning,
                       "\"\(entry.key)\": \(shown) lacks the \"\(lacking.rawValue)\" form (counts like \(countsLike(lacking, locale: locale, first: example))), so those counts show \"other\", which CLDR keeps for fractions in \(place) and whole numbers never see otherwise; if \"other\" reads right for them, copy it to \"\(lacking.rawValue)\", else add the right form")
            } else if !everyday.isEmpty {
                report(.pluralCoverage, file: entry.location.file, position: position, locale: locale, table: table, key: entry.key,
                       "\"\(entry.key)\": \(shown) lacks the \(everyday.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) form(s); CLDR gives \(place) the categories \(required.map(\.rawValue).joined(separator: ", ")), so add them")
            }
            if !rare.isEmpty {
                let examples = rare.map { category in
                    "\"\(category.rawValue)\" (\(firstCounts[category].map { "counts like \($0)" } ?? "fractions only"))"
                }
                report(.rarePluralCategory, file: entry.location.file, position: position, locale: locale, table: table, key: entry.key,
                       "\"\(entry.key)\": \(shown) lacks the \(examples.joined(separator: " and ")) \(rare.count == 1 ? "form" : "forms"), which CLDR gives \(place) for rare counts only; those counts show the \"other\" form until it is added")
            }
        }
    }

    // MARK: Whitespace, punctuation, length

    mutating func checkWhitespaceAndPunctuation(_ text: String, baseText: String, entry: CatalogEntry, locale: String, table: String) {
        // Fast path: both start and end with a plain ASCII character, so neither has edge whitespace to compare.
        @inline(__always) func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        if let ends = UTF8Bytes.ends(text), let baseEnds = UTF8Bytes.ends(baseText),
           plain(ends.first), plain(baseEnds.first), plain(ends.last), plain(baseEnds.last) {
            checkPunctuation(text, baseText: baseText, entry: entry, locale: locale, table: table)
            return
        }
        // HTML markup (Tunnelblick's `<p>…</p>\n` help texts, rendered by `attributedStringFromHTML`): a browser collapses
        // whitespace around its tags, so a line break more or less there shows nothing (153 of its 634 findings).
        if Self.isHTMLMarkup(text), Self.isHTMLMarkup(baseText) {
            checkPunctuation(text, baseText: baseText, entry: entry, locale: locale, table: table)
            return
        }
        // CRLF and LF are one line break to a reader (LuLu's base ends "\r\n", its Spanish "\n": "ends with a line
        // break but the base ends with a line break").
        func lineBreaksAsOne(_ whitespace: Substring) -> Substring {
            whitespace.contains("\r\n") ? Substring(whitespace.replacingOccurrences(of: "\r\n", with: "\n")) : whitespace
        }
        let leading = lineBreaksAsOne(text.prefix { $0.isWhitespace })
        let baseLeading = lineBreaksAsOne(baseText.prefix { $0.isWhitespace })
        let trailing = String(lineBreaksAsOne(Substring(String(text.reversed().prefix { $0.isWhitespace }.reversed()))))
        let baseTrailing = String(lineBreaksAsOne(Substring(String(baseText.reversed().prefix { $0.isWhitespace }.reversed()))))
        if leading != baseLeading, !Self.isSpaceTheScriptOmits(leading, base: baseLeading, beside: text.first { !$0.isWhitespace }, locale: locale) {
            report(.whitespaceMismatch, entry: entry, locale: locale, table: table,
                   "\"\(entry.key)\" in \(locale) starts with \(Self.describeWhitespace(leading)) but the base (\(tableBase(table))) starts with \(Self.describeWhitespace(baseLeading)); match the base")
        } else if trailing != baseTrailing,
                  !Self.isSpaceTheScriptOmits(Substring(trailing), base: Substring(baseTrailing), beside: text.last { !$0.isWhitespace }, locale: locale) {
            report(.whitespaceMismatch, entry: entry, locale: locale, table: table,
                   "\"\(entry.key)\" in \(locale) ends with \(Self.describeWhitespace(Substring(trailing))) but the base (\(tableBase(table))) ends with \(Self.describeWhitespace(Substring(baseTrailing))); match the base"
                   // Cork's "Loading top packages… ": a space after the base's last mark is more often its typo than a layout.
                   + (trailing.isEmpty && baseTrailing == " " && baseText.dropLast().last.map { ".…!?:".contains($0) } == true
                      ? ", or, if the base's space after its last mark is a typo, remove it there" : ""))
        }
        checkPunctuation(text, baseText: baseText, entry: entry, locale: locale, table: table)
    }

    /// Text that is HTML: it starts with a tag and ends with one, whitespace aside (`<p>…</p>\n`, `<b>Note:</b> … <br>`).
    static func isHTMLMarkup(_ text: String) -> Bool {
        // Bytes first, with no copy: asked of every text whose ends are not plain ASCII, most of which are no HTML.
        let bytes = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), bytes[first] == UInt8(ascii: "<"),
              let last = bytes.lastIndex(where: { !isSpace($0) }), bytes[last] == UInt8(ascii: ">") else { return false }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let second = trimmed.dropFirst().first, second.isLetter || second == "/" || second == "!" else { return false }
        return trimmed.contains("</") || trimmed.contains("/>") || trimmed.contains("<br")
    }

    /// Chinese and Japanese put no space between words, nor after their full-width punctuation, which carries its own
    /// (IceCubes: "Posted: " is "投稿：" in ja and zh, 23 findings): a translation that drops the base's plain spaces beside
    /// a Han, kana or full-width character writes that edge as its script does. A line break or tab is never omitted so.
    static func isSpaceTheScriptOmits(_ whitespace: Substring, base: Substring, beside character: Character?, locale: String) -> Bool {
        guard ["zh", "ja", "yue", "wuu", "lzh"].contains(language(of: locale)), whitespace.isEmpty, !base.isEmpty, base.allSatisfy({ $0 == " " }),
              let scalar = character?.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(scalar)      // CJK punctuation (、。「」), hiragana, katakana
            || (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)  // Han
            || (0xFF01...0xFF60).contains(scalar)      // full-width forms (：，！？)
            || (0xFE30...0xFE4F).contains(scalar)      // CJK compatibility forms
    }

    mutating func checkPunctuation(_ text: String, baseText: String, entry: CatalogEntry, locale: String, table: String) {
        let mark = FinalPunctuation(text)
        let baseMark = FinalPunctuation(baseText)
        if mark != baseMark, !(mark == .fullStop && baseMark == .none && FinalPunctuation.isAbbreviatedUnit(text, base: baseText)),
           !(mark == .none && baseMark == .fullStop && FinalPunctuation.endsWithAbbreviation(baseText)),
           !(mark == .fullStop && baseMark == .none && (FinalPunctuation.endsWithDottedAbbreviation(text)
                                                        || FinalPunctuation.endsWithShortAbbreviation(text, base: baseText))),
           !(mark == .colon && baseMark == .none && FinalPunctuation.endsWithDriveLetter(text)),
           !(mark == .none && FinalPunctuation.endsInBrackets(text) && FinalPunctuation.endsInBrackets(baseText)),
           !FinalPunctuation.isScriptsOwnForm(text, mark: mark, baseMark: baseMark, language: Self.language(of: locale)) {
            report(.punctuationMismatch, entry: entry, locale: locale, table: table,
                   "\"\(entry.key)\" in \(locale) ends with \(mark.description) but the base (\(tableBase(table))) ends with \(baseMark.description); end it the same way (in your script's form)")
        }
    }

    /// The whitespace named, a run of the same kind counted: "a space", "8 spaces + a line break" (OpenEmu's Arabic HTML
    /// value started with eight spaces, each named).
    static func describeWhitespace(_ text: Substring) -> String {
        if text.isEmpty { return "no whitespace" }
        func code(_ character: Character) -> String { "U+" + String(character.unicodeScalars.first!.value, radix: 16, uppercase: true) }
        let names = text.map { character -> (one: String, many: String) in
            switch character {
            case " ": ("a space", "spaces")
            case "\n", "\r\n", "\r": ("a line break", "line breaks")
            case "\t": ("a tab", "tabs")
            case "\u{00A0}": ("a no-break space", "no-break spaces")
            default: (code(character), "× " + code(character))
            }
        }
        var runs: [(name: (one: String, many: String), count: Int)] = []
        for name in names {
            if let last = runs.last, last.name.one == name.one { runs[runs.count - 1].count += 1 } else { runs.append((name, 1)) }
        }
        return runs.map { $0.count == 1 ? $0.name.one : "\($0.count) \($0.name.many)" }.joined(separator: " + ")
    }

    mutating func checkLengthBudget(_ texts: some Collection<String>, entry: CatalogEntry, baseEntry: CatalogEntry?, locale: String, table: String) {
        let configured = configuration.lengthBudgets.isEmpty ? nil : configuration.lengthBudget(table: table, key: entry.key)
        guard let budget = configured ?? Self.declaredBudget(in: entry.comment) ?? Self.declaredBudget(in: baseEntry?.comment) else { return }
        guard let widest = texts.max(by: { DisplayWidth.of($0) < DisplayWidth.of($1) }) else { return }
        let width = DisplayWidth.of(widest)
        guard width > budget else { return }
        report(.lengthBudget, entry: entry, locale: locale, table: table,
               "\"\(entry.key)\" in \(locale) is \(width) columns wide, over its budget of \(budget) (grapheme clusters, wide East Asian characters count 2); shorten the text")
    }

    /// `[max: 40]` in a translator comment.
    static func declaredBudget(in comment: String?) -> Int? {
        guard let comment else { return nil }
        // A byte search: this runs for every entry with a comment, and Foundation's range(of:) bridges to NSString.
        if let found = comment.utf8.withContiguousStorageIfAvailable(declaredBudget(inUTF8:)) { return found }
        return Array(comment.utf8).withUnsafeBufferPointer(declaredBudget(inUTF8:))
    }

    /// The first `[max:` marker decides: `[max: 40]` gives 40; a marker without digits and `]` gives nothing.
    static func declaredBudget(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var from = 0
        while from < count, let found = memchr(bytes.baseAddress! + from, Int32(UInt8(ascii: "[")), count - from) {
            let open = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            from = open + 1
            guard open + 5 <= count, bytes[open + 1] == UInt8(ascii: "m"), bytes[open + 2] == UInt8(ascii: "a"),
                  bytes[open + 3] == UInt8(ascii: "x"), bytes[open + 4] == UInt8(ascii: ":") else { continue }
            var index = open + 5
            while index < count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let digitsStart = index
            var value = 0
            while index < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                guard index - digitsStart < 18 else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > digitsStart else { return nil }
            while index < count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            return index < count && bytes[index] == UInt8(ascii: "]") ? value : nil
        }
        return nil
    }
}

extension String {
    /// "Re-save the file" → "re-save the file", for a hint that follows a semicolon.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}

extension PluralRule {
    /// True when no form has letters (e.g. "%d"): such rules are the same in every language.
    static func lacksWords(_ rule: PluralRule) -> Bool {
        !rule.variables.values.flatMap { $0.forms.values }.contains(where: LintRun.hasWords)
    }
}

/// The kind of mark a text ends with, the same in every script (`.` and `。` are both a full stop).
extension LintRun {
    /// A base with a `%` that forms no specifier and none that does ("not 100% reliable", reported `invalid-format`) is
    /// no format string: code that formatted it would break already. Its translation's "100 % zuverlässig" writes the
    /// percent sign as German and French do, a space before it, which Foundation would read as `% zu` (the space flag,
    /// `size_t`, unsigned): no argument to compare with the base's none (Maccy: an error, in every such locale). Only
    /// specifiers with no flag but a space or `-`, no width, precision or position, after a number.
    /// A text with a `%` that forms no specifier and none that does: no format string.
    /// A `%` that forms no specifier, anywhere in the text.
    static func hasStrayPercent(_ text: String) -> Bool {
        hasPercent(text) && !FormatSpecifier.parseReportingInvalid(text).invalid.isEmpty
    }

    static func isPlainTextWithPercent(_ text: String) -> Bool {
        guard hasPercent(text) else { return false }
        let parsed = FormatSpecifier.parseReportingInvalid(text)
        return parsed.specifiers.isEmpty && !parsed.invalid.isEmpty
    }

    static func isTypographicPercentOfPlainBase(_ specifiers: [FormatSpecifier], text: String, baseText: String) -> Bool {
        guard !specifiers.isEmpty else { return false }
        guard isPlainTextWithPercent(baseText) else { return false }
        let scalars = Array(text.unicodeScalars)
        return specifiers.allSatisfy { specifier in
            guard specifier.position == nil, (specifier.width ?? "").isEmpty, specifier.precision == nil,
                  !specifier.flags.isEmpty, specifier.flags.unicodeScalars.allSatisfy({ $0 == " " || $0 == "-" }) else { return false }
            var before = specifier.offset - 1
            while before >= 0, [" ", "\u{A0}", "\u{202F}"].contains(scalars[before]) { before -= 1 }
            return before >= 0 && ("0"..."9").contains(scalars[before])
        }
    }
}

enum FinalPunctuation: Equatable, CustomStringConvertible {
    case none, fullStop, question, exclamation, colon, ellipsis

    init(_ text: String) {
        if let last = UTF8Bytes.ends(text)?.last, last > 0x20, last < 0x80, last != UInt8(ascii: "\""), last != UInt8(ascii: ")"),
           last != UInt8(ascii: "]") {
            // Markdown's emphasis closes after the sentence's mark ("**Use with caution.**"): the mark is inside it.
            if last == UInt8(ascii: "*") || last == UInt8(ascii: "_") {
                var inner = Substring(text)
                while let end = inner.last, end == "*" || end == "_" || end.isWhitespace { inner.removeLast() }
                self = inner.isEmpty ? .none : FinalPunctuation(String(inner))
                return
            }
            switch last {
            case UInt8(ascii: "."): self = UTF8Bytes.hasSuffix(text, "...") ? .ellipsis : .fullStop
            case UInt8(ascii: "?"): self = .question
            case UInt8(ascii: "!"): self = .exclamation
            case UInt8(ascii: ":"): self = .colon
            default: self = .none
            }
            return
        }
        // An invisible format character after the mark (focus-ios's Kannada ends "….\u{200D}", a zero-width joiner, which
        // joins the mark's character) is no mark of its own.
        if let scalar = text.unicodeScalars.last, scalar.properties.generalCategory == .format {
            var scalars = text.unicodeScalars
            while let end = scalars.last, end.properties.generalCategory == .format { scalars.removeLast() }
            self = FinalPunctuation(String(scalars))
            return
        }
        let trimmed = text.reversed().drop { $0.isWhitespace }
        guard let last = trimmed.first else { self = .none; return }
        // A closing quote after the sentence's mark (“%@.” as American English writes it; „%@“ gelesen werden. in
        // German) leaves the mark the sentence's: it is read before the quote.
        // So does a closing bracket (phpmon's "….)" for a sentence in brackets that ends the text: 23 findings against
        // translations ending "…)." or "…）。").
        if Self.closingQuotes.contains(last) || Self.closingBrackets.contains(last) && Self.opensBracket(closedBy: last, in: trimmed) {
            let inner = trimmed.drop { Self.closingQuotes.contains($0) || Self.closingBrackets.contains($0) || $0.isWhitespace }
            if let mark = inner.first, Self.marks.contains(mark) { self = FinalPunctuation(String(inner.reversed())); return }
        }
        switch last {
        // ⋯ (U+22EF) is Traditional Chinese's ellipsis, ︙ its vertical form.
        case "…", "⋯", "\u{FE19}": self = .ellipsis
        // Japanese also writes it with three katakana middle dots.
        case "・" where trimmed.prefix(3).allSatisfy { $0 == "・" } && trimmed.count >= 3: self = .ellipsis
        // Khmer ។, Myanmar ။, Armenian ։, Tibetan ། and Santali's ᱾ and ᱿ (Ol Chiki) end a sentence as well.
        case ".", "。", "｡", "।", "۔", "።", "\u{17D4}", "\u{104B}", "\u{0589}", "\u{0F0D}", "\u{1C7E}", "\u{1C7F}":
            // Three of them are an ellipsis, in any script (Urdu writes `۔۔۔`, as English writes `...`).
            self = trimmed.prefix(3).allSatisfy({ $0 == last }) && trimmed.count >= 3 ? .ellipsis : .fullStop
        case "?", "？", "؟": self = .question
        case "!", "！", "¡": self = .exclamation
        case ":", "：": self = .colon
        default: self = .none
        }
    }

    /// Any quotation mark, as one that ends a text closes a quote: German closes with “ and ‘, Danish with «.
    static let closingQuotes: Set<Character> = ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{00AB}", "\u{00BB}", "\u{2039}", "\u{203A}",
                                                "\u{300D}", "\u{300F}", "\""]
    /// An aside in brackets ends the text ("… (Cancel it with the spacebar.)"): whether its sentence keeps a stop inside
    /// the bracket is the language's style (phpmon's zh-Hans "…(按空格键取消快捷键选择)" has none), not a dropped mark.
    static func endsInBrackets(_ text: String) -> Bool {
        guard let last = text.reversed().first(where: { !$0.isWhitespace }), closingBrackets.contains(last) else { return false }
        return opensBracket(closedBy: last, in: text)
    }

    /// Whether the text opens the bracket `closing` closes: Loop's "You're up to date :)" ends with a smiley, not an aside.
    static func opensBracket(closedBy closing: Character, in text: some Collection<Character>) -> Bool {
        let opening: Character = switch closing {
        case ")": "("
        case "]": "["
        case "\u{FF09}": "\u{FF08}"
        case "\u{3011}": "\u{3010}"
        default: "\u{FF3B}"
        }
        return text.contains(opening)
    }

    static let closingBrackets: Set<Character> = [")", "]", "\u{FF09}", "\u{3011}", "\u{FF3D}"]
    /// Every mark `init` reads, any script's (focus-ios's Bengali "“Siri, …খোল।”" ends with its full stop inside the quote).
    static let marks: Set<Character> = [".", "?", "!", ":", "…", "。", "？", "！", "：", "｡", "।", "۔", "።", "\u{17D4}", "\u{104B}", "\u{0589}",
                                        "\u{0F0D}", "\u{1C7E}", "\u{1C7F}", "⋯", "\u{FE19}", "؟", "¡"]

    /// Where the language writes the same ending its own way, and no mark says so: Thai and Lao end a sentence with
    /// none (a space parts sentences), and Greek asks with `;` (U+003B, or U+037E).
    static func isScriptsOwnForm(_ text: String, mark: FinalPunctuation, baseMark: FinalPunctuation, language: Substring) -> Bool {
        switch language {
        // A question may be asked with a particle (ไหม, หรือไม่) and no mark; one without a particle drops the question.
        case "th", "lo":
            guard mark == .none else { return false }
            return baseMark == .fullStop || baseMark == .question && endsWithQuestionParticle(text)
        // Burmese ends every sentence, a question or an exclamation too, with ။ (mullvad's my: "…ဖျက်မည်လား။").
        case "my": return mark == .fullStop && (baseMark == .question || baseMark == .exclamation)
        // Armenian's full stop ։ looks like a colon, and is often typed as one (OsmAnd's hy: 38 "colon" findings).
        case "hy": return mark == .colon && baseMark == .fullStop
        // A polite request or notice ends with 。 where English exclaims (Onion Browser's ja: "…してください。" for "…!").
        case "ja", "zh": return mark == .fullStop && baseMark == .exclamation
        case "el":
            guard mark == .none else { return false }
            guard baseMark == .question, let last = text.reversed().first(where: { !$0.isWhitespace }) else { return false }
            return last == ";" || last == "\u{037E}"
        default: return false
        }
    }

    /// Thai's and Lao's question particles, before an optional polite one (ครับ, คะ).
    static func endsWithQuestionParticle(_ text: String) -> Bool {
        var trimmed = Substring(text)
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        for polite in ["ครับ", "คะ", "ค่ะ"] where trimmed.hasSuffix(polite) {
            trimmed = trimmed.dropLast(polite.count)
            break
        }
        return ["ไหม", "หรือไม่", "มั้ย", "หรือเปล่า", "ບໍ່", "ບໍ"].contains { trimmed.hasSuffix($0) }
    }

    /// A unit or a word written short, whose dot is no full stop: "? m" as "? Min." or "? мин.", "No" as "Nr.". Both
    /// texts at most three words, the base's last one at most three letters and the translation's at most four.
    static func isAbbreviatedUnit(_ text: String, base: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        let baseWords = base.split(whereSeparator: \.isWhitespace)
        guard words.count <= 3, baseWords.count <= 3, let last = words.last, let baseLast = baseWords.last,
              last.hasSuffix("."), !last.hasSuffix("..") else { return false }
        let short = last.dropLast()
        // Up to five letters: Ukrainian "Увімк." for "On".
        return (1...5).contains(short.count) && short.allSatisfy(\.isLetter)
            && (1...3).contains(baseLast.count) && baseLast.allSatisfy(\.isLetter)
    }

    /// An abbreviation of two or more parts, each of one to three letters and its dot, spaces (or no-break spaces)
    /// between them or not: Whisky's "N/A" as German "k. A.", Polish "n.d.", Dutch "N.v.t."; "z. B.", "U.S.". Its last
    /// dot is the abbreviation's, not a full stop. One part alone ("Nr.", "s.") could end a sentence, and is not one.
    static func endsWithDottedAbbreviation(_ text: String) -> Bool {
        var characters = Array(text)
        var parts = 0
        while characters.last == "." {
            characters.removeLast()
            var letters = 0
            while let last = characters.last, last.isLetter { characters.removeLast(); letters += 1 }
            guard (1...3).contains(letters) else { return false }
            parts += 1
            // Spaces between parts ("k. A."), not before the abbreviation.
            var before = characters.count
            while before > 0, [" ", "\u{00A0}", "\u{202F}"].contains(characters[before - 1]) { before -= 1 }
            guard before > 0, characters[before - 1] == "." else { break }
            characters.removeLast(characters.count - before)
        }
        // The abbreviation is a word of its own: nothing, or a space, before it.
        return parts >= 2 && (characters.isEmpty || characters.last?.isWhitespace == true || characters.last == "\u{00A0}")
    }

    /// The base ends with an abbreviation written without its dot ("…, etc", "60 min"), which a translation writes with
    /// one (alt-tab-macos: German "usw.", Italian "ecc.", Swedish "osv."; Loop: "60 min."): the translation's last word
    /// is short (one to four letters). Any short last word was too broad: a Korean sentence ends in four syllables and a
    /// dot ("없습니다."), German in "ein." (the re-check: 113 real findings hidden).
    static let undottedAbbreviations: Set<String> = ["etc", "approx", "vs", "incl", "misc", "avg", "min", "max", "sec", "secs", "mins", "hrs"]

    static func endsWithShortAbbreviation(_ text: String, base: String) -> Bool {
        guard text.hasSuffix("."), !text.hasSuffix(".."),
              let baseLast = base.split(whereSeparator: { $0.isWhitespace || $0 == "," }).last,
              undottedAbbreviations.contains(baseLast.lowercased()) else { return false }
        let last = text.dropLast().split(whereSeparator: { $0.isWhitespace }).last ?? ""
        return (1...4).contains(last.count) && last.allSatisfy(\.isLetter)
    }

    /// A drive letter at the end ("Ouvrir le lecteur C:", Whisky's "Open C: Drive"): a colon after a one-letter word
    /// is part of the name, not the text's last mark.
    static func endsWithDriveLetter(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 2, characters[characters.count - 1] == ":", characters[characters.count - 2].isUppercase,
              characters[characters.count - 2].isASCII else { return false }
        return characters.count == 2 || characters[characters.count - 3].isWhitespace
    }

    /// A short label whose dot ends an abbreviation, not a sentence (eul: "Design Cap.", "Time Rem.", "Thermal Lv."; 48
    /// findings): two or three words, the last a capitalised word of one to four letters. A translation may spell it
    /// out with no dot. A one-word sentence ("Done.") or a lower-case word ("Not now.") still ends a sentence.
    static func endsWithAbbreviation(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        // Two or three words, or a label in title case of any length ("Enclosed Ideographic Chars Supp.", CotEditor's
        // Unicode block names): a sentence has words in lower case.
        guard words.count >= 2, words.count <= 3 || words.allSatisfy({ $0.first?.isUppercase == true }),
              let last = words.last, last.hasSuffix("."), !last.hasSuffix("..") else { return false }
        let short = last.dropLast()
        return (1...4).contains(short.count) && short.allSatisfy(\.isLetter) && short.first?.isUppercase == true
    }

    var description: String {
        switch self {
        case .none: "no punctuation"
        case .fullStop: "a full stop"
        case .question: "a question mark"
        case .exclamation: "an exclamation mark"
        case .colon: "a colon"
        case .ellipsis: "an ellipsis"
        }
    }
}

extension PluralRule {
    /// The same format and forms, wherever each was written (a variable's location is not its text).
    func hasSameText(as other: PluralRule) -> Bool {
        format == other.format && variables.count == other.variables.count && variables.allSatisfy { name, variable in
            guard let theirs = other.variables[name] else { return false }
            return variable.valueType == theirs.valueType && variable.forms == theirs.forms
        }
    }
}
