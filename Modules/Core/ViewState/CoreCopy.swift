public import Foundation

/// The keys of Core's catalog table (`Localization/<locale>.lproj/Core.strings`). The wording
/// lives in the catalogs; these are only references to it.
public enum CoreCopy {
    public static let table = "Core"

    /// "Offline Mode"
    public static let offlineIndicatorTitle = Copy(table, "offline.indicator.title")
    /// "Viewing offline data"
    public static let offlineIndicatorMessage = Copy(table, "offline.indicator.message")
    /// "No internet connection. Please check your connection and try again."
    public static let noConnection = Copy(table, "offline.noConnection")
    /// "This feature requires an internet connection"
    public static let requiresConnection = Copy(table, "offline.requiresConnection")
    /// "Checking your connection. Try again in a moment." — why an action that needs the network waits at launch,
    /// before the first reading says online or offline (never "no connection": that may not be true).
    public static let checkingConnection = Copy(table, "offline.checkingConnection")
    /// "You appear offline"
    public static let appearOffline = Copy(table, "offline.appearOffline")
    /// "You are offline. Viewing offline data." — what screen readers announce for the indicator.
    public static let offlineIndicatorAccessibilityLabel = Copy(table, "accessibility.offlineIndicator")
    /// "Loading…"
    public static let loading = Copy(table, "state.loading")
    /// "This change couldn’t be saved." — under an item whose queued write failed.
    public static let changeFailed = Copy(table, "feedback.failed")
    /// Full-page blocking (pattern D): the fresh read failed on the server's side.
    public static let loadFailed = Copy(table, "state.loadFailed")
    public static let tryAgainLater = Copy(table, "state.tryAgainLater")
    public static let retry = Copy(table, "action.retry")
    public static let refresh = Copy(table, "action.refresh")
    public static let dismiss = Copy(table, "action.dismiss")
    /// "Please sign in again": the server no longer accepts the session (401/403). Not offline, not a server failure.
    public static let signInRequiredTitle = Copy(table, "session.signInRequired.title")
    /// "Your session has ended. Sign in to load your latest data; everything saved on this device stays."
    public static let signInRequiredMessage = Copy(table, "session.signInRequired.message")
    /// "Sign In"
    public static let signIn = Copy(table, "action.signIn")

    /// "Couldn't refresh": online, but the server could not give fresh data (5xx, reset, timeout). Never "offline".
    public static let refreshFailedTitle = Copy(table, "refresh.failed.title")
    /// "Showing what was saved on %@." (a date in the reader's locale)
    public static func refreshFailedMessage(_ savedAt: Date) -> Copy {
        Copy(table, "refresh.failed.message", [.date(savedAt, .medium)])
    }

    /// "%@ needs your attention": the marker every other screen shows on its way to a failed item (pattern B).
    public static func needsAttention(_ place: Copy) -> Copy {
        Copy(table, "attention.needed", [.copy(place)])
    }

    /// "Last updated: %@"
    public static func lastUpdated(_ date: Date) -> Copy {
        Copy(table, "freshness.lastUpdated", [.date(date, .medium)])
    }

    /// "%@, waiting to sync": what a screen reader says for an item not yet sent.
    public static func pendingAccessibilityLabel(_ title: Copy) -> Copy {
        Copy(table, "accessibility.pendingItem", [.copy(title)])
    }

    /// "%@, disabled": what a screen reader says for a disabled action.
    public static func disabledAccessibilityLabel(_ title: Copy) -> Copy {
        Copy(table, "accessibility.disabledAction", [.copy(title)])
    }
}
