public import Core
public import Foundation

/// What the toast and banner depend on besides the session itself; set by the composition root.
public struct WarmupToastConfiguration: Sendable, Hashable {
    /// How long the "App optimized" banner stays before it dismisses itself (on the injected clock).
    public var bannerDuration: Duration
    /// Screens that must show neither toast nor banner (full-screen media, passcode…), by screen id.
    public var screensWithoutToasts: Set<String>

    public init(bannerDuration: Duration = .seconds(3), screensWithoutToasts: Set<String> = Self.defaultScreensWithoutToasts) {
        self.bannerDuration = bannerDuration
        self.screensWithoutToasts = screensWithoutToasts
    }

    public static let defaultScreensWithoutToasts: Set<String> = ["media.fullscreen", "passcode"]
}

/// The toast and banner's state machine: pure, synchronous, the same on every platform.
/// It never persists anything: the toast is derived from the running session alone.
public struct WarmupToastState: StateMachine, Hashable {
    public var configuration: WarmupToastConfiguration
    /// The session's phase as last heard from the coordinator.
    public private(set) var phase: WarmupPhase = .idle
    /// False between `backgrounded` and the next `foregrounded`: nothing is on screen.
    public private(set) var isInForeground = true
    /// The screen the user is on; nil before the first one opens.
    public private(set) var screen: String?
    public private(set) var banner: BannerPhase = .hidden
    /// The connection as last heard (nil before the first reading).
    public private(set) var connectivity: ConnectivityStatus?
    private var nextTimer = 0

    public enum BannerPhase: Sendable, Hashable {
        case hidden
        /// The session completed while the app was in the background: shown when it comes back.
        case waitingForForeground
        /// On screen; `timer` identifies the auto-dismiss timer that may take it down.
        case shown(timer: Int)
    }

    public typealias Event = WarmupToastEvent

    public typealias Work = WarmupToastWork

    /// The id of the banner's auto-dismiss timer.
    public static let bannerTimerID = "banner"

    public init(configuration: WarmupToastConfiguration = WarmupToastConfiguration()) {
        self.configuration = configuration
    }

    /// Whether the current screen allows the toast and the banner.
    public var screenAllowsToasts: Bool {
        screen.map { !configuration.screensWithoutToasts.contains($0) } ?? true
    }

    /// The toast is up while a session is in progress, the app is on screen and the screen allows it.
    public var showsToast: Bool {
        phase == .inProgress && isInForeground && screenAllowsToasts
    }

    public var showsBanner: Bool {
        if case .shown = banner { isInForeground && screenAllowsToasts } else { false }
    }

    /// Takes the phase the session already had when the app started watching it, without effects:
    /// a session that ended before then shows no banner to someone who never saw its toast.
    public mutating func adopt(_ phase: WarmupPhase) {
        self.phase = phase
    }

    public mutating func handle(_ event: Event, now: Date) -> [Effect] {
        switch event {
        case let .adopted(phase):
            adopt(phase)
            return []

        case let .phaseChanged(newPhase):
            guard newPhase != phase else { return [] }
            phase = newPhase
            switch newPhase {
            case .completed:
                return isInForeground ? showBanner() : hideBanner(then: .waitingForForeground)
            case .idle, .inProgress, .failed:
                // A failure shows nothing (no error toast); a new session takes the banner down.
                return hideBanner()
            }

        case let .lifecycle(moment):
            isInForeground = moment.isActive
            if isInForeground, banner == .waitingForForeground { return showBanner() }
            return []

        case let .screenOpened(id):
            screen = id
            return []

        case let .connectivityChanged(status):
            let previous = connectivity
            connectivity = status
            // Back online after being offline: what could not be fetched meanwhile is a caching session of its own,
            // with the same toast and rules as at launch (the coordinator decides whether anything needs warming).
            // Unknown → online too: a first reading slower than the launch waited for left the launch deciding while
            // the status was unknown ("nothing to warm"), so caching that starts now gets its session and toast (AC1,
            // AC16). The coordinator opens none when a session runs already or nothing needs warming.
            guard status == .online, previous != .online else { return [] }
            return [.perform(.warm(previous == .offline ? .reconnect : .connectionConfirmed))]

        case .closeBannerTapped:
            return hideBanner()

        case let .bannerTimerFired(timer):
            guard banner == .shown(timer: timer) else { return [] }
            banner = .hidden
            return []
        }
    }

    private mutating func showBanner() -> [Effect] {
        nextTimer += 1
        banner = .shown(timer: nextTimer)
        return [.startTimer(id: Self.bannerTimerID, after: configuration.bannerDuration, send: .bannerTimerFired(timer: nextTimer))]
    }

    private mutating func hideBanner(then next: BannerPhase = .hidden) -> [Effect] {
        let wasShown = if case .shown = banner { true } else { false }
        banner = next
        return wasShown ? [.cancelTimer(id: Self.bannerTimerID)] : []
    }
}

/// Something that happened to the toast: the session, the app, the screen, the user, its timer.
public enum WarmupToastEvent: Sendable, Hashable {
    /// The phase the session already had when the app started watching it (see `adopt`).
    case adopted(WarmupPhase)
    case phaseChanged(WarmupPhase)
    case lifecycle(AppLifecycle)
    case screenOpened(String)
    case closeBannerTapped
    case bannerTimerFired(timer: Int)
    /// The connectivity signal changed.
    case connectivityChanged(ConnectivityStatus)
}

/// The toast's own work: starting a caching session on the coordinator when a trigger other than the launch occurs.
/// (Its other effect, the banner's timer, the runtime runs.)
public enum WarmupToastWork: Sendable, Hashable {
    case warm(WarmupTrigger)
}
