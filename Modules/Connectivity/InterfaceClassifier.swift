import Foundation

/// Tells an interface's kind from Linux sysfs (`/sys/class/net/<name>/`):
/// `wireless/` or `uevent` DEVTYPE=wlan → Wi-Fi; DEVTYPE=wwan or a modem name (wwan*, rmnet*, ccmni*) → cellular;
/// `type` 1 (ARPHRD_ETHER) → wired; anything else → other. Loopback is no way out: nil.
public struct InterfaceClassifier: Sendable {
    /// The sysfs folder to read (a temporary folder in tests).
    public var root: String

    public init(root: String = "/sys/class/net") {
        self.root = root
    }

    public func kind(of name: String) -> InterfaceKind? {
        let folder = "\(root)/\(name)"
        let type = read("\(folder)/type").flatMap { Int($0) }
        if name == "lo" || type == 772 { return nil }
        let devtype = read("\(folder)/uevent")?
            .split(separator: "\n")
            .first { $0.hasPrefix("DEVTYPE=") }
            .map { String($0.dropFirst("DEVTYPE=".count)).lowercased() }
        var isDirectory: ObjCBool = false
        if devtype == "wlan" || (FileManager.default.fileExists(atPath: "\(folder)/wireless", isDirectory: &isDirectory) && isDirectory.boolValue) {
            return .wifi
        }
        if devtype == "wwan" || ["wwan", "rmnet", "ccmni", "pdp"].contains(where: { name.hasPrefix($0) }) { return .cellular }
        if type == 1 { return .wired }
        return .other
    }

    private func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
