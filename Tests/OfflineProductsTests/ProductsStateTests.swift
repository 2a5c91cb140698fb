import Connectivity
import Core
import Foundation
import OfflineProducts
import TestSupport
import Testing

/// The pure state machine: synchronous, no I/O, time passed in.
@Suite struct ProductsStateTests {
    let products = makeProducts(3)
    var cached: CachedValue<ProductCatalog> { CachedValue(value: ProductCatalog(products), savedAt: fixedNow.addingTimeInterval(-day)) }

    func view(_ state: ProductsState) -> ProductsViewState {
        ProductsViewState(state: state, now: fixedNow, policy: .default)
    }

    func opened(_ cached: CachedValue<ProductCatalog>?, _ status: ConnectivityStatus) -> (ProductsState, [ProductsState.Effect]) {
        var state = ProductsState(connectivity: .unknown)
        var effects = state.decide(.opened(cached), now: .distantPast)
        effects += state.decide(.connectivityChanged(status), now: .distantPast)
        return (state, effects)
    }

    @Test func productListFromTheLocalCacheWhenOfflineWithTheOfflineIndicator() {
        let (state, effects) = opened(cached, .offline)
        #expect(effects.isEmpty)
        let view = view(state)
        #expect(view.rows.map(\.id) == products.map(\.id))
        #expect(view.offlineIndicator?.title == CoreCopy.offlineIndicatorTitle)
        #expect(view.offlineIndicator?.message == CoreCopy.offlineIndicatorMessage)
        #expect(view.offlineIndicator?.accessibilityLabel == CoreCopy.offlineIndicatorAccessibilityLabel)
        #expect(view.announcement == CoreCopy.offlineIndicatorAccessibilityLabel)
        #expect(view.list.content?.lastUpdated == CoreCopy.lastUpdated(cached.savedAt))
    }

    @Test func aLaunchOfflineSyncsWhenTheConnectionReturnsWithoutAnIndicatorForAScreenNeverOpened() {
        var state = ProductsState(connectivity: .unknown)
        #expect(state.decide(.connectivityChanged(.offline), now: .distantPast).isEmpty)
        #expect(state.decide(.lifecycle(.launched), now: .distantPast).isEmpty, "offline: the sync waits for the connection")
        #expect(!state.showsOfflineData, "nothing was on screen while offline")
        #expect(state.decide(.connectivityChanged(.online), now: .distantPast).contains(.perform(.refresh(.foreground))))
        _ = state.decide(.opened(cached), now: .distantPast)
        #expect(view(state).offlineIndicator == nil)
    }

    @Test func aScreenOpenedOfflineKeepsItsIndicatorUntilFreshDataArrives() {
        var state = ProductsState(connectivity: .unknown)
        _ = state.decide(.connectivityChanged(.offline), now: .distantPast)
        _ = state.decide(.opened(cached), now: .distantPast)
        _ = state.decide(.connectivityChanged(.online), now: .distantPast)
        #expect(view(state).offlineIndicator != nil, "the data on screen is still the offline copy")
        _ = state.decide(.refreshFinished(.fresh(cached)), now: .distantPast)
        #expect(view(state).offlineIndicator == nil)
    }

    @Test("After reconnect, the truth (issue 25, item 5): a background sync that fails online is retried by itself")
    func aBackgroundSyncThatFailsOnlineIsRetriedByItselfWithCappedBackoff() throws {
        var (state, _) = opened(cached, .online)
        var delays: [Duration] = []
        for _ in 0..<8 {
            let effects = state.decide(.refreshFinished(.kept(cached, .http(status: 503))), now: .distantPast)
            guard case let .startTimer(id, after, send)? = effects.first, id == ProductsState.retryTimerID, send == .retryDue else {
                Issue.record("no retry scheduled: \(effects)")
                return
            }
            delays.append(after)
            #expect(state.decide(.retryDue, now: .distantPast) == [.perform(.refresh(.retry))], "nobody taps: it syncs by itself")
        }
        for (index, delay) in delays.enumerated() {
            let step = min(Duration.seconds(2) * (1 << index), .seconds(60))
            #expect(delay >= step / 2 && delay <= step, "attempt \(index + 1)")
        }
        #expect(view(state).offlineIndicator == nil && view(state).toast == nil, "BR-002: no error toast, and never 'offline'")
        #expect(!view(state).viewNode().copies.contains(CoreCopy.refreshFailedTitle), "BR-002: a sync with a good list behind it fails silently")
        let synced = state.decide(.refreshFinished(.fresh(cached)), now: .distantPast)
        #expect(synced == [.cancelTimer(id: ProductsState.retryTimerID)] && state.products.retry.attempt == 0)
    }

