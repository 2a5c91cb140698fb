import Core
import LocalizationKit
import Foundation
public import StringsKit

/// The library side of `l10n usage` and of `l10n lint --sources` (the executable only prints the outcome).
public enum UsageCommands {
    public struct Options: Sendable {
        public var sources: [String]
        public var catalogPaths: [String]
        public var format: ReportFormat
        public var configPath: String?
        public var strict: Bool
        public var verbose: Bool
        public var fix: Bool
        /// With `fix`: delete the keys that look unused in tables the scan cannot vouch for too (`unverifiable-table`).
        public var force: Bool
        public var colour: Bool
        /// Report only these rules (the build-tool plugin asks for `key-not-in-catalog`); nil: all four.
        public var rules: Set<Rule>?
        /// Written (empty) when the run exits 0, so a build system can tell the check passed for these inputs.
        public var stampPath: String?
        /// `--print-config`: print what was inferred as `l10n.json` instead of the findings.
        public var printConfiguration = false

        public init(sources: [String], catalogPaths: [String] = [], format: ReportFormat = .text, configPath: String? = nil,
                    strict: Bool = false, verbose: Bool = false, fix: Bool = false, force: Bool = false, colour: Bool = false,
                    rules: Set<Rule>? = nil, stampPath: String? = nil) {
            self.force = force
            self.rules = rules
            self.stampPath = stampPath
            self.sources = sources
            self.catalogPaths = catalogPaths
            self.format = format
            self.configPath = configPath
            self.strict = strict
            self.verbose = verbose
            self.fix = fix
            self.colour = colour
        }
    }

    /// `--sources DIR…` takes every path up to the next option, so `l10n usage --sources Sources Localization` hands
    /// the catalogs to it: a folder that holds `<locale>.lproj` folders or `.xcstrings` files is taken as a catalog path
    /// too (and still scanned for Swift code), and a `.xcstrings`, `.strings` or `.stringsdict` file as a catalog only.
    public static func separatingCatalogFolders(_ sources: [String]) -> (sources: [String], catalogs: [String]) {
        var kept: [String] = []
        var catalogs: [String] = []
        for path in sources {
            // A catalog file named among them (`App/Resources/Localizable.xcstrings`) is a catalog.
            if ["xcstrings", "strings", "stringsdict"].contains(URL(fileURLWithPath: path).pathExtension) {
                catalogs.append(path)
                continue
            }
            let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            // A folder with `<locale>.lproj` folders or String Catalogs is a catalog folder, and still scanned for code:
            // an app target's folder holds its Swift files beside its `.lproj` folders (Xcode's layout; IceCubesApp's
            // and mastodon-ios's extensions), whose code went unscanned when the folder was taken for a catalog only.
            if children.contains(where: { $0.hasSuffix(".lproj") || $0.hasSuffix(".xcstrings") }) { catalogs.append(path) }
            kept.append(path)
        }
        return (kept, catalogs)
    }

