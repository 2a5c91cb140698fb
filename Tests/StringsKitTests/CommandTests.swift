import Core
import Foundation
import Testing
@testable import StringsKit

/// Exit codes and bad input, through the library entry points and, where it was built, the `l10n` binary.
@Suite struct CommandTests {
    static func mixedCatalog() -> CatalogFolder {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n\"b\" = \"%d files\";\n")
        folder.write("nb.lproj/Main.strings", "\"a\" = \"Eple\";\n\"b\" = \"%@ filer\";\n\"z\" = \"Sebra\";\n")
        return folder
    }

    @Test func lintExitsZeroOnACleanCatalog() {
        let folder = RuleTests.cleanCatalog()
        let outcome = folder.run(.init())
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains("0 error(s), 0 warning(s)"))
    }

    @Test func lintExitsOneOnErrorsAndWarningsPassUnlessStrict() {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"Apple\";\n")
        folder.write("nb.lproj/Main.strings", "\"a\" = \"Eple\";\n\"z\" = \"Sebra\";\n")
        #expect(folder.run(.init()).exitCode == 0)
        #expect(folder.run(.init(strict: true)).exitCode == 1)
        #expect(Self.mixedCatalog().run(.init()).exitCode == 1)
    }

    @Test func aMissingPathIsAUsageError() {
        let outcome = L10nCommands.lint(.init(paths: ["/nonexistent/Localization"]))
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("/nonexistent/Localization: no such file or folder"))
        #expect(outcome.standardError.split(separator: "\n").count == 1)
    }

    /// Loop's "Pump error.\n\nTry again later.": a key with line breaks is one finding on one line in every text format
    /// (Xcode and CI read a line a finding), and keeps its breaks in JSON.
    @Test func aKeyWithLineBreaksIsOneFindingOnOneLine() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Localizable.strings", "\"Pump error.\\n\\nTry again later.\" = \"Pump error.\\n\\nTry again later.\";\n\"OK\" = \"OK\";\n")
        folder.write("de.lproj/Localizable.strings", "\"OK\" = \"Okay\";\n")
        for format in [ReportFormat.xcode, .text] {
            let outcome = folder.run(.init(format: format))
            let lines = outcome.standardOutput.split(separator: "\n").filter { $0.contains("[missing-key]") }
            #expect(lines.count == 1, "\(outcome.standardOutput)")
            #expect(lines.first?.contains(#""Pump error.\n\nTry again later.""#) == true, "\(outcome.standardOutput)")
            #expect(!outcome.standardOutput.contains("\n\nTry"))
        }
        let json = folder.run(.init(format: .json)).standardOutput
        #expect(json.contains(#"Pump error.\n\nTry again later."#))
    }

    @Test func theConfigurationBesideTheCatalogsIsUsed() {
        let folder = Self.mixedCatalog()
        folder.write("l10n.json", #"{"severities": {"format-mismatch": "warning", "extra-key": "off"}}"#)
        let outcome = folder.run(.init(format: .xcode))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains("warning:") && !outcome.standardOutput.contains("[extra-key]"))
    }

    @Test(arguments: [
        (#"{"baseLocale": "en""#, "not valid JSON"),
        (#"["en"]"#, "top level must be a JSON object"),
        (#"{"severity": {}}"#, "unknown field \"severity\""),
        (#"{"severities": {"no-such-rule": "off"}}"#, "unknown rule \"no-such-rule\""),
        (#"{"severities": {"extra-key": "loud"}}"#, "must be \"error\", \"warning\", \"info\" or \"off\""),
        (#"{"lengthBudgets": {"k": -1}}"#, "positive whole number"),
    ])
    func aBadConfigurationIsAUsageErrorNamingTheFileAndTheProblem(json: String, problem: String) {
        let folder = Self.mixedCatalog()
        let config = folder.write("custom.json", json)
        let outcome = folder.run(.init(configPath: config))
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains(config))
        #expect(outcome.standardError.contains(problem), "\(outcome.standardError)")
    }

    // MARK: Bad input: one line naming the file and what to do, never a crash or a hang

    @Test func aBinaryFileIsASyntaxFinding() {
        let folder = CatalogFolder()
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0xC3, 0x28]
        let path = folder.write("en.lproj/Main.strings", data: Data([0x00, 0x8F] + bytes))
        let outcome = folder.run(.init(format: .xcode))
        #expect(outcome.exitCode == 1)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(path + ":") == true && lines.first?.contains("[syntax-error]") == true)
    }

    /// mullvad-style folders (2026-12-07): `l10n lint X/Localizable.xcstrings`, a file in a folder of one character,
    /// died with an illegal instruction and no output (Foundation's `deletingLastPathComponent` traps on "X").
    @Test func aCatalogInAFolderOfOneCharacterIsLinted() throws {
        let folder = CatalogFolder()
        folder.write("X/Localizable.strings", "\"a\" = \"b\";\n")
        folder.write("Y/en.lproj/Localizable.strings", "\"a\" = \"b\";\n")
        let file = try #require(try L10nBinary.run(["lint", "X/Localizable.strings"], in: folder.root),
                                "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(file.status == 0, "\(file.standardError)")
        let dot = try #require(try L10nBinary.run(["lint", "."], in: folder.path("Y")))
        #expect(dot.status == 0, "\(dot.standardError)")
    }

    @Test func anEmptyFileIsAWarningSinceXcodeBuildsIt() {
        let folder = CatalogFolder()
        let path = folder.write("en.lproj/Main.strings", "")
        let outcome = folder.run(.init(format: .xcode))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.hasPrefix("\(path):1:1: warning: The file is empty: Xcode builds it"))
        #expect(outcome.standardOutput.hasSuffix("[empty-file]\n"))
        #expect(folder.run(.init(format: .xcode, strict: true)).exitCode == 1)
    }

    @Test func aHundredMegabyteFileIsRefusedAtOnce() throws {
        let folder = CatalogFolder()
        let path = folder.write("en.lproj/Main.strings", "")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 * 1024 * 1024) // sparse: no 100 MB written to disk
        try handle.close()
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = folder.run(.init(format: .xcode))
        #expect(clock.now - start < .seconds(5))
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardOutput == "\(path):1:1: error: file is 100 MB, larger than the 32 MB a catalog may be; split the table into several files, or check that this is really a strings file [unreadable-file]\n")
        let parse = L10nCommands.parse(file: path, format: .json)
        #expect(parse.exitCode == 2 && parse.standardError.contains(path) && parse.standardError.contains("32 MB"))
    }

    /// Root reads a chmod 000 file anyway; `aCatalogPathThatCannotBeReadAsAFileIsAnIOError` covers the same path there.
    @Test(.enabled(if: geteuid() != 0, "running as root, which reads a chmod 000 file anyway (the test below covers the path with a folder)"))
    func anUnreadableFileIsAnIOError() throws {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"b\";\n")
        let path = folder.write("nb.lproj/Main.strings", "\"a\" = \"c\";\n")
        #expect(chmod(path, 0o000) == 0)
        defer { chmod(path, 0o644) }
        #expect(!FileManager.default.isReadableFile(atPath: path))
        let outcome = folder.run(.init(format: .xcode))
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardOutput.contains("\(path):1:1: error: cannot be read"))
        #expect(outcome.standardOutput.contains("chmod a+r"))
    }

    @Test func aCatalogPathThatCannotBeReadAsAFileIsAnIOError() {
        let folder = CatalogFolder()
        folder.write("en.lproj/Main.strings", "\"a\" = \"b\";\n")
        let path = folder.path("nb.lproj/Main.strings")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let outcome = folder.run(.init(format: .xcode))
        #expect(outcome.exitCode == 2)
        let line = outcome.standardOutput.split(separator: "\n").first { $0.contains("[unreadable-file]") }
        #expect(line?.hasPrefix(path + ":1:1: error: cannot be read") == true, "\(outcome.standardOutput)")
    }

    @Test func aFolderWithoutCatalogsIsAUsageError() {
        let folder = CatalogFolder()
        folder.write("README.md", "nothing here")
        let outcome = folder.run(.init())
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("no catalog files found"))
    }

    // MARK: parse

    @Test func parsePrintsWhatAppleReadsAsSortedJSON() {
        let folder = CatalogFolder()
        let path = folder.write("en.lproj/Main.strings", "\"b\" = \"2\";\n\"a\" = \"x\\ny/\";\n\"b\" = \"3\";\nc = d;\n")
        let outcome = L10nCommands.parse(file: path, format: .json)
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == "{\n  \"a\": \"x\\ny/\",\n  \"b\": \"3\",\n  \"c\": \"d\"\n}\n")
        let text = L10nCommands.parse(file: path, format: .text)
        #expect(text.standardOutput == "\"a\" = \"x\\ny/\";\n\"b\" = \"3\";\n\"c\" = \"d\";\n")
    }

    @Test func parseReportsASyntaxErrorWithItsPosition() {
        let folder = CatalogFolder()
        let path = folder.write("en.lproj/Main.strings", "\"a\" = \"b\";\n\"c\" = \"d\"\n")
        let outcome = L10nCommands.parse(file: path, format: .json)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError.hasPrefix("\(path):2:"))
        #expect(outcome.standardError.contains(": error: "))
        #expect(L10nCommands.parse(file: folder.path("missing.strings"), format: .json).exitCode == 2)
    }

    // MARK: The built binary

    @Test func theBinaryMapsExitCodesAndDocumentsThem() throws {
        let folder = Self.mixedCatalog()
        let cleanCatalog = RuleTests.cleanCatalog()
        let clean = try #require(try L10nBinary.run(["lint", cleanCatalog.root]), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(clean.status == 0, "\(clean.standardError)")
        let errors = try #require(try L10nBinary.run(["lint", "--format", "xcode", folder.root]))
        #expect(errors.status == 1)
        #expect(errors.standardOutput.contains("error: \"b\" in nb: argument 1 is %@"))
        #expect(!errors.standardOutput.contains("\u{1B}["))
        let missing = try #require(try L10nBinary.run(["lint", folder.path("nope")]))
        #expect(missing.status == 2 && missing.standardError.contains("no such file or folder"))
        let usage = try #require(try L10nBinary.run(["lint", "--format", "yaml", folder.root]))
        #expect(usage.status == 2)
        let help = try #require(try L10nBinary.run(["lint", "--help"]))
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("0  no errors (warnings are allowed unless --strict)"))
        #expect(help.standardOutput.contains("2  usage or I/O error"))
        #expect(help.standardOutput.contains("format-mismatch"))
        // With no path and no Localization folder, the catalogs under the current folder are read, and said so.
        let defaultPath = try #require(try L10nBinary.run(["lint"], in: folder.root))
        #expect(defaultPath.standardError.contains("no Localization folder here: reading the"), "\(defaultPath.standardError)")
        // The .lproj folders are at the top of the folder read: they are in ".", not in "".
        #expect(defaultPath.standardError.contains("catalog file(s) in . (pass"), "\(defaultPath.standardError)")
        let nothing = try #require(try L10nBinary.run(["lint"], in: folder.path("en.lproj")))
        #expect(nothing.status == 2 && nothing.standardError.contains("no catalogs here"), "\(nothing.standardError)")
        let parse = try #require(try L10nBinary.run(["parse", folder.path("en.lproj/Main.strings")]))
        #expect(parse.status == 0 && parse.standardOutput.contains("\"b\": \"%d files\""))
        let format = try #require(try L10nBinary.run(["format", "plural", "3", "--locale", "ar"]))
        #expect(format.status == 0 && format.standardOutput.contains("few"))
    }
}
