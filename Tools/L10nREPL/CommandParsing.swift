public import ArgumentParser

/// What a line's words parsed to: a command to run, or what to print instead (a help screen, a usage error).
public enum ParsedLine<Command> {
    case command(Command)
    case output(CommandOutput)
}

/// ArgumentParser reads every line: the built-in commands' and each group's (`app …`). Help screens, usage lines and
/// the messages for a missing or bad argument are ArgumentParser's; the REPL prints them as its other output:
/// `error: …` and `usage: …` on stderr, help on stdout.
extension REPLSession {
    /// Parses `words` from `root`, a command whose subcommands are what a line may run. A parsed command of type
    /// `Command` (the group's leaves) is returned to run; `--help`, ArgumentParser's `help` and a command that needs a
    /// subcommand it was not given print its help instead, and a parse error prints the message with the usage.
    public static func parse<Command>(_ words: [String], from root: any ParsableCommand.Type, as _: Command.Type) -> ParsedLine<Command> {
        let parsed: any ParsableCommand
        do {
            parsed = try root.parseAsRoot(words)
        } catch {
            return .output(usageError(error, words: words, root: root))
        }
        if let command = parsed as? Command { return .command(command) }
        // ArgumentParser's help (`--help`, or the `help` it gives a command with subcommands: `app help backend`), or a
        // command with subcommands given none (`app backend`).
        var (path, used) = commandPath(words, from: root)
        var helpRequested = words.contains { $0 == "--help" || $0 == "-h" }
        if used < words.count, words[used] == "help", let node = path.last, !node.configuration.subcommands.isEmpty {
            helpRequested = true
            path += commandPath(Array(words[(used + 1)...]), from: node).commands.dropFirst()
        }
        if helpRequested { return .output(.ok(helpText(path))) }
        let names = path.map { $0._commandName }.filter { !$0.isEmpty }.joined(separator: " ")
        guard let node = path.last, !node.configuration.subcommands.isEmpty else {
            return .output(.error("`\(names)` cannot run here"))  // a leaf of another type: a group's mistake, not the user's
        }
        return .output(.error("`\(names)` needs one of its commands; `help \(names)` lists them\nusage: \(usage(path))"))
    }

    /// A usage mistake the parser could not see (it needs the session): the message with the command's usage.
    public static func usageError(_ message: String, words: [String], root: any ParsableCommand.Type) -> CommandOutput {
        .error(message + "\nusage: " + usage(commandPath(words, from: root).commands))
    }

    static func usageError(_ error: any Error, words: [String], root: any ParsableCommand.Type) -> CommandOutput {
        let (path, used) = commandPath(words, from: root)
        // A word that names no command of a group: say so, with the closest, rather than "unexpected argument".
        if let node = path.last, !node.configuration.subcommands.isEmpty, used < words.count, !words[used].hasPrefix("-") {
            let names = node.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
            let prefix = path.map { $0._commandName }.filter { !$0.isEmpty }.joined(separator: " ")
            let spelled = prefix.isEmpty ? words[used] : "\(prefix) \(words[used])"
            let hint = Suggestion.closest(to: words[used], in: names).map { "; did you mean `\(prefix.isEmpty ? $0 : "\(prefix) \($0)")`?" }
                ?? "; `help \(prefix)` lists them"
            return .error("unknown command `\(spelled)`\(hint)")
        }
        return usageError(sentence(root.message(for: error)), words: words, root: root)
    }

    /// The commands `words` name from `root` down (root first), and how many words named them.
    static func commandPath(_ words: [String], from root: any ParsableCommand.Type) -> (commands: [any ParsableCommand.Type], used: Int) {
        var path = [root]
        var used = 0
        while used < words.count, let next = path.last!.configuration.subcommands.first(where: { subcommand in
            subcommand._commandName == words[used] || subcommand.configuration.aliases.contains(words[used])
        }) {
            path.append(next)
            used += 1
        }
        return (path, used)
    }

    /// The path as a line starts it: the built-in commands' root has no name, so `locale`'s usage reads `locale <ID>`.
    private static func shown(_ path: [any ParsableCommand.Type]) -> [any ParsableCommand.Type] {
        path.first?._commandName.isEmpty == true ? Array(path.dropFirst()) : path
    }

    /// ArgumentParser's usage line of the last command of `path`.
    static func usage(_ path: [any ParsableCommand.Type]) -> String {
        let path = shown(path)
        guard let first = path.first, let last = path.last else { return "" }
        return first.usageString(for: last)
    }

    /// ArgumentParser's help screen of the last command of `path`, in the terminal's width.
    static func helpText(_ path: [any ParsableCommand.Type]) -> String {
        let path = shown(path)
        guard let first = path.first, let last = path.last else { return "" }
        return first.helpMessage(for: last).trimmingTrailingNewlines
    }

    /// ArgumentParser's messages are sentences ("Missing expected argument '<ID>'"); after `error: ` they start lower-case.
    static func sentence(_ message: String) -> String {
        guard let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true else { return message }
        return first.lowercased() + message.dropFirst()
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
