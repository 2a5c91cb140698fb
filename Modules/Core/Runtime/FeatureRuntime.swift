public import Foundation

/// Runs a feature's `StateMachine`: owns its state, publishes the view state through a projection after every event,
/// runs the common effects itself (timers on the injected clock, cancellation, telemetry) and hands the feature's work
/// to its performer. Every feature runs on it; a feature adds only its performer and its public surface.
///
/// Events are handled one at a time on this actor, so a decision and the state it reads can never be split by an
/// `await`. Work answered at once (`WorkPlan.done`) is handled in the same turn; background work reports back as events.
public actor FeatureRuntime<Machine: StateMachine, View: Sendable & Equatable> {
    public typealias Event = Machine.Event
    public typealias Performer = @Sendable (Machine.Work) -> WorkPlan<Machine.Event>

    /// What the screen shows now; subscribers hear only real changes.
    public nonisolated let viewState: StateCell<View>
    /// The machine as it is now (diagnostics, tests, the feature's own checks).
    public private(set) var state: Machine
    /// How many times `viewState` changed: what a UI redraws for.
    public private(set) var publishedChanges = 0

    private let project: @Sendable (Machine, Date) -> View
    private let perform: Performer
    private let time: TimeSource
    private let telemetry: Telemetry
    private var timers: [String: (serial: Int, task: Task<Void, Never>)] = [:]
    private var nextTimerSerial = 0
    private var work: [Int: (lane: String?, task: Task<Void, Never>)] = [:]
    private var laneTails: [String: Task<Void, Never>] = [:]
    private var nextWorkID = 0
    private var observations: [Task<Void, Never>] = []
    /// One check per followed cell: whether its observation has handled the value the cell holds now.
    private var observationsCaughtUp: [@Sendable () -> Bool] = []
    /// Bumped by `stop()`: a timer or observation that was already on its way when it stopped is dropped.
    private var generation = 0

    /// - Parameters:
    ///   - initial: the machine before any event.
    ///   - time: the clock timers run on, and `now` for the machine and the projection.
    ///   - telemetry: where the machine's `record` effects go.
    ///   - view: the projection from state (and now) to what the screen shows.
    ///   - perform: the feature's performer.
    public init(_ initial: Machine, time: TimeSource, telemetry: Telemetry = .disabled,
                view: @escaping @Sendable (Machine, Date) -> View, perform: @escaping Performer) {
        state = initial
        self.time = time
        self.telemetry = telemetry
        project = view
        self.perform = perform
        viewState = StateCell(view(initial, time.now()))
    }

    // MARK: Events

    /// Handles `event` and every event that work done at once answers with, publishes the view state once, and starts
    /// the background work and timers they asked for. Returns the state after it all.
    @discardableResult
    public func send(_ event: Event) -> Machine {
        send([event])
    }

    @discardableResult
    public func send(_ events: [Event]) -> Machine {
        var queue = events
        var index = 0
        while index < queue.count {
            let effects = state.handle(queue[index], now: time.now())
            index += 1
            for effect in effects { queue += run(effect) }
        }
        publish()
        return state
    }

    /// Handles `event` unless `stop()` was called since the last `start()`: for signals that a stopped feature must
    /// not act on (it may no longer own its store).
    public func sendUnlessStopped(_ event: Event) {
        guard !isStopped else { return }
        send(event)
    }

    /// Projects the view state again without an event (the wall clock moved: "Last updated", staleness).
    public func publish() {
        if viewState.set(project(state, time.now())) { publishedChanges += 1 }
    }

    /// Sends the events `events` makes of every value of `cell`, the current one first, until `stop()`.
    public func follow<Value>(_ cell: StateCell<Value>, _ events: @escaping @Sendable (Value) -> [Event]) {
        let values = cell.values()
        let generation = generation
        let handled = Locked<Value?>(nil)
        observationsCaughtUp.append { handled.withLock { $0 } == cell.value }
        observations.append(Task { [weak self] in
            for await value in values {
                guard let self else { return }
                let made = events(value)
                if !made.isEmpty { await self.deliver(made, generation: generation) }
                handled.withLock { $0 = value }
            }
        })
    }

    /// Whether `follow` observations are running (started and not stopped).
    public var isFollowing: Bool { !observations.isEmpty }

    /// Whether `start()` was called since the last `stop()`.
    public private(set) var isStarted = false
    /// Whether `stop()` was called since the last `start()`.
    public private(set) var isStopped = false

    /// Marks the feature started; false when it already was, so a feature's `start()` runs its set-up once.
    public func start() -> Bool {
        guard !isStarted else { return false }
        isStarted = true
        isStopped = false
        return true
    }

    // MARK: Work

    /// Whether background work is under way now (counted from the moment its effect is handled).
    public var hasWorkUnderWay: Bool { !work.isEmpty }

    /// Waits until no background work is under way (timers excluded), including work that finished work started, and
    /// every followed cell's current value has been handled (a connectivity change the feature has not heard yet is
    /// work under way too: a screen drawn right after `waitUntilIdle` reflects it).
    public func waitUntilIdle() async {
        repeat {
            while let (_, running) = work.first {
                await running.task.value
            }
            // A cell that keeps changing is conflated to its latest value, so this ends; the bound only guards
            // against an observation that can no longer run.
            var turns = 0
            while !observationsCaughtUp.allSatisfy({ $0() }), turns < 10_000 {
                await Task.yield()
                turns += 1
            }
        } while !work.isEmpty
    }

    /// Cancels observations, timers and background work. Events sent afterwards are still handled.
    public func stop() {
        isStarted = false
        isStopped = true
        generation += 1
        for task in observations { task.cancel() }
        observations.removeAll()
        observationsCaughtUp.removeAll()
        for timer in timers.values { timer.task.cancel() }
        timers.removeAll()
        for running in work.values { running.task.cancel() }
    }

    private func run(_ effect: Machine.Effect) -> [Event] {
        switch effect {
        case let .perform(item):
            switch perform(item).kind {
            case let .done(events):
                return events
            case let .background(lane, body):
                start(lane: lane, body)
            }
        case let .startTimer(id, delay, event):
            timers[id]?.task.cancel()
            let sleep = sleeper(on: time.clock, for: delay)
            let serial = nextTimerSerial
            nextTimerSerial += 1
            timers[id] = (serial, Task { [weak self] in
                do { try await sleep() } catch { return }
                await self?.timerFired(id, serial: serial, event)
            })
        case let .cancelTimer(id):
            timers.removeValue(forKey: id)?.task.cancel()
        case let .cancelWork(lane):
            for running in work.values where running.lane == lane { running.task.cancel() }
        case let .record(name, attributes, duration):
            telemetry.record(name, attributes: attributes, duration: duration)
        }
        return []
    }

    private func start(lane: String?, _ body: @escaping @Sendable () async -> [Event]) {
        let id = nextWorkID
        nextWorkID += 1
        let previous = lane.flatMap { laneTails[$0] }
        let task = Task { [weak self] in
            await previous?.value
            let events = await body()
            await self?.finish(id, events)
        }
        work[id] = (lane, task)
        if let lane { laneTails[lane] = task }
    }

    private func finish(_ id: Int, _ events: [Event]) {
        if let finished = work.removeValue(forKey: id), let lane = finished.lane, laneTails[lane] == finished.task {
            laneTails[lane] = nil
        }
        if !events.isEmpty { send(events) }
    }

    /// Only the timer that is still the current one for `id` fires: one replaced, cancelled or stopped after its sleep
    /// ended but before it reached the actor stays silent.
    private func timerFired(_ id: String, serial: Int, _ event: Event) {
        guard timers[id]?.serial == serial else { return }
        timers[id] = nil
        send(event)
    }

    private func deliver(_ events: [Event], generation: Int) {
        guard generation == self.generation else { return }
        send(events)
    }
}
