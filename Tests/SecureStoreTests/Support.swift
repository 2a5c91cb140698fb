import Core
import Foundation
import SecureStore
import Testing
import TestSupport
import IntegrationSupport


/// A store in a fresh temporary folder, with an in-memory telemetry sink to assert on.
struct StoreFixture {
    let folder: URL
    let keys: InMemoryKeyProvider
    let sink = InMemoryTelemetrySink()

    init(keys: InMemoryKeyProvider = InMemoryKeyProvider(key: .fixed())) {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("SecureStoreTests-\(UUID().uuidString)", isDirectory: true)
        self.keys = keys
    }

    var telemetry: Telemetry { Telemetry(sink: sink, now: { fixedNow }) }

    func open(keyProvider: (any KeyProvider)? = nil, now: @escaping @Sendable () -> Date = { fixedNow }) throws -> SecureStore {
        try SecureStore(folder: folder, keyProvider: keyProvider ?? keys, telemetry: telemetry, now: now)
    }

    var databaseURL: URL { folder.appendingPathComponent(SecureStore.databaseFileName) }

    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every regular file in the store's folder with its bytes.
    func filesInFolder() throws -> [(name: String, bytes: Data)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }
}

extension Data {
    func contains(bytes needle: Data) -> Bool {
        guard !needle.isEmpty else { return true }
        return range(of: needle) != nil
    }

    /// `count` bytes of deterministic filler text, so values have realistic size.
    static func filler(_ count: Int, seed: String) -> Data {
        var bytes = Data(capacity: count)
        let pattern = Array("\(seed)|".utf8)
        while bytes.count < count { bytes.append(pattern[bytes.count % pattern.count]) }
        return bytes
    }
}

extension String {
    var utf16LittleEndian: Data { data(using: .utf16LittleEndian)! }
    var utf16BigEndian: Data { data(using: .utf16BigEndian)! }
}
