public import Core
public import LocalizationKit
public import Gallery

/// Light or dark styling of a preview: the gallery's, so `l10n repl --theme` and `l10n gallery --theme` agree.
public typealias Theme = Gallery.Theme

/// A rendered screen: the framed lines, and notes on what a person would miss on a phone
/// (truncated labels, what screen readers say).
public struct RenderedScreen: Sendable, Equatable {
    public var lines: [String]
    public var notes: [String]

    public var text: String {
        (lines + notes).joined(separator: "\n")
    }
}

/// Draws a `ViewNode` as a phone would show it, in a terminal: a frame `width` columns wide,
/// text wrapped by display width, single-line labels truncated with "…" (and noted), right-to-left
/// locales aligned to the right, light or dark styling (ANSI colours only when `colour` is on).
public struct PhoneRenderer {
    public var localizer: Localizer
    public var width: Int
    public var theme: Theme
    public var colour: Bool

    public init(localizer: Localizer, width: Int, theme: Theme, colour: Bool) {
        self.localizer = localizer
        self.width = max(width, 16)
        self.theme = theme
        self.colour = colour
    }

    /// Locales whose script runs right to left (the pseudo-locale ar-XB included).
    public static func isRightToLeft(_ locale: String) -> Bool {
        ScriptDirection.isRightToLeft(locale)
    }

    var rightToLeft: Bool { Self.isRightToLeft(localizer.locale) }
    var contentWidth: Int { width - 4 }

    public func render(_ node: ViewNode) -> RenderedScreen {
        var canvas = Canvas(renderer: self)
        canvas.draw(node)
        let tag = " \(localizer.locale) · \(theme.rawValue)\(rightToLeft ? " · rtl" : "") "
        let topLine = "╭─" + tag + String(repeating: "─", count: max(0, width - 3 - TextLayout.width(tag))) + "╮"
        let bottom = "╰" + String(repeating: "─", count: width - 2) + "╯"
        return RenderedScreen(lines: [topLine] + canvas.lines + [bottom], notes: canvas.notes)
    }

    func resolve(_ copy: Copy) -> String {
        localizer.string(copy)
    }

    // MARK: Styling

    enum Style {
        case body, secondary, heading, caption, disabled, pending, struck, severity(Severity), tone(BadgeTone), toast
    }

    func styled(_ text: String, _ style: Style) -> String {
        guard colour else {
            if case .struck = style { return text.map { "\($0)\u{0336}" }.joined() }
            return text
        }
        let code: String = switch style {
        case .body: ""
        case .secondary, .caption: "2"
        case .heading: "1"
        case .disabled: "2;3"
        case .pending: "2"
        case .struck: "2;9"
        case .toast: theme == .light ? "97;48;5;238" : "30;48;5;252"
        case let .severity(severity): switch severity {
            case .info: "34"
            case .success: "32"
            case .warning: theme == .light ? "38;5;130" : "33"
            case .error: "31"
            }
        case let .tone(tone): switch tone {
            case .positive: theme == .light ? "97;48;5;28" : "30;48;5;114"
            case .caution: theme == .light ? "30;48;5;214" : "30;48;5;221"
            case .negative: theme == .light ? "97;48;5;160" : "30;48;5;210"
            case .neutral: theme == .light ? "97;48;5;240" : "30;48;5;250"
            }
        }
        return code.isEmpty ? text : "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// The frame's own colours for the theme, applied to a whole content line.
    func framed(_ content: String) -> String {
        guard colour else { return "│ " + content + " │" }
        let base = theme == .light ? "\u{1B}[38;5;235;48;5;255m" : "\u{1B}[38;5;252;48;5;235m"
        // Re-apply the frame colours after each inner reset so styled runs do not end the background.
        let inner = content.replacingOccurrences(of: "\u{1B}[0m", with: "\u{1B}[0m" + base)
        return "│" + base + " " + inner + " " + "\u{1B}[0m│"
    }
}

/// Accumulates the lines of one render.
private struct Canvas {
    let renderer: PhoneRenderer
    /// The renderer's direction, read from its locale once per canvas rather than once per line.
    let rightToLeft: Bool
    var lines: [String] = []
    var notes: [String] = []

