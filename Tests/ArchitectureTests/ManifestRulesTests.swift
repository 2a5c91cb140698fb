import Foundation
import Testing
import TestSupport

// Reads the real manifest through `swift package dump-package` and fails when a target breaks
// the import rules of ARCHITECTURE.md. The rules themselves are also tested on hand-made manifests,
// so a rule that silently stopped catching anything would be noticed.

enum ModuleRules {
    static let features: Set<String> = ["WarmupToast", "OfflineSummary", "OfflineCommerce", "OfflineProducts"]
    static let adapters: Set<String> = ["Connectivity", "SecureStore"]
    static let foundation: Set<String> = ["Core", "CICUShim", catalogParser, localizationEngine]
    /// The catalog parser (`.strings`, `.stringsdict`, `.xcstrings`, specifiers): the engine re-exports it, and the
    /// accessors generator, which a feature's build runs, needs nothing more. Core only: no ICU, no tooling.
    static let catalogParser = "CatalogParser"
    /// The accessors generator's library and executable, which the `L10nAccessors` plugin runs in a feature's build.
    static let accessorsGenerator: Set<String> = ["AccessorGen", "l10n-accessors"]
    /// The localization engine (parser, catalogs, Localizer, ICU formatting): only what renders text depends on it.
    static let localizationEngine = "LocalizationKit"
    /// Runtime modules: what an app links to run the features. None of them may reach the engine, ICU or the tooling.
    static var runtime: Set<String> { features.union(adapters).union(["Core", patterns, wireContract]) }
    /// What no runtime module may reach, directly or through another target: the engine and ICU, swift-syntax, the
    /// reference server's web framework, the command-line parser.
    static let runtimeForbidden: Set<String> = Set(["LocalizationKit", "CICUShim", "Hummingbird", "HummingbirdCore", "ArgumentParser"])
        .union(swiftSyntaxProducts)
    /// Tools that may depend on a feature: the composition root, the previews' registry, the REPL's `app …` commands and
    /// the executable that plugs them in, and the benchmarks (which measure the features as tests do).
    static let toolsUsingFeatures: Set<String> = ["OfflineApp", "Gallery", "L10nREPLApp", "L10nREPLTool", "Bench"]
    /// The lint tools run on other teams' apps: the engine and each other only.
    static let lintTools: Set<String> = ["StringsKit", "UsageScan"]
    /// The offline patterns features program against (outbox, cached resources, blocking patterns): no network code.
    static let patterns = "OfflinePatterns"
    /// The backend's API as it travels (routes and bodies), shared by the features' live adapters and the reference
    /// server: data over Core, so either side takes it without the other's stack.
    static let wireContract = "WireContract"
    /// What a feature may depend on: the vocabulary, the patterns and the wire contract, never a live adapter.
    static let featureAllowed: Set<String> = ["Core", patterns, wireContract]
    static var modules: Set<String> { features.union(adapters).union(foundation).union([patterns, wireContract]) }
    /// A feature's live adapter (`…API.live` over the HTTP client): `<feature>Live` in `Modules/<feature>/Live`.
    static func liveFeature(of target: String) -> String? {
        guard target.hasSuffix("Live") else { return nil }
        let feature = String(target.dropLast(4))
        return features.contains(feature) ? feature : nil
    }
    /// Targets only composition roots (tools) and tests may depend on.
    static func isLiveAdapter(_ target: String) -> Bool { adapters.contains(target) || liveFeature(of: target) != nil }
    /// The catalogs and their loader: data, used by composition roots to resolve copy.
    static let localization = "Localization"

    /// What Core may depend on: nothing in this package, and of external products only swift-log.
    static let coreAllowed: Set<String> = []
    static let coreProductsAllowed: Set<String> = ["Logging"]

    /// swift-syntax's products: a large build, so only the usage scanner links them, and only `l10n` links the scanner.
    static let swiftSyntaxProducts: Set<String> = ["SwiftSyntax", "SwiftParser", "SwiftSyntaxBuilder", "SwiftSyntaxMacros", "SwiftBasicFormat"]
    static let usageScanner = "UsageScan"
    static let usageScannerUsers: Set<String> = ["l10n"]

