public import Core
public import LocalizationKit
import Foundation

/// Light or dark styling of a preview.
public enum Theme: String, Sendable, CaseIterable {
    case light, dark
}

/// Which way a locale's script runs.
public enum ScriptDirection {
    /// Locales whose script runs right to left (the pseudo-locale ar-XB included).
    public static func isRightToLeft(_ locale: String) -> Bool {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? locale
        return ["ar", "he", "fa", "ur", "ps", "yi"].contains(language.lowercased())
    }
}

extension Severity {
    /// The icon a banner or toast of this severity shows (the REPL and the gallery draw the same).
    public var symbol: String {
        switch self {
        case .info: "ⓘ"
        case .success: "✓"
        case .warning: "⚠"
        case .error: "✕"
        }
    }
}

/// The layout a phone gives each kind of text, in points: what a translation must fit. The terminal REPL keeps the
/// same rules in columns (single-line buttons, badges and field labels, truncated with "…"); here they are in a
/// proportional font, so a browser can say whether a translation really fits.
public struct PhoneLayout: Sendable, Hashable {
    /// The screen's width (`--width`); 320 points is the narrowest phone the product supports (iPhone SE, small Android).
    public var width: Int
    public var padding = 16
    /// A button's title stays on one line inside the button's horizontal padding.
    public var buttonPadding = 12
    /// A status pill is at most this share of the content width: it sits beside a name on a card.
    public var badgeShare = 0.75
    /// Lines each kind of text may take before it is cut: a banner is at most three title lines and four message
    /// lines high (it must leave the screen's content visible); a toast's title is one line and its message four.
    public var titleLines = 2
    public var bannerTitleLines = 3
    public var bannerMessageLines = 4
    public var toastTitleLines = 1
    public var toastMessageLines = 4
    public var emptyTitleLines = 3
    public var emptyMessageLines = 5
    /// A spinner's label sits beside it: two lines at most.
    public var progressLines = 2

    public init(width: Int = 320) {
        self.width = width
    }

    public var contentWidth: Int { width - 2 * padding }
}

/// One screen of a preview as HTML: every `Copy` a text element that names its table and key and the lines it may
/// take, so the page's script (and `l10n gallery --check`) can measure it. Pure: the same node, locale and layout
/// give the same bytes.
public struct ScreenHTML {
    public var localizer: Localizer
    public var layout: PhoneLayout
    public var theme: Theme
    /// The copies this render put on screen or announced, in order (what `l10n export` notes as context).
    public private(set) var shownCopies: [Copy] = []
    private var accessibility: [String] = []
    private var html = ""

    public init(localizer: Localizer, layout: PhoneLayout, theme: Theme) {
        self.localizer = localizer
        self.layout = layout
        self.theme = theme
    }

    public var isRightToLeft: Bool { ScriptDirection.isRightToLeft(localizer.locale) }

    /// The `<section class="screen">` of `preview`, with the accessibility labels listed under it.
    public mutating func render(_ preview: Preview) -> String {
        html = ""
        accessibility = []
        shownCopies = []
        draw(preview.node)
        let body = html
        let labels = accessibility.isEmpty ? "" : "<ul class=\"a11y\" aria-label=\"What a screen reader says\">"
            + accessibility.map { "<li>\($0)</li>" }.joined() + "</ul>"
        return "<section class=\"screen \(theme.rawValue)\" data-preview=\"\(Self.escape(preview.id))\" data-locale=\"\(Self.escape(localizer.locale))\" "
            + "lang=\"\(Self.escape(localizer.locale))\" dir=\"\(isRightToLeft ? "rtl" : "ltr")\"><div class=\"phone\">\(body)</div>\(labels)</section>"
    }

    // MARK: Nodes

