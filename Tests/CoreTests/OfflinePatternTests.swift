import Core
import Testing

typealias Write = OfflinePattern.Write

/// One test per path through the guide's flowchart, then the guide's own examples.
@Suite("OfflinePattern flowchart")
struct OfflinePatternTests {
    // MARK: Paths

    @Test func noServerInteractionNeedsNoOfflineBehaviour() {
        #expect(OfflinePattern.choose(.noServer) == .none)
    }

    @Test func readWhereStaleDataIsFineShowsWhatIsCached() {
        #expect(OfflinePattern.choose(.read(staleDataIsOK: true)) == .none)
    }

    @Test func readThatMustBeFreshBlocksThePage() {
        #expect(OfflinePattern.choose(.read(staleDataIsOK: false)) == .fullPageBlocking)
    }

    @Test func formWhoseResponseCannotBeAnticipatedIsABlockingForm() {
        let write = Write(isForm: true, responseCanBeAnticipated: false, needsServerValidation: false, userNeedsToKnowItSucceeded: true)
        #expect(OfflinePattern.choose(.write(write)) == .blockingForm)
    }

    @Test func formWithServerOnlyValidationIsABlockingForm() {
        let write = Write(isForm: true, responseCanBeAnticipated: true, needsServerValidation: true, userNeedsToKnowItSucceeded: false)
        #expect(OfflinePattern.choose(.write(write)) == .blockingForm)
    }

    @Test func nonFormWriteWhoseResponseCannotBeAnticipatedBlocksThePage() {
        let write = Write(isForm: false, responseCanBeAnticipated: false, needsServerValidation: false, userNeedsToKnowItSucceeded: true)
        #expect(OfflinePattern.choose(.write(write)) == .fullPageBlocking)
    }

    @Test func nonFormWriteWithServerOnlyValidationBlocksThePage() {
        let write = Write(isForm: false, responseCanBeAnticipated: true, needsServerValidation: true, userNeedsToKnowItSucceeded: false)
        #expect(OfflinePattern.choose(.write(write)) == .fullPageBlocking)
    }

    @Test func anticipatedWriteTheUserMustSeeSucceedIsOptimisticWithFeedback() {
        let write = Write(isForm: false, responseCanBeAnticipated: true, needsServerValidation: false, userNeedsToKnowItSucceeded: true)
        #expect(OfflinePattern.choose(.write(write)) == .optimisticWithFeedback)
    }

    @Test func anticipatedWriteTheUserNeedNotTrackIsOptimisticWithoutFeedback() {
        let write = Write(isForm: false, responseCanBeAnticipated: true, needsServerValidation: false, userNeedsToKnowItSucceeded: false)
        #expect(OfflinePattern.choose(.write(write)) == .optimisticWithoutFeedback)
    }

    @Test func optimisticFormStillFollowsQuestionSeven() {
        let quiet = Write(isForm: true, responseCanBeAnticipated: true, needsServerValidation: false, userNeedsToKnowItSucceeded: false)
        let tracked = Write(isForm: true, responseCanBeAnticipated: true, needsServerValidation: false, userNeedsToKnowItSucceeded: true)
        #expect(OfflinePattern.choose(.write(quiet)) == .optimisticWithoutFeedback)
        #expect(OfflinePattern.choose(.write(tracked)) == .optimisticWithFeedback)
    }

    // MARK: The guide's examples

    @Test func pinningAChatIsPatternA() {
        let pin = Write(isForm: false, responseCanBeAnticipated: true, needsServerValidation: false, userNeedsToKnowItSucceeded: false)
        #expect(OfflinePattern.choose(.write(pin)) == .optimisticWithoutFeedback)
    }

    @Test func sendingAChatMessageIsPatternB() {
        let send = Write(isForm: false, responseCanBeAnticipated: true, needsServerValidation: false, userNeedsToKnowItSucceeded: true)
        #expect(OfflinePattern.choose(.write(send)) == .optimisticWithFeedback)
    }

    @Test func invitingWorkspaceMembersIsPatternC() {
        // The server must look the invitees up: validation the client cannot do.
        let invite = Write(isForm: true, responseCanBeAnticipated: false, needsServerValidation: true, userNeedsToKnowItSucceeded: true)
        #expect(OfflinePattern.choose(.write(invite)) == .blockingForm)
    }

    @Test func listingBankAccountsFromAnExternalServiceIsPatternD() {
        #expect(OfflinePattern.choose(.read(staleDataIsOK: false)) == .fullPageBlocking)
    }

    @Test func anAboutPageNeedsNoOfflineBehaviour() {
        #expect(OfflinePattern.choose(.noServer) == .none)
    }

    @Test func onlyPatternsNoneAAndBWorkOffline() {
        #expect(OfflinePattern.allCases.filter(\.worksOffline) == [.none, .optimisticWithoutFeedback, .optimisticWithFeedback])
    }
}
