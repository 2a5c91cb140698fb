public import Core
public import Foundation

/// Fixture summaries for previews, tests and benchmarks.
public enum SummaryFixtures {
    /// 2026-01-31 00:00 UTC: the `now` of every preview.
    public static let now = Date(timeIntervalSince1970: 1_769_817_600)
    static let day: TimeInterval = 86_400

    /// A peer mentor's 2025: activities, hours and people reached, compared with 2024, and two badges.
    public static let peerMentor2025 = AnnualSummary(
        period: "2025",
        statCards: [
            StatCard(kind: .activities, value: .count(48)),
            StatCard(kind: .hours, value: .quantity(112.5)),
            StatCard(kind: .peopleReached, value: .count(1_250)),
        ],
        badges: [
            EarnedBadge(kind: .regularCustomer, earnedAt: Date(timeIntervalSince1970: 1_741_046_400)),
            EarnedBadge(kind: .reviewer, earnedAt: Date(timeIntervalSince1970: 1_767_139_200)),
        ],
        comparison: PeriodComparison(previousPeriod: "2024", changes: [
            StatChange(kind: .activities, current: .count(48), previous: .count(36), percentChange: 33.3),
            StatChange(kind: .hours, current: .quantity(112.5), previous: .quantity(120), percentChange: -6.3),
            StatChange(kind: .peopleReached, current: .count(1_250), previous: .count(0), percentChange: nil),
        ])
    )

    /// The snapshot the previews show, fetched `daysAgo` days before `now`.
    public static func snapshot(daysAgo: Double, summary: AnnualSummary = peerMentor2025) -> SummarySnapshot {
        SummarySnapshot(id: "preview-\(Int(daysAgo))", summary: summary, fetchedAt: now.addingTimeInterval(-daysAgo * day))
    }
}

/// The summary screen in each state the story names, for `l10n repl` (`preview summary.stale`). Ids are `summary.*`.
public enum OfflineSummaryPreviews: PreviewProvider {
    static func node(_ configure: (inout SummaryState) -> Void) -> ViewNode {
        var state = SummaryState(year: 2025, connectivity: .unknown)
        state.hasOpened = true
        configure(&state)
        return SummaryViewState(state: state, now: SummaryFixtures.now).viewNode
    }

    public static var previews: [Preview] {
        [
            Preview(id: "summary.online", summary: "Online: the fresh summary (stat cards, comparison, badges), cached",
                    node: node { state in
                        state.connectivity = .online
                        state.summary.cached = CachedSummary(snapshot: SummaryFixtures.snapshot(daysAgo: 0))
                    }),
            Preview(id: "summary.loading", summary: "Online, first load running: a brief spinner (it always ends)",
                    node: node { state in
                        state.connectivity = .online
                        state.summary.refreshing = .open
                    }),
            Preview(id: "summary.offline-cached", summary: "Offline with a cache: the offline indicator and \"Last updated\"",
                    node: node { state in
                        state.connectivity = .offline
                        state.summary.cached = CachedSummary(snapshot: SummaryFixtures.snapshot(daysAgo: 3))
                    }),
            Preview(id: "summary.stale", summary: "Offline with a cache more than 30 days old: connect to refresh",
                    node: node { state in
                        state.connectivity = .offline
                        state.summary.cached = CachedSummary(snapshot: SummaryFixtures.snapshot(daysAgo: 45))
                    }),
            Preview(id: "summary.first-load-empty", summary: "Offline, never loaded: the first load needs a connection",
                    node: node { state in
                        state.connectivity = .offline
                    }),
            Preview(id: "summary.refresh-prompt", summary: "New activity synced since the summary was loaded: refresh",
                    node: node { state in
                        state.connectivity = .online
                        state.summary.cached = CachedSummary(snapshot: SummaryFixtures.snapshot(daysAgo: 2), isInvalidated: true)
                    }),
            Preview(id: "summary.pending-activity", summary: "Offline: an activity waiting to sync (0.5 opacity) and the refresh prompt",
                    node: node { state in
                        state.connectivity = .offline
                        state.summary.cached = CachedSummary(snapshot: SummaryFixtures.snapshot(daysAgo: 2), isInvalidated: true)
                        state.activities = [ActivityEntry(
                            activity: RegisteredActivity(id: "preview-activity", kind: SummaryFeature.defaultActivityKind,
                                                         occurredAt: SummaryFixtures.now.addingTimeInterval(-3_600), note: "Community centre"),
                            feedback: OfflineFeedback(pendingAction: .add))]
                    }),
            Preview(id: "summary.share-card", summary: "The share card (drawn as SVG) and the text shared with it",
                    node: .stack([
                        SummaryCard(summary: SummaryFixtures.peerMentor2025).viewNode,
                        .divider,
                        .text(SummaryCopy.shareText(SummaryFixtures.peerMentor2025)),
                    ])),
        ]
    }
}
