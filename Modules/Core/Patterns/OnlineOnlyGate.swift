/// Why the gate refused, or why the operation it let through failed. `Action` is the feature's own action type
/// (`CommerceUserAction`, `ProductAction`): the gate knows no feature.
public enum OnlineOnlyError<Action: Sendable & Hashable>: Error, Sendable, Equatable, CustomStringConvertible {
    /// Refused before any request was built; `reason` is the localized copy to show.
    case refused(Action, reason: Copy)
    /// Let through, then failed.
    case failed(Action, HTTPClientError)

    /// The action refused or failed.
    public var action: Action {
        switch self {
        case let .refused(action, _), let .failed(action, _): action
        }
    }

    public var description: String {
        switch self {
        case let .refused(action, reason): "\(action) refused while not online (\(reason.qualifiedKey))"
        case let .failed(action, error): "\(action) failed: \(error)"
        }
    }

    /// The copy to show the user: the refusal reason, "no connection" for a transport failure, "sign in again" when
    /// the server refused the session (401/403).
    public var reason: Copy? {
        switch self {
        case let .refused(_, reason): reason
        case let .failed(_, error) where error.isAuthenticationFailure: CoreCopy.signInRequiredMessage
        case let .failed(_, error): error == .offline || error.isTransportFailure ? CoreCopy.noConnection : nil
        }
    }
}

/// The state-changing operations that need the server there and then (BR-OFF-001) run only with evidence of a working
/// network. The operation is a closure, so while offline nothing of the request is even constructed. Generic over each
/// feature's own actions: a feature passes its action, the gate says whether it may run.
public struct OnlineOnlyGate: Sendable {
    private let status: @Sendable () -> ConnectivityStatus

    public init(status: @escaping @Sendable () -> ConnectivityStatus) {
        self.status = status
    }

    /// Enabled when online; otherwise disabled with the reason (offline: "no connection";
    /// unknown, at launch before the first reading: "checking your connection"), for a feature's view state.
    public func actionState<Action>(for action: Action) -> ActionState {
        refusalReason().map { .disabled(reason: $0) } ?? .enabled
    }

    /// Runs `operation` if online, else throws `.refused` without calling it.
    public func perform<Action: Sendable & Hashable, T: Sendable>(
        _ action: Action, _ operation: () async throws(HTTPClientError) -> T
    ) async throws(OnlineOnlyError<Action>) -> T {
        if let reason = refusalReason() { throw .refused(action, reason: reason) }
        do { return try await operation() } catch { throw .failed(action, error) }
    }

    private func refusalReason() -> Copy? {
        switch status() {
        case .online: nil
        case .offline: CoreCopy.noConnection
        case .unknown: CoreCopy.checkingConnection
        }
    }
}
