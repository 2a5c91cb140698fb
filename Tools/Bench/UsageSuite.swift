import Foundation

/// `l10n usage` on 2,000 generated Swift files (≈ 10 MB) against a 20,000-key catalog, beside a `grep -rhoE` pass
/// over the same tree: the floor any regex-based scanner stands on (it finds literals, and understands nothing).
struct UsageSuite: BenchSuite {
    let name = "usage"
    let summary = "l10n usage: 2,000 Swift files (~10 MB) vs a 20,000-key catalog, beside grep -rhoE over the same tree"

    static let files = 2_000
    static let keys = 20_000
    /// Keys the code names that the catalog lacks, and catalog keys no code names.
    static let plantedMissing = 40
    static let plantedUnused = 100
    static let rounds = 3

    func run(_ report: BenchReport) async throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("usage-bench-\(getpid())")
        // OFFLINE_BENCH_KEEP=1 leaves the generated tree, to run l10n or grep on it by hand.
        defer { if ProcessInfo.processInfo.environment["OFFLINE_BENCH_KEEP"] != "1" { try? FileManager.default.removeItem(atPath: folder) } }
        let bytes = try Self.generate(in: folder)
        report.emit("input_bytes", Double(bytes), unit: "bytes",
                    note: "\(Self.files) Swift files (SwiftUI views, NSLocalizedString, String(localized:), a Copy wrapper, interpolations), \(Self.keys)-key catalog, \(Self.plantedMissing) missing and \(Self.plantedUnused) unused keys planted")
        let l10n = try l10nExecutable()
        // The same literals a grep-based checker would look for, in one extended regular expression.
        let pattern = #"(NSLocalizedString|String\(localized:|Text|Button|Label|navigationTitle|Copy\(table,) ?\(?"[^"]*""#
        var usageRuns: [ChildRun] = [], grepRuns: [ChildRun] = []
        let sources = (folder as NSString).appendingPathComponent("Sources")
        let catalogs = (folder as NSString).appendingPathComponent("Localization")
        for _ in 0..<Self.rounds {
            usageRuns.append(try ChildRun.spawn([l10n, "usage", catalogs, "--format", "json", "--sources", sources], folder: folder))
            grepRuns.append(try ChildRun.spawn(["/usr/bin/grep", "-rhoE", pattern, sources], folder: folder))
        }
        let best = usageRuns.min { $0.seconds < $1.seconds }!
        guard best.status <= 1 else {
            throw BenchFailure("l10n usage exited \(best.status) in \(folder); run it there by hand (OFFLINE_BENCH_KEEP=1 keeps the folder)")
        }
        let (missing, unused) = try Self.countFindings(best.output)
        report.emit("usage_seconds", best.seconds, unit: "s", goal: "< 2 s", pass: best.seconds < 2,
                    note: "best of \(usageRuns.count) (median \(LintSuite.median(usageRuns.map(\.seconds)))); exit \(best.status); \(l10n)")
        let peak = Double(usageRuns.map(\.maxResidentBytes).max() ?? 0) / 1_048_576
        report.emit("usage_peak_rss", peak, unit: "MB", goal: "< 400 MB", pass: peak < 400)
        report.emit("usage_planted_missing_found", Double(missing), unit: "findings", goal: "\(Self.plantedMissing)", pass: missing == Self.plantedMissing)
        report.emit("usage_planted_unused_found", Double(unused), unit: "findings", goal: "\(Self.plantedUnused)", pass: unused == Self.plantedUnused)
        let grep = grepRuns.min { $0.seconds < $1.seconds }!
        let matches = String(decoding: grep.output, as: UTF8.self).split(separator: "\n").count
        report.emit("grep_seconds", grep.seconds, unit: "s", note: "grep -rhoE over the same tree: \(matches) literal matches, no keys derived, no tables")
        report.emit("usage_vs_grep", best.seconds, unit: "s", peer: "grep -rhoE", peerValue: grep.seconds, ratio: grep.seconds / best.seconds,
                    note: "the floor: grep reads the bytes; l10n parses every file with swift-syntax and checks the catalog")
    }

    static func countFindings(_ json: Data) throws -> (missing: Int, unused: Int) {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any], let findings = root["findings"] as? [[String: Any]] else {
            throw BenchFailure("l10n usage --format json printed something that is not its JSON report")
        }
        return (findings.count { $0["rule"] as? String == "key-not-in-catalog" }, findings.count { $0["rule"] as? String == "unused-key" })
    }

    /// Writes `Sources/Feature<n>/Screen<i>.swift` (about 5 KB each) and `Localization/en.lproj/Localizable.strings`;
    /// returns the bytes written.
    static func generate(in folder: String) throws -> Int {
        // The catalog holds "%lld items" and keys - 1 bench keys; all but the planted unused ones are named in code.
        let used = keys - 1 - plantedUnused
        var total = 0
        for file in 0..<files {
            var source = """
            import SwiftUI

            /// Screen \(file) of the generated app: a list, a detail header and a settings row.
            struct Screen\(file)View: View {
                let count: Int
                let name: String
                @State private var isOn = false

                var body: some View {
                    List {

            """
            for key in (file * used / files)..<((file + 1) * used / files) {
                let slot = key % 5
                switch slot {
                case 0: source += "            Text(\"bench.key.\(key)\")\n"
                case 1: source += "            Button(\"bench.key.\(key)\") { isOn.toggle() }\n"
                case 2: source += "            Text(verbatim: \"verbatim.\(key)\")  // not a key\n            Label(\"bench.key.\(key)\", systemImage: \"star\")\n"
                case 3: source += "            Text(String(localized: \"bench.key.\(key)\", table: \"Localizable\"))\n"
                default: source += "            Text(NSLocalizedString(\"bench.key.\(key)\", comment: \"Row \(slot) of screen \(file)\"))\n"
                }
            }
            if file % (files / plantedMissing) == 0 {
                source += "            Text(\"bench.missing.\(file)\")\n"
            }
            source += """
                    }
                    .navigationTitle("\\(count) items")
                }

            """
            // Filler in the shape of real view code, so the files have the size of real ones.
            for helper in 0..<8 {
                source += """

                    /// Formats row \(helper) for display; the identifier is internal, never shown.
                    private func row\(helper)(_ value: Int, label: String) -> some View {
                        let identifier = "screen.\(file).row.\(helper)"
                        let doubled = value * 2 + \(helper)
                        return HStack {
                            Image(systemName: "chevron.right")
                            Spacer(minLength: \(helper % 8))
                            Text(label).accessibilityIdentifier(identifier)
                        }
                        .padding(.horizontal, CGFloat(doubled % 16))
                    }

                """
            }
            source += "}\n"
            let path = (folder as NSString).appendingPathComponent("Sources/Feature\(file % 40)/Screen\(file).swift")
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let data = Data(source.utf8)
            try data.write(to: URL(fileURLWithPath: path))
            total += data.count
        }
        var catalog = "/* Generated by offline-bench usage: \(keys) keys. */\n\n\"%lld items\" = \"%lld items\";\n"
        for key in 0..<(keys - 1) {
            catalog += "/* Key \(key). */\n\"bench.key.\(key)\" = \"Value number \(key)\";\n"
        }
        let catalogPath = (folder as NSString).appendingPathComponent("Localization/en.lproj/Localizable.strings")
        try FileManager.default.createDirectory(atPath: (catalogPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: catalogPath))
        return total + catalog.utf8.count
    }
}
