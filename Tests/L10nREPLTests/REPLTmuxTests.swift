import Foundation
import Glibc
import Testing
import TestSupport

/// The interactive REPL on a real terminal (tmux): line editing, history recall with Up, Tab
/// completion of a key, and non-ASCII input arriving intact.
@Suite("l10n repl on a terminal (tmux)")
struct REPLTmuxTests {
    static let tmux = ["/usr/bin/tmux", "/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs tmux and returns what it printed. Spawned with posix_spawn and reaped with waitpid:
    /// `new-session` daemonizes a server, and Foundation's `Process` never notices that client exit.
    @discardableResult
    static func tmuxRun(_ arguments: [String]) throws -> String {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw TmuxError(message: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        // The server must not inherit our pipe, or reading it would never end.
        let argv = ([tmux!] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux!, &actions, nil, argv, environ)
        close(pipe[1])
        guard spawned == 0 else { close(pipe[0]); throw TmuxError(message: "posix_spawn failed: \(spawned)") }
        var output = Data()
        if arguments.contains("capture-pane") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
        }
        close(pipe[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: output, as: UTF8.self)
    }

    struct TmuxError: Error { var message: String }

    /// Polls the pane until `text` shows (the REPL is a separate process; no fixed sleeps).
    static func waitFor(_ text: String, socket: String, session: String, attempts: Int = 400) throws -> String {
        var screen = ""
        for _ in 0..<attempts {
            screen = try tmuxRun(["-S", socket, "capture-pane", "-p", "-t", session])
            if screen.contains(text) { return screen }
            usleep(25_000)  // polling a real terminal: the REPL runs in its own process
        }
        Issue.record("timed out waiting for \"\(text)\"; the screen was:\n\(screen)")
        return screen
    }

    /// Polls the pane until the REPL waits at `prompt` on the screen's last line with nothing typed after it. Keys sent
    /// before then arrive as type-ahead: the terminal echoes them before line editing starts, and the line is drawn
    /// twice (a run under load once showed `show Core.offline.indicator.ti  l10n [pl]tle …` and the test timed out).
    static func waitForPrompt(_ prompt: String, socket: String, session: String, attempts: Int = 400) throws {
        var screen = ""
        for _ in 0..<attempts {
            screen = try tmuxRun(["-S", socket, "capture-pane", "-p", "-t", session])
            let last = screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
            if let last, last.trimmingCharacters(in: .whitespaces) == prompt { return }
            usleep(25_000)  // polling a real terminal: the REPL runs in its own process
        }
        Issue.record("timed out waiting for the prompt \"\(prompt)\"; the screen was:\n\(screen)")
    }

    @Test(.enabled(if: Requirement.met(REPLTmuxTests.tmux != nil), "tmux is not installed (apt-get install tmux; scripts/install-system-packages does)"))
    func typeRecallCompleteAndTypeNonASCII() throws {
        _ = try #require(Self.tmux, "tmux is not installed (apt-get install tmux; scripts/install-system-packages does)")
        let binary = try #require(builtL10n(), "the l10n binary is built before the tests (swift build --product l10n)")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("repl-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let socket = home.appendingPathComponent("tmux.sock").path
        let session = "repl"
        defer {
            _ = try? Self.tmuxRun(["-S", socket, "kill-server"])
            try? FileManager.default.removeItem(at: home)
        }
        let command = "env HOME=\(home.path) XDG_DATA_HOME= LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR=1 \(binary.path) repl"
        try Self.tmuxRun(["-S", socket, "new-session", "-d", "-s", session, "-x", "120", "-y", "40", command])
        try Self.waitForPrompt("l10n [en]>", socket: socket, session: session)

        // Type a command.
        try Self.tmuxRun(["-S", socket, "send-keys", "-t", session, "locale nb", "Enter"])
        _ = try Self.waitFor("locale: nb", socket: socket, session: session)
        try Self.waitForPrompt("l10n [nb]>", socket: socket, session: session)

        // Recall it with Up, edit it into another command.
        try Self.tmuxRun(["-S", socket, "send-keys", "-t", session, "Up"])
        try Self.tmuxRun(["-S", socket, "send-keys", "-t", session, "BSpace", "BSpace", "p", "l", "Enter"])
        _ = try Self.waitFor("locale: pl", socket: socket, session: session)
        try Self.waitForPrompt("l10n [pl]>", socket: socket, session: session)

        // Complete a key with Tab.
        try Self.tmuxRun(["-S", socket, "send-keys", "-t", session, "show Core.offline.indicator.ti", "Tab"])
        _ = try Self.waitFor("show Core.offline.indicator.title", socket: socket, session: session)
        try Self.tmuxRun(["-S", socket, "send-keys", "-t", session, "Enter"])
        _ = try Self.waitFor("Tryb offline", socket: socket, session: session)
        try Self.waitForPrompt("l10n [pl]>", socket: socket, session: session)

        // Non-ASCII input survives line editing.
        try Self.tmuxRun(["-S", socket, "send-keys", "-t", session, "show blåbær", "Enter"])
        let screen = try Self.waitFor("no key `blåbær`", socket: socket, session: session)
        #expect(screen.contains("show blåbær"))
        try Self.waitForPrompt("l10n [pl]>", socket: socket, session: session)

        // History is kept across runs in the user's data folder.
        try Self.tmuxRun(["-S", socket, "send-keys", "-t", session, "quit", "Enter"])
        let history = home.appendingPathComponent(".local/share/offlinekit/l10n-repl-history")
        var saved = ""
        // libedit writes its history vis-encoded: a space is "\040".
        for _ in 0..<200 where !saved.contains("locale\\040pl") {
            saved = (try? String(contentsOf: history, encoding: .utf8)) ?? ""
            usleep(25_000)
        }
        #expect(saved.hasPrefix("_HiStOrY_V2_"))
        #expect(saved.contains("locale\\040pl"))
    }
}
