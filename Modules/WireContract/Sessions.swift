public import Foundation

extension Wire {
    /// What `Route.signIn` takes: who signs in. The reference backend has no passwords: any id it knows (or provisions)
    /// signs in.
    public struct SignInBody: Codable, Sendable, Equatable {
        public var user: String

        public init(user: String) {
            self.user = user
        }
    }

    /// What `Route.signIn` answers (201): the bearer token the app sends from then on, and when it stops being accepted.
    public struct Session: Codable, Sendable, Equatable {
        public var token: String
        public var user: String
        public var expiresAt: Date

        public init(token: String, user: String, expiresAt: Date) {
            self.token = token
            self.user = user
            self.expiresAt = expiresAt
        }
    }

    /// Every error answer: `{"error": {"code": "not_found", "message": "…"}}`. The code is stable (`unauthenticated`,
    /// `session_expired`, `forbidden`, `not_found`, `invalid_body`, `cart_empty`, `idempotency_key_reused`…); the message
    /// is for a developer, never shown to a user.
    public struct ErrorBody: Codable, Sendable, Equatable {
        public struct Detail: Codable, Sendable, Equatable {
            public var code: String
            public var message: String

            public init(code: String, message: String) {
                self.code = code
                self.message = message
            }
        }

        public var error: Detail

        public init(code: String, message: String) {
            error = Detail(code: code, message: message)
        }
    }
}
