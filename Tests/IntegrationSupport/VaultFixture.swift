import Core
public import Foundation
public import SecureStore
import TestSupport

/// A SecureStore in a fresh temporary folder with its key in a file there, as on a device. Each test module gives
/// it a convenience `init()` with its own folder label and fixed date.
public struct VaultFixture: Sendable {
    public let folder: URL
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - label: the start of the folder's name (the test module), so leftovers say whose they are.
    ///   - now: the store's clock for record dates.
    public init(label: String, now: @escaping @Sendable () -> Date) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        self.now = now
    }

    public func open() throws -> SecureStore {
        try SecureStore(folder: folder, keyProvider: FileKeyProvider(folder: folder), telemetry: .disabled, now: now)
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Every file in the store's folder with its bytes (for plaintext scans).
    public func files() throws -> [(name: String, bytes: Data)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }
}

extension MasterKey {
    /// A master key of 32 bytes of `byte`: what a test passes where the key itself does not matter, so no test makes
    /// one at random behind its back; two different bytes make two keys (a "lost" key in a rotation test).
    public static func fixed(_ byte: UInt8 = 1) -> MasterKey {
        MasterKey(bytes: Data(repeating: byte, count: MasterKey.byteCount))!
    }
}
