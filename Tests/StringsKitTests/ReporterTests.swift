import Foundation
import Testing
@testable import StringsKit

@Suite struct ReporterTests {
    static let result = LintResult(findings: [
        Finding(rule: .formatMismatch, severity: .error, file: "/repo/Localization/nb.lproj/Main.strings", line: 3, column: 5,
                locale: "nb", table: "Main", key: "files", message: "argument 1 is %d but the base has %@; use %@"),
        Finding(rule: .extraKey, severity: .warning, file: "/repo/Localization/nb.lproj/Main.strings", line: 7, column: 1,
                locale: "nb", table: "Main", key: nil, message: "\"z\" is not in the base locale"),
    ], files: 4, entries: 12)

    @Test func xcodeFormatIsCompilerStyle() {
        let lines = Reporter.render(Self.result, format: .xcode).split(separator: "\n")
        #expect(lines == [
            "/repo/Localization/nb.lproj/Main.strings:3:5: error: argument 1 is %d but the base has %@; use %@ [format-mismatch]",
            "/repo/Localization/nb.lproj/Main.strings:7:1: warning: \"z\" is not in the base locale [extra-key]",
        ])
    }

    @Test func textFormatSummarisesAndColoursOnlyWhenAsked() {
        let plain = Reporter.render(Self.result, format: .text, colour: false)
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("Main.strings:3:5: error: argument 1"))
        #expect(plain.hasSuffix("1 error(s), 1 warning(s) in 4 file(s), 12 entries\n"))
        let coloured = Reporter.render(Self.result, format: .text, colour: true)
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    @Test func colourNeedsATerminalAndNoNO_COLOR() {
        #expect(Reporter.shouldColour(environment: [:], isTerminal: true))
        #expect(!Reporter.shouldColour(environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(!Reporter.shouldColour(environment: ["NO_COLOR": ""], isTerminal: true))
        #expect(!Reporter.shouldColour(environment: [:], isTerminal: false))
    }

    @Test func jsonFormatParsesBackWithEveryField() throws {
        let text = Reporter.render(Self.result, format: .json)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        let first = findings[0]
        for field in ["rule", "severity", "file", "line", "column", "locale", "table", "key", "message"] {
            #expect(first[field] != nil, "missing \(field)")
        }
        #expect(first["rule"] as? String == "format-mismatch")
        #expect(first["line"] as? Int == 3 && first["column"] as? Int == 5)
        #expect(findings[1]["key"] is NSNull)
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 4 && summary["entries"] as? Int == 12)
        #expect(summary["errors"] as? Int == 1 && summary["warnings"] as? Int == 1)
    }

    @Test func sarifHasWhatGitHubCodeScanningRequires() throws {
        let text = Reporter.render(Self.result, format: .sarif, workingDirectory: "/repo")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "l10n")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == Rule.allCases.count)
        #expect(rules.allSatisfy { $0["id"] is String && (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let first = results[0]
        #expect(first["ruleId"] as? String == "format-mismatch")
        #expect(first["level"] as? String == "error")
        #expect(results[1]["level"] as? String == "warning")
        #expect((first["message"] as? [String: Any])?["text"] as? String == "argument 1 is %d but the base has %@; use %@")
        let location = try #require(((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Localization/nb.lproj/Main.strings")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 3 && region["startColumn"] as? Int == 5)
        let ruleIndex = try #require(first["ruleIndex"] as? Int)
        #expect(rules[ruleIndex]["id"] as? String == "format-mismatch")
    }

    /// OsmAnd (2026-12-07): 180,358 results in one run, 177 MB; GitHub code scanning rejects a run of more than 25,000.
    /// The run holds the first 25,000, errors first, and says how many were left out.
    @Test func sarifHoldsAtMostWhatCodeScanningAccepts() throws {
        let warnings = (0..<(Reporter.sarifResultLimit + 9)).map { index in
            Finding(rule: .missingKey, severity: .warning, file: "/repo/Localization/nb.lproj/Main.strings", line: index + 1, column: 1,
                    locale: "nb", table: "Main", key: "k\(index)", message: "\"k\(index)\" has no nb translation")
        }
        let error = Finding(rule: .formatMismatch, severity: .error, file: "/repo/Localization/nb.lproj/Main.strings", line: 99_999, column: 1,
                            locale: "nb", table: "Main", key: "files", message: "argument 1 is %d but the base has %@")
        let text = Reporter.render(LintResult(findings: warnings + [error], files: 1, entries: warnings.count + 1), format: .sarif, workingDirectory: "/repo")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Reporter.sarifResultLimit)
        #expect(results.first?["level"] as? String == "error")
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        let note = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(((note["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("10 of 25010 findings are left out of this SARIF file") == true)
    }
}
