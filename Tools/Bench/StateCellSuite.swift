import Core
import Foundation

/// 1,000,000 updates fanned out to 100 subscribers: updates per second, and whether every
/// subscriber saw only changes (never the same value twice in a row, always in increasing order).
struct StateCellSuite: BenchSuite {
    let name = "statecell"
    let summary = "1,000,000 StateCell updates fanned out to 100 subscribers: updates/s, only changes seen"

    func run(_ report: BenchReport) async throws {
        let updates = 1_000_000
        let subscriberCount = 100
        let cell = StateCell(0)
        let streams = (0..<subscriberCount).map { _ in cell.values() }

        let (results, elapsed) = await Stopwatch.measure {
            await withTaskGroup(of: SubscriberResult.self) { group in
                for stream in streams {
                    group.addTask {
                        var result = SubscriberResult()
                        var previous: Int?
                        for await value in stream {
                            if let previous, value <= previous { result.onlyChanges = false }
                            previous = value
                            result.received += 1
                            if value == updates { break }
                        }
                        result.sawFinalValue = previous == updates
                        return result
                    }
                }
                group.addTask {
                    for value in 1...updates { cell.set(value) }
                    return SubscriberResult(isProducer: true)
                }
                var results: [SubscriberResult] = []
                for await result in group where !result.isProducer { results.append(result) }
                return results
            }
        }

        let received = results.map(\.received)
        let onlyChanges = results.allSatisfy { $0.onlyChanges && $0.sawFinalValue }
        report.emit("updates_per_second", Double(updates) / elapsed.seconds, unit: "updates/s",
                    note: "\(subscriberCount) subscribers; values are conflated for slow subscribers")
        report.emit("subscribers_saw_only_changes", onlyChanges ? 1 : 0, unit: "bool", pass: onlyChanges)
        report.emit("deliveries_per_subscriber_min", Double(received.min() ?? 0), unit: "values")
        report.emit("deliveries_per_subscriber_max", Double(received.max() ?? 0), unit: "values")
    }

    struct SubscriberResult: Sendable {
        var received = 0
        var onlyChanges = true
        var sawFinalValue = false
        var isProducer = false
    }
}
