import Core
import Foundation
@testable import OfflineCommerce
import Testing
import TestSupport

/// Issue 25, item 6: copy that blames the connection only when it is the connection. For each screen, one table:
/// (connectivity × server outcome × cache) → what the screen says.
@Suite struct FirstLoadCopyTests {
    enum Outcome: String, CaseIterable, Sendable {
        case pending, fresh, serverError, timeout, refusedSession, offline

        func revalidated<Value>(_ cache: CachedValue<Value>?, fresh: CachedValue<Value>) -> RevalidateOutcome<Value>? {
            switch self {
            case .pending: nil
            case .fresh: .fresh(fresh)
            case .serverError: .kept(cache, .http(status: 503))
            case .timeout: .kept(cache, .timeout)
            case .refusedSession: .kept(cache, .http(status: 401))
            case .offline: .kept(cache, .offline)
            }
        }
    }

    /// What a reader sees first, in words: content, loading, or which empty or blocked state.
    enum Says: Equatable, CustomStringConvertible {
        case content, loading, notAvailableOffline, couldNotLoad, signIn
        var description: String { "\(self)" }
    }

    static func says<Content>(_ screen: ScreenState<Content>?, offline: EmptyState, failed: EmptyState) -> Says? {
        switch screen {
        case .content?: .content
        case .loading?: .loading
        case let .empty(empty)? where empty.title == offline.title: .notAvailableOffline
        case let .empty(empty)? where empty.title == failed.title: .couldNotLoad
        case let .blocked(state)? where state == CorePreviews.signInRequired: .signIn
        default: nil
        }
    }

    /// The table for a screen with nothing saved yet. Connectivity: what the monitor says when the answer comes.
    static let nothingSaved: [(ConnectivityStatus, Outcome, Says)] = [
        (.online, .pending, .loading), (.online, .fresh, .content), (.online, .serverError, .couldNotLoad),
        (.online, .timeout, .couldNotLoad), (.online, .refusedSession, .signIn),
        (.offline, .pending, .notAvailableOffline), (.offline, .offline, .notAvailableOffline),
        (.unknown, .pending, .loading), (.unknown, .timeout, .loading), (.unknown, .refusedSession, .signIn),
    ]

    static func machine<Value>(_ status: ConnectivityStatus, open screen: CommerceScreen, read: CommerceEvent,
                               revalidated: RevalidateOutcome<Value>?, as event: (RevalidateOutcome<Value>) -> CommerceEvent) -> CommerceState {
        var state = CommerceState(connectivity: status)
        for event in [CommerceEvent.screenOpened(screen), .draftsRead(FormDrafts()), read] { _ = state.handle(event, now: fixedNow) }
        if let revalidated { _ = state.handle(event(revalidated), now: fixedNow) }
        return state
    }

    @Test("Cart: (connectivity × server outcome) with nothing saved → the copy that fits", arguments: nothingSaved.indices)
    func theCartSaysWhatFits(_ row: Int) {
        let (status, outcome, expected) = Self.nothingSaved[row]
        let state = Self.machine(status, open: .cart, read: .cartRead(nil),
                                 revalidated: outcome.revalidated(nil, fresh: StateMachineTests.cached), as: CommerceEvent.cartRefreshFinished)
        let view = CommerceViewState(state: state)
        #expect(Self.says(view.cart, offline: CommerceCopy.cartFirstLoad, failed: CommerceCopy.cartLoadFailed) == expected,
                "\(status) × \(outcome)")
        #expect((view.offlineIndicator != nil) == (status == .offline), "the indicator means offline, only")
    }

    @Test("Orders: (connectivity × server outcome) with nothing saved → the copy that fits", arguments: nothingSaved.indices)
    func theOrderHistorySaysWhatFits(_ row: Int) {
        let (status, outcome, expected) = Self.nothingSaved[row]
        let state = Self.machine(status, open: .orders, read: .ordersRead(nil),
                                 revalidated: outcome.revalidated(nil, fresh: StateMachineTests.cachedOrders), as: CommerceEvent.ordersRefreshFinished)
        let view = CommerceViewState(state: state)
        #expect(Self.says(view.orders, offline: CommerceCopy.ordersFirstLoad, failed: CommerceCopy.ordersLoadFailed) == expected,
                "\(status) × \(outcome)")
    }

    @Test("With a saved cart every combination shows it; only the banner above it says why it may be old")
    func withASavedCartTheBannerSaysWhy() {
        let saved = StateMachineTests.cached
        for status in [ConnectivityStatus.online, .offline, .unknown] {
            for outcome in Outcome.allCases {
                let state = Self.machine(status, open: .cart, read: .cartRead(saved),
                                         revalidated: outcome.revalidated(saved, fresh: saved), as: CommerceEvent.cartRefreshFinished)
                let view = CommerceViewState(state: state)
                #expect(view.cartContent != nil, "\(status) × \(outcome)")
                #expect((view.offlineIndicator != nil) == (status == .offline))
                let serverFailed = status == .online && (outcome == .serverError || outcome == .timeout)
                #expect((view.refreshBanner != nil) == serverFailed, "\(status) × \(outcome): couldn't refresh")
                #expect((view.sessionBanner != nil) == (outcome == .refusedSession), "\(status) × \(outcome): sign in")
            }
        }
    }

    @Test(arguments: ["en", "de", "ar"])
    func theServerFailureCopyNeverMentionsTheConnection(_ locale: String) throws {
        let localizer = try localizer(locale)
        let connection = localizer.string(CoreCopy.noConnection)
        for empty in [CommerceCopy.cartLoadFailed, CommerceCopy.ordersLoadFailed] {
            let text = localizer.string(empty.title) + " " + localizer.string(try #require(empty.message))
            #expect(!text.isEmpty && !text.contains(connection))
        }
        if locale == "en" {
            #expect(localizer.string(CommerceCopy.cartLoadFailed.title) == "Couldn’t load your cart")
            #expect(!localizer.string(try #require(CommerceCopy.cartLoadFailed.message)).lowercased().contains("internet"))
        }
    }
}
