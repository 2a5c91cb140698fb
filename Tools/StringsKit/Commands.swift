import Core
public import LocalizationKit
import Foundation

/// What a command produced: the text for stdout and stderr, and the process exit code.
/// The `l10n` executable only prints these; tests call the commands directly.
public struct CommandOutcome: Sendable, Equatable {
    public var standardOutput: String
    public var standardError: String
    public var exitCode: Int32

    public init(standardOutput: String = "", standardError: String = "", exitCode: Int32) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitCode = exitCode
    }

    /// 0: no errors (warnings allowed unless --strict).
    public static let success: Int32 = 0
    /// 1: errors found (findings, or a file that does not parse).
    public static let findings: Int32 = 1
    /// 2: usage or I/O error (missing path, unreadable file, bad configuration).
    public static let usageOrIO: Int32 = 2

    static func usage(_ message: String) -> CommandOutcome {
        CommandOutcome(standardError: "l10n: \(message)\n", exitCode: usageOrIO)
    }
}

/// The library side of each `l10n` subcommand.
public enum L10nCommands {
    /// The rules that compare a translation with its base text.
    /// The lint's findings with the source check's: less those about keys `--fix` removed, and about keys and tables whose
    /// base text is in the code rather than the catalog (the check compared those with the code's default values).
    static func addingSourceCheck(_ outcome: SourceCheckOutcome, to linted: LintResult) -> LintResult {
        var result = linted
        // Code names a table, not the bundle it reads it from: the code ↔ catalog rules see each bundle's table merged
        // into the one of its name.
        func codeKey(_ finding: Finding, _ key: String) -> TableKey { TableKey(table: Catalog.fileTableName(finding.table), key: key) }
        result.findings.removeAll { finding in finding.key.map { outcome.removedKeys.contains(codeKey(finding, $0)) } ?? false }
        // Nor is a key the check calls unused one to translate, or to correct: its `unused-key` says to delete it (UTM:
        // 1,629 of 5,770 `missing-key` warnings asked for translations of keys no code reads; 28 punctuation and
        // whitespace warnings for such keys beside them, the re-check of 2026-12-07). A format error is still one.
        let unused = Set(outcome.findings.filter { $0.rule == .unusedKey }.compactMap { finding in finding.key.map { codeKey(finding, $0) } })
        if !unused.isEmpty {
            result.findings.removeAll { finding in
                guard [.missingKey, .untranslated, .emptyValue, .whitespaceMismatch, .punctuationMismatch].contains(finding.rule),
                      let key = finding.key else { return false }
                return unused.contains(codeKey(finding, key))
            }
        }
        // A String Catalog entry Xcode marked stale at its last build: gone from the code, its unused-key says to delete
        // it, once; still read, the code's place is named, and it is not to be removed (XcodesApp's "Universal", read by
        // `localizeString("Universal")`, was told "if no code reads it any more, remove it").
        result.findings = result.findings.compactMap { finding in
            // A translation's key the base lacks but the code reads (OwnTracks' de "Open" for `NSLocalizedString("Open", …)`)
            // is the base's gap, not a key to remove: 44 of its 49 extra-key findings said "remove it".
            if finding.rule == .extraKey, let key = finding.key, let place = outcome.readAt[key] {
                var told = finding
                told.message = "\"\(key)\" is not in the base locale's \(finding.table) table, but the code at \(place) reads it: add it to the base (its text there is what base-language users see), do not remove it here"
                return told
            }
            // Passed to a function of the app the scan cannot follow (codeapp's `SideBarButton("Initialize Repository")`,
            // which stores it and shows `Text(NSLocalizedString(title, …))`): 18 such translations were "remove it".
            if finding.rule == .extraKey, let key = finding.key, let place = outcome.passedAt[key] {
                var told = finding
                told.message = "\"\(key)\" is not in the base locale's \(finding.table) table, but the code at \(place) passes this text on, and may localize it where the scan cannot follow: if it does, add it to the base; remove it here only if not"
                return told
            }
            guard finding.rule == .staleEntry, let key = finding.key else { return finding }
            if unused.contains(codeKey(finding, key)) { return nil }
            // (A translation's own `state: stale` asks for a review, whoever reads the key.)
            guard finding.message.contains("(extractionState: stale)"), let place = outcome.readAt[key] else { return finding }
            var told = finding
            told.message = "\"\(key)\" is stale in \(finding.table) (extractionState: stale), but the code at \(place) reads it: build the target that reads it so Xcode marks it again; do not remove it"
            return told
        }
        // A key whose base text is the code's default value is not extra; nor, where the code gives a table's base text,
        // is the table's base file without text something to report (the check looked at its keys).
        result.findings.removeAll { finding in
            guard finding.rule == .extraKey else { return false }
            guard let key = finding.key else { return outcome.codeBaseTables.contains(Catalog.fileTableName(finding.table)) }
            return outcome.codeBaseKeys.contains(codeKey(finding, key))
        }
        // Nor was such a key's translation compared with its base text: with no base entry, the key was taken for the text
        // (KeePassium's "[Database/Load/Error] Incorrect database format", whose English in code is "Incorrect database
        // format: %@."): 79 format-mismatch errors and 270 whitespace and punctuation warnings, each against the wrong
        // text. The source check compares them with the code's default value.
        result.findings.removeAll { finding in
            guard comparesWithBaseText.contains(finding.rule), let key = finding.key else { return false }
            return outcome.codeBaseKeys.contains(codeKey(finding, key))
        }
        result.findings = (result.findings + outcome.findings).sorted(by: Finding.reportOrder)
        return result
    }

