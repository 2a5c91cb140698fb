import Connectivity
import Core
import Testing

/// The pure state machine: synchronous, time passed in, no I/O.
@Suite struct ConnectivityMachineTests {
    let policy = ConnectivityPolicy(pathDownConfirmation: .seconds(1), failureThreshold: 3, failureWindow: .seconds(5),
                                    initialBackoff: .seconds(5), maximumBackoff: .seconds(60), jitter: 0.2,
                                    settleRetries: [.milliseconds(250), .seconds(1)])

    func started(_ policy: ConnectivityPolicy? = nil) -> ConnectivityMachine {
        var machine = ConnectivityMachine(policy: policy ?? self.policy, randomSeed: 7)
        _ = machine.handle(.started, now: .zero)
        return machine
    }

    /// Online on Wi-Fi, with no probe in flight.
    func online() -> ConnectivityMachine {
        var machine = started()
        _ = machine.handle(.pathChanged(.wifi), now: .zero)      // wants a re-probe once the first returns
        _ = machine.handle(.probeSucceeded, now: .milliseconds(10))
        _ = machine.handle(.probeSucceeded, now: .milliseconds(20))
        precondition(machine.status == .online && !machine.probeInFlight)
        return machine
    }

    @Test func statusIsUnknownAtStartUpAndTheFirstProbeStartsAtOnce() {
        var machine = ConnectivityMachine(policy: policy)
        #expect(machine.status == .unknown)
        #expect(machine.handle(.started, now: .zero) == [.startProbe])
        #expect(machine.status == .unknown)
    }

    @Test func beforeAnyEvidenceTheInitialRuleDecidesAndLeavingOnlineTakesTheSustainedOne() {
        let policy = ConnectivityPolicy(pathDownConfirmation: .seconds(1), failureThreshold: 3, failureWindow: .seconds(1),
                                        initialFailureThreshold: 2, initialFailureWindow: .milliseconds(50),
                                        initialBackoff: .seconds(1), settleRetries: [.milliseconds(50)])
        // At launch: two failures 50 ms apart are enough (nothing was shown online, so no flicker).
        var launch = started(policy)
        _ = launch.handle(.probeFailed, now: .milliseconds(1))
        #expect(launch.status == .unknown)
        _ = launch.handle(.requestFailed, now: .milliseconds(51))
        #expect(launch.status == .offline)

        // Once online, the same two failures 50 ms apart are not: three over a second are.
        var machine = started(policy)
        _ = machine.handle(.probeSucceeded, now: .milliseconds(1))
        _ = machine.handle(.requestFailed, now: .milliseconds(10))
        _ = machine.handle(.probeFailed, now: .milliseconds(60))
        #expect(machine.status == .online)
        _ = machine.handle(.requestFailed, now: .milliseconds(500))
        #expect(machine.status == .online, "three failures, but within a second")
        #expect(machine.nextDeadline != nil)
        _ = machine.handle(.deadlineReached, now: .milliseconds(1_010))
        #expect(machine.status == .offline, "three consecutive failures spanning a second")

        // Defaults: the initial rule is the sustained one.
        #expect(ConnectivityPolicy(failureThreshold: 4, failureWindow: .seconds(3)).failureRule(from: .unknown) == (4, .seconds(3)))
    }

    @Test("A probe the server answers too slowly is no evidence: unknown stays unknown (no failure counted), the probe runs again, and its later answer brings it online")
    func aSlowProbeIsNoEvidenceAndIsRetried() {
        var machine = started()
        for attempt in 1...5 {
            let now = machine.nextDeadline ?? .milliseconds(attempt)
            _ = machine.handle(.deadlineReached, now: now)
            #expect(machine.handle(.probeTimedOut, now: now + .seconds(2)).isEmpty, "attempt \(attempt): nothing published")
            #expect(machine.status == .unknown && machine.consecutiveFailures == 0)
            #expect(machine.nextDeadline != nil, "attempt \(attempt): another probe is scheduled")
        }
        let due = machine.nextDeadline!
        #expect(machine.handle(.deadlineReached, now: due) == [.startProbe])
        #expect(machine.handle(.probeSucceeded, now: due + .milliseconds(5)) == [.publish(.online)])
        // Online, a slow probe changes nothing either.
        var online = online()
        _ = online.handle(.pathChanged(.cellular), now: .seconds(1))
        #expect(online.handle(.probeTimedOut, now: .seconds(3)).isEmpty && online.status == .online && online.consecutiveFailures == 0)
    }

    @Test func oneSuccessfulProbeMakesItOnline() {
        var machine = started()
        #expect(machine.handle(.probeSucceeded, now: .milliseconds(5)) == [.publish(.online)])
        #expect(machine.status == .online)
    }

