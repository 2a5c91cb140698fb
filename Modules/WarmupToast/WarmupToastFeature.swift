public import Core
public import Foundation

/// The warmup toast, running on the shared `FeatureRuntime`: follows the coordinator's phase, the app's lifecycle and
/// the screen the user is on; the banner's timer runs on the injected clock. The same code serves iOS and Android; the
/// platform only draws `viewState` and reports events.
public final class WarmupToastFeature: Sendable {
    /// What to draw; subscribers hear only real changes (one show and one hide per session).
    public nonisolated let viewState: StateCell<WarmupToastViewState>
    public let coordinator: CacheWarmupCoordinator
    private let runtime: FeatureRuntime<WarmupToastState, WarmupToastViewState>

    /// Every user action of the feature with its offline pattern: closing the banner never involves the server.
    public static let offlinePatterns: [String: OfflinePattern] = [WarmupIdentifiers.closeBannerActionID: .none]

    public init(coordinator: CacheWarmupCoordinator, configuration: WarmupToastConfiguration = WarmupToastConfiguration(),
                time: TimeSource) {
        self.coordinator = coordinator
        runtime = FeatureRuntime(WarmupToastState(configuration: configuration), time: time,
                                 view: { state, _ in WarmupToastViewState(state: state) }, perform: { _ in .nothing })
        viewState = runtime.viewState
    }

    /// Starts following the coordinator's phase (the current one at once: a session in progress shows
    /// its toast; one that already ended shows no banner). Calling it again does nothing.
    public func start() async {
        guard await runtime.start() else { return }
        await runtime.send(.adopted(coordinator.state.value))
        await runtime.follow(coordinator.state) { [.phaseChanged($0)] }
    }

    /// Stops following the coordinator and cancels the banner's timer.
    public func stop() async { await runtime.stop() }

    /// The app moved through its lifecycle: the toast is hidden in the background and back on return.
    public func lifecycle(_ moment: AppLifecycle) async { await send(.lifecycle(moment)) }

    /// The user navigated to a screen; screens in `screensWithoutToasts` hide the toast while open.
    public func screenOpened(_ id: String) async { await send(.screenOpened(id)) }

    /// Taps the action with this id (the banner's X); returns false when no such action is on screen.
    @discardableResult
    public func tap(actionID: String) async -> Bool {
        guard viewState.value.actions.contains(where: { $0.id == actionID }) else { return false }
        if actionID == WarmupIdentifiers.closeBannerActionID { await send(.closeBannerTapped) }
        return true
    }

    /// The session phase this feature has heard so far (it follows the coordinator's `state` asynchronously).
    public var phase: WarmupPhase { get async { await runtime.state.phase } }

    /// How many times `viewState` has changed: what the UI redraws for.
    public var publishedChanges: Int { get async { await runtime.publishedChanges } }

    /// The overlay as plain data for the REPL; nil when nothing is shown.
    public func viewNode() -> ViewNode? { viewState.value.node }

    /// Feeds one event to the state machine.
    public func send(_ event: WarmupToastState.Event) async { await runtime.send(event) }
}
