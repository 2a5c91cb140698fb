/// Why a cached resource is being refreshed: one vocabulary for every server-backed screen, for its decisions (a refresh
/// the user asked for may say why it failed; the others stay silent) and for telemetry.
public enum RefreshTrigger: String, Sendable, Hashable, CaseIterable {
    /// The screen opened (with or without something cached).
    case open
    /// A user logged in.
    case login
    /// The app came to the foreground (or launched).
    case foreground
    /// The connection came back.
    case reconnect
    /// The user asked: pull to refresh, Refresh or Retry.
    case refresh
    /// The warmup session fills the cache.
    case prefetch
    /// The automatic retry of a refresh that failed while online.
    case retry
    /// A write landed: what the screen shows may predate it.
    case write

    /// Whether the person asked for this refresh (and so may be told when it fails).
    public var isUserInitiated: Bool { self == .refresh }
}
