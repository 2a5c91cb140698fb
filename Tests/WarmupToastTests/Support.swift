import Clocks
import Core
import Foundation
import Testing
import TestSupport
import WarmupToast


/// The seven shipped locales.
let shippedLocales = ["en", "nb", "es", "de", "ar", "ja", "pl"]

/// A coordinator on a test clock, with its telemetry kept in memory.
struct WarmupFixture {
    let clock = TestClock()
    let sink = InMemoryTelemetrySink()

    var time: TimeSource { TimeSource(clock: clock, now: { fixedNow }) }
    var telemetry: Telemetry { Telemetry(sink: sink, now: { fixedNow }) }

    func coordinator(plan: CacheWarmupPlan = .nothingToWarm, store: (any RecordStore)? = nil) -> CacheWarmupCoordinator {
        CacheWarmupCoordinator(plan: plan, store: store, time: time, telemetry: telemetry)
    }

    /// A started feature over `coordinator`.
    func feature(_ coordinator: CacheWarmupCoordinator,
                 configuration: WarmupToastConfiguration = WarmupToastConfiguration()) async -> WarmupToastFeature {
        let feature = WarmupToastFeature(coordinator: coordinator, configuration: configuration, time: time)
        await feature.start()
        return feature
    }

    /// Names of the warmup events recorded so far.
    var eventNames: [String] { sink.names() }
}

/// Returns once something sleeps on `clock`, so that advancing it wakes that sleeper.
func waitForSleeper(on clock: TestClock<Duration>) async {
    await waitUntil { (try? await clock.checkSuspension()) == nil }
}

/// Whether every sleep on `clock` has ended (a cancelled sleeper leaves once its task has run), after
/// giving other tasks up to `attempts` turns.
func clockHasNoSleepers(_ clock: TestClock<Duration>, attempts: Int = 1_000) async -> Bool {
    for _ in 0..<attempts {
        if (try? await clock.checkSuspension()) != nil { return true }
        await Task.yield()
    }
    return false
}

/// An error a subtask fails with in tests.
struct DownloadFailed: Error {}

extension WarmupToastViewState {
    var showsToast: Bool { toast != nil }
    var showsBanner: Bool { banner != nil }
}
