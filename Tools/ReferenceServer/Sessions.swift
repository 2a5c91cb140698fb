import Foundation
import Core
import Crypto
import WireContract

/// The sessions the backend issued: a random token per sign-in, each for one user until it expires or is revoked.
final class SessionRegistry: Sendable {
    /// What a bearer token turned out to be.
    enum Lookup: Equatable {
        case user(String)
        case expired
        case unknown
    }

    /// A line of the sessions file: the server's own bookkeeping, not a body of the API.
    private struct Issued: Codable { var user: String; var expiresAt: Date }
    /// By the SHA-256 of the token, as a server keeps them: whoever reads the file cannot use a session.
    private let sessions: Locked<[String: Issued]>
    private let lifetime: Duration
    private let acceptsDevelopmentTokens: Bool
    private let now: @Sendable () -> Date
    private let file: URL?

    /// - Parameter file: where the sessions outlive the process (the REPL's embedded backend keeps them beside the
    ///   app's data folder, so a second REPL run on it talks to "the same server"); nil keeps them in memory.
    init(lifetime: Duration, acceptsDevelopmentTokens: Bool, now: @escaping @Sendable () -> Date, file: URL? = nil) {
        self.lifetime = lifetime
        self.acceptsDevelopmentTokens = acceptsDevelopmentTokens
        self.now = now
        self.file = file
        let saved = file.flatMap { try? Data(contentsOf: $0) }.flatMap { try? WireJSON.decoder.decode([String: Issued].self, from: $0) }
        sessions = Locked(saved ?? [:])
    }

    private static func digest(_ token: some StringProtocol) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Changes the sessions and, with a file, writes them out (atomically) under the same lock.
    private func change<T>(_ body: (inout [String: Issued]) -> T) -> T {
        sessions.withLock { sessions in
            let result = body(&sessions)
            if let file, let data = try? WireResponse.encoder.encode(sessions) {
                try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? data.write(to: file, options: .atomic)
            }
            return result
        }
    }

    /// A new session for `user`: 32 random bytes, hex (no user id in it: a token says nothing about its owner).
    func issue(for user: String) -> Wire.Session {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
        let expiresAt = now().addingTimeInterval(Double(lifetime.components.seconds))
        change { $0[Self.digest(token)] = Issued(user: user, expiresAt: expiresAt) }
        return Wire.Session(token: token, user: user, expiresAt: expiresAt)
    }

    func lookUp(_ token: Substring) -> Lookup {
        if let issued = sessions.withLock({ $0[Self.digest(token)] }) {
            return issued.expiresAt > now() ? .user(issued.user) : .expired
        }
        if acceptsDevelopmentTokens, let user = ReferenceServer.user(ofDevelopmentToken: token) { return .user(user) }
        return .unknown
    }

    /// Ends one session (signing out); false when there was none.
    @discardableResult
    func revoke(token: Substring) -> Bool {
        change { $0.removeValue(forKey: Self.digest(token)) != nil }
    }

    /// Ends every session of `user` (revoked on the server's side); returns how many.
    @discardableResult
    func revokeAll(of user: String) -> Int {
        change { sessions in
            let tokens = sessions.filter { $0.value.user == user }.map(\.key)
            for token in tokens { sessions.removeValue(forKey: token) }
            return tokens.count
        }
    }

    /// Makes every session of `user` expired now; returns how many.
    @discardableResult
    func expireAll(of user: String) -> Int {
        let date = now()
        return change { sessions in
            let tokens = sessions.filter { $0.value.user == user }.map(\.key)
            for token in tokens { sessions[token]?.expiresAt = date }
            return tokens.count
        }
    }

    /// Whether `token` is a live session of `user` (tests check a token is gone after sign-out).
    func isLive(_ token: String, of user: String) -> Bool {
        lookUp(Substring(token)) == .user(user)
    }

    /// How many live sessions `user` has.
    func liveCount(of user: String) -> Int {
        let date = now()
        return sessions.withLock { $0.values.count { $0.user == user && $0.expiresAt > date } }
    }
}
