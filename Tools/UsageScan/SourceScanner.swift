import Foundation
public import StringsKit
import SwiftParser
import SwiftSyntax
import Core
import LocalizationKit

/// Why sources cannot be scanned: a usage error (exit 2) naming the path and what to do.
public struct SourceScanError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public var description: String { "\(path): \(problem)" }
}

/// Every key reference under some source folders, with the constants their table arguments may name.
public struct SourceUsage: Sendable {
    public var references: [KeyReference]
    public var dynamicKeys: [DynamicKeyReference]
    /// String constants by qualified name (`CoreCopy.table` → `Core`).
    public var constants: [String: String]
    public var filesScanned: Int
    public var bytesScanned: Int
    /// The wrappers found by following data (`func localized(_ key: String)` → `NSLocalizedString(key, …)`).
    public var inferredWrappers: [InferredWrapper] = []
    /// Wrappers no scanned code gives a key it can read (`Inference.enteredFromOutside`): any key of their tables may be
    /// read, so `--fix` deletes none there without `--force`.
    public var wrappersEnteredFromOutside: [OutsideWrapper] = []
    /// Static members of generated accessor namespaces mapped to keys (`L10n.about` → "about").
    public var accessors = 0
    /// Plain string literals the code holds outside the calls it localizes through (an unknown view's title, a model's
    /// field, a file the scanner did not parse, Objective-C): a key among them is never called unused.
    public var literalsSeen: Set<String> = []
    /// Where a call of the app's first passes each literal argument it holds, and to what (`App/SideBarButton.swift:21:9
    /// (SideBarButton(…))`): for a finding that would otherwise tell to remove a translation of that text.
    public var literalArgumentsAt: [String: String] = [:]
    /// How many `.xib` and `.storyboard` files under the sources gave their texts to `literalsSeen`.
    public var interfaceFilesRead = 0
    /// Tables an Interface Builder file reads by name, with the file: an `NSPredicateEditor`'s
    /// `formattingStringsFilename="Predicates"` (vienna-rss), whose keys no code names.
    public var tablesReadByInterfaceFiles: [String: String] = [:]
    /// Starts of strings the code builds (`"eq.preset." + name`, `"alert.\(name).title"`), wherever they stand: a key
    /// with one of them is never called unused.
    public var keyPrefixesSeen: Set<String> = []
    /// The literal texts of formats that build keys (`"routing_attr_%@_name"` → `routing_attr_`, `_name`): a key of
    /// that shape is never unused.
    public var keyShapesSeen: Set<[String]> = []
    /// Members the code declares in extensions of generated types, by type (`FileUsage.declaredMembers`).
    public var declaredMembers: [String: Set<String>] = [:]
    /// Xcode's generated symbols the code names (`FileUsage.symbolNames`): a key with that name is never called unused.
    public var symbolNamesSeen: Set<String> = []
    /// Tables kept outside every `.lproj` folder under the sources, by name: their keys (see `sourceFiles`).
    public var unlocalizedTables: [String: Set<String>] = [:]

    public init(references: [KeyReference] = [], dynamicKeys: [DynamicKeyReference] = [], constants: [String: String] = [:],
                filesScanned: Int = 0, bytesScanned: Int = 0) {
        self.references = references
        self.dynamicKeys = dynamicKeys
        self.constants = constants
        self.filesScanned = filesScanned
        self.bytesScanned = bytesScanned
    }

