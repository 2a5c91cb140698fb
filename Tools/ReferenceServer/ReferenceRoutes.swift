import Core
import Foundation
import Hummingbird
import ServiceLifecycle
import NIOCore
import WireContract
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The request context: Hummingbird's core storage plus the channel, so a fault can reset the connection.
struct ServerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Thrown after a connection was reset on purpose; no response is written.
struct ConnectionResetOnPurpose: Error {}

/// Builds the router: the features' API under `/v1/users/{user}/…`, `/health`, and `/_admin/…`.
struct ReferenceRoutes: Sendable {
    let server: ReferenceServer

    private static let idempotencyKey = HTTPFields.Element.Name("Idempotency-Key")!
    private static let replayed = HTTPFields.Element.Name("Idempotent-Replayed")!
    private static let requestID = HTTPFields.Element.Name("X-Request-ID")!

    func makeRouter() -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        let store = server.store

        route(router, .health, authenticated: false) { _, _, _ in WireResponse(status: 204, body: Data()) }

        // Images, as a CDN serves them: public, by file name (`img/em-200.png` → /v1/images/em-200.png).
        route(router, .image, authenticated: false) { _, context, _ in
            guard let name = context.parameters.get("name"), let png = PNGImages.image(named: name) else {
                return .error(404, "not_found", "No such image.")
            }
            return WireResponse(status: 200, body: png, contentType: "image/png")
        }

        // Sessions: sign in (any id the backend knows or provisions; no passwords here), sign out.
        let sessions = server.sessions
        route(router, .signIn, authenticated: false) { request, _, _ in
            let bytes = try await request.body.collect(upTo: 1 << 16)
            guard let body = try? WireJSON.decoder.decode(Wire.SignInBody.self, from: Data(buffer: bytes)), !body.user.isEmpty else {
                return .error(400, "invalid_body", "Send {\"user\": \"<id>\"} to sign in.")
            }
            guard store.hasUser(body.user) else { return .error(401, "unknown_user", "No user \(body.user) to sign in.") }
            return .json(sessions.issue(for: body.user), status: 201)
        }
        route(router, .signOut, authenticated: false) { request, _, _ in
            guard let token = Self.bearer(request), sessions.revoke(token: token) else {
                return .error(401, "unauthenticated", "No session to sign out of: send the session's bearer token.")
            }
            return WireResponse(status: 204, body: Data())
        }

        // Reads
        read(router, .products) { request, data in
            let query = Wire.PageQuery { request.uri.queryParameters.get($0) }
            return ReferenceStore.products(data, offset: query.offset, limit: query.limit)
        }
        read(router, .product) { _, data, parameters in
            ReferenceStore.product(data, id: parameters.decoded("product") ?? "")
        }
        read(router, .cart) { _, data in ReferenceStore.cart(data) }
        read(router, .orders) { _, data in ReferenceStore.orders(data) }
        read(router, .profile) { _, data in .json(data.profile) }
        read(router, .activities) { _, data in .json(data.activities) }
        read(router, .activityVersion) { _, data in
            .json(Wire.ActivityVersion(version: ReferenceStore.activityVersion(data)))
        }
        let reference = server.configuration.seed.referenceDate
        read(router, .summary) { _, data, parameters in
            ReferenceStore.summary(data, period: parameters.decoded("period") ?? "", reference: reference)
        }

        // Writes (state-changing): idempotent per `Idempotency-Key`.
        write(router, .updateQuantity, Wire.UpdateQuantityBody.self) { data, _, user, p, body, _ in
            ReferenceStore.updateQuantity(&data, itemID: p.decoded("item") ?? "", quantity: body.quantity)
        }
        write(router, .placeOrder, Wire.EmptyBody.self) { data, _, user, _, _, date in
            ReferenceStore.placeOrder(&data, user: user, date: date)
        }
        write(router, .rateOrder, Wire.RateOrderBody.self) { data, _, _, p, body, _ in
            ReferenceStore.rateOrder(&data, orderID: p.decoded("order") ?? "", body: body)
        }
        write(router, .updateProfile, Wire.UpdateProfileBody.self) { data, _, _, _, body, _ in
            ReferenceStore.updateProfile(&data, body: body)
        }
        write(router, .raiseServiceRequest, Wire.ServiceRequestBody.self) { data, _, _, p, body, date in
            ReferenceStore.raiseServiceRequest(&data, productID: p.decoded("product") ?? "", body: body, date: date)
        }
        write(router, .transferOwnership, Wire.TransferOwnershipBody.self) { data, others, user, p, body, date in
            ReferenceStore.transferOwnership(&data, others: &others, user: user, productID: p.decoded("product") ?? "", to: body.toUser, date: date)
        }
        write(router, .registerActivity, Wire.RegisterActivityBody.self) { data, _, user, _, body, _ in
            ReferenceStore.registerActivity(&data, user: user, body: body)
        }
        _ = store