    /// `l10n usage`: only the code ↔ catalog rules, then a count per table.
    public static func usage(_ options: Options) -> CommandOutcome {
        var options = options
        var namedFiles: [String] = []
        if options.catalogPaths.isEmpty {
            // Catalog files named among the sources are the catalogs. Folders are walked below, every one of them: a
            // folder holding `.lproj` folders at its top (a widget's) named the catalogs alone, and the package's
            // tables deeper in another folder went unread (mastodon-ios: 793 `key-not-in-catalog` for keys it has).
            let separated = separatingCatalogFolders(options.sources)
            options.sources = separated.sources
            namedFiles = separated.catalogs.filter { !separated.sources.contains($0) }.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        }
        guard !options.sources.isEmpty else {
            return usageError("pass the folders of your Swift code with --sources, e.g. l10n usage --sources Sources Localization")
        }
        var paths = options.catalogPaths
        var configPaths = paths
        var discovery = ""
        if paths.isEmpty {
            // No catalog named: the ones under the source folders (`--sources .` in an app's folder), else Localization.
            let searches = options.sources.map { CatalogDiscovery.search(under: $0) }
            let found = searches.flatMap(\.files) + namedFiles
            if found.isEmpty {
                paths = [L10nCommands.defaultPath]
            } else {
                paths = Array(Set(found)).sorted()
                configPaths = options.sources + paths
                discovery = "l10n: reading \(CatalogDiscovery.describe(paths)) found under --sources\n"
            }
            discovery += searches.compactMap(\.unshippedNote).map { "l10n: \($0)\n" }.joined()
            if configPaths.isEmpty { configPaths = paths }
        }
        let configuration: LintConfiguration
        let configPath: String?
        var catalog: Catalog
        let base: String
        do {
            (configuration, configPath) = try L10nCommands.loadConfiguration(explicit: options.configPath, paths: configPaths)
            // Folders walked as lint walks them: what no bundle ships is left out here too, and said so.
            let notes: [String]
            (catalog, notes) = try L10nCommands.loadCatalogNoting(paths: paths)
            for note in notes where !discovery.contains(note) { discovery += "l10n: \(note)\n" }
            base = try Linter(configuration: configuration).baseLocale(of: catalog)
        } catch let error as ConfigurationError {
            return usageError(error.description)
        } catch {
            return usageError("\(error)")
        }
        if catalog.files.isEmpty {
            return usageError("\(paths.joined(separator: ", ")): no catalog files found; pass a folder of <locale>.lproj folders, or catalog files")
        }
        // `<locale>.lproj` folders the app's Xcode project does not build are not the app's.
        let built = XcodeProject.keepingBuiltLocales(catalog, paths: paths, base: base)
        catalog = built.catalog
        discovery += built.note ?? ""
        // Code names a table, not the bundle it reads it from (see `Catalog.mergingBundles`).
        let context = SourceCheckContext(catalog: catalog.mergingBundles(), configuration: configuration, configurationPath: configPath, baseLocale: base)
        let run = check(context, sources: options.sources, fix: options.fix, force: options.force, verbose: options.verbose)
        if let problem = run.outcome.usageError { return usageError(problem) }
        if options.printConfiguration, let report = run.report {
            return CommandOutcome(standardOutput: inferredConfiguration(report), standardError: discovery, exitCode: CommandOutcome.success)
        }
        let findings = run.outcome.findings.filter { options.rules?.contains($0.rule) ?? true }
        let result = LintResult(findings: findings, files: run.report?.scan.filesScanned ?? 0, entries: catalog.entryCount)
        var output = Reporter.render(result, format: options.format, colour: options.colour)
        var notes = discovery + run.outcome.notes
        if let report = run.report {
            let table = tableSummary(report)
            if options.format == .text { output += table } else { notes += table }
        }
        let code: Int32 = result.errors > 0 || (options.strict && result.warnings > 0) ? CommandOutcome.findings : CommandOutcome.success
        if code == CommandOutcome.success, let stamp = options.stampPath {
            guard FileManager.default.createFile(atPath: stamp, contents: Data()) else {
                return usageError("\(stamp): cannot be written; check that its folder exists and that you may write there")
            }
        }
        return CommandOutcome(standardOutput: output, standardError: notes, exitCode: code)
    }

    /// What `l10n lint --sources DIR…` plugs into a lint run.
    public static func sourceCheck(sources: [String], fix: Bool = false, force: Bool = false, verbose: Bool = false) -> SourceCheck {
        { context in check(context, sources: sources, fix: fix, force: force, verbose: verbose).outcome }
    }

