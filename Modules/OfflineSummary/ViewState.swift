public import Core
public import Foundation

/// The summary on screen.
public struct SummaryContent: Sendable, Hashable {
    public var card: SummaryCard
    /// "Last updated: <date>", the date in the reader's locale.
    public var lastUpdated: Copy
    /// A load runs in the background; the content stays readable meanwhile.
    public var isRefreshing: Bool

    public init(card: SummaryCard, lastUpdated: Copy, isRefreshing: Bool) {
        self.card = card
        self.lastUpdated = lastUpdated
        self.isRefreshing = isRefreshing
    }
}

/// A row for an activity registered on this device that the server has not confirmed (pattern B).
public struct ActivityRowState: Sendable, Hashable, Identifiable {
    public var id: String
    /// "Activity on <date>".
    public var title: Copy
    /// The peer mentor's own note, shown as is.
    public var note: String?
    /// Pending (0.5 opacity) while offline; failed with the reason, Retry and Dismiss.
    public var feedback: RowFeedback
    /// "Waiting to sync" while pending.
    public var label: Copy?
    /// Dismiss, on a failed registration.
    public var dismiss: Action?
    /// Retry, on a failed registration: sends it again.
    public var retry: Action?

    public init(id: String, title: Copy, note: String?, feedback: RowFeedback, label: Copy?, dismiss: Action?, retry: Action? = nil) {
        self.id = id
        self.title = title
        self.note = note
        self.feedback = feedback
        self.label = label
        self.dismiss = dismiss
        self.retry = retry
    }
}

/// Everything the summary screen shows, as copy keys and data: no resolved strings.
public struct SummaryViewState: Sendable, Equatable {
    /// "Offline Mode" / "Viewing offline data" while offline.
    public var offlineIndicator: Banner?
    /// Offline with a summary more than 30 days old: connect to refresh it.
    public var staleBanner: Banner?
    /// Online, the last refresh failed in a way a retry cures: "Couldn't refresh. Showing what was saved on …", Retry.
    public var refreshBanner: Banner?
    /// New activity was recorded since the summary was loaded: refresh to update it.
    public var refreshPrompt: Banner?
    /// "Please sign in again" above a kept summary whose refresh the server refused (401/403).
    public var sessionBanner: Banner?
    /// A spinner only while the first load runs; never while offline.
    public var screen: ScreenState<SummaryContent>
    public var activities: [ActivityRowState]
    /// Register activity (works offline), Share (works offline, once there is a summary), Refresh.
    public var actions: [Action]
    /// The card written for sharing, with its text.
    public var shared: SharedSummary?
    public var toast: Toast?

    public init(offlineIndicator: Banner?, staleBanner: Banner?, refreshPrompt: Banner?, screen: ScreenState<SummaryContent>,
                activities: [ActivityRowState], actions: [Action], shared: SharedSummary?, toast: Toast?, sessionBanner: Banner? = nil,
                refreshBanner: Banner? = nil) {
        self.offlineIndicator = offlineIndicator
        self.refreshBanner = refreshBanner
        self.sessionBanner = sessionBanner
        self.staleBanner = staleBanner
        self.refreshPrompt = refreshPrompt
        self.screen = screen
        self.activities = activities
        self.actions = actions
        self.shared = shared
        self.toast = toast
    }

    /// The global offline indicator (Core's copy).
    public static let offlineBanner = Banner(
        id: "offline-indicator", severity: .warning,
        title: CoreCopy.offlineIndicatorTitle, message: CoreCopy.offlineIndicatorMessage,
        accessibilityLabel: CoreCopy.offlineIndicatorAccessibilityLabel
    )

    public static let staleBannerValue = Banner(id: "summary-stale", severity: .warning,
                                                title: SummaryCopy.bannerStaleTitle, message: SummaryCopy.bannerStaleMessage)

