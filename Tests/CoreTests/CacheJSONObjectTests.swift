import Core
import Foundation
import Testing

/// Cache writers' JSON is JSON: every string survives, every number and flag too.
@Suite struct CacheJSONObjectTests {
    @Test func writesColumnsThatJSONSerializationReadsBack() throws {
        let strings = ["plain", "quote \" and backslash \\", "control \u{0}\u{1f}\t\n\r", "Ünïcødé 日本語 🎧", "", "slash / too"]
        var object = CacheJSONObject()
        object.integer("format", 3)
        object.strings("text", strings)
        let written = object.numbers("numbers", [0, -1.5, 1_741_944_600.25, 63_113_904_000, 5e-324])
        #expect(written)
        object.booleans("flags", [true, false])
        let parsed = try #require(try JSONSerialization.jsonObject(with: object.data()) as? [String: Any])
        #expect(parsed["format"] as? Int == 3)
        #expect(parsed["text"] as? [String] == strings)
        #expect(parsed["numbers"] as? [Double] == [0, -1.5, 1_741_944_600.25, 63_113_904_000, 5e-324])
        #expect(parsed["flags"] as? [Bool] == [true, false])
    }

    @Test func refusesNumbersJSONCannotHold() {
        var object = CacheJSONObject()
        let nan = object.numbers("bad", [1, .nan])
        let infinite = object.numbers("bad", [.infinity])
        #expect(!nan && !infinite)
        #expect(String(decoding: object.data(), as: UTF8.self) == "{}")
    }
}