    /// `--undo`: puts back the files the newest `--fix` run in `directory` changed.
    public static func undo(in directory: String? = nil, force: Bool) -> CommandOutcome {
        let outcome = FixJournal.undo(root: directory ?? FileManager.default.currentDirectoryPath, force: force)
        if let problem = outcome.problem { return usageError(problem) }
        let text = outcome.lines.joined(separator: "\n") + "\n"
        return CommandOutcome(standardError: text, exitCode: outcome.kept == 0 ? CommandOutcome.success : CommandOutcome.findings)
    }

    static func check(_ context: SourceCheckContext, sources: [String], fix: Bool, force: Bool = false, verbose: Bool,
                      directory: String? = nil) -> (outcome: SourceCheckOutcome, report: UsageReport?) {
        let directory = directory ?? FileManager.default.currentDirectoryPath
        // Accessors SwiftGen generates at build time, as the project's swiftgen.yml describes them.
        var configuration = context.configuration
        let swiftGen = SwiftGenConfig.generatedEnums(directory: directory, sources: sources, configured: configuration.usage.generatedEnums)
        configuration.usage.generatedEnums += swiftGen.enums
        // Accessors the L10nAccessors plugin generates at build time, by the generator's own map ("accessors" in l10n.json).
        do {
            configuration.usage.generatedEnums += try GeneratedAccessorMaps.generatedEnums(configurationPath: context.configurationPath,
                                                                                           catalog: context.catalog, baseLocale: context.baseLocale)
        } catch {
            return (SourceCheckOutcome(usageError: error.description), nil)
        }
        let scan: SourceUsage
        do {
            scan = try SourceUsage.scan(paths: sources, configuration: configuration.usage)
        } catch {
            return (SourceCheckOutcome(usageError: error.description), nil)
        }
        if scan.filesScanned == 0 {
            return (SourceCheckOutcome(usageError: "\(sources.joined(separator: ", ")): no .swift or Objective-C files found; pass the folders that hold your code to --sources"), nil)
        }
        var report = UsageRules(configuration: configuration).check(scan, catalog: context.catalog, baseLocale: context.baseLocale)
        report.inferredGeneratedEnums = swiftGen.enums
        var notes = swiftGen.notes.map { $0 + "\n" }.joined()
        var removedKeys: Set<TableKey> = []
        if verbose {
            notes += "\(scan.references.count) key reference(s) and \(scan.dynamicKeys.count) dynamic key(s) in \(scan.filesScanned) source file(s)\n"
            for wrapper in scan.inferredWrappers {
                notes += "inferred wrapper: \(wrapper) (it passes its key to \(wrapper.via))\n"
            }
            for dynamic in scan.dynamicKeys {
                notes += "\(dynamic.location): dynamic key: \(dynamic.api)(\(dynamic.expression))\n"
            }
        }
        if verbose {
            for key in report.unverifiedKeys {
                notes += "looks unused in a table the scan cannot vouch for (not deleted without --force): \(key.table): \"\(key.key)\"\n"
            }
            for key in report.unreadKeys {
                notes += "looks unused in a table no scanned code reads (never deleted by --fix): \(key.table): \"\(key.key)\"\n"
            }
        }
        // A remote package's code is not in the folders scanned, and it may read the app's strings (XcodesApp's
        // XcodesKit reads "Downloading" from the main bundle): an unused key is then only unused by the app's own code.
        let nothingToDelete = report.unusedKeys.isEmpty && report.unverifiedKeys.isEmpty
        let unscannedPackages = nothingToDelete ? []
            : Self.unscannedPackages(XcodeProject.remotePackages(near: Self.catalogFolders(context.catalog), manifestsIn: [directory] + sources),
                                     sources: sources)
        // A git submodule's code is the app's too (ownCloud's ios-sdk), and unscanned when it is not checked out or lies
        // outside every --sources folder.
        let unscannedSubmodules = nothingToDelete ? [] : Self.unscannedSubmodules(near: [directory] + sources, sources: sources)
        let unscanned = unscannedPackages + unscannedSubmodules.map(\.path)
        var unscannedParts: [String] = []
        if !unscannedPackages.isEmpty {
            unscannedParts.append("\(unscannedPackages.count) remote package(s) were not scanned (\(unscannedPackages.joined(separator: ", "))), "
                + "and a package can read the app's strings (NSLocalizedString reads the main bundle by default); pass their checkouts to --sources "
                + "(Xcode keeps them in DerivedData/<project>/SourcePackages/checkouts, SwiftPM in .build/checkouts, CocoaPods in Pods, Carthage in Carthage/Checkouts) to count what they use")
        }
        if !unscannedSubmodules.isEmpty {
            let listed = unscannedSubmodules.map { "\($0.path)\($0.checkedOut ? "" : ", not checked out")" }
            unscannedParts.append("\(unscannedSubmodules.count) git submodule(s) were not scanned (\(listed.joined(separator: "; "))), "
                + "and their code can read the app's strings; "
                + (unscannedSubmodules.contains { !$0.checkedOut } ? "`git submodule update --init`, then pass their folders to --sources" : "pass their folders to --sources"))
        }
        let packagesNote = unscannedParts.joined(separator: "; ")
        // Each finding says so too, not only the note after them (MacDown: `JJ_PLURAL_FORM_RULE`, read by a CocoaPods
        // header's `#define kJJPluralFormRule NSLocalizedString(@"JJ_PLURAL_FORM_RULE", …)`, was told "delete it", and
        // `--fix --force` broke the word counter's plurals in 18 locales).
        if !unscanned.isEmpty {
            let named = unscanned.prefix(3).joined(separator: ", ") + (unscanned.count > 3 ? " and \(unscanned.count - 3) more" : "")
            for index in report.findings.indices where report.findings[index].rule == .unusedKey {
                report.findings[index].message = report.findings[index].message.replacingOccurrences(
                    of: "delete it from every locale (`--fix` does)",
                    with: "delete it from every locale if the code outside the scan (\(named)) does not read it either (a package's code or a pod header's macro can; --fix leaves it until that code is scanned, --fix --force deletes it)")
            }
        }
        if fix {
            if !unscanned.isEmpty, !force, !report.unusedKeys.isEmpty {
                // --force lifts both guards: say what else it would delete, so nobody reaches for it to get past this one alone.
                // Those are no unused-key findings (their table's unverifiable-table stands for them): --verbose lists them.
                let alsoUnverified = report.unverifiedKeys.isEmpty ? ""
                    : ", and with them the \(report.unverifiedKeys.count) key(s) of \(Set(report.unverifiedKeys.map(\.table)).sorted().joined(separator: ", ")) that only look unused (the scan cannot vouch for \(Set(report.unverifiedKeys.map(\.table)).count == 1 ? "that table" : "those tables"): see unverifiable-table; --verbose lists them)"
                // Not an invitation: on NetNewsWire and Cork, a `--force` taken for the way past this note deleted keys the
                // code reads in ways the scan did not see then; the user checks the list first.
                // Counted as --force would count them: less what the rest of the app's code reads (IceCubes: 31, not 356).
                var wouldDelete = report.unusedKeys
                if let kept = Self.keysReadOutsideSources(wouldDelete, context: context, configuration: configuration, sources: sources,
                                                               scannedFiles: scan.filesScanned, force: false) {
                    wouldDelete.removeAll { kept.keys.contains($0) }
                }
                notes += "--fix deleted nothing: \(packagesNote). --fix --force would delete the \(wouldDelete.count) key(s) that only the app's own code leaves unused "
                    + "(the unused-key findings listed here that do not say --fix leaves them)\(alsoUnverified): check that no code outside --sources, and nothing the scan cannot follow, reads them; --undo puts back what a --fix deleted\n"
                return (Self.outcome(report, scan: scan, notes: notes, removedKeys: []), report)
            }
            var doomed = report.unusedKeys + (force ? report.unverifiedKeys : [])
            // The rest of the app's code (IceCubes' local packages and its intents extension, DuckDuckGo's vendored
            // LetsMove): scanned too before anything goes, so a key read only there is kept. Asked for `--sources
            // IceCubesApp Packages/Account`, --fix deleted 356 keys, 325 of them read by the app's other packages.
            if !doomed.isEmpty, let kept = Self.keysReadOutsideSources(doomed, context: context, configuration: configuration,
                                                                        sources: sources, scannedFiles: scan.filesScanned, force: force) {
                doomed.removeAll { kept.keys.contains($0) }
                notes += kept.note
            }
            if !force, !report.unverifiedKeys.isEmpty {
                let tables = Set(report.unverifiedKeys.map(\.table)).sorted().joined(separator: ", ")
                notes += "--fix left \(report.unverifiedKeys.count) key(s) that look unused in \(tables) alone: the scan cannot vouch that the code does not read them (see unverifiable-table, or the unused-key findings that name a wrapper no scanned call enters or a key the code computes from something the scan cannot follow); --fix --force deletes them too\n"
            }
            if !report.unreadKeys.isEmpty {
                let tables = Set(report.unreadKeys.map(\.table))
                notes += "--fix left the \(report.unreadKeys.count) key(s) of \(tables.sorted().joined(separator: ", ")) alone, as it does with or without --force: no scanned code names any key of \(tables.count == 1 ? "that table" : "those tables"), so what reads \(tables.count == 1 ? "it" : "them") (a script, a template, another target) is nothing the scan saw (see unverifiable-table); if nothing does, delete \(tables.count == 1 ? "its" : "their") files\n"
            }
            if doomed.isEmpty {
                // Said, so a --fix that had nothing to do is not taken for one that did not run (MeetingBar).
                if report.unusedKeys.isEmpty, report.unreadKeys.isEmpty, force || report.unverifiedKeys.isEmpty { notes += "--fix deleted nothing: no key is unused\n" }
            } else {
                let recorder: FixJournal.Recorder
                do {
                    recorder = try FixJournal.Recorder(root: directory, command: "--fix of \(doomed.count) unused key(s)")
                } catch {
                    return (SourceCheckOutcome(usageError: "\(directory)/\(FixJournal.folderName): cannot be written, so --fix changes nothing (it keeps every original there for --undo): \(error.localizedDescription)"), report)
                }
                let removal = UnusedKeyRemoval.remove(doomed, from: context.catalog, journal: recorder)
                // Files that lost the same keys (a table's every locale) on one line: talk-ios printed its 28 keys for each
                // of 43 files.
                var filesByKeys: [[String]: [String]] = [:]
                for (file, keys) in removal.removed { filesByKeys[keys.sorted(), default: []].append(file) }
                for (keys, files) in filesByKeys.sorted(by: { $0.value.min()! < $1.value.min()! }) {
                    let named = files.sorted()
                    notes += "removed \(keys.count) unused key(s) from \(named.count == 1 ? named[0] : "each of \(named.count) files, \(named.joined(separator: ", "))"): "
                        // Escaped as a finding shows a key, so each list stays one line (WooCommerce's key with a line break).
                        + keys.map { "\"\(StringsWriter.quoted($0))\"" }.joined(separator: ", ") + "\n"
                }
                for line in removal.skipped { notes += "\(line)\n" }
                if let folder = recorder.finish() {
                    notes += "the originals are in \(folder); `l10n usage --undo` (in this folder) puts them back\n"
                }
                let fixed = Set(doomed)
                if removal.skipped.isEmpty {
                    report.findings.removeAll { $0.rule == .unusedKey && fixed.contains(TableKey(table: $0.table, key: $0.key ?? "")) }
                    removedKeys = fixed
                }
            }
        }
        if !fix, !unscanned.isEmpty { notes += "unused-key counts the app's own code only: \(packagesNote)\n" }
        return (Self.outcome(report, scan: scan, notes: notes, removedKeys: removedKeys), report)
    }