    /// Whitespace, punctuation and `untranslated` of the translations of keys whose base text is the code's default value
    /// (KeePassium: the English is only in `NSLocalizedString(_:value:comment:)`): the catalogs linted again with those
    /// values as the base's entries, and these rules' findings about those keys taken. The source check compares their
    /// format specifiers itself (with the call's place in its message).
    static func codeBaseComparisons(_ texts: [TableKey: String], catalog: Catalog, linter: Linter) -> [Finding] {
        guard !texts.isEmpty, let base = try? linter.baseLocale(of: catalog) else { return [] }
        var completed = catalog.mergingBundles()
        let tableBases = Linter.tableBases(of: completed, base: base)
        var added: Set<TableKey> = []
        for (tableKey, text) in texts.sorted(by: { ($0.key.table, $0.key.key) < ($1.key.table, $1.key.key) }) {
            let tableBase = tableBases[tableKey.table] ?? base
            guard completed.table(tableKey.table, locale: tableBase)?.entries[tableKey.key] == nil else { continue }
            // At a file of the table (a finding said once for the key is at its base entry): the base's, else a translation's.
            let file = completed.table(tableKey.table, locale: tableBase)?.files.first
                ?? completed.tables.values.filter { $0.name == tableKey.table }.compactMap(\.files.first).min() ?? tableKey.table
            completed.insert(CatalogEntry(key: tableKey.key, value: .text(text), comment: nil, location: CatalogLocation(file: file, position: nil)),
                             table: tableKey.table, locale: tableBase)
            added.insert(tableKey)
        }
        guard !added.isEmpty, let relinted = try? linter.lint(completed) else { return [] }
        let rules: Set<Rule> = [.whitespaceMismatch, .punctuationMismatch, .untranslated]
        return relinted.findings.filter { finding in
            // At the base: a key left as it is in (nearly) every translation, said once.
            guard rules.contains(finding.rule), let key = finding.key,
                  finding.rule == .untranslated || finding.locale != (tableBases[finding.table] ?? base) else { return false }
            return added.contains(TableKey(table: Catalog.fileTableName(finding.table), key: key))
        }
    }

    static let comparesWithBaseText: Set<Rule> = [.formatMismatch, .whitespaceMismatch, .punctuationMismatch, .untranslated]

    public static let defaultPath = "Localization"

    // MARK: lint

    public struct LintOptions: Sendable {
        public var paths: [String]
        public var format: ReportFormat
        public var configPath: String?
        public var strict: Bool
        public var colour: Bool
        /// Identifiers features contribute (the composition root passes them in).
        public var identifiers: InternalIdentifiers
        /// The `l10n` process exits right after a lint: it sets this to skip freeing the loaded catalog
        /// (tens of thousands of entries take ~10% of a large lint to free). Library callers leave it false.
        public var keepsCatalogUntilExit = false
        /// Rules over Swift sources run with the catalog's (`l10n lint --sources`); nil: catalogs only.
        public var sourceCheck: SourceCheck?
        /// `--summary`: the per-locale and per-rule summary, no findings listed (text).
        public var summaryOnly = false
        /// `--max-findings N`: list at most N findings in text and xcode output.
        public var maxFindings: Int?
        /// `--baseline FILE`: report and fail only on findings not in it.
        public var baselinePath: String?
        /// `--write-baseline FILE`: record every finding of this run as the baseline.
        public var writeBaselinePath: String?