    /// The view state of `state` at `now` (staleness is computed from it). `canShare`: a share folder is configured (nil: as
    /// the state says).
    public init(state: SummaryState, now: Date, canShare: Bool? = nil) {
        let canShare = canShare ?? state.canShare
        let offline = state.connectivity == .offline
        let refreshState: ActionState = offline ? .disabled(reason: CoreCopy.noConnection) : .enabled
        offlineIndicator = offline ? Self.offlineBanner : nil
        // Online the last refresh may have failed (the server, the path): the saved data stays, said in the screen's own
        // words with Retry, and the app retries by itself. Older than 30 days, the stale banner says it, online too (it asks
        // to connect only offline).
        let failedOnline = state.connectivity == .online && state.summary.lastFailure.map(RetryPolicy.isCuredByRetryingOnline) == true
        let retry = Action(id: SummaryActionID.retry, title: CoreCopy.retry)
        if state.isStale(at: now), state.summary.cached != nil {
            staleBanner = offline ? Self.staleBannerValue : Banner(id: Self.staleBannerValue.id, severity: .warning, title: SummaryCopy.bannerStaleTitle)
        } else {
            staleBanner = nil
        }
        refreshBanner = failedOnline ? state.summary.cached.map { CorePreviews.refreshFailedBanner(savedAt: $0.fetchedAt, retry: SummaryActionID.retry) } : nil
        let sessionRefused = state.summary.sessionRefused && !offline
        sessionBanner = sessionRefused && state.summary.cached != nil ? CorePreviews.signInBanner : nil
        if let cache = state.summary.cached, cache.isInvalidated {
            refreshPrompt = Banner(id: "summary-refresh-prompt", severity: .info, title: SummaryCopy.refreshPrompt,
                                   action: Action(id: SummaryActionID.refresh, title: CoreCopy.refresh, state: refreshState))
        } else {
            refreshPrompt = nil
        }

        var actions = [Action(id: SummaryActionID.registerActivity, title: SummaryCopy.actionRegisterActivity)]
        if let cache = state.summary.cached {
            screen = .content(SummaryContent(card: SummaryCard(summary: cache.summary), lastUpdated: SummaryCopy.summaryLastUpdated(date: .date(cache.fetchedAt, .medium)),
                                              isRefreshing: state.summary.isRefreshing))
            if canShare { actions.append(Action(id: SummaryActionID.share, title: SummaryCopy.actionShare)) }
            actions.append(Action(id: SummaryActionID.refresh, title: CoreCopy.refresh, state: refreshState))
        } else if state.summary.isRefreshing {
            screen = .loading
        } else if sessionRefused {
            // Online, but the server refused the session: sign in again, not "connect" or "our side".
            screen = .blocked(CorePreviews.signInRequired)
        } else if state.connectivity == .online, let failure = state.summary.lastFailure, failure != .offline {
            // Online, and the load failed (an error, a reset, no answer in time): say so, with Retry — not "connect"
            // (issue 25, item 6). If the connection really went, the monitor says offline and the first-load copy shows.
            screen = .empty(EmptyState(title: SummaryCopy.emptyLoadFailedTitle, message: SummaryCopy.emptyLoadFailedMessage,
                                       action: Action(id: SummaryActionID.retry, title: CoreCopy.retry)))
        } else if state.connectivity == .unknown {
            // Connectivity not decided yet at launch: a neutral loading state, never a message that may be wrong.
            screen = .loading
        } else {
            // Never loaded (fresh install, cleared cache) and no connection: the first load needs one.
            screen = .empty(EmptyState(title: SummaryCopy.emptyFirstLoadTitle, message: SummaryCopy.emptyFirstLoadMessage,
                                       action: Action(id: SummaryActionID.retry, title: CoreCopy.retry, state: refreshState)))
        }
        self.actions = actions

        activities = state.activities.map { entry in
            let feedback = entry.feedback.rowFeedback(isOffline: offline)
            let failed: Bool = if case .failed = feedback { true } else { false }
            return ActivityRowState(
                id: entry.id, title: SummaryCopy.activityRegistered(date: .date(entry.activity.occurredAt, .medium)), note: entry.activity.note,
                feedback: feedback, label: feedback == .pending ? SummaryCopy.activityPending : nil,
                dismiss: failed ? Action(id: SummaryActionID.dismiss(entry.id), title: CoreCopy.dismiss) : nil,
                retry: failed ? Action(id: SummaryActionID.resend(entry.id), title: CoreCopy.retry) : nil
            )
        }
        shared = state.shared
        toast = state.toast.current
    }

    /// The content, if a summary is on screen.
    public var content: SummaryContent? { screen.content }

    /// The screen as a phone draws it, top to bottom.
    public var viewNode: ViewNode {
        var nodes: [ViewNode] = []
        for banner in [offlineIndicator, sessionBanner, staleBanner, refreshBanner, refreshPrompt].compactMap({ $0 }) { nodes.append(.banner(banner)) }
        switch screen {
        case .loading:
            nodes.append(.progress(CoreCopy.loading))
        case let .empty(empty), let .blocked(empty):
            nodes.append(.empty(empty))
        case let .content(content):
            nodes.append(.title(content.card.title))
            nodes.append(.text(content.lastUpdated, style: .caption))
            if content.isRefreshing { nodes.append(.progress(CoreCopy.loading)) }
            nodes += content.card.bodyNodes
        }
        for row in activities {
            var cells: [ViewNode] = [.text(row.title)]
            if let note = row.note { cells.append(.verbatim(note, style: .secondary)) }
            if let label = row.label { cells.append(.text(label, style: .caption)) }
            let rowActions = [row.retry, row.dismiss].compactMap { $0 }
            if !rowActions.isEmpty { cells.append(.actions(rowActions)) }
            nodes.append(.row(cells, feedback: row.feedback))
        }
        nodes.append(.actions(actions))
        if let shared {
            nodes.append(.divider)
            nodes.append(.text(shared.text))
            nodes.append(.verbatim(shared.fileURL.lastPathComponent, style: .caption))
            nodes.append(.actions([Action(id: SummaryActionID.closeShare, title: CoreCopy.dismiss)]))
        }
        if let toast { nodes.append(.toast(toast)) }
        return .stack(nodes)
    }
}
