public import Core
import Foundation

/// The app's session with the server: its bearer token kept encrypted in the user's store (SecureStore's vault, through
/// Core's `RecordStore` port), sent with every request, and dropped the moment the server refuses it.
///
/// - Signing in (`signingIn: true`, what `login` does) asks the server for a session with the first request that can
///   reach it — at once when online, after the connection returns when the person signed in offline — once for all the
///   requests waiting on it; the token is saved before any request carries it.
/// - A relaunch reads the kept token: no sign-in request, offline included.
/// - A 401 to a request that carried the current token (revoked, expired) deletes it: the app is signed out, screens
///   say "Please sign in again", and nothing signs back in until the person does.
/// - `signOut()` (logout) deletes the token and tells the server to end the session (best effort: offline it simply
///   expires there).
public actor SessionKeeper: SessionCredentials {
    /// Where the token is kept in the user's store.
    public static let collection = "session"
    static let tokenKey = "bearer"

    /// Signed in, signing in, or signed out; never the token.
    public nonisolated let state: StateCell<SessionState>
    private let store: any RecordStore
    private let signIn: @Sendable () async throws(HTTPClientError) -> String
    private let endSession: @Sendable (_ token: String) async -> Void
    private var token: String?
    private var pendingSignIn: Task<Result<String, HTTPClientError>, Never>?

    /// How a launch starts with the session.
    public enum Start: Sendable, Equatable {
        /// The person has just signed in: a new session is asked for (a kept one is replaced).
        case signIn
        /// A relaunch: the kept session, or signed out when there is none.
        case resume
        /// Opening the app as someone: the kept session, or a sign-in when there is none.
        case resumeOrSignIn
    }

    /// - Parameters:
    ///   - signIn: asks the server for a session; returns its token.
    ///   - endSession: tells the server a token is no longer used (sign-out); errors are the caller's to swallow.
    public init(store: any RecordStore, start: Start,
                signIn: @escaping @Sendable () async throws(HTTPClientError) -> String,
                endSession: @escaping @Sendable (_ token: String) async -> Void) {
        self.store = store
        self.signIn = signIn
        self.endSession = endSession
        let kept = (try? store.load(collection: Self.collection, key: Self.tokenKey)).flatMap { String(data: $0.value, encoding: .utf8) }
        token = start == .signIn ? nil : kept
        let initial: SessionState = switch (start, kept) {
        case (.signIn, _), (.resumeOrSignIn, nil): .signingIn
        case (.resume, nil): .signedOut
        case (_, .some): .signedIn
        }
        state = StateCell(initial)
    }

    public func bearer() async throws(HTTPClientError) -> String? {
        switch state.value {
        case .signedIn: return token
        case .signedOut: return nil
        case .signingIn: return try await signInOnce()
        }
    }

    public func refused(_ refusedToken: String) async {
        guard refusedToken == token else { return }  // an older token's 401 says nothing about the current session
        forget()
    }

    /// Logging out: the token is deleted at once; then the server hears the session is over.
    public func signOut() async {
        let old = token
        forget()
        pendingSignIn?.cancel()
        pendingSignIn = nil
        if let old { await endSession(old) }
    }

    /// One sign-in request for every caller waiting on it; a failure lets the next request try again, except a refusal.
    private func signInOnce() async throws(HTTPClientError) -> String? {
        let task = pendingSignIn ?? Task { [signIn] () -> Result<String, HTTPClientError> in
            do throws(HTTPClientError) { return .success(try await signIn()) } catch { return .failure(error) }
        }
        pendingSignIn = task
        let outcome = await task.value
        if pendingSignIn == task { pendingSignIn = nil }
        guard state.value == .signingIn else { return token }  // another caller finished it (or a sign-out came first)
        switch outcome {
        case let .success(newToken):
            do {
                try store.save(Data(newToken.utf8), collection: Self.collection, key: Self.tokenKey)
            } catch {
                throw .invalidRequest("the session could not be kept in the store: \(error)")
            }
            token = newToken
            state.set(.signedIn)
            return newToken
        case let .failure(error):
            if error.isAuthenticationFailure { state.set(.signedOut) }  // the server will not sign this person in
            throw error
        }
    }

    private func forget() {
        token = nil
        try? store.delete(collection: Self.collection, key: Self.tokenKey)
        state.set(.signedOut)
    }
}
