import Core
import LocalizationKit
import Foundation
import Testing
@testable import StringsKit

/// The linter's fast paths must give exactly what Core's slower ones give.
@Suite struct FastPathTests {
    static let samples = [
        "", "plain", "%@", "%d", "%ld", "%lld", "%qd", "%1$@ %2$d", "%2$d %1$@", "%%", "100%", "100% done", "%.2f", "%5.1f",
        "%-5d", "%'d", "%#x", "%*d", "%.*f", "%#@count@", "%1$#@count@", "%#@@", "%#@open", "%y", "%hhd", "%hd", "%zu", "%Lf",
        "%lu %lu", "%0$d", "%1$", "%@%@", "a%%b%@c", "%lll d", "%S", "%C", "%p", "%D", "%U", "% d", "%+d", "50%%!", "é %@ 保存",
    ]

    @Test func specifierScanAgreesWithCoresParser() {
        for text in Self.samples {
            let core = FormatSpecifier.parseReportingInvalid(text)
            if SpecifierScan.isPlain(text) {
                #expect(core.invalid.isEmpty, "scan called \(text) plain but Core finds invalid specifiers")
            }
            for other in Self.samples {
                guard let same = SpecifierScan.sameSpecifiers(text, other) else { continue }
                let coreSame = core.invalid.isEmpty && FormatSpecifier.parseReportingInvalid(other).invalid.isEmpty
                    && core.specifiers.map(\.text) == FormatSpecifier.parse(other).map(\.text)
                #expect(same == coreSame, "\(text) vs \(other): scan \(same), Core \(coreSame)")
            }
        }
    }

