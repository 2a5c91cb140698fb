import Core
import LocalizationKit

/// How far one locale is translated, as the runtime sees it: a missing key falls back to the base text, so it is a
/// figure to watch rather than an error storm. `translated` counts keys the locale has and that differ from the base
/// text (where the `untranslated` rule would judge them the same, whatever its severity).
public struct LocaleCompleteness: Sendable, Equatable {
    public var locale: String
    /// True for the base locale, which others are compared with.
    public var isBase: Bool
    /// Entries the locale has, in every table (extra keys included).
    public var entries: Int
    /// Translatable keys of the base tables this locale is compared with.
    public var baseKeys: Int
    /// Translatable base keys the locale lacks (whole missing tables included).
    public var missing: Int
    /// Translations identical to the base text.
    public var identical: Int

    /// The folder names this row counts (`de`, and `DE` of a bundle that spells it so); the row's own name first.
    public var spellings: [String]

    public init(locale: String, isBase: Bool, entries: Int, baseKeys: Int, missing: Int, identical: Int, spellings: [String]? = nil) {
        self.locale = locale
        self.spellings = spellings ?? [locale]
        self.isBase = isBase
        self.entries = entries
        self.baseKeys = baseKeys
        self.missing = missing
        self.identical = identical
    }

    public var translated: Int { max(0, baseKeys - missing - identical) }

    /// 100 for a locale with nothing to translate (the base locale).
    public var translatedPercent: Double {
        baseKeys == 0 ? 100 : Double(translated) * 100 / Double(baseKeys)
    }

    /// The figures of every translated locale and the base, from what the linter's jobs counted.
    static func figures(of catalog: Catalog, base: String, tableBases: [String: String],
                        counts: [Catalog.TableID: LintRun.Counts]) -> [LocaleCompleteness] {
        var translatable: [String: Int] = [:]
        for (table, tableBase) in tableBases {
            guard let baseTable = catalog.table(table, locale: tableBase) else { continue }
            // Counted by the base's `baseKeys` jobs as they checked each entry; a pass of its own only without them.
            translatable[table] = counts[Catalog.TableID(table: table, locale: tableBase)]?.translatable
                ?? baseTable.entries.values.count { $0.needsTranslation && !$0.isStale }
        }
        var entries: [String: Int] = [:]
        for (id, table) in catalog.tables { entries[id.locale, default: 0] += table.entries.count }
        var rows: [LocaleCompleteness] = []
        let settingsOnly = LintRun.settingsOnlyLocales(of: catalog)
        let shipped = BundleLocales(catalog)
        let baseIdentity = Catalog.localeIdentity(base)
        // Base.lproj as the base (no folder of the base language: WireGuard, Zebra's extract) has its row too.
        let linted = LintRun.lintedLocales(of: catalog) + (base == Linter.interfaceBase && catalog.locales.contains(base) ? [base] : [])
        for spellings in spellingGroups(linted, base: base, entries: entries) {
            let locale = spellings[0], identity = Catalog.localeIdentity(locale)
            let isBase = identity == baseIdentity
            var row = LocaleCompleteness(locale: locale, isBase: isBase, entries: spellings.reduce(0) { $0 + (entries[$1] ?? 0) },
                                         baseKeys: 0, missing: 0, identical: 0, spellings: spellings)
            // The base's entries are its tables' bases, Base.lproj's too (Sparkle's `Base.lproj/Sparkle.strings`, 67 keys,
            // beside 15 in en.lproj: the row said 15), a key in both once.
            if isBase {
                row.entries = spellings.reduce(0) { total, spelling in
                    total + (catalog.tables.filter { $0.key.locale == spelling && tableBases[$0.key.table].map { Catalog.localeIdentity($0) == identity } ?? true }
                        .values.reduce(0) { $0 + $1.entries.count })
                }
                for (table, tableBase) in tableBases where Catalog.localeIdentity(tableBase) != identity {
                    guard let baseTable = catalog.table(table, locale: tableBase) else { continue }
                    let own = spellings.lazy.compactMap { catalog.table(table, locale: $0) }.first
                    row.entries += own.map { own in baseTable.keys.count + own.keys.count { baseTable.entries[$0] == nil } } ?? baseTable.keys.count
                }
            }
            // The base locale is what others are measured against (Base.lproj is its own copy). A locale only a Settings
            // bundle has is measured against the Settings bundle's tables alone.
            for (table, tableBase) in tableBases where Catalog.localeIdentity(tableBase) != identity && !isBase {
                if settingsOnly.contains(locale), let baseTable = catalog.table(table, locale: tableBase), !LintRun.isSettingsTable(baseTable) { continue }
                if !spellings.contains(where: { catalog.table(table, locale: $0) != nil }), !spellings.contains(where: { shipped.asks(table, of: $0) }) { continue }
                row.baseKeys += translatable[table] ?? 0
                // The spelling this table was compared in: the one whose folder holds it, or the row's own for a table
                // the locale lacks (counted missing there).
                let spelling = spellings.first { counts[Catalog.TableID(table: table, locale: $0)] != nil } ?? locale
                let tableCounts = counts[Catalog.TableID(table: table, locale: spelling)] ?? LintRun.Counts()
                row.missing += tableCounts.missing
                row.identical += tableCounts.identical
            }
            rows.append(row)
        }
        return rows
    }