    @Test func oneSuccessfulRequestMakesItOnlineEvenWhileAProbeIsInFlight() {
        var machine = started()
        #expect(machine.handle(.requestSucceeded, now: .milliseconds(5)) == [.publish(.online)])
        #expect(machine.probeInFlight)
    }

    @Test func aUsablePathAloneDoesNotClaimOnline() {
        var machine = started()
        _ = machine.handle(.probeSucceeded, now: .zero)
        var fresh = started()
        #expect(fresh.handle(.pathChanged(.wifi), now: .zero).contains(.publish(.online)) == false)
        #expect(fresh.status == .unknown)
        #expect(machine.status == .online)
    }

    @Test func aPathChangeProbesAtOnceButNotTwiceConcurrently() {
        var machine = started()                      // probe 1 in flight
        #expect(machine.handle(.pathChanged(.wifi), now: .milliseconds(1)) == [])
        #expect(machine.handle(.probeFailed, now: .milliseconds(2)) == [.startProbe]) // the wanted re-probe runs now
        #expect(machine.handle(.pathChanged(.cellular), now: .milliseconds(3)) == [])
        #expect(machine.handle(.probeSucceeded, now: .milliseconds(4)) == [.publish(.online), .startProbe])
    }

    @Test func anUnchangedPathReadingDoesNotProbeAgain() {
        var machine = online()
        #expect(machine.handle(.pathChanged(.wifi), now: .seconds(1)) == [])
    }

    @Test func offlineOnlyAfterThePathStaysDownForTheConfirmationTime() {
        var machine = online()
        #expect(machine.handle(.pathChanged(.unusable), now: .seconds(10)) == [])
        #expect(machine.nextDeadline == .seconds(11))
        #expect(machine.handle(.deadlineReached, now: .milliseconds(10_999)) == [])
        #expect(machine.status == .online)
        let effects = machine.handle(.deadlineReached, now: .seconds(11))
        #expect(effects == [.publish(.offline)])
        #expect(machine.status == .offline)
    }

    @Test func pathDownAtStartUpGoesFromUnknownToOfflineAfterTheConfirmation() {
        var machine = started()
        _ = machine.handle(.pathChanged(.unusable), now: .zero)
        #expect(machine.status == .unknown)
        #expect(machine.handle(.deadlineReached, now: .seconds(1)) == [.publish(.offline)])
    }

    @Test func aLinkFlappingEvery100msNeverShowsOffline() {
        var machine = online()
        var published: [ConnectivityStatus] = []
        var now = Duration.seconds(1)
        var probeRunning = false
        for flap in 0..<200 {
            let effects = machine.handle(.pathChanged(flap.isMultiple(of: 2) ? .unusable : .wifi), now: now)
            for effect in effects {
                if case let .publish(status) = effect { published.append(status) }
                if effect == .startProbe { probeRunning = true }
            }
            now += .milliseconds(50)
            if probeRunning {
                probeRunning = false
                for effect in machine.handle(.probeSucceeded, now: now) {
                    if case let .publish(status) = effect { published.append(status) }
                    if effect == .startProbe { probeRunning = true }
                }
            }
            if let deadline = machine.nextDeadline, deadline <= now + .milliseconds(50) {
                _ = machine.handle(.deadlineReached, now: deadline)
            }
            now += .milliseconds(50)
        }
        #expect(published.isEmpty)
        #expect(machine.status == .online)
    }

    @Test func aLinkThatComesBackWithinTheConfirmationTimeCancelsTheOfflineDeadline() {
        var machine = online()
        _ = machine.handle(.pathChanged(.unusable), now: .seconds(1))
        _ = machine.handle(.pathChanged(.wifi), now: .milliseconds(1900))
        #expect(machine.pathUnusableSince == nil)
        #expect(machine.handle(.deadlineReached, now: .seconds(2)) == [])
        #expect(machine.status == .online)
    }

    @Test func consecutiveFailuresMakeItOfflineOnlyWhenTheySpanTheWindow() {
        var machine = online()
        _ = machine.handle(.requestFailed, now: .seconds(1))
        _ = machine.handle(.requestFailed, now: .milliseconds(1100))
        _ = machine.handle(.requestFailed, now: .milliseconds(1200))
        #expect(machine.consecutiveFailures == 3)
        #expect(machine.status == .online)                  // 3 failures, but within 0.2 s
        #expect(machine.nextDeadline == .seconds(6))
        #expect(machine.handle(.deadlineReached, now: .seconds(6)) == [.publish(.offline)])
    }

