import Connectivity
import Core
import Foundation
@testable import ReferenceServer
import TestSupport
import IntegrationSupport
import Testing
import WireContract

/// A real session (issue 25, item 9): the backend issues a random token per sign-in; the app keeps it in the store,
/// sends it as the bearer, drops it on a 401 and at sign-out.
@Suite(.timeLimit(.minutes(1))) struct SessionTests {
    /// A sign-in the test controls: counts calls, answers with `tokens` in turn or throws `failure`.
    final class ScriptedSignIn: Sendable {
        private let state = Locked((calls: 0, ended: [String](), failure: HTTPClientError?.none))
        let tokens: [String]
        init(tokens: [String] = ["t1", "t2", "t3"]) { self.tokens = tokens }
        var calls: Int { state.withLock { $0.calls } }
        var ended: [String] { state.withLock { $0.ended } }
        func fail(with error: HTTPClientError?) { state.withLock { $0.failure = error } }

        func keeper(_ store: any RecordStore, _ start: SessionKeeper.Start) -> SessionKeeper {
            SessionKeeper(store: store, start: start, signIn: { () throws(HTTPClientError) -> String in
                let (index, failure) = self.state.withLock { state in
                    state.calls += 1
                    return (state.calls - 1, state.failure)
                }
                await Task.yield()
                if let failure { throw failure }
                return self.tokens[min(index, self.tokens.count - 1)]
            }, endSession: { token in self.state.withLock { $0.ended.append(token) } })
        }
    }

    static func store() -> InMemoryRecordStore { InMemoryRecordStore(now: { fixedNow }) }

    static func kept(_ store: some RecordStore) throws -> String? {
        try store.load(collection: SessionKeeper.collection, key: "bearer").map { String(decoding: $0.value, as: UTF8.self) }
    }

    @Test func signingInAsksTheServerOnceForEveryRequestWaitingAndKeepsTheTokenBeforeAnyRequestCarriesIt() async throws {
        let store = Self.store()
        let server = ScriptedSignIn()
        let keeper = server.keeper(store, .signIn)
        #expect(keeper.state.value == .signingIn)
        let bearers = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { try? await keeper.bearer() } }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(bearers == Array(repeating: "t1", count: 8))
        #expect(server.calls == 1)
        #expect(try Self.kept(store) == "t1")
        #expect(keeper.state.value == .signedIn)
    }

    @Test func aRelaunchUsesTheKeptSessionWithoutSigningInAndStaysSignedOutWithoutOne() async throws {
        let store = Self.store()
        try store.save(Data("kept".utf8), collection: SessionKeeper.collection, key: "bearer")
        let server = ScriptedSignIn()
        #expect(try await server.keeper(store, .resume).bearer() == "kept")
        #expect(try await server.keeper(store, .resumeOrSignIn).bearer() == "kept")
        #expect(server.calls == 0, "no sign-in request: offline launches work")
        let empty = Self.store()
        let signedOut = server.keeper(empty, .resume)
        #expect(signedOut.state.value == .signedOut)
        #expect(try await signedOut.bearer() == nil)
        #expect(try await server.keeper(empty, .resumeOrSignIn).bearer() == "t1")
        #expect(server.calls == 1)
    }

    @Test func aRefusalOfTheCurrentTokenSignsOutAndDeletesItButAnOlderTokensRefusalDoesNot() async throws {
        let store = Self.store()
        let server = ScriptedSignIn()
        let keeper = server.keeper(store, .signIn)
        #expect(try await keeper.bearer() == "t1")
        await keeper.refused("an-older-token")
        #expect(try keeper.state.value == .signedIn && Self.kept(store) == "t1")
        await keeper.refused("t1")
        #expect(keeper.state.value == .signedOut)
        #expect(try Self.kept(store) == nil)
        #expect(try await keeper.bearer() == nil, "nothing signs back in until the person does")
        #expect(server.calls == 1)
    }

    @Test func signingOutDeletesTheTokenAndEndsTheSessionOnTheServer() async throws {
        let store = Self.store()
        let server = ScriptedSignIn()
        let keeper = server.keeper(store, .signIn)
        _ = try await keeper.bearer()
        await keeper.signOut()
        #expect(try Self.kept(store) == nil)
        #expect(keeper.state.value == .signedOut)
        #expect(server.ended == ["t1"])
    }

    @Test func aSignInThatCouldNotReachTheServerIsTriedAgainWithTheNextRequestButARefusedOneSignsOut() async throws {
        let server = ScriptedSignIn()
        let keeper = server.keeper(Self.store(), .signIn)
        server.fail(with: .unreachable("refused"))
        await #expect(throws: HTTPClientError.unreachable("refused")) { try await keeper.bearer() }
        #expect(keeper.state.value == .signingIn)
        server.fail(with: nil)
        #expect(try await keeper.bearer() == "t2")

        let refused = ScriptedSignIn()
        let other = refused.keeper(Self.store(), .signIn)
        refused.fail(with: .http(status: 401))
        await #expect(throws: HTTPClientError.http(status: 401)) { try await other.bearer() }
        #expect(other.state.value == .signedOut)
    }

    // MARK: The reference backend's sessions

    func client(_ url: URL, bearer: String? = nil, session: (any SessionCredentials)? = nil) -> HTTPClient {
        HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: bearer, session: session),
                   connectivity: .alwaysOnline, time: liveTime)
    }

    func status(_ body: () async throws -> Void) async -> Int {
        do { try await body(); return 200 } catch let error as HTTPClientError {
            if case let .http(status, _) = error { return status }
            return -1
        } catch { return -1 }
    }

    @Test func theBackendIssuesARandomTokenPerSignInThatOpensOnlyThatUsersData() async throws {
        try await withReferenceServer { server, url in
            let first: Wire.Session = try await client(url).post("/v1/sessions", body: Wire.SignInBody(user: "user1"))
            let second: Wire.Session = try await client(url).post("/v1/sessions", body: Wire.SignInBody(user: "user1"))
            #expect(first.token != second.token && first.token.count == 64 && !first.token.contains("user1"))
            #expect(first.user == "user1" && first.expiresAt == fixedNow.addingTimeInterval(30 * 86_400))
            let cart: Wire.Cart = try await client(url, bearer: first.token).get("/v1/users/user1/cart")
            #expect(!cart.items.isEmpty)
            #expect(await status { let _: Wire.Cart = try await client(url, bearer: first.token).get("/v1/users/user2/cart") } == 403)
            #expect(await status { let _: Wire.Session = try await client(url).post("/v1/sessions", body: Wire.SignInBody(user: "nobody")) } == 401)
            #expect(server.liveSessionCount(of: "user1") == 2)
        }
    }

    @Test func aSignedOutRevokedOrExpiredTokenIsRefusedWith401() async throws {
        try await withReferenceServer { server, url in
            func signIn() async throws -> String {
                let session: Wire.Session = try await client(url).post("/v1/sessions", body: Wire.SignInBody(user: "user1"))
                return session.token
            }
            func cartStatus(_ token: String) async -> Int {
                await status { let _: Wire.Cart = try await client(url, bearer: token).get("/v1/users/user1/cart") }
            }
            let signedOut = try await signIn()
            let (deleted, _) = try await client(url, bearer: signedOut).send(method: "DELETE", path: "/v1/sessions/current", body: nil,
                                                                              idempotencyKey: nil)
            #expect(deleted == 204)
            #expect(await cartStatus(signedOut) == 401)
            let revoked = try await signIn()
            #expect(server.revokeSessions(of: "user1") == 1)
            #expect(await cartStatus(revoked) == 401)
            let expired = try await signIn()
            #expect(server.expireSessions(of: "user1") == 1)
            #expect(await cartStatus(expired) == 401)
        }
    }

    @Test func aBackendOutsideTestsAcceptsNoDevelopmentTokenAndKeepsOnlyDigestsOnDisk() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sessions-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let server = ReferenceServer(configuration: ReferenceServerConfiguration(now: { fixedNow }, sessionFile: file))
        let url = try await server.start()
        let session: Wire.Session = try await client(url).post("/v1/sessions", body: Wire.SignInBody(user: "user1"))
        #expect(await status { let _: Wire.Cart = try await client(url, bearer: ReferenceServer.developmentToken(for: "user1")).get("/v1/users/user1/cart") } == 401)
        await server.stop()
        let saved = try Data(contentsOf: file)
        #expect(saved.range(of: Data(session.token.utf8)) == nil, "the file keeps digests, never a usable token")
        // A restarted backend on the same file still accepts the session: a REPL restart talks to "the same server".
        let restarted = ReferenceServer(configuration: ReferenceServerConfiguration(now: { fixedNow }, sessionFile: file))
        #expect(restarted.acceptsSession(session.token, of: "user1"))
    }

    @Test func theClientSendsTheSessionsTokenAndA401SignsTheKeeperOut() async throws {
        try await withReferenceServer { server, url in
            let store = Self.store()
            let signInClient = client(url)
            let keeper = SessionKeeper(store: store, start: .signIn, signIn: { () throws(HTTPClientError) -> String in
                let session: Wire.Session = try await signInClient.post("/v1/sessions", body: Wire.SignInBody(user: "user1"))
                return session.token
            }, endSession: { _ in })
            let api = client(url, session: keeper)
            let cart: Wire.Cart = try await api.get("/v1/users/user1/cart")
            #expect(!cart.items.isEmpty && keeper.state.value == .signedIn)
            server.revokeSessions(of: "user1")
            #expect(await status { let _: Wire.Cart = try await api.get("/v1/users/user1/cart") } == 401)
            #expect(keeper.state.value == .signedOut)
            #expect(try Self.kept(store) == nil)
        }
    }
}
