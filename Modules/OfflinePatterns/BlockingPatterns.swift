public import Core
import Foundation

/// Pattern C, the blocking form: the fields stay editable and are saved locally as the user types (so they
/// survive a restart); submit is disabled while not online with "You appear offline", and a submit attempted
/// anyway is refused before any request is built.
public struct BlockingForm: Sendable {
    public static let draftCollection = "forms.drafts"

    public let formID: String
    private let store: any RecordStore
    private let status: @Sendable () -> ConnectivityStatus

    public init(formID: String, store: any RecordStore, status: @escaping @Sendable () -> ConnectivityStatus) {
        self.formID = formID
        self.store = store
        self.status = status
    }

    /// The fields as last saved (empty when the form was never touched or was submitted).
    public func draft() -> [String: String] {
        guard let record = try? store.load(collection: Self.draftCollection, key: formID),
              let fields = try? JSONDecoder().decode([String: String].self, from: record.value) else { return [:] }
        return fields
    }

    /// Saves the fields now (call on every edit): a kill loses nothing typed.
    public func saveDraft(_ fields: [String: String]) throws(RecordStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(fields) else { return }
        try store.save(data, collection: Self.draftCollection, key: formID)
    }

    /// Submit's state for the view: enabled only when online.
    public var submitState: ActionState {
        status() == .online ? .enabled : .disabled(reason: CoreCopy.appearOffline)
    }

    /// Runs `operation` only when online, then forgets the draft; offline it throws `.appearOffline` without
    /// calling it, and the draft stays.
    public func submit<T: Sendable>(_ operation: ([String: String]) async throws(HTTPClientError) -> T) async throws(BlockingFormError) -> T {
        guard status() == .online else { throw .appearOffline(CoreCopy.appearOffline) }
        let result: T
        do { result = try await operation(draft()) } catch { throw .failed(error) }
        try? store.delete(collection: Self.draftCollection, key: formID)
        return result
    }
}

public enum BlockingFormError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not sent: the device is not online. The copy is "You appear offline".
    case appearOffline(Copy)
    /// Sent and failed; the draft is kept.
    case failed(HTTPClientError)

    public var description: String {
        switch self {
        case .appearOffline: "not submitted: the device appears offline; the form is kept and can be sent once online"
        case let .failed(error): "the form could not be submitted: \(error)"
        }
    }
}

/// Pattern D, full-page blocking: the data must be fresh, so the page shows its content only after a
/// successful read; offline, or when the read fails, it shows a blocking state saying what to do next.
public enum FullPageBlocking {
    /// The screen for the outcome of a fresh read; `cached` is the copy an `.unchanged` answer vouched for.
    public static func screen<Value: Sendable & Hashable>(_ outcome: RevalidateOutcome<Value>, cached: Value? = nil) -> ScreenState<Value> {
        switch outcome {
        case let .fresh(value):
            return .content(value.value)
        case .unchanged:
            if let cached { return .content(cached) }
            return screen(RevalidateOutcome<Value>.kept(nil, .decoding("the server confirmed a copy this screen does not hold")))
        case let .kept(_, error) where error.isAuthenticationFailure:
            return .blocked(CorePreviews.signInRequired)
        case let .kept(_, error):
            let offline = error == .offline || error.isTransportFailure
            return .blocked(EmptyState(title: offline ? CoreCopy.requiresConnection : CoreCopy.loadFailed,
                                       message: offline ? CoreCopy.noConnection : CoreCopy.tryAgainLater,
                                       action: Action(id: "retry", title: CoreCopy.retry)))
        }
    }
}
