import Connectivity
import Core
import Foundation
import SecureStore
import OfflinePatterns

// `outbox-torture FOLDER SERVER_URL USER enqueue COUNT` queues activity registrations 0..<COUNT into the
// outbox of USER's vault in FOLDER (resuming where a killed run stopped) and prints `enqueued N` after each
// write returns. `outbox-torture FOLDER SERVER_URL USER drain` sends the queue to the reference server,
// printing `sent N` after each answer, and exits 0 once the queue is empty.
// OfflinePatternsTests' kill test SIGKILLs it at random moments of both phases.
// Exit codes: 0 done, 1 store or outbox error, 2 usage.

let arguments = CommandLine.arguments
guard arguments.count >= 5, let server = URL(string: arguments[2]),
      arguments[4] == "drain" || (arguments[4] == "enqueue" && arguments.count >= 6 && Int(arguments[5]) != nil) else {
    FileHandle.standardError.write(Data("usage: outbox-torture FOLDER SERVER_URL USER (enqueue COUNT | drain)\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let user = arguments[3]

/// Unbuffered, so the parent reads each line the moment the step is done.
@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct Registration: Encodable {
    var kind: String
    var occurredAt: Date
    var note: String
}

do {
    let store = try SecureStore(folder: folder, keyProvider: FileKeyProvider(folder: folder), telemetry: .disabled, now: { Date() })
    let vault = store.vault(for: user)
    let status = StateCell(ConnectivityStatus.online)
    let client = HTTPClient(configuration: HTTPClientConfiguration(baseURL: server, bearerToken: "token-\(user)", timeout: .seconds(10)),
                            connectivity: .alwaysOnline, time: .live)
    let live = OutboxTransport.live(client)
    let transport = OutboxTransport { request, key throws(HTTPClientError) in
        try await live.send(request, key)
        say("sent \(request.path)")
    }
    let outbox = Outbox(store: vault, transport: transport, status: arguments[4] == "drain" ? status : StateCell(.offline),
                        time: .live, policy: RetryPolicy(maxAttempts: 50, baseDelay: .milliseconds(10), maxDelay: .milliseconds(200)),
                        // A composition root of its own: the live values (a key must never repeat across the runs it is killed in).
                        seed: UInt64.random(in: 0 ... .max), idempotencyKeys: .random)
    try await outbox.start()
    if arguments[4] == "enqueue" {
        let count = Int(arguments[5])!
        let next = try vault.load(collection: "torture", key: "next").flatMap { Int(String(decoding: $0.value, as: UTF8.self)) } ?? 0
        for index in next..<count {
            let write = OutboxWrite(
                request: try .json("POST", Endpoint("v1", "users", user, "activities"),
                                   Registration(kind: "visit", occurredAt: Date(timeIntervalSince1970: 1_767_225_600), note: "torture-\(index)")),
                pattern: .optimisticWithoutFeedback,
                // The counter moves in the same transaction as the queued request: a kill loses neither or both.
                optimisticData: [.save(collection: "torture", key: "next", value: Data(String(index + 1).utf8))]
            )
            try await outbox.write(write)
            say("enqueued \(index)")
        }
    } else {
        await outbox.waitUntilDrained()
        let failed = outbox.deadLetters.value
        if !failed.isEmpty {
            FileHandle.standardError.write(Data("outbox-torture: \(failed.count) write(s) failed: \(failed[0].error.detail)\n".utf8))
            exit(1)
        }
        say("drained")
    }
    await outbox.stop()
    exit(0)
} catch {
    FileHandle.standardError.write(Data("outbox-torture: \(error)\n".utf8))
    exit(1)
}
