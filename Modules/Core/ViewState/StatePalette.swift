/// The one palette for every state colour the app draws, light and dark: the offline banner, toasts by severity, the
/// success banner, status badges by tone (warranty states, order statuses) and disabled controls. Features take their
/// colours from it (WarmupToast's toast and banner, Products' badges), so one test proves them all: every text ≥ 4.5:1
/// on its background, every icon and every badge pill against the surface ≥ 3:1, and disabled text ≥ 3:1 so it stays
/// legible (WCAG 2.1: 1.4.3, 1.4.11).
public struct StatePalette: Sendable, Hashable {
    /// A foreground (text), an icon and the background both are drawn on.
    public struct Swatch: Sendable, Hashable {
        public var text: RGBColor
        public var background: RGBColor
        public var icon: RGBColor

        public init(text: RGBColor, background: RGBColor, icon: RGBColor? = nil) {
            self.text = text
            self.background = background
            self.icon = icon ?? text
        }
    }

    /// One contrast requirement: `foreground` on `background` must reach `minimum`.
    public struct Requirement: Sendable, Hashable, CustomStringConvertible {
        public var name: String
        public var foreground: RGBColor
        public var background: RGBColor
        public var minimum: Double

        public var ratio: Double { foreground.contrastRatio(with: background) }
        public var isMet: Bool { ratio >= minimum }
        public var description: String {
            "\(name): \(foreground) on \(background) = \((ratio * 100).rounded() / 100):1 (needs \(minimum):1)"
        }
    }

    public var name: String
    /// What screens, cards and lists are drawn on.
    public var surface: RGBColor
    public var offlineBanner: Swatch
    public var successBanner: Swatch
    public var toasts: [Severity: Swatch]
    public var badges: [BadgeTone: Swatch]
    /// A disabled button's title on its (greyed) background.
    public var disabledControl: Swatch

    public func toast(_ severity: Severity) -> Swatch { toasts[severity] ?? toasts[.info]! }
    public func badge(_ tone: BadgeTone) -> Swatch { badges[tone] ?? badges[.neutral]! }

    /// Every pair the palette draws, with the ratio WCAG asks of it.
    public var requirements: [Requirement] {
        var found: [Requirement] = []
        func add(_ name: String, _ swatch: Swatch, textMinimum: Double = WCAG.minimumTextContrast) {
            found.append(Requirement(name: "\(self.name) \(name) text", foreground: swatch.text, background: swatch.background, minimum: textMinimum))
            found.append(Requirement(name: "\(self.name) \(name) icon", foreground: swatch.icon, background: swatch.background,
                                     minimum: WCAG.minimumNonTextContrast))
        }
        add("offline banner", offlineBanner)
        add("success banner", successBanner)
        for severity in Severity.allCases { add("\(severity) toast", toast(severity)) }
        for tone in BadgeTone.allCases {
            add("\(tone) badge", badge(tone))
            found.append(Requirement(name: "\(name) \(tone) badge pill on the surface", foreground: badge(tone).background,
                                     background: surface, minimum: WCAG.minimumNonTextContrast))
        }
        add("disabled control", disabledControl, textMinimum: WCAG.minimumNonTextContrast)
        return found
    }

    public static let light = StatePalette(
        name: "light", surface: RGBColor(hex: 0xFFFFFF),
        offlineBanner: Swatch(text: RGBColor(hex: 0x5C3B00), background: RGBColor(hex: 0xFFF4E0), icon: RGBColor(hex: 0x8A5300)),
        successBanner: Swatch(text: RGBColor(hex: 0x0D652D), background: RGBColor(hex: 0xE6F4EA), icon: RGBColor(hex: 0x1F1F1F)),
        toasts: [
            .info: Swatch(text: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x303030), icon: RGBColor(hex: 0xA8C7FA)),
            .success: Swatch(text: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x1E6B34)),
            .warning: Swatch(text: RGBColor(hex: 0x1F1F1F), background: RGBColor(hex: 0xFDD663)),
            .error: Swatch(text: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0xB3261E)),
        ],
        badges: [
            .positive: Swatch(text: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x1E7B34)),  // green
            .caution: Swatch(text: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x8A5300)),   // amber, deep enough for white text
            .negative: Swatch(text: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0xB3261E)),  // red
            .neutral: Swatch(text: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x5F6368)),
        ],
        disabledControl: Swatch(text: RGBColor(hex: 0x6B6B6B), background: RGBColor(hex: 0xEFEFEF))
    )

    public static let dark = StatePalette(
        name: "dark", surface: RGBColor(hex: 0x121212),
        offlineBanner: Swatch(text: RGBColor(hex: 0xFFE0A8), background: RGBColor(hex: 0x3A2A00), icon: RGBColor(hex: 0xFDD663)),
        successBanner: Swatch(text: RGBColor(hex: 0xC4EED0), background: RGBColor(hex: 0x0F3D1E), icon: RGBColor(hex: 0xFFFFFF)),
        toasts: [
            .info: Swatch(text: RGBColor(hex: 0x1F1F1F), background: RGBColor(hex: 0xE3E3E3), icon: RGBColor(hex: 0x0B57D0)),
            .success: Swatch(text: RGBColor(hex: 0x0B2E13), background: RGBColor(hex: 0x81C995)),
            .warning: Swatch(text: RGBColor(hex: 0x3A2A00), background: RGBColor(hex: 0xFDD663)),
            .error: Swatch(text: RGBColor(hex: 0x410E0B), background: RGBColor(hex: 0xF28B82)),
        ],
        badges: [
            .positive: Swatch(text: RGBColor(hex: 0x0B2E13), background: RGBColor(hex: 0x81C995)),
            .caution: Swatch(text: RGBColor(hex: 0x3A2A00), background: RGBColor(hex: 0xFDD663)),
            .negative: Swatch(text: RGBColor(hex: 0x410E0B), background: RGBColor(hex: 0xF28B82)),
            .neutral: Swatch(text: RGBColor(hex: 0x202124), background: RGBColor(hex: 0xBDC1C6)),
        ],
        disabledControl: Swatch(text: RGBColor(hex: 0x9AA0A6), background: RGBColor(hex: 0x2A2A2A))
    )

    public static let all: [StatePalette] = [.light, .dark]
}
