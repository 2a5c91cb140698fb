public import Foundation

/// Core's components as the REPL previews them: the offline indicator, the two connectivity
/// toasts and the first-load empty state. Ids are `core.*`.
public enum CorePreviews: PreviewProvider {
    /// The global offline indicator, as every screen shows it while offline.
    public static let offlineBanner = Banner(
        id: "offline-indicator", severity: .warning,
        title: CoreCopy.offlineIndicatorTitle, message: CoreCopy.offlineIndicatorMessage,
        accessibilityLabel: CoreCopy.offlineIndicatorAccessibilityLabel
    )

    /// Shown when an action that needs the server is tapped offline, or on pull-to-refresh offline.
    public static let noConnectionToast = Toast(id: "no-connection", severity: .warning, message: CoreCopy.noConnection,
                                                autoDismissAfter: .seconds(4))

    /// Shown when an online-only feature is tapped offline.
    public static let onlineOnlyToast = Toast(id: "requires-connection", severity: .warning, message: CoreCopy.requiresConnection,
                                              autoDismissAfter: .seconds(4))

    /// Shown when an action that needs the network is tapped before the connection has been checked (launch).
    public static let checkingConnectionToast = Toast(id: "checking-connection", severity: .info, message: CoreCopy.checkingConnection,
                                                      autoDismissAfter: .seconds(4))

    /// The id of the "Sign In" action every screen offers when the session is no longer accepted; the app (not the
    /// feature) handles it, by showing its sign-in flow.
    public static let signInActionID = "sign-in"

    /// A screen with nothing cached whose load was refused (401/403): sign-in copy, never "offline".
    public static let signInRequired = EmptyState(title: CoreCopy.signInRequiredTitle, message: CoreCopy.signInRequiredMessage,
                                                  action: Action(id: signInActionID, title: CoreCopy.signIn))

    /// Above cached data whose refresh was refused (401/403): the data stays, the banner says how to get fresh data.
    public static let signInBanner = Banner(id: "session-ended", severity: .warning, title: CoreCopy.signInRequiredTitle,
                                            message: CoreCopy.signInRequiredMessage,
                                            action: Action(id: signInActionID, title: CoreCopy.signIn))

    /// The id of a failed refresh's banner, and of its Retry.
    public static let refreshFailedBannerID = "refresh-failed"

    /// Above cached data whose refresh failed while online (5xx, reset, timeout): the screen's own words, never the
    /// offline indicator; the app retries by itself, and Retry does it now.
    public static func refreshFailedBanner(savedAt: Date, retry: String = "retry") -> Banner {
        Banner(id: refreshFailedBannerID, severity: .warning, title: CoreCopy.refreshFailedTitle,
               message: CoreCopy.refreshFailedMessage(savedAt), action: Action(id: retry, title: CoreCopy.retry))
    }

    /// A pulled refresh or an action refused because the session ended.
    public static let signInToast = Toast(id: "sign-in-required", severity: .warning, title: CoreCopy.signInRequiredTitle,
                                          message: CoreCopy.signInRequiredMessage, autoDismissAfter: .seconds(6))

    public static var previews: [Preview] {
        [
            Preview(id: "core.sign-in-required", summary: "The server no longer accepts the session (401/403): sign-in copy, not offline",
                    node: .empty(signInRequired)),
            Preview(id: "core.sign-in-banner", summary: "Cached data kept while the session is refused: a sign-in banner above it",
                    node: .banner(signInBanner)),
            Preview(id: "core.checking-connection-toast", summary: "An action that needs the network tapped at launch, before the first connectivity reading",
                    node: .toast(checkingConnectionToast)),
            Preview(id: "core.refresh-failed", summary: "Online, the refresh failed (5xx, reset, timeout): the saved data stays, said in the screen's own words, with Retry",
                    node: .banner(refreshFailedBanner(savedAt: Date(timeIntervalSince1970: 1_795_341_600)))),
            Preview(id: "core.offline-banner", summary: "The offline indicator every screen shows while offline",
                    node: .banner(offlineBanner)),
            Preview(id: "core.no-connection-toast", summary: "Toast: an action needs the network and there is none",
                    node: .toast(noConnectionToast)),
            Preview(id: "core.online-only-toast", summary: "Toast: an online-only feature was tapped offline",
                    node: .toast(onlineOnlyToast)),
            Preview(id: "core.blocking-form", summary: "A form offline: fields editable, submit disabled, \"You appear offline\"",
                    node: .stack([
                        .text(CoreCopy.appearOffline, style: .secondary),
                        .actions([Action(id: "submit", title: CoreCopy.retry, state: .disabled(reason: CoreCopy.appearOffline))]),
                    ])),
            Preview(id: "core.empty-offline", summary: "Empty state: never loaded, offline, with Retry",
                    node: .stack([
                        .banner(offlineBanner),
                        .empty(EmptyState(title: CoreCopy.requiresConnection, message: CoreCopy.noConnection,
                                          action: Action(id: "retry", title: CoreCopy.retry))),
                    ])),
            Preview(id: "core.pending-row", summary: "Rows saved offline: pending, pending delete, failed",
                    node: .stack([
                        .row([.verbatim("Kari Nordmann")], feedback: .pending),
                        .row([.verbatim("Ola Nordmann")], feedback: .pendingDelete),
                        .row([.verbatim("Per Hansen")], feedback: .failed(CoreCopy.changeFailed)),
                    ])),
        ]
    }
}
