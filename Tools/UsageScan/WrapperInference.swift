/// Wrappers the app never declared in `l10n.json`, found by following data: a function whose `String` parameter
/// reaches the key of a localized API (`func localized(_ key: String) -> String { NSLocalizedString(key, comment: "") }`),
/// a member of `String` that passes `self` on (`"Cancel".localized`), and every function of the app that passes its
/// own parameter on to one of those, transitively. Generated accessor files are read the same way: SwiftGen's
/// `L10n.tr("Localizable", "about")` is a call of an inferred wrapper inside a static member, so the member
/// (`L10n.about`) maps to that key, and hand-written members of the same enum map to nothing.
import Foundation
import StringsKit

/// Where an argument is at a call: the n-th unlabeled argument, or the one with this label.
public struct ArgumentSlot: Sendable, Hashable, CustomStringConvertible {
    /// The argument's label, or nil for an unlabeled one.
    public var label: String?
    /// For an unlabeled argument: which of the unlabeled arguments (1-based).
    public var unlabeledIndex: Int

    public init(label: String?, unlabeledIndex: Int = 1) {
        self.label = label
        self.unlabeledIndex = label == nil ? unlabeledIndex : 0
    }

    public var description: String { label ?? "#\(unlabeledIndex)" }
}

/// Where a wrapper's table comes from.
public enum WrapperTable: Sendable, Hashable {
    /// The default table (the call names none).
    case none
    case literal(String)
    case argument(ArgumentSlot)
    /// Computed in the wrapper from something else (Sileo's `tableName: type.tableName`, an enum of the app's tables):
    /// each call's table is unknown, and its key is looked up in every table.
    case computed
}

/// One function's calls that pass its parameters (or `self`) on, as the visitor saw its body.
public struct FunctionSummary: Sendable, Hashable {
    /// What an argument of an inner call is, seen from the function around it.
    public enum Source: Sendable, Hashable {
        /// This function's parameter at this index.
        case parameter(Int)
        /// `self`, in a member of `String`.
        case selfValue
        case literal(String)
        /// Any other expression (`type.tableName`): known only at run time.
        case computed
    }

    /// One call inside the body that passes a parameter or `self`.
    public struct Flow: Sendable, Hashable {
        /// The callee (`NSLocalizedString`, `localizedString`, `tr`…).
        public var callee: String
        public var isMember: Bool
        /// Its arguments that are parameters, `self` or literals, by slot.
        public var arguments: [ArgumentSlot: Source]
    }

    /// The name it is called by: the function's, or the type's for an initialiser.
    public var name: String
    /// External labels (nil for `_`), in order.
    public var labels: [String?]
    /// A member of `String` (or `StringProtocol`) that passes `self`: called as `"key".name` or `"key".name(…)`.
    public var isStringMember: Bool
    public var flows: [Flow]
    /// Declared `override`, `@objc` or `dynamic`: a superclass, the Objective-C runtime or the system may call it (a
    /// swizzled method), not only the code the scan reads.
    public var runtimeMayCall = false
    /// Each parameter's default value where it is `nil` ("") or a string literal (its text), by index; absent otherwise.
    public var literalDefaults: [Int: String] = [:]
}

/// A wrapper found by inference: its key and table slots.
public struct InferredWrapper: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    /// Nil for a `String` member (the key is the literal before the dot).
    public var key: ArgumentSlot?
    public var table: WrapperTable
    /// What made it a wrapper: the callee it passes the key to, or its name (`--verbose` says so).
    public var via: String
    /// False for a name the sources call but never declare (an SDK's `OCLocalizedString("Share", nil)`): what its
    /// other parameters are is unknown, so they are never taken for format arguments.
    public var signatureKnown = true
    /// For a table taken from an argument: the table a call that leaves the argument out reads, where the parameter's
    /// default says (`tableName: String? = nil`: the default table, "" here; `= "Errors"`: that one). Nil: unknown.
    public var tableWhenOmitted: String?

    public var description: String {
        key.map { "\(name)(key: \($0))" } ?? "\"…\".\(name)"
    }
}

