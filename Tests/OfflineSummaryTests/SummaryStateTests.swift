import Connectivity
import Core
import Foundation
import OfflineSummary
import TestSupport
import Testing

/// Item 3 and 4 on the pure state machine: synchronous, no I/O, time passed in.
@Suite struct SummaryStateTests {
    func snapshot(daysAgo: Double, id: String = "s1", summary: AnnualSummary = summary2025) -> SummarySnapshot {
        SummarySnapshot(id: id, summary: summary, fetchedAt: fixedNow.addingTimeInterval(-daysAgo * day))
    }

    func state(_ status: ConnectivityStatus, cache: CachedSummary? = nil) -> (SummaryState, [SummaryEffect]) {
        var state = SummaryState(year: 2025, connectivity: .unknown)
        _ = state.decide(.connectivityChanged(status), now: fixedNow)
        let effects = state.decide(.opened(cache, activities: []), now: fixedNow)
        return (state, effects)
    }

    func view(_ state: SummaryState, now: Date = fixedNow) -> SummaryViewState {
        SummaryViewState(state: state, now: now)
    }

    // MARK: Item 3: the four cases

    @Test func onlineShowsTheFreshSummaryAndCachesIt() {
        var (state, effects) = state(.online, cache: CachedSummary(snapshot: snapshot(daysAgo: 3)))
        #expect(effects == [.refresh(.open, sequence: 1), .armRefreshDeadline(sequence: 1, after: SummaryState.refreshDeadline)])
        // The cached summary shows at once while the fresh one loads; no spinner in its place.
        #expect(view(state).content?.lastUpdated == SummaryCopy.summaryLastUpdated(date: .date(fixedNow.addingTimeInterval(-3 * day), .medium)))
        #expect(view(state).content?.isRefreshing == true)
        let fresh = snapshot(daysAgo: 0, id: "s2", summary: summary2025AfterOneMoreActivity)
        #expect(state.decide(.refreshFinished(sequence: 1, freshOutcome(fresh), writesSyncedDuringFetch: false), now: fixedNow) == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID)])
        let shown = view(state)
        #expect(shown.content?.card == SummaryCard(summary: summary2025AfterOneMoreActivity))
        #expect(shown.content?.lastUpdated == SummaryCopy.summaryLastUpdated(date: .date(fixedNow, .medium)))
        #expect(shown.offlineIndicator == nil && shown.staleBanner == nil && shown.refreshPrompt == nil)
        #expect(!shown.isSpinning)
    }

    @Test func onlineWithNothingCachedShowsABriefSpinnerThenTheSummary() {
        var (state, effects) = state(.online)
        #expect(effects.first == .refresh(.open, sequence: 1))
        #expect(view(state).screen == .loading)
        _ = state.decide(.refreshFinished(sequence: 1, freshOutcome(snapshot(daysAgo: 0)), writesSyncedDuringFetch: false), now: fixedNow)
        #expect(view(state).content != nil)
    }

