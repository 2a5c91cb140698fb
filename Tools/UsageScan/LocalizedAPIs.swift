/// Every Foundation and SwiftUI API whose argument is a localization key, in one table: to teach the scanner another
/// one, add a line. Only string literals (and interpolations, where the API derives a key from them) are keys; a
/// variable passed to `Text` is a `String`, shown verbatim, so it is not a key at all.
public struct LocalizedAPI: Sendable, Hashable {
    public enum Callee: Sendable, Hashable {
        /// `Text("…")`, `SwiftUI.Text("…")`, `Text.init("…")`.
        case initializer(String)
        /// `.navigationTitle("…")` on any base, or none.
        case method(String)
        /// `NSLocalizedString("…", comment: "")`.
        case function(String)
    }

    /// What an interpolated literal means for this API.
    public enum Interpolation: Sendable, Hashable {
        /// `LocalizedStringKey` / `String.LocalizationValue`: the key has a specifier per interpolation.
        case formatKey
        /// The string is built at run time and then looked up: a dynamic key.
        case dynamic
    }

    public var callee: Callee
    /// The key's argument label; nil: the first unlabeled argument.
    public var keyLabel: String?
    /// Labels that name the table, if the API takes one.
    public var tableLabel: String?
    /// Further labels the call must have to be this API (`isPresented` for `.alert`), so other overloads stay out.
    public var requiredLabels: [String]
    public var interpolation: Interpolation
    /// SwiftUI's names (`Text`, `Button`, `.help`) are common words: they count only in files that import SwiftUI.
    public var needsSwiftUIImport: Bool
    /// Another module the file must import for the name to be this API (`Summary` is App Intents' only there).
    public var needsImport: String?

    public init(_ callee: Callee, keyLabel: String? = nil, tableLabel: String? = nil, requiredLabels: [String] = [],
                interpolation: Interpolation = .formatKey, needsSwiftUIImport: Bool = true, needsImport: String? = nil) {
        self.callee = callee
        self.keyLabel = keyLabel
        self.tableLabel = tableLabel
        self.requiredLabels = requiredLabels
        self.interpolation = interpolation
        self.needsSwiftUIImport = needsSwiftUIImport
        self.needsImport = needsImport
    }

    /// How the API is named in findings and `--verbose` lists.
    public var displayName: String {
        switch callee {
        case let .initializer(name), let .function(name): name
        case let .method(name): ".\(name)"
        }
    }

    public static let all: [LocalizedAPI] = foundation + swiftUIInitializers + swiftUIModifiers

    static let foundation: [LocalizedAPI] = [
        LocalizedAPI(.function("NSLocalizedString"), tableLabel: "tableName", interpolation: .dynamic, needsSwiftUIImport: false),
        LocalizedAPI(.initializer("String"), keyLabel: "localized", tableLabel: "table", needsSwiftUIImport: false),
        LocalizedAPI(.initializer("AttributedString"), keyLabel: "localized", tableLabel: "table", needsSwiftUIImport: false),
        LocalizedAPI(.initializer("LocalizedStringResource"), tableLabel: "table", needsSwiftUIImport: false),
        LocalizedAPI(.method("localizedString"), keyLabel: "forKey", tableLabel: "table", interpolation: .dynamic, needsSwiftUIImport: false),
        LocalizedAPI(.initializer("LocalizedStringKey")),
        // App Intents: these take a `LocalizedStringResource` (`@Parameter(title:)` is read by the visitor).
        LocalizedAPI(.initializer("IntentDialog"), needsSwiftUIImport: false),
        LocalizedAPI(.initializer("IntentDescription"), needsSwiftUIImport: false),
        LocalizedAPI(.initializer("DisplayRepresentation"), keyLabel: "title", needsSwiftUIImport: false),
        LocalizedAPI(.initializer("DisplayRepresentation"), keyLabel: "subtitle", needsSwiftUIImport: false),
        LocalizedAPI(.initializer("TypeDisplayRepresentation"), keyLabel: "name", needsSwiftUIImport: false),
        LocalizedAPI(.initializer("AppShortcut"), keyLabel: "shortTitle", needsSwiftUIImport: false),
        LocalizedAPI(.method("result"), keyLabel: "dialog", needsSwiftUIImport: false),
        // A `ParameterSummary`'s `Summary("Open \(\.$article) in \(\.$reader)")`: the key is `Open ${article} in ${reader}`
        // (NetNewsWire's, which `--fix` deleted). Only in files that import AppIntents.
        LocalizedAPI(.initializer("Summary"), needsSwiftUIImport: false, needsImport: "AppIntents"),
    ]

    /// Initialisers whose first unlabeled parameter is a `LocalizedStringKey` title.
    static let swiftUIInitializers: [LocalizedAPI] = [
        LocalizedAPI(.initializer("Text"), tableLabel: "tableName"),
        LocalizedAPI(.initializer("Label")),
        LocalizedAPI(.initializer("Button")),
        LocalizedAPI(.initializer("Toggle")),
        LocalizedAPI(.initializer("Picker")),
        LocalizedAPI(.initializer("Section")),
        LocalizedAPI(.initializer("TextField")),
        LocalizedAPI(.initializer("SecureField")),
        LocalizedAPI(.initializer("NavigationLink")),
        LocalizedAPI(.initializer("Link")),
        LocalizedAPI(.initializer("Menu")),
        LocalizedAPI(.initializer("Stepper")),
        LocalizedAPI(.initializer("DatePicker")),
        LocalizedAPI(.initializer("ColorPicker")),
        LocalizedAPI(.initializer("ProgressView")),
        LocalizedAPI(.initializer("GroupBox")),
        LocalizedAPI(.initializer("DisclosureGroup")),
        LocalizedAPI(.initializer("LabeledContent")),
        LocalizedAPI(.initializer("ShareLink")),
        LocalizedAPI(.initializer("ContentUnavailableView")),
        LocalizedAPI(.initializer("Tab")),
        // macOS: a table's column title, a menu of the menu bar, a window's title.
        LocalizedAPI(.initializer("TableColumn")),
        LocalizedAPI(.initializer("CommandMenu")),
        LocalizedAPI(.initializer("Window")),
        LocalizedAPI(.initializer("WindowGroup")),
    ]

    /// Modifiers whose first unlabeled parameter (or the named one) is a `LocalizedStringKey`.
    static let swiftUIModifiers: [LocalizedAPI] = [
        LocalizedAPI(.method("navigationTitle")),
        LocalizedAPI(.method("navigationSubtitle")),
        LocalizedAPI(.method("navigationBarTitle")),
        LocalizedAPI(.method("help")),
        LocalizedAPI(.method("accessibilityLabel")),
        LocalizedAPI(.method("accessibilityHint")),
        LocalizedAPI(.method("accessibilityValue")),
        LocalizedAPI(.method("accessibilityAction"), keyLabel: "named"),
        LocalizedAPI(.method("alert"), requiredLabels: ["isPresented"]),
        LocalizedAPI(.method("confirmationDialog"), requiredLabels: ["isPresented"]),
        LocalizedAPI(.method("badge")),
        LocalizedAPI(.method("searchable"), keyLabel: "prompt"),
    ]

    /// The entries by the name the call site shows, for the visitor's lookups.
    static let byName: [String: [LocalizedAPI]] = Dictionary(grouping: all) { api in
        switch api.callee {
        case let .initializer(name), let .method(name), let .function(name): name
        }
    }
}
