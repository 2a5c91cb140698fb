import Foundation
import Testing

// Reads the real manifest through `swift package dump-package` and fails when a target breaks
// the import rules of DESIGN.md. The rules themselves are also tested on hand-made manifests,
// so a rule that silently stopped catching anything would be noticed.

enum ModuleRules {
    static let features: Set<String> = ["WarmupToast", "OfflineSummary", "OfflineCommerce", "OfflineProducts"]
    static let adapters: Set<String> = ["Connectivity", "SecureStore"]
    static let foundation: Set<String> = ["Core", "CICUShim"]
    /// The offline patterns features program against (outbox, cached resources, blocking patterns): no network code.
    static let patterns = "OfflinePatterns"
    /// What a feature may depend on: the vocabulary and the patterns, never a live adapter.
    static let featureAllowed: Set<String> = ["Core", patterns]
    static var modules: Set<String> { features.union(adapters).union(foundation).union([patterns]) }
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

    /// What Core may depend on: its C shim and external products (swift-log).
    static let coreAllowed: Set<String> = ["CICUShim"]

    struct Target: Sendable {
        var name: String
        var path: String?
        var type: String
        var dependencies: [String]  // target and product names within this package
    }

    static func violations(_ targets: [Target]) -> [String] {
        var found: [String] = []
        let local = Set(targets.map(\.name))
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
                    found.append("feature \(target.name) depends on \(dependency): features may use only Core and OfflinePatterns")
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
                for dependency in internalDependencies where dependency != "Core" {
                    found.append("\(localization) depends on \(dependency): the catalogs' loader needs only Core")
                }
            }
            if features.contains(target.name), internalDependencies.contains(localization) {
                found.append("feature \(target.name) depends on \(localization): features hold Copy keys; composition roots resolve them")
            }
            if target.name == "Core" {
                for dependency in internalDependencies where !coreAllowed.contains(dependency) {
                    found.append("Core depends on \(dependency): Core knows nothing above it")
                }
            }
        }
        return found
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
            return Target(name: raw["name"] as? String ?? "", path: raw["path"] as? String,
                          type: raw["type"] as? String ?? "regular", dependencies: dependencies)
        }
    }

    struct ManifestShapeError: Error { var message: String }
}

@Suite("Manifest follows DESIGN.md's import rules")
struct ManifestRulesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func realManifestBreaksNoImportRule() throws {
        let targets = try Self.dumpPackage()
        #expect(targets.contains { $0.name == "Core" })
        let violations = ModuleRules.violations(targets)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
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
            ModuleRules.Target(name: "Core", path: "Modules/Core", type: "regular", dependencies: ["CICUShim", "Connectivity"]),
            ModuleRules.Target(name: "Connectivity", path: "Modules/Connectivity", type: "regular", dependencies: ["Core"]),
            ModuleRules.Target(name: "CICUShim", path: "Modules/CICUShim", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets) == [
            "Core depends on live adapter Connectivity: only composition roots and tests import adapters",
            "Core depends on Connectivity: Core knows nothing above it",
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
            "Localization depends on SecureStore: the catalogs' loader needs only Core",
            "feature WarmupToast depends on Localization: features may use only Core and OfflinePatterns",
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
            "feature OfflineProducts depends on Connectivity: features may use only Core and OfflinePatterns",
            "OfflineProducts depends on live adapter Connectivity: only composition roots and tests import adapters",
            "OfflineProductsLive depends on feature OfflineCommerce: a live adapter serves its own feature only",
            "OfflinePatterns depends on SecureStore: the patterns need only Core's ports, no live adapter",
            "OfflinePatterns depends on live adapter SecureStore: only composition roots and tests import adapters",
        ])
    }

    @Test func toolsMayDependOnAnything() {
        let targets = [
            ModuleRules.Target(name: "L10nREPL", path: "Tools/L10nREPL", type: "regular", dependencies: ["OfflineCommerce", "OfflineProducts", "SecureStore"]),
            ModuleRules.Target(name: "OfflineCommerce", path: "Modules/OfflineCommerce", type: "regular", dependencies: []),
            ModuleRules.Target(name: "OfflineProducts", path: "Modules/OfflineProducts", type: "regular", dependencies: []),
            ModuleRules.Target(name: "SecureStore", path: "Modules/SecureStore", type: "regular", dependencies: []),
        ]
        #expect(ModuleRules.violations(targets).isEmpty)
    }

    /// Runs the real SwiftPM on the real manifest, as CI does.
    static func dumpPackage() throws -> [ModuleRules.Target] {
        try ModuleRules.parse(dumpPackageJSON: dumpPackageJSON())
    }

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