    /// Reads and parses every `.swift` file under `paths` (folders or files) on all cores. Hidden folders, `.build`
    /// and paths containing one of `configuration.exclude` are skipped.
    public static func scan(paths: [String], configuration: UsageConfiguration) throws(SourceScanError) -> SourceUsage {
        let sourceFiles = try Self.sourceFiles(under: paths, excluding: configuration.exclude)
        let files = sourceFiles.swift
        let results = Locked<[FileUsage]>([])
        let deferred = Locked<[(file: String, data: Data)]>([])
        let bytes = Locked(0)
        let needles = Self.needles(for: configuration)
        // Interleaved slices: neighbouring files are often alike in size, so each worker gets a fair share.
        let workers = min(files.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let prefixes = Locked(Set<String>())
        let shapes = Locked(Set<[String]>())
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [FileUsage] = []
            var skipped: [(file: String, data: Data)] = []
            var starts = Set<String>()
            defer { prefixes.withLock { $0.formUnion(starts) } }
            for index in stride(from: worker, to: files.count, by: workers) {
                guard let data = FileManager.default.contents(atPath: files[index]) else { continue }
                bytes.withLock { $0 += data.count }
                // `"eq.preset." + name`, `"alert.\(name).title"`, `String(format: "lang_%@", code)` anywhere: keys the
                // code may build.
                if data.range(of: Data("\\(".utf8)) != nil || data.range(of: Data("\" +".utf8)) != nil || data.range(of: Data("format".utf8)) != nil {
                    let held = StringLiterals.scan(data)
                    starts.formUnion(held.prefixes)
                    if !held.shapes.isEmpty { shapes.withLock { $0.formUnion(held.shapes) } }
                }
                // A file with none of the words every reference needs is not parsed (most of an app's files).
                guard needles.contains(where: { data.range(of: $0) != nil }) else {
                    skipped.append((files[index], data))
                    continue
                }
                mine.append(scan(source: String(decoding: data, as: UTF8.self), file: files[index], configuration: configuration))
            }
            results.withLock { $0 += mine }
            deferred.withLock { $0 += skipped }
        }
        var usages = results.withLock { $0 }
        var rest = deferred.withLock { $0 }
        // `@_exported import SwiftUI` in one file imports SwiftUI into every file of the module (Monal's
        // `SwiftuiHelpers.swift`; most of its views import nothing, and their `Text("…")` were no keys: about 97 texts
        // missing from the catalog went unsaid). Taken for the whole scan: the files that do not import it are read again
        // with it, and those skipped for want of the word with their SwiftUI views' names.
        if usages.contains(where: { $0.reexportsSwiftUI }) {
            let imported: Set<String> = ["SwiftUI"]
            let viewNames = UsageRun.viewTitles.map { Data("\($0)(".utf8) } + [Data("navigationTitle(".utf8)]
            let again = usages.indices.filter { !usages[$0].importsSwiftUI }.map { ($0, usages[$0].file) }
            let reread = Locked<[Int: FileUsage]>([:])
            DispatchQueue.concurrentPerform(iterations: max(1, min(again.count, workers))) { worker in
                for position in stride(from: worker, to: again.count, by: max(1, min(again.count, workers))) {
                    let (index, file) = again[position]
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    let usage = scan(source: String(decoding: data, as: UTF8.self), file: file, configuration: configuration, moduleImports: imported)
                    reread.withLock { $0[index] = usage }
                }
            }
            for (index, usage) in reread.withLock({ $0 }) { usages[index] = usage }
            let chosen = rest.indices.filter { index in viewNames.contains { rest[index].data.range(of: $0) != nil } }
            let pending = rest
            let more = Locked<[FileUsage]>([])
            DispatchQueue.concurrentPerform(iterations: max(1, min(chosen.count, workers))) { worker in
                for position in stride(from: worker, to: chosen.count, by: max(1, min(chosen.count, workers))) {
                    let file = pending[chosen[position]]
                    let usage = scan(source: String(decoding: file.data, as: UTF8.self), file: file.file, configuration: configuration, moduleImports: imported)
                    more.withLock { $0.append(usage) }
                }
            }
            usages += more.withLock { $0 }
            let taken = Set(chosen)
            rest = rest.indices.filter { !taken.contains($0) }.map { rest[$0] }
        }
        // Further passes: files skipped above that call one of the app's own localized parameters (`PlaceholderView(`),
        // a wrapper inferred so far (`localized(`, `.localized`), or a generated accessor's root (`L10n.`); each pass
        // may find more wrappers (a function that passes its parameter on), so repeat while it does.
        var inference = Inference(usages: usages, configuration: configuration)
        for _ in 0..<4 where !rest.isEmpty {
            let needles = inference.needles
            guard !needles.isEmpty else { break }
            let pending = rest
            let chosen = pending.indices.filter { index in needles.contains { pending[index].data.range(of: $0) != nil } }
            guard !chosen.isEmpty else { break }
            let more = Locked<[FileUsage]>([])
            DispatchQueue.concurrentPerform(iterations: min(chosen.count, workers)) { worker in
                var mine: [FileUsage] = []
                for position in stride(from: worker, to: chosen.count, by: min(chosen.count, workers)) {
                    let file = pending[chosen[position]]
                    mine.append(scan(source: String(decoding: file.data, as: UTF8.self), file: file.file, configuration: configuration))
                }
                more.withLock { $0 += mine }
            }
            usages += more.withLock { $0 }
            let taken = Set(chosen)
            rest = rest.indices.filter { !taken.contains($0) }.map { rest[$0] }
            inference = Inference(usages: usages, configuration: configuration)
        }
        // The literals of the Swift files no pass parsed.
        let seen = Locked(Set<String>())
        let skipped = rest
        DispatchQueue.concurrentPerform(iterations: min(skipped.count, max(1, workers))) { worker in
            var literals = Set<String>()
            for index in stride(from: worker, to: skipped.count, by: min(skipped.count, max(1, workers))) {
                literals.formUnion(StringLiterals.all(in: skipped[index].data))
            }
            seen.withLock { $0.formUnion(literals) }
        }
        // Objective-C of a mixed-language app: its keys count as used (never as missing).
        let objectiveC = Locked<[KeyReference]>([])
        let objectiveCDynamic = Locked<[DynamicKeyReference]>([])
        let objectiveCFiles = sourceFiles.objectiveC
        let objectiveCWorkers = min(objectiveCFiles.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        DispatchQueue.concurrentPerform(iterations: objectiveCWorkers) { worker in
            var mine: [KeyReference] = []
            var literals = Set<String>()
            for index in stride(from: worker, to: objectiveCFiles.count, by: objectiveCWorkers) {
                guard let data = FileManager.default.contents(atPath: objectiveCFiles[index]) else { continue }
                bytes.withLock { $0 += data.count }
                let held = StringLiterals.scan(data)
                literals.formUnion(held.literals)
                if !held.prefixes.isEmpty { prefixes.withLock { $0.formUnion(held.prefixes) } }
                if !held.shapes.isEmpty { shapes.withLock { $0.formUnion(held.shapes) } }
                guard data.range(of: Data("ocalized".utf8)) != nil || data.range(of: Data("L10n".utf8)) != nil else { continue }
                let scanned = ObjectiveCScanner.scan(data, file: objectiveCFiles[index])
                mine += scanned.references
                if !scanned.prefixes.isEmpty { prefixes.withLock { $0.formUnion(scanned.prefixes) } }
                if !scanned.dynamicKeys.isEmpty { objectiveCDynamic.withLock { $0 += scanned.dynamicKeys } }
            }
            objectiveC.withLock { $0 += mine }
            seen.withLock { $0.formUnion(literals) }
        }
        // Interface Builder files: a text of one is a key the app may look up. Sequel-Ace's build turns each xib's
        // English texts into its translations through Localizable.strings (Wil Shipley's xibLocalizationPostprocessor),
        // so "Create Role" is read though no code names it; `--fix` deleted 19 such keys from every locale.
        let interfaceFiles = sourceFiles.interface
        let namedTables = Locked<[String: String]>([:])
        DispatchQueue.concurrentPerform(iterations: interfaceFiles.count) { index in
            guard let data = FileManager.default.contents(atPath: interfaceFiles[index]) else { return }
            let texts = InterfaceTexts.all(in: data)
            let tables = InterfaceTexts.tablesNamed(in: data)
            bytes.withLock { $0 += data.count }
            seen.withLock { $0.formUnion(texts) }
            if !tables.isEmpty {
                let file = interfaceFiles[index]
                namedTables.withLock { named in for table in tables where named[table] == nil || file < named[table]! { named[table] = file } }
            }
        }
        // Property lists: a string value of one may be a key the system looks up in the app's own table
        // (Cryptomator's File Provider extension names its actions "Retry Upload" and "Clear from Cache" in its
        // Info.plist, and the system finds their text in the extension's Localizable.strings); `--fix --force` deleted both.
        // JSON data files likewise: pocket-casts keeps its "What's New" pages and paywall reviews in bundled JSON whose
        // texts are keys (`Bundle.main.localizedString(forKey: text, …)`); `--fix --force` deleted 17 such keys.
        let propertyLists = sourceFiles.propertyLists
        DispatchQueue.concurrentPerform(iterations: propertyLists.count) { index in
            guard let data = FileManager.default.contents(atPath: propertyLists[index]) else { return }
            let values = propertyLists[index].hasSuffix(".json") ? JSONValues.strings(in: data) : PropertyListValues.strings(in: data)
            bytes.withLock { $0 += data.count }
            seen.withLock { $0.formUnion(values) }
        }
        var found = SourceUsage(filesScanned: files.count + objectiveCFiles.count, bytesScanned: bytes.withLock { $0 })
        found.interfaceFilesRead = sourceFiles.interface.count
        found.tablesReadByInterfaceFiles = namedTables.withLock { $0 }
        found.references += objectiveC.withLock { $0 }
        found.dynamicKeys += objectiveCDynamic.withLock { $0 }.sorted { $0.location < $1.location }
        found.literalsSeen = seen.withLock { $0 }
        for usage in usages {
            found.literalsSeen.formUnion(usage.heldLiterals)
            found.symbolNamesSeen.formUnion(usage.symbolNames)
        }
        // An enum (or an extension of it, in another file) that looks a key up by its own value: its case names are keys.
        let keyedBySelf = usages.reduce(into: Set<String>()) { $0.formUnion($1.typesKeyedBySelf) }
        if !keyedBySelf.isEmpty {
            for usage in usages {
                for (type, cases) in usage.enumCaseNames where keyedBySelf.contains(type) { found.literalsSeen.formUnion(cases) }
            }
        }
        found.keyPrefixesSeen = prefixes.withLock { $0 }
        found.keyShapesSeen = shapes.withLock { $0 }
        // Literal arguments of calls that are neither a localized API nor a wrapper (`LuminareToggle("Haptic feedback")`,
        // `Color(key: "gray", value: "Gray")`).
        let configuredWrappers = Set(configuration.wrappers.map { $0.function.split(separator: ".").last.map(String.init) ?? $0.function })
        for usage in usages {
            for argument in usage.literalArguments {
                guard let callee = argument.parameter.split(separator: "|").first.map(String.init),
                      inference.wrappers[callee] == nil, !configuredWrappers.contains(callee) else { continue }
                switch argument.reference.key {
                case let .literal(text):
                    found.literalsSeen.insert(text)
                    if found.literalArgumentsAt[text] == nil, !callee.hasPrefix("(") {
                        found.literalArgumentsAt[text] = "\(argument.reference.location) (\(callee)(…))"
                    }
                // `.init("\(name) places windows…")` into a package's type: the key SwiftUI would derive.
                case let .interpolated(key): found.literalsSeen.insert(key.xcodeKey)
                case .generatedMember: break
                }
            }
        }
        found.inferredWrappers = inference.wrappers.values.sorted { ($0.name, $0.key == nil ? 1 : 0) < ($1.name, $1.key == nil ? 1 : 0) }
        for usage in usages {
            found.references += usage.references
            found.references += usage.literalArguments.filter { inference.localizedParameters.contains($0.parameter) }.map(\.reference)
            found.dynamicKeys += usage.dynamicKeys
            found.constants.merge(usage.constants) { first, _ in first }
            found.declaredMembers.merge(usage.declaredMembers) { first, second in first.union(second) }
        }
        // R.swift's accessors (`R.string.localizable.gotIt()`): generated at build time, so only the uses are here;
        // they are mapped to keys against the catalog (UsageRules).
        for usage in usages {
            for chain in usage.chains {
                guard let use = GeneratedNames.rswiftUse(chain.path) else { continue }
                found.references.append(KeyReference(location: chain.location, key: .generatedMember(root: use.root, path: use.member),
                                                     table: .unknown, api: use.root))
            }
        }
        let resolved = inference.resolve(usages, defaultTable: configuration.defaultTable)
        found.references += resolved.references
        found.dynamicKeys += resolved.dynamicKeys
        found.wrappersEnteredFromOutside = resolved.enteredFromOutside
        // `key.rawValue` of a parameter whose type is an enum of the app (reminders-menubar's
        // `func rmbLocalized(_ key: RemindersMenuBarLocalizedKeys, …)`, called as `rmbLocalized(.aboutSettingsTab)`): that
        // enum's case names are keys (its literal raw values are held already). `--fix --force` deleted 176 of its 177 keys.
        let rawValueTypes = Set(found.dynamicKeys.compactMap(\.rawValueType))
        if !rawValueTypes.isEmpty {
            for usage in usages {
                for (type, cases) in usage.enumCaseNames where rawValueTypes.contains(type) { found.literalsSeen.formUnion(cases) }
            }
        }
        // A key computed for a wrapper (known only now) is held as each file's are (`literalsReaching`): OsmAnd's
        // `let toastString = locked ? "screen_is_locked…" : "screen_is_unlocked"` and `key = "obd_…"` in each case of a
        // `switch`, then `localizedString(toastString)`; `--fix` deleted those keys.
        for (file, dynamicKeys) in Dictionary(grouping: resolved.dynamicKeys, by: \.location.file) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let source = String(decoding: data, as: UTF8.self)
            found.literalsSeen.formUnion(literalsReaching(dynamicKeys, in: source))
            for dynamic in dynamicKeys where dynamic.mayBeAnyKey && !literalsReaching([dynamic], in: source).isEmpty {
                if let index = found.dynamicKeys.firstIndex(of: dynamic) { found.dynamicKeys[index].isFollowed = true }
            }
        }
        found.accessors = resolved.accessorCount
        for path in sourceFiles.unlocalizedTables {
            guard let data = FileManager.default.contents(atPath: path), let file = try? StringsParser.parseAnyFormat(data) else { continue }
            found.unlocalizedTables[Catalog.tableName(ofFile: path), default: []].formUnion(file.lastEntryIndexByKey.keys)
        }
        // Keys kept as data and localized later through a property (`FooterItem(title: "clear_all")` … `Text(LocalizedStringKey(item.title))`,
        // `KeyValue(value: "3 sec")` … `localizedString(item.value)`): a literal given for a parameter named like the
        // property a dynamic key reads counts as a use (never as a missing key: most such literals are not keys).
        let flowing = Set(found.dynamicKeys.compactMap { Self.propertyName(of: $0.expression) })
        if !flowing.isEmpty {
            var given = Set<String>()
            for usage in usages {
                for argument in usage.literalArguments {
                    guard let label = argument.parameter.split(separator: "|").last.map(String.init), label != "_", flowing.contains(label) else { continue }
                    var reference = argument.reference
                    reference.table = .unknown
                    reference.reportsMissing = false
                    found.references.append(reference)
                    given.insert(label)
                }
            }
            // Such a read is followed: its keys are those literals (`DynamicKeyReference.isFollowed`).
            for index in found.dynamicKeys.indices where !found.dynamicKeys[index].isFollowed {
                if let property = Self.propertyName(of: found.dynamicKeys[index].expression), given.contains(property) { found.dynamicKeys[index].isFollowed = true }
            }
        }
        // Test code reads keys too (they count as used), but a key it names that no table has is a test's own
        // (Bitwarden's authenticator keeps `StackNavigatorTests.swift` beside the code it tests: `Text("replaced")` was an
        // error that failed the run).
        for index in found.references.indices where Self.isTestFile(found.references[index].location.file, under: paths) {
            found.references[index].reportsMissing = false
        }
        found.references.sort { $0.location < $1.location }
        // One literal, one reference: a literal passed to the app's function that takes a `LocalizedStringResource` was
        // read both as that argument and through the function inferred to be a wrapper (mlem's `.failure("…")`: every
        // finding twice, every count doubled).
        var identities: Set<ReferenceIdentity> = []
        found.references.removeAll { !identities.insert(ReferenceIdentity($0)).inserted }
        found.dynamicKeys.sort { $0.location < $1.location }
        return found
    }

