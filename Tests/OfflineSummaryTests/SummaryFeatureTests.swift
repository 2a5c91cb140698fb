import Clocks
import Connectivity
import Core
import Foundation
import OfflinePatterns
import OfflineSummary
import Testing
import TestSupport

/// `outbox.waitUntilDrained()` with a deadline: a test gone wrong fails here, saying so, rather than hanging the run.
func drained(_ outbox: Outbox, sourceLocation: SourceLocation = #_sourceLocation) async {
    await finishes(within: .seconds(30), "the outbox to drain (or pause)", sourceLocation: sourceLocation) { await outbox.waitUntilDrained() }
}

/// Items 3 and 4 through the feature actor: a real outbox over the same store, a hand-set connectivity
/// signal, a test clock for deadlines and toasts.
@Suite struct SummaryFeatureTests {
    // MARK: Item 3

    @Test func theFirstViewStateComesFromTheCacheBeforeAnyNetwork() async throws {
        let fetch = HeldFetch(summary2025AfterOneMoreActivity)
        let harness = try await Harness(store: try storeHolding(summary2025, daysAgo: 2), status: .online, api: fetch.api)
        await harness.feature.open()
        // open() returned: the cached summary is on screen while the fresh one is still on its way.
        #expect(harness.view.content?.card == SummaryCard(summary: summary2025))
        #expect(harness.view.content?.isRefreshing == true)
        fetch.release()
        await harness.feature.waitUntilIdle()
        #expect(harness.view.content?.card == SummaryCard(summary: summary2025AfterOneMoreActivity))
        #expect(harness.view.content?.lastUpdated == SummaryCopy.summaryLastUpdated(date: .date(fixedNow, .medium)))
        #expect(harness.view.content?.isRefreshing == false)
        await harness.stop()
    }

    @Test func onlineTheFreshSummaryIsShownAndCached() async throws {
        let store = try storeHolding(nil)
        let harness = try await Harness(store: store, status: .online, api: .serving(summary2025))
        await harness.feature.open()
        await harness.feature.waitUntilIdle()
        #expect(harness.view.content?.card == SummaryCard(summary: summary2025))
        #expect(cacheRepository(store).cachedSummary()?.summary == summary2025)
        #expect(harness.telemetry.names().contains("summary.load"))
        await harness.stop()
    }

    @Test func showsCachedSummaryWhenOfflineWithLastUpdated() async throws {
        // `.test` fails any fetch: offline nothing may be requested.
        let harness = try await Harness(store: try storeHolding(summary2025, daysAgo: 5), status: .offline, api: .test)
        await harness.feature.open()
        #expect(harness.view.offlineIndicator == SummaryViewState.offlineBanner)
        #expect(harness.view.content?.lastUpdated == SummaryCopy.summaryLastUpdated(date: .date(fixedNow.addingTimeInterval(-5 * day), .medium)))
        #expect(rendered(harness.feature.viewNode).contains("Last updated: Jan 26, 2026"))
        #expect(rendered(harness.feature.viewNode, "de").contains("Zuletzt aktualisiert: 26.01.2026"))
        #expect(harness.view.staleBanner == nil)
        #expect(!harness.view.isSpinning)
        #expect(!harness.telemetry.names().contains("summary.load"))
        await harness.stop()
    }

    @Test func offlineWithACacheOlderThan30DaysShowsTheBannerAskingToConnect() async throws {
        let harness = try await Harness(store: try storeHolding(summary2025, daysAgo: 31), status: .offline,
                                        api: .serving(summary2025AfterOneMoreActivity))
        await harness.feature.open()
        #expect(harness.view.staleBanner == SummaryViewState.staleBannerValue)
        #expect(rendered(harness.feature.viewNode).contains("Connect to the internet to refresh it."))
        #expect(harness.view.content != nil)
        // Connecting refreshes a stale summary by itself.
        harness.status.set(.online)
        let fresh = await waitFor(harness.feature.viewState) { $0.content?.card == SummaryCard(summary: summary2025AfterOneMoreActivity) }
        #expect(fresh.staleBanner == nil)
        await harness.stop()
    }

    @Test func offlineWithNoCacheShowsAHelpfulEmptyStateAndLoadsOnceConnected() async throws {
        let harness = try await Harness(store: try storeHolding(nil), status: .offline, api: .serving(summary2025))
        await harness.feature.open()
        #expect(harness.view.emptyState?.title == SummaryCopy.emptyFirstLoadTitle)
        #expect(rendered(harness.feature.viewNode).contains("Connect to the internet once to load your annual summary."))
        #expect(!harness.view.isSpinning)
        harness.status.set(.online)
        await waitFor(harness.feature.viewState) { $0.content != nil }
        await harness.stop()
    }

