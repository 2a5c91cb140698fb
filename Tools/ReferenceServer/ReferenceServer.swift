public import Foundation
import Core
import Hummingbird
public import Logging
import NIOCore
import ServiceLifecycle
public import WireContract
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How to run the reference backend.
public struct ReferenceServerConfiguration: Sendable {
    /// Loopback by default; tests use 127.0.0.1 port 0 (the OS picks a free port).
    public var host: String
    public var port: Int
    public var seed: SeedConfiguration
    public var faults: FaultConfiguration
    /// Seeds the random source that decides which requests an error or reset rate hits.
    public var faultSeed: UInt64
    /// The wall clock for order and request dates (the composition root passes `{ Date() }`; tests a fixed date).
    public var now: @Sendable () -> Date
    public var logger: Logger
    /// How long an issued session is accepted (`POST /v1/sessions`); 30 days by default.
    public var sessionLifetime: Duration
    /// Where issued sessions outlive the process (the REPL's embedded backend: beside the app's data folder); nil keeps
    /// them in memory.
    public var sessionFile: URL?
    /// Also accept `token-<user>` without a sign-in: for tests and benchmarks about other things than sessions, and
    /// `offline-server --development-tokens`. Off by default, and off in the app's embedded backend.
    public var acceptsDevelopmentTokens: Bool
    /// What the `refuseForMs` timer waits on: real time, or a test's clock (a test that races a real 300 ms window
    /// against a thousand others on two cores can miss it, and then waited for a refusal that had come and gone).
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(host: String = "127.0.0.1", port: Int = 0, seed: SeedConfiguration = SeedConfiguration(),
                faults: FaultConfiguration = .none, faultSeed: UInt64 = 42,
                now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "ReferenceServer"),
                sessionLifetime: Duration = .seconds(30 * 86_400), sessionFile: URL? = nil, acceptsDevelopmentTokens: Bool = false,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.sleep = sleep
        self.host = host
        self.port = port
        self.seed = seed
        self.faults = faults
        self.faultSeed = faultSeed
        self.now = now
        self.logger = logger
        self.sessionLifetime = sessionLifetime
        self.sessionFile = sessionFile
        self.acceptsDevelopmentTokens = acceptsDevelopmentTokens
    }
}

/// Why the server could not start or re-bind.
public enum ReferenceServerError: Error, Sendable, Equatable, CustomStringConvertible {
    case bindFailed(host: String, port: Int, reason: String)
    case notRunning

    public var description: String {
        switch self {
        case let .bindFailed(host, port, reason):
            "could not listen on \(host):\(port): \(reason); pick another --port (0 lets the OS choose)"
        case .notRunning: "the reference server is not running; call start() first"
        }
    }
}

/// The reference backend, in process: `start()` binds and returns the base URL, `stop()` closes it.
/// Faults can be changed at any time; `refuseConnections` closes the listener (clients see ECONNREFUSED)
/// and clearing it re-binds the same port.
public final class ReferenceServer: Sendable {
    public let configuration: ReferenceServerConfiguration
    public let requestLog = RequestLog()
    let store: ReferenceStore
    let faultInjector: FaultInjector
    let sessions: SessionRegistry
    /// Every connection's bytes, and the slow link of `FaultConfiguration.bandwidthKbps`.
    let wireLink: WireLink

    private struct Listener {
        var task: Task<Void, Never>?
        var group: ServiceGroup?
        var port: Int?
        var refuseTimer: Task<Void, Never>?
        /// While connections are refused: the port, held by a socket that is bound but not listening (`PortReservation`).
        var reservation: PortReservation?
    }
    private let listener = Locked(Listener())
    // Serializes start/stop/re-bind so two fault changes cannot race to bind the port.
    private let lifecycle = LifecycleLock()

    public init(configuration: ReferenceServerConfiguration) {
        self.configuration = configuration
        store = ReferenceStore(seed: configuration.seed, now: configuration.now)
        let faultInjector = FaultInjector(configuration.faults, seed: configuration.faultSeed)
        self.faultInjector = faultInjector
        wireLink = WireLink { faultInjector.configuration.bandwidthKbps }
        sessions = SessionRegistry(lifetime: configuration.sessionLifetime,
                                   acceptsDevelopmentTokens: configuration.acceptsDevelopmentTokens, now: configuration.now,
                                   file: configuration.sessionFile)
    }