    /// `item.title`, `$0.value`, `title`: the property (or name) a dynamic key is read from.
    static func propertyName(of expression: String) -> String? {
        guard let last = expression.split(separator: ".").last, !last.isEmpty,
              expression.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }),
              last.first?.isLetter == true else { return nil }
        return String(last)
    }

    /// Words without which a file holds nothing the scanner reads: SwiftUI's names count only where it is imported,
    /// the Foundation and App Intents APIs, the localized types, the configured wrappers' calls and generated enums'
    /// roots. (A file of constants alone is skipped too: a table named through it is then looked up in every table.)
    static func needles(for configuration: UsageConfiguration) -> [Data] {
        var words = ["SwiftUI", "LocalizedString", "localized:", "localizedString(", "LocalizationValue", "Intent", "DisplayRepresentation",
                     "AppShortcut", "@Parameter", "R.string."]
        words += configuration.wrappers.map { wrapper in (wrapper.function.split(separator: ".").last.map(String.init) ?? wrapper.function) + "(" }
        words += configuration.generatedEnums.map { $0.root + "." }
        return words.map { Data($0.utf8) }
    }

    /// A file of tests: named so (`LoginViewModelTests.swift`, `SPExportTests.m`), or in a folder of them (`Tests`,
    /// `AppTests`, `AppUITests`). Not `…Test` or `…Spec`: an app's `SpeedTest.swift` or `DeviceSpec.swift` is its own code.
    /// Only the folders below the scanned one that holds it count (a project kept in `~/Tests/` is not all tests).
    static func isTestFile(_ path: String, under roots: [String]) -> Bool {
        let root = roots.filter { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }.max { $0.count < $1.count }
        let relative = root.map { path.dropFirst($0.count) } ?? Substring(path)
        let components = relative.split(separator: "/")
        guard let name = components.last else { return false }
        if (name.split(separator: ".").first ?? name).hasSuffix("Tests") { return true }
        return components.dropLast().contains { $0.hasSuffix("Tests") }
    }

    /// One file's references, without constants from other files (tests and the library's callers).
    /// `moduleImports`: modules another file of the module re-exports (`@_exported import SwiftUI`), imported here too.
    public static func scan(source: String, file: String, configuration: UsageConfiguration, moduleImports: Set<String> = []) -> FileUsage {
        let tree = Parser.parse(source: source)
        let visitor = UsageVisitor(file: file, source: source, tree: tree, configuration: configuration, moduleImports: moduleImports)
        visitor.walk(tree)
        var usage = visitor.usage
        if tree.hasError { usage.heldLiterals = StringLiterals.all(in: Data(source.utf8)) }
        if !usage.dynamicKeys.isEmpty {
            usage.heldLiterals.formUnion(literalsReaching(usage.dynamicKeys, in: source))
            // A name the file assigns literals to is a key the scan follows (`let key = locked ? "a" : "b"`); asked only of
            // a key no literal text shapes, the only kind that can hold a table back (`UsageRules.untracedRead`).
            for index in usage.dynamicKeys.indices where usage.dynamicKeys[index].mayBeAnyKey {
                usage.dynamicKeys[index].isFollowed = !literalsReaching([usage.dynamicKeys[index]], in: source).isEmpty
            }
        }
        // The visitor meets an outer call first (`.alert(…)` around the view it modifies): report in source order.
        usage.references.sort { $0.location < $1.location }
        usage.dynamicKeys.sort { $0.location < $1.location }
        return usage
    }

    /// The literals a key computed at run time may take, found in its file: those in the key's own expression (the
    /// fallback of `warningMessage ?? "ipaLibrary.download"`) and those assigned to a name it reads
    /// (`warningMessage = "ipaLibrary.version.older"`, `var title: String = flag ? "a" : "b"`; PlayCover: `--fix --force`
    /// deleted all four). Only assignments of those names count: a generated file's literals passed to its own `tr(…)`
    /// are keys the generator maps, and stay checked.
    static func literalsReaching(_ dynamicKeys: [DynamicKeyReference], in source: String) -> Set<String> {
        var held = Set<String>()
        var names = Set<String>()
        for dynamic in dynamicKeys {
            held.formUnion(StringLiterals.all(in: Data(dynamic.expression.utf8)))
            var current = ""
            for character in dynamic.expression + " " {
                if character.isLetter || character == "_" || (character.isNumber && !current.isEmpty) {
                    current.append(character)
                } else {
                    if !current.isEmpty, !Self.notNames.contains(current) { names.insert(current) }
                    current = ""
                }
            }
        }
        guard !names.isEmpty else { return held }
        for line in source.split(whereSeparator: \.isNewline) where line.contains("=") {
            // `name = …`, `name: Type = …`, `self.name = …` (not `==`, `!=`, `<=`, `>=`, `+=`).
            let characters = Array(line)
            guard let equals = characters.indices.first(where: { index in
                characters[index] == "=" && (index + 1 == characters.count || characters[index + 1] != "=")
                    && (index == 0 || !"=!<>+-*/&|^%".contains(characters[index - 1]))
            }) else { continue }
            // Any name before the `=`: `name: Type = …`, and `case .rate: key = "obd_fuel_rate"` in a `switch` (OsmAnd).
            let target = String(characters[..<equals])
            guard target.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains(where: { names.contains(String($0)) }) else { continue }
            held.formUnion(StringLiterals.all(in: Data(String(characters[(equals + 1)...]).utf8)))
        }
        return held
    }

    private static let notNames: Set<String> = ["self", "Self", "nil", "true", "false", "let", "var", "try", "await", "as", "is",
                                                 "String", "NSString", "localized", "rawValue", "description"]

    /// The `.swift` files, and the Objective-C ones (`.m`, `.mm`, `.h`), under the paths, sorted; a path that does not
    /// exist is a usage error.
    static func sourceFiles(under paths: [String], excluding exclude: [String]) throws(SourceScanError)
        -> (swift: [String], objectiveC: [String], interface: [String], propertyLists: [String], unlocalizedTables: [String]) {
        var found: [String] = []
        var unlocalizedTables: [String] = []
        var objectiveC: [String] = []
        var interface: [String] = []
        var propertyLists: [String] = []
        let fileManager = FileManager.default
        // A folder inside another one named too (`--sources App .`) is walked once: its files were scanned twice.
        let absolute = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        for (index, path) in paths.enumerated() {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SourceScanError(path: path, problem: "no such file or folder; pass the folders that hold your Swift sources to --sources")
            }
            let inside = absolute.indices.contains { other in
                other != index && absolute[index].hasPrefix(absolute[other] == "/" ? "/" : absolute[other] + "/")
                    || (other < index && absolute[other] == absolute[index])
            }
            if inside { continue }
            guard isDirectory.boolValue else {
                if path.hasSuffix(".swift") { found.append(path) }
                if ObjectiveCScanner.fileExtensions.contains((path as NSString).pathExtension) { objectiveC.append(path) }
                if InterfaceTexts.fileExtensions.contains((path as NSString).pathExtension) { interface.append(path) }
                if path.hasSuffix(".plist") || path.hasSuffix(".json") { propertyLists.append(path) }
                continue
            }
            guard let enumerator = fileManager.enumerator(atPath: path) else {
                throw SourceScanError(path: path, problem: "cannot be read; check that you may list it")
            }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == ".build" {
                    enumerator.skipDescendants()
                    continue
                }
                // A table outside every `.lproj` (xdripswift's `Storyboards/QuickActions.strings`): a bundle's resource the
                // same in every language, which `NSLocalizedString(_:tableName:)` finds when no localization has the table.
                if name.hasSuffix(".strings"), !relative.contains(".lproj/"), !relative.contains(".bundle/"), !relative.contains(".xcassets/") {
                    let full = path == "." ? relative : (path as NSString).appendingPathComponent(relative)
                    if !exclude.contains(where: { full.contains($0) }) { unlocalizedTables.append(full) }
                    continue
                }
                let isSwift = name.hasSuffix(".swift")
                let isInterface = InterfaceTexts.fileExtensions.contains((name as NSString).pathExtension)
                // A JSON file is read as data the app may hold keys in, but not a package manager's (node_modules) nor
                // an asset catalog's (pocket-casts has a thousand `Contents.json` of images).
                let isPropertyList = name.hasSuffix(".plist")
                    || name.hasSuffix(".json") && !relative.contains("node_modules/") && !relative.contains(".xcassets/")
                guard isSwift || isInterface || isPropertyList || ObjectiveCScanner.fileExtensions.contains((name as NSString).pathExtension) else { continue }
                // `--sources .` names its files as the catalogs' are, without a leading `./`.
                let full = path == "." ? relative : (path as NSString).appendingPathComponent(relative)
                if exclude.contains(where: { full.contains($0) }) { continue }
                if isSwift { found.append(full) } else if isInterface { interface.append(full) }
                else if isPropertyList { propertyLists.append(full) } else { objectiveC.append(full) }
            }
        }
        return (Array(Set(found)).sorted(), Array(Set(objectiveC)).sorted(), Array(Set(interface)).sorted(), Array(Set(propertyLists)).sorted(),
                Array(Set(unlocalizedTables)).sorted())
    }
}

