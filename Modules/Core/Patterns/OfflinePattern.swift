/// How an action behaves without a network, from the offline UX guide the product follows.
/// Every user action of a feature is declared with exactly one pattern, and tests check the
/// declaration against `choose(_:)`.
public enum OfflinePattern: String, Sendable, Hashable, CaseIterable, Codable {
    /// No offline UI: no server involved, or a read where stale data is fine.
    case none
    /// A: queue the write, act as if it succeeded, say nothing.
    case optimisticWithoutFeedback
    /// B: queue the write, act as if it succeeded, show it pending until synced (0.5 opacity,
    /// struck through when a delete), show failures with a dismiss.
    case optimisticWithFeedback
    /// C: fields stay editable and are saved locally; submit is disabled with "You appear offline".
    case blockingForm
    /// D: the page cannot show stale data; offline (or on a failed fresh read) it blocks and says what to do.
    case fullPageBlocking

    /// The answers to the flowchart's questions, in the guide's numbering.
    public struct Answers: Sendable, Hashable {
        /// 1. Does the feature interact with the server?
        public var interactsWithServer: Bool
        /// 2. What type of request is being made?
        public var request: Request

        public init(interactsWithServer: Bool, request: Request) {
            self.interactsWithServer = interactsWithServer
            self.request = request
        }

        public static let noServer = Answers(interactsWithServer: false, request: .read(staleDataIsOK: true))

        public static func read(staleDataIsOK: Bool) -> Answers {
            Answers(interactsWithServer: true, request: .read(staleDataIsOK: staleDataIsOK))
        }

        public static func write(_ write: Write) -> Answers {
            Answers(interactsWithServer: true, request: .write(write))
        }
    }

    public enum Request: Sendable, Hashable {
        /// 3. Is it OK for the user to see stale data?
        case read(staleDataIsOK: Bool)
        case write(Write)
    }

    public struct Write: Sendable, Hashable {
        /// 4. Is the UI a form (a submit button, inputs being filled)?
        public var isForm: Bool
        /// 5. Can the server response be anticipated?
        public var responseCanBeAnticipated: Bool
        /// 6. Is there validation done on the server that can't be done on the front end?
        /// Moving money and security-related requests count as yes: the app must not suggest they succeeded.
        public var needsServerValidation: Bool
        /// 7. Does the user need to know if the action was successful?
        public var userNeedsToKnowItSucceeded: Bool

        public init(isForm: Bool, responseCanBeAnticipated: Bool, needsServerValidation: Bool, userNeedsToKnowItSucceeded: Bool) {
            self.isForm = isForm
            self.responseCanBeAnticipated = responseCanBeAnticipated
            self.needsServerValidation = needsServerValidation
            self.userNeedsToKnowItSucceeded = userNeedsToKnowItSucceeded
        }
    }

    /// The flowchart:
    /// 1 no server → none · 2 READ → 3 stale OK → none, else D ·
    /// 2 WRITE → 5/6 cannot be optimistic (response unknown or server-side validation) → C for a form (4), D otherwise ·
    /// 7 user needs to know → B, else A.
    public static func choose(_ answers: Answers) -> OfflinePattern {
        guard answers.interactsWithServer else { return .none }
        switch answers.request {
        case let .read(staleDataIsOK):
            return staleDataIsOK ? .none : .fullPageBlocking
        case let .write(write):
            let canBeOptimistic = write.responseCanBeAnticipated && !write.needsServerValidation
            guard canBeOptimistic else { return write.isForm ? .blockingForm : .fullPageBlocking }
            return write.userNeedsToKnowItSucceeded ? .optimisticWithFeedback : .optimisticWithoutFeedback
        }
    }

    /// Whether the action may run while offline (queued or local) rather than being refused.
    public var worksOffline: Bool {
        switch self {
        case .none, .optimisticWithoutFeedback, .optimisticWithFeedback: true
        case .blockingForm, .fullPageBlocking: false
        }
    }
}
