/// A screen, or a piece of one, as plain data: what a phone would draw, with every word as `Copy`.
/// Features build these from their view state; the REPL (and tests) render them in any locale.
/// No layout engine: a vertical stack of blocks, which is what the product's screens are.
public indirect enum ViewNode: Sendable, Hashable {
    /// A screen title.
    case title(Copy)
    case text(Copy, style: TextStyle = .body)
    /// User data shown as is (a product name, an order ID): never translated.
    case verbatim(String, style: TextStyle = .body)
    /// A label and its value on one row ("Serial Number  SN-1234").
    case field(label: Copy, value: FieldValue)
    /// A coloured status pill; `accessibilityLabel` is what a screen reader says for it.
    case badge(Copy, tone: BadgeTone, accessibilityLabel: Copy? = nil)
    case banner(Banner)
    case toast(Toast)
    case empty(EmptyState)
    /// Buttons in a row or column; a disabled one is drawn greyed with its accessibility label.
    case actions([Action])
    /// A list row that may be pending (greyed at 0.5 opacity; struck through when a delete) or failed.
    case row([ViewNode], feedback: RowFeedback = .none)
    case stack([ViewNode])
    case divider
    /// A spinner with an optional label; never shown without end (the state machine guarantees it).
    case progress(Copy?)
    /// An image kept on the device (drawn at its pixel size), or a placeholder where it was never fetched.
    case image(ImageNode)
    /// The app's navigation (its tab bar, at the bottom): each item opens a screen, and the one that leads to something
    /// needing the person's attention carries the Red Brick Road's marker (the offline guide's pattern B).
    case navigation([NavigationItem])

    public enum TextStyle: String, Sendable, Hashable {
        case body, secondary, caption, heading
    }

    /// A field's value: copy to resolve, or user data shown as is.
    public enum FieldValue: Sendable, Hashable {
        case copy(Copy)
        case verbatim(String)
    }
}

extension ViewNode {
    /// Every `Copy` this node shows or announces, depth first: titles and text, field labels and copied values,
    /// badges and their accessibility labels, banners, toasts, empty states, each action's title, accessibility
    /// label and disabled reason, and a failed row's reason. (What "every word resolves in every locale" checks read.)
    public var copies: [Copy] {
        switch self {
        case let .title(copy), let .text(copy, _): return [copy]
        case .verbatim, .divider: return []
        case let .field(label, value):
            if case let .copy(copy) = value { return [label, copy] }
            return [label]
        case let .badge(copy, _, label): return [copy] + (label.map { [$0] } ?? [])
        case let .banner(banner):
            return [banner.title] + [banner.message, banner.accessibilityLabel].compactMap { $0 } + (banner.action?.copies ?? [])
        case let .toast(toast): return [toast.title, toast.message].compactMap { $0 }
        case let .empty(empty): return [empty.title] + (empty.message.map { [$0] } ?? []) + (empty.action?.copies ?? [])
        case let .actions(actions): return actions.flatMap(\.copies)
        case let .row(nodes, feedback):
            let reason: [Copy] = if case let .failed(copy) = feedback { [copy] } else { [] }
            return nodes.flatMap(\.copies) + reason
        case let .stack(nodes): return nodes.flatMap(\.copies)
        case let .progress(copy): return copy.map { [$0] } ?? []
        case let .image(image): return image.accessibilityLabel.map { [$0] } ?? []
        case let .navigation(items): return items.flatMap { [$0.title, $0.accessibilityLabel] }
        }
    }

    /// This node and every node inside it, depth first.
    public var descendants: [ViewNode] {
        switch self {
        case let .row(nodes, _), let .stack(nodes): [self] + nodes.flatMap(\.descendants)
        default: [self]
        }
    }
}

extension Action {
    /// The title, what a screen reader says, and the reason shown when a disabled action is tapped.
    public var copies: [Copy] {
        [title, accessibilityLabel] + (state.disabledReason.map { [$0] } ?? [])
    }
}

/// The colour family of a badge; each theme maps it to colours that meet WCAG AA contrast.
public enum BadgeTone: String, Sendable, Hashable, CaseIterable {
    case positive, caution, negative, neutral
}

/// How a list row shows a write that has not reached the server (offline pattern B).
public enum RowFeedback: Sendable, Hashable {
    case none
    /// Added or updated locally, not yet synced: drawn at 0.5 opacity.
    case pending
    /// Deleted locally, not yet synced: greyed and struck through.
    case pendingDelete
    /// The server refused it (pattern B): its data greyed out (0.5 opacity), with the reason and its Dismiss at full
    /// strength below. Every renderer honours `opacity`; the Dismiss is the row's own action, drawn once.
    case failed(Copy)

    /// The opacity the row's data is drawn at.
    public var opacity: Double {
        switch self {
        case .none: 1
        case .pending, .pendingDelete, .failed: 0.5
        }
    }
}

/// A named fixture of some component, rendered by the REPL's `preview NAME` in any locale.
public struct Preview: Sendable, Hashable, Identifiable {
    /// Unique across modules, e.g. `core.offline-banner`.
    public var id: String
    /// One line for `previews`.
    public var summary: String
    public var node: ViewNode

    public init(id: String, summary: String, node: ViewNode) {
        self.id = id
        self.summary = summary
        self.node = node
    }
}

/// A module's previews. Each module has one `Previews.swift` conforming to this.
public protocol PreviewProvider {
    static var previews: [Preview] { get }
}