/// The string values of a property list (XML, binary or OpenStep), at any depth; dictionary keys are not values. A file
/// that is no property list gives none.
enum PropertyListValues {
    static func strings(in data: Data) -> Set<String> {
        guard let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else { return [] }
        return values(of: root)
    }

    /// The strings of a decoded tree (a property list's or JSON's), at any depth; dictionary keys are not values.
    static func values(of root: Any) -> Set<String> {
        var found = Set<String>()
        var pending: [Any] = [root]
        while let value = pending.popLast() {
            if let text = value as? String {
                found.insert(text)
            } else if let array = value as? [Any] {
                pending += array
            } else if let dictionary = value as? [String: Any] {
                pending += Array(dictionary.values)
            }
        }
        return found
    }
}

/// The string values of a JSON file, at any depth (object keys are not values); a file that is no JSON, or over 4 MB
/// (a data set, not the app's texts), gives none.
enum JSONValues {
    static func strings(in data: Data) -> Set<String> {
        guard data.count <= 4 << 20, let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return [] }
        return PropertyListValues.values(of: root)
    }
}

/// The texts of an Interface Builder file (`.xib`, `.storyboard`): titles, labels, placeholders, tool tips,
/// `<string key="…">` bodies and user-defined runtime attributes' values, with XML's escapes undone. Found by a scan of the XML, not a parse of the document.
enum InterfaceTexts {
    static let fileExtensions: Set<String> = ["xib", "storyboard"]

