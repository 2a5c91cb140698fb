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

    public static let light = ProductsTheme(name: "light", surface: RGBColor(hex: 0xFFFFFF), badges: [
        .positive: BadgeColors(foreground: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x1E7B34)),  // green
        .caution: BadgeColors(foreground: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x8A5300)),   // amber, deep enough for white text
        .negative: BadgeColors(foreground: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0xB3261E)),  // red
        .neutral: BadgeColors(foreground: RGBColor(hex: 0xFFFFFF), background: RGBColor(hex: 0x5F6368)),
    ])

    public static let dark = ProductsTheme(name: "dark", surface: RGBColor(hex: 0x121212), badges: [
        .positive: BadgeColors(foreground: RGBColor(hex: 0x0B2E13), background: RGBColor(hex: 0x81C995)),
        .caution: BadgeColors(foreground: RGBColor(hex: 0x3A2A00), background: RGBColor(hex: 0xFDD663)),
        .negative: BadgeColors(foreground: RGBColor(hex: 0x410E0B), background: RGBColor(hex: 0xF28B82)),
        .neutral: BadgeColors(foreground: RGBColor(hex: 0x202124), background: RGBColor(hex: 0xBDC1C6)),
    ])

    public static let all: [ProductsTheme] = [.light, .dark]
}