/// A call whose arguments hold string literals, kept until every file's wrappers are known.
public struct LiteralCall: Sendable {
    public struct Argument: Sendable {
        public var slot: ArgumentSlot
        /// The values it can take (both branches of a ternary), each a key expression's reading; empty when not a literal.
        public var keys: [PendingKey]
        /// A literal table name, when the argument is one.
        public var literal: String?
        public var specifier: String?
    }

    public var callee: String
    public var isMember: Bool
    public var arguments: [Argument]
    /// The static member this call defines, when it is the body of one (`L10n.about` for `static let about = L10n.tr(…)`).
    public var accessorPath: String?
    /// `String(format: <this call>, a, b)` around it.
    public var formatArguments: CallArguments?
}

/// A key expression waiting for its wrapper: a literal (with location) or an interpolation made dynamic.
public struct PendingKey: Sendable {
    public var location: SourceLocation
    public var text: String?
    public var dynamicPrefix: String?
    public var expression: String
    /// The literal texts around an interpolated key's interpolations (`DynamicKeyReference.shape`).
    public var dynamicShape: [String]? = nil
    /// False in a preview or debug-only code, where a missing key shows nobody a raw key.
    public var reportsMissing = true
    /// For `key.rawValue` of a parameter whose type is an enum of the app: that type (`DynamicKeyReference.rawValueType`).
    public var rawValueType: String? = nil
    /// `DynamicKeyReference.isFollowed`.
    public var isFollowed = false
}

/// `"Cancel".localized`, `"Hello %@".localized(name)`: a literal with a member called on it.
public struct LiteralMember: Sendable {
    public var name: String
    public var key: PendingKey
    public var arguments: CallArguments?
    /// The call's argument labels (nil for an unlabeled one); nil when the member is not called.
    public var labels: [String?]? = nil
}

/// `L10n.Scene.title`, `Strings.about(…)`: a chain of names with an upper-case root, kept until accessors are known.
public struct MemberChain: Sendable {
    public var path: [String]
    public var location: SourceLocation
    public var arguments: CallArguments?
    /// The types the use is written in, outermost first, each name on its own (`extension A.B` gives "A", "B"): Swift
    /// looks `Localization.title` up in them, innermost first, before the top level.
    public var scope: [String] = []

    /// The paths the chain's first `length` names may stand for, in Swift's lookup order.
    func candidates(_ length: Int) -> [String] {
        let named = path.prefix(length).joined(separator: ".")
        return stride(from: scope.count, through: 1, by: -1).map { scope.prefix($0).joined(separator: ".") + "." + named } + [named]
    }
}

enum WrapperInference {
    /// Foundation's APIs whose `String` argument is looked up as a key: where it goes, and where the table goes.
    static let seeds: [(callee: String, isMember: Bool, key: ArgumentSlot, table: ArgumentSlot?)] = [
        ("NSLocalizedString", false, ArgumentSlot(label: nil), ArgumentSlot(label: "tableName")),
        ("localizedString", true, ArgumentSlot(label: "forKey"), ArgumentSlot(label: "table")),
        ("LocalizedStringKey", false, ArgumentSlot(label: nil), nil),
        ("LocalizationValue", false, ArgumentSlot(label: nil), nil),
        ("LocalizationValue", true, ArgumentSlot(label: nil), nil),
        ("LocalizedStringResource", false, ArgumentSlot(label: nil), ArgumentSlot(label: "table")),
        ("String", false, ArgumentSlot(label: "localized"), ArgumentSlot(label: "table")),
        ("AttributedString", false, ArgumentSlot(label: "localized"), ArgumentSlot(label: "table")),
    ]