        public init(paths: [String] = [], format: ReportFormat = .text, configPath: String? = nil, strict: Bool = false,
                    colour: Bool = false, identifiers: InternalIdentifiers = InternalIdentifiers(), summaryOnly: Bool = false,
                    maxFindings: Int? = nil, baselinePath: String? = nil, writeBaselinePath: String? = nil) {
            self.summaryOnly = summaryOnly
            self.maxFindings = maxFindings
            self.baselinePath = baselinePath
            self.writeBaselinePath = writeBaselinePath
            self.paths = paths
            self.format = format
            self.configPath = configPath
            self.strict = strict
            self.colour = colour
            self.identifiers = identifiers
        }
    }

    /// The catalogs to read when the command names none: `Localization` where it holds catalogs of its own (this
    /// repository's layout: `Localization/<locale>.lproj`), else every catalog file under the current folder (an app's
    /// `.lproj` folders wherever its targets keep them; Mastodon's `Localization` holds only a converter's input), with
    /// notes saying what was found and what was left out. `configPaths` are where `l10n.json` is looked for.
    public static func defaultCatalogPaths(in root: String = ".") -> (paths: [String], configPaths: [String], notes: [String]) {
        let local = root == "." ? defaultPath : (root as NSString).appendingPathComponent(defaultPath)
        let localExists = FileManager.default.fileExists(atPath: local)
        let found = CatalogDiscovery.search(under: root)
        if localExists, CatalogDiscovery.holdsCatalogsAtTop(local) {
            // mac-mouse-fix keeps its Localizable.xcstrings in Localization/ and 13 more catalogs (Main, its xibs',
            // InfoPlist, the Markdown docs') elsewhere: a first run read 1 of 14 and said nothing of the others.
            let others = found.files.filter { !$0.hasPrefix(local + "/") && !$0.hasPrefix(defaultPath + "/") }
            guard !others.isEmpty else { return ([local], [local], []) }
            let all = root == "." ? "." : root
            return ([local], [local], ["reading \(defaultPath) alone; \(CatalogDiscovery.describe(others)) outside it are not read: `l10n lint \(all)` reads them all, or pass the folders to read"])
        }
        let unshipped = found.unshippedNote.map { [$0] } ?? []
        guard !found.files.isEmpty else { return ([local], [local], unshipped) }
        let why = localExists ? "\(defaultPath) holds no <locale>.lproj folder or String Catalog of its own" : "no \(defaultPath) folder here"
        return (found.files, [root] + found.files,
                ["\(why): reading \(CatalogDiscovery.describe(found.files)) (pass folders or files to choose)"] + unshipped)
    }

