public import Core

/// Every user action of the summary screen, each declared with its offline pattern
/// (tests check each declaration against `OfflinePattern.choose`).
public enum SummaryUserAction: String, Sendable, Hashable, CaseIterable, OfflineUserAction {
    /// Open the summary: a read where the cached copy is fine (it says when it was last updated).
    case viewSummary
    /// Refresh the summary: a read; while offline the cached copy stays.
    case refresh
    /// Register a new activity: the server's answer is known in advance (the activity as sent), nothing the
    /// app cannot check, and the peer mentor must see that it has not reached the server yet.
    case registerActivity
    /// Share the summary card: made on the device from the cached data, no server involved.
    case share
    /// Dismiss a registration the server refused: local only.
    case dismissFailedActivity
    /// Send a registration the server refused (or that ran out of attempts) again: queued like the first time.
    case retryFailedActivity

    /// The flowchart's answers for this action.
    public var answers: OfflinePattern.Answers {
        switch self {
        case .viewSummary, .refresh:
            .read(staleDataIsOK: true)
        case .registerActivity, .retryFailedActivity:
            .write(OfflinePattern.Write(isForm: false, responseCanBeAnticipated: true, needsServerValidation: false,
                                        userNeedsToKnowItSucceeded: true))
        case .share, .dismissFailedActivity:
            .noServer
        }
    }

    /// The declared pattern.
    public var pattern: OfflinePattern {
        switch self {
        case .viewSummary, .refresh, .share, .dismissFailedActivity: .none
        case .registerActivity, .retryFailedActivity: .optimisticWithFeedback
        }
    }

    /// A refresh fetches what the device does not have: offline it is disabled.
    public var needsNetwork: Bool { self == .refresh || !pattern.worksOffline }

    /// The declared action behind an id the screen shows (`SummaryActionID`).
    public init?(actionID id: String) {
        switch id {
        case SummaryActionID.refresh, SummaryActionID.retry: self = .refresh
        case SummaryActionID.share, SummaryActionID.closeShare: self = .share
        case SummaryActionID.registerActivity: self = .registerActivity
        case _ where id.hasPrefix(SummaryActionID.dismissPrefix): self = .dismissFailedActivity
        case _ where id.hasPrefix(SummaryActionID.resendPrefix): self = .retryFailedActivity
        default: return nil
        }
    }
}

/// The stable ids of the screen's actions (tests, telemetry, `app tap ID`).
public enum SummaryActionID {
    public static let refresh = "refresh"
    public static let retry = "retry"
    public static let share = "share"
    public static let registerActivity = "register-activity"
    public static let closeShare = "close-share"
    /// `dismiss:<activity id>`: dismiss a failed registration.
    public static let dismissPrefix = "dismiss:"

    public static func dismiss(_ activityID: String) -> String { dismissPrefix + activityID }
    /// `resend:<activity id>`: send a failed registration again (titled Retry; `retry` alone reloads the summary).
    public static let resendPrefix = "resend:"

    public static func resend(_ activityID: String) -> String { resendPrefix + activityID }
}
