/// The internal identifiers of the warmup session: state key, telemetry event names, icon asset and
/// view ids. They are never shown and never translated. This is their one source of truth: the
/// code uses these constants, and the `l10n` linter's registry adds `stateKeys`, `telemetryEvents`
/// and `iconAssets` so that no catalog ever contains them.
public enum WarmupIdentifiers {
    /// Where the coordinator remembers, across launches, that a session was in progress.
    public static let stateKey = "cacheWarmupState"

    public static let startedEvent = "cache_warmup_started"
    public static let completedEvent = "cache_warmup_completed"
    public static let failedEvent = "cache_warmup_failed"

    /// The toast's leading download/processing icon (an asset name, not copy).
    public static let toastIcon = "icon.warmup.progress"

    /// The subtask the coordinator opens around the launch plan's `warm`.
    public static let launchSubtask = "warmup.launch"

    /// View ids: the toast and the success banner (tests and telemetry; the banner's X is `WarmupToastActionID.closeBanner`).
    public static let toastID = "warmup.toast"
    public static let bannerID = "warmup.optimized"

    public static let stateKeys = [stateKey]
    public static let telemetryEvents = [startedEvent, completedEvent, failedEvent]
    public static let iconAssets = [toastIcon]

    /// Every identifier that must never appear in a translatable catalog.
    public static let all = stateKeys + telemetryEvents + iconAssets
}
