#if canImport(Darwin)
public import Foundation

/// `HTTPTransport` on URLSession, for Apple platforms (where cancelling a task is safe). Compiled out elsewhere:
/// FoundationNetworking's URLSession on Linux deadlocks when a `data(for:)` task is cancelled.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let maximumBodyBytes: Int

    public init(configuration: HTTPTransportConfiguration = .init()) {
        let settings = URLSessionConfiguration.ephemeral
        settings.timeoutIntervalForRequest = Double(configuration.connectTimeout.components.seconds) + 1
        settings.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        settings.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        settings.urlCache = nil
        session = URLSession(configuration: settings)
        maximumBodyBytes = configuration.maximumBodyBytes
    }

    public func start(_ request: TransportRequest,
                      completion: @escaping @Sendable (Result<TransportResponse, HTTPClientError>) -> Void) -> any TransportTask {
        var outgoing = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData,
                                  timeoutInterval: Double(request.timeout.components.seconds) + 1)
        outgoing.httpMethod = request.method
        for header in request.headers { outgoing.addValue(header.value, forHTTPHeaderField: header.name) }
        outgoing.httpBody = request.body
        let limit = maximumBodyBytes
        let task = session.dataTask(with: outgoing) { data, response, error in
            if let error { return completion(.failure(Self.classify(error))) }
            guard let http = response as? HTTPURLResponse else { return completion(.failure(.connectionLost("the answer was not HTTP"))) }
            let body = data ?? Data()
            guard body.count <= limit else { return completion(.failure(.connectionLost("the answer was larger than the transport accepts"))) }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
            completion(.success(TransportResponse(status: http.statusCode, headers: headers, body: body)))
        }
        task.resume()
        return Transfer(task: task)
    }

    private struct Transfer: TransportTask, @unchecked Sendable { // URLSessionTask is thread-safe; `cancel()` may be called anywhere.
        let task: URLSessionDataTask

        func cancel() { task.cancel() }
    }

    public func shutdown() async { session.invalidateAndCancel() }

    static func classify(_ error: any Error) -> HTTPClientError {
        if error is CancellationError { return .cancelled }
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .connectionLost("\(nsError.domain) \(nsError.code)") }
        switch nsError.code {
        case NSURLErrorTimedOut: return .timeout
        case NSURLErrorCancelled: return .cancelled
        case NSURLErrorCannotConnectToHost, NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed, NSURLErrorNotConnectedToInternet,
             NSURLErrorInternationalRoamingOff, NSURLErrorDataNotAllowed:
            return .unreachable(nsError.localizedDescription)
        default: return .connectionLost(nsError.localizedDescription)
        }
    }
}
#endif
