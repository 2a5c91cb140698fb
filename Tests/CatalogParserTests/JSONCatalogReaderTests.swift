import Foundation
import Testing
@testable import CatalogParser

/// The String Catalog reader gives what `JSONSerialization` gives for the JSON Xcode writes, and gives up (nil, so
/// Foundation reads the file) on anything else.
@Suite struct JSONCatalogReaderTests {
    /// A canonical text of a JSON value, keys sorted, so two readers' results compare exactly.
    static func canonical(_ value: Any) -> String {
        if let dictionary = value as? [String: Any] {
            return "{" + dictionary.keys.sorted().map { "\($0.debugDescription): \(canonical(dictionary[$0]!))" }.joined(separator: ", ") + "}"
        }
        if let array = value as? [Any] { return "[" + array.map(canonical).joined(separator: ", ") + "]" }
        if let string = value as? String { return string.debugDescription }
        if value is NSNull { return "null" }
        // Foundation gives booleans and integers as NSNumber (a true is also 1): compared by value.
        if let number = value as? NSNumber { return "number(\(number.doubleValue))" }
        return "<\(type(of: value)): \(value)>"
    }

    @Test(arguments: [
        // Xcode's layout: a plain unit, a plural, a substitution, device variations, shouldTranslate.
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "shop.buy" : {
              "comment" : "Button \\"Buy\\" \\\\ on the cart \\/ checkout",
              "extractionState" : "manual",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Kaufen \\u00e9 \\ud83d\\ude00 \\n\\t" } },
                "ja" : { "stringUnit" : { "state" : "needs_review", "value" : "購入する" } }
              }
            },
            "%lld items" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } } }
              }
            },
            "internal.id" : { "shouldTranslate" : false, "localizations" : { } },
            "empty" : { },
            "%1$lld of %2$lld" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@done@ of %#@total@" },
                  "substitutions" : { "done" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { } },
                                      "total" : { "argNum" : -20, "formatSpecifier" : "lld" } } }
              }
            }
          },
          "version" : "1.0"
        }
        """,
        "[true, false, null, \"x\", [], {}]",
    ])
    func readsWhatFoundationReads(json: String) throws {
        let data = Data(json.utf8)
        let foundation = try JSONSerialization.jsonObject(with: data)
        let ours = try #require(JSONCatalogReader.read(data))
        #expect(Self.canonical(ours) == Self.canonical(foundation))
    }

    @Test(arguments: [
        "{\"version\": 1.5}",                    // a fraction
        "{\"version\": 1e3}",                    // an exponent
        "{\"version\": 01}",                     // a leading zero
        "{\"a\": \"1\", \"a\": \"2\"}",          // a duplicate key
        "{\"a\": \"\\ud83d\"}",                  // a lone surrogate
        "{\"a\": \"\\u+123\"}",                  // not four hex digits
        "{\"a\": \"tab\tinside\"}",              // an unescaped control character
        "{\"a\": \"b\",}",                       // a trailing comma
        "{\"a\": \"b\"} x",                      // something after the value
    ])
    func leavesEverythingElseToFoundation(json: String) {
        #expect(JSONCatalogReader.read(Data(json.utf8)) == nil)
    }
}
