import Core
import Foundation
import LocalizationKit
@testable import L10nREPL
import L10nREPLApp
import Testing

/// Every command, as script mode runs it: one line in, results out, errors flagged.
@Suite("REPL commands")
struct REPLSessionTests {
    static func session(locale: String = "en", width: Int = 40, catalogs: String? = nil) throws -> REPLSession {
        try REPLSession(options: .init(locale: locale, width: width, catalogsPath: catalogs))
    }

    @Test func helpListsEveryCommandAndExplainsOne() async throws {
        let repl = try Self.session()
        let help = await repl.execute("help")
        for command in REPLSession.builtInCommands { #expect(help.stdout.contains(command.usage)) }
        #expect(await repl.execute("help compare").stdout.contains("budget"))
        #expect(await repl.execute("help nope").failed)
    }

    @Test("Help, usage and the messages for a missing or bad argument are ArgumentParser's")
    func helpAndUsageMistakesComeFromArgumentParser() async throws {
        let repl = try Self.session()
        let help = await repl.execute("help locale")
        #expect(help.stdout.contains("USAGE: locale <ID>") && help.stdout.contains("pseudo-locale"), "\(help.stdout)")
        #expect(await repl.execute("locale --help") == help)
        #expect(await repl.execute("? locale") == help)
        #expect(await repl.execute("locale").stderr == "error: missing expected argument '<ID>'\nusage: locale <ID>")
        #expect(await repl.execute("locale nb pl").stderr == "error: unexpected argument 'pl'\nusage: locale <ID>")
        let theme = await repl.execute("theme sepia")
        #expect(theme.failed && theme.stderr.hasPrefix("error: the value 'sepia' is invalid for '<THEME>'. Please provide one of 'light' and 'dark'"))
        #expect(await repl.execute("keys Nope x").stderr == "error: no table `Nope`; `tables` lists them\nusage: keys [<TABLE>] [<GLOB>]")
        #expect(await repl.execute("help locale nb").stderr == "error: no command `locale nb`")
        #expect(await repl.execute("help lokale").stderr == "error: no command `lokale`; did you mean `locale`?")
        // Words that look like options are values where a command takes any word.
        #expect(await repl.execute("echo -v --x").stdout == "-v --x")
        #expect(await repl.execute("exit").quit)
    }

    @Test("A group's lines are ArgumentParser's too: `help app`, its subcommands, usage mistakes, with no app started")
    func aGroupsHelpAndUsageMistakesComeFromItsRootCommand() async throws {
        let repl = try REPLSession(options: .init(), groups: [AppCommands()])
        let list = await repl.execute("help").stdout
        #expect(list.contains("app <subcommand>"))
        let app = await repl.execute("help app").stdout
        for command in ["start", "login", "backend", "network", "open", "tap", "call", "advance", "telemetry"] {
            #expect(app.contains("  \(command) "), "help app lacks \(command)")
        }
        #expect(await repl.execute("app help") == (await repl.execute("help app")))
        let backend = await repl.execute("help app backend").stdout
        #expect(backend.contains("USAGE: app backend <subcommand>") && backend.contains("flaky") && backend.contains("requests"))
        #expect(await repl.execute("app backend --help") == (await repl.execute("help app backend")))
        #expect(await repl.execute("app help backend flaky").stdout.contains("USAGE: app backend flaky <PERCENT> [<ENDPOINT>]"))
        #expect(await repl.execute("app").stderr == "error: `app` needs one of its commands; `help app` lists them\nusage: app <subcommand>")
        #expect(await repl.execute("app strat").stderr == "error: unknown command `app strat`; did you mean `app start`?")
        #expect(await repl.execute("app backend flaky").stderr
                == "error: missing expected argument '<PERCENT>'\nusage: app backend flaky <PERCENT> [<ENDPOINT>]")
        #expect(await repl.execute("app start --products many").stderr.hasPrefix("error: the value 'many' is invalid for '--products <N>'"))
        #expect(await repl.execute("app start --server ftp://x").stderr.hasPrefix("error: --server needs a URL like http://127.0.0.1:8080\nusage: app start"))
        #expect(await repl.execute("app open nowhere").stderr.hasPrefix("error: no screen `nowhere`"))
        #expect(await repl.execute("help app nope").stderr == "error: no command `app nope`; did you mean `app open`?")
        let notStarted = await repl.execute("app screen")
        #expect(notStarted.failed && notStarted.stderr.contains("the app is not started: `app start` first"))
        #expect(repl.completions(line: "app backend f", word: "f") == ["flaky"])
        #expect(repl.completions(line: "app re", word: "re") == ["refresh", "register-activity", "relaunch"])
        #expect(await repl.execute("quit").quit)
    }