    @Test func offlineWithACacheShowsTheCachedSummaryWithLastUpdated() {
        let (state, effects) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 12)))
        #expect(effects.isEmpty, "nothing is sent while offline")
        let shown = view(state)
        #expect(shown.content?.lastUpdated == SummaryCopy.summaryLastUpdated(date: .date(fixedNow.addingTimeInterval(-12 * day), .medium)))
        #expect(shown.content?.card == SummaryCard(summary: summary2025))
        #expect(shown.offlineIndicator == SummaryViewState.offlineBanner)
        #expect(shown.staleBanner == nil, "12 days is not stale")
        #expect(!shown.isSpinning)
    }

    @Test func offlineWithACacheMoreThan30DaysOldAlsoShowsABannerAskingToConnectToRefresh() {
        let (stale, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 31)))
        #expect(view(stale).staleBanner == SummaryViewState.staleBannerValue)
        #expect(view(stale).staleBanner?.title == SummaryCopy.bannerStaleTitle)
        #expect(view(stale).content != nil, "the stale summary is still shown")
        // Exactly 30 days is not "more than 30 days".
        let (edge, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 30)))
        #expect(view(edge).staleBanner == nil)
        // Staleness comes from the injected now: the same cache turns stale as now moves.
        #expect(view(edge, now: fixedNow.addingTimeInterval(1)).staleBanner != nil)
        // Online (issue 40, item 5) the banner shows too while the data is that old, without asking to connect.
        var online = stale
        _ = online.handle(.connectivityChanged(.online), now: fixedNow)
        #expect(view(online).staleBanner?.title == SummaryCopy.bannerStaleTitle && view(online).staleBanner?.message == nil)
    }

    @Test func offlineWithNoCacheShowsTheFirstLoadEmptyStateExplainingConnectivityIsNeeded() {
        let (state, effects) = state(.offline)
        #expect(effects.isEmpty)
        let empty = view(state).emptyState
        #expect(empty?.title == SummaryCopy.emptyFirstLoadTitle)
        #expect(empty?.message == SummaryCopy.emptyFirstLoadMessage)
        #expect(empty?.action?.id == SummaryActionID.retry)
        #expect(empty?.action?.state == .disabled(reason: CoreCopy.noConnection))
        #expect(!view(state).isSpinning, "never a spinner while offline")
    }

    @Test func aFreshInstallThatComesOnlineLoadsTheSummaryAtOnce() {
        var (state, _) = state(.offline)
        let effects = state.decide(.connectivityChanged(.online), now: fixedNow)
        #expect(effects.first == .refresh(.reconnect, sequence: 1))
        #expect(view(state).screen == .loading)
    }

    @Test func aFailedFirstLoadOnlineEndsInAnEmptyStateWithRetryNeverASpinner() {
        var (state, _) = state(.online)
        _ = state.decide(.refreshFinished(sequence: 1, keptOutcome(nil, .http(status: 503))), now: fixedNow)
        #expect(view(state).emptyState?.title == SummaryCopy.emptyLoadFailedTitle)
        #expect(view(state).emptyState?.action?.state == .enabled)
        // A transport failure while the monitor still says online is this load's failure, not "offline" (issue 25,
        // item 6): if the connection really went, the monitor says so and the first-load message shows.
        var (other, _) = self.state(.online)
        _ = other.decide(.refreshFinished(sequence: 1, keptOutcome(nil, .unreachable("refused"))), now: fixedNow)
        #expect(view(other).emptyState?.title == SummaryCopy.emptyLoadFailedTitle)
        _ = other.decide(.connectivityChanged(.offline), now: fixedNow)
        #expect(view(other).emptyState?.title == SummaryCopy.emptyFirstLoadTitle)
    }

    @Test(arguments: [401, 403])
    func aFirstLoadTheServerRefusesAsksToSignInAgain(code: Int) {
        var (state, _) = state(.online)
        _ = state.decide(.refreshFinished(sequence: 1, keptOutcome(nil, .http(status: code))), now: fixedNow)
        #expect(view(state).screen == .blocked(CorePreviews.signInRequired))
        #expect(view(state).offlineIndicator == nil)
    }

    @Test func aRefusedRefreshKeepsTheSummaryUnderASignInBannerAndSaysSo() {
        var (state, _) = state(.online, cache: CachedSummary(snapshot: snapshot(daysAgo: 3)))
        let kept = CachedSummary(snapshot: snapshot(daysAgo: 3))
        _ = state.decide(.refreshFinished(sequence: 1, keptOutcome(kept, .http(status: 401))), now: fixedNow)
        #expect(view(state).content != nil, "nothing cached is wiped")
        #expect(view(state).sessionBanner == CorePreviews.signInBanner)
        // A refresh the user asked for says why it did not happen: sign in, not "no connection".
        _ = state.decide(.refreshRequested, now: fixedNow)
        _ = state.decide(.refreshFinished(sequence: 2, keptOutcome(kept, .http(status: 403))), now: fixedNow)
        #expect(view(state).toast?.message == CoreCopy.signInRequiredMessage)
        _ = state.decide(.refreshRequested, now: fixedNow)
        _ = state.decide(.refreshFinished(sequence: 3, freshOutcome(snapshot(daysAgo: 0)), writesSyncedDuringFetch: false), now: fixedNow)
        #expect(view(state).sessionBanner == nil)
    }

    @Test func aLoadThatNeverAnswersEndsAtItsDeadline() {
        var (state, _) = state(.online)
        #expect(view(state).screen == .loading)
        let effects = state.handle(.refreshDeadlinePassed(sequence: 1), now: fixedNow)
        #expect(Array(effects.prefix(2)) == [.cancelRefresh, .record("summary.load", attributes: ["trigger": "open", "outcome": "deadline", "error": HTTPClientError.timeout.description],
                                                                     duration: SummaryState.refreshDeadline)])
        guard case .startTimer(SummaryState.retryTimerID, _, .retryDue)? = effects.last else {
            Issue.record("online, a refresh that timed out is retried by itself (issue 40, item 5): \(effects)")
            return
        }
        #expect(!view(state).isSpinning)
        #expect(view(state).emptyState?.title == SummaryCopy.emptyLoadFailedTitle, "online, it did not load this time: try again")
        // The late answer of the given-up load is ignored.
        #expect(state.decide(.refreshFinished(sequence: 1, freshOutcome(snapshot(daysAgo: 0)), writesSyncedDuringFetch: false), now: fixedNow) == [])
        #expect(state.summary.cached == nil)
    }

    /// Every reachable state over thousands of random event sequences: a spinner only while a load runs, never
    /// while offline, and every load comes with a deadline.
    @Test func neverAnEndlessSpinnerOverRandomEventSequences() {
        var random = SplitMix64(seed: 42)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        for _ in 0..<2_000 {
            var state = SummaryState(year: 2025, connectivity: .unknown)
            var armed: Set<Int> = []
            for _ in 0..<25 {
                let cached = pick([nil, CachedSummary(snapshot: snapshot(daysAgo: 40)), CachedSummary(snapshot: snapshot(daysAgo: 1), isInvalidated: true)])
                let event: SummaryEvent = pick([
                    .opened(cached, activities: []),
                    .connectivityChanged(pick(ConnectivityStatus.allCases)),
                    .lifecycle(pick([.launched, .foregrounded, .backgrounded])),
                    .refreshRequested, .prefetchRequested, .writesSynced,
                    pick([
                        .refreshFinished(sequence: state.refreshSequence, freshOutcome(snapshot(daysAgo: 0, id: "n")),
                                         writesSyncedDuringFetch: random.next() % 2 == 0),
                        .refreshFinished(sequence: state.refreshSequence, keptOutcome(cached, .offline)),
                        .refreshFinished(sequence: state.refreshSequence, keptOutcome(nil, .timeout)),
                    ]),
                    .refreshDeadlinePassed(sequence: state.refreshSequence),
                    .toastExpired(sequence: state.toast.sequence),
                ])
                for effect in state.decide(event, now: fixedNow) {
                    if case let .perform(.refresh(_, sequence)) = effect { #expect(!armed.contains(sequence)) }
                    if case let .startTimer(SummaryState.refreshDeadlineTimerID, after, .refreshDeadlinePassed(sequence)) = effect {
                        armed.insert(sequence)
                        #expect(after == SummaryState.refreshDeadline)
                    }
                }
                let shown = view(state)
                // A spinner only while a load runs (and then with a deadline), or at launch before the first
                // connectivity reading, which the monitor makes within its probe's deadline (issue 25, item 6).
                if shown.isSpinning, state.connectivity != .unknown {
                    #expect(state.summary.refreshing != nil)
                    #expect(armed.contains(state.refreshSequence), "a running load always has a deadline")
                }
                if case .loading = shown.screen { #expect(state.connectivity != .offline || state.summary.refreshing != nil) }
                if state.summary.refreshing == nil, state.connectivity != .unknown { #expect(!shown.isSpinning) }
            }
        }
    }

    // MARK: Item 4: invalidation

    @Test func aSummaryThatArrivesWhileAnActivityIsBeingQueuedIsMarkedOutOfDateToo() {
        // The load is under way when the activity is registered; its answer comes before the outbox has queued it.
        var (state, _) = state(.online, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        let activity = RegisteredActivity(id: "a1", kind: "visit", occurredAt: fixedNow)
        let request = OutboxRequest(method: "POST", endpoint: Endpoint("v1", "users", "u1", "activities"))
        #expect(state.decide(.activityRequested(activity, request, stored: nil), now: fixedNow)
            == [.perform(.queueActivity(activity, request, invalidating: "s1"))])
        let newer = snapshot(daysAgo: 0, id: "s2")
        #expect(state.decide(.refreshFinished(sequence: 1, freshOutcome(newer), writesSyncedDuringFetch: false), now: fixedNow)
            == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID), .markInvalid(snapshotID: "s2", reason: .writesSynced)],
                "the answer may not count the activity: its summary is marked in the store")
        let entry = ActivityEntry(activity: activity, feedback: OfflineFeedback(pendingAction: .add))
        #expect(state.decide(.activityRegistered(entry), now: fixedNow) == [.perform(.reportRegistration(activityID: "a1", .success(activity)))])
        #expect(state.summary.cached?.snapshot.id == "s2")
        #expect(view(state).refreshPrompt?.title == SummaryCopy.refreshPrompt)
    }

    @Test func aRegistrationTheOutboxRefusesIsReportedAndLeavesNoLoadOutOfDate() {
        var (state, _) = state(.online, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        let activity = RegisteredActivity(id: "a1", kind: "visit", occurredAt: fixedNow)
        let request = OutboxRequest(method: "POST", endpoint: Endpoint("v1", "users", "u1", "activities"))
        _ = state.decide(.activityRequested(activity, request, stored: nil), now: fixedNow)
        #expect(state.decide(.activityNotQueued(activityID: "a1", .notQueued("disk full")), now: fixedNow)
            == [.perform(.reportRegistration(activityID: "a1", .failure(.notQueued("disk full"))))])
        #expect(state.decide(.refreshFinished(sequence: 1, freshOutcome(snapshot(daysAgo: 0, id: "s2")), writesSyncedDuringFetch: false), now: fixedNow)
            == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID)])
        #expect(view(state).refreshPrompt == nil)
    }

    @Test func registeringAnActivityMarksTheCacheInvalidAndPromptsToRefresh() {
        var (state, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        let entry = ActivityEntry(activity: RegisteredActivity(id: "a1", kind: "visit", occurredAt: fixedNow), feedback: OfflineFeedback(pendingAction: .add))
        let request = OutboxRequest(method: "POST", endpoint: Endpoint("v1", "users", "u1", "activities"))
        #expect(state.decide(.activityRequested(entry.activity, request, stored: nil), now: fixedNow)
            == [.perform(.queueActivity(entry.activity, request, invalidating: state.summary.cached?.snapshot.id))],
                "the summary on screen is marked in the activity's own transaction")
        #expect(state.decide(.activityRegistered(entry), now: fixedNow) == [.perform(.reportRegistration(activityID: "a1", .success(entry.activity)))],
                "its mark went in with the activity's optimistic data")
        let shown = view(state)
        #expect(shown.refreshPrompt?.title == SummaryCopy.refreshPrompt)
        #expect(shown.refreshPrompt?.action?.id == SummaryActionID.refresh)
        #expect(shown.refreshPrompt?.action?.state == .disabled(reason: CoreCopy.noConnection), "offline the refresh says why it cannot run")
        #expect(shown.activities.map(\.feedback) == [.pending])
        #expect(shown.activities.first?.label == SummaryCopy.activityPending)
    }

    @Test func writesSyncedMarkTheCacheInvalidOnce() {
        var (state, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        #expect(state.decide(.writesSynced, now: fixedNow) == [.markInvalid(snapshotID: "s1", reason: .writesSynced)])
        #expect(view(state).refreshPrompt != nil)
        #expect(state.decide(.writesSynced, now: fixedNow).isEmpty, "already marked")
    }

    @Test func reconnectAfterAPeriodOfflineWithSyncedActivityPromptsToRefresh() {
        var (state, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 2)))
        // Back online: the cache is recent, so nothing reloads under the reader's eyes…
        #expect(state.decide(.connectivityChanged(.online), now: fixedNow).isEmpty)
        #expect(view(state).refreshPrompt == nil)
        // …until the outbox reports that the server applied the activity registered offline.
        #expect(state.decide(.writesSynced, now: fixedNow) == [.markInvalid(snapshotID: "s1", reason: .writesSynced)])
        #expect(view(state).refreshPrompt?.action?.state == .enabled)
    }

    @Test func aRefreshReplacesTheSummaryAndClearsThePrompt() {
        var (state, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 2), isInvalidated: true))
        #expect(state.decide(.connectivityChanged(.online), now: fixedNow).isEmpty, "the prompt asks; nothing reloads by itself")
        #expect(view(state).refreshPrompt?.action?.state == .enabled)
        #expect(state.decide(.refreshRequested, now: fixedNow).first == .refresh(.refresh, sequence: 1))
        let newer = snapshot(daysAgo: 0, id: "s2", summary: summary2025AfterOneMoreActivity)
        #expect(state.decide(.refreshFinished(sequence: 1, freshOutcome(newer), writesSyncedDuringFetch: false), now: fixedNow) == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID)])
        #expect(view(state).refreshPrompt == nil)
        #expect(state.summary.cached?.snapshot == newer)
    }

    @Test func writesSyncedAfterTheRequestLeftKeepThePromptAfterTheRefresh() {
        var (state, _) = state(.online, cache: CachedSummary(snapshot: snapshot(daysAgo: 2), isInvalidated: true))
        _ = state.decide(.writesSynced, now: fixedNow)
        let newer = snapshot(daysAgo: 0, id: "s2")
        #expect(state.decide(.refreshFinished(sequence: 1, freshOutcome(newer), writesSyncedDuringFetch: true), now: fixedNow)
            == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID), .markInvalid(snapshotID: "s2", reason: .writesSynced)])
        #expect(view(state).refreshPrompt != nil)
    }

    @Test func writesSyncedBeforeTheRequestLeftAreInTheAnswerSoThePromptGoes() {
        var (state, _) = state(.online, cache: CachedSummary(snapshot: snapshot(daysAgo: 2), isInvalidated: true))
        // The load waited for the pending write; it synced while the load ran, before the request left.
        _ = state.decide(.writesSynced, now: fixedNow)
        #expect(state.decide(.refreshFinished(sequence: 1, freshOutcome(snapshot(daysAgo: 0, id: "s2")), writesSyncedDuringFetch: false), now: fixedNow) == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID)])
        #expect(view(state).refreshPrompt == nil)
    }

    @Test func writesSyncedDuringAFailedLoadStillMarkTheKeptCache() {
        let kept = CachedSummary(snapshot: snapshot(daysAgo: 2))
        var (state, _) = state(.online, cache: kept)
        _ = state.decide(.writesSynced, now: fixedNow)
        let effects = state.decide(.refreshFinished(sequence: 1, keptOutcome(kept, .timeout)), now: fixedNow)
        #expect(Array(effects.prefix(2)) == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID), .markInvalid(snapshotID: "s1", reason: .writesSynced)])
        #expect(effects.count == 3, "and, online, the retry (issue 40, item 5): \(effects)")
        #expect(view(state).refreshPrompt != nil)
    }

    @Test func aStaleCacheIsLoadedAgainOnReconnectAndOnForeground() {
        var (state, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 45)))
        #expect(state.decide(.connectivityChanged(.online), now: fixedNow).first == .refresh(.reconnect, sequence: 1))
        _ = state.decide(.refreshFinished(sequence: 1, keptOutcome(state.summary.cached, .timeout)), now: fixedNow)
        #expect(state.decide(.lifecycle(.foregrounded), now: fixedNow).first == .refresh(.foreground, sequence: 2))
    }

    @Test func refreshWhileOfflineSaysThereIsNoConnectionAndSendsNothing() {
        var (state, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        let effects = state.decide(.refreshRequested, now: fixedNow)
        #expect(effects == [.expireToast(sequence: 1, after: ToastSlot.duration)])
        #expect(view(state).toast?.message == CoreCopy.noConnection)
        _ = state.decide(.toastExpired(sequence: 1), now: fixedNow)
        #expect(view(state).toast == nil)
    }

    @Test func aRefreshTheUserAskedForThatFailsSaysWhy() {
        var (state, _) = state(.online, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        _ = state.decide(.refreshFinished(sequence: 1, freshOutcome(snapshot(daysAgo: 0)), writesSyncedDuringFetch: false), now: fixedNow)
        _ = state.decide(.refreshRequested, now: fixedNow)
        _ = state.decide(.refreshFinished(sequence: 2, keptOutcome(state.summary.cached, .unreachable("refused"))), now: fixedNow)
        #expect(view(state).toast?.message == CoreCopy.noConnection)
        #expect(view(state).content != nil, "the last good summary stays")
    }

    @Test func shareIsOfferedOnlyOnceThereIsASummaryAndWorksOffline() {
        let (empty, _) = state(.offline)
        #expect(view(empty).action(SummaryActionID.share) == nil)
        #expect(view(empty).action(SummaryActionID.registerActivity)?.state == .enabled, "registering works offline")
        let (cached, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        #expect(view(cached).action(SummaryActionID.share)?.state == .enabled)
        #expect(view(cached).action(SummaryActionID.refresh)?.state == .disabled(reason: CoreCopy.noConnection))
        #expect(SummaryViewState(state: cached, now: fixedNow, canShare: false).action(SummaryActionID.share) == nil)
    }

    @Test("Share card story: closing the share sheet deletes the card; closing with none open does nothing")
    func closingTheShareSheetDeletesTheCard() {
        var state = SummaryState(year: 2025, connectivity: .unknown)
        let card = URL(fileURLWithPath: "/private/shared/user1/annual-summary-2025.svg")
        _ = state.decide(.shared(SharedSummary(fileURL: card, text: SummaryCopy.shareText(summary2025))), now: fixedNow)
        #expect(state.decide(.shareClosed, now: fixedNow) == [.perform(.deleteSharedCard(card))])
        #expect(state.shared == nil)
        #expect(state.decide(.shareClosed, now: fixedNow).isEmpty)
    }

    // MARK: Issue 25, item 2: the summary knows when the server has news

    func versioned(_ version: String) -> CachedSummary {
        var summary = summary2025
        summary.activityVersion = version
        return CachedSummary(snapshot: snapshot(daysAgo: 1, summary: summary))
    }

    @Test("Reconnecting, the app asks the server cheaply whether the activity data changed since the cached summary")
    func reconnectingAsksWhetherTheActivityDataChanged() {
        var (state, _) = state(.offline, cache: versioned("7"))
        #expect(state.decide(.connectivityChanged(.online), now: fixedNow) == [.perform(.checkActivityVersion(snapshotID: "s1", known: "7"))])
    }

    @Test("News from elsewhere (another device, a coordinator) marks the cache invalid and prompts to refresh")
    func newsFromElsewhereMarksTheCacheInvalidAndPromptsToRefresh() {
        var (state, _) = state(.offline, cache: versioned("7"))
        _ = state.decide(.connectivityChanged(.online), now: fixedNow)
        #expect(view(state).refreshPrompt == nil)
        #expect(state.decide(.activityVersionChecked(snapshotID: "s1", changed: true), now: fixedNow)
            == [.markInvalid(snapshotID: "s1", reason: .serverActivity)])
        #expect(view(state).refreshPrompt != nil)
    }

    @Test("Nothing changed on the server: no prompt; an answer about an older snapshot changes nothing")
    func nothingChangedNoPrompt() {
        var (state, _) = state(.offline, cache: versioned("7"))
        _ = state.decide(.connectivityChanged(.online), now: fixedNow)
        #expect(state.decide(.activityVersionChecked(snapshotID: "s1", changed: false), now: fixedNow).isEmpty)
        #expect(state.decide(.activityVersionChecked(snapshotID: "an-older-one", changed: true), now: fixedNow).isEmpty)
        #expect(view(state).refreshPrompt == nil)
    }

    @Test func aSummaryFromAServerThatGivesNoVersionIsNotAsked() {
        var (state, _) = state(.offline, cache: CachedSummary(snapshot: snapshot(daysAgo: 1)))
        #expect(state.decide(.connectivityChanged(.online), now: fixedNow).isEmpty)
    }
}

/// Telemetry is the machine's: loads, marks, registrations and shares are recorded as its effects.
@Suite struct SummaryTelemetryTests {
    @Test func loadsMarksAndRegistrationsAreRecordedByTheMachine() {
        var state = SummaryState(year: 2025, connectivity: .online)
        let opened = state.handle(.opened(nil, activities: [], took: .milliseconds(2)), now: fixedNow)
        #expect(opened.recorded().map(\.0) == ["summary.opened"])
        let snapshot = SummarySnapshot(id: "s1", summary: summary2025, fetchedAt: fixedNow)
        let fresh = state.handle(.refreshFinished(sequence: 1, freshOutcome(snapshot), writesSyncedDuringFetch: true, took: .milliseconds(9)), now: fixedNow)
        #expect(fresh.contains(.record("summary.load", attributes: ["trigger": "open", "outcome": "fresh"], duration: .milliseconds(9))))
        #expect(fresh.recorded().map(\.0) == ["summary.load", "summary.invalidated"], "an answer that may predate synced writes is marked, and said why")
        let activity = RegisteredActivity(id: "a1", kind: "visit", occurredAt: fixedNow)
        let registered = state.handle(.activityRegistered(ActivityEntry(activity: activity, feedback: OfflineFeedback(pendingAction: .add))), now: fixedNow)
        #expect(registered.recorded().first?.0 == "summary.activity_registered")
        #expect(registered.recorded().first?.1 == ["kind": "visit", "connectivity": "online"])
    }
}

/// Issue 40, item 5: the summary tells the truth after reconnect, like the cart and the products.
@Suite struct SummaryAfterReconnectTests {
    func view(_ state: SummaryState, at now: Date = fixedNow) -> SummaryViewState { SummaryViewState(state: state, now: now) }

    @Test("A 32-day-old summary whose reload fails after reconnect says so online, keeps its stale banner and retries by itself")
    func aStaleSummaryWhoseReloadFailsAfterReconnectSaysSoAndRetriesByItself() throws {
        let old = CachedSummary(snapshot: SummarySnapshot(id: "old", summary: summary2025, fetchedAt: fixedNow.addingTimeInterval(-32 * 86_400)))
        var state = SummaryState(year: 2025, connectivity: .offline)
        _ = state.decide(.opened(old, activities: []), now: fixedNow)
        #expect(view(state).staleBanner == SummaryViewState.staleBannerValue, "offline: connect to refresh")
        #expect(state.decide(.connectivityChanged(.online), now: fixedNow).first == .refresh(.reconnect, sequence: 1))
        #expect(view(state).staleBanner?.title == SummaryCopy.bannerStaleTitle, "online too, while the data is that old")
        #expect(view(state).staleBanner?.message == nil, "not 'connect to the internet': it is online")
        var delays: [Duration] = []
        for attempt in 1...6 {
            let effects = state.decide(.refreshFinished(sequence: state.refreshSequence, keptOutcome(old, .http(status: 503))), now: fixedNow)
            guard case let .startTimer(id, after, .retryDue)? = effects.last, id == SummaryState.retryTimerID else {
                Issue.record("no retry scheduled after failure \(attempt): \(effects)")
                return
            }
            delays.append(after)
            #expect(view(state).staleBanner?.title == SummaryCopy.bannerStaleTitle, "still more than 30 days old")
            let banner = try #require(view(state).refreshBanner)
            #expect(banner == CorePreviews.refreshFailedBanner(savedAt: old.fetchedAt, retry: SummaryActionID.retry),
                    "it says it could not refresh, and what it shows, with Retry")
            #expect(view(state).offlineIndicator == nil && view(state).toast == nil, "a background refresh fails quietly, never 'offline'")
            #expect(state.decide(.retryDue, now: fixedNow) == [.refresh(.retry, sequence: attempt + 1),
                                                                .armRefreshDeadline(sequence: attempt + 1, after: SummaryState.refreshDeadline)])
        }
        for (index, delay) in delays.enumerated() {
            let step = min(Duration.seconds(2) * (1 << index), .seconds(60))
            #expect(delay >= step / 2 && delay <= step, "attempt \(index + 1)")
        }
        let fresh = SummarySnapshot(id: "new", summary: summary2025, fetchedAt: fixedNow)
        let effects = state.decide(.refreshFinished(sequence: state.refreshSequence, freshOutcome(fresh)), now: fixedNow)
        #expect(effects.contains(.cancelTimer(id: SummaryState.retryTimerID)))
        #expect(view(state).staleBanner == nil && view(state).refreshBanner == nil)
    }

    @Test func aRecentSummaryWhoseRefreshFailsOnlineShowsCouldNotRefreshWithRetry() {
        let recent = CachedSummary(snapshot: SummarySnapshot(id: "s1", summary: summary2025, fetchedAt: fixedNow.addingTimeInterval(-86_400)))
        var state = SummaryState(year: 2025, connectivity: .online)
        _ = state.decide(.opened(recent, activities: []), now: fixedNow)
        _ = state.decide(.refreshFinished(sequence: 1, keptOutcome(recent, .connectionLost("reset"))), now: fixedNow)
        #expect(view(state).refreshBanner == CorePreviews.refreshFailedBanner(savedAt: recent.fetchedAt, retry: SummaryActionID.retry))
        #expect(view(state).staleBanner == nil, "a day old is not stale")
        _ = state.decide(.connectivityChanged(.offline), now: fixedNow)
        #expect(view(state).refreshBanner == nil, "offline, the offline indicator says it")
        #expect(state.decide(.retryDue, now: fixedNow).isEmpty, "a retry due offline waits for the connection")
    }
}
