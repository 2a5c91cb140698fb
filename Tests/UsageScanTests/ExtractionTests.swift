import Core
import StringsKit
import Testing
@testable import UsageScan

/// Item 1 and 6: each pattern the scanner extracts, positive and negative, on fixtures written in the style of
/// real iOS code.
@Suite("Extracting keys from Swift sources")
struct ExtractionTests {
    @Test func nsLocalizedStringWithAndWithoutTableName() {
        let usage = scan("""
        import Foundation
        let a = NSLocalizedString("settings.title", comment: "Settings screen title")
        let b = NSLocalizedString("share.button", tableName: "Sharing", bundle: .main, value: "Share", comment: "")
        """)
        #expect(usage.keys == ["settings.title", "share.button"])
        #expect(usage.references.map(\.table) == [.known("Localizable"), .known("Sharing")])
        #expect(usage.references.map(\.api) == ["NSLocalizedString", "NSLocalizedString"])
        #expect(usage.references[0].location.line == 2 && usage.references[0].location.column == 27)
    }

    @Test func stringLocalizedLocalizedStringResourceAttributedStringAndBundle() {
        let usage = scan("""
        import Foundation
        let a = String(localized: "onboarding.welcome", table: "Onboarding", comment: "")
        let b = LocalizedStringResource("widget.title", table: "Widget")
        let c = AttributedString(localized: "terms.body")
        let d = Bundle.main.localizedString(forKey: "legacy.key", value: nil, table: "Legacy")
        let e = String(localized: "Hello, \\(name)!")
        """)
        #expect(usage.keys == ["onboarding.welcome", "widget.title", "terms.body", "legacy.key", "Hello, %@!"])
        #expect(usage.references.map(\.table) == [.known("Onboarding"), .known("Widget"), .known("Localizable"), .known("Legacy"), .known("Localizable")])
    }

