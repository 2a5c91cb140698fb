import Foundation
import Core
public import LocalizationKit
public import StringsKit

/// How one table of the base locale is used by the scanned code.
public struct TableUsage: Sendable, Equatable {
    public var table: String
    public var keys: Int
    /// Keys a reference names.
    public var used: Int
    /// Keys no reference names, but a `dynamicKeyPrefixes` entry covers.
    public var dynamicallyUsed: Int
    public var unused: Int
    /// Keys that look unused in a table the scan cannot vouch for (see `unverifiable-table`): not reported one by one,
    /// not deleted by `--fix` without `--force`.
    public var unverified: Int = 0
    /// References into this table whose key it does not have.
    public var missing: Int
    public var references: Int
    /// What reads the table instead of code (`Intents.intentdefinition`, `Main.storyboard`, the system for InfoPlist):
    /// its keys are not checked for use.
    public var readBy: String? = nil
}

/// What the code ↔ catalog rules found.
public struct UsageReport: Sendable {
    public var findings: [Finding]
    public var tables: [TableUsage]
    /// `(table, key)` of every `unused-key` finding, for `--fix`.
    public var unusedKeys: [TableKey]
    /// Keys no reference names in tables whose use the scan cannot see (`unverifiable-table`): deleted only with
    /// `--fix --force`, listed with `--verbose`.
    public var unverifiedKeys: [TableKey] = []
    /// The keys of tables no scanned code names a key of at all (an `unverifiable-table` too): whatever reads them (a
    /// script, a template, a target outside the scan) is nothing the scan saw, so not even `--fix --force` deletes them.
    /// Listed with `--verbose`.
    public var unreadKeys: [TableKey] = []
    /// Key-as-text tables and the app's own placeholders, as found (or declared).
    public var conventions = TableConventions()
    /// Generated accessors read from the project's `swiftgen.yml` (its generated file not being among the sources).
    public var inferredGeneratedEnums: [UsageConfiguration.GeneratedEnum] = []
    public var scan: SourceUsage
    /// Keys whose base text is a call's default value, translated but not in the base table (see `UsageRun.codeBase`).
    public var codeBaseKeys: Set<TableKey> = []
    /// The tables that have such keys.
    public var codeBaseTables: Set<String> = []
    /// Each such key's default value, where the call gives it as a literal.
    public var codeBaseTexts: [TableKey: String] = [:]
}

/// The four rules between Swift code and the base locale's catalog: `key-not-in-catalog`, `unused-key`,
/// `argument-mismatch`, `wrong-table`. Pure: the scan and the catalog come in, findings go out.
public struct UsageRules: Sendable {
    public var configuration: LintConfiguration

    /// Tables the system reads by its own keys (`CFBundleDisplayName`…), never through code: `InfoPlist` and the tables
    /// of other property lists (UTM's `Info-RemotePlist`, `QEMULauncher-InfoPlist`), as the linter tells them apart;
    /// and `ServicesMenu`, where macOS looks up the Services menu items an app's Info.plist declares under `NSServices`
    /// (CotEditor's "Open in CotEditor", which `--fix --force` deleted); and `AppShortcuts`, where Siri and Shortcuts
    /// read an `AppShortcutsProvider`'s phrases (`"Add a feed in ${applicationName}"`, NetNewsWire's, deleted the same way).
    public static func isSystemTable(_ table: String) -> Bool {
        PropertyListTexts.isPropertyListTable(table) || ["ServicesMenu", "AppShortcuts"].contains(String(Catalog.fileTableName(table)))
    }

    public init(configuration: LintConfiguration = LintConfiguration()) {
        self.configuration = configuration
    }

    private var usage: UsageConfiguration { configuration.usage }

    public func check(_ scan: SourceUsage, catalog: Catalog, baseLocale: String) -> UsageReport {
        let tableBases = Linter.tableBases(of: catalog, base: baseLocale)
        let conventions = TableConventions.detect(in: catalog, base: baseLocale, tableBases: tableBases, configuration: configuration)
        // The keys a key-as-text table's base file itself has, before the completion below.
        var writtenBaseKeys: [String: Set<String>] = [:]
        for table in conventions.keysAsText {
            writtenBaseKeys[table] = Set(catalog.table(table, locale: tableBases[table] ?? baseLocale)?.keys ?? [])
        }
        // As `l10n lint` reads it: a key-as-text table's base holds every key its translations have, as its own text.
        let catalog = conventions.completingBases(of: catalog, base: baseLocale, tableBases: tableBases)
        var run = UsageRun(rules: self, scan: scan, catalog: catalog, base: baseLocale, conventions: conventions)
        run.writtenBaseKeys = writtenBaseKeys
        for reference in scan.references { run.check(reference) }
        run.checkUnused()
        run.checkCodeBase()
        run.findings.sort(by: Finding.reportOrder)
        var report = UsageReport(findings: run.findings, tables: run.tableUsage(), unusedKeys: run.unused, unverifiedKeys: run.unverified,
                                 unreadKeys: run.unread, conventions: conventions, scan: scan)
        report.codeBaseKeys = Set(run.codeBase.flatMap { table, keys in keys.keys.map { TableKey(table: table, key: $0) } })
        report.codeBaseTables = Set(run.codeBase.keys).union(run.baseTextElsewhere)
        for (table, texts) in run.codeBaseText {
            for (key, text) in texts where run.codeBase[table]?[key] != nil { report.codeBaseTexts[TableKey(table: table, key: key)] = text }
        }
        return report
    }
}

/// The state of one check: the base tables, what is used so far, and the findings.
struct UsageRun {
    let rules: UsageRules
    let scan: SourceUsage
    let base: String
    /// Each table's base: `Base` where Base.lproj holds it (as `l10n lint` compares it), else the base locale.
    let tableBases: [String: String]
    let baseTables: [String: CatalogTable]
    /// Tables whose base maps most keys to themselves as text (`hasIdentityBase`), and tables whose keys are nearly
    /// all dotted or underscored identifiers (`isWordBesideDottedKeys`): read once per run, not per missing key.
    let identityBaseTables: Set<String>
    let dottedKeyTables: Set<String>
    /// Tables that something other than code reads, and what (see `TableUsage.readBy`).
    let readBy: [String: String]
    /// Key-as-text tables and the app's own placeholders.
    let conventions: TableConventions
    /// Table names in a stable order (for "in every table" lookups and the report).
    let tableNames: [String]
    var used: [String: Set<String>] = [:]
    var missingByTable: [String: Int] = [:]
    /// Keys the code names that a table lacks, by table, under their lowercase form: where the first call is.
    var missingKeys: [String: [String: (key: String, location: SourceLocation)]] = [:]
    /// The same, under the text such a call shows (its default value, else the key itself), lowercased: an unused key
    /// whose base text is that text was most likely renamed to it (see `renamedTo`).
    var missingTexts: [String: [String: (key: String, location: SourceLocation)]] = [:]
    /// The same, under `sameTextForm`: a key that differs from one of them only in its final punctuation, its
    /// apostrophes or its capitals is the same text renamed (see `renamedTo`).
    var missingForms: [String: [String: (key: String, location: SourceLocation)]] = [:]
    /// Keys the code names that a table has: where the first call is (see `renamedInTranslations`).
    var foundAt: [String: [String: SourceLocation]] = [:]
    var referencesByTable: [String: Int] = [:]
    var findings: [Finding] = []
    var unused: [TableKey] = []
    var unverified: [TableKey] = []
    var unread: [TableKey] = []
    /// Keys whose base text is a call's default value (the base table lacks them, translations have them), by table:
    /// where the first such call is.
    var codeBase: [String: [String: SourceLocation]] = [:]
    /// The keys each key-as-text table's base file has itself; the others are its translations' keys, taken for text.
    var writtenBaseKeys: [String: Set<String>] = [:]
    /// The default value the code gives for a key of `codeBase`, where it writes it as a literal: the base text its
    /// translations are compared with.
    var codeBaseText: [String: [String: String]] = [:]
    /// The catalog keys references name, by table (generated members aside).
    var referenced: [String: Set<String>] = [:]
    /// Tables whose base file has next to no text while translations have many keys (`Linter.baseTextElsewhere`):
    /// `l10n lint` reports none of their keys extra, so this check does, against the code.
    let baseTextElsewhere: Set<String>
    private var skeletons: [String: [String: [(key: String, specifiers: [FormatSpecifier])]]] = [:]
    private let generatedKeys: [String: [String: String]]
    /// The keys "did you mean" searches, indexed once per list of tables.
    private let nearestKeys = NearestKeyCache()
    /// Every table of every translation (not the base, `Base` or `qqq`), for what a message says about them.
    private let translatedTables: [Catalog.TableID: CatalogTable]
    /// The literal starts of keys the code computes, with their table where it is known.
    private let seenPrefixes: [(table: String?, prefix: String)]
    private let generatedTables: [String: String]
    private let generatedStyles: [String: UsageConfiguration.EnumStyle]
    /// The generators' own maps (`l10n-accessors`), by root: member path → table and key.
    private let generatedMembers: [String: [String: UsageConfiguration.GeneratedEnum.Member]]
    private let nonKeyMembers: [String: Set<String>]