    @Test func aRefusedSessionOrBeingOfflineIsNotRetriedByItself() {
        var (state, _) = opened(cached, .online)
        #expect(state.decide(.refreshFinished(.kept(cached, .http(status: 401))), now: .distantPast).isEmpty)
        var (offline, _) = opened(cached, .offline)
        #expect(offline.decide(.refreshFinished(.kept(cached, .offline)), now: .distantPast).isEmpty)
        #expect(offline.decide(.retryDue, now: .distantPast).isEmpty)
    }

    @Test func noOfflineIndicatorWhileTheConnectionIsUnknownOrOnline() {
        for status in [ConnectivityStatus.unknown, .online] {
            let (state, _) = opened(cached, status)
            #expect(view(state).offlineIndicator == nil)
            #expect(view(state).announcement == nil)
        }
    }

    @Test func firstUseOfflineShowsTheConnectToSyncMessageNotAnEmptyListNorAnError() {
        let (state, effects) = opened(nil, .offline)
        #expect(effects.isEmpty)
        let view = view(state)
        #expect(view.list == .blocked(EmptyState(title: ProductsCopy.firstUseMessage)))
        #expect(view.list.content == nil)
        #expect(view.toast == nil)
        #expect(view.offlineIndicator != nil)
    }

    @Test func firstUseOnlineSyncsAtOnceWithABriefLoadingState() {
        let (state, effects) = opened(nil, .online)
        #expect(effects == [.perform(.refresh(.open))])
        #expect(view(state).list == .loading)
    }