    @Test func swiftUITitlesAndModifiersFromTheTable() {
        let usage = scan("""
        import SwiftUI
        struct SettingsView: View {
            @State var on = false
            var body: some View {
                NavigationStack {
                    Form {
                        Text("text.key")
                        Label("label.key", systemImage: "star")
                        Button("button.key") { }
                        Toggle("toggle.key", isOn: $on)
                        Picker("picker.key", selection: $on) { }
                        Section("section.key") { }
                        TextField("textfield.key", text: .constant(""))
                        NavigationLink("link.key", destination: EmptyView())
                        Link("weblink.key", destination: url)
                        Menu("menu.key") { }
                    }
                    .navigationTitle("navigation.key")
                    .help("help.key")
                    .accessibilityLabel("a11y.key")
                    .alert("alert.key", isPresented: $on) { }
                    .confirmationDialog("dialog.key", isPresented: $on) { }
                }
            }
        }
        """)
        #expect(usage.keys == ["text.key", "label.key", "button.key", "toggle.key", "picker.key", "section.key", "textfield.key",
                               "link.key", "weblink.key", "menu.key", "navigation.key", "help.key", "a11y.key", "alert.key", "dialog.key"])
        #expect(usage.references.map(\.api).prefix(3) == ["Text", "Label", "Button"])
        #expect(usage.references.last?.api == ".confirmationDialog")
    }

    @Test func interpolationsBecomeKeysWithSpecifiersAsXcodeDerivesThem() {
        let usage = scan("""
        import SwiftUI
        struct CartView: View {
            let count: Int
            let name: String
            var distance = 2.5
            var body: some View {
                Text("\\(count) items")
                Text("\\(name) says hi")
                Text("\\(distance, specifier: "%.1f") km")
                Text("\\(3) left")
                Text("\\(items.count) in cart")
                Text("50% of \\(count)")
                Text("Updated \\(date, style: .relative)")
                Text("\\(model.score) points")
            }
        }
        """)
        #expect(usage.keys == ["%lld items", "%@ says hi", "%.1f km", "%lld left", "%lld in cart", "50%% of %lld", "Updated %@", "%@ points"])
        // The type of `model.score` cannot be seen without a type checker: that place matches any specifier.
        guard case let .interpolated(unknown) = usage.references.last?.key else { Issue.record("not interpolated"); return }
        #expect(unknown.argumentSpecifiers == [nil])
        #expect(usage.references.first?.arguments == CallArguments(specifiers: ["%lld"]))
    }

    /// Found on a real SwiftUI app (IceCubes): keys in ternaries, in properties and functions typed
    /// `LocalizedStringKey`/`LocalizedStringResource`, assigned to such a variable, and in App Intents' `IntentDialog`.
    @Test func literalsWhoseTypeIsALocalizedTypeAndBothBranchesOfATernary() {
        let usage = scan("""
        import SwiftUI
        import AppIntents
        struct FollowButton: View {
            @State private var isOn = false
            @State private var errorTitle: LocalizedStringKey?
            static var title: LocalizedStringResource = "intent.title"
            var label: LocalizedStringKey { isOn ? "toggle.on" : "toggle.off" }
            var identifier: String { "not.a.key.string" }
            func tabTitle(_ tab: Int) -> LocalizedStringKey {
                switch tab {
                case 0: return "tab.home"
                default: "tab.other"
                }
            }
            func unrelated() -> LocalizedStringKey {
                let ignored = "not.a.key.local"
                return LocalizedStringKey(ignored)
            }
            var body: some View {
                Button("follow") { errorTitle = "follow.failed" }
                    .accessibilityLabel(isOn ? "a11y.on" : "a11y.off")
            }
            func dialog() -> IntentDialog { IntentDialog("intent.dialog") }
        }
        struct PostIntent: AppIntent {
            static let description: IntentDescription = "intent.description"
            @Parameter(title: "intent.parameter") var content: String
            func perform() async throws -> some IntentResult { .result(dialog: "intent.done") }
        }
        """)
        #expect(usage.keys == ["intent.title", "toggle.on", "toggle.off", "tab.home", "tab.other", "follow", "follow.failed",
                               "a11y.on", "a11y.off", "intent.dialog", "intent.description", "intent.parameter", "intent.done"])
        #expect(usage.dynamicKeys.map(\.expression) == ["ignored"])
    }

    /// talk-ios (2026-12-07): a SwiftUI view's `value:` is what it edits (`Stepper(_:value:in:)`,
    /// `TextField(_:value:format:)`), not a text shown when the key is missing: its key was told "users see the default
    /// value the call gives". Foundation's `value:` still is one.
    @Test func aSwiftUIViewsValueArgumentIsNoDefaultText() {
        let usage = scan("""
        import SwiftUI
        struct Form: View {
            @State var count = 1
            @State var amount = 0.0
            var body: some View {
                Stepper("settings.count", value: $count, in: 1...10)
                TextField("settings.amount", value: $amount, format: .number)
                Text(NSLocalizedString("settings.footer", value: "Saved on this device", comment: ""))
            }
        }
        """)
        #expect(usage.references.map { "\($0.key) \($0.hasDefaultValue)" } == ["literal(\"settings.count\") false", "literal(\"settings.amount\") false",
                                                                               "literal(\"settings.footer\") true"], "\(usage.references.map { "\($0.key) \($0.hasDefaultValue)" })")
        #expect(usage.references.last?.defaultValue == "Saved on this device")
    }

    /// boring.notch (2026-12-07): `Text(x == 100 ? "High" : x == 200 ? "Medium" : "Low")` gave only the last ternary's
    /// branches (its conditions have operators), and `--fix` deleted "High" from 16 languages. Every branch of a chain
    /// of ternaries is a key; an else branch that computes (`"a" + b`) still is no plain key.
    @Test func everyBranchOfAChainOfTernariesIsAKey() {
        let usage = scan("""
        import SwiftUI
        struct Settings: View {
            var x = 100
            var name = ""
            var body: some View {
                Text(x == 100 ? "High" : x == 200 ? "Medium" : "Low")
                Text(x > 1 ? "Many" : "Prefix " + name)
            }
        }
        """)
        #expect(usage.keys == ["High", "Medium", "Low"], "\(usage.keys)")
    }

    /// IceCubes (2026-12-07): a key returned from inside an `if` or `guard`, or by a ternary in a `switch` case under
    /// `return`, was not seen, so `unused-key` called it unused and `--fix` deleted it from every locale. A literal a
    /// `return` hands on reaches its function or property from any depth; a closure's `return` is the closure's own.
    @Test func aKeyReturnedFromInsideAnIfAGuardOrASwitchCaseIsSeen() {
        let usage = scan("""
        import SwiftUI
        struct TagGroupEditor: View {
            var flag = false
            var warning: LocalizedStringKey {
                if flag { return "if.branch" }
                guard !flag else { return "guard.branch" }
                for _ in 0..<2 { if flag { return "loop.branch" } }
                return "last.statement"
            }
            func label(_ x: Int) -> LocalizedStringKey {
                switch x {
                case 0: return flag ? "ternary.then" : "ternary.else"
                case 1:
                    if flag {
                        do { return "nested.do" } catch { return "nested.catch" }
                    }
                    return "case.last"
                default: return "default"
                }
            }
            func swipe(_ x: Int) -> LocalizedStringKey {
                switch x { case 0: flag ? "expression.then" : "expression.else"; default: "expression.default" }
            }
            func names() -> [String] { ["a", "b"].map { name in if flag { return "closure.not.a.key" }; return name } }
            var body: some View { Text(warning) }
        }
        """)
        #expect(Set(usage.keys) == ["if.branch", "guard.branch", "loop.branch", "last.statement", "ternary.then", "ternary.else",
                                    "nested.do", "nested.catch", "case.last", "default", "expression.then", "expression.else",
                                    "expression.default"], "\(usage.keys)")
    }

    @Test func textVerbatimIsNotAKey() {
        let usage = scan("""
        import SwiftUI
        struct Badge: View {
            var body: some View { Text(verbatim: "not.a.key") }
        }
        """)
        #expect(usage.references.isEmpty)
        #expect(usage.dynamicKeys.isEmpty)
    }

    @Test func literalsThatAreNotKeysAndStringsInCommentsAreIgnored() {
        let usage = scan("""
        import SwiftUI
        // NSLocalizedString("commented.out", comment: "")
        /* Text("also.commented") */
        let identifier = "looks.like.a.key"
        struct Row: View {
            let title: String
            var body: some View {
                Text(title)                       // a String: shown verbatim, not a key
                Image(systemName: "star.fill")
            }
        }
        func log() { print("button.title") }
        """)
        #expect(usage.references.isEmpty)
        #expect(usage.dynamicKeys.isEmpty)
    }

    @Test func swiftUINamesCountOnlyInFilesThatImportSwiftUI() {
        let usage = scan("""
        import Foundation
        struct Text { init(_ s: String) {} }
        let t = Text("domain.model.text")
        """)
        #expect(usage.references.isEmpty)
    }

    @Test func multiLineAndRawStringsAreReadAsTheProgramSeesThem() {
        let usage = scan(#"""
        import Foundation
        let a = NSLocalizedString("""
            onboarding.long
            body
            """, comment: "")
        let b = NSLocalizedString(#"raw "quoted" \n key"#, comment: "")
        let c = NSLocalizedString("tab\tkey \u{2192}", comment: "")
        """#)
        #expect(usage.keys == ["onboarding.long\nbody", #"raw "quoted" \n key"#, "tab\tkey \u{2192}"])
    }

    @Test func aKeyBuiltByInterpolationIsDynamicWithItsPrefix() {
        let usage = scan("""
        import Foundation
        func title(for status: String, name: String) -> String {
            let a = NSLocalizedString("status.\\(status)", comment: "")
            let b = NSLocalizedString(name, comment: "")
            return a + b
        }
        """)
        #expect(usage.references.isEmpty)
        #expect(usage.dynamicKeys.map(\.literalPrefix) == ["status.", nil])
        #expect(usage.dynamicKeys.map(\.expression) == ["\"status.\\(status)\"", "name"])
    }

    @Test func wrapperAccessorsFromTheConfigurationWithTableConstants() {
        let configuration = UsageConfiguration(wrappers: [
            .init(function: "Copy", key: .position(2), table: .position(1), arguments: .position(3)),
            .init(function: "L.tr", key: .label("key"), table: .label("table")),
        ])
        let usage = scan("""
        public enum CartCopy {
            public static let table = "Cart"
            public static let title = Copy(table, "cart.title")
            public static func count(_ n: Int) -> Copy { Copy(table, "cart.count", [.integer(n)]) }
            static func status(_ raw: String) -> Copy { Copy(Self.table, "status.\\(raw)") }
        }
        let legacy = L.tr(table: "Legacy", key: "legacy.title")
        let other = tr(key: "not.configured")
        """, configuration: configuration)
        #expect(usage.keys == ["cart.title", "cart.count", "legacy.title"])
        #expect(usage.constants["CartCopy.table"] == "Cart")
        #expect(usage.references[0].table == .constant(path: ["table"], enclosingTypes: ["CartCopy"]))
        #expect(usage.references[0].arguments == CallArguments(specifiers: []))
        #expect(usage.references[1].arguments?.count == 1)
        #expect(usage.references[2].table == .known("Legacy"))
        #expect(usage.dynamicKeys.map(\.literalPrefix) == ["status."])
    }

    @Test func generatedEnumMembersSwiftGenAndFlatStyles() {
        let configuration = UsageConfiguration(generatedEnums: [
            .init(root: "L10n", style: .swiftgen, table: "Localizable"),
            .init(root: "LocalString", style: .flat, table: "Localizable"),
        ])
        let usage = scan("""
        import UIKit
        // The generated file itself is a definition, not a use:
        internal enum L10n {
            internal enum Common { internal static let share = L10n.tr("Localizable", "common.share") }
            private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String { key }
        }
        final class ShareController {
            func configure() {
                title = L10n.Common.Button.share
                label.text = L10n.Cart.items(3)
                other.text = LocalString.common_button_share
            }
        }
        """, configuration: configuration)
        #expect(usage.keys == ["L10n.Common.Button.share", "L10n.Cart.items", "LocalString.common_button_share"])
        #expect(usage.references[1].arguments == CallArguments(specifiers: ["%lld"]))
        #expect(GeneratedNames.memberPath(of: "common.button.share", style: .swiftgen) == "Common.Button.share")
        #expect(GeneratedNames.memberPath(of: "settings.url_text", style: .swiftgen) == "Settings.urlText")
        #expect(GeneratedNames.memberPath(of: "common.button.share", style: .flat) == "common_button_share")
    }

    @Test func stringFormatCountsTheArgumentsOfALocalizedFormat() {
        let usage = scan("""
        import Foundation
        let a = String(format: NSLocalizedString("cart.summary", comment: ""), name, 3)
        let b = String.localizedStringWithFormat(NSLocalizedString("cart.count", comment: ""), count)
        """)
        #expect(usage.references.map(\.arguments) == [CallArguments(specifiers: [nil, "%lld"]), CallArguments(specifiers: [nil])])
    }

    @Test func nearestKeyIsFoundByEditDistance() {
        #expect(NearestKey.find("setings.title", among: ["settings.subtitle", "settings.title", "profile.title"]) == "settings.title")
        #expect(NearestKey.find("zzz", among: ["settings.title"]) == nil)
        #expect(NearestKey.distance(Array("kitten".utf8), Array("sitting".utf8), limit: 3) == 3)
        // The index by length answers as the linear search does, ties to the earlier candidate included.
        var generator = SplitMix64(seed: 38)
        let alphabet = Array("ab.ct")
        let candidates = (0..<400).map { _ in String((0..<Int.random(in: 1...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        let index = NearestKey.Index(candidates)
        for _ in 0..<300 {
            let wanted = String((0..<Int.random(in: 1...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(index.find(wanted) == NearestKey.find(wanted, among: candidates), "\(wanted)")
        }
        #expect(NearestKey.distance(Array("kitten".utf8), Array("sitting".utf8), limit: 2) == nil)
    }
}
