import ArgumentParser
public import Core
public import LocalizationKit
import Foundation
public import Gallery
import Localization
import StringsKit

/// What one command printed, and whether it failed (script mode exits 1 if any did).
public struct CommandOutput: Sendable, Equatable {
    public var stdout: String
    public var stderr: String
    public var failed: Bool
    public var quit: Bool

    public static func ok(_ text: String) -> CommandOutput { CommandOutput(stdout: text, stderr: "", failed: false, quit: false) }
    public static func error(_ text: String) -> CommandOutput { CommandOutput(stdout: "", stderr: "error: " + text, failed: true, quit: false) }
}

/// Why a REPL could not start: the message names the path and what to do.
public struct REPLStartError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// One REPL: the catalogs, the current locale, and every command, independent of any terminal.
/// `l10n repl` feeds it lines from libedit (interactive) or stdin/`--script` (script mode).
public final class REPLSession {
    public struct Options: Sendable {
        public var locale: String
        public var width: Int
        public var theme: Theme
        /// A folder of `<locale>.lproj` folders; nil uses the bundled catalogs (read from the source
        /// `Localization/` folder when it exists, so edits show on `reload`).
        public var catalogsPath: String?
        public var colour: Bool
        /// Where `app start` keeps the encrypted store; two REPL processes given the same folder share it.
        public var dataDirectory: String?
        /// How long a command may run before the prompt comes back with what it is waiting for (it goes on behind).
        public var commandTimeout: Duration

        public init(locale: String = "en", width: Int = 40, theme: Theme = .light, catalogsPath: String? = nil, colour: Bool = false,
                    dataDirectory: String? = nil, commandTimeout: Duration = .seconds(15)) {
            self.dataDirectory = dataDirectory
            self.commandTimeout = commandTimeout
            self.locale = locale
            self.width = width
            self.theme = theme
            self.catalogsPath = catalogsPath
            self.colour = colour
        }
    }

    public private(set) var options: Options
    /// Every locale's tables. A session starts on its own locale's files (`StartingCatalog`) and reads the rest here, the
    /// first time a command needs them.
    public var catalog: Catalog {
        if let folder = unreadLocalesFolder {
            unreadLocalesFolder = nil
            if let whole = try? Catalog.load(paths: [folder]) { readCatalog = whole }
        }
        return readCatalog
    }
    private var readCatalog: Catalog
    /// The folder whose other locales are not read yet.
    private var unreadLocalesFolder: String?
    public private(set) var localizer: Localizer {
        didSet { currentLocalizer.set(localizer) }
    }
    /// The localizer as other threads may read it (the app's share target follows the REPL's locale).
    public let currentLocalizer: LocalizerBox
    public private(set) var baseLocale: String
    private var configuration: LintConfiguration
    /// Commands the program plugged in (`l10n-repl`: `app …`).
    private let groups: [any REPLCommandGroup]

    /// Pseudo-locales the REPL offers, each the base locale transformed (shared with `l10n gallery`).
    public static var pseudoLocales: [PseudoLocale] { PseudoLocale.standard }

    /// Every module's previews: the one registry `l10n gallery` renders too.
    public static var previews: [Preview] {
        PreviewRegistry.previews
    }

    /// `groups`: command groups the program plugs in (`l10n-repl` plugs in `app …`); the library knows none itself.
    public init(options: Options, groups: [any REPLCommandGroup] = []) throws(REPLStartError) {
        self.options = options
        self.groups = groups
        let folder = options.catalogsPath ?? BundledCatalogs.editableDirectory.path
        let configuration = try Self.loadConfiguration(folder)
        self.configuration = configuration
        let name = options.locale == "en-XD" ? "double" : options.locale
        if !Self.pseudoLocales.contains(where: { $0.name == name }),
           let start = StartingCatalog(folder: folder, locale: options.locale, configuredBase: configuration.baseLocale) {
            // The first prompt (and the app's first screen) needs its own locale only.
            baseLocale = start.baseLocale
            readCatalog = start.catalog
            unreadLocalesFolder = folder
            let localizer = Localizer(catalog: start.catalog, locale: options.locale, baseLocale: start.baseLocale)
            self.localizer = localizer
            currentLocalizer = LocalizerBox(localizer)
            return
        }
        let catalog = try Self.loadCatalog(folder)
        self.baseLocale = configuration.baseLocale ?? (catalog.locales.contains("en") || catalog.locales.isEmpty ? "en" : catalog.locales[0])
        readCatalog = catalog
        let localizer = Localizer(catalog: catalog, locale: options.locale, baseLocale: baseLocale)
        self.localizer = localizer
        currentLocalizer = LocalizerBox(localizer)
        if options.locale != "en" { _ = switchLocale(options.locale) }
    }

