@testable import LocalizationKit
@testable import CatalogParser
import Core
import Foundation
import Testing

@Suite("Catalog loading")
struct CatalogTests {
    @Test func loadsTablesPerLocaleFromLprojFolders() throws {
        let folder = try TemporaryCatalog()
        try folder.write("en.lproj/Core.strings", "/* The offline banner's title. */\n\"offline.title\" = \"Offline Mode\";\n")
        try folder.write("nb.lproj/Core.strings", "\"offline.title\" = \"Frakoblet modus\";\n", utf16: true)
        let catalog = try Catalog.load(paths: [folder.root.path])
        #expect(catalog.locales == ["en", "nb"])
        #expect(catalog.tableNames == ["Core"])
        let entry = try #require(catalog.entry(table: "Core", locale: "en", key: "offline.title"))
        #expect(entry.value == .text("Offline Mode"))
        #expect(entry.comment == "The offline banner's title.")
        #expect(entry.location.position == SourcePosition(line: 2, column: 1))
        #expect(entry.location.file.hasSuffix("en.lproj/Core.strings"))
        #expect(catalog.entry(table: "Core", locale: "nb", key: "offline.title")?.value == .text("Frakoblet modus"))
        #expect(catalog.problems.isEmpty)
    }

    @Test func loadsStringsdictPluralRulesWithPositions() throws {
        let folder = try TemporaryCatalog()
        try folder.write("pl.lproj/Products.stringsdict", stringsdict(key: "products.count", forms: [
            "one": "%d produkt", "few": "%d produkty", "many": "%d produktów", "other": "%d produktu",
        ]))
        let catalog = try Catalog.load(paths: [folder.root.path])
        let entry = try #require(catalog.entry(table: "Products", locale: "pl", key: "products.count"))
        guard case let .plural(rule) = entry.value else { Issue.record("not a plural rule"); return }
        #expect(rule.format == "%#@count@")
        #expect(rule.variables["count"]?.forms[.few] == "%d produkty")
        #expect(rule.variables["count"]?.valueType == "d")
        #expect(entry.location.position?.line == 5)
    }

    @Test func loadsStringCatalogsWithPluralsSubstitutionsAndDoNotTranslate() throws {
        let folder = try TemporaryCatalog()
        try folder.write("Shop.xcstrings", """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "cart.items" : {
              "comment" : "Items in the cart",
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } } },
                "de" : { "stringUnit" : { "state" : "needs_review", "value" : "%#@items@ im Warenkorb" },
                         "substitutions" : { "items" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                           "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Artikel" } },
                           "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Artikel" } } } } } } }
              }
            },
            "icon.download" : { "shouldTranslate" : false }
          },
          "version" : "1.0"
        }
        """)
        let catalog = try Catalog.load(paths: [folder.root.path])
        #expect(catalog.declaredSourceLanguage == "en")
        let english = try #require(catalog.entry(table: "Shop", locale: "en", key: "cart.items"))
        #expect(english.comment == "Items in the cart")
        guard case let .plural(rule) = english.value else { Issue.record("not plural"); return }
        #expect(rule.variables["count"]?.forms[.one] == "%lld item")
        let german = try #require(catalog.entry(table: "Shop", locale: "de", key: "cart.items"))
        #expect(german.state == "needs_review")
        guard case let .plural(germanRule) = german.value else { Issue.record("not plural"); return }
        #expect(germanRule.format == "%1$#@items@ im Warenkorb")
        #expect(germanRule.variables["items"]?.forms[.other] == "%lld Artikel")
        let icon = try #require(catalog.entry(table: "Shop", locale: "en", key: "icon.download"))
        #expect(!icon.shouldTranslate)
        #expect(icon.value == .text("icon.download"))
        #expect(english.location.position?.line == 4)
    }

    @Test func badFileIsSkippedAndReportedWithItsPosition() throws {
        let folder = try TemporaryCatalog()
        try folder.write("en.lproj/Core.strings", "\"a\" = \"A\";\n")
        try folder.write("nb.lproj/Core.strings", "\"a\" = \"A\"\n\"b\" = \"B\";\n")
        let catalog = try Catalog.load(paths: [folder.root.path])
        #expect(catalog.table("Core", locale: "nb") == nil)
        let problem = try #require(catalog.problems.first)
        #expect(problem.kind == .syntax)
        #expect(problem.location.file.hasSuffix("nb.lproj/Core.strings"))
        #expect(problem.location.position?.line == 1)
        #expect(problem.message.contains("Missing ';'"))
    }

