import Clocks
import Core
import Foundation
import SecureStore
import Testing
import WarmupToast
import TestSupport
import IntegrationSupport

/// An encrypted store in a fresh temporary folder that can be closed and opened again, like an app
/// that is terminated and launched anew.
struct StoreOnDisk {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("WarmupToastTests-\(UUID().uuidString)", isDirectory: true)
    let keys = InMemoryKeyProvider(key: .fixed())

    func open() throws -> SecureStore {
        try SecureStore(folder: folder, keyProvider: keys, telemetry: .disabled, now: { fixedNow })
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// Tickets of runs that were "terminated": kept for ever, as a killed process never settles or releases them.
let ticketsOfTerminatedRuns = Locked<[WarmupTicket]>([])

@Suite("Lifecycle: terminated mid-warmup, launched again")
struct RestartTests {
    /// The first run: a session opens, and the app is terminated before it ends (the ticket is never
    /// settled and the coordinator never told).
    func runTerminatedMidWarmup(_ disk: StoreOnDisk) async throws {
        let store = try disk.open()
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator(store: store.vault(for: "user1"))
        let feature = await fixture.feature(coordinator)
        let ticket = coordinator.begin(id: "summary", required: true)
        await waitFor(feature.viewState) { $0.showsToast }
        await feature.lifecycle(.terminated)
        await feature.stop()
        store.close()
        ticketsOfTerminatedRuns.withLock { $0.append(ticket) }
    }

    @Test func theNextLaunchShowsNoToastWhenNoCachingIsNeeded() async throws {
        let disk = StoreOnDisk()
        defer { disk.remove() }
        try await runTerminatedMidWarmup(disk)

        let store = try disk.open()
        defer { store.close() }
        let vault = store.vault(for: "user1")
        #expect(try vault.load(collection: WarmupIdentifiers.stateKey, key: "session") != nil)
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator(plan: CacheWarmupPlan(isWarmingNeeded: { false }, warm: { _ in }), store: vault)
        let feature = await fixture.feature(coordinator)
        await feature.lifecycle(.launched)
        #expect(await coordinator.launch() == false)
        #expect(coordinator.state.value == .idle)
        #expect(feature.viewState.value == .hidden)
        #expect(await feature.publishedChanges == 0)
        #expect(fixture.eventNames.isEmpty)
        // The note of the cut-short run is used up.
        #expect(try vault.load(collection: WarmupIdentifiers.stateKey, key: "session") == nil)
        await feature.stop()
    }

    @Test func theNextLaunchShowsTheToastWhenCachingIsRequiredUntilItCompletes() async throws {
        let disk = StoreOnDisk()
        defer { disk.remove() }
        try await runTerminatedMidWarmup(disk)

        let store = try disk.open()
        defer { store.close() }
        let vault = store.vault(for: "user1")
        let fixture = WarmupFixture()
        let (resumed, resume) = AsyncStream.makeStream(of: Void.self)
        let plan = CacheWarmupPlan(isWarmingNeeded: { true }, warm: { port in
            await port.perform(id: "summary") {
                for await _ in resumed { break }
            }
        })
        let coordinator = fixture.coordinator(plan: plan, store: vault)
        let feature = await fixture.feature(coordinator)
        await feature.lifecycle(.launched)
        let launch = Task { await coordinator.launch() }
        await waitFor(feature.viewState) { $0.showsToast }
        #expect(try vault.load(collection: WarmupIdentifiers.stateKey, key: "session") != nil)
        resume.yield()
        #expect(await launch.value == true)
        await waitFor(feature.viewState) { $0.showsBanner }
        #expect(fixture.sink.events.first?.attributes["resumed_after_termination"] == "true")
        #expect(fixture.eventNames == [WarmupIdentifiers.startedEvent, WarmupIdentifiers.completedEvent])
        #expect(try vault.load(collection: WarmupIdentifiers.stateKey, key: "session") == nil)
        await feature.stop()
    }

    @Test func theToastIsNeverRestoredFromTheStoreByItself() async throws {
        let disk = StoreOnDisk()
        defer { disk.remove() }
        try await runTerminatedMidWarmup(disk)
        let store = try disk.open()
        defer { store.close() }
        // A new coordinator over the same store starts idle, before and without launch().
        let fixture = WarmupFixture()
        let coordinator = fixture.coordinator(store: store.vault(for: "user1"))
        let feature = await fixture.feature(coordinator)
        #expect(coordinator.state.value == .idle)
        #expect(feature.viewState.value == .hidden)
        await feature.stop()
    }
}
