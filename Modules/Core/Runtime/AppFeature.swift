/// The one surface every feature module offers the app. The composition root keeps a list of `any AppFeature` and
/// loops over it for everything that is the same for all of them (start, lifecycle, warming, idling, stopping);
/// only what is truly a feature's own (which screen to open, a form's text) is called by name.
///
/// A feature runs on `FeatureRuntime`: its `Feature.swift` is the performer of its machine's work plus this surface.
public protocol AppFeature: AnyObject, Sendable {
    /// Every action a person can take in the feature, each declared with its offline pattern.
    associatedtype UserAction: OfflineUserAction

    /// A stable, lower-case name ("products", "commerce"): the id of its warmup subtask, its telemetry prefix.
    static var featureID: String { get }

    /// Starts following what the feature follows (the connection, the outbox, a session). Calling it again does nothing.
    func start() async

    /// Stops following, cancels timers and work under way. The feature is not used afterwards.
    func stop() async

    /// The app moved through its lifecycle (launched, foregrounded, backgrounded, terminated).
    func lifecycle(_ phase: AppLifecycle) async

    /// True while some cache the feature shows offline has never been filled: the app's warmup session runs for it.
    var needsWarming: Bool { get }

    /// Fills the feature's caches as subtasks of the app's warmup session ("Optimizing your experience"). Throws when
    /// the cache could not be filled, which fails the session (its toast goes; no error toast shows).
    func prefetch(reportingTo warmup: any CacheWarmupPort) async throws

    /// Pull to refresh: what the feature shows is read again from the server (offline it says why it cannot).
    func refresh() async

    /// What the feature shows now, as plain data to render in any locale.
    var viewNode: ViewNode { get }

    /// A tap on anything the feature shows, by its action id (`app tap ID`). A disabled action shows its reason,
    /// which is handling it too.
    @discardableResult
    func tap(actionID: String) async -> TapResult

    /// Waits until no work the feature started is under way (timers excluded).
    func waitUntilIdle() async

    /// The feature's screen that holds something needing the person's attention (a write the server rejected for good,
    /// still to be dismissed); nil when nothing does. The app's navigation item for that screen carries a marker on
    /// every other screen (the "Red Brick Road" of the offline guide's pattern B) until the last such item is gone.
    var attention: Attention? { get }

    /// The declared user action behind an action id the feature shows (`product:p1` → viewing a warranty card); nil for
    /// an id it does not show. Every action on screen maps to one, so checks can walk a screen from its declarations.
    static func userAction(forActionID id: String) -> UserAction?
}

/// What became of a tap.
public enum TapResult: Sendable, Hashable {
    /// The feature took it (ran it, or showed why it cannot run now).
    case handled
    /// Nothing the feature shows has that id.
    case notOnScreen
}

/// A user action, declared once with the offline guide's flowchart answers and the pattern the team chose for it.
/// `OfflinePattern.choose(answers)` must give `pattern`; one shared test checks every feature's declarations.
public protocol OfflineUserAction: CaseIterable, Sendable, Hashable {
    /// The flowchart's answers for this action.
    var answers: OfflinePattern.Answers { get }
    /// The declared pattern.
    var pattern: OfflinePattern { get }
    /// Whether it needs the network there and then: offline it is shown disabled with its reason, and a tap says so and
    /// sends nothing. By default whatever the pattern does not let work offline; a refresh needs it too (its point is
    /// data the device does not have), though its pattern is `none`.
    var needsNetwork: Bool { get }
}

extension OfflineUserAction {
    public var needsNetwork: Bool { !pattern.worksOffline }
}

/// One declared action of one feature, for checks across features.
public struct DeclaredAction: Sendable, Hashable, CustomStringConvertible {
    public var featureID: String
    public var name: String
    public var answers: OfflinePattern.Answers
    public var pattern: OfflinePattern

    public var description: String { "\(featureID).\(name)" }
}

/// What a feature reports when something in it needs the person's attention (pattern B's failed writes).
public struct Attention: Sendable, Hashable {
    /// The screen that shows the items, by the id the app's routes give it ("summary").
    public var screenID: String
    /// How many items need attention there (at least one).
    public var count: Int

    public init(screenID: String, count: Int) {
        self.screenID = screenID
        self.count = count
    }
}

extension AppFeature {
    public var attention: Attention? { nil }

    /// Every user action of the feature with its answers and pattern.
    public static var declaredActions: [DeclaredAction] {
        UserAction.allCases.map {
            DeclaredAction(featureID: featureID, name: String(describing: $0), answers: $0.answers, pattern: $0.pattern)
        }
    }
}

/// A feature's prefetch left its cache unfilled: the warmup session fails with it.
public struct PrefetchFailed: Error, Sendable, CustomStringConvertible {
    public var featureID: String
    public init(featureID: String) { self.featureID = featureID }
    public var description: String { "prefetching \(featureID) did not fill its cache" }
}

extension ViewNode {
    /// Every action this node offers, depth first: buttons, a banner's and an empty state's action.
    public var actions: [Action] {
        switch self {
        case let .actions(actions): actions
        case let .stack(children), let .row(children, _): children.flatMap(\.actions)
        case let .banner(banner): [banner.action].compactMap { $0 }
        case let .empty(empty): [empty.action].compactMap { $0 }
        case let .navigation(items): items.map(\.action)
        default: []
        }
    }
}
