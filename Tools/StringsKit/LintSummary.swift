/// The figures `l10n lint --summary` prints and the JSON report carries: one row per locale, worst first, and the
/// count of findings per rule. Counts include baselined findings: the summary describes the catalogs, not the diff.
public struct LintSummary: Sendable {
    public struct LocaleRow: Sendable, Equatable {
        public var completeness: LocaleCompleteness
        public var errors: Int
        public var warnings: Int
        public var infos: Int
    }

    public struct RuleRow: Sendable, Equatable {
        public var rule: Rule
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        public var total: Int { errors + warnings + infos }
    }

    /// Translated locales from the least translated (then most errors, most warnings, name); the base locale last.
    public var locales: [LocaleRow]
    /// Rules with at least one finding, most findings first.
    public var rules: [RuleRow]

    public init(_ result: LintResult) {
        var byLocale: [String: (errors: Int, warnings: Int, infos: Int)] = [:]
        var byRule: [Rule: RuleRow] = [:]
        for finding in result.allFindings {
            var counts = byLocale[finding.locale] ?? (0, 0, 0)
            var row = byRule[finding.rule] ?? RuleRow(rule: finding.rule, errors: 0, warnings: 0, infos: 0)
            switch finding.severity {
            case .error: counts.errors += 1; row.errors += 1
            case .warning: counts.warnings += 1; row.warnings += 1
            case .info, .off: counts.infos += 1; row.infos += 1
            }
            byLocale[finding.locale] = counts
            byRule[finding.rule] = row
        }
        locales = (result.completeness ?? []).map { completeness in
            // A row counts the findings of every folder name it stands for (`de` and `DE`).
            let counts = completeness.spellings.reduce((errors: 0, warnings: 0, infos: 0)) { sum, spelling in
                let each = byLocale[spelling] ?? (0, 0, 0)
                return (sum.errors + each.errors, sum.warnings + each.warnings, sum.infos + each.infos)
            }
            return LocaleRow(completeness: completeness, errors: counts.errors, warnings: counts.warnings, infos: counts.infos)
        }.sorted { lhs, rhs in
            if lhs.completeness.isBase != rhs.completeness.isBase { return rhs.completeness.isBase }
            let left = (lhs.completeness.translatedPercent, -lhs.errors, -lhs.warnings)
            let right = (rhs.completeness.translatedPercent, -rhs.errors, -rhs.warnings)
            if left != right { return left < right }
            return lhs.completeness.locale < rhs.completeness.locale
        }
        rules = byRule.values.sorted { ($0.total, $1.rule.rawValue) > ($1.total, $0.rule.rawValue) }
    }

    /// Plain-text tables, numbers right-aligned.
    public func text() -> String {
        var output = ""
        if !locales.isEmpty {
            var rows = [["Locale", "Entries", "Translated", "Missing", "Identical", "Errors", "Warnings"]]
            for row in locales {
                let figures = row.completeness
                let name = figures.spellings.joined(separator: "/")
                rows.append([figures.isBase ? "\(name) (base)" : name, Self.grouped(figures.entries),
                             figures.isBase && figures.baseKeys == 0 ? "-" : LocaleCompleteness.format(figures.translatedPercent) + " %",
                             Self.grouped(figures.missing), Self.grouped(figures.identical), Self.grouped(row.errors), Self.grouped(row.warnings)])
            }
            output += Self.table(rows)
        }
        if !rules.isEmpty {
            if !output.isEmpty { output += "\n" }
            var rows = [["Rule", "Errors", "Warnings", "Info"]]
            for row in rules { rows.append([row.rule.rawValue, Self.grouped(row.errors), Self.grouped(row.warnings), Self.grouped(row.infos)]) }
            output += Self.table(rows)
        }
        return output
    }

    /// The first column left-aligned, the others right-aligned, two spaces apart.
    static func table(_ rows: [[String]]) -> String {
        guard let columns = rows.first?.count else { return "" }
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }.joined()
    }

    /// 4074 → "4,074": the summary is read by people.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return number < 0 ? "-" + out : out
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
