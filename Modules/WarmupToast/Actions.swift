public import Core

/// Every user action of the warmup toast, declared with its offline pattern (one shared test checks every feature's
/// declarations against `OfflinePattern.choose`). The toast itself has no dismiss control: the story leaves manual
/// dismissal out; only the "App optimized" banner has its X.
public enum WarmupToastUserAction: String, Sendable, Hashable, CaseIterable, OfflineUserAction {
    /// Close the "App optimized" banner: local, no server.
    case closeBanner

    public var answers: OfflinePattern.Answers {
        switch self {
        case .closeBanner: .noServer
        }
    }

    public var pattern: OfflinePattern {
        switch self {
        case .closeBanner: .none
        }
    }
}

/// The ids of the actions in the view state (`app tap ID`, tests, telemetry).
public enum WarmupToastActionID {
    /// The banner's X.
    public static let closeBanner = "warmup.banner.close"
}
