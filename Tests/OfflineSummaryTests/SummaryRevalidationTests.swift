import Connectivity
import Core
import Foundation
import IntegrationSupport
import OfflinePatterns
import OfflineSummary
import OfflineSummaryLive
import ReferenceServer
import SecureStore
import TestSupport
import Testing

/// Issue 41, item 5: the annual summary revalidates as the product list does. A refresh of an unchanged summary is one
/// request carrying the cached copy's `If-None-Match`, answered 304: the snapshot is neither sent, decoded nor written
/// again (it keeps its id; only its small validators record is written) and "Last updated" moves on, also after a
/// restart. New activity changes the server's summary, which then comes whole with new validators.
extension SummaryIntegrationTests {
    @Suite(.timeLimit(.minutes(2))) struct Revalidation {
        static let endpoint = "/summary/2025"

        func withRig(_ body: (RevalidationRig) async throws -> Void) async throws {
            try await RevalidationRig.run(label: "OfflineSummaryTests", body)
        }

        @Test func anUnchangedSummaryIsConfirmedByA304WithoutDecodingOrRewritingIt() async throws {
            try await withRig { rig in
                do {
                    let (store, recording, repository) = try rig.open()
                    defer { store.close() }
                    guard case let .fresh(first) = await repository.refresh() else { Issue.record("the first refresh failed"); return }
                    #expect(rig.transport.exchanges(to: Self.endpoint).map(\.ifNoneMatch) == [nil], "nothing cached: nothing to revalidate")

                    rig.advance(by: 3_600)
                    recording.reset()
                    #expect(await repository.refresh() == .unchanged(savedAt: fixedNow.addingTimeInterval(3_600)))
                    let revalidation = try #require(rig.transport.exchanges(to: Self.endpoint).last)
                    #expect(revalidation.ifNoneMatch != nil)
                    #expect(revalidation.status == 304 && revalidation.bodyBytes == 0)
                    // The snapshot's record was neither read nor written: only its validators record was.
                    #expect(!recording.loads.contains { $0.collection == SummaryRepository.summaryCollection })
                    #expect(recording.batches.count == 1)
                    #expect(recording.saved.map(\.collection) == [CachedResource<SummarySnapshot>.validatorsCollection])

                    // What the screen reads next: the same snapshot (same id), "Last updated" an hour later.
                    let cached = try #require(repository.cachedSummary())
                    #expect(cached.snapshot.id == first.value.id)
                    #expect(cached.summary == first.value.summary)
                    #expect(cached.fetchedAt == fixedNow.addingTimeInterval(3_600))
                }
                // After a restart the confirmed date is still the one shown.
                rig.advance(by: 86_400)
                let (store, _, repository) = try rig.open()
                defer { store.close() }
                #expect(repository.cachedSummary()?.fetchedAt == fixedNow.addingTimeInterval(3_600))
            }
        }

        @Test func newActivityOnTheServerBringsTheSummaryWholeWithItsNewValidators() async throws {
            try await withRig { rig in
                let (store, recording, repository) = try rig.open()
                defer { store.close() }
                guard case let .fresh(first) = await repository.refresh() else { Issue.record("the first refresh failed"); return }
                #expect(rig.server.recordActivity(for: "user1") != nil)

                rig.advance(by: 60)
                recording.reset()
                guard case let .fresh(second) = await repository.refresh() else { Issue.record("the changed summary did not come"); return }
                #expect(second.value.id != first.value.id)
                #expect(second.value.summary.activityVersion != first.value.summary.activityVersion)
                #expect(second.value.fetchedAt == fixedNow.addingTimeInterval(60))
                let refresh = try #require(rig.transport.exchanges(to: Self.endpoint).last)
                #expect(refresh.ifNoneMatch != nil && refresh.status == 200, "asked conditionally, answered whole")
                #expect(Set(recording.saved.map(\.collection)) == [SummaryRepository.summaryCollection, CachedResource<SummarySnapshot>.validatorsCollection])
                #expect(repository.cachedSummary()?.snapshot == second.value)
                // Those validators are the new version's: the next refresh is a 304 again.
                #expect(await repository.refresh() == .unchanged(savedAt: fixedNow.addingTimeInterval(60)))
            }
        }

        @Test func aSummaryTheServerConfirmsIsNoLongerMarkedOutOfDate() async throws {
            try await withRig { rig in
                let (store, _, repository) = try rig.open()
                defer { store.close() }
                guard case let .fresh(first) = await repository.refresh() else { Issue.record("the first refresh failed"); return }
                // A write synced that turned out not to change the summary: the mark stands until the server vouches for it.
                try repository.invalidate(snapshotID: first.value.id, reason: .writesSynced)
                #expect(repository.cachedSummary()?.isInvalidated == true)
                #expect(await repository.refresh() == .unchanged(savedAt: fixedNow))
                #expect(repository.cachedSummary()?.isInvalidated == false)
                #expect(repository.cachedSummary()?.snapshot.id == first.value.id)
            }
        }

        @Test func aClearedSummaryIsFetchedWholeAgain() async throws {
            try await withRig { rig in
                let (store, _, repository) = try rig.open()
                defer { store.close() }
                guard case .fresh = await repository.refresh() else { Issue.record("the first refresh failed"); return }
                try repository.clear()
                // Validators left behind would have the server confirm a summary that is gone.
                guard case .fresh = await repository.refresh() else { Issue.record("a cleared summary was not fetched whole"); return }
                #expect(rig.transport.exchanges(to: Self.endpoint).last?.ifNoneMatch == nil)
            }
        }
    }
}