    /// Signs `user` in without a request, as `POST /v1/sessions` would; nil for a user the backend does not know.
    public func signIn(_ user: String) -> Wire.Session? {
        store.hasUser(user) ? sessions.issue(for: user) : nil
    }

    /// Ends every session of `user` on the server's side (`app backend revoke`); returns how many there were.
    @discardableResult
    public func revokeSessions(of user: String) -> Int { sessions.revokeAll(of: user) }

    /// Makes every session of `user` expired now (`app backend expire`); returns how many there were.
    @discardableResult
    public func expireSessions(of user: String) -> Int { sessions.expireAll(of: user) }

    /// Whether the backend still accepts `token` for `user`.
    public func acceptsSession(_ token: String, of user: String) -> Bool { sessions.isLive(token, of: user) }

    /// How many sessions of `user` the backend still accepts.
    public func liveSessionCount(of user: String) -> Int { sessions.liveCount(of: user) }

    /// A development token: `token-<user>`, the id percent-encoded (a header is ASCII; ids may hold anything). Accepted
    /// only by a backend configured with `acceptsDevelopmentTokens`; the app signs in for a real session instead.
    public static func developmentToken(for user: String) -> String {
        var unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        unreserved.insert(charactersIn: "-._~")
        return "token-" + (user.addingPercentEncoding(withAllowedCharacters: unreserved) ?? user)
    }

    /// The user a development token names, or nil when it is not a `token-<user>`.
    static func user(ofDevelopmentToken token: Substring) -> String? {
        guard token.hasPrefix("token-") else { return nil }
        let encoded = token.dropFirst("token-".count)
        return encoded.removingPercentEncoding ?? String(encoded)
    }

    /// The port once started (kept while refusing connections, so the same port is re-bound).
    public var port: Int? { listener.withLock { $0.port } }

    public var baseURL: URL? {
        port.map { URL(string: "http://\(urlHost):\($0)")! }
    }

    private var urlHost: String { configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host }

    public var faults: FaultConfiguration { faultInjector.configuration }

    /// Requests parked by `holdResponses` right now (they are answered when the faults stop holding).
    public var heldRequests: Int { faultInjector.heldCount }

    /// The bytes read and written on every connection since the start or `resetWireBytes()`, headers included (admin
    /// requests too): what a refresh costs on the wire, counted where it leaves.
    public var wireBytes: WireBytes { wireLink.bytes }

    public func resetWireBytes() { wireLink.resetCounts() }

    /// Changes `count` of `user`'s products as another device would (their warranties extended by a year), spread over
    /// the list, bypassing faults and the request log: the list's version (its `ETag`) moves on. Returns how many changed.
    @discardableResult
    public func changeProducts(of user: String, count: Int) -> Int {
        guard store.hasUser(user) else { return 0 }
        var changed = 0
        _ = store.write(user, idempotencyKey: nil, fingerprint: "change-products") { data, _, _ in
            changed = ReferenceStore.changeProducts(&data, count: count)
            return WireResponse(status: 204, body: Data())
        }
        return changed
    }

    /// Requests answered with an injected error or reset since the server started.
    public var injectedFaults: Int { faultInjector.injectedCount }

    /// Binds and serves; returns the base URL. When the configured faults refuse connections it only takes a port (the
    /// listener starts once they stop refusing), so a start that is offline anyway costs no server start.
    @discardableResult
    public func start() async throws(ReferenceServerError) -> URL {
        try await lifecycle.run { () throws(ReferenceServerError) in
            let port: Int
            if faults.refuseConnections {
                let reservation = try PortReservation(host: configuration.host, port: configuration.port)
                port = reservation.port
                listener.withLock { $0.port = port; $0.reservation = reservation }
            } else {
                port = try await bind(port: configuration.port)
            }
            return URL(string: "http://\(urlHost):\(port)")!
        }
    }

