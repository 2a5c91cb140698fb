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

/// Turns a lint result into text. Pure: the caller decides where it goes and whether colour is on.
public enum Reporter {
    public static func render(_ result: LintResult, format: ReportFormat, colour: Bool = false,
                              workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        switch format {
        case .text: text(result, colour: colour)
        case .xcode: xcode(result)
        case .json: json(result)
        case .sarif: sarif(result, workingDirectory: workingDirectory)
        }
    }

    /// Colour only when stdout is a terminal and `NO_COLOR` is not set (https://no-color.org).
    public static func shouldColour(environment: [String: String] = ProcessInfo.processInfo.environment,
                                    isTerminal: Bool = isatty(1) != 0) -> Bool {
        isTerminal && environment["NO_COLOR"] == nil
    }

    public static func xcodeLine(_ finding: Finding) -> String {
        "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule.rawValue)]"
    }

    public static func xcode(_ result: LintResult) -> String {
        result.findings.map { xcodeLine($0) + "\n" }.joined()
    }

    public static func text(_ result: LintResult, colour: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var output = ""
        for finding in result.findings {
            let severity = finding.severity == .error ? paint("error:", "1;31") : paint("warning:", "1;33")
            output += "\(paint("\(finding.file):\(finding.line):\(finding.column):", "1")) \(severity) \(finding.message) \(paint("[\(finding.rule.rawValue)]", "2"))\n"
        }
        let summary = "\(result.errors) error(s), \(result.warnings) warning(s) in \(result.files) file(s), \(result.entries) entries"
        output += result.errors > 0 ? paint(summary, "1;31") : result.warnings > 0 ? paint(summary, "1;33") : paint(summary, "32")
        return output + "\n"
    }

    public static func json(_ result: LintResult) -> String {
        let findings: [JSONText.Value] = result.findings.map { finding in
            .object([
                "rule": .string(finding.rule.rawValue), "severity": .string(finding.severity.rawValue), "file": .string(finding.file),
                "line": .number(finding.line), "column": .number(finding.column), "locale": .string(finding.locale),
                "table": .string(finding.table), "key": finding.key.map(JSONText.Value.string) ?? .null, "message": .string(finding.message),
            ])
        }
        let summary: JSONText.Value = .object([
            "files": .number(result.files), "entries": .number(result.entries),
            "errors": .number(result.errors), "warnings": .number(result.warnings),
        ])
        return JSONText.object(["findings": .array(findings), "summary": summary]) + "\n"
    }

    public static func sarif(_ result: LintResult, workingDirectory: String) -> String {
        let rules = Rule.allCases
        let ruleObjects: [JSONText.Value] = rules.map { rule in
            .object([
                "id": .string(rule.rawValue),
                "name": .string(rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()),
                "shortDescription": .object(["text": .string(rule.summary)]),
                "defaultConfiguration": .object(["level": .string(rule.defaultSeverity == .error ? "error" : "warning")]),
            ])
        }
        let results: [JSONText.Value] = result.findings.map { finding in
            .object([
                "ruleId": .string(finding.rule.rawValue),
                "ruleIndex": .number(rules.firstIndex(of: finding.rule) ?? 0),
                "level": .string(finding.severity == .error ? "error" : "warning"),
                "message": .object(["text": .string(finding.message)]),
                "locations": .array([.object([
                    "physicalLocation": .object([
                        "artifactLocation": .object(["uri": .string(uri(finding.file, workingDirectory: workingDirectory))]),
                        "region": .object(["startLine": .number(finding.line), "startColumn": .number(finding.column)]),
                    ]),
                ])]),
                "properties": .object(["locale": .string(finding.locale), "table": .string(finding.table), "key": .string(finding.key ?? "")]),
            ])
        }
        return JSONText.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": .object(["name": .string("l10n"), "rules": .array(ruleObjects)])]),
                "results": .array(results),
            ])]),
        ]) + "\n"
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