    @Test func binaryFileIsAnEncodingProblemNotACrash() throws {
        let folder = try TemporaryCatalog()
        _ = try folder.writeData("en.lproj/Core.strings", Data([0x00, 0xFF, 0x13, 0x80, 0xC3, 0x28, 0x00, 0x01]))
        let catalog = try Catalog.load(paths: [folder.root.path])
        #expect(catalog.problems.first?.kind == .encoding)
    }

    @Test func oversizedFileIsRefusedWithAMessage() throws {
        let folder = try TemporaryCatalog()
        let path = try folder.writeData("en.lproj/Huge.strings", Data(count: Catalog.maximumFileSize + 1))
        let catalog = try Catalog.load(paths: [path])
        let problem = try #require(catalog.problems.first)
        #expect(problem.kind == .unreadable)
        #expect(problem.message.contains("larger than"))
        #expect(problem.hint.contains("split"))
    }

    /// A file of `mappedFileSize` or more reads as a small one does, in UTF-16 (parsed in place) and UTF-8 (decoded),
    /// whether it is mapped (SIGIO ignored, as the `l10n` executable does) or read (an app's or this process's default).
    @Test(arguments: [false, true], [false, true])
    func aLargeFileReadsAsASmallOneDoes(utf16: Bool, mapped: Bool) throws {
        let folder = try TemporaryCatalog()
        var text = "/* Large. */\n"
        var index = 0
        while text.utf8.count * (utf16 ? 2 : 1) < Catalog.mappedFileSize + 4096 {
            text += "/* Entry \(index). */\n\"key.\(index)\" = \"Verdi nummer \(index) for %@ – «sitat» \\\"\(index)\\\"\";\n"
            index += 1
        }
        let large = try folder.write("nb.lproj/Large.strings", text, utf16: utf16)
        let small = try folder.write("en.lproj/Small.strings", "\"key.7\" = \"Value 7\";\n", utf16: utf16)
        let catalog = try SIGIOIgnored.while(mapped) {
            let whole = Catalog.readWhole(large)
            guard case .read(let data) = whole else { throw CatalogTestFailure("not read: \(whole)") }
            #expect(data == (try Data(contentsOf: URL(fileURLWithPath: large))))
            return try Catalog.load(paths: [large, small])
        }
        #expect(catalog.problems.isEmpty)
        let table = try #require(catalog.table("Large", locale: "nb"))
        #expect(table.keys.count == index)
        #expect(table.entries["key.0"]?.value == .text("Verdi nummer 0 for %@ – «sitat» \"0\""))
        #expect(table.entries["key.\(index - 1)"]?.value == .text("Verdi nummer \(index - 1) for %@ – «sitat» \"\(index - 1)\""))
        #expect(table.entries["key.\(index - 1)"]?.comment == "Entry \(index - 1).")
        #expect(catalog.table("Small", locale: "en")?.entries["key.7"]?.value == .text("Value 7"))
    }

