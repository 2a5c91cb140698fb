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

    public static var previews: [Preview] {
        [
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