    init(renderer: PhoneRenderer) {
        self.renderer = renderer
        rightToLeft = renderer.rightToLeft
    }

    var width: Int { renderer.contentWidth }

    /// One content line: padded to the frame (on the left for right-to-left), then styled.
    mutating func emit(_ text: String, _ style: PhoneRenderer.Style = .body, centered: Bool = false, prefix: String = "") {
        let available = width - TextLayout.width(prefix)
        let padded = TextLayout.pad(text, width: available, rightToLeft: rightToLeft, centered: centered)
        // Style only the text, not the padding, so struck or coloured runs end where the words end.
        let body: String
        if renderer.colour, let range = padded.range(of: text), !text.isEmpty {
            body = String(padded[..<range.lowerBound]) + renderer.styled(text, style) + String(padded[range.upperBound...])
        } else {
            // Without colour only struck text changes: other lines skip the replacement (a bridged search, per line).
            let styled = renderer.colour || text.isEmpty ? text : renderer.styled(text, style)
            body = styled == text ? padded : padded.replacingOccurrences(of: text, with: styled)
        }
        lines.append(renderer.framed(rightToLeft ? body + prefix : prefix + body))
    }

    mutating func paragraph(_ text: String, _ style: PhoneRenderer.Style = .body, centered: Bool = false, prefix: String = "") {
        let available = width - TextLayout.width(prefix)
        for line in TextLayout.wrap(text, width: available) {
            emit(line, style, centered: centered, prefix: prefix)
        }
    }

    /// A label that must stay on one line; cut with "…" and noted when it does not fit.
    mutating func singleLine(_ text: String, limit: Int, what: String) -> String {
        let (shown, truncated) = TextLayout.truncate(text, width: limit)
        if truncated {
            notes.append("note: \(what) truncated: \"\(text)\" is \(TextLayout.width(text)) columns, \(limit) fit")
        }
        return shown
    }

    mutating func draw(_ node: ViewNode, prefix: String = "") {
        switch node {
        case let .title(copy):
            paragraph(renderer.resolve(copy), .heading, prefix: prefix)
        case let .text(copy, style):
            paragraph(renderer.resolve(copy), Self.style(style), prefix: prefix)
        case let .verbatim(text, style):
            paragraph(text, Self.style(style), prefix: prefix)
        case let .field(label, value):
            let labelText = renderer.resolve(label)
            let valueText: String = switch value {
            case let .copy(copy): renderer.resolve(copy)
            case let .verbatim(text): text
            }
            emit(singleLine(labelText, limit: width - TextLayout.width(prefix), what: "field label"), .secondary, prefix: prefix)
            paragraph(valueText, .body, prefix: prefix)
        case let .badge(copy, tone, accessibilityLabel):
            let text = renderer.resolve(copy)
            let shown = singleLine(text, limit: width - 4 - TextLayout.width(prefix), what: "badge")
            emit(renderer.colour ? " \(shown) " : "● \(shown)", .tone(tone), prefix: prefix)
            if let accessibilityLabel { notes.append("a11y: badge reads \"\(renderer.resolve(accessibilityLabel))\"") }
        case let .banner(banner):
            drawBanner(banner, prefix: prefix)
        case let .toast(toast):
            drawToast(toast)
        case let .empty(empty):
            emit("", prefix: prefix)
            paragraph(renderer.resolve(empty.title), .heading, centered: true, prefix: prefix)
            if let message = empty.message { paragraph(renderer.resolve(message), .secondary, centered: true, prefix: prefix) }
            if let action = empty.action { drawAction(action, centered: true, prefix: prefix) }
            emit("", prefix: prefix)
        case let .actions(actions):
            for action in actions { drawAction(action, centered: false, prefix: prefix) }
        case let .row(children, feedback):
            drawRow(children, feedback: feedback, prefix: prefix)
        case let .stack(children):
            for child in children { draw(child, prefix: prefix) }
        case .divider:
            emit(String(repeating: "─", count: width - TextLayout.width(prefix)), .secondary, prefix: prefix)
        case let .progress(copy):
            paragraph("⟳ " + (copy.map(renderer.resolve) ?? ""), .secondary, prefix: prefix)
        case let .image(image):
            // The image kept on the device, as its pixel size; a grey placeholder box where it was never fetched.
            emit(image.size.map { "🖼 \($0)" } ?? "🖼 ░░░░", .caption, prefix: prefix)
            if let label = image.accessibilityLabel { notes.append("a11y: image reads \"\(renderer.resolve(label))\"") }
        case let .navigation(items):
            drawNavigation(items, prefix: prefix)
        }
    }