    private mutating func draw(_ node: ViewNode) {
        switch node {
        case let .title(copy):
            html += text(copy, tag: "h1", role: "title", lines: layout.titleLines)
        case let .text(copy, style):
            html += text(copy, tag: "p", role: style.rawValue, lines: 0, classes: style.rawValue)
        case let .verbatim(value, style):
            html += "<p class=\"t \(style.rawValue) verbatim\">\(Self.escape(value))</p>"
        case let .field(label, value):
            html += "<div class=\"field\">" + text(label, role: "field label", lines: 1, classes: "label")
            switch value {
            case let .copy(copy): html += text(copy, role: "field value", lines: 0, classes: "value")
            case let .verbatim(value): html += "<span class=\"t value verbatim\">\(Self.escape(value))</span>"
            }
            html += "</div>"
        case let .badge(copy, tone, accessibilityLabel):
            html += "<div class=\"badge-line\"><span class=\"badge tone-\(tone.rawValue)\">"
                + text(copy, role: "badge", lines: 1) + "</span></div>"
            if let accessibilityLabel { announce("badge", accessibilityLabel) }
        case let .banner(banner):
            drawBanner(banner)
        case let .toast(toast):
            drawToast(toast)
        case let .empty(empty):
            html += "<div class=\"empty\">" + text(empty.title, tag: "h2", role: "empty-state title", lines: layout.emptyTitleLines)
            if let message = empty.message { html += text(message, tag: "p", role: "empty-state message", lines: layout.emptyMessageLines) }
            if let action = empty.action { drawActions([action]) }
            html += "</div>"
        case let .actions(actions):
            drawActions(actions)
        case let .row(children, feedback):
            drawRow(children, feedback: feedback)
        case let .stack(children):
            for child in children { draw(child) }
        case .divider:
            html += "<hr>"
        case let .image(image):
            // No image data in a self-contained page: a box of the image's size in points (pixels at 2×), or a
            // placeholder where it was never fetched.
            let side = image.size.map { "width:\(max(1, $0.width / 2))px;height:\(max(1, $0.height / 2))px" } ?? "width:60px;height:60px"
            html += "<div class=\"image\(image.size == nil ? " missing" : "")\" style=\"\(side)\" data-image=\"\(Self.escape(image.reference))\">"
                + "\(image.size.map { "\($0)" } ?? "")</div>"
            if let label = image.accessibilityLabel { announce("image", label) }
        case let .progress(copy):
            html += "<div class=\"progress\"><span class=\"spinner\" aria-hidden=\"true\"></span>"
                + (copy.map { text($0, role: "progress", lines: layout.progressLines) } ?? "") + "</div>"
        case let .navigation(items):
            // The tab bar; a tab on the way to a failed item carries the red dot (the Red Brick Road).
            html += "<nav class=\"tabs\">" + items.map { item in
                "<span class=\"tab\(item.isCurrent ? " current" : "")\" data-action=\"\(Self.escape(item.id))\">"
                    + (item.needsAttention ? "<span class=\"dot\" aria-hidden=\"true\"></span>" : "")
                    + text(item.title, role: "tab \(item.id)", lines: 1) + "</span>"
            }.joined() + "</nav>"
            for item in items where item.needsAttention { announce("tab", item.accessibilityLabel) }
        }
    }

    private mutating func drawBanner(_ banner: Banner) {
        let close = banner.isDismissible ? "<span class=\"close\" aria-hidden=\"true\">✕</span>" : ""
        html += "<div class=\"banner sev-\(banner.severity.rawValue)\" data-banner=\"\(Self.escape(banner.id))\">"
            + "<div class=\"banner-head\"><span class=\"icon\" aria-hidden=\"true\">\(banner.severity.symbol)</span>"
            + text(banner.title, role: "banner \(banner.id) title", lines: layout.bannerTitleLines, classes: "banner-title") + close + "</div>"
        if let message = banner.message { html += text(message, role: "banner \(banner.id) message", lines: layout.bannerMessageLines, classes: "banner-message") }
        if let action = banner.action { drawActions([action]) }
        html += "</div>"
        if let label = banner.accessibilityLabel { announce(banner.id, label) }
        if banner.isDismissible { announce("✕", banner.dismissLabel ?? CoreCopy.dismiss) }
    }

