import Connectivity
import Core
import Foundation
import OfflineProducts
import OfflineProductsLive
import ReferenceServer
import SecureStore

/// `offline-bench app`'s "light on the wire" rows (issue 41, item 5): what refreshing a cached 10,000-product list costs
/// on a cellular-like link (the backend's faults: 100 ms before every answer, 2 Mbit/s shared by every connection),
/// counted at the server (bytes read and written on its connections, headers included). Beside it, in the same run,
/// today's peer: the same ten pages fetched whole, uncompressed and without validators, as the app did before.
struct WireRefreshBench {
    static let latencyMs = 100
    static let bandwidthKbps = 2_000
    static let changedProducts = 100

    let server: ReferenceServer
    let url: URL
    let user: String

    func run(_ report: BenchReport) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wire-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SecureStore(folder: folder, keyProvider: InMemoryKeyProvider(key: .random()), telemetry: .disabled, now: Date.init)
        let client = HTTPClient(configuration: HTTPClientConfiguration(baseURL: url, bearerToken: ReferenceServer.developmentToken(for: user),
                                                                       timeout: .seconds(60)),
                                connectivity: .alwaysOnline, time: .live)
        let repository = ProductsRepository(store: store.vault(for: user), api: .live(client: client, user: user), now: Date.init, status: { .online })
        // The device has the list and its validators, from a sync on a fast link.
        guard case let .fresh(first) = await repository.sync(), first.value.count == 10_000 else { throw BenchFailure("the first sync did not bring 10,000 products") }

        try await server.setFaults(FaultConfiguration(latencyMs: Self.latencyMs, bandwidthKbps: Self.bandwidthKbps))
        defer { Task { [server] in try? await server.clearFaults() } }
        let link = "\(Self.latencyMs) ms before every answer, \(Self.bandwidthKbps / 1_000) Mbit/s"

        // Today's peer: the ten pages whole, no Accept-Encoding, no validators.
        let (peerBytes, peerTime, _) = try await measure {
            for offset in stride(from: 0, to: 10_000, by: 1_000) {
                let page = url.appending(path: "v1/users/\(user)/products").appending(queryItems: [
                    URLQueryItem(name: "offset", value: "\(offset)"), URLQueryItem(name: "limit", value: "1000"),
                ])
                let response = try await HTTPTransports.shared.send(TransportRequest(method: "GET", url: page, headers: [
                    // `identity`: AsyncHTTPClient would otherwise ask for gzip on a request that names no encoding.
                    TransportHeader("Accept", "application/json"), TransportHeader("Accept-Encoding", "identity"),
                    TransportHeader("Authorization", "Bearer \(ReferenceServer.developmentToken(for: user))"),
                ], timeout: .seconds(120)))
                guard response.status == 200, response.headers["content-encoding"] == nil else { throw BenchFailure("the peer's page came back \(response.status)") }
            }
        }

        // Nothing changed: one conditional request, answered 304.
        let (unchangedBytes, unchangedTime, unchangedRequests) = try await measure {
            guard case .unchanged = await repository.sync() else { throw BenchFailure("the unchanged refresh was not answered 304") }
        }
        report.emit("refresh_unchanged_bytes", Double(unchangedBytes), unit: "bytes",
                    peer: "today's full refresh (10 pages of 1,000, uncompressed, no validators)", peerValue: Double(peerBytes),
                    ratio: Double(peerBytes) / Double(max(unchangedBytes, 1)), goal: "one round trip, < 1 KB",
                    pass: unchangedRequests == 1 && unchangedBytes < 1_024,
                    note: "ProductsRepository.sync() of an unchanged 10,000-product list over \(link): \(unchangedRequests) request(s), "
                        + "request + answer bytes counted at the server")
        report.emit("refresh_unchanged_ms", unchangedTime.milliseconds, unit: "ms", peer: "today's full refresh", peerValue: peerTime.milliseconds,
                    ratio: unchangedTime.milliseconds / peerTime.milliseconds, note: "the same refresh's wall time (one round trip on \(link))")

        // 1 % of the products changed: the list comes again, gzipped.
        guard server.changeProducts(of: user, count: Self.changedProducts) == Self.changedProducts else { throw BenchFailure("could not change the products") }
        let (changedBytes, changedTime, changedRequests) = try await measure {
            guard case let .fresh(list) = await repository.sync(), list.value.count == 10_000 else { throw BenchFailure("the refresh after a change did not bring the list") }
        }
        let ratio = Double(peerBytes) / Double(max(changedBytes, 1))
        report.emit("refresh_1pct_changed_bytes", Double(changedBytes), unit: "bytes",
                    peer: "today's full refresh (10 pages of 1,000, uncompressed, no validators)", peerValue: Double(peerBytes), ratio: ratio,
                    goal: "≥ 5× fewer bytes than the peer", pass: ratio >= 5,
                    note: "\(Self.changedProducts) of 10,000 products changed; ProductsRepository.sync() over \(link): \(changedRequests) requests, "
                        + "the pages gzipped; ratio = peer / ours")
        report.emit("refresh_1pct_changed_ms", changedTime.milliseconds, unit: "ms", peer: "today's full refresh", peerValue: peerTime.milliseconds,
                    ratio: changedTime.milliseconds / peerTime.milliseconds,
                    note: "the same refresh's wall time, decoding and storing the list included (the peer only fetches)")
    }

    /// The bytes on the server's connections, the wall time and the requests of `body`.
    private func measure(_ body: () async throws -> Void) async throws -> (bytes: Int, time: Duration, requests: Int) {
        server.resetWireBytes()
        let requestsBefore = server.requestLog.total
        let (_, time) = try await Stopwatch.measure { try await body() }
        return (server.wireBytes.total, time, server.requestLog.total - requestsBefore)
    }
}
