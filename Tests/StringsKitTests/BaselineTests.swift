import Core
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 2: a baseline records today's findings; later runs fail only on new ones.
@Suite struct BaselineTests {
    static func catalog() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"%d files\";\n\"c\" = \"Cherry\";\n\"d\" = \"Date\";\n")
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"%@ Dateien\";\n\"z\" = \"Zebra\";\n")
        return folder
    }

    @Test func writingABaselineRecordsEveryFindingAndPasses() throws {
        let folder = Self.catalog()
        #expect(folder.run(.init()).exitCode == 1)
        let path = folder.path("baseline.json")
        let outcome = folder.run(.init(writeBaselinePath: path))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError == "l10n: wrote 5 finding(s) to the baseline \(path); pass --baseline \(path) to fail only on new ones\n")
        let baseline = try Baseline.load(path: path)
        #expect(baseline.entryCount == 5)
        let again = folder.run(.init(baselinePath: path))
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.contains("5 finding(s) are in the baseline \(path) and not listed."))
        #expect(again.standardOutput.hasSuffix("0 error(s), 0 warning(s) new (5 in the baseline) in 2 file(s), 7 entries\n"))
    }

    @Test func identitySurvivesLineMovesAndReformatting() throws {
        let folder = Self.catalog()
        let path = folder.path("baseline.json")
        _ = folder.run(.init(writeBaselinePath: path))
        // The same entries, reordered, reformatted, with a header comment and blank lines.
        folder.write("de.lproj/Main.strings", """
        // Translators: the German team
        /* Zebra, an extra key */
        "z"   =   "Zebra" ;


        "b" = "%@ Dateien";
        "a"="Apple";
        """)
        folder.write("en.lproj/Main.strings", "\"d\" = \"Date\";\n\n\"c\" = \"Cherry\";\n\"b\" = \"%d files\";\n\"a\" = \"Apple\";\n")
        let outcome = folder.run(.init(baselinePath: path))
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("no longer occur"))
    }

    @Test func onlyNewFindingsFailAndFixedEntriesAreCounted() throws {
        let folder = Self.catalog()
        let path = folder.path("baseline.json")
        _ = folder.run(.init(writeBaselinePath: path))
        // "a" is translated now (the untranslated finding is fixed); "b" has a new value with a new mismatch.
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apfel\";\n\"b\" = \"%@ Dateien (%@)\";\n\"z\" = \"Zebra\";\n")
        let outcome = folder.run(.init(format: .xcode, baselinePath: path))
        #expect(outcome.exitCode == 1)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("[format-mismatch]") && lines[0].contains(": error: "))
        let text = folder.run(.init(baselinePath: path)).standardOutput
        #expect(text.contains("2 baseline entries no longer occur (fixed); run `l10n lint --write-baseline \(path)` to remove them."))
    }

    /// A finding that stands for many keys (a locale without the `.strings` of a table; a table that is the base text
    /// throughout) is known in a baseline by its keys: a key added later is a new finding, not hidden by the old one.
    @Test func aFindingForManyKeysIsNewWhenItsKeysChange() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n\"c\" = \"Cherry\";\n")
        folder.writePlural("en.lproj/Main.stringsdict", key: "%ld fruits", forms: ["one": "%ld fruit", "other": "%ld fruits"])
        folder.writePlural("de.lproj/Main.stringsdict", key: "%ld fruits", forms: ["one": "%ld Frucht", "other": "%ld Früchte"])
        let path = folder.path("baseline.json")
        #expect(folder.run(.init(writeBaselinePath: path)).exitCode == 0)
        #expect(folder.run(.init(strict: true, baselinePath: path)).exitCode == 0)
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n\"c\" = \"Cherry\";\n\"d\" = \"Date\";\n")
        let grown = folder.run(.init(strict: true, baselinePath: path))
        #expect(grown.exitCode == 1 && grown.standardOutput.contains("so 4 key(s) of the base's"), "\(grown.standardOutput)")
    }

    /// talk-ios (2026-12-07): a table mostly left in the base language is one `untranslated` finding, known in a baseline
    /// by its keys' findings. Translating some of them leaves it baselined (those are fixed), and so does its dropping
    /// under the count that makes it one finding; a key newly left in English makes it new.
    @Test func aTableLeftInTheBaseLanguageStaysBaselinedAsItsKeysAreTranslated() throws {
        let folder = CatalogFolder()
        let texts = (0..<30).map { "Open the folder number \($0)" }
        func write(_ locale: String, english: Range<Int>) {
            folder.write("\(locale).lproj/Main.strings", texts.enumerated().map { index, text in
                "\"k\(index)\" = \"\(english.contains(index) ? text : "Ordner Nummer \(index) öffnen")\";\n"
            }.joined())
        }
        folder.write("en.lproj/Main.strings", texts.enumerated().map { "\"k\($0.offset)\" = \"\($0.element)\";\n" }.joined())
        write("de", english: 0..<24)
        let path = folder.path("baseline.json")
        #expect(folder.run(.init(writeBaselinePath: path)).exitCode == 0)
        #expect(try Baseline.load(path: path).entryCount == 24)
        // Four keys translated: still one finding (20 of 30), baselined; their four entries are fixed.
        write("de", english: 0..<20)
        let fewer = folder.run(.init(strict: true, baselinePath: path))
        #expect(fewer.exitCode == 0 && fewer.standardOutput.contains("4 baseline entries no longer occur (fixed)"), "\(fewer.standardOutput)")
        // Under half: one finding per key, each baselined.
        write("de", english: 0..<12)
        #expect(folder.run(.init(strict: true, baselinePath: path)).exitCode == 0)
        // Back over half with a key that was translated before: new.
        write("de", english: 0..<12)
        write("de", english: 0..<25)
        let grown = folder.run(.init(strict: true, baselinePath: path))
        #expect(grown.exitCode == 1 && grown.standardOutput.contains("25 of its 30 translations are identical"), "\(grown.standardOutput)")
        // A baseline written before a finding stood for others (its own identity) still covers it.
        write("de", english: 0..<24)
        let own = try folder.lint().findings.filter { $0.rule == .untranslated }
        #expect(own.count == 1)
        var old = own[0]
        old.covers = nil
        try Baseline(findings: [old]).write(to: path)
        #expect(folder.run(.init(strict: true, baselinePath: path)).exitCode == 0)
    }

    @Test func theFileIsSortedStableJSONThatDiffsLineByLine() throws {
        let folder = Self.catalog()
        let first = folder.path("first.json")
        let second = folder.path("second.json")
        _ = folder.run(.init(writeBaselinePath: first))
        _ = folder.run(.init(writeBaselinePath: second))
        let text = try String(contentsOfFile: first, encoding: .utf8)
        #expect(text == (try String(contentsOfFile: second, encoding: .utf8)))
        let findingLines = text.split(separator: "\n").filter { $0.hasPrefix("    {\"rule\"") }
        #expect(findingLines.count == 5)
        #expect(findingLines.map(String.init) == findingLines.map(String.init).sorted())
        #expect(findingLines.allSatisfy { !$0.contains("\"line\"") && !$0.contains("\"file\"") })
        #expect(text.contains(#"{"rule": "missing-key", "table": "Main", "locale": "de", "key": "c", "valueHash": "cbf29ce484222325"}"#))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == 1)
    }

    @Test func theLineReaderReadsWhatTheJSONReaderReads() throws {
        let baseline = Baseline(counts: [
            BaselineEntry(rule: "untranslated", table: "Main", locale: "de", key: "a", valueHash: "0123456789abcdef"): 1,
            BaselineEntry(rule: "missing-key", table: "Ünïcode", locale: "zh-Hans", key: "你好 \"quoted\"", valueHash: "cbf29ce484222325"): 1,
            BaselineEntry(rule: "missing-key", table: "Main", locale: "de", key: "", valueHash: "cbf29ce484222325"): 3,
        ])
        let data = Data(baseline.rendered().utf8)
        #expect(try Baseline.parseJSON(data, path: "b.json") == baseline)
        #expect(try Baseline.parse(data, path: "b.json") == baseline)
        // The escaped key is left to the JSON reader; the others are read line by line.
        #expect(BaselineLines.parse(data) == nil)
        let plain = Baseline(counts: baseline.counts.filter { !$0.key.key.contains("\"") })
        #expect(BaselineLines.parse(Data(plain.rendered().utf8)) == plain)
        #expect(BaselineLines.parse(Data(Baseline().rendered().utf8)) == Baseline())
        // Reformatted by hand (one line): still read, by the JSON reader.
        let compact = #"{"version": 1, "findings": [{"rule": "untranslated", "table": "Main", "locale": "de", "key": "a", "valueHash": "0123456789abcdef"}]}"#
        #expect(try Baseline.parse(Data(compact.utf8), path: "b.json").entryCount == 1)
    }

    @Test func sarifMarksBaselinedResultsUnchangedAndNewOnesNew() throws {
        let folder = Self.catalog()
        let path = folder.path("baseline.json")
        _ = folder.run(.init(writeBaselinePath: path))
        folder.write("de.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"%@ Dateien\";\n\"z\" = \"Zebra\";\n\"c\" = \"Kirsche!\";\n")
        let outcome = folder.run(.init(format: .sarif, baselinePath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let results = try #require(((root["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let states = Dictionary(grouping: results, by: { $0["baselineState"] as? String ?? "" }).mapValues(\.count)
        #expect(states == ["new": 1, "unchanged": 4])
        #expect(results.allSatisfy { ($0["partialFingerprints"] as? [String: String])?["l10nIdentity/v1"]?.count == 16 })
        #expect(outcome.exitCode == 0) // the new finding is a warning
        let json = folder.run(.init(format: .json, baselinePath: path)).standardOutput
        let jsonRoot = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(jsonRoot["summary"] as? [String: Any])
        #expect((summary["baseline"] as? [String: Any])?["baselined"] as? Int == 4)
        #expect((summary["baseline"] as? [String: Any])?["fixed"] as? Int == 1)
        #expect(summary["warnings"] as? Int == 1)
    }

    @Test(arguments: [
        ("{", "not a baseline"),
        (#"{"version": 7, "findings": []}"#, "baseline version 7 is not 1"),
        (#"{"version": 1, "findings": [{"rule": "missing-key"}]}"#, "finding 1 needs the strings rule, table, locale, key and valueHash"),
    ])
    func aBadBaselineIsAUsageErrorNamingTheFile(text: String, problem: String) {
        let folder = Self.catalog()
        let path = folder.write("baseline.json", text)
        let outcome = folder.run(.init(baselinePath: path))
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.hasPrefix("l10n: \(path): \(problem)"), "\(outcome.standardError)")
        let missing = folder.run(.init(baselinePath: folder.path("nope.json")))
        #expect(missing.exitCode == 2 && missing.standardError.contains("create it with `l10n lint --write-baseline"))
    }

    /// Matching is by the five fields, one finding per recorded count: a second identical finding is new once the count
    /// is used up, an entry whose hash is not the lowercase digits the linter writes never matches, and what no finding
    /// used up is reported fixed as many times as it is left.
    @Test func aBaselineMatchesFieldByFieldAndCountsEachEntry() throws {
        func finding(_ key: String, _ subject: String, locale: String = "de") -> Finding {
            Finding(rule: .untranslated, severity: .warning, file: "de.lproj/Main.strings", line: 1, column: 1, locale: locale,
                    table: "Main", key: key, message: "m", subject: subject)
        }
        let twice = BaselineEntry(finding("a", "Apple"))
        var shouting = BaselineEntry(finding("b", "Banana"))
        shouting.valueHash = shouting.valueHash.uppercased()
        let gone = BaselineEntry(finding("g", "Gone"))
        let baseline = Baseline(counts: [twice: 1, shouting: 1, gone: 2])
        let result = LintResult(findings: [finding("a", "Apple"), finding("a", "Apple"), finding("b", "Banana"), finding("a", "Apple", locale: "fr")],
                                files: 1, entries: 3)
        let applied = baseline.apply(to: result, path: "baseline.json")
        #expect(applied.baseline?.baselined.count == 1)
        #expect(applied.findings.map(\.key) == ["a", "b", "a"])
        #expect(applied.baseline?.fixed == [gone, gone, shouting].sorted())
    }

    @Test func aFindingsIdentityIsRuleTableLocaleKeyAndValueHash() {
        let finding = Finding(rule: .untranslated, severity: .warning, file: "a/de.lproj/Main.strings", line: 3, column: 1,
                              locale: "de", table: "Main", key: "a", message: "…", subject: "Apple")
        var moved = finding
        moved.line = 90
        moved.file = "b/Main.xcstrings"
        moved.severity = .error
        #expect(BaselineEntry(finding) == BaselineEntry(moved))
        var changed = finding
        changed.subject = "Apple!"
        #expect(BaselineEntry(finding) != BaselineEntry(changed))
        // Without a value, the message's digits (line numbers) do not count.
        let withoutValue = Finding(rule: .syntaxError, severity: .error, file: "x", line: 1, column: 1, locale: "de", table: "Main",
                                   key: nil, message: "unexpected ; at line 12")
        var later = withoutValue
        later.message = "unexpected ; at line 40"
        #expect(BaselineEntry(withoutValue) == BaselineEntry(later))
        #expect(BaselineEntry.hash("") == "cbf29ce484222325")
    }
}
