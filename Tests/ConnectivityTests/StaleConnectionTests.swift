import Connectivity
import Core
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request on a pooled keep-alive connection that the server dropped while it sat idle: sent again once on a new
/// connection when sending it twice is safe, a `.connectionLost` otherwise.
@Suite(.timeLimit(.minutes(1)))
struct StaleConnectionTests {
    private func request(_ server: DroppingServer, _ method: String, idempotencyKey: String? = nil) -> TransportRequest {
        TransportRequest(method: method, url: URL(string: "http://127.0.0.1:\(server.port)/v1/thing")!,
                         headers: idempotencyKey.map { [TransportHeader("Idempotency-Key", $0)] } ?? [],
                         body: method == "POST" ? Data("{}".utf8) : nil, timeout: .seconds(20))
    }

    @Test func aGetOnAConnectionTheServerDroppedIsSentAgainOnANewOne() async throws {
        let server = try DroppingServer()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        #expect(try await transport.send(request(server, "GET")).status == 200)
        #expect(try await transport.send(request(server, "GET")).status == 200, "the second GET went out again on a new connection")
        #expect(server.requests == ["1 GET", "1 GET", "2 GET"])
        await transport.shutdown()
    }

    @Test func aPostWithAnIdempotencyKeyIsSentAgainAndOneWithoutFailsAsConnectionLost() async throws {
        let server = try DroppingServer()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        #expect(try await transport.send(request(server, "POST")).status == 200)
        let error = await #expect(throws: HTTPClientError.self) { try await transport.send(request(server, "POST")) }
        guard case .connectionLost = error else { Issue.record("expected .connectionLost, got \(String(describing: error))"); return }
        #expect(server.requests == ["1 POST", "1 POST"], "a POST without a key is never sent twice")

        let keyed = try DroppingServer()
        defer { keyed.stop() }
        #expect(try await transport.send(request(keyed, "POST", idempotencyKey: "k1")).status == 200)
        #expect(try await transport.send(request(keyed, "POST", idempotencyKey: "k2")).status == 200)
        #expect(keyed.requests == ["1 POST", "1 POST", "2 POST"])
        await transport.shutdown()
    }
}

/// A loopback HTTP/1.1 server that keeps its first connection open after answering one request, then closes it
/// without an answer when the next request arrives on it (a keep-alive connection dropped while idle, made
/// deterministic); every later connection is answered. `requests` lists "<connection> <method>" in arrival order.
final class DroppingServer: Sendable {
    let port: Int
    private let listener: Int32
    private let log = Locked<[String]>([])

    var requests: [String] { log.withLock { $0 } }

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = descriptor
        let log = log
        Thread.detachNewThread {
            var connections = 0
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                connections += 1
                let number = connections
                Thread.detachNewThread { Self.serve(connection, number: number, log: log) }
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ connection: Int32, number: Int, log: Locked<[String]>) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var answered = 0
        while let method = readRequest(connection, &pending) {
            log.withLock { $0.append("\(number) \(method)") }
            if number == 1 && answered == 1 { return }
            let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
            _ = answer.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count - 1) }
            answered += 1
        }
    }

    /// The next request's method, its head and body read (`Content-Length` bodies only); nil when the peer closed.
    private static func readRequest(_ connection: Int32, _ pending: inout [UInt8]) -> String? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = pending.indices.first(where: { pending[$0...].starts(with: separator) }) {
                let head = String(decoding: pending[..<end], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if pending.count >= end + 4 + length {
                    pending.removeFirst(end + 4 + length)
                    return head.split(separator: " ").first.map(String.init)
                }
            }
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, 4096) }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }
}