    @Test func aClearedCacheShowsTheFirstLoadEmptyStateToo() async throws {
        let store = try storeHolding(summary2025)
        try cacheRepository(store).clear()
        let harness = try await Harness(store: store, status: .offline, api: .test)
        await harness.feature.open()
        #expect(harness.view.emptyState?.title == SummaryCopy.emptyFirstLoadTitle)
        await harness.stop()
    }

    @Test func anUnreadableCacheIsNeverACrashButTheFirstLoadEmptyState() async throws {
        let store = try storeHolding(nil)
        try store.save(Data([0xFF, 0x00, 0x13]), collection: SummaryRepository.summaryCollection, key: "2025")
        let harness = try await Harness(store: store, status: .offline, api: .test)
        await harness.feature.open()
        #expect(harness.view.emptyState?.title == SummaryCopy.emptyFirstLoadTitle)
        await harness.stop()
    }

    @Test func aLoadThatNeverAnswersEndsAtItsDeadlineOnTheInjectedClockNeverAnEndlessSpinner() async throws {
        let fetch = HeldFetch(summary2025)
        let harness = try await Harness(store: try storeHolding(nil), status: .online, api: fetch.api)
        await harness.feature.open()
        #expect(harness.view.screen == .loading)
        var advanced: Duration = .zero
        while harness.view.screen == .loading, advanced < SummaryState.refreshDeadline * 3 {
            await harness.clock.advance(by: .seconds(1))
            advanced += .seconds(1)
            await Task.yield()
        }
        #expect(harness.view.screen != .loading)
        #expect(advanced >= SummaryState.refreshDeadline, "not before the deadline")
        #expect(harness.view.emptyState?.title == SummaryCopy.emptyLoadFailedTitle, "online, it did not load this time: try again")
        // The held answer arrives late and is ignored.
        fetch.release()
        await harness.feature.waitUntilIdle()
        #expect(harness.view.content == nil)
        await harness.stop()
    }

    // MARK: Item 4

    @Test func anActivityRegisteredOfflineIsShownPendingUntilSyncedThenTheSummaryPromptsToRefresh() async throws {
        let store = try storeHolding(summary2025, daysAgo: 2)
        let scripted = ScriptedAPI([.summary(summary2025AfterOneMoreActivity)])
        let harness = try await Harness(store: store, status: .offline, api: scripted.api)
        await harness.feature.open()
        let activity = try await harness.feature.registerActivity(kind: "home-visit", note: "Kari, community centre")

        // Pending (pattern B): on the device, greyed, labelled, and the cache marked out of date in the same transaction.
        let row = try #require(harness.view.activities.first)
        #expect(row.id == activity.id)
        #expect(row.feedback == .pending && row.feedback.opacity == 0.5)
        #expect(row.label == SummaryCopy.activityPending)
        #expect(rendered(harness.feature.viewNode).contains("Waiting to sync"))
        #expect(harness.view.refreshPrompt?.action?.state == .disabled(reason: CoreCopy.noConnection))
        #expect(cacheRepository(store).cachedSummary()?.isInvalidated == true)
        #expect(cacheRepository(store).registeredActivities() == [activity])
        #expect(harness.transport.sent.isEmpty, "nothing is sent while offline")

        // Back online: the outbox sends it; once the server has it the row goes and Refresh can run.
        harness.status.set(.online)
        let synced = await waitFor(harness.feature.viewState) { $0.activities.isEmpty && $0.refreshPrompt?.action?.state == .enabled }
        #expect(synced.content?.card == SummaryCard(summary: summary2025), "nothing reloads under the reader's eyes")
        #expect(harness.transport.sent.map(\.path) == ["v1/users/user1/activities"])
        #expect(scripted.calls == 0)
        #expect(cacheRepository(store).registeredActivities().isEmpty)

        // Refresh: the new summary replaces the cache and the prompt goes.
        #expect(await harness.feature.tap(actionID: SummaryActionID.refresh) == .handled)
        await harness.feature.waitUntilIdle()
        #expect(harness.view.refreshPrompt == nil)
        #expect(harness.view.content?.card == SummaryCard(summary: summary2025AfterOneMoreActivity))
        #expect(cacheRepository(store).cachedSummary()?.isInvalidated == false)
        await harness.stop()
    }

