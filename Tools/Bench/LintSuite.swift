import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `l10n lint` on a 20,000-entry UTF-16 base/target pair with 50 planted format errors, against `plutil -lint`
/// (syntax only) and translate-toolkit (`prop2po` + `pofilter -t printf`) on the same files.
struct LintSuite: BenchSuite {
    let name = "lint"
    let summary = "l10n lint of a 20,000-entry UTF-16 pair vs plutil -lint and translate-toolkit (prop2po + pofilter); a 100,000-entry 60-locale project with --summary and a 40,000-finding baseline"

    static let entries = 20_000
    static let planted = 50
    /// Interleaved rounds (see `run`): on a shared machine a single run can be 50 % slower for reasons of its own. Ten
    /// rounds give l10n and plutil twenty runs each, so each tool's best run is its floor rather than a lucky draw: with
    /// ten runs each, l10n's best read 29.3–34.7 ms from one run of the suite to the next (plutil 161–191 ms), and the
    /// ratio 4.8–6.3×. Twenty runs cost about five seconds more, nearly all plutil's. translate-toolkit, 4 s a run, runs
    /// in the first three.
    static let rounds = 10
    static let toolkitRounds = 3

    func run(_ report: BenchReport) async throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("lint-bench-\(getpid())")
        // OFFLINE_BENCH_KEEP=1 leaves the generated pair and project, to run l10n, plutil or perf on them by hand.
        defer { if ProcessInfo.processInfo.environment["OFFLINE_BENCH_KEEP"] != "1" { try? FileManager.default.removeItem(atPath: folder) } }
        let (base, target) = try Self.generate(in: folder)
        let bytes = (try Self.size(base)) + (try Self.size(target))
        report.emit("input_bytes", Double(bytes), unit: "bytes", note: "\(Self.entries) entries per locale, UTF-16LE with BOM, comments, \(Self.planted) planted format errors")

        let l10n = try l10nExecutable()
        let plutilPath = ["/opt/swift/usr/bin/plutil", "/usr/bin/plutil"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? Self.onPath("plutil")
        if Self.onPath("prop2po") == nil {
            _ = try? ChildRun.spawn(["/usr/bin/env", "pip", "install", "--quiet", "translate-toolkit"], folder: folder)
        }
        let toolkit = Self.onPath("prop2po").flatMap { prop2po in Self.onPath("pofilter").map { (prop2po, $0) } }
        let po = (folder as NSString).appendingPathComponent("nb.po")
        let filtered = (folder as NSString).appendingPathComponent("nb.filtered.po")

        // Rounds interleave the tools, so a slow spell of a shared machine hits them alike; each tool's best run counts
        // (the median is printed beside it). A round: l10n and plutil twice, translate-toolkit once.
        var lintRuns: [ChildRun] = [], plutilRuns: [ChildRun] = []
        var toolkitRuns: [(convert: ChildRun, filter: ChildRun)] = []
        for round in 0..<Self.rounds {
            for _ in 0..<2 {
                lintRuns.append(try ChildRun.spawn([l10n, "lint", "--format", "json", base, target], folder: folder))
                if let plutilPath { plutilRuns.append(try ChildRun.spawn([plutilPath, "-lint", base, target], folder: folder)) }
            }
            if round < Self.toolkitRounds, let (prop2po, pofilter) = toolkit {
                let convert = try ChildRun.spawn([prop2po, "--personality=strings", "--encoding=utf-16", "-t", base, target, po], folder: folder)
                let filter = try ChildRun.spawn([pofilter, "-t", "printf", po, filtered], folder: folder)
                toolkitRuns.append((convert, filter))
            }
        }

        let lint = try Self.reportLint(lintRuns, binary: l10n, report: report)

        // plutil -lint: a syntax check alone.
        if let plutil = plutilRuns.min(by: { $0.seconds < $1.seconds }) {
            report.emit("plutil_lint_seconds", plutil.seconds, unit: "s",
                        note: "best of \(plutilRuns.count) (median \(Self.median(plutilRuns.map(\.seconds)))); exit \(plutil.status)")
            let middle = { (runs: [ChildRun]) in runs.map(\.seconds).sorted()[runs.count / 2] }
            let medianRatio = middle(plutilRuns) / middle(lintRuns)
            report.emit("l10n_vs_plutil", lint.seconds, unit: "s", peer: "plutil -lint", peerValue: plutil.seconds,
                        ratio: plutil.seconds / lint.seconds, goal: ">= 5x faster (issue 41)", pass: plutil.seconds / lint.seconds >= 5,
                        note: "best run against best run; the medians' ratio is \(String(format: "%.2f", medianRatio))")
        } else {
            report.emit("plutil_lint_seconds", 0, unit: "s", note: "skipped: plutil not found")
        }

        // translate-toolkit: prop2po (strings personality) then pofilter's printf check.
        if let (convert, filter) = toolkitRuns.min(by: { $0.convert.seconds + $0.filter.seconds < $1.convert.seconds + $1.filter.seconds }) {
            let toolkitSeconds = convert.seconds + filter.seconds
            let filteredText = (try? String(contentsOfFile: filtered, encoding: .utf8)) ?? ""
            let toolkitFound = filteredText.components(separatedBy: "(pofilter) printf").count - 1
            report.emit("toolkit_seconds", toolkitSeconds, unit: "s",
                        note: "best of \(toolkitRuns.count) (median \(Self.median(toolkitRuns.map { $0.convert.seconds + $0.filter.seconds }))): prop2po \(String(format: "%.2f", convert.seconds)) s (exit \(convert.status)) + pofilter \(String(format: "%.2f", filter.seconds)) s (exit \(filter.status))")
            report.emit("toolkit_planted_errors_found", Double(toolkitFound), unit: "findings", goal: "\(Self.planted)", pass: toolkitFound == Self.planted)
            report.emit("l10n_vs_toolkit", lint.seconds, unit: "s", peer: "translate-toolkit prop2po+pofilter", peerValue: toolkitSeconds,
                        ratio: toolkitSeconds / lint.seconds, goal: ">= 50x faster", pass: toolkitSeconds / lint.seconds >= 50)
        } else {
            report.emit("toolkit_seconds", 0, unit: "s", note: "skipped: prop2po/pofilter not found and pip install translate-toolkit failed")
        }

        try LintProject.run(l10n: l10n, plutil: plutilPath, folder: folder, report: report)
    }