    public var catalogsFolder: String {
        options.catalogsPath ?? BundledCatalogs.editableDirectory.path
    }

    public var prompt: String {
        "l10n [\(localizer.locale)]> "
    }

    private static func load(_ path: String?) throws(REPLStartError) -> (Catalog, LintConfiguration) {
        let folder = path ?? BundledCatalogs.editableDirectory.path
        let catalog = try loadCatalog(folder)
        return (catalog, try loadConfiguration(folder))
    }

    private static func loadCatalog(_ folder: String) throws(REPLStartError) -> Catalog {
        do {
            return try Catalog.load(paths: [folder])
        } catch {
            throw REPLStartError(message: "\(error)")
        }
    }

    private static func loadConfiguration(_ folder: String) throws(REPLStartError) -> LintConfiguration {
        let configPath = (folder as NSString).appendingPathComponent(LintConfiguration.fileName)
        var configuration = LintConfiguration()
        if FileManager.default.fileExists(atPath: configPath) {
            do { configuration = try LintConfiguration.load(path: configPath) } catch {
                throw REPLStartError(message: "\(error.description) (fix the file or pass --catalogs to another folder)")
            }
        }
        return configuration
    }

    // MARK: Commands

    public struct CommandInfo: Sendable {
        public var name: String
        public var usage: String
        public var summary: String

        public init(name: String, usage: String, summary: String) {
            self.name = name
            self.usage = usage
            self.summary = summary
        }

        /// A command as ArgumentParser describes it: its name, usage line and abstract.
        init(_ command: any ParsableCommand.Type) {
            self.init(name: command._commandName, usage: command.usageString(), summary: command.configuration.abstract)
        }
    }

    /// Every command of this session: the built-in ones, with the plugged-in groups before `echo`, `help` and `quit`.
    public var commands: [CommandInfo] {
        let builtIn = Self.builtInCommands
        let tail = builtIn.suffix(BuiltInCommands.listedAfterGroups)
        return builtIn.dropLast(tail.count) + groups.map { CommandInfo($0.root) } + tail
    }

    /// The built-in commands, as `help` lists them: ArgumentParser's usage and each command's abstract.
    public static let builtInCommands: [CommandInfo] = BuiltInCommands.configuration.subcommands.map(CommandInfo.init)

    /// Where `display` writes: the runner sets it to print at once; without it, displayed text joins the command's output.
    public var displaySink: ((String) -> Void)?
    private var displayed: [String] = []

    /// Shows `text` now, ahead of the running command's output: a screen drawn while the command goes on
    /// (`app start --open`).
    public func display(_ text: String) {
        if let displaySink { displaySink(text) } else { displayed.append(text) }
    }

    /// Runs one line. Empty lines and `#` comments do nothing. The line's words (ours: "double quotes" keep spaces) go
    /// to ArgumentParser: from the group the first word names, else from the built-in commands.
    public func execute(_ line: String) async -> CommandOutput {
        var output = await run(line)
        if !displayed.isEmpty {
            output.stdout = (displayed + (output.stdout.isEmpty ? [] : [output.stdout])).joined(separator: "\n")
            displayed = []
        }
        return output
    }

