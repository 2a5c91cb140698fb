import Testing
@testable import OfflinePatterns

/// How many callers the next transaction waits for (the bound on the wait itself is the commit thread's, in time).
@Suite("Group commit gathering")
struct GroupCommitGatherTests {
    @Test("A lone caller's write is never held: nothing is gathered before any transaction, nor for one caller")
    func aLoneCallerIsNeverHeld() {
        var gather = GroupCommitGather()
        #expect(!gather.shouldWait(pendingWriters: 1), "before any transaction")
        gather.taking(writers: 1)
        gather.committed(waitingNow: 0)
        #expect(!gather.shouldWait(pendingWriters: 1), "one caller came back: it is all there is")
        #expect(!gather.shouldWait(pendingWriters: 0), "nothing waits: nothing to hold")
    }

    @Test("Callers released by a transaction and those waiting meanwhile are gathered into the next one")
    func theReleasedCallersAndTheWaitingOnesAreGathered() {
        var gather = GroupCommitGather()
        gather.taking(writers: 8)
        gather.committed(waitingNow: 8)
        #expect(gather.target == 16)
        #expect(gather.shouldWait(pendingWriters: 8), "the eight released are on their way back")
        #expect(gather.shouldWait(pendingWriters: 15))
        #expect(!gather.shouldWait(pendingWriters: 16))
    }

    @Test("An estimate gone stale (callers that stopped writing) is measured again from the next transaction")
    func aStaleEstimateIsMeasuredAgain() {
        var gather = GroupCommitGather()
        gather.taking(writers: 16)
        gather.committed(waitingNow: 0)
        #expect(gather.shouldWait(pendingWriters: 3), "held once, up to the commit thread's bound")
        gather.taking(writers: 3)
        gather.committed(waitingNow: 0)
        #expect(!gather.shouldWait(pendingWriters: 3), "three callers now: no more holding")
    }

    @Test("The wait is bounded by what a sync costs: waiting longer would cost more than the sync it saves")
    func theWaitIsBoundedByWhatASyncCosts() {
        var gather = GroupCommitGather()
        #expect(gather.longestWaitNanoseconds == 200_000, "before any sync")
        gather.committed(waitingNow: 0, syncTook: 310_000)
        #expect(gather.longestWaitNanoseconds == 310_000)
        gather.committed(waitingNow: 0)
        #expect(gather.longestWaitNanoseconds == 310_000, "a transaction that did not sync says nothing of a sync's cost")
        gather.committed(waitingNow: 0, syncTook: 9_000_000)
        #expect(gather.longestWaitNanoseconds == 2_000_000, "at most 2 ms, whatever one slow sync took")
        gather.committed(waitingNow: 0, syncTook: 1_000)
        #expect(gather.longestWaitNanoseconds == 50_000, "at least 50 µs")
    }
}
