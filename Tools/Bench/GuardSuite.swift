import Core
import Foundation
import OfflineProducts
import SecureStore

/// `offline-bench guard`: the quick subset CI runs after the tests (issue 41 item 6). Each row times one of ours beside
/// its peer in the same process, interleaved round by round, and keeps the median of the per-round ratios: ratios,
/// never absolute times, because CI hosts are shared and differ. A row fails when its ratio is worse than the recorded
/// baseline by more than the row's noise band (`Tools/Bench/guard-baseline.json`, measured on this machine class with
/// the build CI makes: debug, with coverage); the suite then exits 1. Sizes are small, so it runs in well under a
/// minute in that build. `offline-bench guard --write-baseline FILE` measures and writes a new baseline (bands kept).
struct GuardSuite: BenchSuite {
    let name = "guard"
    let summary = "CI's quick regression guard: ours/peer ratios (products open, store read, warmup events, lint vs plutil) against a baseline with noise bands"

    /// Rounds per row: each round times ours and the peer once (alternating which goes first) after an unscored warm-up.
    static let rounds = 7
    /// Where the baseline is read from (run from the package root, as CI does), unless `OFFLINE_BENCH_BASELINE` names one.
    static let defaultBaseline = "Tools/Bench/guard-baseline.json"

    /// One guarded comparison: `ours` and `peer` each return milliseconds (lower is better); the ratio is ours / peer.
    struct Row {
        var metric: String
        var peer: String
        var note: String
        var ours: () async throws -> Double
        var theirs: () async throws -> Double
    }

    /// A row's recorded ratio and how far above it a run may land before it counts as a regression.
    struct Baseline: Codable, Equatable {
        var ratio: Double
        /// Relative: 0.5 lets a row be 1.5 × its baseline ratio.
        var band: Double
        var note: String?
    }

    let writeBaseline: String?

    init(writeBaseline: String? = nil) {
        self.writeBaseline = writeBaseline
    }

    func run(_ report: BenchReport) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-bench-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = ProcessInfo.processInfo.environment["OFFLINE_BENCH_BASELINE"] ?? Self.defaultBaseline
        let baselines = try Self.readBaselines(path, required: writeBaseline == nil)

        var measured: [String: Double] = [:]
        var regressions: [String] = []
        for row in try await Self.rows(in: folder) {
            let (ratio, ratios) = try await Self.measure(row)
            measured[row.metric] = ratio
            let spread = "per-round ratios \(ratios.map { String(format: "%.3f", $0) }.joined(separator: " "))"
            guard let baseline = baselines[row.metric] else {
                report.emit(row.metric, ratio, unit: "ratio", peer: row.peer, ratio: ratio, note: "\(row.note); no baseline recorded; \(spread)")
                continue
            }
            let limit = baseline.ratio * (1 + baseline.band)
            let pass = ratio <= limit
            if !pass { regressions.append("\(row.metric): \(String(format: "%.3f", ratio)) > \(String(format: "%.3f", limit))") }
            let better = ratio < baseline.ratio / (1 + baseline.band) ? "; well below the baseline: record a new one (--write-baseline)" : ""
            report.emit(row.metric, ratio, unit: "ratio", peer: row.peer, ratio: ratio,
                        goal: "<= \(String(format: "%.3f", limit)) (baseline \(String(format: "%.3f", baseline.ratio)) + \(Int((baseline.band * 100).rounded())) %)",
                        pass: pass, note: "\(row.note); \(spread)\(better)")
        }
        if let writeBaseline {
            var written = baselines
            for (metric, ratio) in measured {
                written[metric] = Baseline(ratio: ratio, band: baselines[metric]?.band ?? 0.5, note: baselines[metric]?.note)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(written).write(to: URL(fileURLWithPath: writeBaseline))
            FileHandle.standardError.write(Data("offline-bench: wrote \(writeBaseline)\n".utf8))
        }
        if !regressions.isEmpty {
            throw BenchFailure("regressed past the noise band: \(regressions.joined(separator: "; "))")
        }
    }

    static func readBaselines(_ path: String, required: Bool) throws -> [String: Baseline] {
        guard let data = FileManager.default.contents(atPath: path) else {
            if required { throw BenchFailure("no baseline at \(path) (run from the package root, or set OFFLINE_BENCH_BASELINE)") }
            return [:]
        }
        do {
            return try JSONDecoder().decode([String: Baseline].self, from: data)
        } catch {
            throw BenchFailure("\(path) is not a baseline ({\"metric\": {\"ratio\": …, \"band\": …}}): \(error)")
        }
    }

    /// The median of the per-round ratios, and the ratios; the first round is a warm-up and not scored.
    static func measure(_ row: Row) async throws -> (Double, [Double]) {
        _ = try await row.ours()
        _ = try await row.theirs()
        var ratios: [Double] = []
        for round in 0..<rounds {
            let ours: Double
            let theirs: Double
            if round % 2 == 0 {
                ours = try await row.ours()
                theirs = try await row.theirs()
            } else {
                theirs = try await row.theirs()
                ours = try await row.ours()
            }
            ratios.append(ours / max(theirs, 0.000_001))
        }
        let sorted = ratios.sorted()
        return (sorted[sorted.count / 2], ratios)
    }

