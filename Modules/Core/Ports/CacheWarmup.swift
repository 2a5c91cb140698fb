public import Foundation

/// The port through which any module joins the app's cache-warmup session ("Optimizing your
/// experience") without importing the module that shows it. WarmupToast's `CacheWarmupCoordinator`
/// implements it; the composition root hands it to whatever fills a cache.
///
/// A subtask that begins while a session is in progress joins that session; otherwise it opens a
/// new one. The session completes when every required subtask has finished and fails as soon as a
/// required one fails; an optional subtask never holds the session open and its failure is ignored.
/// Work done one piece after another should run inside one enclosing subtask (`perform`), or the
/// session would complete between the pieces.
public protocol CacheWarmupPort: Sendable {
    /// Registers one piece of caching work. Settle the ticket with `finish()` or `fail(_:)`;
    /// only the first settlement counts, and a ticket dropped unsettled counts as failed.
    func begin(id: String, required: Bool) -> WarmupTicket
}

extension CacheWarmupPort {
    /// Runs `work` as one subtask: finished when it returns, failed when it throws (the error is rethrown).
    public func perform<T>(id: String, required: Bool = true, isolation: isolated (any Actor)? = #isolation,
                           _ work: () async throws -> T) async rethrows -> T {
        let ticket = begin(id: id, required: required)
        do {
            let result = try await work()
            ticket.finish()
            return result
        } catch {
            ticket.fail(error)
            throw error
        }
    }
}

/// One registered subtask of a warmup session. Settling it is O(1) and safe from any thread.
public final class WarmupTicket: Sendable {
    /// How a subtask ended, as its session hears it.
    public struct Settlement: Sendable {
        public var id: String
        public var isRequired: Bool
        /// Nil when it finished; the error when it failed.
        public var error: (any Error)?
    }

    public let id: String
    public let isRequired: Bool
    private let settled = Locked(false)
    private let report: @Sendable (Settlement) -> Void

    /// `report` hears the first settlement only; session implementations create tickets with it.
    public init(id: String, isRequired: Bool, report: @escaping @Sendable (Settlement) -> Void) {
        self.id = id
        self.isRequired = isRequired
        self.report = report
    }

    /// A ticket that reports to nobody: for code run without a session (previews, tests of a feature alone).
    public static func detached(id: String, required: Bool = true) -> WarmupTicket {
        WarmupTicket(id: id, isRequired: required, report: { _ in })
    }

    public func finish() { settle(nil) }

    public func fail(_ error: any Error) { settle(error) }

    /// Whether `finish` or `fail` has been called.
    public var isSettled: Bool { settled.withLock { $0 } }

    private func settle(_ error: (any Error)?) {
        guard !settled.withLock({ settled in defer { settled = true }; return settled }) else { return }
        report(Settlement(id: id, isRequired: isRequired, error: error))
    }

    // A forgotten ticket must not keep the session (and its toast) up for ever.
    deinit { settle(WarmupTicketAbandoned(id: id)) }
}

/// The failure a ticket reports when it is released without being settled.
public struct WarmupTicketAbandoned: Error, Sendable, CustomStringConvertible {
    public var id: String

    public var description: String {
        "warmup subtask \(id) was released without finish() or fail(_:); settle every ticket it begins"
    }
}

/// What the composition root tells the warmup session at launch: whether some cache needs warming
/// now (never filled, expired, or left half-filled by a run that was terminated), and the work that
/// warms it (which registers its subtasks through the port it is given).
public struct CacheWarmupPlan: Sendable {
    public var isWarmingNeeded: @Sendable () async -> Bool
    public var warm: @Sendable (any CacheWarmupPort) async throws -> Void

    public init(isWarmingNeeded: @escaping @Sendable () async -> Bool,
                warm: @escaping @Sendable (any CacheWarmupPort) async throws -> Void) {
        self.isWarmingNeeded = isWarmingNeeded
        self.warm = warm
    }

    /// Nothing ever needs warming: no session starts at launch.
    public static let nothingToWarm = CacheWarmupPlan(isWarmingNeeded: { false }, warm: { _ in })
}

/// When a feature's cache calls for a caching session. Every caching that runs to speed up later use is a session
/// (the "Optimizing your experience" toast), whenever it starts: at launch, or once the connection comes back.
public enum WarmupPolicy {
    /// A cache older than this is refilled by a session: after a long period offline, what the app would show is a day
    /// old or more. (A screen's own refresh on open or on reconnect is not a session: it is that screen's work.)
    public static let rewarmAfter: TimeInterval = 86_400

    /// True when the cache was never filled (`savedAt` nil) or is older than `rewarmAfter` at `now`.
    public static func needsWarming(savedAt: Date?, now: Date) -> Bool {
        guard let savedAt else { return true }
        return now.timeIntervalSince(savedAt) > rewarmAfter
    }
}
