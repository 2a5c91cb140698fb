public import Foundation

/// How urgent a banner or toast is; the renderer picks colours and icons from it.
public enum Severity: String, Sendable, Hashable, CaseIterable, Codable {
    case info, success, warning, error
}

/// Something a person can do on a screen: a stable id (for tests, telemetry and `app tap ID`),
/// its title, and whether it can be used now.
public struct Action: Sendable, Hashable, Identifiable {
    public var id: String
    public var title: Copy
    public var state: ActionState

    public init(id: String, title: Copy, state: ActionState = .enabled) {
        self.id = id
        self.title = title
        self.state = state
    }

    /// What assistive technologies announce: the title, and "disabled" when it is.
    public var accessibilityLabel: Copy { state.accessibilityLabel(title: title) }
}

/// One place of the app's navigation (a tab): tapping it opens its screen. On the way to a failed item it carries the
/// Red Brick Road's marker (the guide's red dot), and a screen reader says the place needs attention.
public struct NavigationItem: Sendable, Hashable, Identifiable {
    /// The action id a tap sends ("open:summary").
    public var id: String
    public var title: Copy
    /// The screen shown now: drawn selected.
    public var isCurrent: Bool
    /// Something there needs the person's attention: drawn with the marker.
    public var needsAttention: Bool

    public init(id: String, title: Copy, isCurrent: Bool = false, needsAttention: Bool = false) {
        self.id = id
        self.title = title
        self.isCurrent = isCurrent
        self.needsAttention = needsAttention
    }

    /// The item as the action a tap on it is.
    public var action: Action { Action(id: id, title: title) }

    /// What assistive technologies announce: "<title> needs your attention" while it carries the marker.
    public var accessibilityLabel: Copy { needsAttention ? CoreCopy.needsAttention(title) : title }
}

/// Whether an action can be used; a disabled action says why when tapped.
public enum ActionState: Sendable, Hashable {
    case enabled
    /// Shown greyed out; tapping it shows `reason` (e.g. as a toast) instead of acting.
    case disabled(reason: Copy)

    public var isEnabled: Bool {
        if case .enabled = self { true } else { false }
    }

    public var disabledReason: Copy? {
        if case let .disabled(reason) = self { reason } else { nil }
    }

    /// The title alone when enabled; "<title>, disabled" (in the locale's words) when not.
    public func accessibilityLabel(title: Copy) -> Copy {
        switch self {
        case .enabled: title
        case .disabled: CoreCopy.disabledAccessibilityLabel(title)
        }
    }
}

/// A strip across the screen: the offline indicator, "App optimized", "Connect to refresh".
public struct Banner: Sendable, Hashable {
    public var id: String
    public var severity: Severity
    public var title: Copy
    public var message: Copy?
    public var action: Action?
    /// Shows an X the user can tap to dismiss it.
    public var isDismissible: Bool
    /// Read by screen readers; the title and message when nil.
    public var accessibilityLabel: Copy?
    /// What a screen reader says for the X; Core's "Dismiss" when nil.
    public var dismissLabel: Copy?

    public init(id: String, severity: Severity, title: Copy, message: Copy? = nil, action: Action? = nil,
                isDismissible: Bool = false, accessibilityLabel: Copy? = nil, dismissLabel: Copy? = nil) {
        self.dismissLabel = dismissLabel
        self.id = id
        self.severity = severity
        self.title = title
        self.message = message
        self.action = action
        self.isDismissible = isDismissible
        self.accessibilityLabel = accessibilityLabel
    }
}

/// A small, transient message over the content that never blocks it.
public struct Toast: Sendable, Hashable {
    public var id: String
    public var severity: Severity
    public var title: Copy?
    public var message: Copy
    /// Asset name of a leading icon: an internal identifier, never a catalog string.
    public var icon: String?
    /// Touches reach the content underneath; navigation goes on while the toast is up.
    public var passesTouchesThrough: Bool
    /// Nil: stays until the state that shows it changes.
    public var autoDismissAfter: Duration?
    /// Where it sits and its colours in each appearance; nil: the platform's default toast.
    public var style: ToastStyle?

    public init(id: String, severity: Severity = .info, title: Copy? = nil, message: Copy, icon: String? = nil,
                passesTouchesThrough: Bool = true, autoDismissAfter: Duration? = nil, style: ToastStyle? = nil) {
        self.style = style
        self.id = id
        self.severity = severity
        self.title = title
        self.message = message
        self.icon = icon
        self.passesTouchesThrough = passesTouchesThrough
        self.autoDismissAfter = autoDismissAfter
    }
}

/// Where a toast sits and what colours it has, light and dark: design values that are part of the view state, so every
/// platform (and the REPL) draws the same.
public struct ToastStyle: Sendable, Hashable {
    /// Where on the screen.
    public enum Anchor: String, Sendable, Hashable {
        /// At the bottom, just above the bottom navigation bar (never over its items), inside the safe areas.
        case bottomAboveNavigationBar
    }

    /// A toast's colours in one appearance.
    public struct Colors: Sendable, Hashable {
        public var background: RGBColor
        public var text: RGBColor
        public var icon: RGBColor

        public init(background: RGBColor, text: RGBColor, icon: RGBColor) {
            self.background = background
            self.text = text
            self.icon = icon
        }
    }

    public var anchor: Anchor
    public var light: Colors
    public var dark: Colors

    public init(anchor: Anchor, light: Colors, dark: Colors) {
        self.anchor = anchor
        self.light = light
        self.dark = dark
    }

    /// The colours for an appearance (`dark`: true for the dark theme).
    public func colors(dark isDark: Bool) -> Colors { isDark ? dark : light }
}

/// What a screen shows when it has nothing to show yet, and what the person can do about it.
public struct EmptyState: Sendable, Hashable {
    public var title: Copy
    public var message: Copy?
    public var icon: String?
    public var action: Action?

    public init(title: Copy, message: Copy? = nil, icon: String? = nil, action: Action? = nil) {
        self.title = title
        self.message = message
        self.icon = icon
        self.action = action
    }
}

/// How old the data on screen is: "Last updated: <date>", stale after a threshold.
public struct Freshness: Sendable, Hashable {
    public var lastUpdated: Date?
    public var staleAfter: Duration

    public init(lastUpdated: Date?, staleAfter: Duration) {
        self.lastUpdated = lastUpdated
        self.staleAfter = staleAfter
    }

    /// Never-loaded data is not "stale": it is missing, which the empty state covers.
    public func isStale(at now: Date) -> Bool {
        guard let lastUpdated else { return false }
        return now.timeIntervalSince(lastUpdated) > staleAfter.seconds
    }

    /// "Last updated: <date>" with the date in the locale's medium style.
    public var lastUpdatedCopy: Copy? {
        lastUpdated.map { CoreCopy.lastUpdated($0) }
    }
}

/// The four shapes of a screen. `blocked` is the full-page blocking pattern (D): it says what to do next.
public enum ScreenState<Content: Sendable & Hashable>: Sendable, Hashable {
    case loading
    case content(Content)
    case empty(EmptyState)
    case blocked(EmptyState)

    public var content: Content? {
        if case let .content(content) = self { content } else { nil }
    }
}
