/// The existing key closest to a mistyped one, by edit distance, for "did you mean" suggestions.
enum NearestKey {
    /// The candidate with the smallest edit distance to `key`, if that distance is small for the key's length
    /// (at most a third of it, at least 2); ties keep the earlier candidate.
    static func find(_ key: String, among candidates: [String]) -> String? {
        let wanted = Array(key.utf8)
        var bestDistance = max(2, wanted.count / 3) + 1
        var best: String?
        for candidate in candidates {
            let bytes = Array(candidate.utf8)
            // The lengths alone bound the distance from below: most candidates stop here.
            guard abs(bytes.count - wanted.count) < bestDistance else { continue }
            if let distance = distance(wanted, bytes, limit: bestDistance - 1) {
                bestDistance = distance
                best = candidate
                if distance == 0 { break }
            }
        }
        return best
    }

    /// Candidates read once and kept by length, for many look-ups among the same keys (every missing key of a run
    /// against a table of 20,000): only lengths close enough to beat the best so far are compared. The answer is the
    /// one `find(_:among:)` gives.
    final class Index: @unchecked Sendable {
        private var byLength: [Int: [(index: Int, key: String, bytes: [UInt8])]] = [:]

        init(_ candidates: [String]) {
            for (index, candidate) in candidates.enumerated() {
                let bytes = Array(candidate.utf8)
                byLength[bytes.count, default: []].append((index, candidate, bytes))
            }
        }

        func find(_ key: String) -> String? {
            let wanted = Array(key.utf8)
            let threshold = max(2, wanted.count / 3)
            var best: (distance: Int, index: Int, key: String)?
            // The bytes each side has that the other lacks bound the distance from below (an edit changes the counts
            // by at most two): most candidates of a similar length stop here, before any table is filled.
            var difference = [Int](repeating: 0, count: 256)
            for byte in wanted { difference[Int(byte)] += 1 }
            var delta = 0
            // A length `delta` away is at least `delta` edits away: stop once that cannot beat (or tie) the best.
            while delta <= (best?.distance ?? threshold) {
                for length in Set([wanted.count - delta, wanted.count + delta]) where length >= 0 {
                    for candidate in byLength[length] ?? [] {
                        let limit = best?.distance ?? threshold
                        var unmatched = wanted.count
                        for byte in candidate.bytes {
                            let before = difference[Int(byte)]
                            difference[Int(byte)] = before - 1
                            unmatched += abs(before - 1) - abs(before)
                        }
                        for byte in candidate.bytes { difference[Int(byte)] += 1 }
                        guard (unmatched + 1) / 2 <= limit else { continue }
                        guard let distance = NearestKey.distance(wanted, candidate.bytes, limit: limit) else { continue }
                        if best == nil || distance < best!.distance || (distance == best!.distance && candidate.index < best!.index) {
                            best = (distance, candidate.index, candidate.key)
                        }
                    }
                }
                delta += 1
            }
            return best?.key
        }
    }

    /// Levenshtein distance when it is at most `limit`, else nil; only the diagonal band of width 2·limit+1 is filled.
    static func distance<Unit: Equatable>(_ a: [Unit], _ b: [Unit], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        let infinity = limit + 1
        var previous = Array(0...b.count).map { min($0, infinity) }
        var current = Array(repeating: infinity, count: b.count + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            current[0] = i <= limit ? i : infinity
            if low > 1 { current[low - 1] = infinity }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
                    current[j] = min(value, infinity)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if high < b.count { current[high + 1] = infinity }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        let result = a.isEmpty ? b.count : previous[b.count]
        return result <= limit ? result : nil
    }
}
