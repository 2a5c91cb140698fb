import ArgumentParser
import Core
import Foundation
import L10nREPL
import OfflineApp

/// An `app …` command: ArgumentParser parses it from the line; it runs against the REPL's app.
protocol AppSubcommand: ParsableCommand {
    func run(in context: AppContext) async throws(AppCommandError) -> CommandOutput
}

/// An `app …` command that needs the app started: every one but `start`.
protocol StartedAppSubcommand: AppSubcommand {
    func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput
}

extension StartedAppSubcommand {
    func run(in context: AppContext) async throws(AppCommandError) -> CommandOutput {
        switch context.appState.current {
        case .stopped: throw AppCommandError("the app is not started: `app start` first (add --offline to launch with the network down)")
        case .starting: throw AppCommandError("the app is still starting: `app start` goes on in the background, and a note says when it ends")
        case let .started(app): return try await run(app, in: context)
        }
    }
}

/// `app …`, the group's root: `help app` lists its commands, `help app COMMAND` explains one.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "run the app (four features, one store, one outbox) and see its screens; `help app` for each",
        discussion: """
        The app runs against a backend in process on 127.0.0.1 (or --server), on the data folder of --data-dir, in the \
        REPL's locale; each command waits until the work it started has settled, for at most the command timeout.
        """,
        groupedSubcommands: [
            CommandGroup(name: "Session", subcommands: [Start.self, Login.self, Logout.self]),
            CommandGroup(name: "Network and backend", subcommands: [Online.self, Offline.self, Backend.self, Network.self]),
            CommandGroup(name: "Screens", subcommands: [Open.self, Tap.self, Call.self, Refresh.self, RegisterActivity.self, Screen.self]),
            CommandGroup(name: "Lifecycle and time", subcommands: [Background.self, Foreground.self, Kill.self, Relaunch.self, Advance.self]),
            CommandGroup(name: "What happened", subcommands: [Warmup.self, Status.self, Telemetry.self]),
        ]
    )

    // MARK: Session

    struct Start: AppSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: "launch the app",
            discussion: "Without --server, a backend in process on 127.0.0.1 that seeds sample data for any user ID.")
        @Option(help: ArgumentHelp("Who is signed in; any ID works with the embedded backend.", valueName: "ID"))
        var user = "user1"
        @Option(help: ArgumentHelp("A running offline-server instead of the embedded one, e.g. http://127.0.0.1:8080.", valueName: "URL"))
        var server: String?
        @Flag(help: "Launch with the network down.")
        var offline = false
        @Option(help: ArgumentHelp("How many products the embedded backend seeds for the user: 0…10,000 (default 12).", valueName: "N"))
        var products: Int?
        @Option(help: ArgumentHelp("""
            A screen to launch to (products, "product ID", cart, orders, summary): its first frame is drawn from the cache \
            before the first connectivity reading, then the launch settles (`app screen` shows it now).
            """, valueName: "SCREEN"))
        var open: String?

        var firstScreen: AppRoute? { open.flatMap { AppRoute($0.split(separator: " ").map(String.init)) } }

        func validate() throws {
            if let server, URL(string: server)?.scheme?.hasPrefix("http") != true {
                throw ValidationError("--server needs a URL like http://127.0.0.1:8080")
            }
            if let open, firstScreen == nil {
                throw ValidationError("no screen `\(open)`: products, \"product ID\", cart, orders, summary or \"summary card\"")
            }
        }

        func run(in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let appState = context.appState
            switch appState.current {
            case .stopped: break
            case .starting: throw AppCommandError("the app is already starting: `app start` goes on in the background, and a note says when it ends")
            case .started: throw AppCommandError("the app is already started: use `app relaunch`, `app login ID` or `app kill`")
            }
            let folder = context.session.options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("offlinekit-app-\(ProcessInfo.processInfo.processIdentifier)")
            let localizerBox = context.session.currentLocalizer
            // The first frame of `--open` comes while the launch goes on: it is shown at once, ahead of the start's line.
            let (frames, frameSink) = AsyncStream<ViewNode>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let options = AppOptions(dataDirectory: folder, serverURL: server.flatMap(URL.init(string:)), user: user, startOffline: offline,
                                     localizer: { localizerBox.value }, productCount: products,
                                     firstScreen: firstScreen, firstFrame: { frameSink.yield($0) })
            guard appState.beginStarting() else { throw AppCommandError("the app is already starting or started") }
            // The start installs its app itself: a start that outlives the command timeout still ends with the app driven
            // by the next commands, not with one running unseen beside the next `app start` on the same store.
            let starting = Task { () async -> Result<OfflineApp, AppCommandError> in
                defer { frameSink.finish() }
                do throws(AppCommandError) {
                    return .success(try await withinCommandTimeout { () async throws(AppCommandError) in
                        do throws(AppCommandError) {
                            let app = try await OfflineApp.start(options)
                            CommandGuard.describeWaits { app.waitingFor }
                            appState.finishStarting(app)
                            return app
                        } catch {
                            appState.finishStarting(nil)
                            throw error
                        }
                    })
                } catch {
                    return .failure(error)
                }
            }
            for await frame in frames {
                context.session.display(context.session.render(frame).text)
                if let open { LaunchTrace.mark("\(open) screen drawn") }
                break
            }
            let app = try await starting.value.get()
            let status = try await withinCommandTimeout { await app.status }
            let drawn = firstScreen.map { " · \($0) drawn before the first connectivity reading; `app screen` shows it now" } ?? ""
            return .ok("app started for \(user) · data: \(folder.path) · backend: \(app.serverURL.absoluteString) · status: \(status.rawValue)\(drawn)")
        }
    }

    struct Login: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "login", abstract: "sign in as another user (a new session)")
        @Argument(help: ArgumentHelp("The user.", valueName: "ID"))
        var user: String

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let user = user
            try await withinCommandTimeout { () async throws(AppCommandError) in try await app.login(user) }
            return .ok("logged in as \(user)")
        }
    }

    struct Logout: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "logout", abstract: "sign out (the user's shared cards go too)")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await withinCommandTimeout { await app.logout() }
            return .ok("logged out")
        }
    }

    // MARK: Network and backend

    struct Online: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "online", abstract: "the backend accepts connections; the app notices")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await AppCommand.setReachable(true, app)
        }
    }

    struct Offline: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "offline", abstract: "the backend refuses connections; the app notices")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await AppCommand.setReachable(false, app)
        }
    }

    static func setReachable(_ reachable: Bool, _ app: OfflineApp) async throws(AppCommandError) -> CommandOutput {
        try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendReachable(reachable) }
        let status = try await withinCommandTimeout { await app.status }
        return .ok("backend \(reachable ? "accepting" : "refusing") connections; status: \(status.rawValue)")
    }

    struct Network: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "network", abstract: "what the path monitor reads")
        @Argument(help: ArgumentHelp("wifi, cellular or none.", valueName: "PATH"))
        var path: String

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let path = path
            try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setNetwork(path) }
            let status = try await withinCommandTimeout { await app.status }
            return .ok("network: \(path); status: \(status.rawValue)")
        }
    }

    /// `app backend …`: the embedded backend's conditions.
    struct Backend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backend", abstract: "hold, fail or reject the embedded backend's requests, end sessions, count requests",
            subcommands: [Hold.self, Release.self, Flaky.self, Slow.self, Reject.self, Steady.self, AddActivity.self, Revoke.self, Expire.self, Requests.self]
        )

        /// What the backend's conditions are after a change, and what it has received.
        static func conditions(_ app: OfflineApp) async throws(AppCommandError) -> CommandOutput {
            let (conditions, status, counts) = try await withinCommandTimeout { await (app.backend, app.status, app.backendCounts) }
            let tally = counts.map { " · \($0.requests) requests so far, \($0.injectedFaults) failed on purpose" } ?? ""
            return .ok("backend: \(conditions.description); status: \(status.rawValue)\(tally)")
        }

        struct Hold: StartedAppSubcommand {
            static let configuration = CommandConfiguration(
                commandName: "hold", abstract: "data requests wait at the backend (a warmup stays in progress) until `release`")

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                try await Backend.setHolding(true, app)
            }
        }

        struct Release: StartedAppSubcommand {
            static let configuration = CommandConfiguration(commandName: "release", abstract: "the held requests are answered")

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                try await Backend.setHolding(false, app)
            }
        }

        static func setHolding(_ holding: Bool, _ app: OfflineApp) async throws(AppCommandError) -> CommandOutput {
            try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendHolding(holding) }
            return try await conditions(app)
        }

        struct Flaky: StartedAppSubcommand {
            static let configuration = CommandConfiguration(
                commandName: "flaky", abstract: "about PERCENT % of requests fail (resets, 503s), health checks too; `steady` ends it")
            @Argument(help: ArgumentHelp("From 0 to 100.", valueName: "PERCENT"))
            var percent: Int
            @Argument(help: ArgumentHelp("Only the user's requests to it: products, cart, orders, summary or activities.", valueName: "ENDPOINT"))
            var endpoint: String?

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                let (percent, endpoint) = (percent, endpoint)
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendFlaky(percent: percent, endpoint: endpoint) }
                return try await Backend.conditions(app)
            }
        }

        struct Slow: StartedAppSubcommand {
            static let configuration = CommandConfiguration(
                commandName: "slow", abstract: "ENDPOINT answers MS milliseconds late (health: a slow connectivity check); `steady` ends it")
            @Argument(help: ArgumentHelp("health, products, cart, orders, summary or activities.", valueName: "ENDPOINT"))
            var endpoint: String
            @Argument(help: ArgumentHelp("From 0 to 120000.", valueName: "MS"))
            var milliseconds: Int

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                let (endpoint, milliseconds) = (endpoint, milliseconds)
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendSlow(endpoint: endpoint, milliseconds: milliseconds) }
                return try await Backend.conditions(app)
            }
        }

        struct Reject: StartedAppSubcommand {
            static let configuration = CommandConfiguration(
                commandName: "reject",
                abstract: "requests to ENDPOINT get a final 422 (a queued write fails for good: its row shows the error with Retry and Dismiss); `steady` lifts it")
            @Argument(help: ArgumentHelp("products, cart, orders, summary or activities.", valueName: "ENDPOINT"))
            var endpoint: String

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                let endpoint = endpoint
                try await withinCommandTimeout { () async throws(AppCommandError) in try await app.setBackendRejecting(endpoint: endpoint) }
                return try await Backend.conditions(app)
            }
        }

        struct Steady: StartedAppSubcommand {
            static let configuration = CommandConfiguration(commandName: "steady", abstract: "no request fails, is rejected or is slowed on purpose any more")

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                try await withinCommandTimeout { () async throws(AppCommandError) in
                    try await app.setBackendFlaky(percent: 0)
                    try await app.setBackendRejecting(endpoint: nil)
                    try await app.setBackendSlow(endpoint: nil, milliseconds: 0)
                }
                return try await Backend.conditions(app)
            }
        }

        struct AddActivity: StartedAppSubcommand {
            static let configuration = CommandConfiguration(
                commandName: "add-activity",
                abstract: "the backend records an activity for the user, as another device would (the summary hears of it on reconnect)")

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                .ok(try await withinCommandTimeout { () async throws(AppCommandError) in try await app.backendAddActivity() })
            }
        }

        struct Revoke: StartedAppSubcommand {
            static let configuration = CommandConfiguration(
                commandName: "revoke", abstract: "the backend revokes the user's sessions: the app is signed out, not offline")

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                try await Backend.endSessions(expiring: false, app)
            }
        }

        struct Expire: StartedAppSubcommand {
            static let configuration = CommandConfiguration(
                commandName: "expire", abstract: "the user's sessions expire at the backend: the app is signed out, not offline")

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                try await Backend.endSessions(expiring: true, app)
            }
        }

        static func endSessions(expiring: Bool, _ app: OfflineApp) async throws(AppCommandError) -> CommandOutput {
            .ok(try await withinCommandTimeout { () async throws(AppCommandError) in try await app.backendEndSessions(expiring: expiring) })
        }

        struct Requests: StartedAppSubcommand {
            static let configuration = CommandConfiguration(commandName: "requests", abstract: "what the backend has received, by endpoint")

            func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
                guard let counts = try await withinCommandTimeout({ await app.backendRequests }) else {
                    throw AppCommandError("`app backend requests` needs the embedded backend; with --server, GET /_admin/requests")
                }
                let lines = counts.sorted { $0.key < $1.key }.map { "  \($0.value) × \($0.key)" }
                return .ok((["backend received \(counts.values.reduce(0, +)) request(s):"] + lines).joined(separator: "\n"))
            }
        }
    }

    // MARK: Screens

    struct Open: StartedAppSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "open", abstract: "open a screen and show it",
            discussion: "SCREEN is products, product ID, cart, orders, summary or summary card (the share card, full screen).")
        @Argument(help: ArgumentHelp("The screen.", valueName: "SCREEN"))
        var screen: [String]

        func validate() throws {
            guard AppRoute(screen) != nil else { throw ValidationError("no screen `\(screen.joined(separator: " "))`: products, product ID, cart, orders, summary or summary card") }
        }

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            guard let route = AppRoute(screen) else { throw AppCommandError("no screen `\(screen.joined(separator: " "))`") }
            try await withinCommandTimeout { () async throws(AppCommandError) in try await app.open(route) }
            let drawn = try await AppCommand.screen(app, in: context)
            LaunchTrace.mark("\(screen.joined(separator: " ")) screen drawn")
            return drawn
        }
    }

    struct Tap: StartedAppSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "tap", abstract: "tap an action of the screen and show the screen",
            discussion: "By its title in the REPL's locale (app tap Proceed to Checkout), its id, or its kind when one action "
                + "of that kind is on screen (app tap dismiss, in every locale).")
        @Argument(help: ArgumentHelp("The action's title, id or kind.", valueName: "ACTION"))
        var action: [String]

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let wanted = action.joined(separator: " ")
            let actions = try await withinCommandTimeout { await app.actions() }
            let localizer = context.session.localizer
            let ofKind = actions.filter { $0.id.hasPrefix(wanted + ":") }
            let match = actions.first { $0.id == wanted } ?? actions.first { localizer.resolve($0.title).text == wanted }
                ?? (ofKind.count == 1 ? ofKind.first : nil)
            guard let action = match else {
                let known = actions.map { "\($0.id) (\(localizer.resolve($0.title).text))" }.joined(separator: ", ")
                throw AppCommandError("no action `\(wanted)` on this screen; actions: \(known.isEmpty ? "none" : known)")
            }
            let id = action.id
            try await withinCommandTimeout { () async throws(AppCommandError) in try await app.tap(id) }
            return try await AppCommand.screen(app, in: context)
        }
    }

    struct Call: StartedAppSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "call", abstract: "an online-only action through the feature's API, not a button",
            discussion: "raise-service-request PRODUCT [ISSUE…] · transfer-ownership PRODUCT USER. "
                + "Offline it throws its typed error and sends nothing (BR-001).")
        @Argument(help: ArgumentHelp("The action.", valueName: "ACTION"))
        var action: OfflineApp.ProductCall
        @Argument(help: ArgumentHelp("The product's id, e.g. user1-p1.", valueName: "PRODUCT"))
        var product: String
        @Argument(help: ArgumentHelp("The issue to report, or the user to transfer to.", valueName: "ARGUMENT"))
        var argument: [String] = []

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let (action, product) = (action, product)
            let argument = argument.isEmpty ? "Reported from the REPL" : argument.joined(separator: " ")
            return .ok(try await withinCommandTimeout { () async throws(AppCommandError) in
                try await app.call(action, productID: product, argument: argument)
            })
        }
    }

    struct Refresh: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "refresh", abstract: "pull to refresh the screen and show it")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await withinCommandTimeout { () async throws(AppCommandError) in try await app.refresh() }
            return try await AppCommand.screen(app, in: context)
        }
    }

    struct RegisterActivity: StartedAppSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "register-activity", abstract: "record an activity (through the outbox: it waits offline)")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let activity = try await withinCommandTimeout { () async throws(AppCommandError) in try await app.registerActivity() }
            return .ok("activity registered: \(activity)")
        }
    }

    struct Screen: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "screen", abstract: "show the screen as it is now")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await AppCommand.screen(app, in: context)
        }
    }

    /// The app's screen, drawn by the REPL's renderer in its locale, width and theme.
    static func screen(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
        let node = try await withinCommandTimeout { await app.screen() }
        return .ok(context.session.render(node).text)
    }

    // MARK: Lifecycle and time

    struct Background: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "background", abstract: "the app goes to the background")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await AppCommand.move(app, to: .backgrounded, saying: "app in the background")
        }
    }

    struct Foreground: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "foreground", abstract: "the app comes back to the foreground")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await AppCommand.move(app, to: .foregrounded, saying: "app in the foreground")
        }
    }

    static func move(_ app: OfflineApp, to phase: AppLifecycle, saying done: String) async throws(AppCommandError) -> CommandOutput {
        try await withinCommandTimeout { () async throws(AppCommandError) in try await app.lifecycle(phase) }
        return .ok(done)
    }

    struct Kill: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "kill", abstract: "end the app with no clean shutdown")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await withinCommandTimeout { await app.kill() }
            return .ok("app killed (no clean shutdown); `app relaunch` starts it again on the same data folder")
        }
    }

    struct Relaunch: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "relaunch", abstract: "start the app again on the same data folder")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            try await withinCommandTimeout { () async throws(AppCommandError) in try await app.relaunch() }
            let status = try await withinCommandTimeout { await app.status }
            return .ok("app relaunched; status: \(status.rawValue)")
        }
    }

    struct Advance: StartedAppSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "advance", abstract: "move the simulated clock (banner timers, staleness)")
        @Argument(help: ArgumentHelp("How far, a number ≥ 0.", valueName: "SECONDS"))
        var seconds: Double

        func validate() throws {
            guard seconds >= 0 else { throw ValidationError("SECONDS is a number ≥ 0") }
        }

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let seconds = seconds
            try await withinCommandTimeout { await app.advance(seconds: seconds) }
            let shown = seconds.rounded() == seconds && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
            return .ok("simulated clock +\(shown) s")
        }
    }

    // MARK: What happened

    struct Warmup: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "warmup", abstract: "the cache warmup's phase and what it waits for")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            guard let snapshot = try await withinCommandTimeout({ await app.warmupSnapshot }) else { return .ok("warmup: the app is not running") }
            return .ok("warmup: \(snapshot.phase) (session \(snapshot.sessionNumber), \(snapshot.subtasks) subtasks, \(snapshot.pendingRequired) required pending)")
        }
    }

    struct Status: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "user, session, connectivity, network and screen")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            let (status, network, user, route, session) = try await withinCommandTimeout { await (app.status, app.network, app.user, app.route, app.session) }
            return .ok("user: \(user ?? "none") · session: \(session.map(Self.describe) ?? "none") · status: \(status.rawValue) · network: \(network?.description ?? "unknown") · screen: \(route?.description ?? "none")")
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

    struct Telemetry: StartedAppSubcommand {
        static let configuration = CommandConfiguration(commandName: "telemetry", abstract: "every telemetry event so far")

        func run(_ app: OfflineApp, in context: AppContext) async throws(AppCommandError) -> CommandOutput {
            .ok(app.telemetrySink.events.map { event in
                let attributes = event.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                let duration = event.duration.map { String(format: " (%.0f ms)", $0.seconds * 1000) } ?? ""
                return "\(event.name)\(attributes.isEmpty ? "" : " " + attributes)\(duration)"
            }.joined(separator: "\n"))
        }
    }
}