    /// What the lint it joins needs of a check, on every way out of it (a refused `--fix` too).
    static func outcome(_ report: UsageReport, scan: SourceUsage, notes: String, removedKeys: Set<TableKey>) -> SourceCheckOutcome {
        var outcome = SourceCheckOutcome(findings: report.findings, notes: notes, removedKeys: removedKeys,
                                         codeBaseKeys: report.codeBaseKeys, codeBaseTables: report.codeBaseTables,
                                         codeBaseTexts: report.codeBaseTexts)
        for reference in scan.references {
            guard case let .literal(key) = reference.key, outcome.readAt[key] == nil else { continue }
            outcome.readAt[key] = "\(reference.location)"
        }
        outcome.passedAt = scan.literalArgumentsAt
        return outcome
    }

    /// Of `doomed`, the keys that code of the app outside `sources` reads (or that the wider scan cannot vouch for):
    /// the folders of the app's Xcode projects and packages (`XcodeProject.projectRoots`) scanned with `sources`. Nil
    /// when no such folder lies outside `sources`, or it holds no code of its own; a wider scan that fails keeps
    /// everything.
    /// `scannedFiles`: the code files the scan of `sources` read, counted as the wider scan counts them.
    static func keysReadOutsideSources(_ doomed: [TableKey], context: SourceCheckContext, configuration: LintConfiguration,
                                       sources: [String], scannedFiles: Int, force: Bool) -> (keys: Set<TableKey>, note: String)? {
        let scanned = sources.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let here = FileManager.default.currentDirectoryPath
        // Said and scanned relative to the current folder when under it, as --sources folders usually are.
        let roots = XcodeProject.projectRoots(near: catalogFolders(context.catalog)).filter { root in
            !scanned.contains { root == $0 || root.hasPrefix($0 == "/" ? "/" : $0 + "/") }
        }.map { root in
            root == here ? "." : root.hasPrefix(here + "/") ? String(root.dropFirst(here.count + 1)) : root
        }
        guard !roots.isEmpty else { return nil }
        let wide: SourceUsage
        do {
            wide = try SourceUsage.scan(paths: sources + roots, configuration: configuration.usage)
        } catch {
            return (Set(doomed), "--fix deleted nothing: the rest of the app's code (\(roots.joined(separator: ", "))) could not be scanned (\(error.description)), so no key is known to be unused\n")
        }
        // No code beyond what was scanned (both counts are Swift and Objective-C files): nothing else can read a key.
        if wide.filesScanned <= scannedFiles { return nil }
        let report = UsageRules(configuration: configuration).check(wide, catalog: context.catalog, baseLocale: context.baseLocale)
        let stillUnused = Set(report.unusedKeys + (force ? report.unverifiedKeys : []))
        let kept = Set(doomed.filter { !stillUnused.contains($0) })
        let folders = roots.joined(separator: ", ")
        guard !kept.isEmpty else {
            return (kept, "--fix also scanned the rest of the app's code (\(folders): \(wide.filesScanned) source file(s) with --sources); none of it reads a key --fix deletes\n")
        }
        var examples: [String] = []
        for key in kept.sorted(by: { ($0.table, $0.key) < ($1.table, $1.key) }) where examples.count < 3 {
            let reference = wide.references.first { reference in
                if case let .literal(text) = reference.key { return text == key.key }
                return false
            }
            examples.append("\"\(key.key)\"" + (reference.map { " (\($0.location))" } ?? ""))
        }
        return (kept, "--fix kept \(kept.count) key(s) that look unused in --sources but that the rest of the app's code (\(folders)) reads, or may read, "
            + "e.g. \(examples.joined(separator: ", ")); pass those folders to --sources to check them as the app's own\n")
    }