    /// The rows, each prepared in `folder`.
    static func rows(in folder: URL) async throws -> [Row] {
        var rows: [Row] = []

        // Products: the cached list opened to its first view state (columns, rows made when read) beside one sealed
        // record per product decoded whole: a change that decodes everything at open shows here.
        let productCount = 2_000
        let keys = InMemoryKeyProvider(key: .random())
        let productsStore = try SecureStore(folder: folder.appendingPathComponent("products"), keyProvider: keys, telemetry: .disabled,
                                            now: { ProductsSuite.now })
        let products = ProductsSuite.products(productCount)
        let productsVault = productsStore.vault(for: ProductsSuite.user)
        try ProductsRepository(store: productsVault, api: .offline, now: Date.init, status: { .offline }).saveProducts(products)
        let perProduct = PerProductPeer(vault: productsVault)
        try perProduct.save(products)
        rows.append(Row(metric: "products_first_view_\(productCount)", peer: "one sealed record per product, decoded whole",
                        note: "ProductsFeature open to its first view state of \(productCount) rows, vault open",
                        ours: { try await ProductsSuite.firstViewState(vault: productsVault, expecting: productCount) },
                        theirs: { try perProduct.firstViewState(expecting: productCount) }))

        // The store: a bulk read with decryption beside plain GRDB reading the same rows in clear.
        let records: [(key: String, value: Data)] = (0..<2_000).map { ("SKU-\(String(format: "%06d", $0))", StoreSuite.value($0)) }
        let secure = try SecureStore(folder: folder.appendingPathComponent("secure"), keyProvider: keys, telemetry: .disabled, now: { Date() })
        let vault = secure.vault(for: StoreSuite.user)
        try vault.replaceAll(collection: StoreSuite.collection, with: records)
        let plain = try PlainStore(folder: folder.appendingPathComponent("plain"))
        try plain.replaceAll(user: StoreSuite.user, collection: StoreSuite.collection, with: records)
        rows.append(Row(metric: "store_bulk_read_2000", peer: "plain GRDB (Codable records), no encryption",
                        note: "2,000 records of 1 KiB read and decrypted",
                        ours: { try Stopwatch.measure { try vault.loadAll(collection: StoreSuite.collection) }.1.milliseconds },
                        theirs: { try Stopwatch.measure { try plain.loadAll(user: StoreSuite.user, collection: StoreSuite.collection) }.1.milliseconds }))

        // The warmup session's subtask events beside an actor hop per event.
        let warmup = WarmupSuite()
        let pairs = 100_000
        rows.append(Row(metric: "warmup_events_\(pairs)", peer: "the same session behind an actor (a hop per event)",
                        note: "begin + finish of \(pairs) subtasks in one open session, one task",
                        ours: { 1000 * Double(2 * pairs) / (await warmup.eventsPerSecond(pairs: pairs, tasks: 1)) },
                        theirs: { 1000 * Double(2 * pairs) / (await warmup.actorEventsPerSecond(pairs: pairs, tasks: 1)) }))

        // The linter as a whole process beside plutil's syntax check of the same UTF-16 pair.
        if let plutil = ["/opt/swift/usr/bin/plutil", "/usr/bin/plutil"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
            ?? LintSuite.onPath("plutil") {
            let l10n = try l10nExecutable()
            let lintFolder = folder.appendingPathComponent("lint").path
            let (base, target) = try LintSuite.generate(in: lintFolder, entries: 5_000)
            rows.append(Row(metric: "lint_vs_plutil_5000", peer: "plutil -lint of the same files",
                            note: "l10n lint --format json of a 5,000-entry UTF-16 pair with planted errors (whole process)",
                            ours: { try ChildRun.spawn([l10n, "lint", "--format", "json", base, target], folder: lintFolder).seconds * 1000 },
                            theirs: { try ChildRun.spawn([plutil, "-lint", base, target], folder: lintFolder).seconds * 1000 }))

            // The project's shape (`offline-bench lint`'s 100,000-entry project: four tables, plurals, a String Catalog, a
            // baseline of every finding, the summary) in its first 8 locales: what the pair above does not time, the
            // tables matched across locales, the baseline read and the summary. A change that slowed only this (45a4509's
            // case folding of every translation that differs from a text some locales keep) once went from 0.43 to 0.69 s on
            // the full project unseen by CI.
            let projectLocales = 8
            let projectFolder = folder.appendingPathComponent("project").path
            let project = (projectFolder as NSString).appendingPathComponent("app")
            let (files, entries) = try LintProject.generate(in: project, localeCount: projectLocales)
            let baseline = (projectFolder as NSString).appendingPathComponent("l10n-baseline.json")
            let written = try ChildRun.spawn([l10n, "lint", "--write-baseline", baseline, "--summary", project], folder: projectFolder)
            guard FileManager.default.fileExists(atPath: baseline) else {
                throw BenchFailure("l10n lint --write-baseline wrote no baseline (exit \(written.status)): \(String(decoding: written.output.prefix(400), as: UTF8.self))")
            }
            rows.append(Row(metric: "lint_project_vs_plutil_\(projectLocales)_locales", peer: "plutil -lint of the project's .strings and .stringsdict files",
                            note: "l10n lint --baseline --summary of the project's first \(projectLocales) locales (\(entries) entries, \(files.count) files and a String Catalog; whole process)",
                            ours: { try ChildRun.spawn([l10n, "lint", "--baseline", baseline, "--summary", project], folder: projectFolder).seconds * 1000 },
                            theirs: { try ChildRun.spawn([plutil, "-lint"] + files, folder: projectFolder).seconds * 1000 }))
        }
        return rows
    }
}
