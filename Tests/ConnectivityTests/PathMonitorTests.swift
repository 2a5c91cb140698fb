import Connectivity
import Foundation
import Testing
import TestSupport

@Suite struct RouteTableTests {
    func table() -> RouteTable {
        var table = RouteTable()
        table.setLink(index: 1, .init(name: "lo", isUp: true, isRunning: true, isLoopback: true))
        table.setLink(index: 2, .init(name: "eth0", isUp: true, isRunning: true, isLoopback: false))
        table.setLink(index: 3, .init(name: "wlan0", isUp: true, isRunning: true, isLoopback: false))
        table.addAddress(.init(family: 2, interfaceIndex: 2, bytes: [10, 0, 0, 2], prefixLength: 24))
        table.addAddress(.init(family: 2, interfaceIndex: 3, bytes: [10, 0, 1, 2], prefixLength: 24))
        return table
    }

    let wiredRoute = RouteTable.DefaultRoute(family: 2, table: 254, priority: 100, interfaceIndex: 2, gateway: [10, 0, 0, 1])
    let wifiRoute = RouteTable.DefaultRoute(family: 2, table: 254, priority: 600, interfaceIndex: 3, gateway: [10, 0, 1, 1])
    let classify: (String) -> InterfaceKind? = { $0.hasPrefix("wlan") ? .wifi : .wired }

    @Test func noDefaultRouteMeansUnusable() {
        #expect(table().path(classify: classify) == .unusable)
    }

    @Test func theLowestMetricDefaultRouteThroughAnUpLinkWins() {
        var table = table()
        table.addDefaultRoute(wifiRoute)
        #expect(table.path(classify: classify) == .wifi)
        table.addDefaultRoute(wiredRoute)
        #expect(table.path(classify: classify) == .wired)
        table.removeDefaultRoute(wiredRoute)
        #expect(table.path(classify: classify) == .wifi)
    }

    @Test func aLinkWithoutCarrierOrDownOrWithoutAddressIsNoWayOut() {
        var table = table()
        table.addDefaultRoute(wiredRoute)
        table.setLink(index: 2, .init(name: "eth0", isUp: true, isRunning: false, isLoopback: false))
        #expect(table.path(classify: classify) == .unusable)
        table.setLink(index: 2, .init(name: "eth0", isUp: false, isRunning: false, isLoopback: false))
        #expect(table.path(classify: classify) == .unusable)
        table.setLink(index: 2, .init(name: "eth0", isUp: true, isRunning: true, isLoopback: false))
        #expect(table.path(classify: classify) == .wired)
        table.removeAddress(.init(family: 2, interfaceIndex: 2, bytes: [10, 0, 0, 2], prefixLength: 24))
        #expect(table.path(classify: classify) == .unusable)
    }

    @Test func removingALinkDropsItsRoutes() {
        var table = table()
        table.addDefaultRoute(wiredRoute)
        table.removeLink(index: 2)
        #expect(table.defaultRoutes.isEmpty)
        #expect(table.path(classify: classify) == .unusable)
    }

    @Test func loopbackIsNeverAWayOut() {
        var table = table()
        table.addAddress(.init(family: 2, interfaceIndex: 1, bytes: [127, 0, 0, 1], prefixLength: 8))
        table.addDefaultRoute(.init(family: 2, table: 254, priority: 0, interfaceIndex: 1, gateway: []))
        #expect(table.path(classify: classify) == .unusable)
    }
}

@Suite struct InterfaceClassifierTests {
    /// A fake `/sys/class/net` in a temporary folder, for `body`; removed after.
    func sysfs(_ interfaces: [String: [String: String]], directories: [String] = [],
               _ body: (InterfaceClassifier) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (name, files) in interfaces {
            try FileManager.default.createDirectory(atPath: "\(root)/\(name)", withIntermediateDirectories: true)
            for (file, contents) in files { try contents.write(toFile: "\(root)/\(name)/\(file)", atomically: true, encoding: .utf8) }
        }
        for directory in directories { try FileManager.default.createDirectory(atPath: "\(root)/\(directory)", withIntermediateDirectories: true) }
        try body(InterfaceClassifier(root: root))
    }

    @Test func tellsWiFiCellularWiredOtherAndExcludesLoopback() throws {
        try sysfs([
            "wlp2s0": ["type": "1\n", "uevent": "DEVTYPE=wlan\nINTERFACE=wlp2s0\n"],
            "wlx": ["type": "1\n"],
            "wwan0": ["type": "65534\n", "uevent": "DEVTYPE=wwan\n"],
            "rmnet_data0": ["type": "530\n"],
            "enp3s0": ["type": "1\n", "uevent": "INTERFACE=enp3s0\n"],
            "tun0": ["type": "65534\n"],
            "lo": ["type": "772\n"],
        ], directories: ["wlx/wireless"]) { classifier in
            #expect(classifier.kind(of: "wlp2s0") == .wifi)
            #expect(classifier.kind(of: "wlx") == .wifi)
            #expect(classifier.kind(of: "wwan0") == .cellular)
            #expect(classifier.kind(of: "rmnet_data0") == .cellular)
            #expect(classifier.kind(of: "enp3s0") == .wired)
            #expect(classifier.kind(of: "tun0") == .other)
            #expect(classifier.kind(of: "lo") == nil)
        }
    }
}

#if os(Linux)
@Suite(.timeLimit(.minutes(1))) struct NetlinkPathMonitorTests {
    @Test func dumpsTheHostTablesAndPublishesAPathAtStart() async throws {
        let monitor = NetlinkPathMonitor()
        try monitor.start()
        let path = await waitFor(monitor.path) { $0 != nil }
        #expect(path != nil)
        #expect(monitor.messagesReceived > 0)
        monitor.stop()
    }
}
#endif
