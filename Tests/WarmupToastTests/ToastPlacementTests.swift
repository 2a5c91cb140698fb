import Testing
import WarmupToast

/// Phone geometries in points (dp on Android), portrait unless named otherwise.
enum Phones {
    /// iPhone SE (1st gen): small, square corners, status bar only, no home indicator.
    static let small = ScreenGeometry(width: 320, height: 568, safeArea: EdgeInsets(top: 20), navigationBarHeight: 49)
    /// iPhone 14: notch, rounded corners, home indicator inside the bottom safe area.
    static let notched = ScreenGeometry(width: 390, height: 844, safeArea: EdgeInsets(top: 47, bottom: 34),
                                        navigationBarHeight: 49, cornerRadius: 47.33, homeIndicatorHeight: 34)
    /// An edge-to-edge Android phone: gesture handle reported apart from a zero bottom inset, 80 dp bar.
    static let homeIndicator = ScreenGeometry(width: 412, height: 915, safeArea: EdgeInsets(top: 24),
                                              navigationBarHeight: 80, cornerRadius: 32, homeIndicatorHeight: 24)
    /// iPhone 14 in landscape: notch on the leading side, home indicator, compact tab bar.
    static let landscape = ScreenGeometry(width: 844, height: 390, safeArea: EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47),
                                          navigationBarHeight: 32, cornerRadius: 47.33, homeIndicatorHeight: 21)
    /// No navigation bar and no insets on a phone with large rounded corners: only the corners constrain the toast.
    static let roundedWithoutBar = ScreenGeometry(width: 360, height: 780, cornerRadius: 60)

    static let all: [(name: String, geometry: ScreenGeometry)] = [
        ("small", small), ("notched", notched), ("home indicator", homeIndicator),
        ("landscape", landscape), ("rounded without a bar", roundedWithoutBar),
    ]
}

@Suite("ToastPlacement: bottom, above the navigation bar, inside the safe area")
struct ToastPlacementTests {
    let placement = ToastPlacement()

    func checkInvariants(_ frame: Rect, on screen: ScreenGeometry, _ name: String) {
        // Inside the safe area.
        #expect(frame.minX >= screen.safeArea.leading, "\(name): \(frame)")
        #expect(frame.maxX <= screen.width - screen.safeArea.trailing, "\(name): \(frame)")
        #expect(frame.minY >= screen.safeArea.top, "\(name): \(frame)")
        #expect(frame.maxY <= screen.height - screen.safeArea.bottom, "\(name): \(frame)")
        // Never over the navigation bar's items nor the home indicator.
        #expect(frame.maxY <= screen.navigationBarTop, "\(name): \(frame)")
        #expect(frame.maxY <= screen.height - screen.homeIndicatorHeight, "\(name): \(frame)")
        // Not clipped by a rounded corner: all four corners of the toast are on the display.
        for (x, y) in [(frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.minX, frame.maxY), (frame.maxX, frame.maxY)] {
            #expect(screen.isOnDisplay(x: x, y: y), "\(name): corner (\(x), \(y)) is cut off")
        }
        #expect(frame.width > 0 && frame.height > 0, "\(name): \(frame)")
    }

    @Test func everyPhoneGeometryKeepsTheToastWhole() {
        for (name, screen) in Phones.all {
            let frame = placement.frame(contentHeight: 72, in: screen)
            checkInvariants(frame, on: screen, name)
            #expect(frame.height == 72, "\(name)")
        }
    }

    @Test func itSitsRightAboveTheNavigationBarCentredWithMargins() {
        let frame = placement.frame(contentHeight: 72, in: Phones.notched)
        // 844 - 34 (home indicator / safe area) - 49 (tab bar) - 8 (gap) = 753.
        #expect(frame == Rect(x: 16, y: 753 - 72, width: 358, height: 72))
        let small = placement.frame(contentHeight: 60, in: Phones.small)
        #expect(small == Rect(x: 16, y: 568 - 49 - 8 - 60, width: 288, height: 60))
    }

    @Test func aGestureHandleReportedApartFromTheSafeAreaIsStillKeptClear() {
        let frame = placement.frame(contentHeight: 72, in: Phones.homeIndicator)
        #expect(frame.maxY == 915 - 24 - 80 - 8)
    }

    @Test func landscapeKeepsClearOfTheNotchSideAndCapsTheWidth() {
        let frame = placement.frame(contentHeight: 56, in: Phones.landscape)
        #expect(frame.maxY == 390 - 21 - 32 - 8)
        #expect(frame.width == 560)
        #expect(frame.minX > 47 + 16 - 1e-9)
        #expect(abs((frame.minX + frame.maxX) / 2 - 422) < 1e-9)
    }

    @Test func roundedCornersPushTheToastInwardWhenItSitsLow() {
        let frame = placement.frame(contentHeight: 72, in: Phones.roundedWithoutBar)
        // 8 from the bottom on a 60 radius corner: the curve reaches ~30 in, plus the 16 margin.
        #expect(frame.minX > 16 + 29)
        checkInvariants(frame, on: Phones.roundedWithoutBar, "rounded without a bar")
    }

    @Test func aToastTallerThanTheSpaceIsClampedInsideTheSafeArea() {
        let frame = placement.frame(contentHeight: 1_000, in: Phones.landscape)
        #expect(frame.minY == Phones.landscape.safeArea.top)
        #expect(frame.maxY == 390 - 21 - 32 - 8)
        checkInvariants(frame, on: Phones.landscape, "landscape, clamped")
    }

    @Test func theDisplayShapeTestIsRight() {
        let screen = Phones.roundedWithoutBar
        #expect(!screen.isOnDisplay(x: 1, y: 1))
        #expect(!screen.isOnDisplay(x: 359, y: 779))
        #expect(screen.isOnDisplay(x: 60, y: 0))
        #expect(screen.isOnDisplay(x: 180, y: 779))
        #expect(!screen.isOnDisplay(x: -1, y: 400))
    }
}
