import Core
import Foundation
@testable import L10nREPL
import L10nREPLApp
import Testing

/// Every command, as script mode runs it: one line in, results out, errors flagged.
@Suite("REPL commands")
struct REPLSessionTests {
    static func session(locale: String = "en", width: Int = 40, catalogs: String? = nil) throws -> REPLSession {
        try REPLSession(options: .init(locale: locale, width: width, catalogsPath: catalogs))
    }

    @Test func helpListsEveryCommandAndExplainsOne() throws {
        let repl = try Self.session()
        let help = repl.execute("help")
        for command in REPLSession.builtInCommands { #expect(help.stdout.contains(command.usage)) }
        #expect(repl.execute("help compare").stdout.contains("budget"))
        #expect(repl.execute("help nope").failed)
    }

    @Test func localesShowsCompletenessAndPseudoLocales() throws {
        let output = try Self.session().execute("locales").stdout
        #expect(output.contains("* en      100%  base"))
        #expect(output.contains("  pl      100%"))
        #expect(output.contains("en-XA"))
        #expect(output.contains("ar-XB"))
        #expect(output.contains("double"))
    }

    @Test func localeSwitchesAndUnknownLocaleSuggestsTheClosest() throws {
        let repl = try Self.session()
        #expect(!repl.execute("locale nb-NO").failed)
        #expect(repl.prompt == "l10n [nb-NO]> ")
        #expect(repl.execute("show Core.offline.indicator.title").stdout == "Frakoblet modus")
        let wrong = repl.execute("locale xx-Qq")
        #expect(wrong.failed)
        #expect(wrong.stderr.hasPrefix("error: no catalog and no ICU data for locale `xx-Qq`"))
    }

    @Test func pseudoLocalesTransformTheBaseStrings() throws {
        let repl = try Self.session()
        _ = repl.execute("locale en-XA")
        #expect(repl.execute("show Core.offline.indicator.title").stdout == "[Öƒƒļîñé Ṁöðé~~~~]")
        _ = repl.execute("locale double")
        #expect(repl.execute("show Core.action.retry").stdout == "RReettrryy")
        _ = repl.execute("locale ar-XB")
        #expect(repl.execute("show Core.action.retry").stdout == "\u{202E}Retry\u{202C}")
    }

    @Test func tablesAndKeysListWhatTheCatalogsHold() throws {
        let repl = try Self.session()
        #expect(repl.execute("tables").stdout.contains("WarmupToast        4 keys"))
        let keys = repl.execute("keys Core offline.*").stdout.split(separator: "\n")
        #expect(keys.contains("Core.offline.indicator.title"))
        #expect(keys.allSatisfy { $0.hasPrefix("Core.offline.") })
        #expect(repl.execute("keys *.toast.*").stdout.contains("WarmupToast.toast.title"))
        #expect(repl.execute("keys Nope*").failed)
    }

    @Test func showFormatsArgumentsAndMarksAFallback() throws {
        let repl = try Self.session(locale: "de")
        #expect(repl.execute("show Core.freshness.lastUpdated 2026-11-22").stdout == "Zuletzt aktualisiert: 22.11.2026")
        #expect(repl.execute("show Core.freshness.lastUpdated").stdout.contains("(template: give 1 argument"))
        _ = repl.execute("locale fr")
        #expect(repl.execute("show Core.action.retry").stdout == "Retry   (fallback: en)")
    }

    @Test func unknownKeySuggestsTheClosest() throws {
        let output = try Self.session().execute("show Core.offline.indicator.titel")
        #expect(output.failed)
        #expect(output.stderr == "error: no key `Core.offline.indicator.titel`; did you mean `Core.offline.indicator.title`?")
    }

    @Test func compareShowsEveryLocaleAgainstTheBudgetAndMarksOverflow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, "en.lproj/T.strings", "/* A title. [max: 10] */\n\"title\" = \"Short\";\n")
        try write(folder, "de.lproj/T.strings", "/* A title. [max: 10] */\n\"title\" = \"Viel zu lang für das\";\n")
        let output = try Self.session(catalogs: folder.path).execute("compare T.title").stdout
        #expect(output.contains("T.title  budget 10"))
        #expect(output.contains("en      5/10   Short"))
        #expect(output.contains("de      20/10  Viel zu lang für das   ⚠ over budget"))
    }

    @Test func pluralShowsTheCategoryAndTheForm() throws {
        let repl = try Self.session(locale: "pl")
        #expect(repl.execute("plural OfflineProducts.products.count 3").stdout == "3 → few → 3 produkty")
        #expect(repl.execute("plural OfflineProducts.products.count 5").stdout == "5 → many → 5 produktów")
        #expect(repl.execute("plural Core.action.retry 5").failed)
    }

    @Test func formatUsesICUInTheCurrentLocale() throws {
        let repl = try Self.session(locale: "nb")
        #expect(repl.execute("format currency 1234.5 NOK").stdout == "kr\u{00A0}1\u{00A0}234,50")
        #expect(repl.execute("format number 1234567.891").stdout == "1\u{00A0}234\u{00A0}567,891")
        #expect(repl.execute("format relative -3 day").stdout == "for 3 døgn siden")
        #expect(repl.execute("format date 2026-11-22").stdout == "22. nov. 2026")
        #expect(repl.execute("format currency 12 EURO").stderr.contains("not an ISO 4217 currency code"))
        #expect(repl.execute("format").failed)
    }

    @Test func previewsListAndRenderAtThePhoneWidth() throws {
        let repl = try Self.session(width: 30)
        let list = repl.execute("previews").stdout
        for preview in REPLSession.previews { #expect(list.contains(preview.id)) }
        let screen = repl.execute("preview core.offline-banner").stdout.split(separator: "\n").map(String.init)
        #expect(screen.first?.hasPrefix("╭─ en · light ") == true)
        #expect(screen.contains("│ ⚠ Offline Mode             │"))
        #expect(screen.contains("│   Viewing offline data     │"))
        // Every framed line is exactly the phone's width.
        #expect(screen.prefix { !$0.hasPrefix("a11y") }.allSatisfy { TextLayout.width($0) == 30 })
        #expect(repl.execute("preview core.ofline-banner").stderr.contains("did you mean `core.offline-banner`"))
    }

    @Test func rightToLeftPreviewsAreAlignedToTheRight() throws {
        let repl = try Self.session(locale: "ar", width: 40)
        let lines = repl.execute("preview core.offline-banner").stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("rtl"))
        #expect(lines[1].hasSuffix("⚠ وضع عدم الاتصال │"))
        #expect(lines[1].hasPrefix("│    "))
    }

    @Test func longLabelsAreTruncatedAndNoted() throws {
        let repl = try Self.session(locale: "de", width: 20)
        let output = repl.execute("preview core.empty-offline").stdout
        #expect(output.contains("…"))
        #expect(output.contains("note: button retry truncated"))
    }

    @Test("Warmup story: the REPL shows the toast's placement and its colours in the current theme")
    func theWarmupToastsPlacementAndColoursAreRenderedInEachTheme() throws {
        let repl = try Self.session()
        let light = repl.execute("preview warmup.toast").stdout
        #expect(light.contains("at the bottom above the navigation bar, inside the safe areas"))
        #expect(light.contains("light colours: text #FFFFFF on #303030, icon #A8C7FA"))
        _ = repl.execute("theme dark")
        #expect(repl.execute("preview warmup.toast").stdout.contains("dark colours: text #1F1F1F on #E3E3E3, icon #0B57D0"))
    }

    @Test("Contrast for every state colour: `palette` lists each pair of the theme with its ratio")
    func paletteListsEveryStateColourOfTheThemeWithItsContrast() throws {
        let repl = try Self.session()
        let light = repl.execute("palette").stdout
        #expect(light.contains("light offline banner text: #5C3B00 on #FFF4E0"))
        #expect(!light.contains("✗"))
        _ = repl.execute("theme dark")
        let dark = repl.execute("palette").stdout
        #expect(dark.contains("dark disabled control text: #9AA0A6 on #2A2A2A"))
        #expect(dark.split(separator: "\n").count == StatePalette.dark.requirements.count + 1)
    }

    @Test func themeAndWidthChangeTheFrame() throws {
        let repl = try Self.session()
        #expect(repl.execute("theme dark").stdout == "theme: dark")
        #expect(repl.execute("width 24").stdout == "width: 24 columns")
        #expect(repl.execute("preview core.offline-banner").stdout.hasPrefix("╭─ en · dark ──"))
        #expect(repl.execute("theme sepia").failed)
        #expect(repl.execute("width 5").failed)
    }

    @Test func timeoutShowsAndSetsTheCommandTimeout() throws {
        let repl = try Self.session()
        #expect(repl.execute("timeout").stdout == "timeout: 15 s")
        #expect(repl.execute("timeout 0.25").stdout == "timeout: 0.25 s")
        #expect(repl.options.commandTimeout == .milliseconds(250))
        for bad in ["timeout 0", "timeout -1", "timeout soon", "timeout 1 2", "timeout 90000"] {
            #expect(repl.execute(bad).stderr.hasPrefix("error: usage: timeout [SECONDS]"), "\(bad)")
        }
        #expect(repl.options.commandTimeout == .milliseconds(250))
    }

    /// What the late-start script saw, command by command.
    struct LateStart: Sendable {
        var start: (failed: Bool, stderr: String)
        var again: (failed: Bool, stderr: String)
        var early: String
        var settled: Bool
        var status: (failed: Bool, stdout: String, stderr: String)
    }

    @Test(.timeLimit(.minutes(5)))
    func anAppStartThatOutlivesTheTimeoutEndsWithTheAppDrivenNotOneStartedTwice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-late-start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The REPL runs its commands on a thread of its own, and so does this test: `execute` blocks its caller until a
        // command ends or times out, and the start behind the prompt needs the cooperative threads that a blocked test
        // would hold. Alone it takes 0.1 s; beside the suites that wait on subprocesses it took 48 s, the start waiting
        // for a free cooperative thread, hence the generous bound.
        let seen = try await Self.onOwnThread { () throws -> LateStart in
            let app = AppCommands()
            let repl = try REPLSession(options: .init(dataDirectory: folder.path, commandTimeout: .milliseconds(1)), groups: [app])
            defer { _ = repl.execute("quit") }
            let start = repl.execute("app start")
            _ = repl.execute("timeout 30")
            let again = repl.execute("app start")
            let early = repl.execute("app status")
            let settled = app.appState.waitUntilNotStarting(before: Date().addingTimeInterval(240))
            let status = repl.execute("app status")
            return LateStart(start: (start.failed, start.stderr), again: (again.failed, again.stderr), early: early.stderr, settled: settled,
                             status: (status.failed, status.stdout, status.stderr))
        }
        #expect(seen.start.failed && seen.start.stderr.contains("`app start` is still running after 0.001 s"), "\(seen.start.stderr)")
        // While it starts (or once it has), no second app on the same store, and never "not started".
        #expect(seen.again.failed && (seen.again.stderr.contains("already starting") || seen.again.stderr.contains("already started")),
                "\(seen.again.stderr)")
        #expect(!seen.early.contains("not started"), "\(seen.early)")
        #expect(seen.settled)
        #expect(!seen.status.failed && seen.status.stdout.contains("user: user1"), "\(seen.status.stderr)")
    }

    /// Runs `body` on a new thread (not one of the cooperative pool's), as `l10n repl` runs its commands.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    @Test func lintReportsTheCatalogsState() throws {
        let output = try Self.session().execute("lint")
        #expect(!output.failed, "\(output.stdout)")
    }

    @Test func reloadRereadsEditedCatalogsAndKeepsTheLocale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, "en.lproj/T.strings", "/* Greeting. */\n\"hello\" = \"Hello\";\n")
        try write(folder, "nb.lproj/T.strings", "/* Greeting. */\n\"hello\" = \"Hei\";\n")
        let repl = try Self.session(locale: "nb", catalogs: folder.path)
        #expect(repl.execute("show T.hello").stdout == "Hei")
        try write(folder, "nb.lproj/T.strings", "/* Greeting. */\n\"hello\" = \"Hei på deg\";\n")
        #expect(repl.execute("reload").stdout.contains("locale nb"))
        #expect(repl.execute("show T.hello").stdout == "Hei på deg")
    }

    @Test func unknownCommandSuggestsTheClosestAndTheSessionGoesOn() throws {
        let repl = try Self.session()
        let output = repl.execute("shwo Core.action.retry")
        #expect(output.failed)
        #expect(output.stderr == "error: unknown command `shwo`; did you mean `show`?")
        #expect(repl.execute("show Core.action.retry").stdout == "Retry")
        #expect(repl.execute("# a comment").stdout.isEmpty)
        #expect(repl.execute("quit").quit)
    }

    @Test func tabCompletesCommandsLocalesKeysAndPreviews() throws {
        let repl = try Self.session()
        #expect(repl.completions(line: "pre", word: "pre") == ["preview", "previews"])
        #expect(repl.completions(line: "locale n", word: "n") == ["nb"])
        #expect(repl.completions(line: "show Core.offline.indicator.t", word: "Core.offline.indicator.t") == ["Core.offline.indicator.title"])
        #expect(repl.completions(line: "preview core.off", word: "core.off") == ["core.offline-banner"])
    }

    @Test func missingCatalogFolderIsAStartErrorNamingIt() {
        #expect(throws: REPLStartError.self) { try Self.session(catalogs: "/nonexistent/catalogs") }
    }
}

func write(_ folder: URL, _ path: String, _ text: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}
