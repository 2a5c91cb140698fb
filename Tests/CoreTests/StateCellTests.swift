import Core
import Testing
import TestSupport

@Suite("StateCell")
struct StateCellTests {
    @Test func newSubscriberGetsTheCurrentValueFirst() async {
        let cell = StateCell("idle")
        var iterator = cell.values().makeAsyncIterator()
        #expect(await iterator.next() == "idle")
    }

    @Test func setWithTheSameValueIsNotAChange() async {
        let cell = StateCell(1)
        var iterator = cell.values().makeAsyncIterator()
        #expect(await iterator.next() == 1)
        #expect(cell.set(1) == false)
        #expect(cell.set(2) == true)
        #expect(await iterator.next() == 2)
    }

    @Test func eachSubscriberGetsItsOwnStream() async {
        let cell = StateCell(0)
        var first = cell.values().makeAsyncIterator()
        var second = cell.values().makeAsyncIterator()
        #expect(await first.next() == 0)
        cell.set(1)
        #expect(await first.next() == 1)
        #expect(await second.next() == 1)  // conflated: the late reader sees the current value, once
        cell.set(2)
        #expect(await second.next() == 2)
        #expect(await first.next() == 2)
    }

    @Test func aChangeAndItsUndoBetweenReadsIsNoChangeForTheReader() async {
        let cell = StateCell("a")
        var iterator = cell.values().makeAsyncIterator()
        #expect(await iterator.next() == "a")
        cell.set("b")
        cell.set("a")
        cell.set("c")
        #expect(await iterator.next() == "c")
    }

    @Test func updateChangesInPlaceAndReportsWhetherItChanged() {
        let cell = StateCell([1, 2])
        #expect(cell.update { $0.append(3) })
        #expect(!cell.update { _ in })
        #expect(cell.value == [1, 2, 3])
    }

    @Test func cancelledSubscriberIsRemoved() async {
        let cell = StateCell(0)
        let task = Task {
            var seen = 0
            for await _ in cell.values() { seen += 1 }
            return seen
        }
        await waitUntil { cell.subscriberCount > 0 }
        task.cancel()
        _ = await task.value
        #expect(cell.subscriberCount == 0)
    }

    @Test func droppedStreamIsForgotten() {
        let cell = StateCell(0)
        do { _ = cell.values() }
        #expect(cell.subscriberCount == 0)
    }

    @Test func concurrentSendersNeverShowASubscriberTheSameValueTwiceOrOutOfOrder() async {
        let cell = StateCell(0)
        let senders = 8
        let perSender = 2_000
        let final = senders * perSender
        let readers = (0..<16).map { _ in cell.values() }
        await withTaskGroup(of: (Bool, Bool).self) { group in
            for stream in readers {
                group.addTask {
                    var previous: Int?
                    var onlyIncreasing = true
                    for await value in stream {
                        if let previous, value <= previous { onlyIncreasing = false }
                        previous = value
                        if value == final { break }
                    }
                    return (onlyIncreasing, previous == final)
                }
            }
            for sender in 0..<senders {
                group.addTask {
                    // Every sender only ever raises the value, so a correct cell shows increasing values.
                    for step in 0..<perSender {
                        let candidate = step * senders + sender + 1
                        cell.update { $0 = max($0, candidate) }
                    }
                    return (true, true)
                }
            }
            for await (increasing, sawFinal) in group {
                #expect(increasing)
                #expect(sawFinal)
            }
        }
        #expect(cell.value == final)
    }

    @Test func concurrentSetsOfTheSameValueDeliverItOnce() async {
        let cell = StateCell(0)
        var iterator = cell.values().makeAsyncIterator()
        #expect(await iterator.next() == 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<32 { group.addTask { cell.set(7) } }
        }
        #expect(await iterator.next() == 7)
        cell.set(7)
        cell.set(8)
        #expect(await iterator.next() == 8)
    }
}
