#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where a launch spends its time, phase by phase, across the processes of one start (`l10n` hands over to
/// `l10n-repl`): with `OFFLINEKIT_LAUNCH_TRACE=FILE` each `mark` appends `phase<TAB>nanoseconds` to FILE, the time on
/// the system-wide monotonic clock, so the program that started the process (`offline-bench app`) subtracts its own
/// reading taken before the spawn. Without the variable a mark costs one load of a flag. Only the first mark of a
/// phase counts for the reader; later ones (a second screen opened) are kept but ignored.
public enum LaunchTrace {
    /// The file, read once from the environment; nil when tracing is off.
    private static let path: String? = {
        guard let value = getenv("OFFLINEKIT_LAUNCH_TRACE") else { return nil }
        let path = String(cString: value)
        return path.isEmpty ? nil : path
    }()

    /// Whether marks are written: callers may skip preparing a phase's name when they are not.
    public static var isEnabled: Bool { path != nil }

    /// Appends `phase` with the monotonic time now. One `write` of one line on an `O_APPEND` descriptor, so two
    /// processes (or threads) marking at once do not interleave within a line.
    public static func mark(_ phase: String) {
        guard let path else { return }
        let line = "\(phase)\t\(monotonicNanoseconds())\n"
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = line.utf8CString.withUnsafeBufferPointer { buffer in
            write(descriptor, buffer.baseAddress, buffer.count - 1)  // without the terminating NUL
        }
        close(descriptor)
    }

    /// The system-wide monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds: comparable between processes of one boot.
    public static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// A trace file's first time of each phase, in file order.
    public static func phases(of text: String) -> [(phase: String, nanoseconds: UInt64)] {
        var seen = Set<String>()
        var result: [(String, UInt64)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let time = UInt64(fields[1]), seen.insert(String(fields[0])).inserted else { continue }
            result.append((String(fields[0]), time))
        }
        return result
    }
}
