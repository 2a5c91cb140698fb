public import Core
public import Foundation

extension StateMachine {
    /// `handle` without the telemetry the machine records: what a test of the machine's decisions compares. Tests of
    /// what is recorded use `handle` and look at the `.record` effects.
    public mutating func decide(_ event: Event, now: Date) -> [Effect] {
        handle(event, now: now).filter { effect in
            if case .record = effect { return false }
            return true
        }
    }
}

extension Array {
    /// The telemetry among a machine's effects: (name, attributes) of each `.record`.
    public func recorded<Event, Work>() -> [(String, [String: String])] where Element == FeatureEffect<Event, Work> {
        compactMap { effect in
            if case let .record(name, attributes, _) = effect { return (name, attributes) }
            return nil
        }
    }
}
