public import Core

/// The warmup session's overlays as the REPL previews them (ids `warmup.*`). Both render in either
/// appearance: `theme light|dark` in the REPL; the colours are `WarmupPalette.light` and `.dark`.
public enum WarmupToastPreviews: PreviewProvider {
    /// The view state while a session is in progress on an ordinary screen.
    public static let inProgress = WarmupToastViewState(toast: WarmupToastViewState.optimizingToast)
    /// The view state right after the session completed.
    public static let optimized = WarmupToastViewState(banner: WarmupToastViewState.optimizedBanner)

    public static var previews: [Preview] {
        [
            Preview(id: "warmup.toast", summary: "Toast while the cache warms: \"Optimizing your experience\", touches pass through",
                    node: .toast(WarmupToastViewState.optimizingToast)),
            Preview(id: "warmup.optimized-banner", summary: "Success banner when warming completes: \"App optimized\" with an X",
                    node: .banner(WarmupToastViewState.optimizedBanner)),
        ]
    }
}
