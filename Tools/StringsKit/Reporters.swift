public import Foundation

/// How `l10n lint` prints its findings.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Compiler-style lines plus a summary; coloured on a terminal.
    case text
    /// Exactly `path:line:col: error: message [rule]`, one a line, for Xcode build phases and editors.
    case xcode
    /// `{"findings":[…],"summary":{…}}`.
    case json
    /// SARIF 2.1.0 for GitHub code scanning.
    case sarif
}

/// What a report shows besides the findings.
public struct ReportOptions: Sendable, Equatable {
    public var colour: Bool
    /// At most this many findings are listed in `text` and `xcode` (errors first); the rest are counted.
    /// `json` and `sarif` always carry every finding.
    public var maxFindings: Int?
    /// `text`: the per-locale and per-rule summary after the findings.
    public var showsSummary: Bool
    /// `text`: the summary only, no findings listed (`--summary`).
    public var summaryOnly: Bool

    public init(colour: Bool = false, maxFindings: Int? = nil, showsSummary: Bool = true, summaryOnly: Bool = false) {
        self.colour = colour
        self.maxFindings = maxFindings
        self.showsSummary = showsSummary
        self.summaryOnly = summaryOnly
    }
}

/// Turns a lint result into text. Pure: the caller decides where it goes and whether colour is on.
public enum Reporter {
    public static func render(_ result: LintResult, format: ReportFormat, colour: Bool = false,
                              workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        render(result, format: format, options: ReportOptions(colour: colour), workingDirectory: workingDirectory)
    }

    public static func render(_ result: LintResult, format: ReportFormat, options: ReportOptions,
                              workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        switch format {
        case .text: text(result, options: options)
        case .xcode: xcode(result, maxFindings: options.maxFindings)
        case .json: json(result)
        case .sarif: sarif(result, workingDirectory: workingDirectory)
        }
    }

    /// The findings a listing of at most `limit` shows: errors first, then warnings, then infos, each in report order;
    /// listed in report order. Also says how many were left out.
    public static func shown(_ findings: [Finding], limit: Int?) -> (shown: [Finding], omitted: Int) {
        guard let limit, findings.count > limit else { return (findings, 0) }
        var kept: [Finding] = []
        kept.reserveCapacity(limit)
        for severity in [Severity.error, .warning, .info, .off] where kept.count < limit {
            kept += findings.lazy.filter { $0.severity == severity }.prefix(limit - kept.count)
        }
        kept.sort(by: Finding.reportOrder)
        return (kept, findings.count - kept.count)
    }

    /// The line that says what `--max-findings` left out.
    public static func omittedLine(_ omitted: Int, limit: Int) -> String {
        "… \(LintSummary.grouped(omitted)) more finding(s) not shown (--max-findings \(limit)); --summary gives the totals, --format json every finding"
    }

    static func severityWord(_ severity: Severity) -> String {
        severity == .info ? "note" : severity.rawValue
    }

    /// Colour only when stdout is a terminal and `NO_COLOR` is not set (https://no-color.org). The process's own
    /// environment is read with `getenv` when none is given: Foundation's copy of it costs a lint about 0.3 ms.
    public static func shouldColour(environment: [String: String]? = nil, isTerminal: Bool = isatty(1) != 0) -> Bool {
        guard isTerminal else { return false }
        if let environment { return environment["NO_COLOR"] == nil }
        return getenv("NO_COLOR") == nil
    }

    /// Xcode and clang know `error`, `warning` and `note`.
    public static func xcodeLine(_ finding: Finding) -> String {
        "\(finding.file):\(finding.line):\(finding.column): \(severityWord(finding.severity)): \(oneLine(finding.message)) [\(finding.rule.rawValue)]"
    }

    /// A message on one line: a key or value that holds a line break (Loop's "Pump error.\n\nTry again later.") is
    /// shown with it escaped, as in the catalog, so that Xcode, CI and `grep` still see one finding a line.
    static func oneLine(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return message }
        var line = ""
        line.reserveCapacity(message.utf8.count + 8)
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\u{2028}": line += "\\U2028"
            case "\u{2029}": line += "\\U2029"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// Only new findings when a baseline is applied; the caller says on stderr what a limit left out.
    public static func xcode(_ result: LintResult, maxFindings: Int? = nil) -> String {
        shown(result.findings, limit: maxFindings).shown.map { xcodeLine($0) + "\n" }.joined()
    }

    public static func text(_ result: LintResult, colour: Bool) -> String {
        text(result, options: ReportOptions(colour: colour))
    }

