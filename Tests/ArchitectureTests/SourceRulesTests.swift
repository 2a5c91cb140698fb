import Foundation
import Testing

// Reads the feature folders' Swift sources: the manifest can say a target *may* depend on a module; these rules say
// which file may *import* what, and that every feature has the same anatomy (Modules/README.md, "A feature's files").

enum SourceRules {
    /// What any file of a feature may import: the vocabulary, the patterns, the wire contract, and system or external
    /// modules that do no I/O of their own. Never a live adapter (Connectivity, SecureStore) or another feature.
    static let featureImports: Set<String> = ["Core", "OfflinePatterns", "WireContract", "Foundation", "Logging"]
    /// A state machine is pure: the vocabulary and Foundation's value types, nothing else.
    static let stateImports: Set<String> = ["Core", "Foundation"]
    /// Every feature folder has these files, with these roles.
    static let anatomy = ["README.md", "Actions.swift", "State.swift", "ViewState.swift", "Feature.swift", "Previews.swift"]
    /// A feature that calls a server also has these (WarmupToast calls none: it shows the session the others fill).
    static let serverAnatomy = ["Model.swift", "API.swift", "Repository.swift"]

    /// The modules a Swift source imports (`import X`, `public import X`, `@testable import X`, `import struct X.Y`).
    static func imports(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init).filter { !$0.hasPrefix("@") }
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ ["public", "internal", "package", "private", "fileprivate"].contains($0) }),
                  index + 1 < words.count else { return nil }
            let rest = Array(words[(index + 1)...])
            let name = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(rest[0]) && rest.count > 1 ? rest[1] : rest[0]
            return String(name.split(separator: ".")[0])
        }
    }

    /// Violations in one feature folder: `files` maps a path inside the folder (`State.swift`, `Live/API+Live.swift`) to its text.
    static func violations(feature: String, files: [String: String], callsServer: Bool) -> [String] {
        var found: [String] = []
        for name in anatomy + (callsServer ? serverAnatomy : []) where files[name] == nil {
            found.append("\(feature) has no \(name)")
        }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".swift") && !path.hasPrefix("Live/") {
            let allowed = path == "State.swift" ? stateImports : featureImports
            for module in imports(in: text) where !allowed.contains(module) {
                found.append("\(feature)/\(path) imports \(module): \(path == "State.swift" ? "a state machine imports Core only" : "a feature imports only Core, OfflinePatterns and WireContract")")
            }
        }
        if let feature = files["Feature.swift"], !feature.contains(": AppFeature {") {
            found.append("\(featureName(feature)) in Feature.swift does not conform to AppFeature")
        }
        return found
    }

    /// The server-backed features speak one vocabulary (Core's `Resources/`): a reader who knows one `State.swift` reads
    /// the others without a glossary. Each names what it must hold and what it must not do by itself.
    static let sharedVocabulary: [(file: String, text: String, why: String)] = [
        ("State.swift", "ResourceState<", "holds its cached resources in Core's ResourceState"),
        ("State.swift", "ToastSlot()", "shows toasts through Core's ToastSlot"),
        ("State.swift", "case refreshRequested", "calls the user's refresh `refreshRequested`"),
        ("State.swift", "case actionTapped(String)", "decides taps in the machine (`actionTapped`)"),
        ("State.swift", "case toastExpired(sequence: Int)", "names its toast timer's event `toastExpired(sequence:)`"),
        ("Feature.swift", "private struct Performer: Sendable", "does its work in a `Performer`"),
    ]
    static let ownVocabulary: [(file: String, text: String, why: String)] = [
        ("State.swift", "SplitMix64(", "keeps its own jitter: use RetrySchedule"),
        ("State.swift", "RetryPolicy(", "declares its own retry policy: use RetrySchedule"),
        ("State.swift", "toastDuration", "declares its own toast timer: use ToastSlot"),
        ("Feature.swift", "telemetry.record(", "records telemetry outside the machine: report an event, record it as an effect"),
        ("Feature.swift", ".handle(", "handles an event outside the runtime (its effects would be thrown away)"),
    ]

    static func vocabularyViolations(feature: String, files: [String: String]) -> [String] {
        var found: [String] = []
        for rule in sharedVocabulary where !(files[rule.file]?.contains(rule.text) ?? false) {
            found.append("\(feature)/\(rule.file) never \(rule.why)")
        }
        for rule in ownVocabulary where files[rule.file]?.contains(rule.text) ?? false {
            found.append("\(feature)/\(rule.file) \(rule.why)")
        }
        return found
    }

    private static func featureName(_ text: String) -> String {
        text.split(separator: "\n").first { $0.contains("final class ") }.map { String($0) } ?? "no feature class"
    }

    /// One wire contract (issue 39): the backend's bodies are declared in `Modules/WireContract` and nowhere else. A type
    /// that is Codable, Decodable or Encodable where the app or the server speaks to the other (the reference server, the
    /// composition root, a feature's `API.swift` and `Live/` adapter) is a second definition of the wire, free to drift
    /// from the first. The exceptions are the reference server's own: its admin API (`/_admin/…`, which no app calls)
    /// and its sessions file.
    static let serverOwnCodables: Set<String> = ["FaultConfiguration", "FaultOverride", "RequestCounts", "Issued"]

    /// `files` maps a path from the package root (`Tools/ReferenceServer/Sessions.swift`) to its text.
    static func wireBodyViolations(_ files: [String: String]) -> [String] {
        var found: [String] = []
        let declaration = /\b(?:struct|class|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)[^{]*:[^{]*\b(Codable|Decodable|Encodable)\b/
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//"), let match = line.firstMatch(of: declaration) else { continue }
                let name = String(match.1)
                if path.hasPrefix("Tools/ReferenceServer/"), serverOwnCodables.contains(name) { continue }
                found.append("\(path):\(number + 1): \(name) is \(match.2): the backend's bodies are declared once, in WireContract (`Wire.…`)")
            }
        }
        return found
    }
}