    @Test func whenTheAppReconnectsAfterAPeriodOfflineAndNewActivityDataHasSyncedTheCacheIsMarkedInvalid() async throws {
        let store = try storeHolding(summary2025, daysAgo: 2)
        // A registration queued in an earlier run, offline.
        let earlier = try await Harness(store: store, status: .offline, api: .test)
        try await earlier.outbox.write(OutboxWrite(
            request: try SummaryAPI.activityRequest(user: "user1", ActivityRegistration(kind: "call", occurredAt: fixedNow)),
            resource: ResourceID(collection: SummaryRepository.activitiesCollection, key: "1"), pendingAction: .add))
        await earlier.stop()

        let harness = try await Harness(store: store, status: .offline, api: .test)
        await harness.feature.open()
        #expect(harness.view.refreshPrompt == nil)
        harness.status.set(.online)
        await waitFor(harness.feature.viewState) { $0.refreshPrompt != nil }
        #expect(harness.transport.sent.count == 1)
        #expect(cacheRepository(store).cachedSummary()?.isInvalidated == true, "the mark is stored")
        #expect(harness.telemetry.events.contains { $0.name == "summary.invalidated" && $0.attributes["reason"] == "writesSynced" })
        await harness.stop()
    }

    @Test("Summary story: only activity writes invalidate the summary, not every outbox write (issue 25, item 2)")
    func anotherFeaturesWriteSyncingThroughTheSameOutboxLeavesTheSummaryValid() async throws {
        let store = try storeHolding(summary2025, daysAgo: 1)
        let harness = try await Harness(store: store, status: .online, api: .test)
        await harness.feature.open()
        // A write of another feature (a cart quantity) goes through the shared outbox and syncs.
        try await harness.outbox.write(OutboxWrite(
            request: OutboxRequest(method: "POST", endpoint: Endpoint("v1", "users", "user1", "cart", "items", "c1", "quantity"), body: Data("{}".utf8)),
            resource: ResourceID(collection: "commerce.cart", key: "c1"), pendingAction: .update))
        await drained(harness.outbox)
        #expect(harness.transport.sent.count == 1)
        #expect(harness.outbox.syncedCount.value == 1 && harness.outbox.syncedByCollection.value == ["commerce.cart": 1])
        await harness.feature.waitUntilIdle()
        #expect(harness.view.refreshPrompt == nil, "a cart write says nothing about the summary")
        #expect(cacheRepository(store).cachedSummary()?.isInvalidated == false)
        #expect(!harness.telemetry.events.contains { $0.name == "summary.invalidated" })
        await harness.stop()
    }

    @Test func anActivityRegisteredOnlineIsSentAtOnceAndTheSummaryPromptsToRefresh() async throws {
        let harness = try await Harness(store: try storeHolding(summary2025, daysAgo: 1), status: .offline, api: .offline())
        await harness.feature.open()
        harness.status.set(.online)
        await waitFor(harness.feature.viewState) { $0.offlineIndicator == nil }
        try await harness.feature.registerActivity()
        await drained(harness.outbox)
        let shown = await waitFor(harness.feature.viewState) { $0.activities.isEmpty && $0.refreshPrompt != nil }
        #expect(shown.refreshPrompt?.action?.state == .enabled)
        #expect(harness.transport.sent.count == 1)
        await harness.stop()
    }

    @Test func theRefreshPromptSurvivesARestart() async throws {
        let store = try storeHolding(summary2025, daysAgo: 1)
        let first = try await Harness(store: store, status: .offline, api: .offline())
        await first.feature.open()
        try await first.feature.registerActivity()
        await first.stop()
        let second = try await Harness(store: store, status: .offline, api: .test)
        await second.feature.open()
        #expect(second.view.refreshPrompt != nil)
        #expect(second.view.activities.map(\.feedback) == [.pending], "the queued registration is still pending")
        await second.stop()
    }

    @Test func aRefreshReplacesTheCacheAtomicallyWithOneApply() async throws {
        let store = RecordingStore(try storeHolding(summary2025, daysAgo: 1))
        let harness = try await Harness(store: store, status: .offline, api: .serving(summary2025AfterOneMoreActivity))
        await harness.feature.open()
        try await harness.feature.registerActivity()
        harness.status.set(.online)
        await waitFor(harness.feature.viewState) { $0.activities.isEmpty && $0.refreshPrompt?.action?.state == .enabled }
        store.reset()
        await harness.feature.refresh()
        await harness.feature.waitUntilIdle()
        let summaryWrites = store.batches.filter { batch in
            batch.contains { if case let .save(collection, _, _, _) = $0 { collection.hasPrefix("summary") } else { false } }
        }
        #expect(summaryWrites.count == 1, "\(store.batches)")
        #expect(summaryWrites.first?.count == 1)
        #expect(harness.view.refreshPrompt == nil)
        await harness.stop()
    }

