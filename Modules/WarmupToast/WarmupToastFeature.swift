public import Core

/// Runs `WarmupToastState` for the app: follows the coordinator's phase, the app's lifecycle and the
/// screen the user is on, runs the banner's timer on the injected clock, and publishes `viewState`.
/// The same code serves iOS and Android; the platform only draws `viewState` and reports events.
public actor WarmupToastFeature {
    /// What to draw; subscribers hear only real changes (one show and one hide per session).
    public nonisolated let viewState: StateCell<WarmupToastViewState>
    public nonisolated let coordinator: CacheWarmupCoordinator

    private var state: WarmupToastState
    private let clock: any Clock<Duration>
    private var following: Task<Void, Never>?
    private var bannerTimer: Task<Void, Never>?
    /// How many times `viewState` has changed: what the UI redraws for.
    public private(set) var publishedChanges = 0

    /// Every user action of the feature with its offline pattern: closing the banner never involves the server.
    public static let offlinePatterns: [String: OfflinePattern] = [WarmupIdentifiers.closeBannerActionID: .none]

    public init(coordinator: CacheWarmupCoordinator, configuration: WarmupToastConfiguration = WarmupToastConfiguration(),
                time: TimeSource) {
        self.coordinator = coordinator
        state = WarmupToastState(configuration: configuration)
        clock = time.clock
        viewState = StateCell(WarmupToastViewState(state: state))
    }

    /// Starts following the coordinator's phase (the current one at once: a session in progress shows
    /// its toast; one that already ended shows no banner). Calling it again does nothing.
    public func start() {
        guard following == nil else { return }
        state.adopt(coordinator.state.value)
        if viewState.set(WarmupToastViewState(state: state)) { publishedChanges += 1 }
        let phases = coordinator.state.values()
        following = Task { [weak self] in
            for await phase in phases {
                guard let self else { return }
                await self.send(.phaseChanged(phase))
            }
        }
    }

    /// Stops following the coordinator and cancels the banner's timer.
    public func stop() {
        following?.cancel()
        following = nil
        bannerTimer?.cancel()
        bannerTimer = nil
    }

    /// The app moved through its lifecycle: the toast is hidden in the background and back on return.
    public func lifecycle(_ moment: AppLifecycle) {
        send(.lifecycle(moment))
    }

    /// The user navigated to a screen; screens in `screensWithoutToasts` hide the toast while open.
    public func screenOpened(_ id: String) {
        send(.screenOpened(id))
    }

    /// Taps the action with this id (the banner's X); returns false when no such action is on screen.
    @discardableResult
    public func tap(actionID: String) -> Bool {
        guard viewState.value.actions.contains(where: { $0.id == actionID }) else { return false }
        if actionID == WarmupIdentifiers.closeBannerActionID { send(.closeBannerTapped) }
        return true
    }

    /// The session phase this feature has heard so far (it follows the coordinator's `state` asynchronously).
    public var phase: WarmupPhase { state.phase }

    /// The overlay as plain data for the REPL; nil when nothing is shown.
    public nonisolated func viewNode() -> ViewNode? {
        viewState.value.node
    }

    /// Feeds one event to the state machine, publishes the view state, and performs the effects.
    public func send(_ event: WarmupToastState.Event) {
        let effects = state.handle(event)
        if viewState.set(WarmupToastViewState(state: state)) { publishedChanges += 1 }
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: WarmupToastState.Effect) {
        switch effect {
        case let .startBannerTimer(timer, after):
            bannerTimer?.cancel()
            let sleep = sleeper(on: clock, for: after)
            bannerTimer = Task { [weak self] in
                do { try await sleep() } catch { return }
                await self?.send(.bannerTimerFired(timer: timer))
            }
        case .cancelBannerTimer:
            bannerTimer?.cancel()
            bannerTimer = nil
        }
    }
}