    /// Core's one loader reads files on all cores and builds each new table in one pass; reading the same files one by
    /// one into one catalog gives the same tables.
    @Test func parallelLoadingReadsWhatReadingOneByOneReads() throws {
        let folder = XLIFFTests.sourceCatalog()
        folder.write("en.lproj/Extra.strings", "\"x\" = \"1\";\n\"x\" = \"2\";\n")
        folder.write("nb.lproj/Broken.strings", "\"x\" = ;\n")
        folder.write("nb.lproj/OnlyComment.strings", "/* nothing yet */\n")
        folder.write("de.lproj/Main.strings", "\"toast.title\" = (\"x\");\n\"files\";\n\"files\" = \"%1$@ hat %2$ld Dateien\";\n")
        folder.write("de.lproj/Empty.strings", "")
        folder.write("Shop.xcstrings", #"{"sourceLanguage": "en", "strings": {"buy": {"localizations": {"nb": {"stringUnit": {"state": "translated", "value": "Kjøp"}}}}}}"#)
        let loaded = try Catalog.load(paths: [folder.root])
        var core = Catalog()
        for file in loaded.files { core.loadFile(file) }
        #expect(loaded.files == core.files)
        #expect(loaded.problems == core.problems)
        #expect(loaded.tables == core.tables)
        #expect(loaded.parsedStrings == core.parsedStrings)
        #expect(loaded.declaredSourceLanguage == core.declaredSourceLanguage)
        #expect(try Linter().lint(loaded).findings == Linter().lint(core).findings)
    }

    @Test func largeTablesSplitIntoJobsFindEveryPlantedError() throws {
        let folder = CatalogFolder()
        var base = ""
        var target = ""
        for index in 0..<12_000 {
            base += "\"k\(index)\" = \"Item \(index) of %d.\";\n"
            target += index % 1_000 == 7 ? "\"k\(index)\" = \"Element \(index) av %@.\";\n" : "\"k\(index)\" = \"Element \(index) av %d.\";\n"
        }
        target += "\"extra\" = \"Ekstra\";\n"
        folder.write("en.lproj/Big.strings", base)
        folder.write("nb.lproj/Big.strings", target)
        #expect(RunChunks.count(12_000) > 1)
        let result = try Linter().lint(Catalog.load(paths: [folder.root]))
        let planted: Set<String> = Set((0..<12).map { "k\($0 * 1_000 + 7)" })
        #expect(Set(result.findings(.formatMismatch).compactMap(\.key)) == planted)
        #expect(result.findings(.formatMismatch).count == 12)
        #expect(result.findings(.extraKey).compactMap(\.key) == ["extra"])
        #expect(result.findings.count == 13)
    }

    /// The linter matches a translation by position while it lists keys in the base's order and by key after that:
    /// a shuffled, shortened or padded translation gives the same findings as one looked up key by key.
    @Test func matchingByPositionGivesWhatLookingUpByKeyGives() throws {
        let folder = CatalogFolder()
        var base = ""
        for index in 0..<300 { base += "\"k\(index)\" = \"Item \(index) of %d.\";\n" }
        folder.write("en.lproj/T.strings", base)
        var order = Array(0..<300)
        order.swapAt(10, 200)                      // two keys trade places
        order.removeAll { $0 == 42 || $0 == 299 }  // missing in the middle and at the end
        var target = "\"extra\" = \"Ekstra\";\n"  // everything after it is one place off
        for index in order {
            let value = index % 50 == 3 ? "Element \(index) av %@." : "Element \(index) av %d."
            target += "\"k\(index)\" = \"\(value)\";\n"
        }
        folder.write("nb.lproj/T.strings", target)
        let loaded = try Catalog.load(paths: [folder.root])
        #expect(loaded.orderedEntries.count == 2, "the loader kept both tables in file order")
        let byKey = Self.lookedUpByKey(loaded)
        #expect(byKey.orderedEntries.isEmpty)
        let fast = try Linter().lint(loaded)
        let slow = try Linter().lint(byKey)
        #expect(fast.findings == slow.findings)
        #expect(Set(fast.findings(.missingKey).compactMap(\.key)) == ["k42", "k299"])
        #expect(fast.findings(.formatMismatch).count == 6)
        #expect(fast.findings(.extraKey).compactMap(\.key) == ["extra"])
    }

    /// The same entries, but the nb translation in an order that never matches the base's: every key is looked up.
    static func lookedUpByKey(_ loaded: Catalog) -> Catalog {
        var byKey = Catalog()
        for id in loaded.tables.keys.sorted() {
            guard let table = loaded.tables[id] else { continue }
            let keys = id.locale == "nb" ? table.keys.reversed() : table.keys
            for key in keys { if let entry = table.entries[key] { byKey.insert(entry, table: id.table, locale: id.locale) } }
        }
        return byKey
    }

    /// A volunteer locale lacks a quarter of a 9,000-key table (so every job after the first starts far from the base's
    /// position), lists a few keys elsewhere and has one extra: walking both lists gives exactly what looking every
    /// key up gives.
    @Test func walkingAPartialTranslationAcrossJobsGivesWhatLookingUpByKeyGives() throws {
        let folder = CatalogFolder()
        let count = 9_000
        var base = ""
        for index in 0..<count { base += "\"k\(index)\" = \"Item \(index) of %d.\";\n" }
        folder.write("en.lproj/T.strings", base)
        var order = Array(0..<count).filter { $0 % 4 != 1 }
        order.swapAt(5, 6_000)     // far apart
        order.swapAt(3_100, 3_103) // near
        var target = ""
        for (position, index) in order.enumerated() {
            if position == 4_500 { target += "\"extra\" = \"Ekstra\";\n" }
            let value = index % 700 == 3 ? "Element \(index) av %@." : "Element \(index) av %d."
            target += "\"k\(index)\" = \"\(value)\";\n"
        }
        folder.write("nb.lproj/T.strings", target)
        let loaded = try Catalog.load(paths: [folder.root])
        #expect(RunChunks.count(count) > 1)
        let byKey = Self.lookedUpByKey(loaded)
        #expect(byKey.orderedEntries.isEmpty)
        let fast = try Linter().lint(loaded)
        let slow = try Linter().lint(byKey)
        #expect(fast.findings == slow.findings)
        #expect(fast.findings(.missingKey).count == count / 4)
        #expect(Set(fast.findings(.formatMismatch).compactMap(\.key)) == Set((0..<count).filter { $0 % 700 == 3 && $0 % 4 != 1 }.map { "k\($0)" }))
        #expect(fast.findings(.extraKey).compactMap(\.key) == ["extra"])
    }
}

enum RunChunks {
    static func count(_ keys: Int) -> Int { LintRun.chunks(keys).count }
}
