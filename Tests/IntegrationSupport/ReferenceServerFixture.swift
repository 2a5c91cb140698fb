public import Foundation
import Logging
public import ReferenceServer
public import TestSupport

/// Runs `body` against a fresh reference server on 127.0.0.1 port 0 whose clock reads `now` (by default `fixedNow`), and stops it afterwards
/// (also when `body` throws). Quiet: the server logs only critical messages.
public func withReferenceServer<T>(seed: SeedConfiguration = SeedConfiguration(), faults: FaultConfiguration = .none, now: Date = fixedNow,
                                   _ body: (ReferenceServer, URL) async throws -> T) async throws -> T {
    var logger = Logger(label: "ReferenceServer.test")
    logger.logLevel = .critical
    let server = ReferenceServer(configuration: ReferenceServerConfiguration(seed: seed, faults: faults, now: { now }, logger: logger,
                                                                             acceptsDevelopmentTokens: true))
    let url = try await server.start()
    do {
        let result = try await body(server, url)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
