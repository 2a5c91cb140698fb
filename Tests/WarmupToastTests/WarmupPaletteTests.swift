import Core
import Testing
import WarmupToast

@Suite("WarmupPalette: WCAG 2.1 AA in light and dark")
struct WarmupPaletteTests {
    @Test(arguments: Appearance.allCases)
    func everyForegroundMeetsAAOnItsBackground(appearance: Appearance) {
        for pair in WarmupPalette.palette(for: appearance).pairs {
            let ratio = pair.foreground.contrastRatio(with: pair.background)
            #expect(ratio >= 4.5, "\(appearance) \(pair.name): \(pair.foreground) on \(pair.background) is \(ratio):1")
        }
    }

    @Test func theContrastRatioIsWCAGs() {
        let black = RGBColor(hex: 0x000000), white = RGBColor(hex: 0xFFFFFF)
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-9)
        #expect(white.contrastRatio(with: black) == black.contrastRatio(with: white))
        #expect(white.contrastRatio(with: white) == 1)
        // The classic threshold greys: #767676 passes AA on white, #777777 does not (4.54 and 4.48).
        #expect(abs(RGBColor(hex: 0x767676).contrastRatio(with: white) - 4.54) < 0.005)
        #expect(abs(RGBColor(hex: 0x777777).contrastRatio(with: white) - 4.48) < 0.005)
        // Pure red on white is 4.0:1.
        #expect(abs(RGBColor(hex: 0xFF0000).contrastRatio(with: white) - 4.0) < 0.005)
    }

    @Test func theTwoAppearancesReallyDiffer() {
        #expect(WarmupPalette.light.toastBackground.relativeLuminance < 0.1)
        #expect(WarmupPalette.dark.toastBackground.relativeLuminance > 0.7)
        #expect(RGBColor(hex: 0x0D652D).description == "#0D652D")
    }
}