    @Test func aRefreshWaitsForThePendingActivityToSyncSoTheServerCountsIt() async throws {
        let transport = ScriptedTransport()
        let sentBeforeFetch = Locked<[Int]>([])
        var api = SummaryAPI.serving(summary2025AfterOneMoreActivity)
        api.fetchSummary = { _ throws(HTTPClientError) in
            sentBeforeFetch.withLock { $0.append(transport.sent.count) }
            return summary2025AfterOneMoreActivity
        }
        let harness = try await Harness(store: try storeHolding(summary2025, daysAgo: 1), status: .offline, api: api, transport: transport)
        await harness.feature.open()
        try await harness.feature.registerActivity()
        harness.status.set(.online)
        await waitFor(harness.feature.viewState) { $0.offlineIndicator == nil }
        await harness.feature.refresh()
        await harness.feature.waitUntilIdle()
        #expect(sentBeforeFetch.withLock { $0 } == [1], "the registration reached the server before the summary was fetched")
        await harness.stop()
    }

    @Test func aRegistrationTheServerRefusesShowsItsFailureWithADismiss() async throws {
        let store = try storeHolding(summary2025, daysAgo: 1)
        let transport = ScriptedTransport { _, _ in .http(status: 422) }
        let harness = try await Harness(store: store, status: .online, api: .serving(summary2025), transport: transport)
        await harness.feature.open()
        await harness.feature.waitUntilIdle()
        let activity = try await harness.feature.registerActivity()
        let failed = await waitFor(harness.feature.viewState) { $0.activities.first?.dismiss != nil }
        #expect(failed.activities.first?.feedback == .failed(CoreCopy.changeFailed))
        #expect(failed.activities.first?.dismiss?.id == SummaryActionID.dismiss(activity.id))
        #expect(await harness.feature.tap(actionID: SummaryActionID.dismiss(activity.id)) == .handled)
        #expect(harness.view.activities.isEmpty)
        #expect(cacheRepository(store).registeredActivities().isEmpty)
        await harness.stop()
    }

    @Test("Pattern B: a refused registration offers Retry beside Dismiss; retried and accepted, it syncs and the summary needs no attention")
    func aRefusedRegistrationRetriedSyncsAndNeedsNoAttention() async throws {
        let store = try storeHolding(summary2025, daysAgo: 1)
        let transport = ScriptedTransport { call, _ in call == 1 ? .http(status: 422) : nil }  // the server refuses once
        let harness = try await Harness(store: store, status: .online, api: .serving(summary2025), transport: transport)
        await harness.feature.open()
        await harness.feature.waitUntilIdle()
        let activity = try await harness.feature.registerActivity()
        let failed = await waitFor(harness.feature.viewState) { $0.activities.first?.retry != nil }
        #expect(failed.activities.first?.retry == Action(id: SummaryActionID.resend(activity.id), title: CoreCopy.retry))
        #expect(failed.viewNode.actions.map(\.id).filter { $0.hasSuffix(activity.id) } == [SummaryActionID.resend(activity.id), SummaryActionID.dismiss(activity.id)])
        #expect(harness.feature.attention == Attention(screenID: SummaryFeature.screenID, count: 1))
        #expect(SummaryFeature.userAction(forActionID: SummaryActionID.resend(activity.id)) == .retryFailedActivity)
        #expect(await harness.feature.tap(actionID: SummaryActionID.resend(activity.id)) == .handled)
        #expect(harness.feature.attention == nil, "queued again: nothing needs attention while it is sent")
        // The store has the success data (the row gone) a moment before the outbox counts the write synced (the prompt):
        // wait for both, as the screen settles.
        let synced = await waitFor(harness.feature.viewState) { $0.activities.isEmpty && $0.refreshPrompt != nil }
        #expect(synced.activities.isEmpty)
        #expect(synced.refreshPrompt?.title == SummaryCopy.refreshPrompt, "accepted: the summary is out of date again")
        #expect(harness.feature.attention == nil)
        #expect(await harness.feature.tap(actionID: SummaryActionID.resend(activity.id)) == .notOnScreen, "no failed row left to retry")
        await harness.stop()
    }

