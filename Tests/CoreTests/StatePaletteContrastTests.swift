import Core
import Testing

/// Issue 25, item 10: every state colour the app draws, light and dark, computed against WCAG 2.1.
@Suite("StatePalette Contrast: every state colour meets WCAG 2.1")
struct StatePaletteContrastTests {
    @Test("Every text ≥ 4.5:1, every icon and badge pill ≥ 3:1, disabled text ≥ 3:1", arguments: StatePalette.all)
    func everyPairMeetsItsMinimum(_ palette: StatePalette) {
        for requirement in palette.requirements {
            #expect(requirement.isMet, "\(requirement)")
        }
    }

    @Test(arguments: StatePalette.all)
    func everySeverityAndEveryToneHasItsOwnSwatch(_ palette: StatePalette) {
        #expect(Set(palette.toasts.keys) == Set(Severity.allCases))
        #expect(Set(palette.badges.keys) == Set(BadgeTone.allCases))
        // 2 (offline, success banners) + 4 severities + 4 tones, each text and icon, + 4 pills + disabled text and icon.
        #expect(palette.requirements.count == 2 * 2 + 4 * 2 + 4 * 3 + 2)
    }

    @Test func theCheckCatchesAPairBelowItsMinimum() {
        var palette = StatePalette.light
        palette.disabledControl = StatePalette.Swatch(text: RGBColor(hex: 0xBBBBBB), background: RGBColor(hex: 0xEFEFEF))
        let failing = palette.requirements.filter { !$0.isMet }.map(\.name)
        #expect(failing == ["light disabled control text", "light disabled control icon"])
    }
}
