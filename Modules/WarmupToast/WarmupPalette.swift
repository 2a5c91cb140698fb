import Foundation

/// An sRGB colour, 8 bits a channel.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
                  blue: UInt8(truncatingIfNeeded: hex))
    }

    public var description: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// WCAG 2.1 relative luminance: 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.1 contrast ratio with another colour, from 1 (none) to 21 (black on white); order does not matter.
    public func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// Light or dark appearance of the app.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// The toast's and the banner's colours in one appearance. Colours are design values, not copy,
/// so they live here; every foreground meets WCAG 2.1 AA (≥ 4.5:1) on its background (tested).
public struct WarmupPalette: Sendable, Hashable {
    public var toastBackground: RGBColor
    public var toastText: RGBColor
    public var toastIcon: RGBColor
    public var bannerBackground: RGBColor
    public var bannerText: RGBColor
    public var bannerCloseIcon: RGBColor

    public init(toastBackground: RGBColor, toastText: RGBColor, toastIcon: RGBColor,
                bannerBackground: RGBColor, bannerText: RGBColor, bannerCloseIcon: RGBColor) {
        self.toastBackground = toastBackground
        self.toastText = toastText
        self.toastIcon = toastIcon
        self.bannerBackground = bannerBackground
        self.bannerText = bannerText
        self.bannerCloseIcon = bannerCloseIcon
    }

    /// A dark toast on a light app; a green-tinted banner with dark green text.
    public static let light = WarmupPalette(
        toastBackground: RGBColor(hex: 0x303030), toastText: RGBColor(hex: 0xFFFFFF), toastIcon: RGBColor(hex: 0xA8C7FA),
        bannerBackground: RGBColor(hex: 0xE6F4EA), bannerText: RGBColor(hex: 0x0D652D), bannerCloseIcon: RGBColor(hex: 0x1F1F1F)
    )

    /// A light toast on a dark app; a deep green banner with pale text.
    public static let dark = WarmupPalette(
        toastBackground: RGBColor(hex: 0xE3E3E3), toastText: RGBColor(hex: 0x1F1F1F), toastIcon: RGBColor(hex: 0x0B57D0),
        bannerBackground: RGBColor(hex: 0x0F3D1E), bannerText: RGBColor(hex: 0xC4EED0), bannerCloseIcon: RGBColor(hex: 0xFFFFFF)
    )

    public static func palette(for appearance: Appearance) -> WarmupPalette {
        switch appearance {
        case .light: light
        case .dark: dark
        }
    }

    /// Every foreground with the background it is drawn on, named for test messages.
    public var pairs: [(name: String, foreground: RGBColor, background: RGBColor)] {
        [
            ("toast text", toastText, toastBackground),
            ("toast icon", toastIcon, toastBackground),
            ("banner text", bannerText, bannerBackground),
            ("banner close icon", bannerCloseIcon, bannerBackground),
        ]
    }
}