    /// The folders of the catalog's `.lproj` folders (where an Xcode project is looked for).
    static func catalogFolders(_ catalog: Catalog) -> [String] {
        Array(Set(catalog.files.map { PathText.parent(of: $0) })).sorted()
    }

    /// The packages no `--sources` folder holds: one is scanned when a folder passed is its checkout (`…/XcodesKit`, or
    /// a folder inside `checkouts/XcodesKit`), or a `checkouts` folder that holds it.
    static func unscannedPackages(_ packages: [String], sources: [String]) -> [String] {
        let roots = sources.map { ($0 as NSString).standardizingPath }
        return packages.filter { package in
            let name = package.lowercased()
            return !roots.contains { root in
                let components = (root as NSString).pathComponents.map { $0.lowercased() }
                if components.last == name { return true }
                for folder in ["checkouts", "pods"] {
                    if let found = components.lastIndex(of: folder), found + 1 < components.count { return components[found + 1] == name }
                }
                if (components.last == "checkouts" || components.last == "pods")
                    && holdsFiles((root as NSString).appendingPathComponent(package)) { return true }
                // A source folder that holds the project's own Pods or Carthage checkouts (`--sources .`) scans them; an
                // empty folder of the package's name is no checkout (`git clone` leaves one for a submodule not fetched).
                return ["Pods", "Carthage/Checkouts"].contains { folder in
                    holdsFiles(((root as NSString).appendingPathComponent(folder) as NSString).appendingPathComponent(package))
                }
            }
        }
    }

