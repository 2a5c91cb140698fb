import Core
import Foundation
import OfflineSummary
import Testing
import TestSupport

/// Issue 25, item 6 for the annual summary: copy that blames the connection only when it is the connection. One table:
/// (connectivity × server outcome) with nothing saved → what the screen says; with a saved summary it always shows,
/// and only the banners above it say why it may be old.
@Suite struct SummaryFirstLoadCopyTests {
    enum Outcome: String, Sendable {
        case pending, fresh, serverError, timeout, reset, refusedSession, offline

        var result: RevalidateOutcome<SummarySnapshot>? {
            let snapshot = SummarySnapshot(id: "s1", summary: summary2025, fetchedAt: fixedNow)
            return switch self {
            case .pending: nil
            case .fresh: freshOutcome(snapshot)
            case .serverError: keptOutcome(nil, .http(status: 503))
            case .timeout: keptOutcome(nil, .timeout)
            case .reset: keptOutcome(nil, .connectionLost("reset"))
            case .refusedSession: keptOutcome(nil, .http(status: 401))
            case .offline: keptOutcome(nil, .offline)
            }
        }
    }

    enum Says: String, Equatable {
        case content, loading, notAvailableOffline, couldNotLoad, signIn
    }

    static func says(_ view: SummaryViewState) -> Says? {
        switch view.screen {
        case .content: .content
        case .loading: .loading
        case let .empty(empty) where empty.title == SummaryCopy.emptyFirstLoadTitle: .notAvailableOffline
        case let .empty(empty) where empty.title == SummaryCopy.emptyLoadFailedTitle: .couldNotLoad
        case let .blocked(state) where state == CorePreviews.signInRequired: .signIn
        default: nil
        }
    }

    static let nothingSaved: [(ConnectivityStatus, Outcome, Says)] = [
        (.online, .pending, .loading), (.online, .fresh, .content), (.online, .serverError, .couldNotLoad),
        (.online, .timeout, .couldNotLoad), (.online, .reset, .couldNotLoad), (.online, .refusedSession, .signIn),
        (.offline, .pending, .notAvailableOffline), (.offline, .offline, .notAvailableOffline),
        (.unknown, .pending, .loading), (.unknown, .timeout, .loading), (.unknown, .refusedSession, .signIn),
    ]

    /// The machine opened with `cache` at `status`, its first load answered with `outcome` (if it was sent).
    static func machine(_ status: ConnectivityStatus, _ outcome: Outcome, cache: CachedSummary? = nil) -> SummaryState {
        var state = SummaryState(year: 2025, connectivity: .unknown)
        _ = state.decide(.connectivityChanged(status), now: fixedNow)
        _ = state.decide(.opened(cache, activities: []), now: fixedNow)
        if let result = outcome.result, state.summary.refreshing != nil {
            _ = state.decide(.refreshFinished(sequence: state.refreshSequence, result), now: fixedNow)
        }
        return state
    }

    @Test("Summary: (connectivity × server outcome) with nothing saved → the copy that fits", arguments: nothingSaved.indices)
    func theSummarySaysWhatFits(_ row: Int) {
        let (status, outcome, expected) = Self.nothingSaved[row]
        let view = SummaryViewState(state: Self.machine(status, outcome), now: fixedNow)
        #expect(Self.says(view) == expected, "\(status) × \(outcome)")
        #expect((view.offlineIndicator != nil) == (status == .offline), "the indicator means offline, only")
        if expected == .couldNotLoad {
            let words = [view.screen].compactMap { if case let .empty(empty) = $0 { empty.message } else { nil } }
            #expect(words == [SummaryCopy.emptyLoadFailedMessage], "the server's failure, in words that never mention the connection")
        }
    }

    @Test("With a saved summary every combination shows it; only the banners above it say why it may be old")
    func withASavedSummaryTheBannersSayWhy() {
        let saved = CachedSummary(snapshot: SummarySnapshot(id: "s0", summary: summary2025, fetchedAt: fixedNow.addingTimeInterval(-40 * 86_400)))
        for (status, outcome, _) in Self.nothingSaved {
            let view = SummaryViewState(state: Self.machine(status, outcome, cache: saved), now: fixedNow)
            #expect(Self.says(view) == .content, "\(status) × \(outcome)")
            #expect((view.offlineIndicator != nil) == (status == .offline))
            let replaced = outcome == .fresh && status != .offline
            #expect((view.staleBanner != nil) == !replaced, "more than 30 days old: said offline and online (issue 40, item 5), until a fresh one replaces it")
            #expect((view.staleBanner?.message == SummaryCopy.bannerStaleMessage) == (status == .offline), "only offline does it ask to connect")
            #expect((view.sessionBanner != nil) == (outcome == .refusedSession && status != .offline))
        }
    }
}