    /// The mapping is held under a read lease, so that a program that saves the file in place waits instead of
    /// truncating it under the parser (which would end the process): the kernel lists the lease while the data lives,
    /// and drops it with the data. Without SIGIO ignored no lease is taken and the file is read.
    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: "/proc/locks"), "leases are listed in Linux's /proc/locks"))
    func aMappedFileIsHeldUnderALeaseUntilItsDataIsReleased() throws {
        let folder = try TemporaryCatalog()
        let path = try folder.writeData("nb.lproj/Large.strings", Data(repeating: 0x20, count: Catalog.mappedFileSize))
        var status = stat()
        #expect(stat(path, &status) == 0)
        let inode = status.st_ino
        // Read as the test goes: the positive check below fails if it cannot be read, so the negative ones are not vacuous.
        func leased() -> Bool {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            return locks.split(separator: "\n").contains { line in
                line.contains("LEASE") && line.contains(" READ ") && line.contains(" \(getpid()) ") && line.contains(":\(inode) ")
            }
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        try SIGIOIgnored.while(false) {
            #expect(Catalog.mapUnderLease(descriptor) == nil, "SIGIO at its default: no lease, no mapping")
            #expect(!leased())
        }
        try SIGIOIgnored.while(true) {
            var data = Catalog.mapUnderLease(descriptor)
            #expect(data?.count == Catalog.mappedFileSize)
            #expect(data?.first == 0x20)
            #expect(leased())
            data = nil
            #expect(!leased())
            // Shrunk below the threshold after the caller read its size: the size read under the lease decides, so
            // nothing past the end is mapped, and the lease is given back.
            #expect(truncate(path, 10) == 0)
            #expect(Catalog.mapUnderLease(descriptor) == nil)
            #expect(!leased())
        }
    }

    @Test func missingPathIsATypedErrorNamingIt() {
        #expect(throws: CatalogLoadError.missing(path: "/nonexistent/Localization")) {
            try Catalog.load(paths: ["/nonexistent/Localization"])
        }
    }

    @Test func emptyFileIsReportedAsCoreFoundationRefusesIt() throws {
        let folder = try TemporaryCatalog()
        try folder.write("en.lproj/Empty.strings", "")
        try folder.write("en.lproj/Comment.strings", "/* nothing yet */\n")
        let catalog = try Catalog.load(paths: [folder.root.path])
        let problem = try #require(catalog.problems.first)
        #expect(catalog.problems.count == 1)
        #expect(problem.kind == .empty)
        #expect(problem.location.file.hasSuffix("Empty.strings"))
        #expect(!problem.hint.isEmpty)
        #expect(catalog.entryCount == 0)
    }
}

@Suite("Format specifiers")
struct FormatSpecifierTests {
    @Test func readsEveryPartOfASpecifier() {
        let specifiers = FormatSpecifier.parse("%1$@ has %2$ld items at %.2f%% and %-5s, %#@count@")
        #expect(specifiers.map(\.text) == ["%1$@", "%2$ld", "%.2f", "%-5s", "%#@count@"])
        #expect(specifiers[0].position == 1)
        #expect(specifiers[1].signature == "integer:l")
        #expect(specifiers[2].precision == ".2")
        #expect(specifiers[3].argumentKind == .cString)
        #expect(specifiers[4].variable == "count")
    }

    @Test func sizeMattersButSpellingDoesNot() {
        let d = FormatSpecifier.parse("%d")[0].signature
        #expect(d == FormatSpecifier.parse("%i")[0].signature)
        #expect(d != FormatSpecifier.parse("%ld")[0].signature)
        #expect(FormatSpecifier.parse("%lld")[0].signature == FormatSpecifier.parse("%qd")[0].signature)
        #expect(FormatSpecifier.parse("%D")[0].signature == FormatSpecifier.parse("%ld")[0].signature)
    }

    /// Skim's TransitionSheet (2026-12-08): a Cocoa Bindings display pattern, `%{title1}@ %{title2}@`, whose values the
    /// binding fills by name, was "a % that forms no format specifier; write %%", which would break the binding.
    @Test func aBindingsDisplayPatternsValuesAreNeitherSpecifiersNorStrayPercents() {
        let (specifiers, invalid) = FormatSpecifier.parseReportingInvalid("%{title1}@ %{title2}@ of %d, 5% {x}")
        #expect(specifiers.map(\.text) == ["%d"])
        #expect(invalid == [30])
    }

    @Test func loneOrUnknownPercentIsReportedAsInvalid() {
        let (specifiers, invalid) = FormatSpecifier.parseReportingInvalid("50%! %k and %")
        #expect(specifiers.isEmpty)
        #expect(invalid == [2, 5, 12])
    }

    @Test func percentBeforeAWordCanSilentlyBeASpecifier() {
        // printf reads "50% off" as "% o" (octal, space flag): the linter must see it as one.
        #expect(FormatSpecifier.parse("50% off").map(\.text) == ["% o"])
    }
}

struct CatalogTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// SIGIO ignored for the length of `body` (as the `l10n` executable ignores it) when `ignored`, else at its default;
/// the disposition before is put back after. One lock for the tests that depend on it, which may run at once.
enum SIGIOIgnored {
    private static let lock = NSLock()

    static func `while`<Result>(_ ignored: Bool, _ body: () throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        let previous = signal(SIGIO, ignored ? SIG_IGN : SIG_DFL)
        defer { signal(SIGIO, previous) }
        return try body()
    }
}
