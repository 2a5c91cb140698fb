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
        let findings: [[String: Any]] = result.findings.map { finding in
            [
                "rule": finding.rule.rawValue, "severity": finding.severity.rawValue, "file": finding.file,
                "line": finding.line, "column": finding.column, "locale": finding.locale, "table": finding.table,
                "key": finding.key.map { $0 as Any } ?? NSNull(), "message": finding.message,
            ]
        }
        let object: [String: Any] = [
            "findings": findings,
            "summary": ["files": result.files, "entries": result.entries, "errors": result.errors, "warnings": result.warnings],
        ]
        return serialize(object)
    }

    public static func sarif(_ result: LintResult, workingDirectory: String) -> String {
        let rules = Rule.allCases
        let ruleObjects: [[String: Any]] = rules.map { rule in
            [
                "id": rule.rawValue,
                "name": rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                "shortDescription": ["text": rule.summary],
                "defaultConfiguration": ["level": rule.defaultSeverity == .error ? "error" : "warning"],
            ]
        }
        let results: [[String: Any]] = result.findings.map { finding in
            [
                "ruleId": finding.rule.rawValue,
                "ruleIndex": rules.firstIndex(of: finding.rule) ?? 0,
                "level": finding.severity == .error ? "error" : "warning",
                "message": ["text": finding.message],
                "locations": [[
                    "physicalLocation": [
                        "artifactLocation": ["uri": uri(finding.file, workingDirectory: workingDirectory)],
                        "region": ["startLine": finding.line, "startColumn": finding.column],
                    ],
                ]],
                "properties": ["locale": finding.locale, "table": finding.table, "key": finding.key ?? ""],
            ]
        }
        let object: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "l10n", "rules": ruleObjects]],
                "results": results,
            ]],
        ]
        return serialize(object)
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

    static func serialize(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