    /// The table a generated member's key is in: the generator's map says, else the enum's one table.
    private func generatedTable(root: String, path: String) -> String? {
        generatedMembers[root]?[path]?.table ?? generatedTables[root]
    }

    /// The catalog key a generated member path names, if any.
    private func generatedKey(root: String, path: String) -> String? {
        guard let style = generatedStyles[root] else { return nil }
        return generatedKeys[root]?[GeneratedNames.lookupForm(of: path, style: style)]
    }

    init(rules: UsageRules, scan: SourceUsage, catalog: Catalog, base: String, conventions: TableConventions = TableConventions()) {
        self.conventions = conventions
        self.rules = rules
        self.scan = scan
        self.base = base
        var tables: [String: CatalogTable] = [:]
        let tableBases = Linter.tableBases(of: catalog, base: base)
        for (id, table) in catalog.tables where id.locale == tableBases[id.table] ?? base { tables[id.table] = table }
        self.tableBases = tableBases
        productNames = XcodeProject.productNames(near: Array(Set(catalog.tables.values.flatMap(\.files))).sorted())
        let translatedTables = catalog.tables.filter { id, _ in id.locale != (tableBases[id.table] ?? base) && !Linter.isSpecialFolder(id.locale) }
        self.translatedTables = translatedTables
        baseTextElsewhere = Set(Set(translatedTables.keys.map(\.table)).compactMap { name in
            guard !UsageRules.isSystemTable(name), !TableConventions.isInterfaceBuilderTable(name, in: catalog) else { return nil }
            let translations = translatedTables.filter { $0.key.table == name }.map(\.value)
            return Linter.baseTextElsewhere(base: tables[name], translations: translations) == nil ? nil : name
        })
        // A table with no base file is looked for by a translation's (brave-ios keeps `Base.lproj/BraveWidgets.intentdefinition`
        // and no en `BraveWidgets.strings`: Xcode takes the base text from the definition).
        var documented = tables
        for (id, table) in translatedTables.sorted(by: { ($0.key.table, $0.key.locale) < ($1.key.table, $1.key.locale) }) where documented[id.table] == nil {
            documented[id.table] = table
        }
        var readBy = Self.interfaceFiles(of: documented)
        for (name, table) in tables where readBy[name] == nil && !table.files.isEmpty
            && table.files.allSatisfy({ $0.contains("Settings.bundle/") }) {
            // `Settings.bundle/en.lproj/Root.strings`: the Settings app reads it by the titles in the bundle's plists.
            readBy[name] = "the Settings app (Settings.bundle)"
        }
        for table in tables.keys where UsageRules.isSystemTable(table) {
            readBy[table] = "the system"
        }
        // A Spotlight importer's `schema.strings` beside its `schema.xml` (Skim's `SkimImporter/<locale>.lproj`): Spotlight
        // and Finder read its attributes' names and `.Description`s, never code (`--fix --force` deleted them from 12 locales).
        for (name, table) in tables where readBy[name] == nil && Catalog.fileTableName(name) == "schema" {
            if table.files.contains(where: { file in
                PropertyListTexts.lprojParent(of: file).map { FileManager.default.fileExists(atPath: ($0.isEmpty ? "." : $0) + "/schema.xml") } ?? false
            }) {
                readBy[name] = "Spotlight (schema.xml)"
            }
        }
        for (table, file) in scan.tablesReadByInterfaceFiles where tables[table] != nil && readBy[table] == nil {
            readBy[table] = "\((file as NSString).lastPathComponent) (formattingStringsFilename)"
        }
        self.readBy = readBy
        baseTables = tables
        identityBaseTables = Set(tables.filter { Self.isIdentityBase($0.value) }.keys)
        dottedKeyTables = Set(tables.filter { _, table in
            table.keys.count >= 10 && table.keys.count(where: { $0.contains(".") || $0.contains("_") }) * 10 >= table.keys.count * 9
        }.keys)
        tableNames = tables.keys.sorted()
        var generated: [String: [String: String]] = [:]
        var generatedTables: [String: String] = [:]
        var generatedStyles: [String: UsageConfiguration.EnumStyle] = [:]
        var generatedMembers: [String: [String: UsageConfiguration.GeneratedEnum.Member]] = [:]
        var nonKeyMembers: [String: Set<String>] = [:]
        for enumeration in rules.configuration.usage.generatedEnums {
            generatedTables[enumeration.root] = enumeration.table
            if !enumeration.members.isEmpty {
                generatedStyles[enumeration.root] = .swiftgen  // paths are looked up as written
                generatedMembers[enumeration.root] = enumeration.members
                nonKeyMembers[enumeration.root] = enumeration.nonKeyMembers
                generated[enumeration.root] = enumeration.members.mapValues(\.key)
                continue
            }
            generatedStyles[enumeration.root] = enumeration.style
            for key in tables[enumeration.table]?.keys ?? [] {
                let path = GeneratedNames.memberPath(of: key, style: enumeration.style)
                generated[enumeration.root, default: [:]][GeneratedNames.lookupForm(of: path, style: enumeration.style)] = key
            }
        }
        // R.swift's roots (`R.string.localizable`, `R.string.infoPlist`), one per table the code names that way.
        let rswiftRoots = Set(scan.references.compactMap { reference -> String? in
            guard case let .generatedMember(root, _) = reference.key, root.hasPrefix("R.string."), generatedTables[root] == nil else { return nil }
            return root
        })
        for root in rswiftRoots {
            let token = GeneratedNames.memberPath(of: String(root.dropFirst("R.string.".count)), style: .rswift)
            guard let table = tables.keys.sorted().first(where: { GeneratedNames.memberPath(of: $0, style: .rswift) == token }) else { continue }
            generatedTables[root] = table
            generatedStyles[root] = .rswift
            for key in tables[table]?.keys ?? [] {
                generated[root, default: [:]][GeneratedNames.memberPath(of: key, style: .rswift)] = key
            }
        }
        generatedKeys = generated
        seenPrefixes = scan.dynamicKeys.compactMap { dynamic in
            guard let prefix = dynamic.literalPrefix, prefix.count >= 2, prefix.contains(where: \.isLetter) else { return nil }
            let table: String? = if case let .known(name) = dynamic.table { name } else { nil }
            return (table, prefix)
        }
        self.generatedTables = generatedTables
        self.generatedStyles = generatedStyles
        self.generatedMembers = generatedMembers
        self.nonKeyMembers = nonKeyMembers
    }

    private var configuration: LintConfiguration { rules.configuration }

    /// `GameShark`, `CWCheat`, `iCloud`: one token of letters and digits, at most two words by its capitals.
    static func isNameLike(_ key: String) -> Bool {
        let scalars = Array(key.unicodeScalars)
        guard (2...16).contains(scalars.count), scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else { return false }
        var words = 0
        for (index, scalar) in scalars.enumerated() where CharacterSet.uppercaseLetters.contains(scalar) {
            if index == 0 || CharacterSet.lowercaseLetters.contains(scalars[index - 1]) { words += 1 }
        }
        // A lowerCamel identifier (`settingsTitle`) starts a second word with its first capital.
        return CharacterSet.uppercaseLetters.contains(scalars[0]) ? words <= 2 : false
    }