    private static let attribute = try! NSRegularExpression(
        pattern: #"\s(?:title|text|placeholder|placeholderString|toolTip|label|paletteLabel|headerTitle|footerTitle|prompt|alternateTitle)="([^"]+)""#)
    private static let element = try! NSRegularExpression(pattern: #"<string key="[A-Za-z]+"[^>]*>([^<]+)</string>"#)
    /// A user-defined runtime attribute's value: a key a view localizes itself with at run time (openfoodfacts' IBLocalizable
    /// `keyPath="localizableString" value="scanner.tab-bar.item"`, in seven storyboards and xibs: --fix deleted 22 such keys).
    private static let runtimeAttribute = try! NSRegularExpression(pattern: #"<userDefinedRuntimeAttribute\s[^>]*?\bvalue="([^"]+)""#)

    private static let formattingStrings = try! NSRegularExpression(pattern: #"\sformattingStringsFilename="([^"]+)""#)

    /// The tables the file reads by name: `formattingStringsFilename` of an `NSPredicateEditor` (its row templates' texts
    /// are looked up in that `.strings` table).
    static func tablesNamed(in data: Data) -> Set<String> {
        guard data.range(of: Data("formattingStringsFilename".utf8)) != nil else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        let matches = formattingStrings.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Set(matches.compactMap { match in Range(match.range(at: 1), in: text).map { String(text[$0]) } })
    }

    static func all(in data: Data) -> Set<String> {
        let text = String(decoding: data, as: UTF8.self)
        var texts = Set<String>()
        let range = NSRange(text.startIndex..., in: text)
        for expression in [attribute, element, runtimeAttribute] {
            for match in expression.matches(in: text, range: range) {
                guard let found = Range(match.range(at: 1), in: text) else { continue }
                texts.insert(unescaped(String(text[found])))
            }
        }
        return texts
    }

    /// The text with XML's references resolved; as it stands when one is malformed.
    static func unescaped(_ text: String) -> String {
        text.contains("&") ? XMLText.resolvingReferences(text) ?? text : text
    }
}