    /// Stops serving and closes the listener.
    public func stop() async {
        await lifecycle.run {
            listener.withLock { $0.refuseTimer?.cancel(); $0.reservation = nil }
            await unbind()
        }
    }

    /// Replaces the faults. Turning `refuseConnections` on closes the listener; turning it off re-binds the same port.
    public func setFaults(_ faults: FaultConfiguration) async throws(ReferenceServerError) {
        let was = faultInjector.configuration.refuseConnections
        faultInjector.set(faults)
        guard was != faults.refuseConnections else { return }
        try await lifecycle.run { () throws(ReferenceServerError) in
            guard let port = listener.withLock({ $0.port }) else { return }
            if faults.refuseConnections {
                // The timer starts now; its re-bind waits for this unbind through the lifecycle lock.
                if let milliseconds = faults.refuseForMs { scheduleAccept(after: milliseconds) }
                // The port stays this server's while it refuses: nothing else (a client's ephemeral port, another
                // server on port 0) can take it before the listener comes back. Best effort: without it, the later
                // bind reports a taken port as before.
                await unbind(reserving: port)
            } else if listener.withLock({ $0.task == nil }) {
                _ = try await bind(port: port)
            }
        }
    }

    public func clearFaults() async throws(ReferenceServerError) { try await setFaults(.none) }

    /// Records an activity for `user` as another device (or a coordinator) would, bypassing faults and the request
    /// log; returns the activity, or nil for an unknown user.
    @discardableResult
    public func recordActivity(for user: String, kind: String = "peer-support", note: String? = nil, occurredAt: Date? = nil) -> Wire.Activity? {
        guard store.hasUser(user) else { return nil }
        let date = occurredAt ?? configuration.now()
        let body = Wire.RegisterActivityBody(kind: kind, occurredAt: date, note: note)
        let (response, _) = store.write(user, idempotencyKey: nil, fingerprint: "record-activity") { data, _, _ in
            ReferenceStore.registerActivity(&data, user: user, body: body)
        }
        guard response.status == 201 else { return nil }
        return try? WireJSON.decoder.decode(Wire.Activity.self, from: response.body)
    }

    private func scheduleAccept(after milliseconds: Int) {
        let sleep = configuration.sleep
        let timer = Task.detached { [weak self] in
            try? await sleep(.milliseconds(milliseconds))
            guard !Task.isCancelled, let self else { return }
            var faults = self.faults
            faults.refuseConnections = false
            faults.refuseForMs = nil
            try? await self.setFaults(faults)
        }
        listener.withLock { $0.refuseTimer?.cancel(); $0.refuseTimer = timer }
    }