    @Test("Pattern B, failureData always (issue 40, item 3): a registration the server refuses takes back its out-of-date mark, on screen and in the store")
    func aRefusedRegistrationTakesBackItsOutOfDateMark() async throws {
        let store = try storeHolding(summary2025, daysAgo: 1)
        let transport = ScriptedTransport { _, _ in .http(status: 422) }
        let harness = try await Harness(store: store, status: .online, api: .serving(summary2025), transport: transport)
        await harness.feature.open()
        await harness.feature.waitUntilIdle()
        #expect(harness.view.refreshPrompt == nil)
        let activity = try await harness.feature.registerActivity()
        let failed = await waitFor(harness.feature.viewState) { $0.activities.first?.dismiss != nil }
        #expect(failed.refreshPrompt == nil, "the summary is not out of date on account of an activity the server refused")
        #expect(cacheRepository(store).cachedSummary()?.isInvalidated == false, "the failure data took the mark back in the store too")
        #expect(await harness.feature.tap(actionID: SummaryActionID.dismiss(activity.id)) == .handled)
        #expect(harness.view.refreshPrompt == nil)
        await harness.stop()
    }

    @Test func aRegistrationThatSyncsKeepsTheSummaryOutOfDateUntilAFreshOneReplacesIt() async throws {
        let store = try storeHolding(summary2025, daysAgo: 1)
        let transport = ScriptedTransport()
        let harness = try await Harness(store: store, status: .online, api: .serving(summary2025), transport: transport)
        await harness.feature.open()
        await harness.feature.waitUntilIdle()
        _ = try await harness.feature.registerActivity()
        let synced = await waitFor(harness.feature.viewState) { $0.activities.isEmpty }
        #expect(synced.refreshPrompt?.title == SummaryCopy.refreshPrompt)
        #expect(cacheRepository(store).cachedSummary()?.isInvalidated == true, "and after a restart too")
        await harness.stop()
    }

    @Test func refreshWhileOfflineShowsNoConnectionUntilTheClockPasses() async throws {
        let harness = try await Harness(store: try storeHolding(summary2025), status: .offline, api: .test)
        await harness.feature.open()
        #expect(await harness.feature.tap(actionID: SummaryActionID.refresh) == .handled)
        #expect(harness.view.toast?.message == CoreCopy.noConnection)
        var advanced: Duration = .zero
        while harness.view.toast != nil, advanced < .seconds(60) {
            await harness.clock.advance(by: .seconds(1))
            advanced += .seconds(1)
            await Task.yield()
        }
        #expect(harness.view.toast == nil)
        #expect(advanced >= ToastSlot.duration)
        await harness.stop()
    }

    @Test func prefetchFillsTheCacheForTheWarmupSession() async throws {
        let store = try storeHolding(nil)
        let harness = try await Harness(store: store, status: .online, api: .serving(summary2025))
        #expect(await harness.feature.prefetch())
        #expect(cacheRepository(store).cachedSummary()?.summary == summary2025)
        await harness.stop()

        let offline = try await Harness(store: try storeHolding(nil), status: .offline, api: .test)
        #expect(await offline.feature.prefetch() == false)
        await offline.stop()
    }

    @Test func unknownActionIDsAreRefused() async throws {
        let harness = try await Harness(store: try storeHolding(nil), status: .offline, api: .test)
        await harness.feature.open()
        #expect(await harness.feature.tap(actionID: "nope") == .notOnScreen)
        #expect(await harness.feature.tap(actionID: SummaryActionID.share) == .notOnScreen, "nothing to share yet")
        #expect(await harness.feature.tap(actionID: SummaryActionID.dismiss("missing")) == .notOnScreen)
        await harness.stop()
    }

    @Test func aStoppedFeatureIgnoresWhatItsObservationsQueuedSoAClosedStoreIsNeverRead() async throws {
        let fetch = ScriptedAPI([.summary(summary2025)])
        let harness = try await Harness(store: try storeHolding(nil), status: .offline, api: fetch.api)
        await harness.feature.open()
        await harness.feature.stop()
        await harness.feature.connectivityChanged(.online)
        harness.status.set(.online)
        await drained(harness.outbox)
        #expect(await harness.feature.snapshot.connectivity == .offline)
        #expect(fetch.calls == 0, "no load after stop")
        await harness.stop()
    }
}