    /// Issue 41: a session reads its own locale's files to start, and every other locale when a command needs them.
    @Test func aSessionStartsOnItsOwnLocaleAndReadsTheOthersWhenACommandNeedsThem() async throws {
        let repl = try Self.session(locale: "nb")
        let whole = try Catalog.load(paths: [repl.catalogsFolder])
        #expect(repl.localizer.catalog.locales == ["en", "nb"])
        #expect(repl.localizer.fallbackChain == Localizer(catalog: whole, locale: "nb", baseLocale: "en").fallbackChain)
        #expect(await repl.execute("show Core.offline.indicator.title").stdout.contains("Frakoblet modus"))
        #expect(repl.catalog.locales == whole.locales && repl.catalog.entryCount == whole.entryCount)
        let locales = await repl.execute("locales")
        #expect(locales.stdout.contains("de") && locales.stdout.contains("ja"))
        #expect(await repl.execute("locale de").stdout.contains("strings from de"))
    }

    @Test func localesShowsCompletenessAndPseudoLocales() async throws {
        let output = try await Self.session().execute("locales").stdout
        #expect(output.contains("* en      100%  base"))
        #expect(output.contains("  pl      100%"))
        #expect(output.contains("en-XA"))
        #expect(output.contains("ar-XB"))
        #expect(output.contains("double"))
    }

    @Test func localeSwitchesAndUnknownLocaleSuggestsTheClosest() async throws {
        let repl = try Self.session()
        #expect(await !repl.execute("locale nb-NO").failed)
        #expect(repl.prompt == "l10n [nb-NO]> ")
        #expect(await repl.execute("show Core.offline.indicator.title").stdout == "Frakoblet modus")
        let wrong = await repl.execute("locale xx-Qq")
        #expect(wrong.failed)
        #expect(wrong.stderr.hasPrefix("error: no catalog and no ICU data for locale `xx-Qq`"))
    }

    @Test func pseudoLocalesTransformTheBaseStrings() async throws {
        let repl = try Self.session()
        _ = await repl.execute("locale en-XA")
        #expect(await repl.execute("show Core.offline.indicator.title").stdout == "[Öƒƒļîñé Ṁöðé~~~~]")
        _ = await repl.execute("locale double")
        #expect(await repl.execute("show Core.action.retry").stdout == "RReettrryy")
        _ = await repl.execute("locale ar-XB")
        #expect(await repl.execute("show Core.action.retry").stdout == "\u{202E}Retry\u{202C}")
    }

    @Test func tablesAndKeysListWhatTheCatalogsHold() async throws {
        let repl = try Self.session()
        #expect(await repl.execute("tables").stdout.contains("WarmupToast        4 keys"))
        let keys = await repl.execute("keys Core offline.*").stdout.split(separator: "\n")
        #expect(keys.contains("Core.offline.indicator.title"))
        #expect(keys.allSatisfy { $0.hasPrefix("Core.offline.") })
        #expect(await repl.execute("keys *.toast.*").stdout.contains("WarmupToast.toast.title"))
        #expect(await repl.execute("keys Nope*").failed)
    }

    @Test func showFormatsArgumentsAndMarksAFallback() async throws {
        let repl = try Self.session(locale: "de")
        #expect(await repl.execute("show Core.freshness.lastUpdated 2026-11-22").stdout == "Zuletzt aktualisiert: 22.11.2026")
        #expect(await repl.execute("show Core.freshness.lastUpdated").stdout.contains("(template: give 1 argument"))
        _ = await repl.execute("locale fr")
        #expect(await repl.execute("show Core.action.retry").stdout == "Retry   (fallback: en)")
    }

    @Test func unknownKeySuggestsTheClosest() async throws {
        let output = try await Self.session().execute("show Core.offline.indicator.titel")
        #expect(output.failed)
        #expect(output.stderr == "error: no key `Core.offline.indicator.titel`; did you mean `Core.offline.indicator.title`?")
    }