    /// The linted locales, one group per language however its folders spell it, the row's own name first: the base's
    /// name, else the spelling with the most entries. Tunnelblick's AppleScript uninstaller is a bundle of its own
    /// whose folders are `English.lproj` and `DE.lproj`, beside the app's `en.lproj` and `de.lproj`: one German row,
    /// the uninstaller's table measured in `DE` and the app's in `de`, rather than a `DE` row that counted the app's 954
    /// keys as translated and an `English` row beside the base.
    static func spellingGroups(_ locales: [String], base: String, entries: [String: Int]) -> [[String]] {
        var groups: [String: [String]] = [:], order: [String] = []
        for locale in locales {
            let identity = Catalog.localeIdentity(locale)
            if groups[identity] == nil { order.append(identity) }
            groups[identity, default: []].append(locale)
        }
        return order.map { identity in
            groups[identity]!.sorted { lhs, rhs in
                if (lhs == base) != (rhs == base) { return lhs == base }
                let (left, right) = (entries[lhs] ?? 0, entries[rhs] ?? 0)
                if left != right { return left > right }
                // A tie: Xcode's own spelling (`de`, not `DE` or `German`).
                let (plainLeft, plainRight) = (Catalog.legacyLanguageCode(lhs) == nil && lhs.first?.isLowercase == true,
                                               Catalog.legacyLanguageCode(rhs) == nil && rhs.first?.isLowercase == true)
                return plainLeft != plainRight ? plainLeft : lhs < rhs
            }
        }
    }
}

extension CatalogValue {
    /// The value as one text, for a finding's baseline identity: the text, or a plural rule's format and its forms in a
    /// fixed order.
    var baselineText: String {
        switch self {
        case .text(let text):
            return text
        case .plural(let rule):
            var parts = [rule.format]
            for name in rule.variables.keys.sorted() {
                guard let variable = rule.variables[name] else { continue }
                parts.append(name + ":" + variable.valueType)
                for category in PluralCategory.allCases { if let form = variable.forms[category] { parts.append(category.rawValue + "=" + form) } }
            }
            return parts.joined(separator: "\u{1F}")
        case .other(let value):
            return "\(value)"
        }
    }
}

extension CatalogEntry {
    /// Xcode no longer finds the key in the source code (`extractionState: stale`): nothing to translate.
    var isStale: Bool { extractionState == "stale" }

    /// `"" = "";`, which some apps keep so that a table's file is not empty (UTM's en.lproj/InfoPlist.strings): no
    /// code or system can ask for it, so no translation lacks it.
    var isPlaceholder: Bool { key.isEmpty && value == .text("") }

    /// What a translation must have: translatable (a String Catalog may say not) and no placeholder.
    var needsTranslation: Bool { shouldTranslate && !isPlaceholder }
}

extension LintRun {
    /// `stale-entry`: once per key whose `extractionState` is stale (at the base), and per translation marked stale.
    /// Xcode marks a key stale when the code it last built does not name it, which is also what a key read only by a
    /// target or package it did not build looks like (Cork: 32 of 83, read by `CommandMenu("debug.navigation")`…): the
    /// advice is to remove it only if no code reads it.
    mutating func checkStale(_ entry: CatalogEntry, locale: String, table: String) {
        if entry.isStale {
            guard locale == tableBase(table) else { return } // once per key, not once per locale
            report(.staleEntry, entry: entry, locale: locale, table: table,
                   "\"\(entry.key)\" is stale in \(table) (extractionState: stale): Xcode did not find it in the code it last built; if no code reads it any more, remove it from the catalog (l10n usage --sources <code> tells), else build the target that reads it so Xcode marks it again")
        } else {
            report(.staleEntry, entry: entry, locale: locale, table: table,
                   "\"\(entry.key)\" in \(locale) is marked stale (state: stale): its source text changed; review the translation and mark it translated")
        }
    }

