public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Why a baseline file cannot be used: like a bad `l10n.json`, a usage error (exit 2) naming the file and what to do.
public typealias BaselineError = ConfigurationError

/// What identifies a finding across runs: rule, table, locale, key and a hash of the offending value, never a line
/// or a file, so moving an entry, reformatting a file or turning a table into a String Catalog keeps it.
public struct BaselineEntry: Sendable, Hashable, Comparable, Codable {
    public var rule: String
    public var table: String
    public var locale: String
    /// "" for a finding about a whole file or table.
    public var key: String
    /// 16 hex digits: FNV-1a (64 bit) of the value the finding is about.
    public var valueHash: String

    public init(rule: String, table: String, locale: String, key: String, valueHash: String) {
        self.rule = rule
        self.table = table
        self.locale = locale
        self.key = key
        self.valueHash = valueHash
    }

    public init(_ finding: Finding) {
        self.init(rule: finding.rule.rawValue, table: finding.table, locale: finding.locale, key: finding.key ?? "",
                  valueHash: Self.hash(finding.subject ?? Self.withoutDigits(finding.message)))
    }

    /// By rule, table, locale, key and hash, each in UTF-8 byte order (= Unicode scalar order): the same on every platform.
    public static func < (lhs: BaselineEntry, rhs: BaselineEntry) -> Bool {
        func less(_ a: String, _ b: String) -> Bool? { a == b ? nil : a.utf8.lexicographicallyPrecedes(b.utf8) }
        return less(lhs.rule, rhs.rule) ?? less(lhs.table, rhs.table) ?? less(lhs.locale, rhs.locale)
            ?? less(lhs.key, rhs.key) ?? less(lhs.valueHash, rhs.valueHash) ?? false
    }

    /// One string for SARIF's `partialFingerprints`: the same identity code scanning can track results by.
    public var fingerprint: String {
        Self.hash([rule, table, locale, key, valueHash].joined(separator: "\u{1F}"))
    }

    /// FNV-1a 64 over UTF-8: stable across runs, platforms and Swift versions (unlike `Hasher`).
    static func hash(_ text: String) -> String {
        let value = fnv(text)
        // 16 lowercase hex digits, written in place (`String(_:radix:)` and padding make two strings for one).
        return String(unsafeUninitializedCapacity: 16) { digits in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0x0F
                digits[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
            }
            return 16
        }
    }

    /// FNV-1a 64 of the text's UTF-8: the number `hash` writes out.
    static func fnv(_ text: String) -> UInt64 {
        var value = fnvBasis
        mix(text, into: &value)
        return value
    }

    static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Continues an FNV-1a 64 hash over the text's UTF-8, read in place (a native string's bytes are contiguous;
    /// stepping through `utf8` as a collection costs several times the hash itself).
    @inline(__always)
    static func mix(_ text: String, into value: inout UInt64) {
        let start = value
        if let mixed = text.utf8.withContiguousStorageIfAvailable({ bytes -> UInt64 in
            var state = start
            for byte in bytes {
                state ^= UInt64(byte)
                state &*= 0x100_0000_01b3
            }
            return state
        }) {
            value = mixed
            return
        }
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
    }

    /// The key, locale and value hash tell nearly every entry apart; the rule and table are left to `==`, which
    /// halves what a 40,000-finding baseline hashes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(locale)
        hasher.combine(valueHash)
    }

    /// A message without its numbers (line numbers, counts), for findings that name no value.
    static func withoutDigits(_ message: String) -> String {
        String(String.UnicodeScalarView(message.unicodeScalars.filter { !("0"..."9").contains($0) }))
    }
}

/// Findings a team accepts for now: `l10n lint --write-baseline FILE` records them, `--baseline FILE` reports only the
/// others. A multiset: two identical findings need two entries.
public struct Baseline: Sendable, Equatable {
    public var counts: [BaselineEntry: Int]

    public init(counts: [BaselineEntry: Int] = [:]) {
        self.counts = counts
    }

    /// Every finding of a run (new and already baselined).
    /// Every finding of a run (new and already baselined); one that stands for several (`Finding.covers`), as those.
    public init(findings: [Finding]) {
        var counts: [BaselineEntry: Int] = [:]
        for finding in findings {
            if let covered = finding.covers {
                for entry in covered { counts[entry, default: 0] += 1 }
            } else {
                counts[BaselineEntry(finding), default: 0] += 1
            }
        }
        self.counts = counts
    }

