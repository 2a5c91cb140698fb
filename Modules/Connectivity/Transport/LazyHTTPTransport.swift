public import Core

/// A transport made on its first request: an app that launches to a cached screen pays for its HTTP stack (on Linux
/// AsyncHTTPClient's event-loop thread and pool) only once something goes out, after that screen is drawn.
/// `shutdown()` shuts down what was made; a transport never made is not made then, and later requests fail at once.
public final class LazyHTTPTransport: HTTPTransport {
    private enum State {
        case waiting(@Sendable () -> any HTTPTransport)
        case made(any HTTPTransport)
        case shutDown
    }

    private let state: Locked<State>

    /// `make` runs once, on the thread of the first `start`; concurrent first requests wait for it.
    public init(_ make: @escaping @Sendable () -> any HTTPTransport) {
        state = Locked(.waiting(make))
    }

    /// Whether the transport has been made (a request went out).
    public var isMade: Bool {
        state.withLock { if case .made = $0 { true } else { false } }
    }

    public func start(_ request: TransportRequest,
                      completion: @escaping @Sendable (Result<TransportResponse, HTTPClientError>) -> Void) -> any TransportTask {
        let transport = state.withLock { state -> (any HTTPTransport)? in
            switch state {
            case let .waiting(make):
                let made = make()
                state = .made(made)
                return made
            case let .made(made): return made
            case .shutDown: return nil
            }
        }
        guard let transport else {
            completion(.failure(.invalidRequest("the HTTP transport was shut down")))
            return NothingStarted()
        }
        return transport.start(request, completion: completion)
    }

    public func shutdown() async {
        let made = state.withLock { state -> (any HTTPTransport)? in
            defer { state = .shutDown }
            if case let .made(made) = state { return made }
            return nil
        }
        await made?.shutdown()
    }

    private struct NothingStarted: TransportTask {
        func cancel() {}
    }
}