    /// Whether the folder holds anything but hidden files.
    static func holdsFiles(_ folder: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { !$0.hasPrefix(".") }
    }

    /// The git submodules (`.gitmodules` in `folders` or up to four folders above them, below the repository's top) that
    /// no `--sources` folder holds, or that hold no file (not checked out), each by its path as given or found.
    static func unscannedSubmodules(near folders: [String], sources: [String]) -> [(path: String, checkedOut: Bool)] {
        let fileManager = FileManager.default
        var manifests = Set<String>()
        for folder in folders {
            var current = (folder as NSString).standardizingPath
            if !current.hasPrefix("/") { current = (fileManager.currentDirectoryPath as NSString).appendingPathComponent(current) }
            current = (current as NSString).standardizingPath
            for _ in 0..<5 {
                let manifest = (current as NSString).appendingPathComponent(".gitmodules")
                if fileManager.fileExists(atPath: manifest) { manifests.insert(manifest) }
                // The repository's top: a submodule's own `.git` is a file, the top's a folder.
                if fileManager.fileExists(atPath: (current as NSString).appendingPathComponent(".git")) || current == "/" { break }
                current = PathText.parent(of: current)
            }
        }
        let roots = sources.map { source -> String in
            let path = source.hasPrefix("/") ? source : (fileManager.currentDirectoryPath as NSString).appendingPathComponent(source)
            return (path as NSString).standardizingPath
        }
        var unscanned: [(path: String, checkedOut: Bool)] = []
        for manifest in manifests.sorted() {
            guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else { continue }
            let top = PathText.parent(of: manifest)
            for line in text.split(whereSeparator: \.isNewline) {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0] == "path", !parts[1].isEmpty else { continue }
                let path = ((top as NSString).appendingPathComponent(parts[1]) as NSString).standardizingPath
                let checkedOut = holdsFiles(path)
                let scanned = roots.contains { root in path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
                if !checkedOut || !scanned { unscanned.append((parts[1], checkedOut)) }
            }
        }
        return unscanned
    }