    @Test("A failed first sync online says it did not load, with Retry, not 'connect to the internet' (issue 25, item 6)")
    func failedFirstSyncOnlineSaysItDidNotLoadWithRetry() {
        var (state, _) = opened(nil, .online)
        _ = state.decide(.refreshFinished(.kept(nil, .http(status: 503))), now: .distantPast)
        let view = view(state)
        #expect(view.list == .blocked(EmptyState(title: ProductsCopy.firstUseFailedTitle, message: ProductsCopy.firstUseFailedMessage,
                                                 action: Action(id: ProductsActionID.retry, title: CoreCopy.retry))))
        #expect(view.offlineIndicator == nil && view.toast == nil)
    }

    @Test("Products: (connectivity × last sync) with nothing saved → the copy that fits (issue 25, item 6)")
    func withNothingSavedTheListSaysWhatFits() {
        let firstUse = EmptyState(title: ProductsCopy.firstUseMessage)
        let table: [(ConnectivityStatus, HTTPClientError?, ScreenState<ProductListContent>)] = [
            (.offline, nil, .blocked(firstUse)),
            (.offline, .offline, .blocked(firstUse)),
            (.unknown, nil, .loading),
            (.unknown, .timeout, .loading),
            (.online, .timeout, .blocked(EmptyState(title: ProductsCopy.firstUseFailedTitle, message: ProductsCopy.firstUseFailedMessage,
                                                    action: Action(id: ProductsActionID.retry, title: CoreCopy.retry)))),
            (.online, .http(status: 401), .blocked(CorePreviews.signInRequired)),
        ]
        for (status, failure, expected) in table {
            var state = ProductsState(connectivity: .unknown)
            _ = state.decide(.connectivityChanged(status), now: .distantPast)
            _ = state.decide(.opened(nil), now: .distantPast)
            if let failure { _ = state.decide(.refreshFinished(.kept(nil, failure)), now: .distantPast) }
            #expect(view(state).list == expected, "\(status) × \(failure.map { "\($0)" } ?? "no sync yet")")
        }
    }

    @Test(arguments: [401, 403])
    func aFirstSyncTheServerRefusesAsksToSignInAgainNotToConnect(code: Int) {
        var (state, _) = opened(nil, .online)
        _ = state.decide(.refreshFinished(.kept(nil, .http(status: code))), now: .distantPast)
        #expect(view(state).list == .blocked(CorePreviews.signInRequired))
        #expect(view(state).offlineIndicator == nil)
        // Offline, the first-use message again: there the connection is what is missing.
        _ = state.decide(.connectivityChanged(.offline), now: .distantPast)
        #expect(view(state).list != .blocked(CorePreviews.signInRequired))
    }

    @Test func aRefusedSyncKeepsTheCachedListUnderASignInBannerUntilASyncSucceeds() {
        var (state, _) = opened(cached, .online)
        let before = view(state)
        _ = state.decide(.refreshFinished(.kept(cached, .http(status: 401))), now: .distantPast)
        #expect(view(state).rows == before.rows, "nothing cached is wiped")
        #expect(view(state).sessionBanner == CorePreviews.signInBanner && view(state).offlineIndicator == nil)
        _ = state.decide(.refreshFinished(.fresh(cached)), now: .distantPast)
        #expect(view(state).sessionBanner == nil)
    }

    @Test func failedSyncKeepsTheLastGoodCacheSilently() {
        var (state, _) = opened(cached, .online)
        let before = view(state)
        #expect(state.decide(.loggedIn, now: .distantPast) == [.perform(.refresh(.login))])
        _ = state.decide(.refreshFinished(.kept(cached, .timeout)), now: .distantPast)
        let after = view(state)
        #expect(after.rows == before.rows)
        #expect(after.toast == nil && after.offlineIndicator == nil && after.syncProgress == nil)
        #expect(after.list.content?.lastUpdated == CoreCopy.lastUpdated(cached.savedAt))
        #expect(!after.viewNode().copies.contains(CoreCopy.refreshFailedTitle) && after.action(id: ProductsActionID.retry) == nil,
                "BR-002: no banner, no Retry: the last good list, as if nothing happened (the retries run by themselves)")
        #expect(after == before, "the screen is what it was before the sync, to the letter")
        // A refused session says to sign in instead; nothing to retry by itself.
        _ = state.decide(.refreshFinished(.kept(cached, .http(status: 401))), now: .distantPast)
        #expect(view(state).sessionBanner != nil)
    }

    @Test("BR-002: only the very first sync's failure is shown; a pull to refresh that fails says so briefly")
    func onlyTheFirstSyncsFailureIsShownAndAFailedPullSaysSoBriefly() {
        var (first, _) = opened(nil, .online)
        _ = first.decide(.refreshFinished(.kept(nil, .http(status: 503))), now: .distantPast)
        #expect(view(first).list == .blocked(EmptyState(title: ProductsCopy.firstUseFailedTitle, message: ProductsCopy.firstUseFailedMessage,
                                                        action: Action(id: ProductsActionID.retry, title: CoreCopy.retry))),
                "the very first sync: said, with Retry")
        var (state, _) = opened(cached, .online)
        _ = state.decide(.refreshRequested, now: .distantPast)
        let effects = state.decide(.refreshFinished(.kept(cached, .http(status: 503))), now: .distantPast)
        #expect(view(state).toast?.message == CoreCopy.refreshFailedTitle, "the person asked: a brief toast")
        #expect(effects.contains(.startTimer(id: ToastSlot.timerID, after: ToastSlot.duration, send: .toastExpired(sequence: state.toast.sequence))))
        #expect(view(state).rows.count == 3 && view(state).offlineIndicator == nil)
        _ = state.decide(.toastExpired(sequence: state.toast.sequence), now: .distantPast)
        #expect(view(state).toast == nil && !view(state).viewNode().copies.contains(CoreCopy.refreshFailedTitle))
    }

    @Test func syncsOnLoginAndOnForegroundWhenOnline() {
        var (state, _) = opened(cached, .online)
        #expect(state.decide(.loggedIn, now: .distantPast) == [.perform(.refresh(.login))])
        #expect(state.decide(.lifecycle(.foregrounded), now: .distantPast) == [], "one sync at a time")
        _ = state.decide(.refreshFinished(.fresh(cached)), now: .distantPast)
        #expect(state.decide(.lifecycle(.foregrounded), now: .distantPast) == [.perform(.refresh(.foreground))])
        _ = state.decide(.refreshFinished(.fresh(cached)), now: .distantPast)
        #expect(state.decide(.lifecycle(.backgrounded), now: .distantPast) == [])
    }

    @Test func loginOrForegroundWhileOfflineSyncsOnlyWhenTheConnectionIsThere() {
        var (state, _) = opened(cached, .offline)
        #expect(state.decide(.loggedIn, now: .distantPast) == [])
        #expect(state.decide(.lifecycle(.foregrounded), now: .distantPast) == [])
        #expect(state.products.wanted == .login)
        #expect(state.decide(.connectivityChanged(.online), now: .distantPast) == [.perform(.refresh(.login))])
    }

    @Test func reconnectSyncsInTheBackgroundTheIndicatorStaysWhileItRunsAndAFailureSaysItCouldNotRefresh() {
        var (state, _) = opened(cached, .offline)
        #expect(state.decide(.connectivityChanged(.online), now: .distantPast) == [.perform(.refresh(.reconnect))])
        var view = view(state)
        #expect(view.offlineIndicator != nil, "still the offline copy until the sync succeeds")
        #expect(view.syncProgress == ProductsCopy.syncInProgress)
        #expect(view.rows.count == 3, "the list stays usable while syncing")
        _ = state.decide(.refreshFinished(.kept(cached, .connectionLost("reset"))), now: .distantPast)
        view = self.view(state)
        // After reconnect, the truth (issue 25, item 5): the connection is back, the server failed: not "offline".
        #expect(view.offlineIndicator == nil, "a sync that failed online is not the offline indicator")
        #expect(!view.viewNode().copies.contains(CoreCopy.refreshFailedTitle), "BR-002: silent, the list behind it is good")
        #expect(view.toast == nil)
        // The next trigger tries again; success removes the indicator.
        #expect(state.decide(.lifecycle(.foregrounded), now: .distantPast) == [.perform(.refresh(.foreground))])
        let fresh = CachedValue(value: ProductCatalog(makeProducts(5)), savedAt: fixedNow)
        _ = state.decide(.refreshFinished(.fresh(fresh)), now: .distantPast)
        view = self.view(state)
        #expect(view.offlineIndicator == nil && view.announcement == nil && view.syncProgress == nil)
        #expect(view.rows.count == 5)
    }

    @Test func onlineOnlyActionsAreDisabledOfflineAndAnnouncedAsDisabled() {
        for status in [ConnectivityStatus.offline, .unknown] {
            var (state, _) = opened(cached, status)
            _ = state.decide(.actionTapped(ProductsActionID.product(products[0].id)), now: .distantPast)
            let actions = view(state).card?.actions ?? []
            #expect(actions.map(\.id) == ["raise-service-request", "transfer-ownership"])
            for action in actions {
                #expect(action.state == .disabled(reason: status == .offline ? CoreCopy.requiresConnection : CoreCopy.checkingConnection))
                #expect(action.accessibilityLabel == CoreCopy.disabledAccessibilityLabel(action.title))
            }
        }
        var (online, _) = opened(cached, .online)
        _ = online.decide(.actionTapped(ProductsActionID.product(products[0].id)), now: .distantPast)
        #expect(view(online).card?.actions.allSatisfy { $0.state == .enabled } == true)
    }

    @Test func tappingAnOnlineOnlyActionOfflineShowsRequiresConnection() {
        var (state, _) = opened(cached, .offline)
        _ = state.decide(.actionTapped(ProductsActionID.product(products[0].id)), now: .distantPast)
        let effects = state.decide(.actionTapped(ProductAction.raiseServiceRequest.id), now: .distantPast)
        #expect(effects == [.startTimer(id: ToastSlot.timerID, after: ToastSlot.duration, send: .toastExpired(sequence: 1))])
        #expect(view(state).toast?.message == CoreCopy.requiresConnection)
        #expect(state.flow == nil)
        _ = state.decide(.toastExpired(sequence: 1), now: .distantPast)
        #expect(view(state).toast == nil)
    }

    @Test("Copy that blames the connection only when it is the connection (issue 25, item 6): a tap at launch, before the first reading, says the connection is being checked; the same tap once online opens the flow")
    func tappingAnOnlineOnlyActionBeforeTheFirstReadingSaysTheConnectionIsBeingChecked() {
        var (state, _) = opened(cached, .unknown)
        _ = state.decide(.actionTapped(ProductsActionID.product(products[0].id)), now: .distantPast)
        _ = state.decide(.actionTapped(ProductAction.raiseServiceRequest.id), now: .distantPast)
        #expect(view(state).toast?.message == CoreCopy.checkingConnection)
        #expect(view(state).toast?.message != CoreCopy.requiresConnection && state.flow == nil)
        _ = state.decide(.connectivityChanged(.online), now: .distantPast)
        _ = state.decide(.actionTapped(ProductAction.raiseServiceRequest.id), now: .distantPast)
        #expect(state.flow?.action == .raiseServiceRequest)
    }

    @Test func tappingAnOnlineOnlyActionOnlineOpensItsFlow() {
        var (state, _) = opened(cached, .online)
        _ = state.decide(.actionTapped(ProductsActionID.product(products[1].id)), now: .distantPast)
        #expect(state.decide(.actionTapped(ProductAction.transferOwnership.id), now: .distantPast) == [])
        #expect(view(state).flow == ProductFlow(action: .transferOwnership, productID: products[1].id))
        #expect(view(state).toast == nil)
    }

    @Test func anOlderToastTimerDoesNotHideANewerToast() {
        var (state, _) = opened(cached, .offline)
        _ = state.decide(.actionTapped(ProductsActionID.product(products[0].id)), now: .distantPast)
        _ = state.decide(.actionTapped(ProductAction.raiseServiceRequest.id), now: .distantPast)
        _ = state.decide(.actionTapped(ProductAction.transferOwnership.id), now: .distantPast)
        _ = state.decide(.toastExpired(sequence: 1), now: .distantPast)
        #expect(state.toast.current != nil)
        _ = state.decide(.toastExpired(sequence: 2), now: .distantPast)
        #expect(state.toast.current == nil)
    }

    @Test func warrantyCardLooksTheSameOnlineAndOfflineForTheSameData() {
        var (offline, _) = opened(cached, .offline)
        var (online, _) = opened(cached, .online)
        _ = offline.decide(.actionTapped(ProductsActionID.product(products[2].id)), now: .distantPast)
        _ = online.decide(.actionTapped(ProductsActionID.product(products[2].id)), now: .distantPast)
        let offlineCard = view(offline).card, onlineCard = view(online).card
        #expect(offlineCard?.card == onlineCard?.card)
        #expect(offlineCard?.card.viewNode == onlineCard?.card.viewNode)
        #expect(offlineCard?.actions.map(\.title) == onlineCard?.actions.map(\.title))
    }

    @Test func offlineIndicatorStaysVisibleOnTheWarrantyCard() {
        var (state, _) = opened(cached, .offline)
        _ = state.decide(.actionTapped(ProductsActionID.product(products[0].id)), now: .distantPast)
        let node = view(state).viewNode()
        guard case let .stack(nodes) = node else { Issue.record("not a stack"); return }
        #expect(nodes.first == .banner(ProductsViewState.offlineBanner))
        #expect(node.descendants.contains(.title(ProductsCopy.cardTitle)))
    }

    @Test func refreshOfflineSaysThereIsNoConnection() {
        var (state, _) = opened(cached, .offline)
        #expect(view(state).list.content?.refresh.state == .disabled(reason: CoreCopy.noConnection))
        _ = state.decide(.refreshRequested, now: .distantPast)
        #expect(state.toast.current?.message == CoreCopy.noConnection)
        #expect(state.products.refreshing == nil)
    }

    @Test func zeroProductsAfterASyncIsAnEmptyListNotTheFirstUseMessage() {
        var (state, _) = opened(nil, .online)
        _ = state.decide(.refreshFinished(.fresh(CachedValue(value: .empty, savedAt: fixedNow))), now: .distantPast)
        #expect(view(state).list == .empty(EmptyState(title: ProductsCopy.emptyNoProducts)))
    }

    @Test func aTransferredProductLeavesTheListAndItsCardCloses() {
        var (state, _) = opened(cached, .online)
        _ = state.decide(.actionTapped(ProductsActionID.product(products[0].id)), now: .distantPast)
        _ = state.decide(.actionTapped(ProductAction.transferOwnership.id), now: .distantPast)
        _ = state.decide(.productRemoved(products[0].id), now: .distantPast)
        #expect(view(state).card == nil && view(state).flow == nil)
        #expect(view(state).rows.map(\.id) == products.dropFirst().map(\.id))
    }

    @Test func onlineOnlyActionsAreDeclaredAsNotWorkingOffline() {
        #expect(!ProductsUserAction.raiseServiceRequest.pattern.worksOffline)
        #expect(!ProductsUserAction.transferOwnership.pattern.worksOffline)
        #expect(ProductsUserAction.viewProducts.pattern.worksOffline)
        #expect(ProductAction.allCases.map(\.rawValue) == [ProductsUserAction.raiseServiceRequest, .transferOwnership].map(\.rawValue))
    }
}

