import Foundation
@testable import StringsKit
import Testing

/// `l10n lint`'s quick reading of its arguments: what it takes means what ArgumentParser's reading would, and
/// everything else is left to ArgumentParser (nil).
@Suite struct LintArgumentsTests {
    @Test func plainWordsAreReadAsArgumentParserWould() {
        #expect(LintArguments.quick([]) == LintArguments())
        #expect(LintArguments.quick(["Localization"]) == LintArguments(paths: ["Localization"]))
        #expect(LintArguments.quick(["a", "--format", "json", "b"]) == LintArguments(paths: ["a", "b"], format: .json))
        #expect(LintArguments.quick(["--format=sarif", "a"]) == LintArguments(paths: ["a"], format: .sarif))
        #expect(LintArguments.quick(["--strict", "--summary", "--config", "l10n.json", "a"])
            == LintArguments(paths: ["a"], config: "l10n.json", strict: true, summary: true))
        #expect(LintArguments.quick(["--max-findings", "0", "--baseline=base.json"]) == LintArguments(maxFindings: 0, baseline: "base.json"))
        #expect(LintArguments.quick(["--write-baseline", "out.json", "café.lproj"]) == LintArguments(paths: ["café.lproj"], writeBaseline: "out.json"))
        // A path may hold '=' or spaces; only a word that starts with '-' is an option.
        #expect(LintArguments.quick(["a=b", "my catalogs"]) == LintArguments(paths: ["a=b", "my catalogs"]))
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--sources", "Sources"], ["--fix"], ["--force"], ["--verbose"], ["--", "a"], ["-"],
        ["--format", "yaml"], ["--format", "JSON"], ["--format"], ["--format="], ["--format", "--strict"],
        ["--max-findings", "-1"], ["--max-findings", "many"], ["--max-findings", "1e3"],
        ["--strict", "--strict"], ["--format", "json", "--format", "xcode"], ["--strict=true"],
        ["--baseline", "a.json", "--write-baseline", "b.json"], ["--config"], ["--config", "-x"], ["--frobnicate"], ["--summery"],
    ])
    func anythingElseIsLeftToArgumentParser(words: [String]) {
        #expect(LintArguments.quick(words) == nil)
    }

    /// The binary, run both ways (`L10N_ARGUMENTS=full` turns the quick reading off): the same exit code, report,
    /// notes and baseline file, for readings the quick one takes and for ones it leaves.
    @Test func theBinaryAnswersAlikeWithEitherReading() throws {
        let folder = CommandTests.mixedCatalog()
        let root = folder.root
        let baselineOut = { (name: String) in (NSTemporaryDirectory() as NSString).appendingPathComponent("quick-\(getpid())-\(name).json") }
        defer { for name in ["quick", "full"] { try? FileManager.default.removeItem(atPath: baselineOut(name)) } }
        let cases: [[String]] = [
            ["lint", root], ["lint", "--format", "json", root], ["lint", "--format=xcode", "--strict", root], ["lint", "--summary", root],
            ["lint", root, "--max-findings", "1"], ["lint", "--format", "sarif", root], ["lint", folder.path("nope")],
            ["lint", "--format", "yaml", root], ["lint", root, "--max-findings", "-1"], ["lint", "--strict", "--strict", root],
            ["lint", "--config", folder.path("missing.json"), root], ["lint", "--baseline", folder.path("missing.json"), root],
            ["lint", "--frobnicate", root],
        ]
        for words in cases {
            let quick = try #require(try L10nBinary.run(words), "the l10n binary is built before the tests (swift build --product l10n)")
            let full = try #require(try L10nBinary.run(words, environment: ["NO_COLOR": "1", "L10N_ARGUMENTS": "full"]))
            #expect(quick.status == full.status, "\(words)")
            #expect(quick.standardOutput == full.standardOutput, "\(words)")
            #expect(quick.standardError == full.standardError, "\(words)")
        }
        var written: [String: String] = [:]
        for (name, environment) in [("quick", ["NO_COLOR": "1"]), ("full", ["NO_COLOR": "1", "L10N_ARGUMENTS": "full"])] {
            let run = try #require(try L10nBinary.run(["lint", "--write-baseline", baselineOut(name), root], environment: environment))
            #expect(run.status == 0, "\(run.standardError)")
            written[name] = try String(contentsOfFile: baselineOut(name), encoding: .utf8)
        }
        #expect(written["quick"] == written["full"])
        #expect(written["quick"]?.isEmpty == false)
    }
}