    /// The findings (at most `maxFindings`), what a baseline covered, the summary, and one line of totals.
    public static func text(_ result: LintResult, options: ReportOptions) -> String {
        let colour = options.colour
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var output = ""
        if !options.summaryOnly {
            let (listed, omitted) = shown(result.findings, limit: options.maxFindings)
            for finding in listed {
                let severity = switch finding.severity {
                case .error: paint("error:", "1;31")
                case .warning: paint("warning:", "1;33")
                case .info, .off: paint("note:", "1;36")
                }
                output += "\(paint("\(finding.file):\(finding.line):\(finding.column):", "1")) \(severity) \(oneLine(finding.message)) \(paint("[\(finding.rule.rawValue)]", "2"))\n"
            }
            if omitted > 0, let limit = options.maxFindings { output += paint(omittedLine(omitted, limit: limit), "2") + "\n" }
        }
        if let baseline = result.baseline { output += baselineLines(baseline) }
        if options.showsSummary || options.summaryOnly, result.completeness != nil {
            let summary = LintSummary(result).text()
            if !summary.isEmpty { output += (output.isEmpty ? "" : "\n") + summary + "\n" }
        }
        var totals = "\(result.errors) error(s), \(result.warnings) warning(s)"
        if result.infos > 0 { totals += ", \(result.infos) note(s)" }
        if let baseline = result.baseline { totals += " new (\(LintSummary.grouped(baseline.baselined.count)) in the baseline)" }
        totals += " in \(result.files) file(s), \(result.entries) entries"
        output += result.errors > 0 ? paint(totals, "1;31") : result.warnings > 0 ? paint(totals, "1;33") : paint(totals, "32")
        return output + "\n"
    }

    /// What a baseline covered and what in it is fixed.
    static func baselineLines(_ baseline: BaselineOutcome) -> String {
        var lines = "\(LintSummary.grouped(baseline.baselined.count)) finding(s) are in the baseline \(baseline.path) and not listed.\n"
        if !baseline.fixed.isEmpty {
            lines += "\(LintSummary.grouped(baseline.fixed.count)) baseline entr\(baseline.fixed.count == 1 ? "y no longer occurs" : "ies no longer occur") (fixed); "
                + "run `l10n lint --write-baseline \(baseline.path)` to remove them.\n"
        }
        return lines
    }

    /// Every finding (with a baseline: new ones then baselined ones, each with its `baselineState`), and the summary:
    /// totals of new findings, per-locale completeness, per-rule counts, and what the baseline did.
    public static func json(_ result: LintResult) -> String {
        func object(_ finding: Finding, state: String?) -> JSONText.Value {
            var members: [String: JSONText.Value] = [
                "rule": .string(finding.rule.rawValue), "severity": .string(finding.severity.rawValue), "file": .string(finding.file),
                "line": .number(finding.line), "column": .number(finding.column), "locale": .string(finding.locale),
                "table": .string(finding.table), "key": finding.key.map(JSONText.Value.string) ?? .null, "message": .string(finding.message),
            ]
            if let state { members["baselineState"] = .string(state) }
            return .object(members)
        }
        let applied = result.baseline != nil
        var findings: [JSONText.Value] = result.findings.map { object($0, state: applied ? "new" : nil) }
        if let baseline = result.baseline { findings += baseline.baselined.map { object($0, state: "unchanged") } }
        var summary: [String: JSONText.Value] = [
            "files": .number(result.files), "entries": .number(result.entries),
            "errors": .number(result.errors), "warnings": .number(result.warnings), "infos": .number(result.infos),
        ]
        let figures = LintSummary(result)
        if result.completeness != nil {
            summary["locales"] = .array(figures.locales.map { row in
                let figures = row.completeness
                var object: [String: JSONText.Value] = [
                    "locale": .string(figures.locale), "base": .bool(figures.isBase), "entries": .number(figures.entries),
                    "baseKeys": .number(figures.baseKeys), "translated": .number(figures.translated),
                    "translatedPercent": .raw(LocaleCompleteness.format(figures.translatedPercent)),
                    "missing": .number(figures.missing), "identical": .number(figures.identical),
                    "errors": .number(row.errors), "warnings": .number(row.warnings), "infos": .number(row.infos),
                ]
                // Folders of other bundles that spell the locale otherwise (`DE.lproj` beside `de.lproj`), counted in this row.
                if figures.spellings.count > 1 { object["alsoSpelled"] = .array(figures.spellings.dropFirst().map { .string($0) }) }
                return .object(object)
            })
        }
        summary["rules"] = .object(Dictionary(uniqueKeysWithValues: figures.rules.map { row in
            (row.rule.rawValue, JSONText.Value.object(["errors": .number(row.errors), "warnings": .number(row.warnings), "infos": .number(row.infos)]))
        }))
        if let baseline = result.baseline {
            summary["baseline"] = .object(["path": .string(baseline.path), "baselined": .number(baseline.baselined.count),
                                           "fixed": .number(baseline.fixed.count)])
        }
        return JSONText.object(["findings": .array(findings), "summary": .object(summary)]) + "\n"
    }

