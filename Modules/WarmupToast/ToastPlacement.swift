/// Distances from the screen's edges, in points (dp on Android).
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = EdgeInsets()
}

/// A rectangle with its origin at the screen's top leading corner, y growing downwards.
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var minY: Double { y }
    public var maxY: Double { y + height }
}

/// What the layout needs to know about a phone screen in its current orientation.
public struct ScreenGeometry: Sendable, Hashable {
    public var width: Double
    public var height: Double
    /// The system's safe area (status bar, notch or camera cutout, home indicator, side cutouts in landscape).
    public var safeArea: EdgeInsets
    /// Height of the app's bottom navigation bar *items*, above the bottom safe-area inset; 0 without one.
    public var navigationBarHeight: Double
    /// Radius of the display's rounded corners; 0 for square corners.
    public var cornerRadius: Double
    /// Height of the strip at the bottom kept for the home indicator or gesture handle. Usually inside
    /// the bottom safe-area inset; some edge-to-edge Android setups report it apart, so both are honoured.
    public var homeIndicatorHeight: Double

    public init(width: Double, height: Double, safeArea: EdgeInsets = .zero, navigationBarHeight: Double = 0,
                cornerRadius: Double = 0, homeIndicatorHeight: Double = 0) {
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.navigationBarHeight = navigationBarHeight
        self.cornerRadius = cornerRadius
        self.homeIndicatorHeight = homeIndicatorHeight
    }

    /// The y where the bottom navigation bar's items begin (the screen's bottom when there is no bar).
    public var navigationBarTop: Double {
        height - max(safeArea.bottom, homeIndicatorHeight) - navigationBarHeight
    }

    /// Whether `point` lies on the visible display: inside the screen and its rounded corners.
    public func isOnDisplay(x px: Double, y py: Double) -> Bool {
        guard px >= 0, py >= 0, px <= width, py <= height else { return false }
        let radius = min(cornerRadius, width / 2, height / 2)
        guard radius > 0 else { return true }
        // Only the four corner squares can cut a point off; there it must lie within the corner's circle.
        let centreX = px < radius ? radius : px > width - radius ? width - radius : px
        let centreY = py < radius ? radius : py > height - radius ? height - radius : py
        let dx = px - centreX, dy = py - centreY
        return dx * dx + dy * dy <= radius * radius + 1e-9
    }
}

/// Where the warmup toast sits: at the bottom, just above the bottom navigation bar (never over its
/// items), inside the safe area, clear of the rounded corners and the home indicator, centred and
/// no wider than `maximumWidth`. A pure function of the geometry, so every phone shape is a test.
public struct ToastPlacement: Sendable, Hashable {
    /// Space kept between the toast and the navigation bar (or the bottom safe area).
    public var gapAboveNavigationBar: Double
    /// Space kept between the toast and the safe area's sides.
    public var sideMargin: Double
    public var maximumWidth: Double

    public init(gapAboveNavigationBar: Double = 8, sideMargin: Double = 16, maximumWidth: Double = 560) {
        self.gapAboveNavigationBar = gapAboveNavigationBar
        self.sideMargin = sideMargin
        self.maximumWidth = maximumWidth
    }

    /// The toast's frame for a toast `contentHeight` tall. When the space above the bar is shorter
    /// than that, the toast is clamped to the space (its text scrolls or truncates; it never leaves the safe area).
    public func frame(contentHeight: Double, in screen: ScreenGeometry) -> Rect {
        let bottom = min(screen.navigationBarTop, screen.height - screen.safeArea.bottom) - gapAboveNavigationBar
        let top = max(screen.safeArea.top, bottom - max(contentHeight, 0))
        let height = max(bottom - top, 0)

        // A rounded corner cuts deepest at the toast's edge nearest the screen's top or bottom.
        let cornerInset = max(Self.cornerInset(radius: screen.cornerRadius, distanceFromEdge: screen.height - bottom),
                              Self.cornerInset(radius: screen.cornerRadius, distanceFromEdge: top))
        let left = max(screen.safeArea.leading, cornerInset) + sideMargin
        let right = screen.width - max(screen.safeArea.trailing, cornerInset) - sideMargin
        let available = max(right - left, 0)
        let width = min(available, maximumWidth)
        return Rect(x: left + (available - width) / 2, y: top, width: width, height: height)
    }

    /// How far in from the side a rounded corner of `radius` reaches at `distanceFromEdge` from the
    /// top or bottom edge (0 once past the corner).
    static func cornerInset(radius: Double, distanceFromEdge: Double) -> Double {
        guard radius > 0, distanceFromEdge < radius else { return 0 }
        let depth = radius - max(distanceFromEdge, 0)
        return radius - (radius * radius - depth * depth).squareRoot()
    }
}