@Suite("Feature sources follow ARCHITECTURE.md: imports and anatomy")
struct SourceRulesTests {
    static let modules = ManifestRulesTests.packageRoot.appendingPathComponent("Modules")

    static func files(of feature: String) throws -> [String: String] {
        let folder = modules.appendingPathComponent(feature)
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".swift") || path.hasSuffix(".md") {
            files[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    @Test(arguments: ModuleRules.features.sorted())
    func everyFeatureHasTheSameAnatomyAndImportsNoLiveAdapter(_ feature: String) throws {
        let violations = SourceRules.violations(feature: feature, files: try Self.files(of: feature), callsServer: feature != "WarmupToast")
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test(arguments: ModuleRules.features.sorted().filter { $0 != "WarmupToast" })
    func theServerBackedFeaturesSpeakOneVocabulary(_ feature: String) throws {
        let violations = SourceRules.vocabularyViolations(feature: feature, files: try Self.files(of: feature))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func aFeatureWithItsOwnTimerRetryOrTelemetryIsCaught() {
        let files = [
            "State.swift": "public var cache = ResourceState<X>()\nvar toast = ToastSlot()\ncase refreshRequested\ncase actionTapped(String)\ncase toastExpired(sequence: Int)\nvar jitter = SplitMix64(seed: 1)",
            "Feature.swift": "final class F: AppFeature { init() { _ = initial.handle(.x, now: now); telemetry.record(\"x\") } }",
        ]
        #expect(SourceRules.vocabularyViolations(feature: "X", files: files) == [
            "X/Feature.swift never does its work in a `Performer`",
            "X/State.swift keeps its own jitter: use RetrySchedule",
            "X/Feature.swift records telemetry outside the machine: report an event, record it as an effect",
            "X/Feature.swift handles an event outside the runtime (its effects would be thrown away)",
        ])
    }

    @Test func aStateMachineImportingMoreThanCoreIsCaught() {
        let files = [
            "README.md": "", "Actions.swift": "", "ViewState.swift": "", "Previews.swift": "",
            "State.swift": "public import Core\nimport OfflinePatterns\nimport Foundation\n",
            "Feature.swift": "@preconcurrency public import Connectivity\npublic final class XFeature: AppFeature {\n",
            "Live/XAPI+Live.swift": "public import Connectivity\n",
        ]
        #expect(SourceRules.violations(feature: "X", files: files, callsServer: false) == [
            "X/Feature.swift imports Connectivity: a feature imports only Core, OfflinePatterns and WireContract",
            "X/State.swift imports OfflinePatterns: a state machine imports Core only",
        ])
    }

