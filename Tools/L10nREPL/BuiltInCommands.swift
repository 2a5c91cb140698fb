public import ArgumentParser
public import Gallery
public import StringsKit

/// A built-in command: ArgumentParser parses it from a line (`BuiltInCommands.parseAsRoot`), and it runs in the session.
/// A usage mistake only the session can see (`keys NoTable x`) is thrown as a `ValidationError`, shown with the usage.
protocol BuiltInCommand: ParsableCommand {
    func run(in session: REPLSession) async throws -> CommandOutput
}

/// The REPL's own commands, one subcommand each; a line's first word names one. The root has no name: the REPL is not
/// a program one types the name of, so usage reads `locale <ID>`, as the line is typed.
struct BuiltInCommands: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "",
        abstract: "Preview every piece of UI copy in every locale.",
        subcommands: [
            Locales.self, SwitchLocale.self, Tables.self, Keys.self, Show.self, Compare.self, Format.self, Plural.self,
            Previews.self, ShowPreview.self, Width.self, SetTheme.self, Timeout.self, Palette.self, Lint.self, Reload.self,
            // The plugged-in groups are listed before these three in `help`.
            Echo.self, Help.self, Quit.self,
        ]
    )

    /// How many of the subcommands `help` lists after the plugged-in groups (echo, help, quit).
    static let listedAfterGroups = 3

    struct Locales: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "locales", abstract: "every locale with how complete it is, and the pseudo-locales")
        func run(in session: REPLSession) -> CommandOutput { session.locales() }
    }

    struct SwitchLocale: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "locale", abstract: "switch locale (also en-XA, ar-XB, double)",
            discussion: "A catalog's locale, any locale ICU knows (its strings fall back, numbers and dates follow it), "
                + "or a pseudo-locale: en-XA (accented and expanded), ar-XB (right-to-left), double.")
        @Argument(help: ArgumentHelp("The locale, e.g. nb-NO.", valueName: "ID"))
        var identifier: String
        func run(in session: REPLSession) -> CommandOutput { session.switchLocale(identifier) }
    }

    struct Tables: BuiltInCommand {
        static let configuration = CommandConfiguration(commandName: "tables", abstract: "the tables and how many keys each has")
        func run(in session: REPLSession) -> CommandOutput { session.tables() }
    }

    struct Keys: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "keys", abstract: "list keys, e.g. `keys Core offline.*`",
            discussion: "With one word, a table's keys or the keys a pattern matches in every table (`keys *.toast.*`).")
        @Argument(help: ArgumentHelp("A table (`tables` lists them), or a pattern when it is the only word.", valueName: "TABLE"))
        var table: String?
        @Argument(help: ArgumentHelp("A pattern with * and ?, matched against the key or TABLE.KEY.", valueName: "GLOB"))
        var glob: String?

        func run(in session: REPLSession) throws -> CommandOutput {
            guard let table else { return session.keys(table: nil, pattern: nil) }
            let isTable = session.catalog.tableNames.contains(table)
            guard let glob else { return isTable ? session.keys(table: table, pattern: nil) : session.keys(table: nil, pattern: table) }
            guard isTable else { throw ValidationError("no table `\(table)`; `tables` lists them") }
            return session.keys(table: table, pattern: glob)
        }
    }

    struct Show: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "the value in the current locale; marks a fallback",
            discussion: "Arguments are typed as written: integers, decimals, ISO dates (2026-11-22), else text. "
                + "Without enough of them, the template.")
        @Argument(help: ArgumentHelp("The key, e.g. Core.offline.indicator.title.", valueName: "TABLE.KEY"))
        var key: String
        // Every word that follows, a negative number too (`show Summary.delta -5`).
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The values to format the string with.", valueName: "ARG"))
        var arguments: [String] = []
        func run(in session: REPLSession) -> CommandOutput { session.show(key, arguments) }
    }

    struct Compare: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare", abstract: "every locale side by side, width against the key's budget",
            discussion: "Widths count grapheme clusters, wide characters 2; the budget is l10n.json's or `[max: N]` in the comment.")
        @Argument(help: ArgumentHelp("The key, e.g. Core.offline.indicator.title.", valueName: "TABLE.KEY"))
        var key: String
        func run(in session: REPLSession) -> CommandOutput { session.compare(key) }
    }

    struct Format: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "format", abstract: "ICU formatting in the current locale (as `l10n format`)",
            discussion: "format number 1234.5 · format currency 12 EUR · format date 2026-11-22 · format relative -3 day")
        @Argument(help: ArgumentHelp("What the values are.", valueName: "KIND"))
        var kind: ValueKind
        // A relative time in the past is negative (`format relative -3 day`).
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The value, and a currency code or a unit where KIND takes one.", valueName: "VALUE"))
        var values: [String] = []
        func run(in session: REPLSession) -> CommandOutput { session.format(kind, values) }
    }

    struct Plural: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "plural", abstract: "the plural category of N and the form it picks",
            discussion: "N may be negative: plural OfflineProducts.products.count -1")
        @Argument(help: ArgumentHelp("A key of a .stringsdict.", valueName: "TABLE.KEY"))
        var key: String
        // Read as written, so a negative number is a number, not an option.
        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("A number, e.g. 3, 1.5 or -1.", valueName: "N"))
        var number: [String] = []
        /// The number as typed (an old habit's `--` before a negative one is allowed).
        private var values: [String] { number.first == "--" ? Array(number.dropFirst()) : number }
        func validate() throws {
            guard values.count == 1 else { throw ValidationError(values.isEmpty ? "Missing expected argument '<N>'" : "plural takes one number") }
        }
        func run(in session: REPLSession) -> CommandOutput { session.plural(key, values[0]) }
    }

    struct Previews: BuiltInCommand {
        static let configuration = CommandConfiguration(commandName: "previews", abstract: "the components that can be previewed")
        func run(in session: REPLSession) -> CommandOutput { session.previewList() }
    }

    struct ShowPreview: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview", abstract: "draw a component as a phone shows it, in the current locale")
        @Argument(help: ArgumentHelp("A preview's id (`previews` lists them), or the end of one: offline-banner.", valueName: "NAME"))
        var name: String
        func run(in session: REPLSession) -> CommandOutput { session.preview(name) }
    }

    struct Width: BuiltInCommand {
        static let configuration = CommandConfiguration(commandName: "width", abstract: "set the phone's width in columns (now: see `preview`)")
        @Argument(help: ArgumentHelp("From 20 to 200 columns.", valueName: "N"))
        var columns: Int
        func validate() throws {
            guard (20...200).contains(columns) else { throw ValidationError("the width is from 20 to 200 columns") }
        }
        func run(in session: REPLSession) -> CommandOutput { session.setWidth(columns) }
    }

    struct SetTheme: BuiltInCommand {
        static let configuration = CommandConfiguration(commandName: "theme", abstract: "light or dark styling for previews")
        @Argument(help: ArgumentHelp("The styling.", valueName: "THEME"))
        var theme: Theme
        func run(in session: REPLSession) -> CommandOutput { session.setTheme(theme) }
    }

    struct Timeout: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeout",
            abstract: "how long a command may run before the prompt comes back (as --command-timeout), from the next command on",
            discussion: "Without SECONDS, the current timeout. A command still running after it gives the prompt back, "
                + "saying what it waits for; it goes on behind, and a note says when it ends.")
        @Argument(help: ArgumentHelp("More than 0, at most 86400 (a day).", valueName: "SECONDS"))
        var seconds: Double?
        func validate() throws {
            guard let seconds else { return }
            guard seconds > 0, seconds <= 86_400 else { throw ValidationError("the timeout is more than 0 and at most 86400 seconds") }
        }
        func run(in session: REPLSession) -> CommandOutput { session.setCommandTimeout(seconds) }
    }

    struct Palette: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "palette", abstract: "every state colour of the current theme with its WCAG contrast")
        func run(in session: REPLSession) -> CommandOutput { session.palette() }
    }

    struct Lint: BuiltInCommand {
        static let configuration = CommandConfiguration(commandName: "lint", abstract: "lint the catalogs (as `l10n lint`)")
        func run(in session: REPLSession) -> CommandOutput { session.lint() }
    }

    struct Reload: BuiltInCommand {
        static let configuration = CommandConfiguration(commandName: "reload", abstract: "re-read the catalogs from disk, keeping the locale")
        func run(in session: REPLSession) -> CommandOutput { session.reload() }
    }

    struct Echo: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "echo", abstract: "print TEXT (labels the parts of a script's output)")
        // The words as typed, whatever they look like.
        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("What to print.", valueName: "TEXT"))
        var text: [String] = []
        func run(in session: REPLSession) -> CommandOutput { .ok(text.joined(separator: " ")) }
    }

    struct Help: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "help", abstract: "this list, or one command's usage", aliases: ["?"])
        @Argument(help: ArgumentHelp("A command, or a group's command (`help app backend`).", valueName: "COMMAND"))
        var command: [String] = []
        func run(in session: REPLSession) -> CommandOutput { session.help(command) }
    }

    struct Quit: BuiltInCommand {
        static let configuration = CommandConfiguration(
            commandName: "quit", abstract: "leave (also `exit`, Ctrl-D)", aliases: ["exit"])
        func run(in session: REPLSession) async -> CommandOutput { await session.quit() }
    }
}

extension Theme: ExpressibleByArgument {}
extension ValueKind: ExpressibleByArgument {}