    @Test func compareShowsEveryLocaleAgainstTheBudgetAndMarksOverflow() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, "en.lproj/T.strings", "/* A title. [max: 10] */\n\"title\" = \"Short\";\n")
        try write(folder, "de.lproj/T.strings", "/* A title. [max: 10] */\n\"title\" = \"Viel zu lang für das\";\n")
        let output = try await Self.session(catalogs: folder.path).execute("compare T.title").stdout
        #expect(output.contains("T.title  budget 10"))
        #expect(output.contains("en      5/10   Short"))
        #expect(output.contains("de      20/10  Viel zu lang für das   ⚠ over budget"))
    }

    @Test func pluralShowsTheCategoryAndTheForm() async throws {
        let repl = try Self.session(locale: "pl")
        #expect(await repl.execute("plural OfflineProducts.products.count 3").stdout == "3 → few → 3 produkty")
        #expect(await repl.execute("plural OfflineProducts.products.count 5").stdout == "5 → many → 5 produktów")
        #expect(await repl.execute("plural Core.action.retry 5").failed)
        // A negative number is a number, not an option (with or without the `--` an ArgumentParser habit types).
        #expect(await repl.execute("plural OfflineProducts.products.count -2").stdout == "-2 → few → -2 produkty")
        #expect(await repl.execute("plural OfflineProducts.products.count -- -2").stdout == "-2 → few → -2 produkty")
        #expect(await repl.execute("plural OfflineProducts.products.count 1 2").failed)
    }

    @Test func formatUsesICUInTheCurrentLocale() async throws {
        let repl = try Self.session(locale: "nb")
        #expect(await repl.execute("format currency 1234.5 NOK").stdout == "kr\u{00A0}1\u{00A0}234,50")
        #expect(await repl.execute("format number 1234567.891").stdout == "1\u{00A0}234\u{00A0}567,891")
        #expect(await repl.execute("format relative -3 day").stdout == "for 3 døgn siden")
        #expect(await repl.execute("format date 2026-11-22").stdout == "22. nov. 2026")
        #expect(await repl.execute("format currency 12 EURO").stderr.contains("not an ISO 4217 currency code"))
        #expect(await repl.execute("format").failed)
    }

    @Test func previewsListAndRenderAtThePhoneWidth() async throws {
        let repl = try Self.session(width: 30)
        let list = await repl.execute("previews").stdout
        for preview in REPLSession.previews { #expect(list.contains(preview.id)) }
        let screen = await repl.execute("preview core.offline-banner").stdout.split(separator: "\n").map(String.init)
        #expect(screen.first?.hasPrefix("╭─ en · light ") == true)
        #expect(screen.contains("│ ⚠ Offline Mode             │"))
        #expect(screen.contains("│   Viewing offline data     │"))
        // Every framed line is exactly the phone's width.
        #expect(screen.prefix { !$0.hasPrefix("a11y") }.allSatisfy { TextLayout.width($0) == 30 })
        #expect(await repl.execute("preview core.ofline-banner").stderr.contains("did you mean `core.offline-banner`"))
    }

    @Test func rightToLeftPreviewsAreAlignedToTheRight() async throws {
        let repl = try Self.session(locale: "ar", width: 40)
        let lines = await repl.execute("preview core.offline-banner").stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("rtl"))
        #expect(lines[1].hasSuffix("⚠ وضع عدم الاتصال │"))
        #expect(lines[1].hasPrefix("│    "))
    }

    @Test func longLabelsAreTruncatedAndNoted() async throws {
        let repl = try Self.session(locale: "de", width: 20)
        let output = await repl.execute("preview core.empty-offline").stdout
        #expect(output.contains("…"))
        #expect(output.contains("note: button retry truncated"))
    }

    @Test("Warmup story: the REPL shows the toast's placement and its colours in the current theme")
    func theWarmupToastsPlacementAndColoursAreRenderedInEachTheme() async throws {
        let repl = try Self.session()
        let light = await repl.execute("preview warmup.toast").stdout
        #expect(light.contains("at the bottom above the navigation bar, inside the safe areas"))
        #expect(light.contains("light colours: text #FFFFFF on #303030, icon #A8C7FA"))
        _ = await repl.execute("theme dark")
        #expect(await repl.execute("preview warmup.toast").stdout.contains("dark colours: text #1F1F1F on #E3E3E3, icon #0B57D0"))
    }

    @Test("Contrast for every state colour: `palette` lists each pair of the theme with its ratio")
    func paletteListsEveryStateColourOfTheThemeWithItsContrast() async throws {
        let repl = try Self.session()
        let light = await repl.execute("palette").stdout
        #expect(light.contains("light offline banner text: #5C3B00 on #FFF4E0"))
        #expect(!light.contains("✗"))
        _ = await repl.execute("theme dark")
        let dark = await repl.execute("palette").stdout
        #expect(dark.contains("dark disabled control text: #9AA0A6 on #2A2A2A"))
        #expect(dark.split(separator: "\n").count == StatePalette.dark.requirements.count + 1)
    }

    @Test func themeAndWidthChangeTheFrame() async throws {
        let repl = try Self.session()
        #expect(await repl.execute("theme dark").stdout == "theme: dark")
        #expect(await repl.execute("width 24").stdout == "width: 24 columns")
        #expect(await repl.execute("preview core.offline-banner").stdout.hasPrefix("╭─ en · dark ──"))
        #expect(await repl.execute("theme sepia").failed)
        #expect(await repl.execute("width 5").failed)
    }

    @Test func timeoutShowsAndSetsTheCommandTimeout() async throws {
        let repl = try Self.session()
        #expect(await repl.execute("timeout").stdout == "timeout: 15 s")
        #expect(await repl.execute("timeout 0.25").stdout == "timeout: 0.25 s")
        #expect(repl.options.commandTimeout == .milliseconds(250))
        // ArgumentParser's message for what it cannot parse, the command's own for a value out of range; the usage after.
        let outOfRange = "error: the timeout is more than 0 and at most 86400 seconds"
        let bad = ["timeout 0": outOfRange, "timeout -1": "error: unknown option '-1'", "timeout soon": "error: the value 'soon' is invalid for '<SECONDS>'",
                   "timeout 1 2": "error: unexpected argument '2'", "timeout 90000": outOfRange]
        for (line, message) in bad {
            #expect(await repl.execute(line).stderr == message + "\nusage: timeout [<SECONDS>]", "\(line)")
        }
        #expect(repl.options.commandTimeout == .milliseconds(250))
    }

    @Test(.timeLimit(.minutes(5)))
    func anAppStartThatOutlivesTheTimeoutEndsWithTheAppDrivenNotOneStartedTwice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-late-start-\(UUID().uuidString)")
        // The app keeps its backend's sessions beside its data folder (`<folder>.backend`).
        defer { for path in [folder.path, folder.path + ".backend"] { try? FileManager.default.removeItem(atPath: path) } }
        let app = AppCommands()
        let repl = try REPLSession(options: .init(dataDirectory: folder.path, commandTimeout: .milliseconds(1)), groups: [app])
        let start = await repl.execute("app start")
        _ = await repl.execute("timeout 30")
        let again = await repl.execute("app start")
        let early = await repl.execute("app status")
        // Alone the start takes 0.1 s; beside the suites that wait on subprocesses it took 48 s, hence the generous bound.
        let settled = await app.appState.waitUntilNotStarting(within: .seconds(240))
        let status = await repl.execute("app status")
        _ = await repl.execute("quit")
        #expect(start.failed && start.stderr.contains("`app start` is still running after 0.001 s"), "\(start.stderr)")
        // While it starts (or once it has), no second app on the same store, and never "not started".
        #expect(again.failed && (again.stderr.contains("already starting") || again.stderr.contains("already started")), "\(again.stderr)")
        #expect(!early.stderr.contains("not started"), "\(early.stderr)")
        #expect(settled)
        #expect(!status.failed && status.stdout.contains("user: user1"), "\(status.stderr)")
    }

    @Test func lintReportsTheCatalogsState() async throws {
        let output = try await Self.session().execute("lint")
        #expect(!output.failed, "\(output.stdout)")
    }

    @Test func reloadRereadsEditedCatalogsAndKeepsTheLocale() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, "en.lproj/T.strings", "/* Greeting. */\n\"hello\" = \"Hello\";\n")
        try write(folder, "nb.lproj/T.strings", "/* Greeting. */\n\"hello\" = \"Hei\";\n")
        let repl = try Self.session(locale: "nb", catalogs: folder.path)
        #expect(await repl.execute("show T.hello").stdout == "Hei")
        try write(folder, "nb.lproj/T.strings", "/* Greeting. */\n\"hello\" = \"Hei på deg\";\n")
        #expect(await repl.execute("reload").stdout.contains("locale nb"))
        #expect(await repl.execute("show T.hello").stdout == "Hei på deg")
    }

    @Test func unknownCommandSuggestsTheClosestAndTheSessionGoesOn() async throws {
        let repl = try Self.session()
        let output = await repl.execute("shwo Core.action.retry")
        #expect(output.failed)
        #expect(output.stderr == "error: unknown command `shwo`; did you mean `show`?")
        #expect(await repl.execute("show Core.action.retry").stdout == "Retry")
        #expect(await repl.execute("# a comment").stdout.isEmpty)
        #expect(await repl.execute("quit").quit)
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
