import Core
import Foundation
import SecureStore

// `store-torture FOLDER [BATCH_SIZE]`: writes batches to a SecureStore in FOLDER until killed.
// Used by SecureStoreTests' crash-consistency test, which SIGKILLs it at random moments.
// Each batch n, in one `apply`: BATCH_SIZE records `b<n>-<i>` added to "items" and batch n-2's
// removed (so "items" holds batches n-1 and n); the "snapshot" collection replaced by BATCH_SIZE
// records `s<n>-<i>`; the "head" record set to n.
// After each commit it prints n on stdout. Exit codes: 0 never (runs until killed), 1 store error, 2 usage.

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: store-torture FOLDER [BATCH_SIZE]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let batchSize = arguments.count >= 3 ? Int(arguments[2]) ?? 20 : 20

do {
    let store = try SecureStore(
        folder: folder,
        keyProvider: FileKeyProvider(folder: folder),
        telemetry: .disabled,
        now: { Date() }
    )
    let vault = store.vault(for: "torture-user")
    var batch = (try? vault.load(collection: "head", key: "head")).flatMap { record in
        Int(String(decoding: record?.value ?? Data(), as: UTF8.self)).map { $0 + 1 }
    } ?? 0
    while true {
        var changes: [RecordChange] = [.deleteAll(collection: "snapshot")]
        for item in 0..<batchSize {
            let payload = Data(String(repeating: "batch \(batch) item \(item);", count: 8).utf8)
            changes.append(.save(collection: "items", key: "b\(batch)-\(item)", value: payload))
            changes.append(.save(collection: "snapshot", key: "s\(batch)-\(item)", value: payload))
            if batch >= 2 { changes.append(.delete(collection: "items", key: "b\(batch - 2)-\(item)")) }
        }
        changes.append(.save(collection: "head", key: "head", value: Data(String(batch).utf8)))
        try vault.apply(changes)
        FileHandle.standardOutput.write(Data("\(batch)\n".utf8))
        batch += 1
    }
} catch {
    FileHandle.standardError.write(Data("store-torture: \(error)\n".utf8))
    exit(1)
}