    static func sarifLevel(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info, .off: "note"
        }
    }

    public static func sarif(_ result: LintResult, workingDirectory: String) -> String {
        let rules = Rule.allCases
        let ruleObjects: [JSONText.Value] = rules.map { rule in
            .object([
                "id": .string(rule.rawValue),
                "name": .string(rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()),
                "shortDescription": .object(["text": .string(rule.summary)]),
                "defaultConfiguration": .object(["level": .string(sarifLevel(rule.defaultSeverity))]),
            ])
        }
        // With a baseline, every finding is a result: new ones fail the run, baselined ones are `unchanged`.
        var states: [(Finding, String?)] = result.baseline.map { baseline in
            result.findings.map { ($0, "new") } + baseline.baselined.map { ($0, "unchanged") }
        } ?? result.findings.map { ($0, nil) }
        // GitHub code scanning rejects a run of more than 25,000 results (OsmAnd: 180,358, 177 MB, with a baseline):
        // the new ones first, then by severity, up to the limit, and the run says how many were left out.
        let total = states.count
        var notifications: [JSONText.Value] = []
        if total > sarifResultLimit {
            func rank(_ state: (Finding, String?)) -> Int {
                (state.1 == "unchanged" ? 4 : 0) + [Severity.error: 0, .warning: 1, .info: 2, .off: 3][state.0.severity, default: 3]
            }
            states = Array(states.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.prefix(sarifResultLimit).map(\.element))
            notifications.append(.object([
                "level": .string("warning"),
                "message": .object(["text": .string(sarifLimitNote(total: total, withBaseline: result.baseline != nil))]),
            ]))
        }
        let results: [JSONText.Value] = states.map { finding, state in
            var members: [String: JSONText.Value] = [
                "ruleId": .string(finding.rule.rawValue),
                "ruleIndex": .number(rules.firstIndex(of: finding.rule) ?? 0),
                "level": .string(sarifLevel(finding.severity)),
                "message": .object(["text": .string(finding.message)]),
                "locations": .array([.object([
                    "physicalLocation": .object([
                        "artifactLocation": .object(["uri": .string(uri(finding.file, workingDirectory: workingDirectory))]),
                        "region": .object(["startLine": .number(finding.line), "startColumn": .number(finding.column)]),
                    ]),
                ])]),
                "properties": .object(["locale": .string(finding.locale), "table": .string(finding.table), "key": .string(finding.key ?? "")]),
                "partialFingerprints": .object(["l10nIdentity/v1": .string(BaselineEntry(finding).fingerprint)]),
            ]
            if let state { members["baselineState"] = .string(state) }
            return .object(members)
        }
        return JSONText.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": .object(["name": .string("l10n"), "rules": .array(ruleObjects)])]),
                "invocations": .array([.object([
                    "executionSuccessful": .bool(true),
                    "toolExecutionNotifications": .array(notifications),
                ])]),
                "results": .array(results),
            ])]),
        ]) + "\n"
    }

    /// The most results a SARIF run holds: GitHub code scanning rejects a run of more.
    public static let sarifResultLimit = 25_000

    /// What a SARIF run (and the command's stderr) says when the limit left findings out.
    public static func sarifLimitNote(total: Int, withBaseline: Bool = false) -> String {
        "\(total - sarifResultLimit) of \(total) findings are left out of this SARIF file: GitHub code scanning rejects a run of more "
            + "than \(sarifResultLimit) results; new ones and errors come first. "
            + (withBaseline ? "" : "Record a baseline (--write-baseline) and lint with --baseline so the upload holds what changed, or ")
            + (withBaseline ? "Turn" : "turn") + " noisy rules off under \"severities\" in l10n.json"
    }

    /// A repository-relative URI where the file is under the working directory (what code scanning expects).
    static func uri(_ path: String, workingDirectory: String) -> String {
        var relative = path
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if relative.hasPrefix(prefix) { relative.removeFirst(prefix.count) }
        if relative.hasPrefix("./") { relative.removeFirst(2) }
        let allowed = CharacterSet.urlPathAllowed
        return relative.addingPercentEncoding(withAllowedCharacters: allowed) ?? relative
    }
}
