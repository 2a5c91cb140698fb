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
        var grepRuns: [ChildRun] = []
        let sources = (folder as NSString).appendingPathComponent("Sources")
        let catalogs = (folder as NSString).appendingPathComponent("Localization")
        let best = try Self.measure(report, prefix: "usage", [l10n, "usage", catalogs, "--format", "json", "--sources", sources], in: folder,
                                    planted: (Self.plantedMissing, Self.plantedUnused), note: l10n) {
            grepRuns.append(try ChildRun.spawn(["/usr/bin/grep", "-rhoE", pattern, sources], folder: folder))
        }
        let grep = grepRuns.min { $0.seconds < $1.seconds }!
        let matches = String(decoding: grep.output, as: UTF8.self).split(separator: "\n").count
        report.emit("grep_seconds", grep.seconds, unit: "s", note: "grep -rhoE over the same tree: \(matches) literal matches, no keys derived, no tables")
        report.emit("usage_vs_grep", best.seconds, unit: "s", peer: "grep -rhoE", peerValue: grep.seconds, ratio: grep.seconds / best.seconds,
                    note: "the floor: grep reads the bytes; l10n parses every file with swift-syntax and checks the catalog")
        try runAppShaped(report, l10n: l10n)
    }

    /// The same on a tree in the shape of a real app, with no configuration: 736 files under folders with spaces,
    /// a SwiftGen file of 3,000 accessors, an app's own wrappers (a function and a `String` member, found by following
    /// data), SwiftUI literals and a few files of thousands of lines.
    func runAppShaped(_ report: BenchReport, l10n: String) throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("usage-app-bench-\(getpid())")
        defer { if ProcessInfo.processInfo.environment["OFFLINE_BENCH_KEEP"] != "1" { try? FileManager.default.removeItem(atPath: folder) } }
        let bytes = try AppShapedTree.generate(in: folder)
        report.emit("app_input_bytes", Double(bytes), unit: "bytes",
                    note: "\(AppShapedTree.files) Swift files in folders with spaces (SwiftGen accessors, wrappers, SwiftUI, long files), no l10n.json; \(AppShapedTree.plantedMissing) missing and \(AppShapedTree.plantedUnused) unused keys planted")
        let app = (folder as NSString).appendingPathComponent("App Sources")
        let share = (folder as NSString).appendingPathComponent("Share Extension")
        _ = try Self.measure(report, prefix: "app_usage", [l10n, "usage", app, "--format", "json", "--sources", app, share],
                             in: folder, planted: (AppShapedTree.plantedMissing, AppShapedTree.plantedUnused), note: "no configuration")
    }

    /// Runs `arguments` `rounds` times (and `alongside` after each), and reports the best run's seconds (goal < 2 s),
    /// the peak RSS (goal < 400 MB) and the planted findings found.
    static func measure(_ report: BenchReport, prefix: String, _ arguments: [String], in folder: String, planted: (missing: Int, unused: Int),
                        note: String, alongside: () throws -> Void = {}) throws -> ChildRun {
        var runs: [ChildRun] = []
        for _ in 0..<rounds {
            runs.append(try ChildRun.spawn(arguments, folder: folder))
            try alongside()
        }
        let best = runs.min { $0.seconds < $1.seconds }!
        guard best.status <= 1 else {
            throw BenchFailure("l10n usage exited \(best.status) in \(folder); run it there by hand (OFFLINE_BENCH_KEEP=1 keeps the folder)")
        }
        let (missing, unused) = try countFindings(best.output)
        report.emit("\(prefix)_seconds", best.seconds, unit: "s", goal: "< 2 s", pass: best.seconds < 2,
                    note: "best of \(runs.count) (median \(LintSuite.median(runs.map(\.seconds)))); exit \(best.status); \(note)")
        let peak = Double(runs.map(\.maxResidentBytes).max() ?? 0) / 1_048_576
        report.emit("\(prefix)_peak_rss", peak, unit: "MB", goal: "< 400 MB", pass: peak < 400)
        report.emit("\(prefix)_planted_missing_found", Double(missing), unit: "findings", goal: "\(planted.missing)", pass: missing == planted.missing)
        report.emit("\(prefix)_planted_unused_found", Double(unused), unit: "findings", goal: "\(planted.unused)", pass: unused == planted.unused)
        return best
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

/// A generated app in the shape of the real ones `l10n usage` was tried on (issue 38), read with no configuration.
enum AppShapedTree {
    static let files = 736
    static let accessors = 3_000
    static let wrapperKeys = 1_500
    static let viewKeys = 1_500
    static let plantedMissing = 20
    static let plantedUnused = 30

    /// Writes `App Sources/…` (the generated file, the wrappers, the views; every 60th view is a long one) and
    /// `Share Extension/…`, with `App Sources/en.lproj` and `de.lproj`; returns the bytes written.
    static func generate(in folder: String) throws -> Int {
        var total = 0
        func write(_ relative: String, _ text: String) throws {
            let path = (folder as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let data = Data(text.utf8)
            try data.write(to: URL(fileURLWithPath: path))
            total += data.count
        }
        // SwiftGen's structured output: enums per first segment, a static let (or a func with arguments) per key.
        var generated = "// swiftlint:disable all\n// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\nimport Foundation\n\ninternal enum L10n {\n"
        for group in 0..<(accessors / 20) {
            generated += "  internal enum Section\(group) {\n"
            for item in 0..<20 {
                let key = "section\(group).item\(item)"
                if item % 5 == 4 {
                    generated += "    /// %d items in %@\n    internal static func item\(item)(_ p1: Int, _ p2: Any) -> String {\n"
                    generated += "      return L10n.tr(\"Localizable\", \"\(key)\", p1, String(describing: p2), fallback: \"%d items in %@\")\n    }\n"
                } else {
                    generated += "    /// Item \(item) of section \(group)\n    internal static let item\(item) = L10n.tr(\"Localizable\", \"\(key)\", fallback: \"Item \(item)\")\n"
                }
            }
            generated += "  }\n"
        }
        generated += """
        }

        extension L10n {
          private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
            let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
            return String(format: format, locale: Locale.current, arguments: args)
          }
        }

        private final class BundleToken {
          static let bundle = Bundle(for: BundleToken.self)
        }

        """
        try write("App Sources/Generated/Strings+Generated.swift", generated)
        try write("App Sources/Support/Localization Helpers.swift", """
        import Foundation

        /// The app's own wrappers: no configuration names them; the scan follows the key into NSLocalizedString.
        func localized(_ key: String, _ arguments: CVarArg...) -> String {
            String(format: NSLocalizedString(key, comment: ""), arguments: arguments)
        }

        extension String {
            var localized: String { NSLocalizedString(self, comment: "") }
        }

        """)
        let views = files - 2
        let shareViews = 36
        for view in 0..<views {
            var source = "import SwiftUI\n\n/// Screen \(view) of the generated app.\nstruct Screen\(view)View: View {\n    let count: Int\n    let name: String\n\n    var body: some View {\n        List {\n"
            for group in stride(from: view, to: accessors / 20, by: views) {
                for item in 0..<20 {
                    source += item % 5 == 4 ? "            Text(L10n.Section\(group).item\(item)(count, name))\n" : "            Text(L10n.Section\(group).item\(item))\n"
                }
            }
            for key in stride(from: view, to: wrapperKeys, by: views) {
                source += key % 2 == 0 ? "            Text(localized(\"wrapper.key.\(key)\"))\n" : "            Text(\"wrapper.key.\(key)\".localized)\n"
            }
            for key in stride(from: view, to: viewKeys, by: views) {
                source += "            Button(\"view.key.\(key)\") { }\n"
            }
            if view % (views / plantedMissing) == 0, view / (views / plantedMissing) < plantedMissing {
                source += "            Text(\"planted.missing.\(view)\")\n"
            }
            source += "        }\n        .navigationTitle(name)\n    }\n"
            // Every 60th screen is one of the long files real apps have (thousands of lines of view code).
            let helpers = view % 60 == 0 ? 300 : 6
            for helper in 0..<helpers {
                source += """

                    /// Row \(helper): its identifier is internal, never shown.
                    private func row\(helper)(_ value: Int, label: String) -> some View {
                        let identifier = "screen.\(view).row.\(helper)"
                        return HStack {
                            Image(systemName: "chevron.right")
                            Text(label).accessibilityIdentifier(identifier)
                        }
                        .padding(.horizontal, CGFloat((value * 2 + \(helper)) % 16))
                    }

                """
            }
            source += "}\n"
            let path = view < shareViews ? "Share Extension/Compose View \(view).swift" : "App Sources/Feature \(view % 30)/Screen \(view).swift"
            try write(path, source)
        }
        var catalog = "/* Generated by offline-bench usage. */\n"
        var german = ""
        func entry(_ key: String, _ value: String) {
            catalog += "\"\(key)\" = \"\(value)\";\n"
            german += "\"\(key)\" = \"DE \(value)\";\n"
        }
        for group in 0..<(accessors / 20) {
            for item in 0..<20 { entry("section\(group).item\(item)", item % 5 == 4 ? "%d items in %@" : "Item \(item)") }
        }
        for key in 0..<wrapperKeys { entry("wrapper.key.\(key)", "Wrapped \(key)") }
        for key in 0..<viewKeys { entry("view.key.\(key)", "View \(key)") }
        for key in 0..<plantedUnused { entry("planted.unused.\(key)", "Unused \(key)") }
        try write("App Sources/en.lproj/Localizable.strings", catalog)
        try write("App Sources/de.lproj/Localizable.strings", german)
        return total
    }
}