    /// Every function of the app that passes a parameter (or `self`) on to a key, transitively.
    static func infer(from summaries: [FunctionSummary], configured: [UsageConfiguration.Wrapper]) -> [String: InferredWrapper] {
        var found: [String: InferredWrapper] = [:]
        var targets: [String: [(isMember: Bool?, key: ArgumentSlot, table: ArgumentSlot?)]] = [:]
        for seed in seeds { targets[seed.callee, default: []].append((seed.isMember, seed.key, seed.table)) }
        // A function passing its parameter to a configured wrapper (`Copy(table, key)`) is one more.
        for wrapper in configured {
            guard case let .label(label) = wrapper.key else { continue }
            let name = wrapper.function.split(separator: ".").last.map(String.init) ?? wrapper.function
            let table: ArgumentSlot? = if case let .label(tableLabel)? = wrapper.table { ArgumentSlot(label: tableLabel) } else { nil }
            targets[name, default: []].append((nil, ArgumentSlot(label: label), table))
        }
        var changed = true
        var rounds = 0
        while changed, rounds < 8 {
            changed = false
            rounds += 1
            // A `String` member is kept under ".name": an app may have `localized(_:)` and `"…".localized` both.
            // A `String` member may be both: `var localized` (its text the key) and `func localized(key:)` (Rectangle).
            search: for summary in summaries where found[summary.name] == nil || summary.isStringMember && found["." + summary.name] == nil {
                for flow in summary.flows {
                    for target in targets[flow.callee] ?? [] where target.isMember == nil || target.isMember == flow.isMember {
                        let key: ArgumentSlot?
                        switch flow.arguments[target.key] {
                        case let .parameter(index)?: key = slot(ofParameter: index, labels: summary.labels)
                        case .selfValue? where summary.isStringMember: key = nil
                        default: continue
                        }
                        guard found[key == nil ? "." + summary.name : summary.name] == nil else { continue }
                        var table = WrapperTable.none
                        var omitted: String?
                        if let tableSlot = target.table {
                            switch flow.arguments[tableSlot] {
                            case let .literal(name)?: table = .literal(name)
                            case let .parameter(index)?:
                                table = .argument(slot(ofParameter: index, labels: summary.labels))
                                omitted = summary.literalDefaults[index]
                            case .computed?: table = .computed
                            default: break
                            }
                        }
                        found[key == nil ? "." + summary.name : summary.name] = InferredWrapper(name: summary.name, key: key, table: table, via: flow.callee,
                                                                                               tableWhenOmitted: omitted)
                        if let key {
                            let tableSlot: ArgumentSlot? = if case let .argument(slot) = table { slot } else { nil }
                            targets[summary.name, default: []].append((nil, key, tableSlot))
                        }
                        changed = true
                        continue search
                    }
                }
            }
        }
        return found
    }

    /// The slot a caller fills for parameter `index`: its label, or its place among the unlabeled ones.
    static func slot(ofParameter index: Int, labels: [String?]) -> ArgumentSlot {
        if let label = labels[index] { return ArgumentSlot(label: label) }
        return ArgumentSlot(label: nil, unlabeledIndex: labels[...index].count { $0 == nil })
    }
}

/// What the files read so far say about the app's own localized functions: the parameters typed as localized, the
/// wrappers found by following data, and the generated accessor namespaces (`L10n`); then the references they make.
struct Inference {
    var localizedParameters: Set<String>
    var wrappers: [String: InferredWrapper]
    /// Root types with at least `namespaceThreshold` static members (in the type or the types nested in it) each defined
    /// by a wrapper call with a literal key: generated accessors (SwiftGen's `L10n`, one enum per key prefix) or a
    /// hand-written namespace of them.
    var namespaces: Set<String>
    static let namespaceThreshold = 3
    /// Functions a superclass, the Objective-C runtime or the system may call (`FunctionSummary.runtimeMayCall`), and the
    /// tables each looks a key it is given up in, where it chooses the table itself.
    var runtimeReads: [String: Set<String>] = [:]

