import Foundation

/// One benchmark suite: `offline-bench NAME` runs it. Suites print JSON lines through `BenchReport`.
protocol BenchSuite: Sendable {
    var name: String { get }
    /// One line for the suite list.
    var summary: String { get }
    func run(_ report: BenchReport) async throws
}

/// Writes one JSON object a line: `{"suite","metric","value","unit"}` plus optional peer fields.
struct BenchReport: Sendable {
    let suite: String

    /// `peer` names what was measured beside us in the same run; `peerValue` its figure; `ratio` ours over the peer's
    /// (or as the metric defines it); `goal` the target the issue sets, as text.
    func emit(_ metric: String, _ value: Double, unit: String, peer: String? = nil, peerValue: Double? = nil,
              ratio: Double? = nil, goal: String? = nil, pass: Bool? = nil, note: String? = nil) {
        var object: [String: Any] = ["suite": suite, "metric": metric, "value": rounded(value), "unit": unit]
        if let peer { object["peer"] = peer }
        if let peerValue { object["peer_value"] = rounded(peerValue) }
        if let ratio { object["ratio"] = rounded(ratio) }
        if let goal { object["goal"] = goal }
        if let pass { object["pass"] = pass }
        if let note { object["note"] = note }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    private func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let magnitude = abs(value)
        let digits: Double = magnitude >= 1000 ? 1 : magnitude >= 1 ? 1000 : 1_000_000
        return (value * digits).rounded() / digits
    }
}

/// Wall-clock timing for benchmarks (benchmarks may use the real clock; tests never do).
enum Stopwatch {
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        return (result, clock.now - start)
    }

    static func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await body()
        return (result, clock.now - start)
    }
}

/// CPU time of the whole process (all threads), in milliseconds: less sensitive than wall time to a busy machine.
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// The middle value (the upper one of an even count), 0 for none: what a suite reports over repeated rounds.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// Peak resident memory of this process so far, in bytes (Linux: VmHWM from /proc/self/status).
enum ProcessMemory {
    static func peakResidentBytes() -> Int? {
        field("VmHWM")
    }

    static func currentResidentBytes() -> Int? {
        field("VmRSS")
    }

    /// Resets the peak so a later reading covers only what follows (Linux ≥ 4.0; silently ignored elsewhere).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }.first
            return digits.map { $0 * 1024 }
        }
        return nil
    }
}

/// Why a suite could not measure; `offline-bench` prints it and exits non-zero.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The `l10n` the suites run as a child process: `OFFLINE_BENCH_L10N` (another build, e.g. a release `l10n` measured
/// by a debug `offline-bench`), else the one beside this binary.
func l10nExecutable() throws(BenchFailure) -> String {
    let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("l10n").path
    guard let path = ProcessInfo.processInfo.environment["OFFLINE_BENCH_L10N"] ?? beside,
          FileManager.default.isExecutableFile(atPath: path) else {
        throw BenchFailure("no l10n binary at \(ProcessInfo.processInfo.environment["OFFLINE_BENCH_L10N"] ?? beside ?? "?"); "
            + "build it first (swift build -c release --product l10n) or name one with OFFLINE_BENCH_L10N")
    }
    return path
}
