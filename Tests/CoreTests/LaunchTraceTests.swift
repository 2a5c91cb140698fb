import Core
import Foundation
import Testing

/// Issue 41 item 1: `offline-bench app` reads where a cold start goes from the marks its processes write.
@Suite struct LaunchTraceTests {
    @Test func aTraceKeepsEachPhasesFirstTimeInFileOrderAndSkipsWhatIsNotAMark() {
        let text = "l10n started\t100\nl10n-repl started\t250\nproducts read and decrypted\t900\n"
            + "garbage line\nl10n-repl started\t999\nproducts screen drawn\t1200\nno time\t\n"
        let phases = LaunchTrace.phases(of: text)
        #expect(phases.map(\.phase) == ["l10n started", "l10n-repl started", "products read and decrypted", "products screen drawn"])
        #expect(phases.map(\.nanoseconds) == [100, 250, 900, 1200])
    }

    @Test func theClockIsMonotonicAndMarkingWithoutTheVariableWritesNothing() {
        let first = LaunchTrace.monotonicNanoseconds()
        let second = LaunchTrace.monotonicNanoseconds()
        #expect(second >= first)
        // The test process has no OFFLINEKIT_LAUNCH_TRACE: a mark is a no-op (and must not crash).
        #expect(ProcessInfo.processInfo.environment["OFFLINEKIT_LAUNCH_TRACE"] == nil)
        #expect(!LaunchTrace.isEnabled)
        LaunchTrace.mark("nothing")
    }
}
