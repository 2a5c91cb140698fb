#if canImport(CNetlink)
import CNetlink
public import Core
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif
public import Logging

/// The Linux path monitor: an rtnetlink socket subscribed to link, address and route changes (IPv4 and IPv6).
/// On start it dumps links, addresses and routes, then follows events as they come (no polling) on one
/// background thread, and publishes `NetworkPath` whenever the decision changes.
public final class NetlinkPathMonitor: PathSource {
    public let path = StateCell<NetworkPath?>(nil)
    private let classifier: InterfaceClassifier
    private let logger: Logger
    private let messages = Locked(0)
    private let running = Locked<(socket: Int32, wakeWrite: Int32)?>(nil)

    public init(classifier: InterfaceClassifier = InterfaceClassifier(), logger: Logger = Logger(label: "OfflineKit.Connectivity.netlink")) {
        self.classifier = classifier
        self.logger = logger
    }

    /// How many rtnetlink messages (dump replies and events) were read so far.
    public var messagesReceived: Int { messages.withLock { $0 } }

    public func start() throws(PathMonitorError) {
        let alreadyRunning = running.withLock { $0 != nil }
        guard !alreadyRunning else { return }
        let fd = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), NETLINK_ROUTE)
        guard fd >= 0 else { throw .systemCall(call: "open a NETLINK_ROUTE socket", errno: errno) }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = cnl_groups_link_addr_route()
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw .systemCall(call: "bind the netlink socket to the link/address/route groups", errno: code)
        }
        var buffer: Int32 = 1 << 20
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let code = errno
            close(fd)
            throw .systemCall(call: "create the wake-up pipe", errno: code)
        }
        let reader = NetlinkReader(socket: fd, wakeRead: pipeEnds[0], classifier: classifier, logger: logger,
                                   publish: { [path] in path.set($0) }, counted: { [weak self] in self?.messages.withLock { [count = $0] in $0 += count } })
        let thread = Thread { reader.run() }
        thread.name = "OfflineKit.netlink"
        running.withLock { $0 = (fd, pipeEnds[1]) }
        thread.start()
    }

    /// Stops the reader thread, which closes the socket.
    public func stop() {
        guard let state = running.withLock({ state in defer { state = nil }; return state }) else { return }
        var byte: UInt8 = 1
        _ = write(state.wakeWrite, &byte, 1)
        close(state.wakeWrite)
    }

    deinit { stop() }
}

/// The reader loop; owns the route table and the socket from the moment its thread starts.
private final class NetlinkReader: Sendable {
    let socket: Int32
    let wakeRead: Int32
    let classifier: InterfaceClassifier
    let logger: Logger
    let publish: @Sendable (NetworkPath) -> Void
    let counted: @Sendable (Int) -> Void

    init(socket: Int32, wakeRead: Int32, classifier: InterfaceClassifier, logger: Logger,
         publish: @escaping @Sendable (NetworkPath) -> Void, counted: @escaping @Sendable (Int) -> Void) {
        self.socket = socket
        self.wakeRead = wakeRead
        self.classifier = classifier
        self.logger = logger
        self.publish = publish
        self.counted = counted
    }

    func run() {
        defer { close(socket); close(wakeRead) }
        var table = RouteTable()
        var pendingDumps: [UInt16] = []
        var dumpSequence: UInt32 = 0
        var synchronized = false
        var lastPublished: NetworkPath?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)

        func requestDumps() {
            table.removeAll()
            synchronized = false
            pendingDumps = [UInt16(RTM_GETLINK), UInt16(RTM_GETADDR), UInt16(RTM_GETROUTE)]
            sendNextDump()
        }
        func sendNextDump() {
            guard let type = pendingDumps.first else { return }
            dumpSequence &+= 1
            if !sendDumpRequest(type: type, sequence: dumpSequence) {
                logger.error("netlink dump request failed", metadata: ["errno": "\(errno)"])
            }
        }

