import Core
import LocalizationKit
import Foundation
import TestSupport
@testable import StringsKit

/// A catalog folder in a fresh temporary directory, removed when the value goes away.
final class CatalogFolder {
    let root: String

    init() {
        root = (NSTemporaryDirectory() as NSString).appendingPathComponent("StringsKitTests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    /// Writes UTF-8 text at a path relative to the root, creating folders.
    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        write(relative, data: Data(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, data: Data) -> String {
        let full = path(relative)
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: data)
        return full
    }

    /// A `.stringsdict` with one plural rule `key` → `%#@count@` and the given forms.
    @discardableResult
    func writePlural(_ relative: String, key: String, forms: [String: String], valueType: String = "d", format: String = "%#@count@") -> String {
        var spec = "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>"
        for (category, text) in forms.sorted(by: { $0.key < $1.key }) { spec += "<key>\(category)</key><string>\(text)</string>" }
        return write(relative, """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>\(format)</string><key>count</key><dict>\(spec)</dict></dict></dict></plist>
        """)
    }

    func lint(_ configuration: LintConfiguration = LintConfiguration()) throws -> LintResult {
        try Linter(configuration: configuration).lint(Catalog.load(paths: [root]))
    }

    func run(_ options: L10nCommands.LintOptions) -> CommandOutcome {
        var options = options
        if options.paths.isEmpty { options.paths = [root] }
        return L10nCommands.lint(options)
    }
}

extension LintResult {
    func findings(_ rule: Rule) -> [Finding] { findings.filter { $0.rule == rule } }
    var rules: Set<Rule> { Set(findings.map(\.rule)) }
}

/// The built `l10n` binary beside the test bundle, if the build made one.
enum L10nBinary {
    static let url: URL? = BuiltProduct.url(named: "l10n")

    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(_ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"], in directory: String? = nil) throws -> Run? {
        guard let url else {
            print("skipped: no built l10n binary next to the tests (run `swift build --product l10n` first)")
            return nil
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = BuiltProduct.childEnvironment(environment)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                   standardError: String(decoding: errData, as: UTF8.self))
    }
}