    public var entryCount: Int { counts.values.reduce(0, +) }

    public static let version = 1

    /// Sorted JSON, one finding a line, so a review shows exactly which findings came and went.
    public func rendered() -> String {
        var lines: [String] = []
        lines.reserveCapacity(counts.count)
        for entry in counts.keys.sorted() {
            var line = "    {\"rule\": \(JSONText.quote(entry.rule)), \"table\": \(JSONText.quote(entry.table)), "
                + "\"locale\": \(JSONText.quote(entry.locale)), \"key\": \(JSONText.quote(entry.key)), \"valueHash\": \"\(entry.valueHash)\""
            if let count = counts[entry], count > 1 { line += ", \"count\": \(count)" }
            lines.append(line + "}")
        }
        return """
        {
          "$comment": "Findings `l10n lint --baseline` accepts for now; identity is rule, table, locale, key and a hash of the value. Written by `l10n lint --write-baseline`; write it again to drop fixed entries.",
          "version": \(Self.version),
          "findings": [
        \(lines.joined(separator: ",\n"))
          ]
        }

        """
    }

    public func write(to path: String) throws(BaselineError) {
        do {
            try Data(rendered().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BaselineError(path: path, problem: "cannot be written (\((error as NSError).localizedDescription)); check that its folder exists and that you may write there")
        }
    }

    public static func load(path: String) throws(BaselineError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw BaselineError(path: path, problem: exists ? "cannot be read; check that you may read it"
                                : "no such file; create it with `l10n lint --write-baseline \(path)`")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(BaselineError) -> Baseline {
        if let written = BaselineLines.parse(data) { return written }
        return try parseJSON(data, path: path)
    }

    /// Any JSON layout of a baseline (the general, slower reader).
    static func parseJSON(_ data: Data, path: String) throws(BaselineError) -> Baseline {
        func fail(_ problem: String) -> BaselineError { BaselineError(path: path, problem: problem) }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a baseline (a JSON object with \"version\" and \"findings\"); write it again with `l10n lint --write-baseline \(path)`")
        }
        guard let version = root["version"] as? Int, version == Self.version else {
            throw fail("baseline version \(root["version"].map { "\($0)" } ?? "missing") is not \(Self.version); write it again with `l10n lint --write-baseline \(path)`")
        }
        guard let list = root["findings"] as? [[String: Any]] else { throw fail("\"findings\" must be a list of objects") }
        var counts: [BaselineEntry: Int] = [:]
        for (index, item) in list.enumerated() {
            guard let rule = item["rule"] as? String, let table = item["table"] as? String, let locale = item["locale"] as? String,
                  let key = item["key"] as? String, let hash = item["valueHash"] as? String else {
                throw fail("finding \(index + 1) needs the strings rule, table, locale, key and valueHash")
            }
            let count = item["count"] as? Int ?? 1
            guard count > 0 else { throw fail("finding \(index + 1) has a count below 1") }
            counts[BaselineEntry(rule: rule, table: table, locale: locale, key: key, valueHash: hash), default: 0] += count
        }
        return Baseline(counts: counts)
    }

    /// The result with the baselined findings moved out of `findings` (so only new ones count for the exit code).
    ///
    /// Entries are found by a 64-bit FNV-1a fingerprint of their five fields, with the value hash as the number it
    /// spells, and confirmed field by field: a finding is matched without making its entry (five strings, one of them
    /// the hash's sixteen digits) or hashing strings twice, which for 45,000 findings was most of the baseline's time.
    public func apply(to result: LintResult, path: String) -> LintResult {
        var entries: [BaselineEntry] = []
        var values: [UInt64?] = []
        var left: [Int] = []
        var next: [Int] = []
        var slots: [UInt64: Int] = [:]
        entries.reserveCapacity(counts.count)
        values.reserveCapacity(counts.count)
        left.reserveCapacity(counts.count)
        next.reserveCapacity(counts.count)
        slots.reserveCapacity(counts.count)
        for (entry, count) in counts {
            // A hash that is not sixteen hex digits (a hand-edited file) never matches, as before.
            let isHash = entry.valueHash.utf8.count == 16 && entry.valueHash.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            let value = isHash ? UInt64(entry.valueHash, radix: 16) : nil
            let slot = entries.count
            entries.append(entry)
            values.append(value)
            left.append(count)
            let print = Self.fingerprint(rule: entry.rule, table: entry.table, locale: entry.locale, key: entry.key, value: value ?? 0)
            next.append(slots.updateValue(slot, forKey: print) ?? -1)
        }
        var new: [Finding] = []
        var baselined: [Finding] = []
        baselined.reserveCapacity(min(result.findings.count, counts.count))
        func slot(rule: String, table: String, locale: String, key: String, value: UInt64) -> Int {
            var slot = slots[Self.fingerprint(rule: rule, table: table, locale: locale, key: key, value: value)] ?? -1
            while slot >= 0 {
                if values[slot] == value, entries[slot].key == key, entries[slot].locale == locale, entries[slot].rule == rule,
                   entries[slot].table == table { break }
                slot = next[slot]
            }
            return slot
        }
        for finding in result.findings {
            if let covered = finding.covers {
                // Baselined when every finding it stands for is; those it still stands for are not fixed either way.
                var all = true
                for entry in covered {
                    let value = UInt64(entry.valueHash, radix: 16) ?? 0
                    let found = slot(rule: entry.rule, table: entry.table, locale: entry.locale, key: entry.key, value: value)
                    if found >= 0, left[found] > 0 { left[found] -= 1 } else { all = false }
                }
                if all {
                    baselined.append(finding)
                    continue
                }
                // Else as a finding of its own: a baseline written before findings stood for others recorded it so.
            }
            let value = BaselineEntry.fnv(finding.subject ?? BaselineEntry.withoutDigits(finding.message))
            let slot = slot(rule: finding.rule.rawValue, table: finding.table, locale: finding.locale, key: finding.key ?? "", value: value)
            if slot >= 0, left[slot] > 0 {
                left[slot] -= 1
                baselined.append(finding)
            } else {
                new.append(finding)
            }
        }
        var fixed: [BaselineEntry] = []
        for slot in entries.indices where left[slot] > 0 {
            fixed += repeatElement(entries[slot], count: left[slot])
        }
        var applied = result
        applied.findings = new
        applied.baseline = BaselineOutcome(path: path, baselined: baselined, fixed: fixed.sorted())
        return applied
    }

    /// FNV-1a (64 bit) over the fields, each followed by a unit separator, then the value hash's eight bytes.
    static func fingerprint(rule: String, table: String, locale: String, key: String, value: UInt64) -> UInt64 {
        var print = BaselineEntry.fnvBasis
        BaselineEntry.mix(rule, into: &print)
        print = (print ^ 0x1F) &* 0x100_0000_01b3
        BaselineEntry.mix(table, into: &print)
        print = (print ^ 0x1F) &* 0x100_0000_01b3
        BaselineEntry.mix(locale, into: &print)
        print = (print ^ 0x1F) &* 0x100_0000_01b3
        BaselineEntry.mix(key, into: &print)
        print = (print ^ 0x1F) &* 0x100_0000_01b3
        for shift in stride(from: 0, to: 64, by: 8) {
            print ^= (value >> UInt64(shift)) & 0xFF
            print &*= 0x100_0000_01b3
        }
        return print
    }
}

/// What applying a baseline did.
public struct BaselineOutcome: Sendable {
    public var path: String
    /// Findings the baseline covers: reported as unchanged, never failing the run.
    public var baselined: [Finding]
    /// Baseline entries no finding matched any more: fixed, and removable with `--write-baseline`.
    public var fixed: [BaselineEntry]