    struct Target: Sendable {
        var name: String
        var path: String?
        var type: String
        var dependencies: [String]  // target and product names within this package
        /// The build-tool plugins the target uses: what they run is built for it too.
        var plugins: [String] = []
    }

    /// Test targets of the localization toolchain: they link no web server, store or network stack.
    static let leanTests: Set<String> = ["LocalizationKitTests", "StringsKitTests", "UsageScanTests"]
    static let leanTestsForbidden: Set<String> = ["ReferenceServer", "Hummingbird", "Connectivity", "SecureStore", "IntegrationSupport"]

    static func violations(_ targets: [Target]) -> [String] {
        var found: [String] = []
        let local = Set(targets.map(\.name))
        for target in targets where leanTests.contains(target.name) {
            for dependency in leanTestsForbidden.intersection(closure(of: target.name, in: targets)).sorted() {
                found.append("\(target.name) reaches \(dependency): the toolchain's tests link no server, store or network")
            }
        }
        for target in targets where target.type != "test" {
            let internalDependencies = target.dependencies.filter(local.contains)
            if modules.contains(target.name) {
                let expected = "Modules/\(target.name)"
                if target.path != expected {
                    found.append("\(target.name) lives at \(target.path ?? "the default path"), not \(expected)")
                }
            }
            if features.contains(target.name) {
                for dependency in internalDependencies where features.contains(dependency) {
                    found.append("feature \(target.name) depends on feature \(dependency): features never import each other")
                }
                for dependency in internalDependencies where !features.contains(dependency) && !featureAllowed.contains(dependency) {
                    found.append("feature \(target.name) depends on \(dependency): features may use only Core, OfflinePatterns and WireContract")
                }
            }
            if adapters.contains(target.name) {
                for dependency in internalDependencies where adapters.contains(dependency) {
                    found.append("\(target.name) depends on \(dependency): the adapters meet only through Core's ports")
                }
                for dependency in internalDependencies where features.contains(dependency) {
                    found.append("\(target.name) depends on feature \(dependency): adapters sit below features")
                }
            }
            if target.name == patterns {
                for dependency in internalDependencies where dependency != "Core" {
                    found.append("\(patterns) depends on \(dependency): the patterns need only Core's ports, no live adapter")
                }
            }
            if target.name == wireContract {
                for dependency in target.dependencies where dependency != "Core" {
                    found.append("\(wireContract) depends on \(dependency): the contract is data both sides share, over Core only")
                }
            }
            if let feature = liveFeature(of: target.name) {
                let expected = "Modules/\(feature)/Live"
                if target.path != expected {
                    found.append("\(target.name) lives at \(target.path ?? "the default path"), not \(expected)")
                }
                for dependency in internalDependencies where features.contains(dependency) && dependency != feature {
                    found.append("\(target.name) depends on feature \(dependency): a live adapter serves its own feature only")
                }
            }
            if modules.contains(target.name) && !adapters.contains(target.name) {
                for dependency in internalDependencies where isLiveAdapter(dependency) {
                    found.append("\(target.name) depends on live adapter \(dependency): only composition roots and tests import adapters")
                }
            }
            if target.name == localization {
                if target.path != localization {
                    found.append("\(localization) lives at \(target.path ?? "the default path"), not \(localization)")
                }
                for dependency in internalDependencies where dependency != "Core" && dependency != localizationEngine {
                    found.append("\(localization) depends on \(dependency): the catalogs' loader needs only the localization engine")
                }
            }
            if features.contains(target.name), internalDependencies.contains(localization) {
                found.append("feature \(target.name) depends on \(localization): features hold Copy keys; composition roots resolve them")
            }
            if target.name == "Core" {
                for dependency in internalDependencies where !coreAllowed.contains(dependency) {
                    found.append("Core depends on \(dependency): Core knows nothing above it and links no C target")
                }
                for dependency in target.dependencies where !local.contains(dependency) && !coreProductsAllowed.contains(dependency) {
                    found.append("Core depends on \(dependency): Core is pure Swift plus swift-log")
                }
            }
            if internalDependencies.contains("CICUShim"), target.name != localizationEngine {
                found.append("\(target.name) depends on CICUShim: only \(localizationEngine) calls ICU")
            }
            if target.name == catalogParser {
                for dependency in target.dependencies where dependency != "Core" {
                    found.append("\(catalogParser) depends on \(dependency): the parser needs only Core, since a feature's build runs the accessors generator over it")
                }
            }
            if accessorsGenerator.contains(target.name) {
                for dependency in target.dependencies where !accessorsGenerator.contains(dependency) && dependency != catalogParser {
                    found.append("\(target.name) depends on \(dependency): the accessors generator needs only the catalog parser")
                }
            }
            if target.name == localizationEngine {
                for dependency in internalDependencies where dependency != "Core" && dependency != "CICUShim" && dependency != catalogParser {
                    found.append("\(localizationEngine) depends on \(dependency): the engine needs only Core's copy vocabulary and ICU")
                }
            }
            if runtime.contains(target.name) || liveFeature(of: target.name) != nil {
                let reached = closure(of: target.name, in: targets)
                for dependency in runtimeForbidden.intersection(reached).sorted() {
                    found.append("runtime module \(target.name) reaches \(dependency): a runtime consumer must not build or link it")
                }
            }
            if lintTools.contains(target.name) {
                for dependency in internalDependencies where !lintTools.contains(dependency) && dependency != localizationEngine && dependency != "Core"
                    && !accessorsGenerator.contains(dependency) {
                    found.append("\(target.name) depends on \(dependency): the lint tools run on other apps and need only the engine (internal identifiers come from l10n.json)")
                }
            }
            if target.path?.hasPrefix("Tools/") == true, !toolsUsingFeatures.contains(target.name) {
                for dependency in internalDependencies where features.contains(dependency) || liveFeature(of: dependency) != nil || dependency == "OfflineApp" {
                    found.append("tool \(target.name) depends on \(dependency): only the app, the gallery, the REPL's app commands and the benchmarks compose features")
                }
            }
            if target.name != usageScanner {
                for dependency in target.dependencies where swiftSyntaxProducts.contains(dependency) {
                    found.append("\(target.name) depends on \(dependency): only \(usageScanner) parses Swift (swift-syntax)")
                }
            }
            if target.type == "plugin" {
                // SwiftPM builds a plugin's tool without running the build-tool plugins of what the tool links: a feature
                // whose accessors are generated would not compile there (and every package using the plugin builds it).
                for reached in closure(of: target.name, in: targets).sorted() {
                    guard let user = targets.first(where: { $0.name == reached }), !user.plugins.isEmpty else { continue }
                    found.append("plugin \(target.name)'s tool reaches \(reached), which runs \(user.plugins.joined(separator: ", ")): a plugin's tool is built without build-tool plugins")
                }
            }
            if !usageScannerUsers.contains(target.name), internalDependencies.contains(usageScanner) {
                found.append("\(target.name) depends on \(usageScanner): only l10n links swift-syntax; run `l10n usage` as a process instead")
            }
        }
        return found
    }

