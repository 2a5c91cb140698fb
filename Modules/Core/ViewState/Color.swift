import Foundation

/// An sRGB colour with 8 bits a channel: what a feature's palette (badges, toasts) is made of, and what its WCAG
/// contrast tests compute with. One type for every feature, so a composition root that shows two can mix them.
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
        self.init(red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
                  blue: UInt8(truncatingIfNeeded: hex))
    }

    /// `#1E7B34`.
    public var description: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// WCAG 2.x relative luminance, 0 for black and 1 for white: each channel linearised from sRGB, weighted
    /// 0.2126 / 0.7152 / 0.0722.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio with another colour, from 1 (the same) to 21 (black on white); order does not matter.
    public func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// The WCAG 2.x AA thresholds the palettes are held to.
public enum WCAG {
    /// Text of normal size against its background (1.4.3).
    public static let minimumTextContrast = 4.5
    /// A component's visual boundary against what surrounds it (1.4.11), e.g. a badge's pill against its card.
    public static let minimumNonTextContrast = 3.0
}
