public import ArgumentParser
import Core
import Foundation
public import L10nREPL
public import OfflineApp

/// `app …`: drives the composed app (Tools/OfflineApp) from the REPL and renders its screen in the current locale.
/// The `l10n-repl` executable plugs this group into the REPL (`REPLSession(options:groups:)`): the translators' REPL
/// library knows catalogs and rendering only, never the app, its store, its network or its reference backend.
/// ArgumentParser reads each line (`AppCommand`, one subcommand a command); each command awaits the app's async work.
public final class AppCommands: REPLCommandGroup {
    /// The app the REPL drives (none, starting, started).
    public let appState = AppState()

    public init() {}

    public var root: any ParsableCommand.Type { AppCommand.self }

    public func run(_ arguments: [String], in session: REPLSession) async -> CommandOutput {
        switch REPLSession.parse(arguments, from: AppCommand.self, as: (any AppSubcommand).self) {
        case let .output(output):
            return output
        case let .command(command):
            do throws(AppCommandError) {
                return try await command.run(in: AppContext(session: session, appState: appState))
            } catch {
                return .error(error.message)
            }
        }
    }

    /// Stops the app and its embedded backend (on quit).
    public func shutDown() async {
        guard let app = appState.app else { return }
        // Quitting does not wait past the command timeout for a stuck shutdown: the process ends anyway.
        _ = try? await withinCommandTimeout { await app.shutDown() }
        appState.stopped()
        CommandGuard.describeWaits(nil)
    }
}

/// `app call ACTION …`: ArgumentParser lists the actions and names the one it does not know.
extension OfflineApp.ProductCall: ExpressibleByArgument {}

/// What an `app …` command runs with: the REPL (its locale, width, options) and the app it drives.
struct AppContext {
    let session: REPLSession
    let appState: AppState
}

/// The app the REPL drives: none, one still starting (an `app start` that outlived its command timeout goes on behind
/// the prompt and installs the app when it ends), or one started. Read by the REPL, set by the start's task.
public final class AppState: Sendable {
    public enum Phase: Sendable {
        case stopped
        case starting
        case started(OfflineApp)
    }

    private struct State {
        var phase = Phase.stopped
        /// Those awaiting the end of a start (`waitUntilNotStarting`).
        var awaitingStart: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    public var current: Phase { state.withLock { $0.phase } }

    var app: OfflineApp? {
        if case let .started(app) = current { return app }
        return nil
    }

    /// Marks a start as under way; false when an app is already starting or started.
    func beginStarting() -> Bool {
        state.withLock { state in
            guard case .stopped = state.phase else { return false }
            state.phase = .starting
            return true
        }
    }

    /// The start ended: with its app, or with nothing (it failed).
    func finishStarting(_ app: OfflineApp?) {
        let awaiting = state.withLock { state in
            state.phase = app.map(Phase.started) ?? .stopped
            defer { state.awaitingStart = [] }
            return state.awaitingStart
        }
        for continuation in awaiting { continuation.resume() }
    }

    /// Returns once no start is under way.
    private func startEnded() async {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state in
                guard case .starting = state.phase else { return true }
                state.awaitingStart.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }

    /// Waits until no start is under way, for at most `timeout`; false when one still is.
    public func waitUntilNotStarting(within timeout: Duration) async -> Bool {
        await CommandGuard.value(of: Task { await self.startEnded() }, within: timeout) != nil
    }

    func stopped() {
        state.withLock { $0.phase = .stopped }
    }
}

/// Awaits the app's work for at most the command's timeout (`timeout`, `--command-timeout`). Past it, the command fails
/// saying what the work waits for, the prompt comes back, and the work goes on behind it: a note on stderr says when it
/// ends. `failure` says what went wrong in a value, for that note.
func withinCommandTimeout<T: Sendable>(failure: @escaping @Sendable (T) -> String? = { _ in nil },
                                       _ work: @escaping @Sendable () async -> T) async throws(AppCommandError) -> T {
    let guarded = CommandGuard.current
    let started = ContinuousClock.now
    let task = Task { await work() }
    if let value = await CommandGuard.value(of: task, within: guarded.timeout) { return value }
    Task {
        let value = await task.value
        let seconds = (ContinuousClock.now - started).seconds
        let ending = failure(value).map { "failed after \(String(format: "%.1f", seconds)) s: \($0)" }
            ?? "finished after \(String(format: "%.1f", seconds)) s"
        FileHandle.standardError.write(Data("note: `\(guarded.command)` \(ending)\n".utf8))
    }
    let waitingFor = guarded.waitingFor?() ?? "its own work"
    throw AppCommandError("`\(guarded.command)` is still running after \(String(format: "%g", guarded.timeout.seconds)) s, "
                          + "waiting for: \(waitingFor). The prompt is back; the command goes on in the background and a note "
                          + "says when it ends (`app kill` stops the app's work).")
}

func withinCommandTimeout<T: Sendable>(_ work: @escaping @Sendable () async throws(AppCommandError) -> T) async throws(AppCommandError) -> T {
    let outcome: Result<T, AppCommandError> = try await withinCommandTimeout(failure: { result in
        if case let .failure(error) = result { return error.message }
        return nil
    }) { () async -> Result<T, AppCommandError> in
        do throws(AppCommandError) { return .success(try await work()) } catch { return .failure(error) }
    }
    return try outcome.get()
}
