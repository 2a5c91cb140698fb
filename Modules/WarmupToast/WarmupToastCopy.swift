public import Core

/// The keys of the WarmupToast catalog table (`Localization/<locale>.lproj/WarmupToast.strings`).
/// The wording lives in the catalogs; these are only references to it.
public enum WarmupToastCopy {
    public static let table = "WarmupToast"

    /// "Optimizing your experience"
    public static let toastTitle = Copy(table, "toast.title")
    /// "We’re saving data to help the app load faster next time. Please don’t close the app while this finishes."
    public static let toastMessage = Copy(table, "toast.message")
    /// "App optimized"
    public static let optimizedTitle = Copy(table, "banner.optimized.title")
    /// "Close": what a screen reader says for the banner's X.
    public static let closeBanner = Copy(table, "banner.close")

    /// Every key the module uses, for tests that check each one exists in every locale.
    public static let all = [toastTitle, toastMessage, optimizedTitle, closeBanner]
}
