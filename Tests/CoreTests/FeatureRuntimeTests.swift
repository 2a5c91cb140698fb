import Clocks
import Core
import Foundation
import TestSupport
import Testing

/// A counter with a toast, a background load and a timer: every kind of effect the runtime runs.
private struct CounterMachine: StateMachine {
    enum Event: Sendable, Equatable {
        case increment
        case load(Int)
        case loaded(Int)
        case showToast
        case toastExpired(Int)
        case readCache
        case cacheRead(Int)
        case cancelLoads
    }

    enum Work: Sendable, Equatable {
        case fetch(Int)
        case readCache
    }

    var count = 0
    var loaded: [Int] = []
    var cached: Int?
    var toast: Int?
    var toastSerial = 0
    var lastNow: Date?

    mutating func handle(_ event: Event, now: Date) -> [Effect] {
        lastNow = now
        switch event {
        case .increment:
            count += 1
            return [.record("counter.incremented", attributes: ["count": String(count)])]
        case let .load(value):
            return [.perform(.fetch(value))]
        case let .loaded(value):
            loaded.append(value)
            return []
        case .showToast:
            toastSerial += 1
            toast = toastSerial
            return [.startTimer(id: "toast", after: .seconds(4), send: .toastExpired(toastSerial))]
        case let .toastExpired(serial):
            if toast == serial { toast = nil }
            return []
        case .readCache:
            return [.perform(.readCache)]
        case let .cacheRead(value):
            cached = value
            return []
        case .cancelLoads:
            return [.cancelWork(lane: "fetch")]
        }
    }
}

private struct CounterView: Sendable, Equatable {
    var text: String
}

/// A fetch that waits until the test lets it go, so tests decide when background work ends.
private final class Gate: Sendable {
    private let opened = Locked<[Int: CheckedContinuation<Void, Never>]>([:])
    private let started = Locked<[Int]>([])

    func wait(_ value: Int) async {
        await withCheckedContinuation { continuation in
            opened.withLock { $0[value] = continuation }
            started.withLock { $0.append(value) }
        }
    }

    var waiting: [Int] { started.withLock { $0 } }

    func open(_ value: Int) {
        let continuation = opened.withLock { $0.removeValue(forKey: value) }
        continuation?.resume()
    }
}

@Suite private struct FeatureRuntimeTests {
    let clock = TestClock()
    let sink = InMemoryTelemetrySink()
    let gate = Gate()

    private func runtime(cache: Int = 7) -> FeatureRuntime<CounterMachine, CounterView> {
        let gate = gate
        let clock = clock
        let time = TimeSource(clock: clock, now: { Date(timeIntervalSince1970: 1_000) })
        return FeatureRuntime(CounterMachine(), time: time, telemetry: Telemetry(sink: sink, now: time.now),
                              view: { machine, _ in CounterView(text: "\(machine.count) \(machine.cached.map(String.init) ?? "-") \(machine.toast.map(String.init) ?? "-")") },
                              perform: { work in
                                  switch work {
                                  case .readCache: .done(.cacheRead(cache))
                                  case let .fetch(value): .background(lane: "fetch") {
                                      await gate.wait(value)
                                      return Task.isCancelled ? [] : [.loaded(value)]
                                  }
                                  }
                              })
    }

    @Test func publishesTheProjectionAfterEveryEventAndPassesNowIn() async {
        let runtime = runtime()
        #expect(runtime.viewState.value == CounterView(text: "0 - -"))
        let state = await runtime.send(.increment)
        #expect(state.count == 1)
        #expect(state.lastNow == Date(timeIntervalSince1970: 1_000))
        #expect(runtime.viewState.value == CounterView(text: "1 - -"))
        #expect(await runtime.publishedChanges == 1)
    }

    @Test func workDoneAtOnceIsHandledInTheSameTurnAndPublishedOnce() async {
        let runtime = runtime(cache: 42)
        await runtime.send(.readCache)
        #expect(runtime.viewState.value == CounterView(text: "0 42 -"))
        #expect(await runtime.publishedChanges == 1)
    }

    @Test func recordsTelemetryEffects() async {
        let runtime = runtime()
        await runtime.send(.increment)
        await runtime.send(.increment)
        #expect(sink.events.map(\.name) == ["counter.incremented", "counter.incremented"])
        #expect(sink.events.last?.attributes == ["count": "2"])
    }

    @Test func backgroundWorkOfOneLaneRunsInOrderAndWaitUntilIdleWaitsForAll() async {
        let runtime = runtime()
        await runtime.send(.load(1))
        await runtime.send(.load(2))
        await waitUntil { gate.waiting == [1] }
        // The second fetch waits for the first, however long it takes.
        for _ in 0..<50 { await Task.yield() }
        #expect(gate.waiting == [1])
        gate.open(1)
        await waitUntil { gate.waiting == [1, 2] }
        gate.open(2)
        await runtime.waitUntilIdle()
        #expect(await runtime.state.loaded == [1, 2])
    }

    @Test func cancellingALaneCancelsItsWork() async {
        let runtime = runtime()
        await runtime.send(.load(1))
        await waitUntil { gate.waiting == [1] }
        await runtime.send(.cancelLoads)
        gate.open(1)
        await runtime.waitUntilIdle()
        #expect(await runtime.state.loaded == [])
    }

    @Test func timersFireOnTheInjectedClockAndARestartedTimerReplacesTheFirst() async {
        let runtime = runtime()
        await runtime.send(.showToast)
        await clock.advance(by: .seconds(2))
        await runtime.send(.showToast)
        #expect(runtime.viewState.value.text == "0 - 2")
        // The first timer would have fired at 4 s: it was replaced.
        await clock.advance(by: .seconds(3))
        for _ in 0..<50 { await Task.yield() }
        #expect(await runtime.state.toast == 2)
        await clock.advance(by: .seconds(1))
        _ = await waitFor(runtime.viewState) { $0.text == "0 - -" }
    }

    @Test func waitUntilIdleWaitsUntilEveryFollowedCellsCurrentValueIsHandled() async {
        let runtime = runtime()
        let source = StateCell(0)
        await runtime.follow(source) { $0 > 0 ? [.increment] : [] }
        for value in 1...5 {
            source.set(value)
            await runtime.waitUntilIdle()
            // No waiting on the view: once idle, the change the feature follows has been handled.
            #expect(await runtime.state.count >= 1, "after set(\(value))")
        }
        await runtime.stop()
        source.set(99)
        await runtime.waitUntilIdle()  // a stopped runtime follows nothing: it does not wait for the cell
    }

    @Test func stopCancelsTimersAndObservations() async {
        let runtime = runtime()
        let source = StateCell(0)
        await runtime.follow(source) { $0 > 0 ? [.increment] : [] }
        #expect(await runtime.isFollowing)
        source.set(1)
        _ = await waitFor(runtime.viewState) { $0.text.hasPrefix("1 ") }
        await runtime.send(.showToast)
        await runtime.stop()
        #expect(await !runtime.isFollowing)
        source.set(2)
        await clock.advance(by: .seconds(10))
        for _ in 0..<100 { await Task.yield() }
        #expect(await runtime.state.count == 1)
        #expect(await runtime.state.toast == 1)
        // Events sent by the app after stop are still handled.
        await runtime.send(.increment)
        #expect(await runtime.state.count == 2)
    }
}
