#if canImport(Network)
public import Core
import Network
import Dispatch

/// The Apple-platform path monitor: `NWPathMonitor`, mapped to `NetworkPath`.
/// (Not compiled on the Linux CI; kept small so a reader can check it by eye.)
public final class ApplePathMonitor: PathSource {
    public let path = StateCell<NetworkPath?>(nil)
    private let monitor = NWPathMonitor()
    private let queue = DispatchQueue(label: "OfflineKit.Connectivity.path")

    public init() {}

    public func start() throws(PathMonitorError) {
        monitor.pathUpdateHandler = { [path] update in
            path.set(NetworkPath(isUsable: update.status == .satisfied, interface: Self.kind(of: update)))
        }
        monitor.start(queue: queue)
    }

    public func stop() { monitor.cancel() }

    private static func kind(of update: NWPath) -> InterfaceKind {
        if update.usesInterfaceType(.wifi) { return .wifi }
        if update.usesInterfaceType(.cellular) { return .cellular }
        if update.usesInterfaceType(.wiredEthernet) { return .wired }
        return .other
    }
}
#endif
