public import Core

extension OutboxTransport {
    /// Sends through the fail-fast HTTP client (which reports every network outcome to the monitor).
    /// `timeout` bounds one attempt: a lost answer costs at most that before the retry (with the same key).
    public static func live(_ client: HTTPClient, timeout: Duration? = nil) -> OutboxTransport {
        OutboxTransport { request, key throws(HTTPClientError) in
            _ = try await client.send(method: request.method, path: request.endpoint, body: request.body, idempotencyKey: key, timeout: timeout)
        }
    }
}
