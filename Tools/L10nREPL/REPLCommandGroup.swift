public import ArgumentParser
import Core
import Foundation
public import LocalizationKit

/// Commands a program plugs into the REPL. `l10n-repl` plugs in `app …` (Tools/L10nREPLApp), so this library knows
/// catalogs and rendering only: the translators' REPL never links the app, its store, its network or its backend.
public protocol REPLCommandGroup: AnyObject {
    /// The group's root command (ArgumentParser): its name is the word that starts the group's lines (`app`), its abstract
    /// is its line in `help`, its subcommands are the group's commands (`help app`, `help app backend` show them).
    var root: any ParsableCommand.Type { get }
    /// Runs `app …` (the words after the command word) in `session`: its locale, width and theme. The group turns the
    /// words into one of its commands with `REPLSession.parse(_:from:as:)`, which answers help and usage mistakes itself.
    func run(_ arguments: [String], in session: REPLSession) async -> CommandOutput
    /// On `quit`: stops what the group started.
    func shutDown() async
}

/// The REPL's current localizer, readable from any thread.
public final class LocalizerBox: Sendable {
    private let storage: Locked<Localizer>
    public init(_ localizer: Localizer) { storage = Locked(localizer) }
    public var value: Localizer { storage.withLock { $0 } }
    func set(_ localizer: Localizer) { storage.withLock { $0 = localizer } }
}


/// The REPL never blocks silently: a command still running after its timeout (15 s by default, `--command-timeout`)
/// gives the prompt back with what it is waiting for; the work goes on in the background, and a note on stderr says
/// when it ends.
public enum CommandGuard {
    private struct State {
        var command = ""
        var timeout: Duration = .seconds(15)
        var waitingFor: (@Sendable () -> String)?
    }
    private static let state = Locked(State())

    /// Called before each command.
    public static func begin(_ command: String, timeout: Duration) {
        state.withLock { $0.command = command; $0.timeout = timeout }
    }

    /// What a late command is waiting for (the app's current step), or nil when no app runs.
    public static func describeWaits(_ describe: (@Sendable () -> String)?) {
        state.withLock { $0.waitingFor = describe }
    }

    public static var current: (command: String, timeout: Duration, waitingFor: (@Sendable () -> String)?) {
        state.withLock { ($0.command, $0.timeout, $0.waitingFor) }
    }
}

extension CommandGuard {
    /// `task`'s value if it ends within `timeout`, else nil: the caller gives the prompt back and the task goes on.
    public static func value<T: Sendable>(of task: Task<T, Never>, within timeout: Duration) async -> T? {
        // Whichever comes first, the value or the deadline, resumes the caller; the other finds nothing left to resume.
        let waiting = Locked<CheckedContinuation<T?, Never>?>(nil)
        return await withCheckedContinuation { continuation in
            waiting.withLock { $0 = continuation }
            let deadline = Task {
                do { try await Task.sleep(for: timeout) } catch { return }  // cancelled: the value came first
                waiting.withLock { $0.take() }?.resume(returning: nil)
            }
            Task {
                let value = await task.value
                waiting.withLock { $0.take() }?.resume(returning: value)
                deadline.cancel()
            }
        }
    }
}
