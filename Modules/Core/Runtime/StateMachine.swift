public import Foundation

/// A feature's screen logic as a pure machine: an event in, the effects it asks for out. No I/O, no clock: `now`
/// (the wall clock of the injected `TimeSource`) is passed in, and waiting is asked for with a timer effect.
/// `FeatureRuntime` runs it; its tests are synchronous.
public protocol StateMachine: Sendable {
    /// Something that happened: from the user, the network, the store, a timer, or finished work.
    associatedtype Event: Sendable
    /// The feature's own work (reads, writes, requests), done by its performer.
    associatedtype Work: Sendable
    typealias Effect = FeatureEffect<Event, Work>

    mutating func handle(_ event: Event, now: Date) -> [Effect]
}

/// What a machine asks of the runtime. Timers, cancellation and telemetry are the runtime's own; `perform` goes to the
/// feature's performer.
public enum FeatureEffect<Event: Sendable, Work: Sendable>: Sendable {
    /// The feature's work: handed to its performer, whose answer comes back as events.
    case perform(Work)
    /// After `after` on the injected clock, the runtime sends `event`. A timer started again with the same id replaces
    /// the first; `cancelTimer` and `stop()` end it unfired. The deadline is fixed when the effect runs.
    case startTimer(id: String, after: Duration, send: Event)
    case cancelTimer(id: String)
    /// Cancels the background work of `lane` (its answers, if any, still come back as events).
    case cancelWork(lane: String)
    /// One telemetry event, recorded through the feature's `Telemetry` (with how long the work it reports took, when
    /// the work measured it on the injected clock). A feature records only this way: its class and performer report
    /// what happened as events, and the machine decides what is recorded.
    case record(String, attributes: [String: String] = [:], duration: Duration? = nil)
}

extension FeatureEffect: Equatable where Event: Equatable, Work: Equatable {}

/// How a performer does one piece of work.
public struct WorkPlan<Event: Sendable>: Sendable {
    enum Kind: Sendable {
        case done([Event])
        case background(lane: String?, @Sendable () async -> [Event])
    }

    let kind: Kind

    /// Done already (a read of the device store): the events are handled in the same turn, before the view state is
    /// published, so a screen opens with its cached content.
    public static func done(_ events: [Event]) -> Self { Self(kind: .done(events)) }
    public static func done(_ events: Event...) -> Self { Self(kind: .done(events)) }

    /// Nothing comes back.
    public static var nothing: Self { Self(kind: .done([])) }

    /// Runs in a task of its own; `waitUntilIdle()` waits for it. Work of one `lane` runs one at a time in the order it
    /// was asked for (a sync waits for the one before) and `cancelWork(lane:)` cancels it.
    public static func background(lane: String? = nil, _ body: @escaping @Sendable () async -> [Event]) -> Self {
        Self(kind: .background(lane: lane, body))
    }
}
