import Foundation
import Testing

// The products story asks for iOS 14+; Swift's `Clock`/`Duration` put the code's true floor at iOS 16 / macOS 13
// (README, "Platforms"). These rules keep it there: the manifest declares that floor, and no source imports
// `Synchronization` (its `Mutex`/`Atomic` need iOS 18 / macOS 15; Core's `Locked` is the lock for every system).

enum PlatformFloor {
    /// The lowest systems the code supports, as `swift package dump-package` names them. Why 16 and not the story's 14:
    /// every timer, retry and test runs on Swift's `Clock`/`Duration`, which need iOS 16 / macOS 13; reaching 14 would
    /// take a clock protocol of our own beside the standard one in every module, for the few devices still on 14–15
    /// (README, "Platforms", has the full cost). Lower this only together with that README section.
    static let declared: [String: String] = ["ios": "16.0", "macos": "13.0"]
    /// Modules that raise the floor above it when imported.
    static let tooNew: [String: String] = ["Synchronization": "Mutex and Atomic need iOS 18 / macOS 15: use Core's Locked"]

    /// The platforms a dump-package JSON declares, by name.
    static func platforms(dumpPackageJSON data: Data) throws -> [String: String] {
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let platforms = root["platforms"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: platforms.compactMap { platform in
            (platform["platformName"] as? String).map { ($0, platform["version"] as? String ?? "") }
        })
    }

    /// Every import of a module that needs a newer system than the floor: `files` maps a path to its text.
    static func violations(files: [String: String]) -> [String] {
        files.sorted { $0.key < $1.key }.flatMap { path, text in
            SourceRules.imports(in: text).compactMap { module in tooNew[module].map { "\(path) imports \(module): \($0)" } }
        }
    }

    /// The Swift sources of the package's own code: Modules/, Tools/ and Tests/ (every target builds for the floor).
    static func packageSources() throws -> [String: String] {
        var files: [String: String] = [:]
        for folder in ["Modules", "Tools", "Tests"] {
            let root = ManifestRulesTests.packageRoot.appendingPathComponent(folder)
            for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where path.hasSuffix(".swift") {
                files["\(folder)/\(path)"] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            }
        }
        return files
    }
}

@Suite("The platform floor: iOS 16 / macOS 13, and nothing that needs more")
struct PlatformFloorTests {
    @Test func theManifestDeclaresTheFloorTheCodeSupports() async throws {
        let declared = try PlatformFloor.platforms(dumpPackageJSON: await ManifestRulesTests.manifest.value)
        #expect(declared == PlatformFloor.declared)
    }

    @Test func noModuleToolOrTestImportsSynchronization() throws {
        let sources = try PlatformFloor.packageSources()
        #expect(sources.keys.contains("Modules/Core/Concurrency/Locked.swift"))
        let violations = PlatformFloor.violations(files: sources)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func anImportOfSynchronizationIsCaught() {
        let files = ["Modules/X/A.swift": "import Foundation\nimport Synchronization\n", "Modules/X/B.swift": "// import Synchronization\n"]
        #expect(PlatformFloor.violations(files: files) == [
            "Modules/X/A.swift imports Synchronization: Mutex and Atomic need iOS 18 / macOS 15: use Core's Locked",
        ])
    }
}
