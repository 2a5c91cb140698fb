public import Core
import Foundation
public import Testing

/// The first value of `cell` (current or later) that satisfies `predicate`. Never hangs: when no such value comes
/// within `timeout` (real time: the deadline of a test that went wrong, never part of what it checks), the test fails
/// here, with the value the cell holds, and the current value is returned so the test goes on to report the rest.
@discardableResult
public func waitFor<Value: Sendable>(_ cell: StateCell<Value>, timeout: Duration = .seconds(30),
                                     sourceLocation: SourceLocation = #_sourceLocation,
                                     _ predicate: @escaping @Sendable (Value) -> Bool) async -> Value {
    let found = await withTaskGroup(of: Value?.self) { group -> Value? in
        group.addTask {
            for await value in cell.values() where predicate(value) { return value }
            return nil
        }
        group.addTask {
            try? await ContinuousClock().sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
    if let found { return found }
    Issue.record("waited \(timeout) for a value that never came; the cell holds \(cell.value)", sourceLocation: sourceLocation)
    return cell.value
}

/// Yields until `condition` holds. Never hangs: past `timeout` (real time, only a bound on a test gone wrong) the test
/// fails here, saying what it waited for.
public func waitUntil(_ what: @autoclosure () -> String = "the condition", timeout: Duration = .seconds(30),
                      sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("waited \(timeout) for \(what()), which never held", sourceLocation: sourceLocation)
            return
        }
        await Task.yield()
    }
}

/// Waits for `work` at most `timeout` and says whether it finished. Never hangs: past `timeout` (real time, only a bound
/// on a test gone wrong) the test fails here, saying what it waited for, and goes on while `work` is left to itself. For
/// waits the code under test offers without a deadline of its own (an outbox draining, a feature going idle).
@discardableResult
public func finishes(within timeout: Duration = .seconds(30), _ what: @autoclosure () -> String,
                     sourceLocation: SourceLocation = #_sourceLocation, _ work: @escaping @Sendable () async -> Void) async -> Bool {
    let (ends, end) = AsyncStream<Bool>.makeStream(bufferingPolicy: .bufferingNewest(2))
    let worker = Task {
        await work()
        end.yield(true)
    }
    let timer = Task {
        try? await ContinuousClock().sleep(for: timeout)
        end.yield(false)
    }
    var finished = false
    for await ended in ends {
        finished = ended
        break
    }
    timer.cancel()
    _ = worker
    if !finished { Issue.record("waited \(timeout) for \(what()), which never finished", sourceLocation: sourceLocation) }
    return finished
}
