/// An event a machine gets back when its toast's time is up. A feature's event enum conforms with its case
/// `toastExpired(sequence:)`.
public protocol ToastExpiring: Sendable {
    static func toastExpired(sequence: Int) -> Self
}

/// The one toast a screen shows at a time, and its auto-dismiss timer: showing a toast counts it, so the same toast
/// shown twice is two changes, and only the timer of the toast on screen takes it away.
public struct ToastSlot: Sendable, Equatable {
    /// The id of the auto-dismiss timer.
    public static let timerID = "toast"
    /// How long a toast stays when it goes by itself.
    public static let duration: Duration = .seconds(4)

    /// The toast on screen.
    public private(set) var current: Toast?
    /// How many toasts have been shown.
    public private(set) var sequence = 0

    public init() {}

    /// Shows `toast`; returns the timer that takes it away (none for a toast that stays).
    public mutating func show<Event: ToastExpiring, Work>(_ toast: Toast) -> [FeatureEffect<Event, Work>] {
        current = toast
        sequence += 1
        guard let after = toast.autoDismissAfter else { return [] }
        return [.expireToast(sequence: sequence, after: after)]
    }

    /// A warning that goes by itself after `duration`.
    public mutating func show<Event: ToastExpiring, Work>(_ message: Copy, id: String, severity: Severity = .warning) -> [FeatureEffect<Event, Work>] {
        show(Toast(id: id, severity: severity, message: message, autoDismissAfter: Self.duration))
    }

    /// The timer of toast `sequence` fired: it goes unless a newer one replaced it.
    public mutating func expire(sequence: Int) {
        if sequence == self.sequence { current = nil }
    }

    /// Takes the toast away now (its reason is gone).
    public mutating func clear() {
        current = nil
    }
}

extension FeatureEffect where Event: ToastExpiring {
    /// `.toastExpired(sequence)` after `after` on the injected clock (a newer toast's timer replaces it).
    public static func expireToast(sequence: Int, after: Duration) -> Self {
        .startTimer(id: ToastSlot.timerID, after: after, send: .toastExpired(sequence: sequence))
    }
}