    /// The tab bar: a rule, then the tabs side by side (wrapped when they do not fit), the current one after "▸", one on
    /// the way to a failed item after the red "●" (the Red Brick Road). Each tab is an action (`app tap TITLE`).
    mutating func drawNavigation(_ items: [NavigationItem], prefix: String) {
        let available = width - TextLayout.width(prefix)
        emit(String(repeating: "─", count: available), .secondary, prefix: prefix)
        let marker = "●", current = "▸"
        var lines: [[String]] = [[]]
        for item in items {
            let mark = item.needsAttention ? marker : item.isCurrent ? current : ""
            let label = mark + singleLine(renderer.resolve(item.title), limit: available - TextLayout.width(mark), what: "tab \(item.id)")
            let line = lines[lines.count - 1]
            if !line.isEmpty, TextLayout.width((line + [label]).joined(separator: "  ")) > available { lines.append([]) }
            lines[lines.count - 1].append(label)
            if item.needsAttention { notes.append("a11y: tab \(item.id) reads \"\(renderer.resolve(item.accessibilityLabel))\"") }
        }
        for line in lines {
            // Padded before styling, so escape codes never count as columns; right to left, the first tab is rightmost.
            let text = TextLayout.pad((rightToLeft ? line.reversed() : line).joined(separator: "  "), width: available,
                                      rightToLeft: rightToLeft)
            let styled = renderer.colour ? text.replacingOccurrences(of: marker, with: renderer.styled(marker, .severity(.error))) : text
            emit(styled, .body, prefix: prefix)
        }
    }

    private static func style(_ style: ViewNode.TextStyle) -> PhoneRenderer.Style {
        switch style {
        case .body: .body
        case .secondary: .secondary
        case .caption: .caption
        case .heading: .heading
        }
    }

    private static func icon(_ severity: Severity) -> String {
        severity.symbol
    }

    mutating func drawBanner(_ banner: Banner, prefix: String) {
        let dismiss = banner.isDismissible ? " ✕" : ""
        let title = "\(Self.icon(banner.severity)) \(renderer.resolve(banner.title))"
        let available = width - TextLayout.width(prefix) - TextLayout.width(dismiss)
        let titleLines = TextLayout.wrap(title, width: available)
        for (index, line) in titleLines.enumerated() {
            // The ✕ sits at the trailing edge: the right in left-to-right locales, the left in right-to-left ones.
            let close = index == 0 ? dismiss : String(repeating: " ", count: TextLayout.width(dismiss))
            let padded = TextLayout.pad(line, width: available, rightToLeft: rightToLeft)
            emit(rightToLeft ? String(close.reversed()) + padded : padded + close, .severity(banner.severity), prefix: prefix)
        }
        if let message = banner.message { paragraph(renderer.resolve(message), .secondary, prefix: prefix + "  ") }
        if let action = banner.action { drawAction(action, centered: false, prefix: prefix + "  ") }
        if let label = banner.accessibilityLabel { notes.append("a11y: \(banner.id) reads \"\(renderer.resolve(label))\"") }
        if banner.isDismissible { notes.append("a11y: ✕ reads \"\(renderer.resolve(banner.dismissLabel ?? CoreCopy.dismiss))\"") }
    }

