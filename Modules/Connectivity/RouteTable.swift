/// The part of the kernel's routing state that decides "is there a usable way out": links, addresses
/// and default routes, kept up to date from rtnetlink messages. Pure: the netlink reader feeds it parsed values.
public struct RouteTable: Sendable, Equatable {
    public struct Link: Sendable, Equatable {
        public var name: String
        public var isUp: Bool
        public var isRunning: Bool
        public var isLoopback: Bool

        public init(name: String, isUp: Bool, isRunning: Bool, isLoopback: Bool) {
            self.name = name
            self.isUp = isUp
            self.isRunning = isRunning
            self.isLoopback = isLoopback
        }
    }

    public struct DefaultRoute: Sendable, Hashable {
        public var family: UInt8
        public var table: UInt32
        public var priority: UInt32
        public var interfaceIndex: Int32
        public var gateway: [UInt8]

        public init(family: UInt8, table: UInt32, priority: UInt32, interfaceIndex: Int32, gateway: [UInt8]) {
            self.family = family
            self.table = table
            self.priority = priority
            self.interfaceIndex = interfaceIndex
            self.gateway = gateway
        }
    }

    public struct Address: Sendable, Hashable {
        public var family: UInt8
        public var interfaceIndex: Int32
        public var bytes: [UInt8]
        public var prefixLength: UInt8

        public init(family: UInt8, interfaceIndex: Int32, bytes: [UInt8], prefixLength: UInt8) {
            self.family = family
            self.interfaceIndex = interfaceIndex
            self.bytes = bytes
            self.prefixLength = prefixLength
        }
    }

    public private(set) var links: [Int32: Link] = [:]
    public private(set) var addresses: Set<Address> = []
    public private(set) var defaultRoutes: Set<DefaultRoute> = []

    public init() {}

    public mutating func setLink(index: Int32, _ link: Link) { links[index] = link }

    public mutating func removeLink(index: Int32) {
        links[index] = nil
        addresses = addresses.filter { $0.interfaceIndex != index }
        defaultRoutes = defaultRoutes.filter { $0.interfaceIndex != index }
    }

    public mutating func addAddress(_ address: Address) { addresses.insert(address) }
    public mutating func removeAddress(_ address: Address) { addresses.remove(address) }
    public mutating func addDefaultRoute(_ route: DefaultRoute) { defaultRoutes.insert(route) }
    public mutating func removeDefaultRoute(_ route: DefaultRoute) { defaultRoutes.remove(route) }
    public mutating func removeAll() { self = RouteTable() }

    /// The interface name of the best usable default route: lowest metric, through a link that is up and
    /// running (has carrier), not loopback, and holding an address of the route's family.
    public var preferredInterface: String? {
        defaultRoutes
            .filter { route in
                guard let link = links[route.interfaceIndex], link.isUp, link.isRunning, !link.isLoopback else { return false }
                return addresses.contains { $0.interfaceIndex == route.interfaceIndex && $0.family == route.family }
            }
            .min { ($0.priority, $0.family, $0.interfaceIndex) < ($1.priority, $1.family, $1.interfaceIndex) }
            .flatMap { links[$0.interfaceIndex]?.name }
    }

    /// The path this table describes, classifying the interface with `classify`.
    public func path(classify: (String) -> InterfaceKind?) -> NetworkPath {
        guard let name = preferredInterface else { return .unusable }
        return NetworkPath(isUsable: true, interface: classify(name) ?? .other)
    }
}