    @Test func fewerFailuresThanTheThresholdNeverMakeItOffline() {
        var machine = online()
        _ = machine.handle(.requestFailed, now: .seconds(1))
        _ = machine.handle(.requestFailed, now: .seconds(30))
        #expect(machine.status == .online)
    }

    @Test func aSuccessResetsTheFailureCount() {
        var machine = online()
        _ = machine.handle(.requestFailed, now: .seconds(1))
        _ = machine.handle(.requestFailed, now: .seconds(2))
        _ = machine.handle(.requestSucceeded, now: .seconds(3))
        _ = machine.handle(.requestFailed, now: .seconds(9))
        #expect(machine.consecutiveFailures == 1)
        #expect(machine.status == .online)
    }

    @Test func aRequestFailureWhileOnlineProbesAtOnceToConfirm() {
        var machine = online()
        #expect(machine.handle(.requestFailed, now: .seconds(1)) == [.startProbe])
    }

    @Test func offlineReturnsToOnlineOnTheFirstSuccess() {
        var machine = online()
        _ = machine.handle(.pathChanged(.unusable), now: .seconds(1))
        _ = machine.handle(.deadlineReached, now: .seconds(2))
        #expect(machine.status == .offline)
        #expect(machine.handle(.pathChanged(.wired), now: .seconds(3)) == [.startProbe])
        #expect(machine.handle(.probeSucceeded, now: .milliseconds(3010)) == [.publish(.online)])
    }

    @Test func aFailedProbeRetriesWithBackoffFromFiveToSixtySecondsWithJitter() {
        var machine = started()
        var now = Duration.zero
        var delays: [Duration] = []
        for _ in 0..<8 {
            _ = machine.handle(.probeFailed, now: now)
            let next = try! #require(machine.nextProbeAt)
            delays.append(next - now)
            now = next
            #expect(machine.handle(.deadlineReached, now: now).contains(.startProbe))
        }
        let bases: [Double] = [5, 10, 20, 40, 60, 60, 60, 60]
        for (delay, base) in zip(delays, bases) {
            #expect(delay.seconds >= base)
            #expect(delay.seconds <= min(base * 1.2, 60))
        }
        #expect(machine.status == .offline)  // 3 failures spanning ≥ 5 s
    }

    @Test func afterThePathComesBackFailedProbesRetryQuicklyBeforeBackingOff() {
        var machine = started()
        _ = machine.handle(.probeFailed, now: .zero)
        _ = machine.handle(.pathChanged(.unusable), now: .zero)
        _ = machine.handle(.deadlineReached, now: .seconds(1))
        #expect(machine.status == .offline)
        #expect(machine.handle(.pathChanged(.wired), now: .seconds(2)) == [.startProbe])
        _ = machine.handle(.probeFailed, now: .milliseconds(2500))
        #expect(machine.nextProbeAt == .milliseconds(2750))
        #expect(machine.handle(.deadlineReached, now: .milliseconds(2750)) == [.startProbe])
        _ = machine.handle(.probeFailed, now: .milliseconds(3000))
        #expect(machine.nextProbeAt == .seconds(4))
        _ = machine.handle(.deadlineReached, now: .seconds(4))
        _ = machine.handle(.probeFailed, now: .seconds(4))
        let backoff = try! #require(machine.nextProbeAt) - .seconds(4)
        #expect(backoff >= .seconds(5) && backoff <= .seconds(6))
    }

    @Test func theJitterComesFromTheInjectedSeed() {
        func firstDelay(seed: UInt64) -> Duration {
            var machine = ConnectivityMachine(policy: policy, randomSeed: seed)
            _ = machine.handle(.started, now: .zero)
            _ = machine.handle(.probeFailed, now: .zero)
            return machine.nextProbeAt!
        }
        #expect(firstDelay(seed: 1) == firstDelay(seed: 1))
        #expect(firstDelay(seed: 1) != firstDelay(seed: 2))
    }

    @Test func offlineWithoutFailedProbesStillSchedulesARetry() {
        var machine = started()
        _ = machine.handle(.probeSucceeded, now: .zero)
        _ = machine.handle(.pathChanged(.unusable), now: .zero)
        _ = machine.handle(.deadlineReached, now: .seconds(1))
        #expect(machine.status == .offline)
        let retry = try! #require(machine.nextProbeAt)
        #expect(retry >= .seconds(6) && retry <= .seconds(7))
        #expect(machine.handle(.deadlineReached, now: retry) == [.startProbe])
    }

    @Test func aNewUsablePathResetsTheBackoff() {
        var machine = started()
        _ = machine.handle(.probeFailed, now: .zero)
        _ = machine.handle(.deadlineReached, now: machine.nextProbeAt!)
        _ = machine.handle(.probeFailed, now: .seconds(10))
        #expect(machine.backoffAttempt == 2)
        #expect(machine.handle(.pathChanged(.cellular), now: .seconds(11)) == [.startProbe])
        #expect(machine.backoffAttempt == 0)
    }

