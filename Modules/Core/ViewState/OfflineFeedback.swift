/// What a local change waits for: the record was added, updated or deleted on the device and the
/// server has not confirmed it yet (offline pattern B).
public enum PendingAction: String, Sendable, Hashable, CaseIterable, Codable {
    case add, update, delete
}

/// The pending look of one record: its unsynced change and the errors the server gave for it.
/// A feature merges this into each row; `rowFeedback` says how the row is drawn.
public struct OfflineFeedback: Sendable, Hashable, Codable {
    public var pendingAction: PendingAction?
    /// Why the server refused the change, as copy to show; non-empty means the change failed.
    public var errors: [FeedbackError]

    public init(pendingAction: PendingAction? = nil, errors: [FeedbackError] = []) {
        self.pendingAction = pendingAction
        self.errors = errors
    }

    public static let none = OfflineFeedback()

    /// True when the record shows neither a pending change nor an error.
    public var isSettled: Bool { pendingAction == nil && errors.isEmpty }

    /// How the row is drawn. A failure wins over the pending look, so an item is never shown both pending
    /// and failed: pending add/update at 0.5 opacity, pending delete greyed and struck through, a failure
    /// with a dismiss. `isOffline` false hides the pending look: online a write syncs within moments, and
    /// greying a row for that instant would make it flicker (the guide shows pending only while offline).
    public func rowFeedback(isOffline: Bool) -> RowFeedback {
        if let error = errors.last { return .failed(error.copy) }
        guard isOffline else { return .none }
        switch pendingAction {
        case .add, .update: return .pending
        case .delete: return .pendingDelete
        case nil: return .none
        }
    }

    /// What dismissing a failure does: a failed add disappears; anything else returns to its settled look.
    public enum Dismissal: Sendable, Hashable {
        case removeItem
        case clearFeedback
    }

    public var dismissal: Dismissal {
        pendingAction == .add && !errors.isEmpty ? .removeItem : .clearFeedback
    }
}

/// An error attached to a record, stored as a copy key so it can be persisted and shown in any locale.
public struct FeedbackError: Sendable, Hashable, Codable {
    public var table: String
    public var key: String
    /// The server's status or transport failure, for logs and telemetry; never shown.
    public var detail: String

    public init(_ copy: Copy, detail: String) {
        table = copy.table
        key = copy.key
        self.detail = detail
    }

    public var copy: Copy { Copy(table, key) }
}