    public init(path: String, baselined: [Finding], fixed: [BaselineEntry]) {
        self.path = path
        self.baselined = baselined
        self.fixed = fixed
    }
}

/// Reads a baseline in exactly the layout `Baseline.rendered()` writes (one finding a line), in one pass over the bytes:
/// a 40,000-finding file would take longer through `JSONSerialization` than the lint itself. Anything else (a file
/// edited by hand into another layout, an escape it does not know) gives nil, and the general JSON reader decides.
enum BaselineLines {
    static func parse(_ data: Data) -> Baseline? {
        data.withUnsafeBytes { raw -> Baseline? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var counts: [BaselineEntry: Int] = [:]
            // One finding a line: sized once rather than grown and rehashed a dozen times.
            counts.reserveCapacity(bytes.count(where: { $0 == 0x0A }))
            var sawVersion = false
            var inFindings = false
            var closed = false
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var start = lineStart
                while start < lineEnd, bytes[start] == 0x20 { start += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
                lineStart = lineEnd + 1
                if inFindings {
                    if line.count == 1, line[0] == UInt8(ascii: "]") { inFindings = false; closed = true; continue }
                    if line.isEmpty { continue }
                    guard let (entry, count) = finding(line) else { return nil }
                    counts[entry, default: 0] += count
                } else if line.starts(with: "\"version\": ".utf8) {
                    guard line.elementsEqual("\"version\": \(Baseline.version),".utf8) else { return nil }
                    sawVersion = true
                } else if line.elementsEqual("\"findings\": [".utf8) {
                    inFindings = true
                } else if line.elementsEqual("\"findings\": []".utf8) {
                    closed = true
                } else if !(line.elementsEqual("{".utf8) || line.elementsEqual("}".utf8) || line.isEmpty || line.starts(with: "\"$comment\": ".utf8)) {
                    return nil
                }
            }
            return sawVersion && closed ? Baseline(counts: counts) : nil
        }
    }

