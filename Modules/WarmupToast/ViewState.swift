public import Core

/// What the app draws for the warmup session: at most the toast or the success banner, as Core's
/// `Toast` and `Banner` with copy keys only. Derived from `WarmupToastState` every time; never stored.
public struct WarmupToastViewState: Sendable, Hashable {
    /// "Optimizing your experience" with its leading icon, while the session is in progress.
    public var toast: Toast?
    /// "App optimized", with an X, after the session completed.
    public var banner: Banner?

    public init(toast: Toast? = nil, banner: Banner? = nil) {
        self.toast = toast
        self.banner = banner
    }

    public init(state: WarmupToastState) {
        toast = state.showsToast ? Self.optimizingToast : nil
        banner = state.showsBanner ? Self.optimizedBanner : nil
    }

    /// Nothing on screen.
    public static let hidden = WarmupToastViewState()

    /// Stays up until the session ends (no auto-dismiss) and never takes a touch from the screen under it.
    public static let optimizingToast = Toast(
        id: WarmupIdentifiers.toastID, severity: .info,
        title: WarmupToastCopy.toastTitle, message: WarmupToastCopy.toastMessage,
        icon: WarmupIdentifiers.toastIcon, passesTouchesThrough: true, autoDismissAfter: nil,
        style: ToastStyle(anchor: .bottomAboveNavigationBar, light: WarmupPalette.light.toastColors, dark: WarmupPalette.dark.toastColors)
    )

    /// How the toast's frame is computed from a phone's geometry (bottom, above the navigation bar, inside the safe
    /// areas, clear of rounded corners): the rule the toast's `style.anchor` names.
    public static let placement = ToastPlacement()

    /// Dismissed by its X (`closeBannerAction`) or by the timer in `WarmupToastConfiguration`.
    public static let optimizedBanner = Banner(
        id: WarmupIdentifiers.bannerID, severity: .success, title: WarmupToastCopy.bannerOptimizedTitle, isDismissible: true,
        dismissLabel: WarmupToastCopy.bannerClose
    )

    /// The banner's X: `WarmupToastFeature.tap(actionID:)` takes this id; screen readers read its title.
    public static let closeBannerAction = Action(id: WarmupToastActionID.closeBanner, title: WarmupToastCopy.bannerClose)

    /// What a person can tap right now.
    public var actions: [Action] {
        banner == nil ? [] : [Self.closeBannerAction]
    }

    /// The overlay as plain data for the REPL; nil when nothing is shown. It floats over the screen
    /// (anchored as `ToastPlacement` computes) and never replaces the screen's own content.
    public var viewNode: ViewNode? {
        switch (toast, banner) {
        case let (toast?, nil): .toast(toast)
        case let (nil, banner?): .banner(banner)
        case let (toast?, banner?): .stack([.banner(banner), .toast(toast)])
        case (nil, nil): nil
        }
    }

    /// The screen's content with the overlay on top of it at the bottom, as a phone shows it.
    public func viewNode(over content: ViewNode) -> ViewNode {
        guard let viewNode else { return content }
        return .stack([content, viewNode])
    }
}