    @Test func noProbeIsScheduledWhileOnlineWithoutFailures() {
        let machine = online()
        #expect(machine.nextProbeAt == nil)
        #expect(machine.nextDeadline == nil)
    }

    @Test func forceOfflineWinsUntilClearedAndTheEvidenceIsStillTracked() {
        var machine = online()
        #expect(machine.handle(.override(.offline), now: .seconds(1)) == [.publish(.offline)])
        #expect(machine.handle(.requestSucceeded, now: .seconds(2)) == [])
        #expect(machine.status == .offline)
        #expect(machine.evidenceStatus == .online)
        #expect(machine.handle(.override(nil), now: .seconds(3)) == [.publish(.online)])
    }

    @Test func forceOnlineWinsOverAnOfflinePath() {
        var machine = started()
        _ = machine.handle(.pathChanged(.unusable), now: .zero)
        _ = machine.handle(.deadlineReached, now: .seconds(1))
        #expect(machine.handle(.override(.online), now: .seconds(2)) == [.publish(.online)])
        #expect(machine.handle(.override(nil), now: .seconds(3)) == [.publish(.offline)])
    }

    @Test func clearingAnOverrideThatMatchesTheEvidencePublishesNothing() {
        var machine = online()
        _ = machine.handle(.override(.online), now: .seconds(1))
        #expect(machine.handle(.override(nil), now: .seconds(2)) == [])
    }

    @Test func aSuccessWhileThePathClaimsDownRestartsTheConfirmationWindow() {
        var machine = online()
        _ = machine.handle(.pathChanged(.unusable), now: .seconds(1))
        _ = machine.handle(.requestSucceeded, now: .milliseconds(1500))
        #expect(machine.handle(.deadlineReached, now: .seconds(2)) == [])
        #expect(machine.handle(.deadlineReached, now: .milliseconds(2500)) == [.publish(.offline)])
    }

    /// Every event in every reachable state: the machine never publishes the same status twice in a
    /// row, never starts a probe while one is in flight, and its deadline is never in the past.
    @Test func everySequenceOfEventsKeepsTheInvariants() {
        let events: [ConnectivityMachine.Event] = [
            .pathChanged(.wifi), .pathChanged(.unusable), .pathChanged(.cellular), .probeSucceeded, .probeFailed,
            .requestSucceeded, .requestFailed, .deadlineReached, .override(.offline), .override(.online), .override(nil),
        ]
        var checked = 0
        func explore(_ machine: ConnectivityMachine, depth: Int, now: Duration, lastPublished: ConnectivityStatus) {
            guard depth > 0 else { return }
            for event in events {
                var next = machine
                // Probe results only arrive for a probe in flight.
                if (event == .probeSucceeded || event == .probeFailed), !next.probeInFlight { continue }
                let time = event == .deadlineReached ? max(next.nextDeadline ?? now, now) : now + .milliseconds(700)
                let wasInFlight = next.probeInFlight && event != .probeSucceeded && event != .probeFailed
                let effects = next.handle(event, now: time)
                checked += 1
                var published = lastPublished
                for effect in effects {
                    switch effect {
                    case let .publish(status):
                        #expect(status != published)
                        published = status
                    case .startProbe:
                        #expect(!wasInFlight)
                    }
                }
                #expect(published == next.status)
                if let deadline = next.nextDeadline { #expect(deadline >= time || next.probeInFlight) }
                explore(next, depth: depth - 1, now: time, lastPublished: published)
            }
        }
        explore(started(), depth: 5, now: .zero, lastPublished: .unknown)
        #expect(checked > 100_000)
    }
}

@Suite struct ConnectivityPolicyTests {
    @Test func backoffDoublesFromTheInitialDelayAndStopsAtTheMaximum() {
        let policy = ConnectivityPolicy(initialBackoff: .seconds(5), maximumBackoff: .seconds(60), jitter: 0)
        #expect((0..<7).map { policy.backoff(attempt: $0, unit: 0.5) } == [5, 10, 20, 40, 60, 60, 60].map { .seconds($0) })
    }

    @Test func jitterStretchesADelayButNeverPastTheMaximum() {
        let policy = ConnectivityPolicy(initialBackoff: .seconds(5), maximumBackoff: .seconds(60), jitter: 0.2)
        #expect(policy.backoff(attempt: 0, unit: 0) == .seconds(5))
        #expect(policy.backoff(attempt: 0, unit: 1) == .seconds(6))
        #expect(policy.backoff(attempt: 4, unit: 1) == .seconds(60))
    }
}
