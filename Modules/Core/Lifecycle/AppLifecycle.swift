/// The moments of an app's life that features react to (warm the cache on launch, sync on foreground).
public enum AppLifecycle: String, Sendable, Equatable, CaseIterable, Codable {
    case launched
    case foregrounded
    case backgrounded
    case terminated

    /// Whether the app is on screen in this phase.
    public var isActive: Bool {
        switch self {
        case .launched, .foregrounded: true
        case .backgrounded, .terminated: false
        }
    }

    /// The phases that may follow this one; a terminated app only launches again.
    public func canMove(to next: AppLifecycle) -> Bool {
        switch (self, next) {
        case (.terminated, .launched): true
        case (.terminated, _): false
        case (_, .launched): false
        case (.backgrounded, .backgrounded), (.foregrounded, .foregrounded): false
        case (.launched, .backgrounded), (.launched, .foregrounded), (.launched, .terminated): true
        default: true
        }
    }
}