    /// What the scan inferred, as an `l10n.json` a team can review and keep: the wrappers found by following data and
    /// each table's conventions. (String members such as `"Cancel".localized` are inferred on every run; the
    /// configuration has no field for them.)
    static func inferredConfiguration(_ report: UsageReport) -> String {
        func quoted(_ text: String) -> String {
            let data = try? JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed)
            return data.flatMap { String(data: $0, encoding: .utf8) } ?? "\"\(text)\""
        }
        func slot(_ slot: ArgumentSlot) -> String { slot.label.map(quoted) ?? String(slot.unlabeledIndex) }
        var wrappers: [String] = []
        var members: [String] = []
        for wrapper in report.scan.inferredWrappers {
            guard let key = wrapper.key else {
                members.append("\".\(wrapper.name)\"")
                continue
            }
            var fields = ["\"function\": \(quoted(wrapper.name))", "\"key\": \(slot(key))"]
            switch wrapper.table {
            case .none: break
            case let .literal(name): fields.append("\"defaultTable\": \(quoted(name))")
            case let .argument(tableSlot): fields.append("\"table\": \(slot(tableSlot))")
            // A table computed in the wrapper has no setting: the scan looks its keys up in every table.
            case .computed: break
            }
            wrappers.append("      {" + fields.joined(separator: ", ") + "}")
        }
        var tables: [String] = []
        let names = Set(report.conventions.keysAsText).union(report.conventions.placeholders.keys).sorted()
        for name in names {
            var fields: [String] = []
            if report.conventions.keysAsText.contains(name) { fields.append("\"keysAsText\": true") }
            if let style = report.conventions.placeholders[name] { fields.append("\"placeholders\": \(quoted(style.rawValue))") }
            tables.append("    \(quoted(name)): {" + fields.joined(separator: ", ") + "}")
        }
        var comment = "inferred by l10n usage from \(report.scan.filesScanned) source file(s): \(wrappers.count) wrapper(s), \(report.scan.accessors) generated accessor(s) mapped to keys"
        if !members.isEmpty { comment += "; String members \(members.joined(separator: ", ")) are wrappers too (found on every run, no field needed)" }
        var lines = ["{", "  \"$comment\": \(quoted(comment)),"]
        if !tables.isEmpty { lines += ["  \"tables\": {", tables.joined(separator: ",\n"), "  },"] }
        let generated = report.inferredGeneratedEnums.map { generated in
            "      {\"root\": \(quoted(generated.root)), \"style\": \(quoted(generated.style.rawValue)), \"table\": \(quoted(generated.table))}"
        }
        lines += ["  \"usage\": {", "    \"wrappers\": [", wrappers.joined(separator: ",\n"), generated.isEmpty ? "    ]" : "    ],"]
        if !generated.isEmpty { lines += ["    \"generatedEnums\": [", generated.joined(separator: ",\n"), "    ]"] }
        lines += ["  }", "}"]
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    /// One line per table: keys, used, used through a dynamic prefix, unused, and references with missing keys.
    static func tableSummary(_ report: UsageReport) -> String {
        // As wide as the longest name (helpers' field test of 2026-12-08: "StringsProvider/Localizabl" was cut at 24).
        let width = max(24, (report.tables.map(\.table.count).max() ?? 0) + 1)
        var lines = ["table".padding(toLength: width, withPad: " ", startingAt: 0) + "  keys   used  dynamic  unused  references  missing"]
        for table in report.tables {
            lines.append(table.table.padding(toLength: width, withPad: " ", startingAt: 0)
                + [table.keys, table.used, table.dynamicallyUsed, table.unused, table.references, table.missing]
                .enumerated().map { index, value in String(value).leftPadded(to: [6, 7, 9, 8, 12, 9][index]) }.joined()
                + (table.readBy.map { "  (read by \($0), not by code: its keys are not checked for use)" } ?? "")
                + (table.unverified > 0 ? "  (\(table.unverified) more look unused, but the scan cannot vouch for them: see unverifiable-table, or their unused-key findings)" : ""))
        }
        lines.append("\(report.scan.references.count) reference(s), \(report.scan.dynamicKeys.count) dynamic key(s) (--verbose lists them) in \(report.scan.filesScanned) source file(s)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func usageError(_ message: String) -> CommandOutcome {
        CommandOutcome(standardError: "l10n: \(message)\n", exitCode: CommandOutcome.usageOrIO)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