    /// The one diagram of the house (ARCHITECTURE.md), generated from the manifest: every target that is not a test, by
    /// layer (a target sits one layer above the highest of its dependencies in this package), top down, each with what
    /// it depends on; products of other packages in parentheses, build-tool plugins it runs in brackets.
    static func diagram(_ targets: [Target]) -> String {
        let shown = targets.filter { $0.type != "test" }
        let local = Set(shown.map(\.name))
        let byName = Dictionary(shown.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var layers: [String: Int] = [:]
        func layer(_ name: String, _ visiting: Set<String> = []) -> Int {
            if let known = layers[name] { return known }
            guard let target = byName[name], !visiting.contains(name) else { return 0 }
            let value = target.dependencies.filter(local.contains).map { layer($0, visiting.union([name])) + 1 }.max() ?? 0
            layers[name] = value
            return value
        }
        for target in shown { _ = layer(target.name) }
        let width = shown.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for level in Set(layers.values).sorted(by: >) {
            lines.append("layer \(level)")
            for target in shown.filter({ layers[$0.name] == level }).sorted(by: { $0.name < $1.name }) {
                let inside = target.dependencies.filter(local.contains)
                let outside = target.dependencies.filter { !local.contains($0) }
                let parts = inside + (outside.isEmpty ? [] : ["(" + outside.joined(separator: ", ") + ")"])
                    + target.plugins.map { "[plugin \($0)]" }
                lines.append("  " + target.name.padding(toLength: width, withPad: " ", startingAt: 0) + " → "
                             + (parts.isEmpty ? "nothing" : parts.joined(separator: ", ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Every target and product `name` depends on, directly or through targets of this package, including what its
    /// build-tool plugins run (a consumer builds that too).
    static func closure(of name: String, in targets: [Target]) -> Set<String> {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        var pending = (byName[name]?.dependencies ?? []) + (byName[name]?.plugins ?? [])
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += (byName[next]?.dependencies ?? []) + (byName[next]?.plugins ?? [])
        }
        return seen
    }

    /// Reads `swift package dump-package`'s JSON. A dependency is `{"byName"|"target"|"product": [name, …]}`,
    /// where the later elements (package, condition) may be null, strings or objects.
    static func parse(dumpPackageJSON data: Data) throws -> [Target] {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = root["targets"] as? [[String: Any]] else {
            throw ManifestShapeError(message: "dump-package JSON has no \"targets\" list")
        }
        return targets.map { raw in
            let dependencies = (raw["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                for kind in ["byName", "target", "product"] {
                    if let values = dependency[kind] as? [Any], let name = values.first as? String { return name }
                }
                return nil
            }
            let plugins = (raw["pluginUsages"] as? [[String: Any]] ?? []).compactMap { usage in
                (usage["plugin"] as? [Any])?.first as? String
            }
            return Target(name: raw["name"] as? String ?? "", path: raw["path"] as? String,
                          type: raw["type"] as? String ?? "regular", dependencies: dependencies, plugins: plugins)
        }
    }

    struct ManifestShapeError: Error { var message: String }
}

@Suite("Manifest follows ARCHITECTURE.md's rules")
struct ManifestRulesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func realManifestBreaksNoImportRule() async throws {
        let targets = try ModuleRules.parse(dumpPackageJSON: await Self.manifest.value)
        #expect(targets.contains { $0.name == "Core" })
        let violations = ModuleRules.violations(targets)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// ARCHITECTURE.md's diagram is the manifest's graph: an edit to Package.swift that changes who depends on whom
    /// fails here with the diagram to paste, so the house plan never disagrees with the house.
    @Test func theDiagramInARCHITECTUREmdIsTheManifestsGraph() async throws {
        let generated = ModuleRules.diagram(try ModuleRules.parse(dumpPackageJSON: await Self.manifest.value))
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let start = try #require(text.range(of: "<!-- target-graph: generated by ArchitectureTests from Package.swift -->\n```\n"))
        let end = try #require(text.range(of: "\n```\n<!-- /target-graph -->", range: start.upperBound..<text.endIndex))
        let documented = String(text[start.upperBound..<end.lowerBound])
        #expect(documented == generated, "ARCHITECTURE.md's diagram is out of date; paste this between its markers:\n\(generated)")
    }

    @Test func featureDependingOnAFeatureIsCaught() {
        let targets = [
            ModuleRules.Target(name: "OfflineCommerce", path: "Modules/OfflineCommerce", type: "regular", dependencies: ["Core", "OfflineProducts"]),
            ModuleRules.Target(name: "OfflineProducts", path: "Modules/OfflineProducts", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == ["feature OfflineCommerce depends on feature OfflineProducts: features never import each other"])
    }

    @Test func adaptersDependingOnEachOtherAreCaught() {
        let targets = [
            ModuleRules.Target(name: "Connectivity", path: "Modules/Connectivity", type: "regular", dependencies: ["Core", "SecureStore"]),
            ModuleRules.Target(name: "SecureStore", path: "Modules/SecureStore", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == ["Connectivity depends on SecureStore: the adapters meet only through Core's ports"])
    }

    @Test func coreDependingUpwardIsCaught() {
        let targets = [
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: ["CICUShim", "Connectivity", "Logging", "Crypto"]),
            ModuleRules.Target(name: "Connectivity", path: "Modules/Connectivity", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "CICUShim", path: "Modules/CICUShim", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == [
            "Core depends on live adapter Connectivity: only composition roots and tests import adapters",
            "Core depends on CICUShim: Core knows nothing above it and links no C target",
            "Core depends on Connectivity: Core knows nothing above it and links no C target",
            "Core depends on Crypto: Core is pure Swift plus swift-log",
            "Core depends on CICUShim: only LocalizationKit calls ICU",
            "runtime module Core reaches CICUShim: a runtime consumer must not build or link it",
            "runtime module Connectivity reaches CICUShim: a runtime consumer must not build or link it",
        ])
    }

    @Test func moduleOutsideModulesFolderIsCaught() {
        let targets = [
            ModuleRules.Target(name: "WarmupToast", path: "Sources/WarmupToast", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == ["WarmupToast lives at Sources/WarmupToast, not Modules/WarmupToast"])
    }

    @Test func localizationDependingOnMoreThanCoreOrFeatureResolvingCopyIsCaught() {
        let targets = [
            ModuleRules.Target(name: "Localization", path: "Localization", type: "regular", dependencies: ["Core", "SecureStore"]),
            ModuleRules.Target(name: "WarmupToast", path: "Modules/WarmupToast", type: "regular", dependencies: ["Core", "Localization"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
            ModuleRules.Target(name: "SecureStore", path: "Modules/SecureStore", type: "regular", dependencies: ["Core"]),
        ]
        #expect(ModuleRules.violations(targets) == [
            "Localization depends on SecureStore: the catalogs' loader needs only the localization engine",
            "feature WarmupToast depends on Localization: features may use only Core, OfflinePatterns and WireContract",
            "feature WarmupToast depends on Localization: features hold Copy keys; composition roots resolve them",
        ])
    }

    @Test func aFeatureImportingALiveAdapterIsCaught() {
        let targets = [
            ModuleRules.Target(name: "OfflineProducts", path: "Modules/OfflineProducts", type: "regular", dependencies: ["Core", "Connectivity"]),
            ModuleRules.Target(name: "OfflineProductsLive", path: "Modules/OfflineProducts/Live", type: "regular",
                               dependencies: ["OfflineProducts", "OfflineCommerce", "Connectivity"]),
            ModuleRules.Target(name: "OfflinePatterns", path: "Modules/OfflinePatterns", type: "regular", dependencies: ["Core", "SecureStore"]),
            ModuleRules.Target(name: "OfflineCommerce", path: "Modules/OfflineCommerce", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Connectivity", path: "Modules/Connectivity", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "SecureStore", path: "Modules/SecureStore", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == [
            "feature OfflineProducts depends on Connectivity: features may use only Core, OfflinePatterns and WireContract",
            "OfflineProducts depends on live adapter Connectivity: only composition roots and tests import adapters",
            "OfflineProductsLive depends on feature OfflineCommerce: a live adapter serves its own feature only",
            "OfflinePatterns depends on SecureStore: the patterns need only Core's ports, no live adapter",
            "OfflinePatterns depends on live adapter SecureStore: only composition roots and tests import adapters",
        ])
    }

    /// One wire contract (issue 39): a feature and its live adapter take the backend's bodies from WireContract, as the
    /// reference server does; the contract itself is data over Core, and reaches no web framework or network stack.
    @Test func theWireContractReachingMoreThanCoreIsCaughtAndAFeatureMayUseIt() {
        let targets = [
            ModuleRules.Target(name: "WireContract", path: "Modules/WireContract", type: "regular", dependencies: ["Core", "Connectivity", "Hummingbird"]),
            ModuleRules.Target(name: "OfflineSummary", path: "Modules/OfflineSummary", type: "regular", dependencies: ["Core", "OfflinePatterns", "WireContract"]),
            ModuleRules.Target(name: "OfflineSummaryLive", path: "Modules/OfflineSummary/Live", type: "regular",
                               dependencies: ["OfflineSummary", "Core", "Connectivity", "WireContract"]),
            ModuleRules.Target(name: "ReferenceServer", path: "Tools/ReferenceServer", type: "regular", dependencies: ["Core", "WireContract", "Hummingbird"]),
            ModuleRules.Target(name: "OfflinePatterns", path: "Modules/OfflinePatterns", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Connectivity", path: "Modules/Connectivity", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == [
            "WireContract depends on Connectivity: the contract is data both sides share, over Core only",
            "WireContract depends on Hummingbird: the contract is data both sides share, over Core only",
            "WireContract depends on live adapter Connectivity: only composition roots and tests import adapters",
            "runtime module WireContract reaches Hummingbird: a runtime consumer must not build or link it",
            "runtime module OfflineSummary reaches Hummingbird: a runtime consumer must not build or link it",
            "runtime module OfflineSummaryLive reaches Hummingbird: a runtime consumer must not build or link it",
        ])
        #expect(ModuleRules.violations(Array(targets.dropFirst()) + [
            ModuleRules.Target(name: "WireContract", path: "Modules/WireContract", type: "regular", dependencies: ["Core"]),
        ]).isEmpty)
    }

    /// The seam (issue 39): the runtime reaches no engine, ICU, web framework or argument parser, even through another
    /// target; the engine needs only Core and ICU; the lint tools need only the engine; only the app, the gallery, the
    /// REPL's executable and the benchmarks compose features.
    @Test func theRuntimeReachingTheToolingOrTheToolsReachingFeaturesIsCaught() {
        let targets = [
            ModuleRules.Target(name: "OfflineProducts", path: "Modules/OfflineProducts", type: "regular", dependencies: ["Core", "OfflinePatterns"]),
            ModuleRules.Target(name: "OfflinePatterns", path: "Modules/OfflinePatterns", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: ["Logging", "Tracing"]),
            ModuleRules.Target(name: "Tracing", path: "Modules/Tracing", type: "regular", dependencies: ["LocalizationKit", "ArgumentParser"]),
            ModuleRules.Target(name: "LocalizationKit", path: "Modules/LocalizationKit", type: "regular", dependencies: ["Core", "CICUShim", "SecureStore"]),
            ModuleRules.Target(name: "CICUShim", path: "Modules/CICUShim", type: "regular", dependencies: []),
            ModuleRules.Target(name: "SecureStore", path: "Modules/SecureStore", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "StringsKit", path: "Tools/StringsKit", type: "regular", dependencies: ["LocalizationKit", "WarmupToast"]),
            ModuleRules.Target(name: "WarmupToast", path: "Modules/WarmupToast", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "L10nREPL", path: "Tools/L10nREPL", type: "regular", dependencies: ["LocalizationKit", "OfflineApp"]),
            ModuleRules.Target(name: "OfflineApp", path: "Tools/OfflineApp", type: "regular", dependencies: ["OfflineProducts"]),
        ]
        let found = ModuleRules.violations(targets)
        #expect(found.contains("Core depends on Tracing: Core knows nothing above it and links no C target"))
        #expect(found.contains("runtime module OfflineProducts reaches ArgumentParser: a runtime consumer must not build or link it"))
        #expect(found.contains("runtime module OfflineProducts reaches CICUShim: a runtime consumer must not build or link it"))
        #expect(found.contains("runtime module Core reaches LocalizationKit: a runtime consumer must not build or link it"))
        #expect(found.contains("LocalizationKit depends on SecureStore: the engine needs only Core's copy vocabulary and ICU"))
        #expect(found.contains("StringsKit depends on WarmupToast: the lint tools run on other apps and need only the engine (internal identifiers come from l10n.json)"))
        #expect(found.contains("tool StringsKit depends on WarmupToast: only the app, the gallery, the REPL's app commands and the benchmarks compose features"))
        #expect(found.contains("tool L10nREPL depends on OfflineApp: only the app, the gallery, the REPL's app commands and the benchmarks compose features"))
        #expect(!found.contains { $0.hasPrefix("tool OfflineApp") })
    }

    /// Issue 42: `l10n` (the lint plugins' tool) once linked the gallery, and with it the features; once they generated
    /// their accessors, a consumer's build of the lint plugin's tool failed ("cannot find 'WarmupToastCopy'").
    @Test func aPluginsToolReachingATargetThatRunsABuildToolPluginIsCaught() {
        let targets = [
            ModuleRules.Target(name: "L10nLint", path: "Plugins/L10nLintCommand", type: "plugin", dependencies: ["l10n"]),
            ModuleRules.Target(name: "l10n", path: "Tools/l10n", type: "executable", dependencies: ["Gallery"]),
            ModuleRules.Target(name: "Gallery", path: "Tools/Gallery", type: "regular", dependencies: ["WarmupToast"]),
            ModuleRules.Target(name: "WarmupToast", path: "Modules/WarmupToast", type: "regular", dependencies: ["Core"], plugins: ["L10nAccessors"]),
            ModuleRules.Target(name: "L10nAccessors", path: "Plugins/L10nAccessors", type: "plugin", dependencies: ["l10n-accessors"]),
            ModuleRules.Target(name: "l10n-accessors", path: "Tools/l10n-accessors", type: "executable", dependencies: ["CatalogParser"]),
            ModuleRules.Target(name: "CatalogParser", path: "Modules/CatalogParser", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == [
            "plugin L10nLint's tool reaches WarmupToast, which runs L10nAccessors: a plugin's tool is built without build-tool plugins",
        ])
    }

    /// Issue 42: a feature that generates its accessors makes its consumers build the generator, so what the plugin runs
    /// counts as the feature's own dependency; the generator and the parser stay off the tooling.
    @Test func aPluginWhoseGeneratorReachesTheToolingIsCaught() {
        let targets = [
            ModuleRules.Target(name: "WarmupToast", path: "Modules/WarmupToast", type: "regular", dependencies: ["Core"], plugins: ["L10nAccessors"]),
            ModuleRules.Target(name: "L10nAccessors", path: "Plugins/L10nAccessors", type: "plugin", dependencies: ["l10n-accessors"]),
            ModuleRules.Target(name: "l10n-accessors", path: "Tools/l10n-accessors", type: "executable", dependencies: ["AccessorGen"]),
            ModuleRules.Target(name: "AccessorGen", path: "Tools/AccessorGen", type: "regular", dependencies: ["CatalogParser", "ArgumentParser"]),
            ModuleRules.Target(name: "CatalogParser", path: "Modules/CatalogParser", type: "regular", dependencies: ["Core", "CICUShim"]),
            ModuleRules.Target(name: "CICUShim", path: "Modules/CICUShim", type: "regular", dependencies: []),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == [
            "runtime module WarmupToast reaches ArgumentParser: a runtime consumer must not build or link it",
            "runtime module WarmupToast reaches CICUShim: a runtime consumer must not build or link it",
            "AccessorGen depends on ArgumentParser: the accessors generator needs only the catalog parser",
            "CatalogParser depends on CICUShim: only LocalizationKit calls ICU",
            "CatalogParser depends on CICUShim: the parser needs only Core, since a feature's build runs the accessors generator over it",
        ])
        #expect(ModuleRules.violations([
            ModuleRules.Target(name: "WarmupToast", path: "Modules/WarmupToast", type: "regular", dependencies: ["Core"], plugins: ["L10nAccessors"]),
            ModuleRules.Target(name: "L10nAccessors", path: "Plugins/L10nAccessors", type: "plugin", dependencies: ["l10n-accessors"]),
            ModuleRules.Target(name: "l10n-accessors", path: "Tools/l10n-accessors", type: "executable", dependencies: ["AccessorGen"]),
            ModuleRules.Target(name: "AccessorGen", path: "Tools/AccessorGen", type: "regular", dependencies: ["CatalogParser"]),
            ModuleRules.Target(name: "CatalogParser", path: "Modules/CatalogParser", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: []),
        ]).isEmpty)
    }

    @Test func aToolchainTestLinkingTheWebServerIsCaught() {
        let targets = [
            ModuleRules.Target(name: "StringsKitTests", path: "Tests/StringsKitTests", type: "test", dependencies: ["StringsKit", "TestSupport"]),
            ModuleRules.Target(name: "TestSupport", path: "Tests/TestSupport", type: "regular", dependencies: ["Core", "ReferenceServer"]),
            ModuleRules.Target(name: "ReferenceServer", path: "Tools/ReferenceServer", type: "regular", dependencies: ["Core", "Hummingbird"]),
            ModuleRules.Target(name: "StringsKit", path: "Tools/StringsKit", type: "regular", dependencies: ["LocalizationKit"]),
        ]
        #expect(ModuleRules.violations(targets) == [
            "StringsKitTests reaches Hummingbird: the toolchain's tests link no server, store or network",
            "StringsKitTests reaches ReferenceServer: the toolchain's tests link no server, store or network",
        ])
    }

    @Test func toolsMayDependOnModulesButComposeFeaturesOnlyAtTheRoots() {
        let targets = [
            ModuleRules.Target(name: "L10nREPLTool", path: "Tools/l10n-repl", type: "executable", dependencies: ["OfflineCommerce", "OfflineProducts", "SecureStore"]),
            ModuleRules.Target(name: "OfflineCommerce", path: "Modules/OfflineCommerce", type: "regular", dependencies: []),
            ModuleRules.Target(name: "OfflineProducts", path: "Modules/OfflineProducts", type: "regular", dependencies: []),
            ModuleRules.Target(name: "SecureStore", path: "Modules/SecureStore", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets).isEmpty)
    }

    @Test func swiftSyntaxOutsideTheUsageScannerIsCaught() {
        let targets = [
            ModuleRules.Target(name: "UsageScan", path: "Tools/UsageScan", type: "regular", dependencies: ["StringsKit", "SwiftSyntax", "SwiftParser"]),
            ModuleRules.Target(name: "l10n", path: "Tools/l10n", type: "executable", dependencies: ["UsageScan"]),
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: ["SwiftSyntax"]),
            ModuleRules.Target(name: "Bench", path: "Tools/Bench", type: "executable", dependencies: ["UsageScan"]),
            ModuleRules.Target(name: "StringsKit", path: "Tools/StringsKit", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == [
            "Core depends on SwiftSyntax: Core is pure Swift plus swift-log",
            "runtime module Core reaches SwiftSyntax: a runtime consumer must not build or link it",
            "Core depends on SwiftSyntax: only UsageScan parses Swift (swift-syntax)",
            "Bench depends on UsageScan: only l10n links swift-syntax; run `l10n usage` as a process instead",
        ])
    }

    /// The real SwiftPM on the real manifest, as CI runs it: once for every test that reads it, on a thread of its own
    /// (`offCooperativePool`: under load it takes half a minute, which must not hold a thread every async test needs).
    static let manifest = Task { try await offCooperativePool { try dumpPackageJSON() } }

    /// The manifest as `swift package dump-package` prints it.
    static func dumpPackageJSON() throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own, so this never waits on the lock `swift test` holds on .build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = ["swift", "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DumpPackageFailed(status: process.terminationStatus, stderr: errorText)
        }
        return data
    }

    struct DumpPackageFailed: Error, CustomStringConvertible {
        var status: Int32
        var stderr: String
        var description: String { "swift package dump-package exited \(status): \(stderr)" }
    }
}
