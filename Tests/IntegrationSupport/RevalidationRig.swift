public import Foundation
public import ReferenceServer
import Core
import TestSupport

/// What a revalidation test runs on: the reference backend, a vault in a fresh folder whose clock the test moves (so
/// "Last updated" can be seen to move on), and a transport that notes each request's validators and each answer's status.
public struct RevalidationRig: Sendable {
    public let server: ReferenceServer
    public let url: URL
    public let fixture: VaultFixture
    public let transport = RecordingTransport()
    private let clock: Locked<Date>

    /// The vault's clock now: `fixedNow` and however far the test moved it.
    public var now: Date { clock.withLock { $0 } }

    /// The vault's clock, for a repository's `now` too.
    public var readClock: @Sendable () -> Date { { [clock] in clock.withLock { $0 } } }

    public func advance(by seconds: TimeInterval) { clock.withLock { $0.addTimeInterval(seconds) } }

    /// Runs `body` on a rig whose folder is labelled `label` (the test module), removed afterwards.
    public static func run(label: String, seed: SeedConfiguration = SeedConfiguration(), _ body: (RevalidationRig) async throws -> Void) async throws {
        let clock = Locked(fixedNow)
        let fixture = VaultFixture(label: label, now: { clock.withLock { $0 } })
        defer { fixture.remove() }
        try await withReferenceServer(seed: seed) { server, url in
            try await body(RevalidationRig(server: server, url: url, fixture: fixture, clock: clock))
        }
    }
}
