import TestSupport
import IntegrationSupport
import Connectivity
import Core
import Foundation
import Logging
import ReferenceServer
#if canImport(Glibc)
import Glibc
#endif


/// A loopback port that refuses connections: bound by us, then closed, so nothing listens there.
func refusedLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EBADF) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard ok else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Records what the client reported to the monitor.
final class EvidenceRecorder: Sendable {
    private let storage = Locked<[ConnectivityEvidence]>([])
    let status: Locked<ConnectivityStatus>

    init(status: ConnectivityStatus = .online) { self.status = Locked(status) }

    var evidence: [ConnectivityEvidence] { storage.withLock { $0 } }

    var context: ConnectivityContext {
        ConnectivityContext(status: { [self] in status.withLock { $0 } }, report: { [self] e in storage.withLock { $0.append(e) } })
    }
}


/// Seconds elapsed on the real clock: tests measure with it, they never sleep on it.
func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await body()
    return (result, (clock.now - start).seconds)
}
