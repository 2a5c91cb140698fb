import Core
import Foundation
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

    @Test func theSummarysYearIsTheLocalGregorianYearFoundationGives() {
        let calendar = Calendar(identifier: .gregorian)
        // Around a new year, at and beside midnight on the local clock, and an ordinary day.
        let dates = [1_735_689_599.0, 1_735_689_600.0, 1_767_225_599.0, 1_767_225_600.0, 1_782_000_000.0].map { Date(timeIntervalSince1970: $0) }
            + [2025, 2026].flatMap { year in
                let midnight = calendar.date(from: DateComponents(year: year, month: 1, day: 1))!
                return [midnight.addingTimeInterval(-1), midnight, midnight.addingTimeInterval(0.5)]
            }
        for date in dates {
            #expect(AppComposition.localYear(of: date) == calendar.component(.year, from: date), "\(date)")
        }
    }
}
