import Connectivity
import Core
import Foundation
import Testing

@Suite struct LazyHTTPTransportTests {
    @Test func makesTheTransportOnTheFirstRequestOnly() async throws {
        let made = Locked(0)
        let inner = AnsweringTransport()
        let transport = LazyHTTPTransport { made.withLock { $0 += 1 }; return inner }
        #expect(made.withLock { $0 } == 0)
        #expect(!transport.isMade)
        let request = TransportRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/health")!, timeout: .seconds(5))
        #expect(try await transport.send(request).status == 204)
        #expect(try await transport.send(request).status == 204)
        #expect(made.withLock { $0 } == 1)
        #expect(inner.started.withLock { $0 } == 2)
        await transport.shutdown()
        #expect(inner.shutDown.withLock { $0 })
    }

    @Test func shutDownBeforeAnyRequestMakesNothingAndRefusesLaterOnes() async {
        let made = Locked(0)
        let transport = LazyHTTPTransport { made.withLock { $0 += 1 }; return AnsweringTransport() }
        await transport.shutdown()
        let request = TransportRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/health")!, timeout: .seconds(5))
        await #expect(throws: HTTPClientError.invalidRequest("the HTTP transport was shut down")) { try await transport.send(request) }
        #expect(made.withLock { $0 } == 0)
    }
}

/// Answers every request at once with 204.
private final class AnsweringTransport: HTTPTransport {
    let started = Locked(0)
    let shutDown = Locked(false)

    func start(_ request: TransportRequest,
               completion: @escaping @Sendable (Result<TransportResponse, HTTPClientError>) -> Void) -> any TransportTask {
        started.withLock { $0 += 1 }
        completion(.success(TransportResponse(status: 204)))
        return Done()
    }

    func shutdown() async { shutDown.withLock { $0 = true } }

    private struct Done: TransportTask {
        func cancel() {}
    }
}
