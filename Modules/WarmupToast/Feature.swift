public import Core
import Foundation

/// The warmup toast, running on the shared `FeatureRuntime`: follows the coordinator's phase, the app's lifecycle, the
/// screen the user is on and the connection (back online after offline, it starts a caching session on the coordinator:
/// the same toast as at launch); the banner's timer runs on the injected clock. The same code serves iOS and Android; the
/// platform only draws `viewState` and reports events.
public final class WarmupToastFeature: AppFeature {
    public typealias UserAction = WarmupToastUserAction
    public static let featureID = "warmup"

    /// What to draw; subscribers hear only real changes (one show and one hide per session).
    public nonisolated let viewState: StateCell<WarmupToastViewState>
    public let coordinator: CacheWarmupCoordinator
    private let connectivity: StateCell<ConnectivityStatus>?
    private let runtime: FeatureRuntime<WarmupToastState, WarmupToastViewState>

    /// - Parameter connectivity: the connection to follow (`ConnectivityMonitor.status`); nil starts no session on
    ///   reconnect (only `coordinator.launch()` warms).
    public init(coordinator: CacheWarmupCoordinator, configuration: WarmupToastConfiguration = WarmupToastConfiguration(),
                connectivity: StateCell<ConnectivityStatus>? = nil, time: TimeSource) {
        self.coordinator = coordinator
        self.connectivity = connectivity
        runtime = FeatureRuntime(WarmupToastState(configuration: configuration), time: time,
                                 view: { state, _ in WarmupToastViewState(state: state) },
                                 perform: { work in
                                     switch work {
                                     case let .warm(trigger):
                                         .background(lane: "warm") {
                                             await coordinator.warm(trigger)
                                             return []
                                         }
                                     }
                                 })
        viewState = runtime.viewState
    }

    /// Starts following the coordinator's phase (the current one at once: a session in progress shows
    /// its toast; one that already ended shows no banner). Calling it again does nothing.
    public func start() async {
        guard await runtime.start() else { return }
        await runtime.send(.adopted(coordinator.state.value))
        await runtime.follow(coordinator.state) { [.phaseChanged($0)] }
        if let connectivity { await runtime.follow(connectivity) { [.connectivityChanged($0)] } }
    }

    /// Stops following the coordinator and cancels the banner's timer.
    public func stop() async { await runtime.stop() }

    /// The app moved through its lifecycle: the toast is hidden in the background and back on return.
    public func lifecycle(_ moment: AppLifecycle) async { await send(.lifecycle(moment)) }

    /// The user navigated to a screen; screens in `screensWithoutToasts` hide the toast while open.
    public func screenOpened(_ id: String) async { await send(.screenOpened(id)) }

    /// Taps the action with this id (the banner's X).
    @discardableResult
    public func tap(actionID: String) async -> TapResult {
        guard viewState.value.actions.contains(where: { $0.id == actionID }) else { return .notOnScreen }
        if actionID == WarmupToastActionID.closeBanner { await send(.closeBannerTapped) }
        return .handled
    }

    public static func userAction(forActionID id: String) -> WarmupToastUserAction? {
        id == WarmupToastActionID.closeBanner ? .closeBanner : nil
    }

    /// The toast fills no cache: it shows the session that does.
    public var needsWarming: Bool { false }

    public func prefetch(reportingTo warmup: any CacheWarmupPort) async throws {}

    /// The toast shows a session; it has nothing of its own to refresh.
    public func refresh() async {}

    /// Waits until the runtime has nothing under way (the banner's timer excluded): a caching session it started runs
    /// to its end first.
    public func waitUntilIdle() async { await runtime.waitUntilIdle() }

    /// The session phase this feature has heard so far (it follows the coordinator's `state` asynchronously).
    public var phase: WarmupPhase { get async { await runtime.state.phase } }

    /// The connection as this feature last heard it (nil before the first reading, or when it follows none).
    public var heardConnectivity: ConnectivityStatus? { get async { await runtime.state.connectivity } }

    /// True while a caching session this feature started (on reconnect) is being decided or run.
    public var isWarming: Bool { get async { await runtime.hasWorkUnderWay } }

    /// How many times `viewState` has changed: what the UI redraws for.
    public var publishedChanges: Int { get async { await runtime.publishedChanges } }

    /// The overlay (toast, banner) as plain data, an empty stack when nothing shows. It floats over the screen: draw it
    /// with `viewState.value.viewNode(over:)`.
    public var viewNode: ViewNode { viewState.value.viewNode ?? .stack([]) }

    /// Feeds one event to the state machine.
    public func send(_ event: WarmupToastEvent) async { await runtime.send(event) }
}