    @Test func aMissingFileOrAFeatureOffTheSharedSurfaceIsCaught() {
        let files = ["README.md": "", "Actions.swift": "", "State.swift": "", "ViewState.swift": "",
                     "Feature.swift": "public final class XFeature: Sendable {\n", "Previews.swift": ""]
        #expect(SourceRules.violations(feature: "X", files: files, callsServer: true) == [
            "X has no Model.swift", "X has no API.swift", "X has no Repository.swift",
            "public final class XFeature: Sendable { in Feature.swift does not conform to AppFeature",
        ])
    }

    /// Core is the runtime's vocabulary: pure Swift plus swift-log. No file of it imports the C shim, the localization
    /// engine or anything else a runtime consumer would have to build.
    static let coreImports: Set<String> = ["Foundation", "Logging", "os", "Glibc", "Musl", "Android", "Darwin"]

    static func coreViolations(_ files: [String: String]) -> [String] {
        files.sorted { $0.key < $1.key }.flatMap { path, text in
            SourceRules.imports(in: text).filter { !coreImports.contains($0) }.map { "Core/\(path) imports \($0): Core is pure Swift plus swift-log" }
        }
    }

    @Test func coreImportsNothingButFoundationAndSwiftLog() throws {
        let folder = Self.modules.appendingPathComponent("Core")
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".swift") {
            files[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        #expect(files.count > 20)
        #expect(Self.coreViolations(files).isEmpty, "\(Self.coreViolations(files).joined(separator: "\n"))")
        #expect(Self.coreViolations(["Formatting/ICU.swift": "import CICUShim\npublic import Foundation\n"])
            == ["Core/Formatting/ICU.swift imports CICUShim: Core is pure Swift plus swift-log"])
    }

    /// Nondeterminism only at the root (issue 39): no parameter of an initialiser or function under `Modules/` has a
    /// live default (a random key or seed, `UUID()`, a real clock, `Date()`), so a test that forgets one fails to
    /// compile instead of running on randomness; the composition root passes the live values.
    static let liveDefaults = [".random", "UUID()", "random(", "ContinuousClock()", "SuspendingClock()", "Date()", "Date.init", "= .live", "= .now"]

    static func liveDefaultViolations(_ files: [String: String]) -> [String] {
        var found: [String] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let scalars = Array(text.unicodeScalars)
            var index = 0
            while index < scalars.count {
                // A parameter clause: `init(` or `func name(` (and `<…>(` of a generic one), up to its matching `)`.
                guard let open = Self.parameterClauseStart(scalars, from: index) else { break }
                var depth = 0
                var end = open
                while end < scalars.count {
                    if scalars[end] == "(" { depth += 1 } else if scalars[end] == ")" { depth -= 1; if depth == 0 { break } }
                    end += 1
                }
                let clause = String(String.UnicodeScalarView(scalars[open..<min(end + 1, scalars.count)]))
                for parameter in clause.split(separator: ",") where parameter.contains("=") {
                    let value = parameter.split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
                    if let live = liveDefaults.first(where: { ("= " + value.trimmingCharacters(in: .whitespaces)).contains($0) }) {
                        let line = scalars[..<open].count { $0 == "\n" } + 1
                        found.append("\(path):\(line): a parameter defaults to a live value (\(live)); let the composition root pass it")
                    }
                }
                index = end + 1
            }
        }
        return found
    }

    /// The index of the `(` that opens the next `init(` or `func name(` parameter clause at or after `index`.
    static func parameterClauseStart(_ scalars: [Unicode.Scalar], from index: Int) -> Int? {
        let text = String(String.UnicodeScalarView(scalars[index...]))
        guard let match = text.firstMatch(of: /\b(init[?!]?|func\s+[A-Za-z_][A-Za-z0-9_]*)\s*(<[^>]*>)?\s*\(/) else { return nil }
        return index + text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: match.range.upperBound.samePosition(in: text.unicodeScalars)!) - 1
    }

    @Test func noInitialiserUnderModulesDefaultsToALiveValue() throws {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: Self.modules.path) where path.hasSuffix(".swift") {
            files[path] = try String(contentsOf: Self.modules.appendingPathComponent(path), encoding: .utf8)
        }
        #expect(files.count > 100)
        let found = Self.liveDefaultViolations(files)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        let planted = Self.liveDefaultViolations(["X/Feature.swift": """
        public init(store: any RecordStore, keys: IdempotencyKeys = .random,
                    makeID: @escaping @Sendable () -> String = { UUID().uuidString }, telemetry: Telemetry = .disabled) {}
        static func fixed(_ date: Date, clock: any Clock<Duration> = ContinuousClock()) -> TimeSource {}
        func seeded(seed: UInt64 = UInt64.random(in: 0 ... .max)) {}
        func fine(policy: RetryPolicy = .default, limit: Int = 3) {}
        """])
        #expect(planted == [
            "X/Feature.swift:1: a parameter defaults to a live value (.random); let the composition root pass it",
            "X/Feature.swift:1: a parameter defaults to a live value (UUID()); let the composition root pass it",
            "X/Feature.swift:3: a parameter defaults to a live value (ContinuousClock()); let the composition root pass it",
            "X/Feature.swift:4: a parameter defaults to a live value (.random); let the composition root pass it",
        ])
    }

    /// Where the app and the server speak to each other: the reference server, the composition root, and each
    /// feature's `API.swift` and `Live/` adapter.
    static func filesSpeakingToTheBackend() throws -> [String: String] {
        let root = ManifestRulesTests.packageRoot
        var files: [String: String] = [:]
        for folder in ["Tools/ReferenceServer", "Tools/OfflineApp"] + ModuleRules.features.sorted().map({ "Modules/\($0)/Live" }) {
            let url = root.appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            for path in try FileManager.default.subpathsOfDirectory(atPath: url.path) where path.hasSuffix(".swift") {
                files["\(folder)/\(path)"] = try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
            }
        }
        for feature in ModuleRules.features.sorted() {
            let api = root.appendingPathComponent("Modules/\(feature)/API.swift")
            if let text = try? String(contentsOf: api, encoding: .utf8) { files["Modules/\(feature)/API.swift"] = text }
        }
        return files
    }

    @Test func theBackendsBodiesAreDeclaredOnlyInTheWireContract() throws {
        let files = try Self.filesSpeakingToTheBackend()
        #expect(files.keys.contains("Tools/ReferenceServer/ReferenceRoutes.swift") && files.keys.contains("Modules/OfflineSummary/API.swift"))
        #expect(files.keys.contains { $0.hasPrefix("Modules/OfflineCommerce/Live/") })
        let found = SourceRules.wireBodyViolations(files)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")

        let planted = SourceRules.wireBodyViolations([
            "Tools/ReferenceServer/WireFormat.swift": "public struct Product: Codable, Sendable, Equatable {\n",
            "Tools/ReferenceServer/Faults.swift": "public struct FaultConfiguration: Codable, Sendable, Equatable {\n",
            "Modules/X/Live/XAPI+Live.swift": "import Core\n// struct Old: Codable {}\nprivate struct TransferBody: Encodable { var toUser: String }\n",
            "Modules/X/API.swift": "package struct SummaryWire: Decodable, Sendable {\n    struct Card: Decodable,\n        Sendable {}\n}\nextension ProductPage: Codable {}\n",
        ])
        #expect(planted == [
            "Modules/X/API.swift:1: SummaryWire is Decodable: the backend's bodies are declared once, in WireContract (`Wire.…`)",
            "Modules/X/API.swift:2: Card is Decodable: the backend's bodies are declared once, in WireContract (`Wire.…`)",
            "Modules/X/API.swift:5: ProductPage is Codable: the backend's bodies are declared once, in WireContract (`Wire.…`)",
            "Modules/X/Live/XAPI+Live.swift:3: TransferBody is Encodable: the backend's bodies are declared once, in WireContract (`Wire.…`)",
            "Tools/ReferenceServer/WireFormat.swift:1: Product is Codable: the backend's bodies are declared once, in WireContract (`Wire.…`)",
        ])
    }

    @Test func importsAreReadInEveryForm() {
        let source = "import Core\n@testable import OfflinePatterns\npublic import struct Foundation.Date\n// import Nothing\nlet x = 1\n"
        #expect(SourceRules.imports(in: source) == ["Core", "OfflinePatterns", "Foundation"])
    }
}