    init(usages: [FileUsage], configuration: UsageConfiguration) {
        localizedParameters = usages.reduce(into: Set<String>()) { $0.formUnion($1.localizedParameters) }
        let configured = Set(configuration.wrappers.map { $0.function.split(separator: ".").last.map(String.init) ?? $0.function })
        // Calls the visitor matched as an API never reach `literalCalls`, so a wrapper named like one (stats's free
        // `localizedString(_ key:)` beside Bundle's method) counts only where the API does not.
        let summaries = usages.flatMap(\.summaries)
        wrappers = WrapperInference.infer(from: summaries, configured: configuration.wrappers)
            .filter { !configured.contains($0.key) }
        // What each function the runtime may call looks up with a parameter as the key, in a table of its own choosing
        // (not one it is given: that is its callers' table, as an override that forwards reads).
        for summary in summaries where summary.runtimeMayCall {
            for flow in summary.flows {
                var targets = WrapperInference.seeds.filter { $0.callee == flow.callee && $0.isMember == flow.isMember }.map { ($0.key, $0.table) }
                if let wrapper = wrappers[flow.callee], let key = wrapper.key {
                    let slot: ArgumentSlot? = if case let .argument(slot) = wrapper.table { slot } else { nil }
                    targets.append((key, slot))
                    if case let .literal(name) = wrapper.table {
                        if case .parameter? = flow.arguments[key] { runtimeReads[summary.name, default: []].insert(name) }
                        continue
                    }
                }
                for (key, tableSlot) in targets {
                    guard case .parameter? = flow.arguments[key] else { continue }
                    switch tableSlot.flatMap({ flow.arguments[$0] }) {
                    case let .literal(name)?: runtimeReads[summary.name, default: []].insert(name)
                    case .parameter?, .selfValue?, .computed?: continue
                    case nil: runtimeReads[summary.name, default: []].insert(configuration.defaultTable)
                    }
                }
            }
        }
        // A function or `String` member named for localizing that the scanned code calls but never declares (it lives
        // in an SDK or a package outside --sources: ownCloud's `"Cancel".localized`, `OCLocalizedString("Share", nil)`)
        // is taken for a wrapper of its first unlabeled argument.
        let declared = usages.reduce(into: Set<String>()) { $0.formUnion($1.declaredFunctions) }
        for usage in usages {
            for call in usage.literalCalls where wrappers[call.callee] == nil && !declared.contains(call.callee) && Self.namesLocalizing(call.callee)
                && call.arguments.first?.slot == ArgumentSlot(label: nil) {
                wrappers[call.callee] = InferredWrapper(name: call.callee, key: ArgumentSlot(label: nil), table: .none,
                                                        via: "nothing the sources declare: its name says it localizes", signatureKnown: false)
            }
            for member in usage.literalMembers where wrappers["." + member.name] == nil && !declared.contains(member.name) && Self.namesLocalizing(member.name) {
                wrappers["." + member.name] = InferredWrapper(name: member.name, key: nil, table: .none,
                                                        via: "nothing the sources declare: its name says it localizes", signatureKnown: false)
            }
        }
        var definitions: [String: Int] = [:]
        for usage in usages {
            for call in usage.literalCalls {
                guard let path = call.accessorPath, let wrapper = wrappers[call.callee], let key = wrapper.key,
                      call.arguments.contains(where: { $0.slot == key && $0.keys.first?.text != nil }) else { continue }
                definitions[Self.typePath(of: path), default: 0] += 1
            }
        }
        namespaces = Set(definitions.filter { $0.value >= Self.namespaceThreshold }.keys)
    }

    /// `localized`, `OCLocalizedString`, `OCLocalizedFormat`, `localizedString`, `L10nLocalized`: a name that says it localizes (not
    /// `localizedDescription`, `localizedCaseInsensitiveCompare`…, which Foundation declares for other things).
    static func namesLocalizing(_ name: String) -> Bool {
        let lowered = name.lowercased()
        guard lowered.hasSuffix("localized") || lowered.hasSuffix("localizedstring") || lowered.hasSuffix("localizedformat") || lowered == "loc" else { return false }
        // `NotLocalizedString("…", value: "Share Link")`, `unlocalized`: says the opposite.
        if ["notlocalized", "unlocalized", "nonlocalized"].contains(where: { lowered.contains($0) }) { return false }
        return !["localizedcapitalized", "localizeddescription"].contains(lowered)
    }

    static func typePath(of memberPath: String) -> String {
        String(memberPath.split(separator: ".").first ?? "")
    }