    /// Reports l10n's best time, the planted errors it found and its peak memory; returns the best run.
    static func reportLint(_ runs: [ChildRun], binary: String, report: BenchReport) throws -> ChildRun {
        let best = runs.min { $0.seconds < $1.seconds }!
        let found = try countFormatFindings(best.output)
        report.emit("l10n_lint_seconds", best.seconds, unit: "s",
                    note: "best of \(runs.count) (median \(median(runs.map(\.seconds)))); exit \(best.status); \(binary)")
        report.emit("l10n_planted_errors_found", Double(found), unit: "findings", goal: "\(planted)", pass: found == planted)
        let peak = Double(runs.map(\.maxResidentBytes).max() ?? 0) / 1_048_576
        report.emit("l10n_lint_peak_rss", peak, unit: "MB", goal: "< 100 MB", pass: peak < 100)
        return best
    }

    /// The middle value, in seconds with four decimals, for the notes.
    static func median(_ values: [Double]) -> String {
        let sorted = values.sorted()
        return sorted.isEmpty ? "-" : String(format: "%.4f s", sorted[sorted.count / 2])
    }

    // MARK: Input

    /// Writes en.lproj/Bench.strings and nb.lproj/Bench.strings; every 400th target entry has a planted format error
    /// (alternately `%d` → `%s`, and `%d` dropped), which both tools can see.
    static func generate(in folder: String, entries: Int = entries) throws -> (String, String) {
        let plantEvery = entries / planted
        var base = "/* Generated by offline-bench lint: \(entries) entries. */\n\n"
        var target = base
        base.reserveCapacity(entries * 130)
        target.reserveCapacity(entries * 130)
        for index in 0..<entries {
            let comment = "/* Entry \(index), section \(index % 37). */\n"
            base += comment
            base += "\"bench.entry.\(index)\" = \"Entry number \(index) for %@ holds %d items and \\\"quotes\\\".\";\n\n"
            target += comment
            var value = "Oppføring nummer \(index) for %@ har %d elementer og \\\"sitater\\\"."
            if index % plantEvery == plantEvery / 2 {
                value = (index / plantEvery) % 2 == 0 ? value.replacingOccurrences(of: "%d", with: "%s")
                    : value.replacingOccurrences(of: "%d ", with: "")
            }
            target += "\"bench.entry.\(index)\" = \"\(value)\";\n\n"
        }
        let basePath = (folder as NSString).appendingPathComponent("en.lproj/Bench.strings")
        let targetPath = (folder as NSString).appendingPathComponent("nb.lproj/Bench.strings")
        for (path, text) in [(basePath, base), (targetPath, target)] {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            var data = Data([0xFF, 0xFE])
            data.append(text.data(using: .utf16LittleEndian)!)
            try data.write(to: URL(fileURLWithPath: path))
        }
        return (basePath, targetPath)
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    static func countFormatFindings(_ json: Data) throws -> Int {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let findings = root["findings"] as? [[String: Any]] else {
            throw BenchFailure("l10n lint --format json printed something that is not its JSON report")
        }
        return findings.filter { $0["rule"] as? String == "format-mismatch" }.count
    }

    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A child process run to completion with stdout in a file, timed, with its peak RSS from wait4's rusage.
struct ChildRun {
    var status: Int32
    var seconds: Double
    var maxResidentBytes: Int
    var output: Data

    static func spawn(_ arguments: [String], folder: String) throws -> ChildRun {
        let outputPath = (folder as NSString).appendingPathComponent("child-\(UUID().uuidString).out")
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchFailure("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let elapsed = clock.now - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = FileManager.default.contents(atPath: outputPath) ?? Data()
        return ChildRun(status: exitStatus, seconds: elapsed.milliseconds / 1000, maxResidentBytes: Int(usage.ru_maxrss) * 1024, output: output)
    }
}