/// Telemetry is the machine's: what the screen did is recorded as its effects, with the time the work measured.
@Suite struct ProductsTelemetryTests {
    @Test func openingAndEverySyncAreRecordedByTheMachineWithTheirDurations() {
        let catalog = CachedValue(value: ProductCatalog(makeProducts(2)), savedAt: fixedNow)
        var state = ProductsState(connectivity: .online)
        let opened = state.handle(.opened(nil, took: .milliseconds(3)), now: fixedNow)
        #expect(opened.first == .record("products.opened", attributes: ["cached": "none"], duration: .milliseconds(3)))
        #expect(opened.contains(.perform(.refresh(.open))))
        let synced = state.handle(.refreshFinished(.fresh(catalog), took: .milliseconds(40)), now: fixedNow)
        #expect(synced == [.record("products.sync", attributes: ["trigger": "open", "outcome": "synced", "count": "2"], duration: .milliseconds(40))])
        _ = state.handle(.refreshRequested, now: fixedNow)
        let kept = state.handle(.refreshFinished(.kept(catalog, .http(status: 401)), took: .milliseconds(5)), now: fixedNow)
        #expect(kept.recorded().map(\.0) == ["products.sync"])
        #expect(kept.recorded().first?.1 == ["trigger": "refresh", "outcome": "kept", "error": "\(HTTPClientError.http(status: 401))", "cached": "2"])
        #expect(state.handle(.flowSubmitted(.transferOwnership, .refusedOffline), now: fixedNow)
            == [.record("products.action", attributes: ["action": "transferOwnership", "outcome": "refused_offline"])])
        #expect(state.handle(.workFailed("cache_write_failed", error: "disk full"), now: fixedNow)
            == [.record("products.cache_write_failed", attributes: ["error": "disk full"])])
    }
}