    /// Words that make a skipped file worth parsing now: a call of a localized parameter's owner or of a wrapper,
    /// `.localized` for a `String` member wrapper, an accessor namespace's root.
    var needles: [Data] {
        var words = Set(localizedParameters.compactMap { $0.split(separator: "|").first.map { $0 + "(" } })
        for wrapper in wrappers.values { words.insert(wrapper.key == nil ? "." + wrapper.name : wrapper.name + "(") }
        for namespace in namespaces { words.insert(namespace + ".") }
        return words.sorted().map { Data($0.utf8) }
    }

    /// The references the inferred wrappers make: literal calls of them (outside accessor namespaces), literals with a
    /// `String` member wrapper, and uses of the accessors of a namespace (`L10n.Scene.title`).
    func resolve(_ usages: [FileUsage], defaultTable: String)
        -> (references: [KeyReference], dynamicKeys: [DynamicKeyReference], accessorCount: Int, enteredFromOutside: [OutsideWrapper]) {
        var references: [KeyReference] = []
        var dynamicKeys: [DynamicKeyReference] = []
        // The scanned calls of each wrapper that give it a key the scan can read (a literal, a literal start or shape, an
        // enum's case); not a call passing its own parameter on (a swizzled method calling its original).
        var calls: [String: Int] = [:]
        // Several per path: a private type of one name in several files (WooCommerce's widgets declare `UnableToFetchView`
        // in four), each with its own `Localization` enum, defines the same path with other keys.
        var accessors: [String: [KeyReference]] = [:]
        for usage in usages {
            for call in usage.literalCalls {
                guard let wrapper = wrappers[call.callee], let keySlot = wrapper.key,
                      let keyArgument = call.arguments.first(where: { $0.slot == keySlot }) else { continue }
                let table: TableName = switch wrapper.table {
                case .none: .known(defaultTable)
                case let .literal(name): .known(name)
                // Left out: the parameter's default (Zebra's `tableName: String? = nil`, the default table: its 66 calls
                // were `key-not-in-catalog` errors against no table at all).
                case let .argument(slot): call.arguments.first { $0.slot == slot }.map { $0.literal.map(TableName.known) ?? .unknown }
                    ?? wrapper.tableWhenOmitted.map { .known($0.isEmpty ? defaultTable : $0) } ?? .unknown
                case .computed: .unknown
                }
                var arguments = call.formatArguments
                if arguments == nil, keySlot.label == nil, wrapper.signatureKnown {
                    // Variadic format arguments after the key (`tr("Localizable", "items", p1)`), where the wrapper formats.
                    let after = call.arguments.filter { $0.slot.label == nil && $0.slot.unlabeledIndex > keySlot.unlabeledIndex }
                    if !after.isEmpty { arguments = CallArguments(specifiers: after.map(\.specifier)) }
                }
                let inNamespace = call.accessorPath.map { namespaces.contains(Self.typePath(of: $0)) } ?? false
                if keyArgument.keys.contains(where: { $0.text != nil || $0.dynamicPrefix?.isEmpty == false || $0.dynamicShape != nil || $0.rawValueType != nil }) {
                    calls[call.callee, default: 0] += 1
                }
                for key in keyArgument.keys {
                    guard let text = key.text else {
                        var dynamic = DynamicKeyReference(location: key.location, api: wrapper.name, table: table,
                                                          literalPrefix: key.dynamicPrefix, expression: key.expression, shape: key.dynamicShape)
                        dynamic.rawValueType = key.rawValueType
                        dynamic.isFollowed = key.isFollowed
                        dynamicKeys.append(dynamic)
                        continue
                    }
                    guard !text.isEmpty else { continue }
                    let reference = KeyReference(location: key.location, key: .literal(text), table: table, api: wrapper.name, arguments: arguments,
                                                 hasDefaultValue: call.arguments.contains { ["value", "defaultValue"].contains($0.slot.label) },
                                                 reportsMissing: key.reportsMissing)
                    if inNamespace, let path = call.accessorPath {
                        // The accessor's definition: a use only where code names the accessor.
                        var definition = reference
                        definition.api = path
                        definition.arguments = nil
                        accessors[path, default: []].append(definition)
                    } else {
                        references.append(reference)
                    }
                }
            }
            for member in usage.literalMembers {
                guard let wrapper = wrappers["." + member.name], wrapper.key == nil else { continue }
                // `"Check for Updates…".localized(key: "menu.checkForUpdates")` beside `"menu.quit".localized` (Rectangle):
                // the call is the method that takes its key as an argument, and the text before it is its default value.
                if let labels = member.labels, let method = wrappers[member.name], let keySlot = method.key, let label = keySlot.label,
                   labels.contains(label) { continue }
                let table: TableName = if case let .literal(name) = wrapper.table { .known(name) } else { .known(defaultTable) }
                guard let text = member.key.text else {
                    var dynamic = DynamicKeyReference(location: member.key.location, api: ".\(wrapper.name)", table: table,
                                                      literalPrefix: member.key.dynamicPrefix, expression: member.key.expression,
                                                      shape: member.key.dynamicShape)
                    dynamic.rawValueType = member.key.rawValueType
                    dynamic.isFollowed = member.key.isFollowed
                    dynamicKeys.append(dynamic)
                    continue
                }
                guard !text.isEmpty else { continue }
                references.append(KeyReference(location: member.key.location, key: .literal(text), table: table, api: ".\(wrapper.name)",
                                               arguments: wrapper.signatureKnown ? member.arguments : nil, reportsMissing: member.key.reportsMissing))
            }
        }
        let outside = enteredFromOutside(calls: calls)
        guard !accessors.isEmpty else { return (references, dynamicKeys, 0, outside) }
        for usage in usages {
            for chain in usage.chains {
                // The longest prefix that is an accessor: `L10n.Scene.title.uppercased()` uses `L10n.Scene.title`; and
                // `Localization.title` inside `OrdersListView` uses `OrdersListView.Localization.title` (WooCommerce: a
                // hand-written namespace of five such members, named so in its view, had its 13 keys deleted by --fix).
                lookup: for length in stride(from: chain.path.count, through: 2, by: -1) {
                    for candidate in chain.candidates(length) {
                        guard let definitions = accessors[candidate] else { continue }
                        for definition in definitions {
                            var reference = definition
                            reference.location = chain.location
                            // SwiftGen's accessors take `Any` for `%@`: only the count of arguments can be compared.
                            reference.arguments = length == chain.path.count ? chain.arguments.map { CallArguments(specifiers: Array(repeating: nil, count: $0.count)) } : nil
                            references.append(reference)
                        }
                        break lookup
                    }
                }
            }
        }
        for usage in usages {
            for (type, names) in usage.extensionBareNames {
                for (name, location) in names {
                    for var reference in accessors[type + "." + name] ?? [] {
                        reference.location = location
                        reference.arguments = nil
                        references.append(reference)
                    }
                }
            }
        }
        return (references, dynamicKeys, accessors.values.reduce(0) { $0 + $1.count }, outside)
    }

    /// The wrappers that read a table of their own (the default one, or one they name) with a key they are given, that
    /// the runtime may call (`override`, `@objc`, `dynamic`) and that no scanned code gives a key it can read: what calls them
    /// is outside the scan, an override or a swizzled `@objc` method the system calls (openfoodfacts' `swizzledLocalizedString(forKey:value:table:)` looks the keys
    /// UIKit asks of its CameraUI table up in Localizable: --fix deleted 12 of them). Any key of that table may be
    /// read. A wrapper that passes the table it is given on (Easydict's `override func localizedString(forKey:value:table:)`,
    /// SwiftGen's lookup function) reads what its callers ask for, in their tables: no more than their calls say.
    func enteredFromOutside(calls: [String: Int]) -> [OutsideWrapper] {
        runtimeReads.filter { calls[$0.key] == nil }.sorted { $0.key < $1.key }.flatMap { name, tables in
            tables.sorted().map { OutsideWrapper(name: name, table: .known($0)) }
        }
    }
}

/// A wrapper no scanned code calls (`Inference.enteredFromOutside`), and the table it reads.
public struct OutsideWrapper: Sendable, Hashable {
    public var name: String
    public var table: TableName
}
