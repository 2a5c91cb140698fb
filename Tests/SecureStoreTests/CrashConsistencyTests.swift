import Core
import Foundation
import TestSupport
import SecureStore
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the `store-torture` executable next to the test bundle (SwiftPM puts every product of a
/// build in one folder), or where `STORE_TORTURE_PATH` says.
enum TortureBinary {
    static let url: URL? = BuiltProduct.url(named: "store-torture", "StoreTorture", environmentOverride: "STORE_TORTURE_PATH")
}


@Suite("SecureStore crash consistency")
struct CrashConsistencyTests {
    static let batchSize = 20

    @Test(.enabled(if: Requirement.met(TortureBinary.url != nil), "store-torture is not built next to the tests: run `swift build` first (or set STORE_TORTURE_PATH)"))
    func everyBatchIsWhollyPresentOrWhollyAbsentAfterSIGKILL() throws {
        let executable = try #require(TortureBinary.url)
        let environment = ProcessInfo.processInfo.environment
        let iterations = max(1, Int(environment["SECURE_STORE_KILL_ITERATIONS"] ?? "") ?? 200)
        let seed = UInt64(environment["SECURE_STORE_KILL_SEED"] ?? "") ?? 0x5EC0_2026
        var random = SplitMix64(seed: seed)
        let fixture = StoreFixture()
        defer { fixture.removeFolder() }
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        var highestReported = -1
        var killsMidRun = 0

        for iteration in 0..<iterations {
            // How many commits to let through before the kill: 0 kills during start-up (key file, migration).
            let commitsBeforeKill = Int.random(in: 0...3, using: &random)
            let child = Process()
            child.executableURL = executable
            child.arguments = [fixture.folder.path, String(Self.batchSize)]
            let output = Pipe()
            child.standardOutput = output
            child.standardError = FileHandle.nullDevice
            try child.run()
            var lines: [Int] = []
            var buffer = Data()
            while lines.count < commitsBeforeKill {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    if let number = Int(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)) { lines.append(number) }
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            try? output.fileHandleForReading.close()
            if child.terminationReason == .uncaughtSignal { killsMidRun += 1 }
            #expect(child.terminationReason == .uncaughtSignal, "iteration \(iteration): store-torture exited by itself with status \(child.terminationStatus)")
            highestReported = max(highestReported, lines.last ?? -1)

            let store = try fixture.open(keyProvider: FileKeyProvider(folder: fixture.folder), now: { fixedNow })
            defer { store.close() }
            #expect(store.openReport.recoveredFrom == nil, "iteration \(iteration): the database needed recovery")
            try verify(store.vault(for: "torture-user"), atLeast: highestReported, iteration: iteration)
        }
        #expect(killsMidRun == iterations)
    }

    private func verify(_ vault: SecureVault, atLeast reported: Int, iteration: Int) throws {
        let head = try vault.load(collection: "head", key: "head").map { Int(String(decoding: $0.value, as: UTF8.self)) ?? -2 } ?? -1
        #expect(head >= reported, "iteration \(iteration): batch \(reported) was reported committed but head is \(head)")

        var batches: [Int: Int] = [:]
        for record in try vault.loadAll(collection: "items") {
            let parts = record.key.dropFirst().split(separator: "-")
            let batch = Int(parts[0]) ?? -1
            batches[batch, default: 0] += 1
            let expected = Data(String(repeating: "batch \(batch) item \(parts[1]);", count: 8).utf8)
            #expect(record.value == expected, "iteration \(iteration): \(record.key) has the wrong value")
        }
        // Batch n adds its items and removes batch n-2's: after it, exactly batches n-1 and n are present.
        let expected = head < 0 ? [] : Array(max(0, head - 1)...head)
        #expect(Set(batches.keys) == Set(expected), "iteration \(iteration): batches present \(batches.keys.sorted()) with head \(head)")
        #expect(batches.values.allSatisfy { $0 == Self.batchSize }, "iteration \(iteration): a batch is partly present: \(batches.filter { $0.value != Self.batchSize })")

        let snapshot = try vault.loadAll(collection: "snapshot").map(\.key)
        #expect(snapshot == (head < 0 ? [] : (0..<Self.batchSize).map { "s\(head)-\($0)" }), "iteration \(iteration): the snapshot mixes batches")
    }
}
