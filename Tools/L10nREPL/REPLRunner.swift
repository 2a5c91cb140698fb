import CEditLine
import Core
import Foundation

/// Runs a REPL session against a terminal (libedit: line editing, history, Tab completion) or a
/// script (stdin that is not a terminal, or `--script FILE`: no prompt, no colour, one command a
/// line, only results on stdout, errors on stderr). It awaits each command; reading a line, which blocks until one comes,
/// happens on a thread of its own, never on the cooperative pool that the commands' async work runs on.
public enum REPLRunner {
    /// Exit statuses, as `l10n repl --help` documents them.
    public enum Status: Int32 {
        case ok = 0
        /// Script mode: at least one command failed.
        case commandFailed = 1
        /// The catalogs or the script could not be read.
        case startFailed = 2
    }

    /// `groups`: the command groups the program plugs in (`l10n-repl`: `app …`).
    public static func run(options: REPLSession.Options, scriptPath: String?, groups: [any REPLCommandGroup] = []) async -> Status {
        LaunchTrace.mark("l10n-repl started")
        let interactive = scriptPath == nil && isatty(0) != 0 && isatty(1) != 0
        var options = options
        options.colour = interactive && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let session: REPLSession
        do {
            session = try REPLSession(options: options, groups: groups)
            session.displaySink = { standardOutput($0) }
            LaunchTrace.mark("catalogs loaded")
        } catch {
            standardError("l10n repl: \(error.message)")
            return .startFailed
        }
        if interactive { return await runInteractive(session) }
        let input: FileHandle
        if let scriptPath {
            guard let handle = FileHandle(forReadingAtPath: scriptPath) else {
                standardError("l10n repl: cannot read the script \(scriptPath); check the path and that you may read it")
                return .startFailed
            }
            input = handle
        } else {
            input = .standardInput
        }
        return await runScript(session, lines: LineReader.lines(of: input))
    }

    /// Script mode: every line is a command; the status is 1 if any failed.
    static func runScript(_ session: REPLSession, lines: AsyncStream<String>) async -> Status {
        var failed = false
        for await line in lines {
            let output = await session.execute(line)
            if !output.stdout.isEmpty { standardOutput(output.stdout) }
            if !output.stderr.isEmpty { standardError(output.stderr) }
            failed = failed || output.failed
            if output.quit { break }
        }
        return failed ? .commandFailed : .ok
    }

    // MARK: Interactive

    static func runInteractive(_ session: REPLSession) async -> Status {
        // Without the user's locale libedit drops non-ASCII keystrokes ("blåbær" would lose its letters).
        setlocale(LC_ALL, "")
        LineEditing.session = session
        okedit_configure(LineEditing.name, LineEditing.generator, LineEditing.attempt)
        using_history()
        stifle_history(1000)
        let history = historyFile()
        if let history { _ = read_history(history) }
        standardOutput("OfflineKit l10n REPL — catalogs: \(session.catalogsFolder)\nType `help` for the commands, Tab to complete, Ctrl-D to leave.")
        while true {
            guard let line = await LineEditing.readLine(prompt: session.prompt) else { standardOutput(""); break }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(line) }
            let output = await session.execute(line)
            if !output.stdout.isEmpty { standardOutput(output.stdout) }
            if !output.stderr.isEmpty { standardError("\u{1B}[31m" + output.stderr + "\u{1B}[0m") }
            if output.quit { break }
        }
        if let history { _ = write_history(history) }
        return .ok
    }

    /// `$XDG_DATA_HOME/offlinekit/l10n-repl-history` (else `~/.local/share/…`), created if missing.
    static func historyFile() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.local/share" }
        guard let base else { return nil }
        let folder = base + "/offlinekit"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/l10n-repl-history"
    }

    /// A reader that went away (`l10n repl --script s.repl | head`) ends the REPL quietly, as it would end `cat`:
    /// FileHandle's old `write(_:)` traps on EPIPE instead.
    static func standardOutput(_ text: String) {
        write(text, to: .standardOutput)
    }

    static func standardError(_ text: String) {
        write(text, to: .standardError)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        do { try handle.write(contentsOf: Data((text + "\n").utf8)) } catch { exit(0) }
    }
}

/// libedit's completion callbacks are C function pointers without context, so the session they
/// complete from is a global. Touched by the thread reading a line while the REPL awaits that line, and set before.
private enum LineEditing {
    nonisolated(unsafe) static var session: REPLSession?
    nonisolated(unsafe) static var matches: [String] = []
    /// libedit keeps the pointer, so the name must live as long as the process.
    nonisolated(unsafe) static let name: UnsafePointer<CChar> = UnsafePointer(strdup("l10n")!)

    /// libedit's `readline` blocks until the user ends a line (its completion callbacks run meanwhile), so it runs on a
    /// thread of its own and the REPL awaits the line; nil at the end of input (Ctrl-D).
    static func readLine(prompt: String) async -> String? {
        await withCheckedContinuation { continuation in
            Thread {
                let line = readline(prompt).map { raw in
                    defer { free(raw) }
                    return String(cString: raw)
                }
                continuation.resume(returning: line)
            }.start()
        }
    }

    static let attempt: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, _, _ in
        okedit_disable_filename_completion()  // never fall back to file names
        return rl_completion_matches(text, LineEditing.generator)
    }

    static let generator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { text, state in
        if state == 0 {
            let word = text.map { String(cString: $0) } ?? ""
            let line = okedit_line_buffer().map { String(cString: $0) } ?? ""
            let upToCursor = String(line.utf8.prefix(Int(okedit_point()))) ?? line
            LineEditing.matches = LineEditing.session?.completions(line: upToCursor, word: word) ?? []
        }
        let index = Int(state)
        guard index < LineEditing.matches.count else { return nil }
        return strdup(LineEditing.matches[index])
    }
}

/// Lines of a file handle, read lazily (a script may be long; stdin may be a pipe).
struct LineReader: Sequence, IteratorProtocol {
    /// The lines as the REPL awaits them: a thread of their own reads them (a read blocks until the pipe has data), and
    /// stops at the next line once the REPL has stopped reading (`quit`).
    static func lines(of handle: FileHandle) -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread {
                for line in LineReader(handle: handle) {
                    if case .terminated = continuation.yield(line) { return }
                }
                continuation.finish()
            }.start()
        }
    }

    let handle: FileHandle
    private var buffer = Data()
    private var finished = false

    init(handle: FileHandle) {
        self.handle = handle
    }

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            }
            if finished {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let chunk = handle.availableData
            if chunk.isEmpty { finished = true } else { buffer.append(chunk) }
        }
    }
}