/// The machine's side of it: a 304 restamps the summary on screen and settles its marks as a fresh one would.
@Suite struct SummaryRevalidationTests {
    func snapshot(daysAgo: Double) -> SummarySnapshot {
        SummarySnapshot(id: "s1", summary: summary2025, fetchedAt: fixedNow.addingTimeInterval(-daysAgo * day))
    }

    @Test func theScreenKeepsItsSummaryAndMovesLastUpdatedOnAfterA304() {
        var state = SummaryState(year: 2025, connectivity: .unknown)
        _ = state.decide(.connectivityChanged(.online), now: fixedNow)
        _ = state.decide(.opened(CachedSummary(snapshot: snapshot(daysAgo: 3), isInvalidated: true), activities: []), now: fixedNow)
        let effects = state.decide(.refreshFinished(sequence: 1, .unchanged(savedAt: fixedNow)), now: fixedNow)
        #expect(effects == [.cancelTimer(id: SummaryState.refreshDeadlineTimerID)])
        let shown = SummaryViewState(state: state, now: fixedNow)
        #expect(shown.content?.card == SummaryCard(summary: summary2025))
        #expect(shown.content?.lastUpdated == SummaryCopy.summaryLastUpdated(date: .date(fixedNow, .medium)))
        #expect(shown.refreshPrompt == nil, "the server vouched for it: the prompt to refresh goes")
        #expect(state.summary.lastRefreshSucceeded)
    }

    @Test func writesSyncedWhileTheRequestWasOutStillMarkAConfirmedSummary() {
        var state = SummaryState(year: 2025, connectivity: .unknown)
        _ = state.decide(.connectivityChanged(.online), now: fixedNow)
        _ = state.decide(.opened(CachedSummary(snapshot: snapshot(daysAgo: 3)), activities: []), now: fixedNow)
        let effects = state.decide(.refreshFinished(sequence: 1, .unchanged(savedAt: fixedNow), writesSyncedDuringFetch: true), now: fixedNow)
        #expect(effects.contains(.markInvalid(snapshotID: "s1", reason: .writesSynced)))
        #expect(state.summary.cached?.isInvalidated == true)
    }

    @Test func aPrefetchBeforeOpenAnsweredWithA304Succeeds() {
        var state = SummaryState(year: 2025, connectivity: .unknown)
        _ = state.decide(.connectivityChanged(.online), now: fixedNow)
        #expect(state.decide(.prefetchRequested, now: fixedNow).first == .refresh(.prefetch, sequence: 1))
        _ = state.decide(.refreshFinished(sequence: 1, .unchanged(savedAt: fixedNow)), now: fixedNow)
        #expect(state.summary.lastRefreshSucceeded, "the stored summary was confirmed; opening shows it")
    }
}

extension RevalidationRig {
    /// A live repository of user1's 2025 summary over a recording view of the vault, through the recording transport.
    func open() throws -> (SecureStore, RecordingStore, SummaryRepository) {
        let store = try fixture.open()
        let recording = RecordingStore(store.vault(for: "user1"))
        let api = SummaryAPI.live(client: httpClient(url, connectivity: .alwaysOnline, transport: transport), user: "user1")
        let repository = SummaryRepository(store: recording, api: api, year: 2025, status: { .online }, now: readClock,
                                           makeID: sequentialIDs("snapshot"))
        return (store, recording, repository)
    }
}
