public import Foundation
import Core

/// The 256-bit master key that wraps every user's data key. Its bytes never leave SecureStore's
/// providers and the sealing code; `description` never prints them.
public struct MasterKey: Sendable, Equatable, CustomStringConvertible {
    /// Length of a master key in bytes (AES-256).
    public static let byteCount = 32

    let bytes: Data

    /// A key from exactly 32 bytes, e.g. as read back from a Keychain item; nil for any other length.
    public init?(bytes: Data) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = Data(bytes)
    }

    /// A fresh key from the system's cryptographically secure generator.
    public static func random() -> MasterKey {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return MasterKey(unchecked: bytes)
    }

    private init(unchecked bytes: Data) {
        self.bytes = bytes
    }

    /// The raw bytes, for a `KeyProvider` that must persist them (Keychain, key file).
    public var rawBytes: Data { bytes }

    public var description: String { "MasterKey(32 bytes, redacted)" }
}

/// Where the master key lives. Linux: `FileKeyProvider`; Apple: `KeychainKeyProvider`; tests: `InMemoryKeyProvider`.
public protocol KeyProvider: Sendable {
    /// The master key, created on first use and the same on every later call (also across launches).
    func masterKey() throws(SecureStoreError) -> MasterKey
}

/// Keeps the master key in memory only: for tests and previews. `rotate(to:)` simulates a lost key. The caller passes
/// the key (`MasterKey(bytes:)` for a fixed one, `.random()` where any will do): no initialiser makes one behind its back.
public final class InMemoryKeyProvider: KeyProvider {
    private let key: Locked<MasterKey>

    public init(key: MasterKey) {
        self.key = Locked(key)
    }

    public func masterKey() throws(SecureStoreError) -> MasterKey {
        key.withLock { $0 }
    }

    /// Replaces the key, as if the Keychain item were lost: data sealed before can no longer be opened.
    public func rotate(to newKey: MasterKey) {
        key.withLock { $0 = newKey }
    }
}