    /// `{"rule": "…", "table": "…", "locale": "…", "key": "…", "valueHash": "…"[, "count": N]}` with an optional comma.
    static func finding(_ line: UnsafeBufferPointer<UInt8>) -> (BaselineEntry, Int)? {
        // A cursor with mutating methods, not nested functions: a variable that closures capture is boxed, and every
        // access to it was checked for exclusivity at run time (a third of reading a 45,000-line baseline).
        var cursor = Cursor(line: line)
        guard cursor.expect(UInt8(ascii: "{")), let rule = cursor.field("rule"), cursor.separator(), let table = cursor.field("table"),
              cursor.separator(), let locale = cursor.field("locale"), cursor.separator(), let key = cursor.field("key"),
              cursor.separator(), let hash = cursor.field("valueHash")
        else { return nil }
        var count = 1
        if cursor.separator() {
            guard let value = cursor.count() else { return nil }
            count = value
        }
        guard cursor.expect(UInt8(ascii: "}")), cursor.index == line.count || (cursor.index + 1 == line.count && line[cursor.index] == UInt8(ascii: ","))
        else { return nil }
        return (BaselineEntry(rule: rule, table: table, locale: locale, key: key, valueHash: hash), count)
    }

    private struct Cursor {
        let line: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func expect(_ byte: UInt8) -> Bool {
            guard index < line.count, line[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func string() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < line.count, line[index] != UInt8(ascii: "\"") {
                guard line[index] != UInt8(ascii: "\\") else { return nil } // escapes: the general reader
                index += 1
            }
            guard index < line.count else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: line[start..<index]), as: UTF8.self)
            index += 1
            return text
        }

        /// `"name": "value"`, the fields in the order `rendered()` writes them.
        mutating func field(_ name: StaticString) -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let literal = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            guard index + literal.count + 3 <= line.count,
                  memcmp(line.baseAddress! + index, literal.baseAddress!, literal.count) == 0 else { return nil }
            index += literal.count
            guard expect(UInt8(ascii: "\"")), expect(UInt8(ascii: ":")), expect(0x20) else { return nil }
            return string()
        }

        mutating func separator() -> Bool { expect(UInt8(ascii: ",")) && expect(0x20) }

        /// `"count": N` with N from 1 to 999,999,999.
        mutating func count() -> Int? {
            guard expect(UInt8(ascii: "\"")), index + 8 <= line.count,
                  UnsafeBufferPointer(rebasing: line[index..<index + 8]).elementsEqual("count\": ".utf8) else { return nil }
            index += 8
            let start = index
            var value = 0
            while index < line.count, line[index] >= 0x30, line[index] <= 0x39, index - start < 9 {
                value = value * 10 + Int(line[index] - 0x30)
                index += 1
            }
            guard index > start, value > 0 else { return nil }
            return value
        }
    }
}