    /// The catalog files a lint reads for the paths it was given: a folder's as `CatalogDiscovery` finds them (so that
    /// a package's converter input is left out there too, with a note), a file as it is.
    public static func expandingFolders(_ paths: [String]) -> (files: [String], notes: [String]) {
        var files: [String] = []
        var notes: [String] = []
        for path in paths {
            // A catalog's name is read as that file (the loader reports one that is a folder); anything else is looked at.
            if path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") || path.hasSuffix(".xcstrings") {
                files.append(path)
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                files.append(path) // a file, or a missing path the loader reports
                continue
            }
            // `.` names its files from inside it (`Mlem/Localizable.xcstrings`), as `--sources .` names code files and a
            // run without a path names what it finds: one run printed `./Mlem/…` beside `Mlem/App/…` before.
            let found = CatalogDiscovery.search(under: path, maxDepth: 32, keepsRootPrefix: path != ".")
            files += found.files
            if let note = found.unshippedNote { notes.append(note) }
        }
        return (files, notes)
    }

    public static func lint(_ options: LintOptions) -> CommandOutcome {
        var paths = options.paths
        var configPaths = paths
        var discovery = ""
        if paths.isEmpty {
            let found = defaultCatalogPaths()
            (paths, configPaths) = (found.paths, found.configPaths)
            discovery = found.notes.map { "l10n: \($0)\n" }.joined()
            if found.paths == [defaultPath], !FileManager.default.fileExists(atPath: defaultPath) {
                return CommandOutcome(standardError: discovery + "l10n: no catalogs here: no \(defaultPath) folder, and no <locale>.lproj folder or .xcstrings file under this folder; run l10n in your app's folder, or pass the folder of your <locale>.lproj folders\n",
                                      exitCode: CommandOutcome.usageOrIO)
            }
        }
        // Folders are walked here, not by the loader, so that what no bundle ships is left out whichever way they came.
        let expanded = expandingFolders(paths)
        for note in expanded.notes where !discovery.contains(note) { discovery += "l10n: \(note)\n" }
        let configuration: LintConfiguration
        let configPath: String?
        do {
            (configuration, configPath) = try loadConfiguration(explicit: options.configPath, paths: configPaths)
        } catch {
            return .usage(error.description)
        }
        LaunchTrace.mark("lint: arguments and configuration")
        // The Xcode project near the catalogs is looked for while they load.
        let projects = XcodeProject.Found.inBackground(near: paths)
        var catalog: Catalog
        do {
            catalog = try Catalog.load(paths: expanded.files) // `loadCatalogNoting`, its folders walked above
        } catch {
            return .usage(error.description)
        }
        if catalog.files.isEmpty {
            return CommandOutcome(standardError: discovery + "l10n: \(paths.joined(separator: ", ")): no catalog files found; pass a folder of <locale>.lproj folders, or .strings, .stringsdict or .xcstrings files\n",
                                  exitCode: CommandOutcome.usageOrIO)
        }
        LaunchTrace.mark("lint: catalogs loaded")
        let identifiers = options.identifiers.adding(configuration)
        var linter = Linter(configuration: configuration, identifiers: identifiers, configurationPath: configPath)
        linter.keepsWorkUntilExit = options.keepsCatalogUntilExit
        // `<locale>.lproj` folders the app's Xcode project does not build are not the app's.
        if let base = try? linter.baseLocale(of: catalog) {
            let built = XcodeProject.keepingBuiltLocales(catalog, found: XcodeProject.Found.orNearCatalog(projects(), catalog, paths: paths), base: base)
            catalog = built.catalog
            discovery += built.note ?? ""
        }
        LaunchTrace.mark("lint: project's regions read")
        let baseline: Baseline?
        do {
            baseline = try options.baselinePath.map { path throws(BaselineError) in try Baseline.load(path: path) }
        } catch {
            return .usage(error.description)
        }
        if options.baselinePath != nil { LaunchTrace.mark("lint: baseline read") }
        var result: LintResult
        var notes = ""
        do {
            result = try linter.lint(catalog)
            if let check = options.sourceCheck {
                // Code names a table, not the bundle it reads it from: the code ↔ catalog rules (and `--fix`) see each
                // bundle's table merged into the one of its name, as before the loader told bundles apart.
                let context = SourceCheckContext(catalog: catalog.mergingBundles(), configuration: configuration, configurationPath: configPath,
                                                 baseLocale: try linter.baseLocale(of: catalog))
                let outcome = check(context)
                if let problem = outcome.usageError { return .usage(problem) }
                notes = outcome.notes
                // After --fix the catalogs are read and linted again, so the findings, entries and locale figures printed
                // are those of the files as they now are; should they no longer load, the run's own, said so.
                if !outcome.removedKeys.isEmpty {
                    if let fixed = try? Catalog.load(paths: expanded.files.filter { FileManager.default.fileExists(atPath: $0) }),
                       let base = try? linter.baseLocale(of: fixed) {
                        result = try linter.lint(XcodeProject.keepingBuiltLocales(fixed, found: XcodeProject.Found.orNearCatalog(projects(), fixed, paths: paths), base: base).catalog)
                    } else {
                        notes += "l10n: the summary counts the catalogs as they were before --fix removed \(outcome.removedKeys.count) key(s); run l10n lint again for the counts after\n"
                    }
                }
                result = Self.addingSourceCheck(outcome, to: result)
                result.findings = (result.findings + Self.codeBaseComparisons(outcome.codeBaseTexts, catalog: catalog, linter: linter))
                    .sorted(by: Finding.reportOrder)
            }
        } catch {
            return .usage(error.description)
        }
        LaunchTrace.mark("lint: checked")
        if options.keepsCatalogUntilExit { UntilExit.keep(catalog) }
        var standardError = ""
        if let path = options.writeBaselinePath {
            let recorded = Baseline(findings: result.allFindings)
            do {
                try recorded.write(to: path)
            } catch {
                return .usage(error.description)
            }
            let findings = result.allFindings.count
            let recordedWhat = recorded.entryCount == findings ? "\(LintSummary.grouped(findings)) finding(s)"
                : "\(LintSummary.grouped(findings)) finding(s) as \(LintSummary.grouped(recorded.entryCount)) entries (one that stands for several keys is recorded as each)"
            standardError += "l10n: wrote \(recordedWhat) to the baseline \(path); pass --baseline \(path) to fail only on new ones\n"
            // What was just recorded is the baseline of this run, so the run passes.
            result = recorded.apply(to: result, path: path)
        } else if let baseline, let path = options.baselinePath {
            if options.keepsCatalogUntilExit { UntilExit.keep(result) }
            result = baseline.apply(to: result, path: path)
        }
        if options.baselinePath != nil || options.writeBaselinePath != nil { LaunchTrace.mark("lint: baseline applied") }
        let reportOptions = ReportOptions(colour: options.colour, maxFindings: options.maxFindings, summaryOnly: options.summaryOnly)
        let output = Reporter.render(result, format: options.format, options: reportOptions)
        if options.format == .xcode, let limit = options.maxFindings {
            let omitted = Reporter.shown(result.findings, limit: limit).omitted
            if omitted > 0 { standardError += "l10n: " + Reporter.omittedLine(omitted, limit: limit) + "\n" }
        }
        if options.format == .sarif {
            let total = result.findings.count + (result.baseline?.baselined.count ?? 0)
            if total > Reporter.sarifResultLimit { standardError += "l10n: " + Reporter.sarifLimitNote(total: total, withBaseline: result.baseline != nil) + "\n" }
        }
        LaunchTrace.mark("lint: report rendered")
        if options.keepsCatalogUntilExit {
            UntilExit.keep(result)
            if let baseline { UntilExit.keep(baseline) }
        }
        let code: Int32 = if result.hasUnreadableFiles {
            CommandOutcome.usageOrIO
        } else if result.errors > 0 || (options.strict && result.warnings > 0) {
            CommandOutcome.findings
        } else {
            CommandOutcome.success
        }
        return CommandOutcome(standardOutput: output, standardError: discovery + notes + standardError, exitCode: code)
    }

    /// Core's one loader (the one the runtime's `BundledCatalogs` and the REPL use) over the files `expandingFolders`
    /// finds, so that what no bundle ships is left out.
    public static func loadCatalog(paths: [String]) throws(CatalogLoadError) -> Catalog {
        try loadCatalogNoting(paths: paths).catalog
    }

    /// `loadCatalog`, with what the folders' walk left out and why (`expandingFolders`' notes), for a command to print.
    /// `lint` walks the folders itself, earlier: it says what it read before it reads its configuration.
    public static func loadCatalogNoting(paths: [String]) throws(CatalogLoadError) -> (catalog: Catalog, notes: [String]) {
        let expanded = expandingFolders(paths)
        return (try Catalog.load(paths: expanded.files), expanded.notes)
    }

    /// `--config FILE`, else `l10n.json` beside the catalogs (in a folder PATH, or above a file's `.lproj`).
    public static func loadConfiguration(explicit: String?, paths: [String]) throws(ConfigurationError) -> (LintConfiguration, String?) {
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw ConfigurationError(path: explicit, problem: "no such file; pass the path of an l10n.json, or leave out --config")
            }
            return (try LintConfiguration.load(path: explicit), explicit)
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            var candidates: [String] = []
            if isDirectory.boolValue {
                candidates.append((path as NSString).appendingPathComponent(LintConfiguration.fileName))
            } else {
                let parent = PathText.parent(of: path)
                candidates.append((PathText.parent(of: parent) as NSString).appendingPathComponent(LintConfiguration.fileName))
                candidates.append((parent as NSString).appendingPathComponent(LintConfiguration.fileName))
            }
            for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
                return (try LintConfiguration.load(path: candidate), candidate)
            }
        }
        return (LintConfiguration(), nil)
    }

    // MARK: parse

    public enum ParseFormat: String, Sendable, CaseIterable {
        case json, text
    }

    /// Prints what Apple would read from one `.strings` file: a JSON object of the values, keys sorted.
    public static func parse(file path: String, format: ParseFormat) -> CommandOutcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .usage("\(path): no such file; pass the path of a .strings file")
        }
        guard !isDirectory.boolValue else {
            return .usage("\(path): is a folder; pass one .strings file (use `l10n lint \(path)` for a folder)")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Catalog.maximumFileSize {
            return .usage("\(path): file is \(size / (1024 * 1024)) MB, larger than the \(Catalog.maximumFileSize / (1024 * 1024)) MB a strings file may be; check that this is really a strings file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .usage("\(path): cannot be read; check that you may read it (e.g. chmod a+r)")
        }
        let file: StringsFile
        do {
            file = try StringsParser.parseAnyFormat(data)
        } catch {
            return CommandOutcome(standardError: "\(path):\(error.position.line):\(error.position.column): error: \(error.message); \(error.hint.lowercasedFirst) [\(Rule.syntaxError.rawValue)]\n",
                                  exitCode: CommandOutcome.findings)
        }
        let dictionary = file.dictionary
        switch format {
        case .json:
            return CommandOutcome(standardOutput: JSONText.object(dictionary.mapValues(JSONText.value)) + "\n", exitCode: 0)
        case .text:
            var out = ""
            for key in dictionary.keys.sorted() {
                guard let value = dictionary[key] else { continue }
                out += "\"\(StringsWriter.quoted(key))\" = \(plistText(value));\n"
            }
            return CommandOutcome(standardOutput: out, exitCode: 0)
        }
    }

    static func plistText(_ value: PlistValue) -> String {
        switch value {
        case .string(let text): "\"\(StringsWriter.quoted(text))\""
        case .array(let items): "(" + items.map(plistText).joined(separator: ", ") + ")"
        case .dictionary(let items): "{ " + items.keys.sorted().map { "\"\(StringsWriter.quoted($0))\" = \(plistText(items[$0]!));" }.joined(separator: " ") + " }"
        case .data(let data): "<" + data.map { String(format: "%02x", $0) }.joined() + ">"
        }
    }

    // MARK: export / import

    /// `contextNotes(catalog, base, target)` gives, per `Table/key`, the `<note from="context">` lines of a target's units.
    public static func exportXLIFF(paths: [String], to folder: String, configPath: String? = nil,
                                   identifiers: InternalIdentifiers = InternalIdentifiers(),
                                   contextNotes: (_ catalog: Catalog, _ base: String, _ target: String) -> [String: [String]] = { _, _, _ in [:] })
        -> CommandOutcome {
        let paths = paths.isEmpty ? [defaultPath] : paths
        let configuration: LintConfiguration
        do {
            configuration = try loadConfiguration(explicit: configPath, paths: paths).0
        } catch {
            return .usage(error.description)
        }
        var catalog: Catalog
        let notes: [String]
        do {
            (catalog, notes) = try loadCatalogNoting(paths: paths)
        } catch {
            return .usage(error.description)
        }
        // What no bundle ships is not sent to translators either: said so beside what was written.
        let leftOut = notes.map { "l10n: \($0)\n" }.joined()
        if let problem = catalog.problems.first {
            return CommandOutcome(standardError: leftOut + "l10n: \(problem); fix it before exporting (`l10n lint` lists every problem)\n",
                                  exitCode: problem.kind == .unreadable ? CommandOutcome.usageOrIO : CommandOutcome.findings)
        }
        let base: String
        do {
            base = try Linter(configuration: configuration).baseLocale(of: catalog)
        } catch {
            return .usage(error.description)
        }
        let root = paths.count == 1 && isFolder(paths[0]) ? paths[0] : FileManager.default.currentDirectoryPath
        let allIdentifiers = identifiers.adding(configuration)
        var written: [String] = []
        let targets = catalog.locales.filter { $0 != base && !$0.isEmpty && !Linter.isSpecialFolder($0) }
        if targets.isEmpty {
            return .usage("no target locales besides \(base) in \(paths.joined(separator: ", ")); add a <locale>.lproj folder to export for")
        }
        for target in targets {
            let files = XLIFF.files(from: catalog, base: base, target: target, root: root, identifiers: allIdentifiers,
                                    contexts: contextNotes(catalog, base, target))
            let path = (folder as NSString).appendingPathComponent("\(target).xliff")
            do {
                try XLIFF.write(XLIFF.document(files), to: path)
            } catch {
                return .usage(error.description)
            }
            written.append(path)
        }
        return CommandOutcome(standardOutput: written.map { "wrote \($0)\n" }.joined(), standardError: leftOut, exitCode: 0)
    }

    public static func importXLIFF(file path: String, into folder: String) -> CommandOutcome {
        guard FileManager.default.fileExists(atPath: path) else {
            return .usage("\(path): no such file; pass an .xliff file written by `l10n export --xliff` or Xcode")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .usage("\(path): cannot be read; check that you may read it (e.g. chmod a+r)")
        }
        do {
            let files = try XLIFF.parse(data, path: path)
            let written = try XLIFF.write(files, into: folder)
            return CommandOutcome(standardOutput: written.map { "wrote \($0)\n" }.joined(), exitCode: 0)
        } catch {
            return CommandOutcome(standardError: "l10n: \(error)\n", exitCode: CommandOutcome.findings)
        }
    }

    // MARK: format FILE.xcstrings

    /// Rewrites a String Catalog in Xcode's own layout and key order; a catalog already in it is not touched.
    public static func formatCatalog(file path: String) -> CommandOutcome {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .usage("\(path): cannot be read; pass an existing .xcstrings file")
        }
        guard let formatted = StringCatalogFile.formatted(data) else {
            return CommandOutcome(standardError: "l10n: \(path): not valid JSON, so not a String Catalog; check it with `python3 -m json.tool \(path)`\n",
                                  exitCode: CommandOutcome.findings)
        }
        guard formatted != data else { return CommandOutcome(exitCode: 0) }
        do {
            try formatted.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            return .usage("\(path): cannot be written (\((error as NSError).localizedDescription))")
        }
        return CommandOutcome(standardOutput: "formatted \(path)\n", exitCode: 0)
    }

    // MARK: pseudo

    public static func pseudo(style: PseudoStyle, baseFolder: String, output: String?) -> CommandOutcome {
        let folder = baseFolder.hasSuffix("/") ? String(baseFolder.dropLast()) : baseFolder
        let destination = output ?? (PathText.parent(of: folder) as NSString).appendingPathComponent("\(style.localeName).lproj")
        do {
            let written = try PseudoLocalizer.write(baseFolder: folder, style: style, outputFolder: destination)
            return CommandOutcome(standardOutput: written.map { "wrote \($0)\n" }.joined(), exitCode: 0)
        } catch {
            return .usage(error.description)
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Deterministic JSON for `l10n parse`: keys sorted by Unicode scalars, no escaped slashes.
enum JSONText {
    enum Value {
        case string(String), number(Int), bool(Bool), null, array([Value]), object([String: Value])
        /// A number written as given (e.g. "72.5"): the caller formats it.
        case raw(String)
    }

    static func value(_ plist: PlistValue) -> Value {
        switch plist {
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(value))
        case .dictionary(let items): .object(items.mapValues(value))
        case .data(let data): .string("<" + data.map { String(format: "%02x", $0) }.joined() + ">")
        }
    }

    static func object(_ members: [String: Value]) -> String {
        render(.object(members), indent: "")
    }

    static func render(_ value: Value, indent: String) -> String {
        let inner = indent + "  "
        switch value {
        case .string(let text):
            return quote(text)
        case .number(let number):
            return String(number)
        case .bool(let flag):
            return flag ? "true" : "false"
        case .raw(let number):
            return number
        case .null:
            return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            return "{\n" + keys.map { "\(inner)\(quote($0)): \(render(members[$0]!, indent: inner))" }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

/// Holds values that the process never frees (see `LintOptions.keepsCatalogUntilExit`): a command line tool that is
/// about to exit gains nothing from releasing a 100,000-entry catalog, its findings and its baseline string by string
/// (a tenth of a large lint), and the system takes the pages back at once.
final class UntilExit<Value: Sendable>: Sendable {
    let value: Value

    private init(_ value: Value) {
        self.value = value
    }

    static func keep(_ value: Value) {
        _ = Unmanaged.passRetained(UntilExit(value))
    }
}
