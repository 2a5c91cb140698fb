import Core
@testable import OfflineApp
import Testing

/// What holds for every feature at once, through the one surface the app loops over (`AppFeature`).
@Suite struct FeatureSurfaceTests {
    @Test("Every user action of every feature is declared with the pattern the offline guide's flowchart gives",
          arguments: AppComposition.featureTypes.flatMap { $0.declaredActions })
    func everyUserActionIsDeclaredWithThePatternTheFlowchartGives(_ action: DeclaredAction) {
        #expect(OfflinePattern.choose(action.answers) == action.pattern, "\(action)")
    }

    @Test func everyFeatureHasItsOwnIDAndDeclaresItsActions() {
        let ids = AppComposition.featureTypes.map { $0.featureID }
        #expect(ids == ["warmup", "products", "commerce", "summary"])
        for type in AppComposition.featureTypes {
            #expect(!type.declaredActions.isEmpty, "\(type.featureID) declares no user action")
        }
    }
}