    private func bind(port: Int) async throws(ReferenceServerError) -> Int {
        let router = ReferenceRoutes(server: self).makeRouter()
        let started = AsyncStream<Result<Int, ReferenceServerError>>.makeStream()
        let host = configuration.host
        let link = wireLink
        let app = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [WireTapInstaller(link: link)])),
            configuration: .init(address: .hostname(host, port: port), serverName: nil, reuseAddress: true),
            onServerRunning: { channel in
                started.continuation.yield(.success(channel.localAddress?.port ?? port))
            },
            logger: configuration.logger)
        let group = ServiceGroup(services: [app], logger: configuration.logger)
        // Detached: a task started from a request handler would inherit that server's graceful-shutdown
        // task-local, and the new listener would shut down together with the old one.
        let task = Task.detached {
            do {
                try await group.run()
            } catch {
                started.continuation.yield(.failure(.bindFailed(host: host, port: port, reason: "\(error)")))
            }
            started.continuation.finish()
        }
        var result: Result<Int, ReferenceServerError> = .failure(.bindFailed(host: host, port: port, reason: "the server stopped"))
        for await first in started.stream { result = first; break }
        switch result {
        case let .success(bound):
            // Listening now: the reservation that kept the port while connections were refused can go.
            listener.withLock { $0.task = task; $0.group = group; $0.port = bound; $0.reservation = nil }
            return bound
        case let .failure(error):
            task.cancel()
            throw error
        }
    }

    /// Closes the listener at once and lets the requests in flight finish (graceful shutdown). Parked requests are let
    /// go and injected delays end early (`ReferenceRoutes.injectedPause`), so that takes moments. Only if it has not
    /// ended after `Self.shutdownGrace` is the serving task cancelled: a last resort, because cancelling it while a
    /// connection it accepted still waits to be served traps inside SwiftNIO (apple/swift-nio#3481) — which a 1 s
    /// grace did once on a busy CI host.
    ///
    /// With `reserving`, that port is held (`PortReservation`) from the moment the listener has closed, not from when
    /// the last connection has drained: in between, which can be long on a busy host, the port was free, and a
    /// parallel test's outgoing connection could take it as its own, so that the listener could not come back (seen
    /// once in a full local run: a test waited for the server to serve again until its 60 s limit).
    private func unbind(reserving port: Int? = nil) async {
        let running = listener.withLock { listener -> (Task<Void, Never>, ServiceGroup)? in
            defer { listener.task = nil; listener.group = nil }
            guard let task = listener.task, let group = listener.group else { return nil }
            return (task, group)
        }
        guard let (task, group) = running else {
            if let port { listener.withLock { $0.reservation = try? PortReservation(host: configuration.host, port: port) } }
            return
        }
        // Requests parked by `holdResponses` would keep the graceful shutdown waiting: let them finish.
        faultInjector.releaseHeld()
        await group.triggerGracefulShutdown()
        // The listener closes at once; the connections it accepted (which also set SO_REUSEADDR, and do not listen)
        // do not stand in the reservation's way. Tried every millisecond until it binds.
        let host = configuration.host
        let reserving = port.map { port in
            Task { () -> PortReservation? in
                while !Task.isCancelled {
                    if let held = try? PortReservation(host: host, port: port) { return held }
                    try? await Task.sleep(for: .milliseconds(1))
                }
                return try? PortReservation(host: host, port: port)
            }
        }
        let deadline = Task {
            try? await Task.sleep(for: Self.shutdownGrace)
            if !Task.isCancelled { task.cancel() }
        }
        await task.value
        deadline.cancel()
        if let reserving {
            reserving.cancel()
            let reservation = await reserving.value
            listener.withLock { $0.reservation = reservation }
        }
    }

    /// How long a graceful shutdown may take before the serving task is cancelled.
    static let shutdownGrace = Duration.seconds(30)
}

/// The system's `bind`, which `ReferenceServer.bind(port:)` hides inside the type.
private func bindSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(descriptor, address, length)
}

/// A port kept while the server refuses connections: a TCP socket bound to it with `SO_REUSEADDR` that never listens.
/// A client that connects is refused (ECONNREFUSED, as with no socket at all); the kernel gives the port to no other
/// socket (an outgoing connection's ephemeral port, a listener on port 0); and the server's own listener, which also
/// sets `SO_REUSEADDR`, may bind it while it is held, because it is not listening. Releasing the port and binding it
/// again later instead lost it now and then to a parallel test's connection ("Address already in use").
final class PortReservation: Sendable {
    let port: Int
    private let descriptor: Int32

    /// Binds `port` on `host` (0: one the system picks).
    init(host: String, port: Int) throws(ReferenceServerError) {
        let failed = { (reason: String) in ReferenceServerError.bindFailed(host: host, port: port, reason: reason) }
        let address: SocketAddress
        do { address = try SocketAddress.makeAddressResolvingHost(host, port: port) } catch { throw failed("\(error)") }
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(address.protocol.rawValue, stream, 0)
        guard descriptor >= 0 else { throw failed(String(cString: strerror(errno))) }
        var on: Int32 = 1
        guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) == 0,
              address.withSockAddr({ bindSocket(descriptor, $0, socklen_t($1)) }) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw failed(reason)
        }
        // sin_port and sin6_port sit at the same place, in network byte order.
        var bound = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let named = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw failed(reason)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: bound.sin6_port))
    }

    deinit { close(descriptor) }
}

/// An async mutex for start/stop (one at a time, in order).
final class LifecycleLock: Sendable {
    private let state = Locked<(busy: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func run<T, Failure: Error>(_ body: () async throws(Failure) -> T) async throws(Failure) -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if state.busy { state.waiters.append(continuation); return false }
                state.busy = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty { state.busy = false; return nil }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
