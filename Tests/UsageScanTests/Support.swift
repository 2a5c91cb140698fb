import Core
import LocalizationKit
import Foundation
import StringsKit
import TestSupport
@testable import UsageScan

/// A temporary folder holding a small project (Swift sources and `<locale>.lproj` catalogs); removed at the end.
final class ProjectFolder {
    let root: String

    init() {
        root = (NSTemporaryDirectory() as NSString).appendingPathComponent("UsageScanTests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let full = path(relative)
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        return full
    }

    func read(_ relative: String) -> String { (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? "" }

    /// The code ↔ catalog report for `Sources/` against `catalogs` (`Localization/`), configured by its `l10n.json` if present.
    func usageReport(catalogs: String = "Localization") throws -> UsageReport {
        let (configuration, _) = try L10nCommands.loadConfiguration(explicit: nil, paths: [path(catalogs)])
        let catalog = try Catalog.load(paths: [path(catalogs)])
        let base = try Linter(configuration: configuration).baseLocale(of: catalog)
        let scan = try SourceUsage.scan(paths: [path("Sources")], configuration: configuration.usage)
        return UsageRules(configuration: configuration).check(scan, catalog: catalog, baseLocale: base)
    }
}

/// One Swift source scanned alone, as the scanner sees it.
func scan(_ source: String, configuration: UsageConfiguration = UsageConfiguration()) -> FileUsage {
    SourceUsage.scan(source: source, file: "Fixture.swift", configuration: configuration)
}

extension FileUsage {
    /// The literal or derived keys, in source order.
    var keys: [String] {
        references.map { reference in
            switch reference.key {
            case let .literal(text): text
            case let .interpolated(key): key.xcodeKey
            case let .generatedMember(root, path): "\(root).\(path)"
            }
        }
    }
}

extension UsageReport {
    func findings(_ rule: Rule) -> [Finding] { findings.filter { $0.rule == rule } }
}

/// The built `l10n`, run as a real process; nil (with a printed reason) when the build made none.
func runL10n(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String, error: String)? {
    guard let url = BuiltProduct.url(named: "l10n") else {
        print("skipped: no built l10n binary beside the tests (swift build --product l10n)")
        return nil
    }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = BuiltProduct.childEnvironment(["NO_COLOR": "1"])
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-out-\(UUID().uuidString)")
    let error = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: error.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.removeItem(at: error)
    }
    // Files, not pipes: a large report cannot fill a pipe and stall the child.
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: error)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: error, encoding: .utf8))
}