    /// A number with a unit or a code name (`1080p`, `720p60`, `H.264`, `2x`, `HDR10+`, `v2.1`): shown as it is, it reads
    /// right, as `4K` and `MP3` do; it is no raw key. A digit, and letters only as runs of one lowercase letter or of up to
    /// four capitals, between digits and `. , + - × : /` or spaces: an identifier has a word in it (`tab1`, `step_2`).
    static func isMeasureOrCode(_ key: String) -> Bool {
        var digits = 0, lowercaseRun = 0, uppercaseRun = 0
        for scalar in key.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
                lowercaseRun = 0
                uppercaseRun = 0
            } else if ("a"..."z").contains(scalar) {
                lowercaseRun += 1
                uppercaseRun = 0
                guard lowercaseRun == 1 else { return false }
            } else if ("A"..."Z").contains(scalar) {
                uppercaseRun += 1
                // `iOS`-like mixed runs are words: a lowercase letter right before capitals ends the run too.
                guard uppercaseRun <= 4, lowercaseRun == 0 else { return false }
            } else if ".,+-×:/ ".unicodeScalars.contains(scalar) {
                lowercaseRun = 0
                uppercaseRun = 0
            } else {
                return false
            }
        }
        return digits > 0 && key.count <= 12
    }

    /// An input's pattern shown as its placeholder (`TextField("aa:bb:cc:dd:ee:ff", …)`, `hh:mm:ss`, `YYYY-MM-DD`): three
    /// or more runs of one letter repeated, up to four times, between `:`, `-` or `/`. It reads right as it is (or is
    /// text to translate, as `JJJJ-MM-TT`), never a raw key.
    /// `/overview/`, `~/Downloads`, `./build`: one run of no whitespace that starts as a path.
    static func isPath(_ key: String) -> Bool {
        !key.contains(where: \.isWhitespace) && (key.hasPrefix("/") || key.hasPrefix("~/") || key.hasPrefix("./"))
    }

    static func isInputPattern(_ key: String) -> Bool {
        let runs = key.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "-" || $0 == "/" }
        return runs.count >= 3 && runs.allSatisfy { run in
            guard let first = run.first, first.isASCII, first.isLetter, run.count <= 4 else { return false }
            return run.allSatisfy { $0 == first }
        }
    }

    /// A key or a generated symbol's name compared as Xcode turns keys into symbols: without format specifiers, letters
    /// and digits only, lowercased ("Line Number" and `lineNumber` → "linenumber", "%lld items" → "items").
    static func symbolName(_ text: String) -> String {
        let scalars = scalarsOutsideSpecifiers(text).scalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return String(String.UnicodeScalarView(scalars)).lowercased()
    }

    /// The translations (locales other than the table's base) whose table has the key.
    func translations(of key: String, in table: String) -> [String] {
        translatedTables.compactMap { id, entries in id.table == table && entries.entries[key] != nil ? id.locale : nil }.sorted()
    }

    /// `Text("undefined")` where the table's keys are `menu.speed`, `osd_title`: a lowercase word is no key in the
    /// table's own style, so it is text shown as it is (a value, a code word), not a key gone missing.
    func isWordBesideDottedKeys(_ key: String, table: String) -> Bool {
        dottedKeyTables.contains(table) && key.count <= 24 && !key.isEmpty && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
    }

    /// A base that maps most of its keys to themselves, as text (`"Show in Finder" = "Show in Finder";`, what genstrings
    /// writes): the code passes its text as the key, so a literal the table lacks (`Text("spaces")`, a URL, an OAuth
    /// scope) is text its users read as it is, not a raw key. The base is complete in that style, so a translation's
    /// key it lacks stays stale (`extra-key`): this is not `keysAsText`, which completes the base.
    func hasIdentityBase(_ table: String) -> Bool { identityBaseTables.contains(table) }

    static func isIdentityBase(_ table: CatalogTable) -> Bool {
        let entries = table.entries.values
        guard entries.count >= 5 else { return false }
        let identical = entries.count { $0.value.text == $0.key }
        return identical * 10 >= entries.count * 8 && entries.count(where: { TableConventions.looksLikeText($0.key) }) * 10 >= entries.count * 6
    }

    /// The catalog holds no language but the base (an app not translated yet): a key missing from it harms no user.
    var hasNoTranslation: Bool { translatedTables.isEmpty }
    /// The names of the Xcode projects the catalogs belong to (`QuickRecorder.xcodeproj`): the app's own name, which a
    /// text-keyed table need not translate.
    let productNames: Set<String>

    /// The locale a table's keys come from, for messages: `Base` or the base locale.
    func baseOf(_ table: String) -> String { tableBases[table] ?? base }

    /// A code shown as it is in every language: one token with a capital (`4K`, `MP4`, `H.264`, `HDR10+`) or a video
    /// resolution (`1080p`, `720p60`), as `isMeasureOrCode` reads them; not a number with its unit (`30s`, `5m`, `2x`).
    static func isCodeShownAsIs(_ key: String) -> Bool {
        guard isMeasureOrCode(key), !key.contains(" ") else { return false }
        if key.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) { return true }
        let parts = key.split(separator: "p", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 && (3...4).contains(parts[0].count) && parts[0].allSatisfy(\.isNumber) && parts[1].allSatisfy(\.isNumber)
    }

    /// A name no dictionary has: a capital inside it or a digit (`QuickRecorder`, `NetNewsWire`, `Mos2`), not a word.
    static func isCoinedName(_ name: String) -> Bool {
        name.unicodeScalars.dropFirst().contains { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// A text as a rename leaves it: lowercased, `’` and `‘` as `'`, `“` and `”` as `"`, and without its final marks
    /// (`…`, `...`, `.`, `:`, `!`, `?`) and spaces: "Settings…", "settings" and "Settings..." are one form.
    static func sameTextForm(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "\u{2019}", "\u{2018}", "\u{02BC}": scalars.append("'")
            case "\u{201C}", "\u{201D}": scalars.append("\"")
            default: scalars.append(scalar)
            }
        }
        while let last = scalars.last, ".:!?…".unicodeScalars.contains(last) || last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// Whether most of a table's keys that have letters are written in Latin letters (asked only of a text in another
    /// script that the table lacks).
    func isLatinScriptTable(_ table: String) -> Bool {
        let keys = (baseTables[table]?.keys ?? []).prefix(400).filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
        return !keys.isEmpty && keys.count { Linter.isLatin($0) } * 5 >= keys.count * 4
    }

    /// The language a table's base is in, for "en users": `Base` is a folder, not a language (Monal: "Base users see it
    /// right and every other language sees it in Base").
    func baseLanguage(_ table: String) -> String {
        let tableBase = baseOf(table)
        guard tableBase == Linter.interfaceBase else { return tableBase }
        return base == Linter.interfaceBase ? "the development language" : base
    }

    /// `softened`: the finding harms no user yet, so a warning is a note (`info`); an error configured for the rule stays one.
    private mutating func add(_ rule: Rule, at location: SourceLocation, table: String, key: String?, locale: String? = nil,
                              softened: Bool = false, _ message: String) {
        let locale = locale ?? baseOf(table)
        var severity = configuration.severity(of: rule, locale: locale)
        guard severity != .off else { return }
        if softened, severity == .warning { severity = .info }
        if let key, configuration.usage.isExcepted(rule, table: table, key: key) { return }
        findings.append(Finding(rule: rule, severity: severity, file: location.file, line: location.line, column: location.column,
                                locale: locale, table: table, key: key, message: message))
    }

    func resolve(_ name: TableName) -> String? {
        switch name {
        case let .known(table): return table
        case .unknown: return nil
        case let .constant(path, enclosingTypes):
            var path = path
            if path.first == "Self", let innermost = enclosingTypes.last { path[0] = innermost }
            for depth in stride(from: enclosingTypes.count, through: 0, by: -1) {
                let qualified = (Array(enclosingTypes.prefix(depth)) + path).joined(separator: ".")
                if let value = scan.constants[qualified] { return value }
            }
            return nil
        }
    }

    /// The catalog key a reference names in one table, if that table has it.
    mutating func lookUp(_ key: ReferencedKey, in table: String) -> String? {
        guard let entries = baseTables[table]?.entries else { return nil }
        switch key {
        case let .literal(text):
            return entries[text] == nil ? nil : text
        case let .generatedMember(root, path):
            guard generatedTable(root: root, path: path) == table, let key = generatedKey(root: root, path: path) else { return nil }
            return key
        case let .interpolated(interpolated):
            if entries[interpolated.xcodeKey] != nil { return interpolated.xcodeKey }
            return keys(fitting: interpolated, in: table).first
        }
    }

    /// Every key of the table an interpolated reference fits: its skeleton, with specifiers its arguments allow.
    mutating func keys(fitting interpolated: InterpolatedKey, in table: String) -> [String] {
        let wanted = interpolated.argumentSpecifiers.map { $0.flatMap { FormatSpecifier.parse($0).first?.signature } }
        return (skeletonIndex(table)[interpolated.skeleton] ?? []).filter { candidate in
            candidate.specifiers.count == wanted.count
                && zip(candidate.specifiers, wanted).allSatisfy { specifier, signature in signature == nil || specifier.signature == signature }
        }.map(\.key)
    }

    private mutating func skeletonIndex(_ table: String) -> [String: [(key: String, specifiers: [FormatSpecifier])]] {
        if let index = skeletons[table] { return index }
        var index: [String: [(key: String, specifiers: [FormatSpecifier])]] = [:]
        for key in baseTables[table]?.keys ?? [] {
            guard let (skeleton, specifiers) = InterpolatedKey.skeleton(ofCatalogKey: key) else { continue }
            index[skeleton, default: []].append((key, specifiers))
        }
        skeletons[table] = index
        return index
    }

    mutating func check(_ reference: KeyReference) {
        let reference = trimmingStringAPI(reference)
        if case let .generatedMember(root, path) = reference.key, nonKeyMembers[root]?.contains(where: { path == $0 || path.hasPrefix($0 + ".") }) == true {
            return
        }
        // The team's own member of the generated type (`extension SummaryCopy { static func shareText(_:) }`), not a key.
        if case let .generatedMember(root, path) = reference.key, let declared = scan.declaredMembers[root],
           declared.contains(UsageVisitor.signature(path, labels: reference.callLabels)) {
            return
        }
        let table: String? = if case let .generatedMember(root, path) = reference.key { generatedTable(root: root, path: path) } else { resolve(reference.table) }
        let shown = Self.display(reference.key)
        if let table {
            referencesByTable[table, default: 0] += 1
            if !reference.key.isGeneratedMember { referenced[table, default: []].insert(Self.catalogKey(reference.key)) }
            if let key = lookUp(reference.key, in: table) {
                used[table, default: []].insert(key)
                if foundAt[table]?[key] == nil { foundAt[table, default: [:]][key] = reference.location }
                // A key the base has only as its translations' key, taken for text, whose English the call gives
                // (KeePassium's "[Database/Load/Error] Incorrect database format", value "Incorrect database format: %@."):
                // the base text is the default value, not the key.
                if reference.hasDefaultValue, !reference.key.isGeneratedMember, let written = writtenBaseKeys[table], !written.contains(key),
                   codeBase[table]?[key] == nil {
                    codeBase[table, default: [:]][key] = reference.location
                    if let value = reference.defaultValue { codeBaseText[table, default: [:]][key] = value }
                }
                // An argument whose type the scan cannot tell (`\(model.chips.count - shown) more...`) fits `%d more...` and
                // `%lld more...` alike: every key it fits is used, not the first in the file's order (mullvad's `--fix`
                // deleted the one the code reads).
                if case let .interpolated(interpolated) = reference.key {
                    used[table, default: []].formUnion(keys(fitting: interpolated, in: table))
                }
                checkArguments(reference, table: table, key: key)
                return
            }
            // Only tables code reads: Settings.bundle's, InfoPlist and the ones a storyboard owns are never the one meant.
            let elsewhere = tableNames.filter { $0 != table && readBy[$0] == nil }.compactMap { other in lookUp(reference.key, in: other).map { (other, $0) } }
            if let (other, key) = elsewhere.first {
                used[other, default: []].insert(key)
                let tables = elsewhere.map { "\"\($0.0)\"" }.joined(separator: ", ")
                add(.wrongTable, at: reference.location, table: table, key: key,
                    "\(reference.api) looks up \(shown) in table \"\(table)\", but it is in \(tables) (\(baseOf(other))); name table \"\(other)\" at this call, or move the key")
                return
            }
            // A table kept outside every `.lproj` (the same text in every language) that has the key: found there. Only
            // where no localization has the table (a stray copy beside a localized one, a test fixture, hides nothing).
            if baseTables[table] == nil, !reference.key.isGeneratedMember, scan.unlocalizedTables[table]?.contains(Self.catalogKey(reference.key)) == true {
                checkArguments(reference, table: table, key: Self.catalogKey(reference.key))
                return
            }
            missingByTable[table, default: 0] += 1
            if !reference.key.isGeneratedMember {
                let missing = Self.catalogKey(reference.key)
                if missingKeys[table]?[missing.lowercased()] == nil { missingKeys[table, default: [:]][missing.lowercased()] = (missing, reference.location) }
                let form = Self.sameTextForm(missing)
                if missingForms[table]?[form] == nil { missingForms[table, default: [:]][form] = (missing, reference.location) }
                if let text = reference.hasDefaultValue ? reference.defaultValue : missing, Self.hasLetters(text),
                   missingTexts[table]?[text.lowercased()] == nil {
                    missingTexts[table, default: [:]][text.lowercased()] = (missing, reference.location)
                }
            }
            // `Text(", ")`, `Text("\(a) · \(b)")`: with no letter, the key itself is the right text in every language.
            // A debug screen or a preview is meant for developers, in English.
            guard Self.hasLetters(Self.catalogKey(reference.key)), reference.reportsMissing else { return }
            // A path (openHAB's `TextField("/overview/", …)` placeholder) is the right text in every language. (A link
            // stays a warning: a page may have a translated version, `anIdentityBaseTakesItsKeysAsText`.)
            if !reference.key.isGeneratedMember, Self.isPath(Self.catalogKey(reference.key)) { return }
            // A view's title of one Latin letter is a glyph (MeetingBar's close button, `Button("x")`), not a word.
            if Self.catalogKey(reference.key).count == 1, Self.catalogKey(reference.key).unicodeScalars.allSatisfy(\.isASCII),
               Self.viewTitles.contains(reference.api) { return }
            // Another language's name in that language (MeetingBar's picker: `Text("Deutsch").tag(AppLanguage.german)`)
            // is shown so in every locale: nothing to translate.
            if !reference.key.isGeneratedMember, let language = LocaleFormatting.endonymLanguage(of: Self.catalogKey(reference.key)),
               language != baseOf(table).split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) { return }
            if reference.hasDefaultValue {
                // KeePassium's workflow: the base text is the call's default value, which Xcode's export hands to
                // translators, and the base file stays empty. A key translations have is then where it belongs.
                let key = Self.catalogKey(reference.key)
                if !reference.key.isGeneratedMember, !translations(of: key, in: table).isEmpty {
                    if codeBase[table]?[key] == nil {
                        codeBase[table, default: [:]][key] = reference.location
                        if let value = reference.defaultValue { codeBaseText[table, default: [:]][key] = value }
                    }
                    return
                }
                if baseTextElsewhere.contains(table) {
                    // The table's base text is the code's: this is a new text, which no translator has seen yet.
                    add(.missingKey, at: reference.location, table: table, key: key,
                        "\(reference.api) uses \(shown), which no language translates yet: users everywhere see the default value the call gives; send it to the translators (Xcode's Export Localizations takes the default value as its \(baseOf(table)) text)")
                    return
                }
                // An app not translated yet (CodeEdit's `LabeledContent("Install Method")`): every user sees the default.
                add(.missingKey, at: reference.location, table: table, key: Self.catalogKey(reference.key), softened: hasNoTranslation,
                    hasNoTranslation
                        ? "\(reference.api) uses \(shown), which table \"\(table)\" (\(baseOf(table))) does not have: users see the default value the call gives, and the catalog has no language but \(baseOf(table)) yet; add the key to the catalog before the app is translated"
                        : "\(reference.api) uses \(shown), which table \"\(table)\" (\(baseOf(table))) does not have: users see the default value the call gives, untranslated where a language lacks the key too; add the key to the catalog so it can be translated")
                return
            }
            let keysAreText = conventions.keysAsText.contains(table) || hasIdentityBase(table)
            // A code of one token (QuickRecorder's `Text("H.265")`, `Text("MP4")`, a player's "1080p") and the app's own
            // name (`"QuickRecorder".local`) read the same in every language: the key a table lacks shows right
            // everywhere (6 of QuickRecorder's 72 such findings). A number with a unit ("5 GHz", "30s") stays one: Russian
            // writes "5 ГГц" and "30 с"; so does a project named as a word ("Notes"), which German writes "Notizen".
            if !reference.key.isGeneratedMember, Self.isCodeShownAsIs(Self.catalogKey(reference.key)) || productNames.contains(Self.catalogKey(reference.key)) && Self.isCoinedName(Self.catalogKey(reference.key)) { return }
            if !reference.key.isGeneratedMember, Self.isNameLike(Self.catalogKey(reference.key)), baseTables[table] != nil,
               !keysAreText, !TableConventions.looksLikeText(Self.catalogKey(reference.key)) {
                // `NSLocalizedString("GameShark", comment: "")`: a product or brand shows right as the key; an identifier
                // of one or two words cannot be told from one.
                add(.missingKey, at: reference.location, table: table, key: Self.catalogKey(reference.key),
                    "\(reference.api) uses \(shown), which table \"\(table)\" (\(baseOf(table))) does not have: if it is a name shown as it is (a product, a brand), it needs no translation; if it is an identifier, users see it raw, so add it to the catalog")
                return
            }
            let catalogKey = Self.catalogKey(reference.key)
            if !reference.key.isGeneratedMember, keysAreText || TableConventions.looksLikeText(catalogKey)
                || isWordBesideDottedKeys(catalogKey, table: table) || Self.isMeasureOrCode(catalogKey) || Self.isInputPattern(catalogKey) {
                // The key is text: base-language users see it right (it is what the code shows when no table has it);
                // only the translations lack it.
                let why = conventions.keysAsText.contains(table) ? "the table takes its keys as the \(baseOf(table)) text" : "the key is text"
                let key = Self.catalogKey(reference.key)
                let translatedIn = translations(of: key, in: table)
                // With no translation in the catalog at all (an app not translated yet: CodeEdit's English-only table and
                // 692 `Text` literals), every user sees the text right: a note of what to add before it is translated.
                // A text in another script than the table's (QuickRecorder's `Button("共享...")` in an English app) is not
                // what base-language users read either.
                let foreign = translatedIn.isEmpty && !Linter.isLatin(key) && key.unicodeScalars.contains { $0.properties.isAlphabetic }
                    && isLatinScriptTable(table)
                let message = hasNoTranslation
                    ? "\(reference.api) uses \(shown), which table \"\(table)\" does not have: \(why), and the catalog has no language but \(baseOf(table)) yet, so every user sees it right; add it to the catalog before the app is translated"
                    : foreign
                    ? "\(reference.api) uses \(shown), which no translation of table \"\(table)\" has and which is not in the script of its \(baseLanguage(table)) texts: every user sees it as it is written, \(baseLanguage(table)) users too; write the \(baseLanguage(table)) text in the code and add it to the catalog so it can be translated"
                    : translatedIn.isEmpty
                    ? "\(reference.api) uses \(shown), which no translation of table \"\(table)\" has: \(why), so \(baseLanguage(table)) users see it right and every other language sees it in \(baseLanguage(table)); add it to the catalog so it can be translated"
                    : "\(reference.api) uses \(shown), which table \"\(table)\" has in \(translatedIn.count) translation(s) (\(translatedIn.prefix(3).joined(separator: ", "))\(translatedIn.count > 3 ? ", …" : "")) but not in \(baseOf(table)): \(why), so \(baseLanguage(table)) users see it right; add it to \(baseOf(table)) too, so it is extracted and kept with its translations"
                add(.missingKey, at: reference.location, table: table, key: key, softened: hasNoTranslation, message)
                return
            }
            let where_ = baseTables[table] == nil ? "there is no table \"\(table)\" in \(base) (tables: \(tableNames.joined(separator: ", ")))" : "table \"\(table)\" (\(baseOf(table))) has no such key"
            add(.keyNotInCatalog, at: reference.location, table: table, key: Self.catalogKey(reference.key),
                "\(reference.api) uses \(shown), but \(where_); users would see the raw key. \(suggestion(for: reference.key, in: baseTables[table] == nil ? tableNames : [table]))")
            return
        }
        // The table is an expression the scanner cannot evaluate: any table code reads that has the key will do.
        let found = tableNames.filter { readBy[$0] == nil }.compactMap { name in lookUp(reference.key, in: name).map { (name, $0) } }
        for (name, key) in found { used[name, default: []].insert(key) }
        if found.isEmpty, Self.hasLetters(Self.catalogKey(reference.key)), reference.reportsMissing {
            add(.keyNotInCatalog, at: reference.location, table: "", key: Self.catalogKey(reference.key),
                "\(reference.api) uses \(shown), but no table of \(base) has it; users would see the raw key. \(suggestion(for: reference.key, in: tableNames))")
        } else if found.count == 1, let (name, key) = found.first {
            checkArguments(reference, table: name, key: key)
        }
    }

    /// Tables that an Interface Builder file or an intent definition of the same name owns, in any `.lproj` beside the
    /// table's (`MastodonIntent/Base.lproj/Intents.intentdefinition` for `MastodonIntent/en.lproj/Intents.strings`): their
    /// keys are object IDs (`3d6HSO`, `Xyz-12-abc.text`) that the system looks up, never code.
    static func interfaceFiles(of tables: [String: CatalogTable]) -> [String: String] {
        var found: [String: String] = [:]
        for (name, table) in tables {
            let roots = Set(table.files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().deletingLastPathComponent().path })
            // By the files' own table name: `Learn/Main`, named apart from another bundle's `Main`, is read by `Main.storyboard`.
            let documentName = table.files.first.map(Catalog.tableName(ofFile:)) ?? name
            // Beside the table's `.lproj` folders, or one folder up (Monal keeps `localization/Base.lproj/Main.storyboard`
            // and its translations in `localization/external/<locale>.lproj/Main.strings`, a submodule).
            let parents = Set(roots.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
            for root in roots.sorted() + parents.subtracting(roots).sorted() {
                if let document = PropertyListTexts.localizedDocuments(named: documentName, kinds: ["intentdefinition", "storyboard", "xib"], in: root).first {
                    found[name] = URL(fileURLWithPath: document).lastPathComponent
                    break
                }
            }
            // Keys that are Interface Builder object IDs (`BWH-2I-fSI.title`) are looked up by a storyboard or xib, never
            // by code, wherever the document is: `--fix --force` deleted 24 keys Monal's storyboards still have from 36
            // locales, as "unverifiable".
            if found[name] == nil, !table.keys.isEmpty,
               table.keys.count(where: TableConventions.isInterfaceBuilderKey) * 4 >= table.keys.count * 3 {
                found[name] = "a storyboard or xib (its keys are Interface Builder object IDs)"
            }
            // An intent definition in a target folder near the table's, as `l10n lint` finds it (ProtonVPN: `Siri Shortcut
            // Handler/Intents.intentdefinition` beside `ProtonVPN/Resources/<locale>.lproj/Intents.strings`): its keys are
            // the definition's IDs, which the system looks up. Missed here, `--fix --force` deleted all nine from 24 locales.
            if found[name] == nil, let file = table.files.first, let folder = PropertyListTexts.lprojParent(of: file),
               !PropertyListTexts.nearbyIntentTexts(table: documentName, folder: folder).isEmpty {
                found[name] = documentName + ".intentdefinition"
            }
        }
        return found
    }

    /// `L10n.Scene.title.uppercased()`, `L10n.Scene.title.localizedCapitalized`: String API after a generated accessor.
    /// The reference is the longest prefix of the path that names a key; the trailing call's arguments are not the key's.
    private func trimmingStringAPI(_ reference: KeyReference) -> KeyReference {
        guard case let .generatedMember(root, path) = reference.key, generatedKey(root: root, path: path) == nil else { return reference }
        var components = path.split(separator: ".")
        while components.count > 1 {
            components.removeLast()
            let prefix = components.joined(separator: ".")
            guard generatedKey(root: root, path: prefix) != nil else { continue }
            var trimmed = reference
            trimmed.key = .generatedMember(root: root, path: prefix)
            trimmed.arguments = nil
            return trimmed
        }
        return reference
    }

    /// "Did you mean …?" with the nearest existing key, or what to do when there is none close.
    private func suggestion(for key: ReferencedKey, in tables: [String]) -> String {
        let wanted = Self.catalogKey(key)
        let (candidates, index) = nearestKeys.index(for: tables) {
            tables.flatMap { table in (baseTables[table]?.keys ?? []).map { (table, $0) } }
        }
        if let nearest = index.find(wanted) {
            let table = candidates.first { $0.1 == nearest }?.0 ?? ""
            return "Did you mean \"\(nearest)\" (\(table))? Otherwise add the key to the base catalog."
        }
        return "Add the key to the base catalog, or correct it."
    }

    private mutating func checkArguments(_ reference: KeyReference, table: String, key: String) {
        // The app fills its own `%0`/`{0}` placeholders: there are no printf arguments to count.
        guard conventions.placeholderStyle(of: table) == .printf else { return }
        guard let arguments = reference.arguments, let entry = baseTables[table]?.entries[key] else { return }
        let format: String
        switch entry.value {
        case let .text(text): format = text
        case let .plural(rule): format = rule.format
        case .other: return
        }
        var byNumber: [Int: FormatSpecifier] = [:]
        var next = 1
        for specifier in FormatSpecifier.parse(format) {
            let number: Int
            if let position = specifier.position { number = position } else { number = next; next += 1 }
            if byNumber[number] == nil { byNumber[number] = specifier }
        }
        let expected = byNumber.count
        let list = byNumber.keys.sorted().compactMap { byNumber[$0]?.text }.joined(separator: ", ")
        // Too few arguments read garbage (or crash); extra ones are ignored by the formatter, and keys Xcode derives
        // often carry a count the English value leaves out, so only too few is a finding. A plural variable's forms
        // may read further arguments, so a value with one is compared by kinds alone.
        let hasPluralVariable = byNumber.values.contains { $0.argumentKind == .pluralVariable }
        if arguments.count < expected, !hasPluralVariable {
            add(.argumentMismatch, at: reference.location, table: table, key: key,
                "\(reference.api) passes \(arguments.count) argument(s) for \"\(key)\", but its base value (\(baseOf(table))) \"\(format)\" takes \(expected)\(expected > 0 ? " (\(list))" : ""); pass every argument the value formats")
            return
        }
        // Kinds, not sizes: `String(format: "%d", count)` with an `Int` is everywhere and prints right; an object for
        // `%d` or a number for `%@` is not.
        func kind(_ specifier: FormatSpecifier) -> FormatSpecifier.ArgumentKind {
            specifier.argumentKind == .unsignedInteger ? .integer : specifier.argumentKind
        }
        // A generated accessor takes `Any` for `%@` and formats `String(describing:)` of it (SwiftGen), so any value
        // prints right there (mastodon-ios passes an Int to "Resend (%@)").
        let describesObjects: Bool = if case .generatedMember = reference.key { true } else { false }
        for (index, specifier) in arguments.specifiers.enumerated() {
            guard let specifier, let given = FormatSpecifier.parse(specifier).first, let wanted = byNumber[index + 1],
                  wanted.argumentKind != .pluralVariable, kind(given) != kind(wanted),
                  !(describesObjects && wanted.argumentKind == .object) else { continue }
            add(.argumentMismatch, at: reference.location, table: table, key: key,
                "\(reference.api) passes argument \(index + 1) of \"\(key)\" as \(given.text) (\(FormatComparison.describe(given))), but its base value (\(baseOf(table))) has \(wanted.text) (\(FormatComparison.describe(wanted))); pass a value of that kind or change the specifier")
            return
        }
    }

    /// A table is vouched for when the scan sees it read: some reference names one of its keys, and no more than half
    /// of its keys look unused. Otherwise the code most likely reads it in a way the scan does not see (a generator
    /// such as SwiftGen or R.swift, a wrapper, a bundle it cannot read), and calling its keys unused would tell the
    /// user to delete translations that ship: one `unverifiable-table` finding says so instead, and `--fix` leaves the
    /// table alone unless `--force` is given.
    static func isVouchedFor(keys: Int, used: Int, unused: Int) -> Bool {
        used > 0 && unused * 2 <= keys
    }

    /// A String Catalog entry Xcode's own extraction found in the code at its last build (no `extractionState`, or
    /// `extracted_with_value`; one the code no longer has is `stale`, one added by hand `manual`): never unused, whatever
    /// the scan saw. boring.notch's "High", in `Text(x == 100 ? "High" : x == 200 ? "Medium" : "Low")`, was deleted from
    /// 16 languages while Xcode still had it as extracted.
    static func xcodeFoundInCode(_ entry: CatalogEntry) -> Bool {
        guard entry.location.file.hasSuffix(".xcstrings") else { return false }
        return entry.extractionState == nil || entry.extractionState == "extracted_with_value"
    }

    /// A key that `usage.dynamicKeyPrefixes` covers, that the code holds as a plain literal outside the calls it
    /// localizes through (`literalsSeen`), or that code the scan read may build: a key computed from a
    /// literal start (`"alert.\(name).title"`, `"menu." + item`, through a local `let`) covers every key of that table
    /// (or of any table, where the table is not known) that starts so, as long as the start has a letter and a
    /// separator or two characters.
    func isDynamicallyUsed(table: String, key: String) -> Bool {
        if configuration.usage.isDynamicallyUsed(table: table, key: key) || scan.literalsSeen.contains(key) { return true }
        if !scan.symbolNamesSeen.isEmpty, scan.symbolNamesSeen.contains(Self.symbolName(key)) { return true }
        if !scan.keyPrefixesSeen.isEmpty, scan.keyPrefixesSeen.contains(where: { key.hasPrefix($0) }) { return true }
        if !scan.keyShapesSeen.isEmpty, scan.keyShapesSeen.contains(where: { shape in
            // A format that only appends (`%@_description`): the key is a name the code holds, with that ending.
            if shape.count == 2, shape[0].isEmpty {
                return key.hasSuffix(shape[1]) && scan.literalsSeen.contains(String(key.dropLast(shape[1].count)))
            }
            // A format's argument may be empty (`rendering_value_%@_name` with no value: `rendering_value__name`).
            guard let first = shape.first, let last = shape.last, key.hasPrefix(first), key.hasSuffix(last),
                  key.count >= first.count + last.count else { return false }
            var rest = key.dropFirst(first.count).dropLast(last.count)
            for middle in shape.dropFirst().dropLast() {
                guard let found = rest.range(of: middle) else { return false }
                rest = rest[found.upperBound...]
            }
            return true
        }) { return true }
        // `"\(verb)_\(target)_\(count)"`: damus builds "zapped_your_note_3" so; `--fix` deleted 27 such keys before.
        if scan.dynamicKeys.contains(where: { dynamic in
            let sameTable: Bool = if case let .known(name) = dynamic.table { name == table } else { true }
            return sameTable && dynamic.mayBuild(key)
        }) { return true }
        return seenPrefixes.contains { prefix in
            (prefix.table == nil || prefix.table == table) && key.hasPrefix(prefix.prefix)
        }
    }

    /// What to say of a key that looks unused but that the code most likely reads under another name, and that no
    /// `--fix` deletes; nil for any other key.
    /// - The key the code reads with other capitals (xdripswift: `NSLocalizedString("Off", tableName: "Common", value:
    ///   "off", …)` beside `"off" = "Off";`): a lookup tells case apart, so neither is found, and the fix is to rename one.
    /// - The key the code reads under another name, with this key's text as its default value or as its key (xdripswift:
    ///   `NSLocalizedString("common_next", tableName: "Common", value: "Next", …)` beside `"next" = "Next";`, and three
    ///   more so; PlayCover's `Text("Legacy App Settings Detected!")` beside `"alert.legacyImport.title"`): renamed in the
    ///   code and not in the catalog, so every locale shows the default. Deleting it threw 17 translations away.
    func renamedTo(table: String, key: String, entry: CatalogEntry?, found: FoundKeys) -> (message: String, locale: String?)? {
        // Other capitals (xdripswift's "off" beside `NSLocalizedString("Off", …)`), or only another end or other
        // apostrophes (a re-check of 2026-12-07: `Text("Settings…")` beside "Settings", "Check for Updates..." beside the
        // code's "…", "Don't Save" beside "Don’t Save": plain --fix deleted each from every locale, a short key's one
        // character being too near to count as a typo, and `...` for `…` three).
        if let near = missingForms[table]?[Self.sameTextForm(key)], near.key != key {
            return near.key.lowercased() == key.lowercased()
                ? ("\"\(key)\" is in \(table) (\(baseOf(table))) but the code at \(near.location) reads \"\(near.key)\", which differs only in case: a lookup tells case apart, so neither is found; rename one of them to the other (--fix leaves this key alone)", nil)
                : ("\"\(key)\" is in \(table) (\(baseOf(table))) but the code at \(near.location) reads \"\(near.key)\", which \(table) does not have and which differs from it only in its final punctuation, its apostrophes or its capitals: the text was most likely changed in the code only; rename the key to \"\(near.key)\" in every locale and its translations show again (--fix leaves this key alone)", nil)
        }
        if let renamed = renamedInTranslations(table: table, key: key, entry: entry, found: found) { return renamed }
        // Capitals aside: openHAB's `Text("Demo Mode")` beside `"demo_mode" = "Demo mode";` (three such lost 24 translations).
        if let entry, case let .text(text) = entry.value, let near = missingTexts[table]?[text.lowercased()], near.key != key {
            return ("\"\(key)\" is in \(table) (\(baseOf(table))) but no scanned code uses it, and the code at \(near.location) reads \"\(near.key)\", which \(table) does not have, for the same text \"\(text)\": the key was most likely renamed in the code only; rename it to \"\(near.key)\" in every locale and its translations show again (--fix leaves this key alone)", nil)
        }
        // The code interpolates into the key what it meant to format into the text (codeapp: `showAlert(title:
        // "source_control.confirm_delete_tag \(tag.name)")` looks up "source_control.confirm_delete_tag %@", beside this
        // table's "source_control.confirm_delete_tag" = "Are you sure you want to delete tag %@?"): users see the raw
        // key, and deleting this one would throw away the text the call needs.
        // (Asked of every key that looks unused: the table's missing keys are filtered before any sort.)
        if let candidates = missingKeys[table] {
            let interpolated = candidates.values.filter { near in
                guard near.key.utf8.count > key.utf8.count + 1, near.key.hasPrefix(key) else { return false }
                let rest = near.key.dropFirst(key.count)
                return rest.first == " " && rest.split(separator: " ").allSatisfy { $0.hasPrefix("%") }
            }
            if let near = interpolated.min(by: { $0.key < $1.key }) {
                return ("\"\(key)\" is in \(table) (\(baseOf(table))) but no scanned code uses it, and the code at \(near.location) reads \"\(near.key)\", which \(table) does not have: the call interpolates into the key what this key's text formats, so users see the raw key; pass \"\(key)\" and format the text with the value instead (--fix leaves this key alone)", nil)
            }
        }
        // A key that is its text, and a text the code reads that the table lacks, one typo apart (Monal's "Audio recoder
        // init fail." beside `NSLocalizedString(@"Audio recorder init fail.")`, LuLu's "…A restart might fix this!" beside
        // "…A reboot…" is two words, not this): the text was corrected in the code only, and its translations are lost.
        if key.count >= 12, let entry, case let .text(text) = entry.value, text == key, let candidates = missingKeys[table] {
            let keyUnits = Array(key.utf16)
            for near in candidates.values.sorted(by: { $0.key < $1.key }) where near.key != key && abs(near.key.utf16.count - keyUnits.count) <= 2 {
                // In UTF-16 units: the code's “%@” for %@ is two edits, not the six of its UTF-8 bytes.
                guard NearestKey.distance(keyUnits, Array(near.key.utf16), limit: 2) != nil else { continue }
                return ("\"\(key)\" is in \(table) (\(baseOf(table))) but no scanned code uses it, and the code at \(near.location) reads \"\(near.key)\", which \(table) does not have and which differs from it by a character or two: the text was most likely corrected in the code only; rename the key to \"\(near.key)\" in every locale (review the translations) and they show again (--fix leaves this key alone)", nil)
            }
        }
        return nil
    }

    /// The keys the code reads that one table has, indexed for `renamedInTranslations`: under `sameTextForm`, and as
    /// UTF-16 by length (built once per table, only where some key looks unused).
    struct FoundKeys {
        var byForm: [String: [(key: String, location: SourceLocation)]] = [:]
        var byLength: [Int: [(key: String, units: [UInt16], location: SourceLocation)]] = [:]

        init(_ found: [String: SourceLocation]) {
            for (key, location) in found.sorted(by: { $0.key < $1.key }) {
                byForm[UsageRun.sameTextForm(key), default: []].append((key, location))
                let units = Array(key.utf16)
                if units.count >= 10 { byLength[units.count, default: []].append((key, units, location)) }
            }
        }
    }

    /// A key some translations file a text the code reads under, with other capitals, final marks or apostrophes or a
    /// character or two apart, where those translations lack the key the code reads (QuickRecorder:
    /// `SToggle("Launch at Login")`, and its Italian file's only "Launch at login" = "Avvia al login"; with no English
    /// file the base is its translations' keys, so the code's key is in the base and `missingKeys` never hears of it).
    /// Those locales show the base text, and deleting the key throws their only translation of it away: it is a rename
    /// in them. The finding names the locale where there is one.
    func renamedInTranslations(table: String, key: String, entry: CatalogEntry?, found: FoundKeys) -> (message: String, locale: String?)? {
        let holders = translations(of: key, in: table)
        guard !holders.isEmpty else { return nil }
        func lacking(_ used: String) -> [String] {
            let having = Set(translations(of: used, in: table))
            return holders.filter { !having.contains($0) }
        }
        var near: (key: String, location: SourceLocation, how: String)?
        for (used, location) in found.byForm[Self.sameTextForm(key)] ?? [] where used != key && !lacking(used).isEmpty {
            near = (used, location, used.lowercased() == key.lowercased() ? "which differs from it only in case"
                        : "which differs from it only in its final punctuation, its apostrophes or its capitals")
            break
        }
        if near == nil, key.count >= 12, let entry, case let .text(text) = entry.value, text == key || !writtenBaseKeys[table, default: []].contains(key) {
            let keyUnits = Array(key.utf16)
            search: for length in keyUnits.count - 2...keyUnits.count + 2 {
                for (used, units, location) in found.byLength[length] ?? [] where used != key {
                    guard NearestKey.distance(keyUnits, units, limit: 2) != nil, !lacking(used).isEmpty else { continue }
                    near = (used, location, "which differs from it by a character or two")
                    break search
                }
            }
        }
        guard let near else { return nil }
        let locales = lacking(near.key)
        let list = locales.count <= 6 ? locales.joined(separator: ", ") : locales.prefix(6).joined(separator: ", ") + " and \(locales.count - 6) more"
        let how = near.how
        return ("\"\(key)\" is in \(table) (\(list)) but no scanned code uses it, and the code at \(near.location) reads \"\(near.key)\", \(how) and which the \(list) translation\(locales.count == 1 ? "" : "s") lack\(locales.count == 1 ? "s" : ""): a lookup tells them apart, so users of \(list) see the base text there; rename the key to \"\(near.key)\" in \(list) (review the translation) and it shows again (--fix leaves this key alone)", locales.count == 1 ? locales[0] : nil)
    }

    mutating func checkUnused() {
        for table in tableNames where readBy[table] == nil {
            guard let entries = baseTables[table] else { continue }
            let usedHere = used[table] ?? []
            var candidates: [String] = []
            for key in entries.keys where !usedHere.contains(key) {
                // A key with no words (`"%lld"`, `"%@ %@"`) is what an interpolation whose types the scan cannot see
                // derives: never called unused.
                guard !isDynamicallyUsed(table: table, key: key),
                      !configuration.usage.isExcepted(.unusedKey, table: table, key: key),
                      let entry = entries.entries[key], !Self.xcodeFoundInCode(entry), Self.hasLetters(key) else { continue }
                candidates.append(key)
            }
            // A key the code most likely reads under another name (`renamedTo`) is said so, and never deleted, not even
            // by `--force`; nor does it count as looking unused (the re-check of 2026-12-07: a table whose only unused-looking
            // keys were two such renames was still called unverifiable). An app moving from identifier keys to text keys
            // leaves many of them.
            let found = candidates.isEmpty ? FoundKeys([:]) : FoundKeys(foundAt[table] ?? [:])
            candidates.removeAll { key in
                guard let entry = entries.entries[key], let renamed = renamedTo(table: table, key: key, entry: entry, found: found) else { return false }
                add(.unusedKey, at: SourceLocation(entry.location),
                    table: table, key: key, locale: renamed.locale, renamed.message)
                return true
            }
            guard !candidates.isEmpty else { continue }
            // A table the L10nAccessors plugin generates members for is read through them, which the scan maps exactly.
            let generated = generatedMembers.values.contains { $0.values.contains { $0.table == table } }
            guard generated || Self.isVouchedFor(keys: entries.keys.count, used: usedHere.count, unused: candidates.count) else {
                // No scanned code names any key of it: kept from every --fix (mac-mouse-fix's six Markdown catalogs, read by
                // a script through its templates; `--fix --force`, taken to get past an unscanned package, deleted all 115
                // of their keys in every locale).
                // (A key the code names through a symbol, holds as a literal or may build, or that Xcode found in the code,
                // is a use the scan saw.)
                let unreadTable = usedHere.isEmpty && !entries.keys.contains { key in
                    isDynamicallyUsed(table: table, key: key) || entries.entries[key].map(Self.xcodeFoundInCode) == true
                }
                if unreadTable {
                    unread += candidates.map { TableKey(table: table, key: $0) }
                } else {
                    unverified += candidates.map { TableKey(table: table, key: $0) }
                }
                reportUnverifiable(table, lookingUnused: candidates.count, of: entries, unread: unreadTable)
                continue
            }
            // A wrapper entered from outside the scan reads keys of this table no scanned code names: each key is still
            // said, and left to the user (`--fix --force` deletes it).
            let outside = scan.wrappersEnteredFromOutside.first { wrapper in
                if case let .known(name) = wrapper.table { return name == table || name == Catalog.fileTableName(table) } else { return true }
            }
            // A read of this table with a key the scan does not follow (Zebra's `NSLocalizedString(self.section, @"")`, the
            // names of a repository's sections, "Tweaks" and "Themes", which no code holds: plain --fix deleted them) may
            // read any key of it: each key is still said, and left to the user (`--fix --force` deletes it).
            let untraced = outside == nil ? untracedRead(of: table) : nil
            for key in candidates {
                guard let entry = entries.entries[key] else { continue }
                let hint = scan.dynamicKeys.first { dynamic in dynamic.literalPrefix.map { !$0.isEmpty && key.hasPrefix($0) } ?? false }
                    .map { " The dynamic key at \($0.location) (\($0.expression)) may build it: if so, add {\"table\": \"\(table)\", \"prefix\": \"\($0.literalPrefix ?? "")\"} to usage.dynamicKeyPrefixes." }
                    ?? ""
                let location = SourceLocation(entry.location)
                let before = findings.count
                if let outside {
                    add(.unusedKey, at: location, table: table, key: key,
                        "\"\(key)\" is in \(table) (\(baseOf(table))) but no scanned code names it; the app's \(outside.name)(…) looks keys of \(table) up, and no scanned call gives it one (an override, or a swizzled or @objc method the system calls), so it may read this one: delete it if not (--fix leaves it; --fix --force deletes it), or list it in usage.exceptions with a reason.\(hint)")
                    if findings.count > before { unverified.append(TableKey(table: table, key: key)) }
                    continue
                }
                if let untraced {
                    add(.unusedKey, at: location, table: table, key: key,
                        "\"\(key)\" is in \(table) (\(baseOf(table))) but no scanned code names it; the code at \(untraced.location) reads \(table) with a key it computes at run time (\(untraced.expression)), from nothing the scan can follow (a property, a closure's argument, an Objective-C method's parameter, data), so it may read this one: delete it if not (--fix leaves it; --fix --force deletes it), or list it in usage.exceptions with a reason.\(hint)")
                    if findings.count > before { unverified.append(TableKey(table: table, key: key)) }
                    continue
                }
                add(.unusedKey, at: location, table: table, key: key,
                    "\"\(key)\" is in \(table) (\(baseOf(table))) but no scanned code uses it; delete it from every locale (`--fix` does), or list it in usage.exceptions with a reason.\(hint)")
                if findings.count > before { unused.append(TableKey(table: table, key: key)) }
            }
        }
    }

    /// The first read of `table` with a key computed at run time that the scan does not follow (`isFollowed`) and that
    /// no literal text shapes (no prefix, no shape, no enum's cases): it may be any key of the table. Not a read whose
    /// table is computed too: that forwards a lookup its callers make with both (Home Assistant's `LocalizedManager`
    /// hands `request.key` and `request.table` to `localizedString(forKey:value:table:)` in a provider closure, its
    /// SwiftGen accessors naming the keys), and held all 418 of its unused keys back when it counted.
    func untracedRead(of table: String) -> DynamicKeyReference? {
        scan.dynamicKeys.first { dynamic in
            guard dynamic.mayBeAnyKey, case let .known(name) = dynamic.table else { return false }
            return name == table || name == Catalog.fileTableName(table)
        }
    }

    /// Where the base text of keys is the code's default values (`codeBase`), the translations are checked against it:
    /// a locale that has the table but not such a key is missing it; and in a table whose base file has no text at all
    /// (`l10n lint` then reports no key extra), a translation's key that neither the base nor any call names is extra.
    mutating func checkCodeBase() {
        // A table a document reads (an intent definition, whose IDs its translations' keys are; brave-ios: 2,176 keys of
        // two widget and shortcut tables were "remove it") has its base text there, not in code.
        for table in Set(codeBase.keys).union(baseTextElsewhere).sorted() where readBy[table] == nil {
            let keys = codeBase[table] ?? [:]
            let emptyBase = baseTextElsewhere.contains(table)
            for (id, translated) in translatedTables.sorted(by: { $0.key.locale < $1.key.locale }) where id.table == table {
                // The locale's file that holds most of the table (KeePassium's `ko` Localizable is three files).
                let file = SourceLocation(file: Self.mainFile(of: translated) ?? table, line: 1, column: 1)
                for (key, location) in keys.sorted(by: { $0.key < $1.key }) where translated.entries[key] == nil {
                    add(.missingKey, at: file, table: table, key: key, locale: id.locale,
                        "\"\(key)\" has its \(baseOf(table)) text in the code (the default value at \(location)) but no \(id.locale) translation; add it to this file")
                }
                // Each translation of such a key against the code's text, as `l10n lint` compares one with its base entry
                // (a `%d` turned `%@` reads an Int as an object).
                for (key, value) in (codeBaseText[table] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    // A default value whose every specifier is a percent sign read as one (brave-ios's "get 20% off", shown
                    // as it is) is no format string: 64 errors, each translation writing its percent sign its own way.
                    guard let entry = translated.entries[key], case let .text(text) = entry.value, text != value,
                          !AccidentalSpecifier.isAllAccidental(value),
                          let problem = FormatComparison.compare(FormatSpecifier.parse(text), base: FormatSpecifier.parse(value), baseLocale: baseOf(table)) else { continue }
                    let location = SourceLocation(entry.location)
                    add(.formatMismatch, at: location, table: table, key: key, locale: id.locale,
                        "\"\(key)\" in \(id.locale): \(problem) (the base text is the code's default value at \(keys[key].map { "\($0)" } ?? "its call"))")
                }
                guard emptyBase else { continue }
                for key in translated.keys where keys[key] == nil && baseTables[table]?.entries[key] == nil && !(referenced[table]?.contains(key) ?? false) {
                    guard let entry = translated.entries[key], Self.hasLetters(key), !isDynamicallyUsed(table: table, key: key) else { continue }
                    let location = SourceLocation(entry.location)
                    add(.extraKey, at: location, table: table, key: key, locale: id.locale,
                        "\"\(key)\" is not in the \(baseOf(table)) \(table) table and no scanned call names it; remove it, or give it its \(baseOf(table)) text (in the table, or as the default value of the call that shows it)")
                }
            }
        }
    }

    /// The file that holds most of a table's entries, where a missing key belongs.
    static func mainFile(of table: CatalogTable) -> String? {
        var counts: [String: Int] = [:]
        for entry in table.entries.values { counts[entry.location.file, default: 0] += 1 }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? table.files.first
    }

    /// One finding for a table whose use the scan cannot see, saying what it probably misses and where to say it.
    private mutating func reportUnverifiable(_ table: String, lookingUnused count: Int, of entries: CatalogTable, unread: Bool) {
        let file = entries.files.sorted().first ?? table
        let seen = (used[table] ?? []).count
        let why = seen == 0
            ? "no scanned code names any of its \(entries.keys.count) key(s)"
            : "\(count) of its \(entries.keys.count) keys look unused (only \(seen) are named in the scanned code)"
        // Said of this table only where a computed key may be one of its (ProtonVPN: "12 key(s) are computed at run time"
        // on a table none of the app's 12 could name read as if they were its).
        let mayBeHere = scan.dynamicKeys.filter { dynamic in
            if case let .known(name) = dynamic.table { return name == table || name == Catalog.fileTableName(table) } else { return true }
        }
        let dynamic = mayBeHere.isEmpty ? "" : " \(mayBeHere.count) key(s) the code computes at run time may be in it (--verbose lists them)."
        add(.unverifiableTable, at: SourceLocation(file: file, line: 1, column: 1), table: table, key: nil,
            "table \(table) (\(baseOf(table))): \(why), so the code most likely reads it in a way the scan does not see: a generated accessor (SwiftGen, R.swift), a wrapper function of the app, or a bundle or target outside --sources.\(dynamic) No key of it is reported unused and --fix leaves it alone\(unread ? ", even with --force: if nothing reads it (a script, a template, another target), delete its files" : " (--fix --force deletes anyway)"). Name the accessors under \"usage\" in l10n.json (l10n usage --print-config shows what was inferred), or pass the missing --sources.")
    }

    func tableUsage() -> [TableUsage] {
        tableNames.map { name in
            let keys = baseTables[name]?.keys ?? []
            let usedHere = used[name] ?? []
            let dynamic = keys.count { !usedHere.contains($0) && isDynamicallyUsed(table: name, key: $0) }
            let unusedCount = unused.count { $0.table == name }
            return TableUsage(table: name, keys: keys.count, used: usedHere.count, dynamicallyUsed: dynamic, unused: unusedCount,
                              unverified: unverified.count { $0.table == name } + unread.count { $0.table == name },
                              missing: missingByTable[name] ?? 0, references: referencesByTable[name] ?? 0, readBy: readBy[name])
        }
    }

    /// SwiftUI views whose first argument is a title.
    static let viewTitles: Set<String> = ["Text", "Button", "Label", "Toggle", "Link", "Menu", "Picker", "Section", "Tab", "NavigationLink"]

    /// True when the text has a letter outside its format specifiers.
    /// Words to translate: a letter outside the specifiers, and more than a unit's two (`"%@x"`, `"%@pt"` show
    /// right in every language).
    static func hasLetters(_ key: String) -> Bool {
        let (scalars, specifiers) = scalarsOutsideSpecifiers(key)
        let letters = scalars.count { $0.properties.isAlphabetic }
        return specifiers == 0 ? letters > 0 : letters > 2
    }

    /// The text's scalars with its format specifiers cut out, and how many there were.
    static func scalarsOutsideSpecifiers(_ text: String) -> (scalars: [Unicode.Scalar], specifiers: Int) {
        var scalars = Array(text.unicodeScalars)
        let specifiers = FormatSpecifier.parse(text)
        for specifier in specifiers.reversed() {
            scalars.removeSubrange(specifier.offset..<(specifier.offset + specifier.text.unicodeScalars.count))
        }
        return (scalars, specifiers.count)
    }

    /// The key as a catalog would spell it, for findings and suggestions.
    static func catalogKey(_ key: ReferencedKey) -> String {
        switch key {
        case let .literal(text): text
        case let .interpolated(interpolated): interpolated.xcodeKey
        case let .generatedMember(_, path): GeneratedNames.guessedKey(forMemberPath: path)
        }
    }

    static func display(_ key: ReferencedKey) -> String {
        switch key {
        case let .literal(text): "\"\(text)\""
        case let .interpolated(interpolated): "\"\(interpolated.xcodeKey)\" (the key of its interpolation)"
        case let .generatedMember(root, path): "\(root).\(path)"
        }
    }
}

/// `NearestKey.Index`es by the tables they cover, built on first use.
final class NearestKeyCache: @unchecked Sendable {
    private var indexes: [[String]: (candidates: [(String, String)], index: NearestKey.Index)] = [:]

    func index(for tables: [String], candidates: () -> [(String, String)]) -> (candidates: [(String, String)], index: NearestKey.Index) {
        if let found = indexes[tables] { return found }
        let list = candidates()
        let made = (list, NearestKey.Index(list.map(\.1)))
        indexes[tables] = made
        return made
    }
}
