public import Core
import Foundation

/// An sRGB colour with 8 bits a channel.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0x1E7B34` → red 0x1E, green 0x7B, blue 0x34.
    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    public var description: String {
        "#" + [red, green, blue].map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }

    /// WCAG 2.x relative luminance: each channel linearised from sRGB, weighted 0.2126 / 0.7152 / 0.0722.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white).
    public static func contrastRatio(_ first: RGBColor, _ second: RGBColor) -> Double {
        let (lighter, darker) = (max(first.relativeLuminance, second.relativeLuminance), min(first.relativeLuminance, second.relativeLuminance))
        return (lighter + 0.05) / (darker + 0.05)
    }
}

/// The WCAG 2.x AA thresholds the badges are held to.
public enum WCAG {
    /// Text of normal size against its background (1.4.3).
    public static let minimumTextContrast = 4.5
    /// A component's visual boundary against what surrounds it (1.4.11): the pill against the card.
    public static let minimumNonTextContrast = 3.0
}

/// The colours of one badge: its text on its pill.
public struct BadgeColors: Sendable, Hashable {
    public var foreground: RGBColor
    public var background: RGBColor

    public init(foreground: RGBColor, background: RGBColor) {
        self.foreground = foreground
        self.background = background
    }

    /// Contrast of the badge text against the pill.
    public var textContrast: Double { RGBColor.contrastRatio(foreground, background) }
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
        RGBColor.contrastRatio(colors(for: tone).background, surface)
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

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
