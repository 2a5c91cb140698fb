import Core
import LocalizationKit
import Foundation
public import L10nREPL
public import OfflineApp

/// `app …`: drives the composed app (Tools/OfflineApp) from the REPL and renders its screen in the current locale.
/// The `l10n-repl` executable plugs this group into the REPL (`REPLSession(options:groups:)`): the translators' REPL
/// library knows catalogs and rendering only, never the app, its store, its network or its reference backend.
public final class AppCommands: REPLCommandGroup {
    /// The app the REPL drives (none, starting, started).
    public let appState = AppState()

    public init() {}

    public var info: REPLSession.CommandInfo {
        REPLSession.CommandInfo(name: "app", usage: "app COMMAND …",
                                summary: "run the app (four features, one store, one outbox) and see its screens; `help app` for each")
    }

    public var usage: String { REPLSession.appUsage }

    public func run(_ arguments: [String], in session: REPLSession) async -> CommandOutput {
        await session.app(arguments, appState: appState)
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

extension REPLSession {
    static let appUsage = """
    app start [--user ID] [--server URL] [--offline] [--products N]
                                                       launch (without --server: a backend in process on 127.0.0.1,
                                                       seeding N products for the user: 0…10,000, default 12; any
                                                       ID works, with sample data seeded by it; default user1)
    app login ID · app logout
    app online · app offline                           the backend accepts / refuses connections; the app notices
    app backend hold|release                           data requests wait at the backend (a warmup stays in progress)
    app backend flaky PERCENT [ENDPOINT]|steady        about PERCENT % of requests fail (resets, 503s), probes too;
                                                       ENDPOINT (products, cart, orders, summary, activities): only those
    app backend add-activity                           the backend records an activity for the user, as another device
                                                       would (the summary hears of it on reconnect)
    app backend reject ENDPOINT                        requests to ENDPOINT get a final 422 (a queued write fails for
                                                       good: its row shows the error with Dismiss); `steady` lifts it
    app backend revoke|expire                          the backend ends the user's sessions: the app is signed out, not offline
    app backend requests                               what the backend has received, by endpoint
    app network wifi|cellular|none                     what the path monitor reads
    app open products|product ID|cart|orders|summary|summary card
    app tap ACTION                                     an action's localized title, its id, or its kind (dismiss)
    app call raise-service-request PRODUCT [ISSUE…]    an online-only action through the feature's API, not a button:
    app call transfer-ownership PRODUCT USER           offline it throws its typed error and sends nothing (BR-001)
    app refresh · app register-activity
    app background · app foreground · app kill · app relaunch
    app advance SECONDS                                move the simulated clock (banner timers, staleness)
    app warmup · app status · app screen · app telemetry
    """

    func app(_ arguments: [String], appState: AppState) async -> CommandOutput {
        guard let command = arguments.first else { return .error("usage:\n" + Self.appUsage) }
        let rest = Array(arguments.dropFirst())
        if command == "start" { return await appStart(rest, appState: appState) }
        let app: OfflineApp
        switch appState.current {
        case .stopped: return .error("the app is not started: `app start` first (add --offline to launch with the network down)")
        case .starting: return .error("the app is still starting: `app start` goes on in the background, and a note says when it ends")
        case let .started(started): app = started
        }
        do throws(AppCommandError) {
            switch (command, rest.count) {
            case ("login", 1):
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.login(rest[0]) }
                return .ok("logged in as \(rest[0])")
            case ("logout", 0):
                try await withinCommandTimeout { await app.logout() }
                return .ok("logged out")
            case ("online", 0), ("offline", 0):
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendReachable(command == "online") }
                return .ok("backend \(command == "online" ? "accepting" : "refusing") connections; status: \(try await withinCommandTimeout { await app.status }.rawValue)")
            case ("backend", 1...):
                switch (rest[0], rest.count) {
                case ("hold", 1), ("release", 1):
                    try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendHolding(rest[0] == "hold") }
                case ("flaky", 2), ("flaky", 3):
                    guard let percent = Int(rest[1]) else { return .error("usage: app backend flaky PERCENT [ENDPOINT] (0–100)") }
                    let endpoint = rest.count == 3 ? rest[2] : nil
                    try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendFlaky(percent: percent, endpoint: endpoint) }
                case ("steady", 1):
                    try await withinCommandTimeout { () async throws(AppCommandError) in
                        try await app.setBackendFlaky(percent: 0)
                        try await app.setBackendRejecting(endpoint: nil)
                    }
                case ("add-activity", 1):
                    return .ok(try await withinCommandTimeout { () async throws(AppCommandError) in try await app.backendAddActivity() })
                case ("reject", 2):
                    try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendRejecting(endpoint: rest[1]) }
                case ("revoke", 1), ("expire", 1):
                    return .ok(try await withinCommandTimeout { () async throws(AppCommandError) in try await app.backendEndSessions(expiring: rest[0] == "expire") })
                case ("requests", 1):
                    guard let counts = try await withinCommandTimeout({ await app.backendRequests }) else {
                        return .error("`app backend requests` needs the embedded backend; with --server, GET /_admin/requests")
                    }
                    let lines = counts.sorted { $0.key < $1.key }.map { "  \($0.value) × \($0.key)" }
                    return .ok((["backend received \(counts.values.reduce(0, +)) request(s):"] + lines).joined(separator: "\n"))
                default:
                    return .error("usage: app backend hold|release|flaky PERCENT [ENDPOINT]|reject ENDPOINT|add-activity|steady|revoke|expire|requests")
                }
                let (conditions, status, counts) = try await withinCommandTimeout { await (app.backend, app.status, app.backendCounts) }
                let tally = counts.map { " · \($0.requests) requests so far, \($0.injectedFaults) failed on purpose" } ?? ""
                return .ok("backend: \(conditions.description); status: \(status.rawValue)\(tally)")
            case ("network", 1):
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setNetwork(rest[0]) }
                return .ok("network: \(rest[0]); status: \(try await withinCommandTimeout { await app.status }.rawValue)")
            case ("open", _):
                guard let route = AppRoute(rest) else { return .error("usage: app open products|product ID|cart|orders|summary|summary card") }
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.open(route) }
                return await appScreen(app)
            case ("tap", 1...):
                let wanted = rest.joined(separator: " ")
                let actions = try await withinCommandTimeout { await app.actions() }
                // By id, by title in the REPL's locale, or by an id's kind when one action of it is on screen
                // (`app tap dismiss` for `dismiss:<id>`: a script works in every locale without knowing the id).
                let ofKind = actions.filter { $0.id.hasPrefix(wanted + ":") }
                let match = actions.first { $0.id == wanted } ?? actions.first { localizer.resolve($0.title).text == wanted }
                    ?? (ofKind.count == 1 ? ofKind.first : nil)
                guard let action = match else {
                    let known = actions.map { "\($0.id) (\(localizer.resolve($0.title).text))" }.joined(separator: ", ")
                    return .error("no action `\(wanted)` on this screen; actions: \(known.isEmpty ? "none" : known)")
                }
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.tap(action.id) }
                return await appScreen(app)
            case ("call", 2...):
                guard let action = OfflineApp.ProductCall(rawValue: rest[0]) else {
                    return .error("unknown action \(rest[0]): \(OfflineApp.ProductCall.allCases.map(\.rawValue).joined(separator: " or "))")
                }
                let argument = rest.count > 2 ? rest[2...].joined(separator: " ") : "Reported from the REPL"
                let outcome = try await withinCommandTimeout { () async throws(AppCommandError) in
                    try await app.call(action, productID: rest[1], argument: argument)
                }
                return .ok(outcome)
            case ("refresh", 0):
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.refresh() }
                return await appScreen(app)
            case ("register-activity", 0):
                let activity = try await withinCommandTimeout { () async throws(AppCommandError) in try await app.registerActivity() }
                return .ok("activity registered: \(activity)")
            case ("background", 0), ("foreground", 0):
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.lifecycle(command == "background" ? .backgrounded : .foregrounded) }
                return .ok(command == "background" ? "app in the background" : "app in the foreground")
            case ("kill", 0):
                try await withinCommandTimeout { await app.kill() }
                return .ok("app killed (no clean shutdown); `app relaunch` starts it again on the same data folder")
            case ("relaunch", 0):
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.relaunch() }
                return .ok("app relaunched; status: \(try await withinCommandTimeout { await app.status }.rawValue)")
            case ("advance", 1):
                guard let seconds = Double(rest[0]), seconds >= 0 else { return .error("usage: app advance SECONDS (a number ≥ 0)") }
                try await withinCommandTimeout { await app.advance(seconds: seconds) }
                return .ok("simulated clock +\(rest[0]) s")
            case ("warmup", 0):
                guard let snapshot = try await withinCommandTimeout({ await app.warmupSnapshot }) else { return .ok("warmup: the app is not running") }
                return .ok("warmup: \(snapshot.phase) (session \(snapshot.sessionNumber), \(snapshot.subtasks) subtasks, \(snapshot.pendingRequired) required pending)")
            case ("status", 0):
                let (status, network, user, route, session) = try await withinCommandTimeout { await (app.status, app.network, app.user, app.route, app.session) }
                return .ok("user: \(user ?? "none") · session: \(session.map(Self.describe) ?? "none") · status: \(status.rawValue) · network: \(network?.description ?? "unknown") · screen: \(route?.description ?? "none")")
            case ("screen", 0):
                return await appScreen(app)
            case ("telemetry", 0):
                let events = app.telemetrySink.events
                return .ok(events.map { event in
                    let attributes = event.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                    let duration = event.duration.map { String(format: " (%.0f ms)", $0.seconds * 1000) } ?? ""
                    return "\(event.name)\(attributes.isEmpty ? "" : " " + attributes)\(duration)"
                }.joined(separator: "\n"))
            default:
                return .error("unknown or incomplete app command `\(arguments.joined(separator: " "))`; usage:\n" + Self.appUsage)
            }
        } catch {
            return .error(error.message)
        }
    }

    private func appStart(_ arguments: [String], appState: AppState) async -> CommandOutput {
        switch appState.current {
        case .stopped: break
        case .starting: return .error("the app is already starting: `app start` goes on in the background, and a note says when it ends")
        case .started: return .error("the app is already started: use `app relaunch`, `app login ID` or `app kill`")
        }
        var user = "user1"
        var server: URL?
        var offline = false
        var products: Int?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--user" where index + 1 < arguments.count: user = arguments[index + 1]; index += 2
            case "--server" where index + 1 < arguments.count:
                guard let url = URL(string: arguments[index + 1]), url.scheme?.hasPrefix("http") == true else {
                    return .error("--server needs a URL like http://127.0.0.1:8080")
                }
                server = url
                index += 2
            case "--offline": offline = true; index += 1
            case "--products" where index + 1 < arguments.count:
                guard let count = Int(arguments[index + 1]) else { return .error("--products needs a number, e.g. --products 60") }
                products = count
                index += 2
            default: return .error("usage: app start [--user ID] [--server URL] [--offline] [--products N]")
            }
        }
        let folder = options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("offlinekit-app-\(ProcessInfo.processInfo.processIdentifier)")
        let localizerBox = currentLocalizer
        let options = AppOptions(dataDirectory: folder, serverURL: server, user: user, startOffline: offline,
                                 localizer: { localizerBox.value }, productCount: products)
        guard appState.beginStarting() else { return .error("the app is already starting or started") }
        do throws(AppCommandError) {
            // The start installs its app itself: a start that outlives the command timeout still ends with the app driven
            // by the next commands, not with one running unseen beside the next `app start` on the same store.
            let app = try await withinCommandTimeout { () async throws(AppCommandError) in
                do throws(AppCommandError) {
                    let app = try await OfflineApp.start(options)
                    CommandGuard.describeWaits { app.waitingFor }
                    appState.finishStarting(app)
                    return app
                } catch {
                    appState.finishStarting(nil)
                    throw error
                }
            }
            let status = try await withinCommandTimeout { await app.status }
            return .ok("app started for \(user) · data: \(folder.path) · backend: \(app.serverURL.absoluteString) · status: \(status.rawValue)")
        } catch {
            return .error(error.message)
        }
    }

    private func appScreen(_ app: OfflineApp) async -> CommandOutput {
        do throws(AppCommandError) {
            let node = try await withinCommandTimeout { await app.screen() }
            return .ok(render(node).text)
        } catch {
            return .error(error.description)
        }
    }

    /// `app status`'s words for the session.
    static func describe(_ session: SessionState) -> String {
        switch session {
        case .signedIn: "signed in"
        case .signingIn: "signing in (with the first request that reaches the backend)"
        case .signedOut: "signed out (`app login ID`)"
        }
    }

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
