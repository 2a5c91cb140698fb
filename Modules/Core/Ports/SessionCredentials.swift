/// The port through which an HTTP client asks for the bearer of each request, and says when the server refused it.
/// The live one is Connectivity's `SessionKeeper` (the session kept encrypted in the user's store); a client built with
/// a fixed `bearerToken` needs none.
public protocol SessionCredentials: Sendable {
    /// The bearer for the next request: the kept session's token, signing in first when the user asked to sign in and
    /// no session is kept yet; nil when signed out (the request then goes without one, and the server says 401).
    func bearer() async throws(HTTPClientError) -> String?
    /// The server answered 401 to a request that carried `token`: that session is over (revoked or expired). The app is
    /// signed out until the person signs in again; a write sent with a stale token must not sign anyone back in.
    func refused(_ token: String) async
}

/// Where the app stands with the server's sessions (never the token itself).
public enum SessionState: String, Sendable, Equatable {
    /// A session is kept and sent with every request.
    case signedIn
    /// The person asked to sign in; the sign-in request goes out with the first request that can reach the server.
    case signingIn
    /// No session: never signed in, signed out, or the server ended the session. Screens say "Please sign in again".
    case signedOut
}