    private mutating func drawToast(_ toast: Toast) {
        var style = ""
        if let colors = toast.style?.colors(dark: theme == .dark) {
            style = " style=\"background:\(colors.background);color:\(colors.text)\""
        }
        html += "<div class=\"toast sev-\(toast.severity.rawValue)\" data-toast=\"\(Self.escape(toast.id))\"\(style)>"
        if let title = toast.title { html += text(title, role: "toast \(toast.id) title", lines: layout.toastTitleLines, classes: "toast-title") }
        html += text(toast.message, role: "toast \(toast.id) message", lines: layout.toastMessageLines) + "</div>"
    }

    private mutating func drawActions(_ actions: [Action]) {
        html += "<div class=\"actions\">"
        for action in actions {
            switch action.state {
            case .enabled:
                let label = text(action.title, role: "button \(action.id)", lines: 1)
                html += "<div class=\"button\" role=\"button\" data-action=\"\(Self.escape(action.id))\">\(label)</div>"
            case let .disabled(reason):
                let message = resolve(reason)
                // The title's own tooltip would hide the button's: it says both.
                let tooltip = "Tapping shows: \(message) — \(action.title.table) · \(action.title.key)"
                let label = text(action.title, role: "button \(action.id)", lines: 1, tooltip: tooltip)
                html += "<div class=\"button disabled\" role=\"button\" aria-disabled=\"true\" data-action=\"\(Self.escape(action.id))\" "
                    + "title=\"Tapping shows: \(Self.escape(message))\">\(label)</div>"
                announce(action.id, action.accessibilityLabel, tap: message)
            }
        }
        html += "</div>"
    }

    private mutating func drawRow(_ children: [ViewNode], feedback: RowFeedback) {
        let kind = switch feedback {
        case .none: "row"
        case .pending: "row pending"
        case .pendingDelete: "row pending-delete"
        case .failed: "row failed"
        }
        html += "<div class=\"\(kind)\">"
        guard case let .failed(reason) = feedback else {
            for child in children { draw(child) }
            html += "</div>"
            return
        }
        // A failed row greys its data; its reason and its Dismiss (the row's own action, drawn once) stay at full strength.
        let isAction: (ViewNode) -> Bool = { if case .actions = $0 { true } else { false } }
        html += "<div class=\"data\">"
        for child in children where !isAction(child) { draw(child) }
        html += "</div>"
        html += text(reason, role: "row failure", lines: 0, classes: "failure")
        let actions = children.filter(isAction)
        if actions.isEmpty { drawActions([Action(id: "dismiss", title: CoreCopy.dismiss)]) } else { for action in actions { draw(action) } }
        html += "</div>"
    }

    // MARK: Text

    /// One measured text: its table and key (hover shows them), the role it plays and the lines it may take (0: any).
    private mutating func text(_ copy: Copy, tag: String = "span", role: String, lines: Int, classes: String = "", tooltip: String? = nil) -> String {
        let value = resolve(copy)
        let hover = Self.escape(tooltip ?? "\(copy.table) · \(copy.key)")
        let limit = lines > 0 ? " style=\"-webkit-line-clamp:\(lines)\"" : ""
        return "<\(tag) class=\"t \(classes)\" data-table=\"\(Self.escape(copy.table))\" data-key=\"\(Self.escape(copy.key))\" "
            + "data-role=\"\(Self.escape(role))\" data-lines=\"\(lines)\" title=\"\(hover)\"\(limit)>"
            + Self.escape(value) + "</\(tag)>"
    }

    private mutating func resolve(_ copy: Copy) -> String {
        record(copy)
        return localizer.string(copy)
    }

    /// Notes a copy and the copies its arguments name (e.g. "<title>, disabled" names the title too).
    private mutating func record(_ copy: Copy) {
        shownCopies.append(copy)
        for case let .copy(inner) in copy.arguments { record(inner) }
    }

    private mutating func announce(_ what: String, _ label: Copy, tap: String? = nil) {
        let said = resolve(label)
        var line = "<b>\(Self.escape(what))</b> reads “\(Self.escape(said))”"
        if let tap { line += "; tapping shows “\(Self.escape(tap))”" }
        accessibility.append(line)
    }

    /// Text for the HTML, as text or an attribute value (Core's one escaper).
    static func escape(_ text: String) -> String { XMLText.escaped(text, for: .attribute) }
}