    /// One `unknown-locale` finding for each locale ICU has no data for (`kmr` in ICU 72): its plurals are checked with
    /// CLDR root's rules. A locale ICU has plural rules for but no formatting data (`ars`, `an`) is checked with its own.
    /// Nothing is logged.
    mutating func checkUnknownLocales() {
        for locale in lintedLocales where !locale.isEmpty && Catalog.legacyLanguageCode(locale) == nil
            && !LocaleFormatting.hasData(for: locale) && !LocaleFormatting.hasPluralRules(for: locale) {
            // A locale whose files hold no entry has no table: one of its files (Swiftfin's `Translations/enm.lproj/…`,
            // not `enm.lproj`).
            let file = catalog.tables.keys.filter { $0.locale == locale }.min().flatMap { catalog.tables[$0]?.files.first }
                ?? catalog.files.filter { Catalog.locale(ofFile: $0) == locale }.min() ?? locale + ".lproj"
            report(.unknownLocale, file: file, position: nil, locale: locale, table: "", key: nil, subject: "",
                   "ICU 72 has no data for the locale \"\(locale)\", so its plurals are checked with CLDR's root rules (only \"other\"); check the folder name (e.g. a BCP 47 code such as ku for Kurdish), or set this rule to off in l10n.json")
        }
    }

    /// One `incomplete-locale` finding for each locale translated less than its `minimumTranslated` in l10n.json.
    mutating func checkMinimumTranslated(_ figures: [LocaleCompleteness]) {
        for row in figures where !row.isBase {
            guard let minimum = configuration.minimumTranslated(for: row.locale), row.translatedPercent < minimum else { continue }
            let file = catalog.tables.keys.filter { $0.locale == row.locale }.min().flatMap { catalog.tables[$0]?.files.first }
                ?? linter.configurationPath ?? LintConfiguration.fileName
            let percent = LocaleCompleteness.format(row.translatedPercent)
            report(.incompleteLocale, file: file, position: nil, locale: row.locale, table: "", key: nil, subject: "",
                   "\(row.locale) is \(percent) % translated (\(row.translated) of \(row.baseKeys) keys: \(row.missing) missing, \(row.identical) identical to the base), below the \(LocaleCompleteness.format(minimum)) % that minimumTranslated in l10n.json asks; translate the missing keys, or lower the minimum")
        }
    }
}

extension LocaleCompleteness {
    /// A percentage with one decimal, never rounded up to 100 while something is missing: 99.96 → "99.9".
    public static func format(_ percent: Double) -> String {
        let tenths = (percent * 10).rounded(.down) / 10
        let whole = Int(tenths)
        let decimal = Int(((tenths - Double(whole)) * 10).rounded())
        return "\(whole).\(decimal)"
    }
}

/// The locales each bundle ships, by the folder its `.lproj` folders (or String Catalog) are in. A vendored framework
/// often ships more locales than the app that embeds it (Sparkle's 30 beside Skim's 12, in one of Skim's six bundles;
/// Threema's image picker's ar, vi, he): a locale only such a bundle has was asked of every table of the app: now 475 of
/// Skim's 1,536 `missing-key` findings remain, and 26 of Threema's 236. A table is asked of a locale its own bundle ships, or
/// that at least half the project's bundles ship (so a widget or a Settings bundle lacking a locale the app has still
/// lacks it).
struct BundleLocales {
    private var byFolder: [String: Set<String>] = [:]
    private var foldersByTable: [String: Set<String>] = [:]
    private var bundlesShipping: [String: Int] = [:]

    init(_ catalog: Catalog) {
        for (id, table) in catalog.tables {
            for file in table.files {
                let folder = Catalog.bundleFolder(ofFile: file)
                byFolder[folder, default: []].insert(id.locale)
                foldersByTable[id.table, default: []].insert(folder)
            }
        }
        for locales in byFolder.values {
            for locale in locales { bundlesShipping[locale, default: 0] += 1 }
        }
    }

    /// Whether `table` is asked of `locale`: its own bundle ships the locale, or half the bundles or more do.
    func asks(_ table: String, of locale: String) -> Bool {
        guard byFolder.count > 1, (bundlesShipping[locale] ?? 0) * 2 < byFolder.count else { return true }
        guard let folders = foldersByTable[table] else { return true }
        return folders.contains { byFolder[$0]?.contains(locale) == true }
    }
}