        requestDumps()
        while true {
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 { if errno == EINTR { continue }; logger.error("netlink poll failed", metadata: ["errno": "\(errno)"]); return }
            if descriptors[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == ENOBUFS {
                    // The kernel dropped events: start over from a fresh dump.
                    logger.warning("netlink receive buffer overrun; re-reading the tables")
                    requestDumps()
                    continue
                }
                logger.error("netlink recv failed", metadata: ["errno": "\(errno)"])
                return
            }
            var dumpFinished = false
            let processed = buffer.withUnsafeBytes { bytes in
                NetlinkParser.apply(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), to: &table,
                                    dumpSequence: dumpSequence, dumpFinished: &dumpFinished)
            }
            counted(processed)
            if dumpFinished, !pendingDumps.isEmpty {
                pendingDumps.removeFirst()
                if pendingDumps.isEmpty { synchronized = true } else { sendNextDump() }
            }
            guard synchronized else { continue }
            let current = table.path(classify: classifier.kind(of:))
            if current != lastPublished {
                lastPublished = current
                logger.debug("network path", metadata: ["path": "\(current)", "interface": "\(table.preferredInterface ?? "none")"])
                publish(current)
            }
        }
    }

    private func sendDumpRequest(type: UInt16, sequence: UInt32) -> Bool {
        let length = Int(cnl_nlmsg_length(cnl_rtgenmsg_size()))
        var message = [UInt8](repeating: 0, count: Int(cnl_nlmsg_align(UInt32(length))))
        message.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(length), toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: type, toByteOffset: 4, as: UInt16.self)
            raw.storeBytes(of: UInt16(NLM_F_REQUEST | NLM_F_DUMP), toByteOffset: 6, as: UInt16.self)
            raw.storeBytes(of: sequence, toByteOffset: 8, as: UInt32.self)
            raw.storeBytes(of: UInt8(AF_UNSPEC), toByteOffset: Int(cnl_nlmsg_hdrlen()), as: UInt8.self)
        }
        var kernel = sockaddr_nl()
        kernel.nl_family = sa_family_t(AF_NETLINK)
        let sent = message.withUnsafeBytes { bytes in
            withUnsafePointer(to: &kernel) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(socket, bytes.baseAddress, length, 0, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
        }
        return sent == length
    }
}

