import Core
import Foundation
import Testing
@testable import StringsKit

/// Issue 20, item 5 (in part): String Catalog entries Xcode marks stale are reported, and never required.
@Suite struct StaleEntryTests {
    @Test func staleEntriesAreWarningsAndNeverMissing() throws {
        let folder = CatalogFolder()
        folder.write("Shop.xcstrings", """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "buy" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "stale", "value" : "Kaufen" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Buy" } }
              }
            },
            "old" : {
              "extractionState" : "stale",
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Old" } }
              }
            }
          },
          "version" : "1.0"
        }
        """)
        let result = try folder.lint()
        let stale = result.findings(.staleEntry)
        #expect(stale.map { "\($0.locale):\($0.key ?? "")" }.sorted() == ["de:buy", "en:old"])
        #expect(stale.allSatisfy { $0.severity == .warning })
        #expect(stale.first { $0.key == "old" }?.message.contains("extractionState") == true)
        #expect(stale.first { $0.key == "buy" }?.message.contains("state: stale") == true)
        #expect(result.findings(.missingKey).isEmpty, "a stale key needs no translation")
        let de = try #require(result.completeness?.first { $0.locale == "de" })
        #expect(de.baseKeys == 1 && de.missing == 0)
    }
}