    private func run(_ line: String) async -> CommandOutput {
        let words = Self.split(line)
        guard let command = words.first, !command.hasPrefix("#") else { return .ok("") }
        CommandGuard.begin(line.trimmingCharacters(in: .whitespaces), timeout: options.commandTimeout)
        if let group = groups.first(where: { $0.root._commandName == command }) {
            return await group.run(Array(words.dropFirst()), in: self)
        }
        if command == "--help" || command == "-h" { return help([]) }
        guard Self.builtInNames.contains(command) else {
            let names = commands.map(\.name) + ["exit"]
            let hint = Suggestion.closest(to: command, in: names).map { "; did you mean `\($0)`?" } ?? "; type `help` for the commands"
            return .error("unknown command `\(command)`\(hint)")
        }
        switch Self.parse(words, from: BuiltInCommands.self, as: (any BuiltInCommand).self) {
        case let .output(output):
            return output
        case let .command(builtIn):
            do {
                return try await builtIn.run(in: self)
            } catch let error as ValidationError {
                return Self.usageError(error.message, words: words, root: BuiltInCommands.self)
            } catch {
                return .error("\(error)")
            }
        }
    }

    /// Every word that names a built-in command, aliases too (`exit`, `?`).
    private static let builtInNames: Set<String> = Set(BuiltInCommands.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases })

    /// `help`: every command with its usage; `help COMMAND …`: ArgumentParser's help of a command or a group's command.
    func help(_ words: [String]) -> CommandOutput {
        guard let name = words.first else {
            let width = commands.map { $0.usage.count }.max() ?? 0
            var lines = ["Preview every piece of UI copy in every locale. Commands:"]
            for info in commands {
                lines.append("  " + info.usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + info.summary)
            }
            lines.append("Keys are written TABLE.KEY, e.g. `show Core.offline.indicator.title`. Tab completes commands, locales and keys.")
            lines.append("`help COMMAND` or `COMMAND --help` explains one; a group's commands too: `help GROUP COMMAND`.")
            return .ok(lines.joined(separator: "\n"))
        }
        var path: (commands: [any ParsableCommand.Type], used: Int)
        if let group = groups.first(where: { $0.root._commandName == name }) {
            path = Self.commandPath(Array(words.dropFirst()), from: group.root)
            path.used += 1
        } else {
            path = Self.commandPath(words, from: BuiltInCommands.self)
        }
        guard path.used == words.count else {
            let asked = words.joined(separator: " ")
            let known = path.used == 0 ? commands.map(\.name) : path.commands.last!.configuration.subcommands.map { $0._commandName }
            let prefix = words.prefix(path.used).joined(separator: " ")
            let hint = Suggestion.closest(to: words[path.used], in: known).map { "; did you mean `\(prefix.isEmpty ? $0 : prefix + " " + $0)`?" } ?? ""
            return .error("no command `\(asked)`\(hint)")
        }
        return .ok(Self.helpText(path.commands))
    }

    /// `quit`: the groups stop what they started.
    func quit() async -> CommandOutput {
        for group in groups { await group.shutDown() }
        return CommandOutput(stdout: "", stderr: "", failed: false, quit: true)
    }

    // MARK: Locales

    private var baseKeys: [(table: String, key: String)] {
        catalog.tableNames.flatMap { table in (catalog.table(table, locale: baseLocale)?.keys ?? []).map { (table, $0) } }
    }

    func locales() -> CommandOutput {
        let base = baseKeys
        var lines: [String] = []
        var folders: [String] = []
        for locale in catalog.locales {
            if Linter.isSpecialFolder(locale) {
                // Not translations: the base of the tables it holds (Base.lproj), or notes for translators (qqq).
                let role = locale == Linter.interfaceBase ? "base of the tables it holds (Interface Builder)" : "documentation for translators, shown by `compare`"
                folders.append("  \(locale.padding(toLength: 7, withPad: " ", startingAt: 0))       \(role)")
                continue
            }
            let present = base.filter { catalog.entry(table: $0.table, locale: locale, key: $0.key) != nil }.count
            let percent = base.isEmpty ? 100 : present * 100 / base.count
            let marker = locale == localizer.locale ? "*" : " "
            lines.append("\(marker) \(locale.padding(toLength: 7, withPad: " ", startingAt: 0)) \(String(format: "%3d", percent))%\(locale == baseLocale ? "  base" : "")")
        }
        lines += folders
        for pseudo in Self.pseudoLocales {
            let marker = pseudo.name == localizer.locale ? "*" : " "
            lines.append("\(marker) \(pseudo.name.padding(toLength: 7, withPad: " ", startingAt: 0))       \(pseudo.summary)")
        }
        return .ok(lines.joined(separator: "\n"))
    }

    func switchLocale(_ identifier: String) -> CommandOutput {
        let name = identifier == "en-XD" ? "double" : identifier
        if let pseudo = Self.pseudoLocales.first(where: { $0.name == name }) {
            let pseudoCatalog = pseudo.catalog(from: catalog, baseLocale: baseLocale)
            // ICU formats numbers and dates for the pseudo-locale's language (en, ar).
            localizer = pseudo.localizer(pseudoCatalog, baseLocale: baseLocale)
            options.locale = pseudo.name
            return .ok("locale: \(pseudo.name) (\(pseudo.summary))")
        }
        let chain = Localizer.fallbackChain(for: identifier, base: baseLocale, available: catalog.locales)
        let hasCatalog = chain.first.map { $0 != baseLocale || identifier.lowercased().hasPrefix(baseLocale.lowercased()) } ?? false
        let formatting = LocaleFormatting(locale: identifier)
        guard hasCatalog || !formatting.usesRootFallback else {
            let candidates = catalog.locales + Self.pseudoLocales.map(\.name)
            let hint = Suggestion.closest(to: identifier, in: candidates).map { "; did you mean `\($0)`?" } ?? "; `locales` lists them"
            return .error("no catalog and no ICU data for locale `\(identifier)`\(hint)")
        }
        localizer = Localizer(catalog: catalog, locale: identifier, baseLocale: baseLocale)
        options.locale = identifier
        let note = hasCatalog ? "strings from \(chain.joined(separator: " → "))" : "no catalog: strings fall back to \(baseLocale); numbers and dates use \(identifier)"
        return .ok("locale: \(identifier) (\(note))")
    }

    // MARK: Keys

    func tables() -> CommandOutput {
        // A bundle's table (`ActivityLog/Localizable`) is wider than the usual column.
        let width = max(18, catalog.tableNames.map(\.count).max() ?? 0)
        let lines = catalog.tableNames.map { table in
            "\(table.padding(toLength: width, withPad: " ", startingAt: 0)) \(catalog.table(table, locale: baseLocale)?.keys.count ?? 0) keys"
        }
        return .ok(lines.joined(separator: "\n"))
    }

    /// `keys [TABLE] [GLOB]`: the keys of a table, those a pattern matches, or every key.
    func keys(table: String?, pattern: String?) -> CommandOutput {
        // From the keys themselves, not their qualified names split again: a key may be empty, and a table's name may
        // hold a dot.
        let matches = baseKeys.compactMap { entry -> String? in
            let qualified = "\(entry.table).\(entry.key)"
            if let table, entry.table != table { return nil }
            if let pattern { return Self.glob(pattern, matches: entry.key) || Self.glob(pattern, matches: qualified) ? qualified : nil }
            return qualified
        }
        if matches.isEmpty { return .error("no keys match\(pattern.map { " `\($0)`" } ?? "")\(table.map { " in \($0)" } ?? "")") }
        return .ok(matches.joined(separator: "\n"))
    }

    public var qualifiedKeys: [String] {
        baseKeys.map { "\($0.table).\($0.key)" }
    }

    /// `Core.offline.indicator.title` → (`Core`, `offline.indicator.title`): tables have no dots, keys may.
    static func splitKey(_ qualified: String) -> (String, String)? {
        guard let dot = qualified.firstIndex(of: "."), dot != qualified.startIndex else { return nil }
        let key = qualified[qualified.index(after: dot)...]
        return key.isEmpty ? nil : (String(qualified[..<dot]), String(key))
    }

    private func lookUp(_ qualified: String) -> Result<(table: String, key: String, entry: CatalogEntry), REPLCommandError> {
        // The longest table name the text starts with: a table's name may hold a dot (`My.App/Localizable`).
        let table = catalog.tableNames.filter { qualified.hasPrefix($0 + ".") }.max { $0.count < $1.count }
        let split = table.map { ($0, String(qualified.dropFirst($0.count + 1))) } ?? Self.splitKey(qualified)
        guard let (table, key) = split, let entry = catalog.entry(table: table, locale: baseLocale, key: key) else {
            let hint = Suggestion.closest(to: qualified, in: qualifiedKeys).map { "; did you mean `\($0)`?" } ?? "; `keys` lists them"
            return .failure(REPLCommandError(message: "no key `\(qualified)`\(hint)"))
        }
        return .success((table, key, entry))
    }

    func show(_ qualified: String, _ rawArguments: [String]) -> CommandOutput {
        let found: (table: String, key: String, entry: CatalogEntry)
        switch lookUp(qualified) {
        case let .success(value): found = value
        case let .failure(error): return .error(error.message)
        }
        let template = templateText(found.entry.value)
        let needed = neededArguments(found.entry.value)
        if rawArguments.count < needed {
            let resolvedEntry = localizer.fallbackChain.lazy.compactMap { self.localizer.catalog.entry(table: found.table, locale: $0, key: found.key) }.first
            let shown = resolvedEntry.map { templateText($0.value) } ?? template
            return .ok("\(shown)\n(template: give \(needed) argument\(needed == 1 ? "" : "s") to format it)")
        }
        let arguments = rawArguments.map(Self.argument)
        let resolved = localizer.resolve(Copy(found.table, found.key, arguments))
        var text = resolved.text
        if resolved.isFallback { text += "   (fallback: \(resolved.locale.isEmpty ? "key" : resolved.locale))" }
        for issue in resolved.issues { text += "\nwarning: \(issue)" }
        return .ok(text)
    }

    /// How many arguments the base string takes.
    private func neededArguments(_ value: CatalogValue) -> Int {
        switch value {
        case let .text(text):
            let specifiers = FormatSpecifier.parse(text)
            return max(specifiers.compactMap(\.position).max() ?? 0, specifiers.filter { $0.position == nil }.count)
        case let .plural(rule):
            let specifiers = FormatSpecifier.parse(rule.format)
            return max(specifiers.compactMap(\.position).max() ?? 0, specifiers.filter { $0.position == nil }.count)
        case .other:
            return 0
        }
    }

    private func templateText(_ value: CatalogValue) -> String {
        switch value {
        case let .text(text): text
        case let .plural(rule):
            rule.format + " " + rule.variables.keys.sorted().map { name in
                let forms = rule.variables[name]!.forms
                return "{" + PluralCategory.allCases.compactMap { category in forms[category].map { "\(category.rawValue): \($0)" } }.joined(separator: " | ") + "}"
            }.joined(separator: " ")
        case let .other(value): "\(value)"
        }
    }

    /// A typed argument from what was typed: integers, decimals, ISO dates, else text.
    static func argument(_ text: String) -> CopyArgument {
        if let integer = Int(text) { return .integer(integer) }
        if let number = Double(text), text.contains(".") { return .number(number) }
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: text) { return .date(date, .medium) }
        iso.formatOptions = [.withFullDate]
        if let date = iso.date(from: text) { return .date(date, .medium) }
        return .text(text)
    }

    func compare(_ qualified: String) -> CommandOutput {
        let found: (table: String, key: String, entry: CatalogEntry)
        switch lookUp(qualified) {
        case let .success(value): found = value
        case let .failure(error): return .error(error.message)
        }
        let budget = configuration.lengthBudget(table: found.table, key: found.key, comment: found.entry.comment)
        var lines = ["\(qualified)" + (budget.map { "  budget \($0)" } ?? "  no budget")]
        var locales = catalog.locales
        if !locales.contains(localizer.locale) { locales.append(localizer.locale) }
        for locale in locales {
            let source = locale == localizer.locale ? localizer.catalog : catalog
            guard let entry = source.entry(table: found.table, locale: locale, key: found.key) else {
                lines.append("  \(locale.padding(toLength: 7, withPad: " ", startingAt: 0))   —  missing")
                continue
            }
            let text: String = switch entry.value {
            case let .plural(rule): rule.variables.values.first?.forms[.other] ?? rule.format
            default: templateText(entry.value)
            }
            if locale == Linter.documentation {
                // Documentation for translators, not copy: never measured against the budget.
                lines.append("  \(locale.padding(toLength: 7, withPad: " ", startingAt: 0)) note   \(text)")
                continue
            }
            let width = TextLayout.width(text)
            let measure = budget.map { "\(width)/\($0)" } ?? "\(width)"
            let over = budget.map { width > $0 } ?? false
            lines.append("  \(locale.padding(toLength: 7, withPad: " ", startingAt: 0)) \(measure.padding(toLength: 6, withPad: " ", startingAt: 0)) \(text)\(over ? "   ⚠ over budget" : "")")
        }
        return .ok(lines.joined(separator: "\n"))
    }

    func plural(_ qualified: String, _ number: String) -> CommandOutput {
        let found: (table: String, key: String, entry: CatalogEntry)
        switch lookUp(qualified) {
        case let .success(value): found = value
        case let .failure(error): return .error(error.message)
        }
        guard let count = Double(number) else { return .error("`\(number)` is not a number; usage: plural TABLE.KEY N") }
        guard case .plural = found.entry.value else { return .error("`\(qualified)` has no plural forms (it is not in a .stringsdict)") }
        let category: String
        do { category = try localizer.formatting.pluralCategory(count).rawValue } catch { return .error(error.description) }
        let argument: CopyArgument = count.rounded() == count && abs(count) < 1e15 ? .integer(Int(count)) : .number(count)
        let resolved = localizer.resolve(Copy(found.table, found.key, [argument]))
        return .ok("\(number) → \(category) → \(resolved.text)\(resolved.isFallback ? "   (fallback: \(resolved.locale))" : "")")
    }

    // MARK: Formatting

    func format(_ kind: ValueKind, _ values: [String]) -> CommandOutput {
        do {
            return .ok(try ValueFormatting.format(kind, values, with: localizer.formatting))
        } catch {
            return .error(error.description)
        }
    }

    // MARK: Previews

    func previewList() -> CommandOutput {
        let previews = Self.previews
        let width = previews.map(\.id.count).max() ?? 0
        return .ok(previews.map { "\($0.id.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }.joined(separator: "\n"))
    }

    func preview(_ name: String) -> CommandOutput {
        let previews = Self.previews
        guard let preview = previews.first(where: { $0.id == name || $0.id.hasSuffix("." + name) }) else {
            let hint = Suggestion.closest(to: name, in: previews.map(\.id)).map { "; did you mean `\($0)`?" } ?? "; `previews` lists them"
            return .error("no preview `\(name)`\(hint)")
        }
        return .ok(render(preview.node).text)
    }

    public func render(_ node: ViewNode) -> RenderedScreen {
        PhoneRenderer(localizer: localizer, width: options.width, theme: options.theme, colour: options.colour).render(node)
    }

    func setWidth(_ width: Int) -> CommandOutput {
        options.width = width
        return .ok("width: \(width) columns")
    }

    /// `timeout [SECONDS]`: the command timeout from the next command on (a script lets `app start` take its time, then
    /// tightens it), or the current one.
    func setCommandTimeout(_ seconds: Double?) -> CommandOutput {
        guard let seconds else { return .ok("timeout: \(String(format: "%g", options.commandTimeout.seconds)) s") }
        options.commandTimeout = .milliseconds(Int64((seconds * 1_000).rounded(.up)))
        return .ok("timeout: \(String(format: "%g", seconds)) s")
    }

    func setTheme(_ theme: Theme) -> CommandOutput {
        options.theme = theme
        return .ok("theme: \(theme.rawValue)")
    }

    /// `palette`: every state colour pair of the current theme (Core's `StatePalette`) with its contrast and minimum.
    func palette() -> CommandOutput {
        let palette = options.theme == .dark ? StatePalette.dark : StatePalette.light
        let lines = palette.requirements.map { requirement in
            "\(requirement.isMet ? "✓" : "✗") \(requirement)"
        }
        return .ok((["state colours, \(palette.name) (WCAG 2.1: text ≥ 4.5:1, icons, pills and disabled text ≥ 3:1):"] + lines)
            .joined(separator: "\n"))
    }

    // MARK: Lint and reload

    func lint() -> CommandOutput {
        let linter = Linter(configuration: configuration)
        do {
            let result = try linter.lint(catalog)
            let text = Reporter.render(result, format: .text, colour: options.colour)
            return CommandOutput(stdout: text, stderr: "", failed: result.errors > 0, quit: false)
        } catch {
            return .error(error.description)
        }
    }

    func reload() -> CommandOutput {
        do {
            let (catalog, configuration) = try Self.load(options.catalogsPath)
            readCatalog = catalog
            unreadLocalesFolder = nil
            self.configuration = configuration
            let locale = localizer.locale
            localizer = Localizer(catalog: catalog, locale: locale, baseLocale: baseLocale)
            if Self.pseudoLocales.contains(where: { $0.name == locale }) { _ = switchLocale(locale) }
            let problems = catalog.problems.map { "warning: \($0)" }
            return .ok((["reloaded \(catalog.files.count) files from \(catalogsFolder); locale \(locale)"] + problems).joined(separator: "\n"))
        } catch {
            return .error(error.description)
        }
    }

    // MARK: Completion

    /// Candidates for the word being typed, given the line so far (for Tab).
    public func completions(line: String, word: String) -> [String] {
        let words = Self.split(line)
        let completingFirst = words.isEmpty || (words.count == 1 && !line.hasSuffix(" "))
        let pool: [String]
        if completingFirst {
            pool = commands.map(\.name)
        } else {
            switch words[0] {
            case "locale": pool = catalog.locales + Self.pseudoLocales.map(\.name)
            case "show", "compare", "plural": pool = qualifiedKeys
            case "keys": pool = catalog.tableNames
            case "preview": pool = Self.previews.map(\.id)
            case "format": pool = ValueKind.allCases.map(\.rawValue)
            case "theme": pool = Theme.allCases.map(\.rawValue)
            case "help": pool = commands.map(\.name)
            default:
                guard let group = groups.first(where: { $0.root._commandName == words[0] }) else { pool = []; break }
                // A group's commands, below those the finished words name (`app backend ` offers hold, release…).
                let finished = Array(words.dropFirst().dropLast(line.hasSuffix(" ") ? 0 : 1))
                let (path, used) = Self.commandPath(finished, from: group.root)
                pool = used == finished.count ? path.last!.configuration.subcommands.map { $0._commandName } : []
            }
        }
        return pool.filter { $0.hasPrefix(word) }.sorted()
    }

    // MARK: Parsing

    /// Words separated by spaces; "double quotes" keep spaces in one argument.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var hasWord = false
        for character in line {
            if character == "\"" { quoted.toggle(); hasWord = true; continue }
            if character.isWhitespace && !quoted {
                if hasWord { words.append(current); current = ""; hasWord = false }
                continue
            }
            current.append(character)
            hasWord = true
        }
        if hasWord { words.append(current) }
        return words
    }

    static func glob(_ pattern: String, matches text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] { pi += 1; ti += 1 }
            else if pi < p.count, p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

struct REPLCommandError: Error {
    var message: String
}
