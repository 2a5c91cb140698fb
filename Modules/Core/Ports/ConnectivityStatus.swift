/// Whether the network is usable, as the app should show it. `unknown` is explicit at start-up so
/// that no screen claims "offline" (or "online") before there is evidence either way.
public enum ConnectivityStatus: String, Sendable, Equatable, CaseIterable, Codable {
    case unknown
    case online
    case offline

    /// Online-only actions are allowed only with evidence of a working network.
    public var allowsOnlineActions: Bool { self == .online }
    /// The offline indicator is shown only once offline is established, never while unknown.
    public var showsOfflineIndicator: Bool { self == .offline }
}
