public import Core
import Foundation

/// The colours of one badge: its text on its pill.
public struct BadgeColors: Sendable, Hashable {
    public var foreground: RGBColor
    public var background: RGBColor

    public init(foreground: RGBColor, background: RGBColor) {
        self.foreground = foreground
        self.background = background
    }

    /// Contrast of the badge text against the pill.
    public var textContrast: Double { foreground.contrastRatio(with: background) }
}

/// The colours this module draws its status badges in, for a light and a dark appearance.
/// Every tone meets WCAG AA: text ≥ 4.5:1 on the pill, and the pill ≥ 3:1 against the card's surface
/// (tested). The badge always carries its word too, so colour is never the only signal.
public struct ProductsTheme: Sendable, Hashable {
    public var name: String
    /// The card's and the list's background.
    public var surface: RGBColor
    public var badges: [BadgeTone: BadgeColors]

    public init(name: String, surface: RGBColor, badges: [BadgeTone: BadgeColors]) {
        self.name = name
        self.surface = surface
        self.badges = badges
    }

    public func colors(for tone: BadgeTone) -> BadgeColors {
        badges[tone] ?? BadgeColors(foreground: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x5F6368))
    }

    public func colors(for status: WarrantyStatus) -> BadgeColors {
        colors(for: status.tone)
    }

    /// Pill against the surface.
    public func boundaryContrast(for tone: BadgeTone) -> Double {
        colors(for: tone).background.contrastRatio(with: surface)
    }

    /// Products' badges in an appearance: Core's `StatePalette`, the one palette of every state colour.
    public init(_ palette: StatePalette) {
        self.init(name: palette.name, surface: palette.surface,
                  badges: palette.badges.mapValues { BadgeColors(foreground: $0.text, background: $0.background) })
    }

    public static let light = ProductsTheme(.light)
    public static let dark = ProductsTheme(.dark)

    public static let all: [ProductsTheme] = [.light, .dark]
}
