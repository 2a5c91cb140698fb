public import Core

/// The state-changing operations that need the server there and then (BR-OFF-001): refused while offline.
public enum OnlineOnlyAction: String, Sendable, Hashable, CaseIterable, Codable {
    case placeOrder
    case checkout
    case updateQuantity
    case rateOrder
    case updateProfile
    case raiseServiceRequest
    case transferOwnership
}

/// Why the gate refused, or why the operation it let through failed.
public enum OnlineOnlyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Refused before any request was built; `reason` is the localized copy to show.
    case refused(OnlineOnlyAction, reason: Copy)
    /// Let through, then failed.
    case failed(OnlineOnlyAction, HTTPClientError)

    public var description: String {
        switch self {
        case let .refused(action, reason): "\(action.rawValue) refused while not online (\(reason.qualifiedKey))"
        case let .failed(action, error): "\(action.rawValue) failed: \(error)"
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

/// Lets an online-only operation run only with evidence of a working network. The operation is a closure,
/// so while offline nothing of the request is even constructed.
public struct OnlineOnlyGate: Sendable {
    private let status: @Sendable () -> ConnectivityStatus

    public init(status: @escaping @Sendable () -> ConnectivityStatus) {
        self.status = status
    }

    public init(_ context: ConnectivityContext) {
        status = context.status
    }

    /// Enabled when online; otherwise disabled with the reason (offline: "no connection";
    /// unknown: "requires a connection"), for a feature's view state.
    public func actionState(for action: OnlineOnlyAction) -> ActionState {
        refusalReason().map { .disabled(reason: $0) } ?? .enabled
    }

    /// Runs `operation` if online, else throws `.refused` without calling it.
    public func perform<T: Sendable>(_ action: OnlineOnlyAction,
                                     _ operation: () async throws(HTTPClientError) -> T) async throws(OnlineOnlyError) -> T {
        if let reason = refusalReason() { throw .refused(action, reason: reason) }
        do { return try await operation() } catch { throw .failed(action, error) }
    }

    private func refusalReason() -> Copy? {
        switch status() {
        case .online: nil
        case .offline: CoreCopy.noConnection
        case .unknown: CoreCopy.requiresConnection
        }
    }
}
