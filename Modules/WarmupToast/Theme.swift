public import Core
import Foundation

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

    /// The toast is Core's `StatePalette` info toast, the banner its success banner (its close icon the banner's icon):
    /// one palette of every state colour, whose contrast one test proves.
    public init(_ palette: StatePalette) {
        let toast = palette.toast(.info), banner = palette.successBanner
        self.init(toastBackground: toast.background, toastText: toast.text, toastIcon: toast.icon,
                  bannerBackground: banner.background, bannerText: banner.text, bannerCloseIcon: banner.icon)
    }

    /// A dark toast on a light app; a green-tinted banner with dark green text.
    public static let light = WarmupPalette(.light)

    /// A light toast on a dark app; a deep green banner with pale text.
    public static let dark = WarmupPalette(.dark)

    public static func palette(for appearance: Appearance) -> WarmupPalette {
        switch appearance {
        case .light: light
        case .dark: dark
        }
    }

    /// The toast's colours, as its view state carries them.
    public var toastColors: ToastStyle.Colors {
        ToastStyle.Colors(background: toastBackground, text: toastText, icon: toastIcon)
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