/// Parses rtnetlink messages into `RouteTable` changes. Offsets follow <linux/rtnetlink.h>.
enum NetlinkParser {
    /// Applies every message in one datagram; returns how many messages it held.
    static func apply(_ bytes: UnsafeRawBufferPointer, to table: inout RouteTable, dumpSequence: UInt32, dumpFinished: inout Bool) -> Int {
        var offset = 0
        var count = 0
        let header = Int(cnl_nlmsg_hdrlen())
        while offset + header <= bytes.count {
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            guard length >= header, offset + length <= bytes.count else { break }
            let type = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self)
            let sequence = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let payload = UnsafeRawBufferPointer(rebasing: bytes[(offset + header)..<(offset + length)])
            count += 1
            switch Int32(type) {
            case Int32(NLMSG_DONE), Int32(NLMSG_ERROR):
                if sequence == dumpSequence { dumpFinished = true }
            case Int32(RTM_NEWLINK), Int32(RTM_DELLINK):
                link(payload, isNew: Int32(type) == Int32(RTM_NEWLINK), table: &table)
            case Int32(RTM_NEWADDR), Int32(RTM_DELADDR):
                address(payload, isNew: Int32(type) == Int32(RTM_NEWADDR), table: &table)
            case Int32(RTM_NEWROUTE), Int32(RTM_DELROUTE):
                route(payload, isNew: Int32(type) == Int32(RTM_NEWROUTE), table: &table)
            default:
                break
            }
            offset += Int(cnl_nlmsg_align(UInt32(length)))
        }
        return count
    }

    /// (type, payload) of each rtattr after a fixed header of `start` bytes.
    static func attributes(_ payload: UnsafeRawBufferPointer, start: Int) -> [(UInt16, UnsafeRawBufferPointer)] {
        var result: [(UInt16, UnsafeRawBufferPointer)] = []
        var offset = start
        while offset + 4 <= payload.count {
            let length = Int(payload.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            let type = payload.loadUnaligned(fromByteOffset: offset + 2, as: UInt16.self)
            guard length >= 4, offset + length <= payload.count else { break }
            result.append((type & 0x3FFF, UnsafeRawBufferPointer(rebasing: payload[(offset + 4)..<(offset + length)])))
            offset += Int(cnl_rta_align(UInt32(length)))
        }
        return result
    }

    static func link(_ payload: UnsafeRawBufferPointer, isNew: Bool, table: inout RouteTable) {
        guard payload.count >= Int(cnl_ifinfomsg_size()) else { return }
        let index = payload.loadUnaligned(fromByteOffset: 4, as: Int32.self)
        guard isNew else { table.removeLink(index: index); return }
        let flags = payload.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
        var name = table.links[index]?.name ?? "if\(index)"
        for (type, value) in attributes(payload, start: Int(cnl_ifinfomsg_size())) where type == UInt16(IFLA_IFNAME) {
            name = String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)
        }
        table.setLink(index: index, RouteTable.Link(
            name: name, isUp: flags & UInt32(IFF_UP.rawValue) != 0, isRunning: flags & UInt32(IFF_RUNNING.rawValue) != 0,
            isLoopback: flags & UInt32(IFF_LOOPBACK.rawValue) != 0))
    }

    static func address(_ payload: UnsafeRawBufferPointer, isNew: Bool, table: inout RouteTable) {
        guard payload.count >= Int(cnl_ifaddrmsg_size()) else { return }
        let family = payload[0]
        let prefixLength = payload[1]
        let index = Int32(bitPattern: payload.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        var bytes: [UInt8] = []
        for (type, value) in attributes(payload, start: Int(cnl_ifaddrmsg_size())) {
            if type == UInt16(IFA_LOCAL) || (type == UInt16(IFA_ADDRESS) && bytes.isEmpty) { bytes = Array(value) }
        }
        let address = RouteTable.Address(family: family, interfaceIndex: index, bytes: bytes, prefixLength: prefixLength)
        if isNew { table.addAddress(address) } else { table.removeAddress(address) }
    }

    static func route(_ payload: UnsafeRawBufferPointer, isNew: Bool, table: inout RouteTable) {
        guard payload.count >= Int(cnl_rtmsg_size()) else { return }
        let family = payload[0]
        let destinationLength = payload[1]
        var routeTable = UInt32(payload[4])
        let routeType = payload[7]
        guard destinationLength == 0, routeType == UInt8(RTN_UNICAST) else { return }
        var priority: UInt32 = 0
        var gateway: [UInt8] = []
        var interfaces: [Int32] = []
        for (type, value) in attributes(payload, start: Int(cnl_rtmsg_size())) {
            switch Int32(type) {
            case Int32(RTA_TABLE.rawValue) where value.count >= 4: routeTable = value.loadUnaligned(as: UInt32.self)
            case Int32(RTA_PRIORITY.rawValue) where value.count >= 4: priority = value.loadUnaligned(as: UInt32.self)
            case Int32(RTA_OIF.rawValue) where value.count >= 4: interfaces.append(value.loadUnaligned(as: Int32.self))
            case Int32(RTA_GATEWAY.rawValue): gateway = Array(value)
            case Int32(RTA_MULTIPATH.rawValue):
                // struct rtnexthop { u16 len; u8 flags; u8 hops; i32 ifindex; } followed by its attributes.
                var offset = 0
                while offset + 8 <= value.count {
                    let length = Int(value.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
                    guard length >= 8 else { break }
                    interfaces.append(value.loadUnaligned(fromByteOffset: offset + 4, as: Int32.self))
                    offset += (length + 3) & ~3
                }
            default: break
            }
        }
        guard routeTable != UInt32(RT_TABLE_LOCAL.rawValue) else { return }
        for index in interfaces {
            let route = RouteTable.DefaultRoute(family: family, table: routeTable, priority: priority, interfaceIndex: index, gateway: gateway)
            if isNew { table.addDefaultRoute(route) } else { table.removeDefaultRoute(route) }
        }
    }
}
#endif