    mutating func drawToast(_ toast: Toast) {
        let inner = width - 4
        emit("┌" + String(repeating: "─", count: width - 2) + "┐")
        let icon = toast.icon.map { _ in "⬇ " } ?? "\(Self.icon(toast.severity)) "
        if let title = toast.title {
            for line in TextLayout.wrap(icon + renderer.resolve(title), width: inner) {
                // Padded before styling, so the escape codes never count as columns.
                emit("│ " + renderer.styled(TextLayout.pad(line, width: inner, rightToLeft: rightToLeft), .heading) + " │")
            }
        }
        let message = (toast.title == nil ? icon : "") + renderer.resolve(toast.message)
        for line in TextLayout.wrap(message, width: inner) {
            let padded = TextLayout.pad(line, width: inner, rightToLeft: rightToLeft)
            emit("│ " + padded + " │")
        }
        emit("└" + String(repeating: "─", count: width - 2) + "┘")
        var traits: [String] = []
        if toast.passesTouchesThrough { traits.append("passes touches through") }
        if let seconds = toast.autoDismissAfter { traits.append("dismisses after \(Int(seconds.components.seconds)) s") }
        if let icon = toast.icon { traits.append("icon asset \(icon)") }
        if let style = toast.style {
            switch style.anchor {
            case .bottomAboveNavigationBar: traits.append("at the bottom above the navigation bar, inside the safe areas")
            }
            let colors = style.colors(dark: renderer.theme == .dark)
            traits.append("\(renderer.theme.rawValue) colours: text \(colors.text) on \(colors.background), icon \(colors.icon)")
        }
        if !traits.isEmpty { notes.append("toast \(toast.id): " + traits.joined(separator: ", ")) }
    }

    mutating func drawAction(_ action: Action, centered: Bool, prefix: String) {
        let title = renderer.resolve(action.title)
        let limit = width - TextLayout.width(prefix) - 6
        let shown = singleLine(title, limit: limit, what: "button \(action.id)")
        switch action.state {
        case .enabled:
            emit("[ \(shown) ]", .body, centered: centered, prefix: prefix)
        case let .disabled(reason):
            emit("[ \(shown) ] ⊘", .disabled, centered: centered, prefix: prefix)
            notes.append("a11y: \(action.id) reads \"\(renderer.resolve(action.accessibilityLabel))\"; tapping shows \"\(renderer.resolve(reason))\"")
        }
    }

    mutating func drawRow(_ children: [ViewNode], feedback: RowFeedback, prefix: String) {
        let marker: String
        switch feedback {
        case .none: marker = "  "
        case .pending: marker = "◌ "
        case .pendingDelete: marker = "⊖ "
        case .failed: marker = "⚠ "
        }
        // A failed row greys its data; its reason and its Dismiss (the row's own action) stay at full strength below.
        let failed: Bool = if case .failed = feedback { true } else { false }
        let isAction: (ViewNode) -> Bool = { if case .actions = $0 { true } else { false } }
        let data = failed ? children.filter { !isAction($0) } : children
        let actions = failed ? children.filter(isAction) : []
        // Render the data narrower, then restyle it for the pending or failed look.
        let plain = PhoneRenderer(localizer: renderer.localizer, width: renderer.width - TextLayout.width(prefix + marker), theme: renderer.theme, colour: false)
        var rowCanvas = Canvas(renderer: plain)
        for child in data { rowCanvas.draw(child) }
        for line in rowCanvas.lines {
            // Strip the narrower canvas's frame: "│ " … " │".
            let content = String(line.dropFirst(2).dropLast(2))
            let trimmed = rightToLeft ? String(content.drop { $0 == " " })
                : content.lastIndex { $0 != " " }.map { String(content[...$0]) } ?? ""
            let style: PhoneRenderer.Style = switch feedback {
            case .none: .body
            case .pending, .failed: .pending
            case .pendingDelete: .struck
            }
            emit(trimmed, style, prefix: prefix + marker)
        }
        notes += rowCanvas.notes
        switch feedback {
        case .pending:
            notes.append("row: pending at 0.5 opacity (not yet synced)")
        case .pendingDelete:
            notes.append("row: pending delete, greyed and struck through")
        case let .failed(reason):
            notes.append("row: failed, greyed at 0.5 opacity, with its reason and Dismiss")
            paragraph(renderer.resolve(reason), .severity(.error), prefix: prefix + "  ")
            if actions.isEmpty {
                emit("[ ✕ \(renderer.resolve(CoreCopy.dismiss)) ]", .body, prefix: prefix + "  ")
            } else {
                for action in actions { draw(action, prefix: prefix + "  ") }
            }
        case .none:
            break
        }
    }
}
