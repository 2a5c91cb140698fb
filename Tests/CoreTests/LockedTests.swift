import Core
import Testing

@Suite("Locked: the one lock, on every platform the floor names")
struct LockedTests {
    @Test func concurrentWritersAreSerialized() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { counter.withLock { $0 += 1 } } }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func aTypedErrorFromTheBodyReachesTheCallerAndTheLockIsReleased() {
        struct Refused: Error, Equatable {}
        let value = Locked([1, 2])
        #expect(throws: Refused()) {
            try value.withLock { (values: inout [Int]) throws(Refused) in
                values.append(3)
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == [1, 2, 3])
    }

    @Test func holdsAValueThatCannotBeCopied() {
        struct Handle: ~Copyable { var uses = 0 }
        let handle = Locked(Handle())
        handle.withLock { $0.uses += 1 }
        #expect(handle.withLock { $0.uses } == 1)
    }
}
