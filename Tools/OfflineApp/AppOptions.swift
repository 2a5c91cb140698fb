public import Core
public import Foundation

/// What `app start` is given.
public struct AppOptions: Sendable {
    /// Where the encrypted store lives; two processes given the same folder share it (a real restart).
    public var dataDirectory: URL
    /// An external reference backend; nil starts one in process on 127.0.0.1.
    public var serverURL: URL?
    public var user: String
    /// Launch with the backend already refusing connections.
    public var startOffline: Bool
    /// The reader's current locale, for shared summary cards (nil hides Share).
    public var localizer: (@Sendable () -> any CopyResolving)?
    /// How many products the embedded backend seeds for `user` (nil: its default, 12); 0…10,000.
    public var productCount: Int?
    /// The screen the launch opens (`app start --open products`), as an app opens its first screen: drawn from the cache
    /// as soon as the features have started, before the first connectivity reading, and handed to `firstFrame`. Until
    /// that reading the screen says so (no offline indicator yet; online-only actions wait on "checking your
    /// connection"); the launch then settles as without it.
    public var firstScreen: AppRoute?
    /// Receives `firstScreen`'s first frame.
    public var firstFrame: (@Sendable (ViewNode) -> Void)?

    public init(dataDirectory: URL, serverURL: URL? = nil, user: String = "user1", startOffline: Bool = false,
                localizer: (@Sendable () -> any CopyResolving)? = nil, productCount: Int? = nil,
                firstScreen: AppRoute? = nil, firstFrame: (@Sendable (ViewNode) -> Void)? = nil) {
        self.firstScreen = firstScreen
        self.firstFrame = firstFrame
        self.localizer = localizer
        self.productCount = productCount
        self.dataDirectory = dataDirectory
        self.serverURL = serverURL
        self.user = user
        self.startOffline = startOffline
    }
}

/// Why an `app` command could not run; the message says what to do.
public struct AppCommandError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
