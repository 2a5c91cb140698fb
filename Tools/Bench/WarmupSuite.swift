import Core
import Foundation
import WarmupToast

/// The warmup session's cost: one session of 10,000 subtasks must redraw the toast exactly twice
/// (one show, one hide), and subtask start/finish events must run at ≥ 1,000,000 a second. Beside it,
/// in the same run, the same session kept behind an actor (one hop per start and per finish).
struct WarmupSuite: BenchSuite {
    let name = "warmup"
    let summary = "one session of 10,000 subtasks: toast shows/hides; subtask start/finish events/s (vs an actor hop per event)"

    func run(_ report: BenchReport) async throws {
        await uiUpdates(report)
        let pairs = 2_000_000
        let single = await eventsPerSecond(pairs: pairs, tasks: 1)
        let singlePeer = await actorEventsPerSecond(pairs: pairs, tasks: 1)
        report.emit("subtask_events_per_second", single, unit: "events/s", peer: "actor hop per event", peerValue: singlePeer,
                    ratio: single / singlePeer, goal: ">= 1000000", pass: single >= 1_000_000,
                    note: "begin + finish of 2,000,000 subtasks joining one open session, one task")
        let concurrent = await eventsPerSecond(pairs: pairs, tasks: 4)
        let concurrentPeer = await actorEventsPerSecond(pairs: pairs, tasks: 4)
        report.emit("subtask_events_per_second_4_tasks", concurrent, unit: "events/s", peer: "actor hop per event",
                    peerValue: concurrentPeer, ratio: concurrent / concurrentPeer, goal: ">= 1000000",
                    pass: concurrent >= 1_000_000, note: "the same from 4 tasks at once, contending for one lock")
    }

    private func coordinator() -> CacheWarmupCoordinator {
        CacheWarmupCoordinator(time: .live, telemetry: .disabled)
    }

    /// One session with 10,000 subtasks: what the UI draws, read value by value as it is published.
    private func uiUpdates(_ report: BenchReport) async {
        let coordinator = coordinator()
        let feature = WarmupToastFeature(coordinator: coordinator, time: .live)
        await feature.start()
        var views = feature.viewState.values().makeAsyncIterator()
        var drawn = [await views.next()]
        let tickets = (0..<10_000).map { coordinator.begin(id: "subtask.\($0)", required: true) }
        drawn.append(await views.next())
        for ticket in tickets { ticket.finish() }
        drawn.append(await views.next())
        await feature.stop()
        let visible = drawn.map { $0?.toast != nil }
        let shows = zip(visible, visible.dropFirst()).filter { !$0 && $1 }.count
        let hides = zip(visible, visible.dropFirst()).filter { $0 && !$1 }.count
        let changes = await feature.publishedChanges
        report.emit("toast_shows", Double(shows), unit: "count", goal: "== 1", pass: shows == 1, note: "10,000 subtasks, one session")
        report.emit("toast_hides", Double(hides), unit: "count", goal: "== 1", pass: hides == 1)
        report.emit("view_state_changes", Double(changes), unit: "count", goal: "== 2", pass: changes == 2,
                    note: "toast up, then toast replaced by the success banner")
        report.emit("coordinator_state_changes", Double(coordinator.publishedChanges), unit: "count", goal: "== 2",
                    pass: coordinator.publishedChanges == 2, note: "idle → inProgress → completed, for 20,000 events")
    }

    /// Subtasks begun and finished at once from `tasks` tasks, inside one session held open meanwhile.
    func eventsPerSecond(pairs: Int, tasks: Int) async -> Double {
        let coordinator = coordinator()
        let session = coordinator.begin(id: "bench.session", required: true)
        let (_, elapsed) = await Stopwatch.measure {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        for _ in 0..<(pairs / tasks) { coordinator.begin(id: "bench.subtask", required: true).finish() }
                    }
                }
            }
        }
        session.finish()
        precondition(coordinator.publishedChanges == 2, "the session must stay open for the whole run")
        return Double(2 * pairs) / elapsed.seconds
    }

    /// The peer: the same session behind an actor, each start handing out a ticket like the coordinator's.
    func actorEventsPerSecond(pairs: Int, tasks: Int) async -> Double {
        let session = ActorSession()
        let (_, elapsed) = await Stopwatch.measure {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        for _ in 0..<(pairs / tasks) {
                            let ticket = await session.begin(id: "bench.subtask", required: true)
                            await session.finish(ticket)
                        }
                    }
                }
            }
        }
        return Double(2 * pairs) / elapsed.seconds
    }

    private actor ActorSession {
        var pendingRequired = 1
        var subtasks = 0
        var phase = WarmupPhase.inProgress

        func begin(id: String, required: Bool) -> WarmupTicket {
            if required { pendingRequired += 1 }
            subtasks += 1
            return WarmupTicket.detached(id: id, required: required)
        }

        func finish(_ ticket: WarmupTicket) {
            ticket.finish()
            if ticket.isRequired { pendingRequired -= 1 }
            if pendingRequired == 0 { phase = .completed }
        }
    }
}