        // Admin: never faulted, never counted, no auth (the server listens on loopback).
        let server = self.server
        router.get("/_admin/faults") { _, _ in Self.response(.json(server.faults)) }
        router.post("/_admin/faults") { request, _ in
            let bytes = try await request.body.collect(upTo: 1 << 16)
            guard let faults = try? WireJSON.decoder.decode(FaultConfiguration.self, from: Data(buffer: bytes)) else {
                return Self.response(.error(400, "invalid_faults", "The body must be a FaultConfiguration JSON object (see README.md)."))
            }
            // The reply goes out before the listener closes when this turns refusing on.
            if faults.refuseConnections {
                Task.detached { try? await server.setFaults(faults) }
            } else {
                try await server.setFaults(faults)
            }
            return Self.response(.json(faults))
        }
        router.delete("/_admin/faults") { _, _ in
            try await server.clearFaults()
            return Self.response(.json(FaultConfiguration.none))
        }
        router.get("/_admin/requests") { _, _ in Self.response(.json(server.requestLog.counts)) }
        router.post("/_admin/requests/reset") { _, _ in
            server.requestLog.reset()
            return Self.response(WireResponse(status: 204, body: Data()))
        }
        return router
    }

    // MARK: - Plumbing

    private func read(_ router: Router<ServerContext>, _ wire: Wire.Route,
                      _ body: @escaping @Sendable (Request, UserData) -> WireResponse) {
        read(router, wire) { request, data, _ in body(request, data) }
    }

    private func read(_ router: Router<ServerContext>, _ wire: Wire.Route,
                      _ body: @escaping @Sendable (Request, UserData, Parameters) -> WireResponse) {
        let store = server.store
        // Every page of the product list carries the whole list's version; any other read its own content's.
        let resource = wire == .products ? "products" : nil
        route(router, wire, authenticated: true) { request, context, user in
            var answer = store.read(user!) { body(request, $0, context.parameters) }
            guard answer.status == 200 else { return answer }
            let digest = resource == nil ? Validator.digest(of: answer.body) : store.productsDigest(user!) ?? Validator.digest(of: answer.body)
            answer.validator = store.validator(user!, resource: resource ?? request.uri.path, digest: digest)
            return answer
        }
    }

    private func write<Body: Decodable & Sendable>(
        _ router: Router<ServerContext>, _ wire: Wire.Route, _ type: Body.Type,
        _ apply: @escaping @Sendable (inout UserData, inout [String: UserData], String, Parameters, Body, Date) -> WireResponse
    ) {
        let store = server.store
        route(router, wire, authenticated: true) { request, context, user in
            let user = user!
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let data = Data(buffer: bytes)
            let body: Body
            if Body.self == Wire.EmptyBody.self, data.isEmpty {
                body = Wire.EmptyBody() as! Body
            } else {
                do { body = try WireJSON.decoder.decode(Body.self, from: data) } catch {
                    return .error(400, "invalid_body", "The request body is not a valid \(Body.self) JSON object: \(error)")
                }
            }
            let key = request.headers[Self.idempotencyKey]
            let fingerprint = "\(request.uri.path)\u{0}\(data.base64EncodedString())"
            let (response, replayed) = store.write(user, idempotencyKey: key, fingerprint: fingerprint) { data, others, date in
                apply(&data, &others, user, context.parameters, body, date)
            }
            var result = response
            if replayed { result.replayed = true }
            return result
        }
    }

    /// Logs the request, checks the bearer token against `{user}`, applies the faults, then handles it.
    private func route(_ router: Router<ServerContext>, _ wire: Wire.Route, authenticated: Bool,
                       _ handler: @escaping @Sendable (Request, ServerContext, String?) async throws -> WireResponse) {
        let endpoint = wire.description
        let server = self.server
        // Hummingbird writes a parameter `:user` where the contract writes `{user}`.
        router.on(RouterPath(wire.path(writingParameters: { ":\($0)" })), method: Self.method(wire.method)) { (request: Request, context: ServerContext) -> Response in
            let user = context.parameters.decoded("user")
            server.requestLog.record(.init(endpoint: endpoint, path: request.uri.path, user: user,
                                           idempotencyKey: request.headers[Self.idempotencyKey]))
            await server.faultInjector.waitWhileHeld(path: request.uri.path)
            let (decision, faults) = server.faultInjector.decide(path: request.uri.path)
            let requestID = request.headers[Self.requestID]
            if faults.latencyMs > 0 { try await Self.injectedPause(milliseconds: faults.latencyMs) }
            switch decision {
            case .reset:
                try await Self.reset(context.channel)
            case let .fail(status):
                return Self.response(.error(status, "injected_fault", "Injected fault: status \(status)."), faults: faults, requestID: requestID)
            case .handle, .handleThenReset:
                break
            }
            if authenticated {
                guard let token = Self.bearer(request) else {
                    return Self.response(.error(401, "unauthenticated", "Sign in (POST /v1/sessions) and send Authorization: Bearer <token>."),
                                         faults: faults, requestID: requestID)
                }
                let tokenUser: String
                switch server.sessions.lookUp(token) {
                case let .user(owner) where server.store.hasUser(owner): tokenUser = owner
                case .expired:
                    return Self.response(.error(401, "session_expired", "The session has expired; sign in again."), faults: faults, requestID: requestID)
                case .user, .unknown:
                    return Self.response(.error(401, "unauthenticated", "Unknown or revoked session; sign in again."), faults: faults, requestID: requestID)
                }
                guard tokenUser == user else {
                    return Self.response(.error(403, "forbidden", "This token belongs to another user."), faults: faults, requestID: requestID)
                }
            }
            let wire = try await handler(request, context, user)
            if decision == .handleThenReset { try await Self.reset(context.channel) }
            return Self.response(wire, faults: faults, requestID: requestID, request: request)
        }
    }

    static func method(_ method: Wire.Route.Method) -> HTTPRequest.Method {
        switch method {
        case .get: .get
        case .post: .post
        case .delete: .delete
        }
    }

    /// An injected delay, which ends early (throwing) once the server shuts down gracefully: a stopping server must
    /// never wait out a fault's 10 s, or cut it short by cancelling its serving task — that traps in SwiftNIO when a
    /// connection it accepted is still waiting to be served ("Deinited NIOAsyncWriter without calling finish()",
    /// apple/swift-nio#3481).
    static func injectedPause(milliseconds: Int) async throws {
        try await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(milliseconds)) }
    }

    /// The bearer token of a request, if it sends one.
    private static func bearer(_ request: Request) -> Substring? {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return nil }
        return header.dropFirst("Bearer ".count)
    }

    /// Resets the connection (SO_LINGER 0 turns close() into a TCP RST: the client sees "connection reset by peer").
    private static func reset(_ channel: any Channel) async throws -> Never {
        if let socket = channel as? any SocketOptionProvider {
            try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        try? await channel.close().get()
        throw ConnectionResetOnPurpose()
    }

    /// The HTTP answer: a read's validators (`ETag`, `Last-Modified`) and a 304 with no body when the request's
    /// `If-None-Match` (or, without one, `If-Modified-Since`) says the client holds this content; a JSON body gzipped
    /// for a request whose `Accept-Encoding` takes gzip (`Vary: Accept-Encoding` on every answer that may be).
    static func response(_ wire: WireResponse, faults: FaultConfiguration = .none, requestID: String? = nil, request: Request? = nil) -> Response {
        var headers: HTTPFields = [:]
        if let requestID { headers[Self.requestID] = requestID }
        if wire.replayed { headers[replayed] = "true" }
        guard wire.status != 204 else { return Response(status: .init(code: 204), headers: headers) }
        let compressible = wire.contentType == "application/json" && !wire.body.isEmpty
        let gzip = compressible && (request.map { acceptsGzip($0.headers[.acceptEncoding]) } ?? false)
        if compressible { headers[.vary] = "Accept-Encoding" }
        if let validator = wire.validator {
            headers[.eTag] = validator.etag(gzipped: gzip)
            headers[.lastModified] = validator.lastModifiedHeader
            let current: Bool
            if let tags = request?.headers[.ifNoneMatch] {
                current = validator.isMatched(byIfNoneMatch: tags)
            } else {
                current = request?.headers[.ifModifiedSince].map(validator.isUnmodified(since:)) ?? false
            }
            if current { return Response(status: .notModified, headers: headers) }
        }
        headers[.contentType] = wire.contentType
        var body = wire.body
        if gzip, let compressed = Gzip.compress(body) {
            body = compressed
            headers[.contentEncoding] = "gzip"
        }
        let buffer = ByteBuffer(bytes: body)
        if let delay = faults.slowBodyChunkDelayMs, delay > 0 {
            let chunk = max(faults.slowBodyChunkBytes, 1)
            let body = ResponseBody(contentLength: body.count) { writer in
                var remaining = buffer
                while remaining.readableBytes > 0 {
                    let slice = remaining.readSlice(length: min(chunk, remaining.readableBytes))!
                    try await writer.write(slice)
                    try await Self.injectedPause(milliseconds: delay)
                }
                try await writer.finish(nil)
            }
            return Response(status: .init(code: wire.status), headers: headers, body: body)
        }
        return Response(status: .init(code: wire.status), headers: headers, body: ResponseBody(byteBuffer: buffer))
    }
}

/// Whether an `Accept-Encoding` takes gzip: named (or `*`) without `q=0` (RFC 9110 §12.5.3).
func acceptsGzip(_ header: String?) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { entry in
        let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { return false }
        let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
        return quality > 0
    }
}

extension Parameters {
    /// A path parameter as the client meant it: Hummingbird hands over the raw segment, still percent-encoded.
    func decoded(_ name: String) -> String? {
        guard let raw = get(name) else { return nil }
        return raw.removingPercentEncoding ?? raw
    }
}
