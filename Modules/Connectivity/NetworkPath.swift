public import Core

/// What kind of interface carries the default route.
public enum InterfaceKind: String, Sendable, Hashable, CaseIterable, Codable {
    case wired
    case wifi
    case cellular
    case other
}

/// Whether the device has a usable way out: a default route through an interface that is up.
public struct NetworkPath: Sendable, Hashable, Codable, CustomStringConvertible {
    public var isUsable: Bool
    /// The interface of the preferred default route; nil when there is none.
    public var interface: InterfaceKind?

    public init(isUsable: Bool, interface: InterfaceKind?) {
        self.isUsable = isUsable
        self.interface = isUsable ? interface : nil
    }

    public static let unusable = NetworkPath(isUsable: false, interface: nil)
    public static let wifi = NetworkPath(isUsable: true, interface: .wifi)
    public static let cellular = NetworkPath(isUsable: true, interface: .cellular)
    public static let wired = NetworkPath(isUsable: true, interface: .wired)

    public var description: String { isUsable ? "usable(\(interface?.rawValue ?? "other"))" : "unusable" }
}

/// Why a path source could not start.
public enum PathMonitorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed; `call` names it and `errno` says why.
    case systemCall(call: String, errno: Int32)
    case unsupportedPlatform

    public var description: String {
        switch self {
        case let .systemCall(call, errno):
            "the path monitor could not \(call) (errno \(errno)); run where rtnetlink is available, or use SimulatedPathSource"
        case .unsupportedPlatform:
            "no path monitor exists for this platform; use SimulatedPathSource"
        }
    }
}

/// Something that knows the network path and publishes it. `path` is nil until the first reading.
public protocol PathSource: Sendable {
    var path: StateCell<NetworkPath?> { get }
    func start() throws(PathMonitorError)
    func stop()
}

/// A path set by hand: tests and the REPL (`app network wifi|cellular|none`).
public final class SimulatedPathSource: PathSource {
    public let path: StateCell<NetworkPath?>

    public init(_ initial: NetworkPath? = nil) {
        path = StateCell(initial)
    }

    public func start() throws(PathMonitorError) {}
    public func stop() {}

    public func set(_ newPath: NetworkPath) { path.set(newPath) }

    /// `wifi`, `cellular`, `wired`, `none` (the REPL's words); nil for anything else.
    @discardableResult
    public func set(named name: String) -> NetworkPath? {
        let newPath: NetworkPath? = switch name.lowercased() {
        case "wifi", "wi-fi": .wifi
        case "cellular": .cellular
        case "wired", "ethernet": .wired
        case "none", "off", "offline": .unusable
        default: nil
        }
        if let newPath { path.set(newPath) }
        return newPath
    }
}
