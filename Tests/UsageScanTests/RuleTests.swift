import Foundation
import LocalizationKit
import StringsKit
import Testing
@testable import UsageScan

/// Item 2 and 6: the four rules on small projects written to disk, and the precision fixture that must raise no
/// false `unused-key`.
@Suite("Code ↔ catalog rules")
struct RuleTests {
    @Test func keyNotInCatalogNamesTheCallSiteAndSuggestsTheNearestKey() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n")
        project.write("Sources/App/Settings.swift", """
        import Foundation
        let title = NSLocalizedString("setings.title", comment: "")
        let used = NSLocalizedString("settings.title", comment: "")
        let separator = NSLocalizedString(", ", comment: "no letters: the key is the right text anywhere")
        """)
        let report = try project.usageReport()
        let missing = report.findings(.keyNotInCatalog)
        #expect(missing.count == 1)
        #expect(missing.first?.severity == .error)
        #expect(missing.first?.file == project.path("Sources/App/Settings.swift"))
        #expect(missing.first?.line == 2 && missing.first?.column == 31)
        #expect(missing.first?.message.contains("Did you mean \"settings.title\"") == true)
        #expect(report.findings(.unusedKey).isEmpty)
    }

    /// Bitwarden's authenticator (2026-12-07) keeps `StackNavigatorTests.swift` beside the code it tests: its
    /// `Text("replaced")` was a key-not-in-catalog error that failed the run. A test's keys count as used; one that no
    /// table has is the test's own.
    @Test func aKeyOnlyATestNamesIsNoFindingButATestStillUsesKeys() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n\"about.title\" = \"About\";\n")
        project.write("Sources/App/Settings.swift", "import SwiftUI\nlet title = NSLocalizedString(\"settings.title\", comment: \"\")\n")
        project.write("Sources/App/SettingsTests.swift", "import SwiftUI\nlet a = Text(\"replaced\")\nlet b = NSLocalizedString(\"about.title\", comment: \"\")\n")
        project.write("Sources/AppUITests/Flow.swift", "import Foundation\nlet c = NSLocalizedString(\"flow.missing\", comment: \"\")\n")
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).isEmpty && report.findings(.missingKey).isEmpty, "\(report.findings.map(\.message))")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings.map(\.message))")
        #expect(!SourceUsage.isTestFile("/Users/me/Tests/App/Sources/Login.swift", under: ["/Users/me/Tests/App"]))
        #expect(SourceUsage.isTestFile("Sources/LoginTests.m", under: ["."]))
    }

    /// xdripswift (2026-12-07) keeps `Storyboards/QuickActions.strings` outside every `.lproj`, a resource the same in
    /// every language that `NSLocalizedString(_:tableName: "QuickActions")` finds; its two keys were reported missing.
    @Test func aTableOutsideEveryLprojHasTheKeysItHolds() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"settings.title\" = \"Settings\";\n")
        project.write("Sources/App/Storyboards/QuickActions.strings", "\"quickactions_speak\" = \"Speak readings\";\n")
        project.write("Sources/App/Texts.swift", """
        import Foundation
        let title = NSLocalizedString("settings.title", comment: "")
        let speak = NSLocalizedString("quickactions_speak", tableName: "QuickActions", comment: "")
        let gone = NSLocalizedString("quickactions_gone", tableName: "QuickActions", comment: "")
        """)
        let report = try project.usageReport()
        #expect(report.scan.unlocalizedTables == ["QuickActions": ["quickactions_speak"]])
        let missing = (report.findings(.keyNotInCatalog) + report.findings(.missingKey)).compactMap(\.key)
        #expect(missing == ["quickactions_gone"], "\(report.findings.map(\.message))")
        // A stray copy of a localized table (a fixture) hides nothing (the re-check of 2026-12-07).
        project.write("Sources/Fixtures/Localizable.strings", "\"newkey\" = \"New\";\n")
        project.write("Sources/App/New.swift", "import Foundation\nlet n = NSLocalizedString(\"newkey\", comment: \"\")\n")
        let stray = try project.usageReport()
        #expect((stray.findings(.keyNotInCatalog) + stray.findings(.missingKey)).compactMap(\.key).sorted() == ["newkey", "quickactions_gone"], "\(stray.findings.map(\.message))")
    }

    @Test func unusedKeyPointsAtTheBaseCatalogUnlessADynamicPrefixOrAnExceptionCoversIt() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "used" = "Used";
        "orphan" = "Nobody reads me";
        "status.shipped" = "Shipped";
        "widget.title" = "Widget";
        """)
        project.write("Localization/l10n.json", """
        {"usage": {"dynamicKeyPrefixes": ["status."],
                   "exceptions": [{"rule": "unused-key", "key": "widget.title", "reason": "read by the widget extension"}]}}
        """)
        project.write("Sources/App.swift", """
        import Foundation
        let a = NSLocalizedString("used", comment: "")
        let b = NSLocalizedString("status.\\(raw)", comment: "")
        """)
        let report = try project.usageReport()
        let unused = report.findings(.unusedKey)
        #expect(unused.map(\.key) == ["orphan"])
        #expect(unused.first?.severity == .warning)
        #expect(unused.first?.file.hasSuffix("en.lproj/Localizable.strings") == true)
        #expect(unused.first?.line == 2)
        #expect(report.tables.first == TableUsage(table: "Localizable", keys: 4, used: 1, dynamicallyUsed: 1, unused: 1, missing: 0, references: 1))
    }

    @Test func anExceptionWithoutAReasonIsAConfigurationError() {
        #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Data(#"{"usage": {"exceptions": [{"rule": "unused-key", "key": "a"}]}}"#.utf8), path: "l10n.json")
        }
        #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Data(#"{"usage": {"wrappers": [{"function": "Copy", "key": 0}]}}"#.utf8), path: "l10n.json")
        }
    }

    @Test func argumentMismatchComparesCallSitesWithTheBaseValuesSpecifiers() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "cart.summary" = "%@ has %d items";
        "%lld items" = "%lld items in %@";
        "count.only" = "%d";
        "plain" = "No arguments";
        """)
        project.write("Localization/l10n.json", #"{"usage": {"wrappers": [{"function": "Copy", "table": 1, "key": 2, "arguments": 3}]}}"#)
        project.write("Sources/Cart.swift", """
        import SwiftUI
        struct CartView: View {
            let count: Int
            var body: some View { Text("\\(count) items") }
        }
        let a = String(format: NSLocalizedString("cart.summary", comment: ""), name)
        let b = String(format: NSLocalizedString("count.only", comment: ""), "text")
        let c = Copy("Localizable", "cart.summary", [.text(name)])
        let extra = Copy("Localizable", "plain", [.integer(1)])  // an extra argument is ignored by the formatter
        let fine = String(format: NSLocalizedString("cart.summary", comment: ""), name, 2)  // an Int for %d prints right
        """)
        let report = try project.usageReport()
        let mismatches = report.findings(.argumentMismatch)
        #expect(mismatches.map(\.line) == [4, 6, 7, 8])
        #expect(mismatches.allSatisfy { $0.severity == .error })
        #expect(mismatches[0].message.contains("passes 1 argument(s)") && mismatches[0].message.contains("takes 2"))
        #expect(mismatches[2].message.contains("%@") && mismatches[2].message.contains("%d"))
    }

    /// mullvad: `String(format:arguments:)` passes its arguments as one array; two in `[1, 65535]` were counted as one.
    @Test func formatArgumentsGivenAsAnArrayAreCountedByItsElements() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"Valid range: %d - %d\" = \"Valid range: %d - %d\";\n")
        project.write("Sources/Range.swift", """
        import Foundation
        let ok = String(format: NSLocalizedString("Valid range: %d - %d", comment: ""), arguments: [1, 65535])
        let short = String(format: NSLocalizedString("Valid range: %d - %d", comment: ""), arguments: [1])
        let built = String(format: NSLocalizedString("Valid range: %d - %d", comment: ""), arguments: bounds)
        """)
        let report = try project.usageReport()
        #expect(report.findings(.argumentMismatch).map(\.line) == [3], "\(report.findings(.argumentMismatch).map(\.message))")
    }

    /// MeetingBar (2026-12-07): `"in_fmt".loco()` beside an overload `loco(_:)` that formats: the call with no
    /// arguments returns the format, which the code fills later, and was a false `argument-mismatch` error (exit 1). One
    /// that passes too few is still one.
    @Test func aStringMemberCalledWithoutArgumentsReturnsTheFormat() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"in_fmt\" = \"in %@\";\n\"two_fmt\" = \"%@ of %@\";\n")
        project.write("Sources/Loco.swift", """
        import Foundation
        extension String {
            func loco() -> String { NSLocalizedString(self, comment: "") }
            func loco(_ a: CVarArg) -> String { String(format: loco(), a) }
        }
        func remaining(_ left: String) -> String {
            let format = "in_fmt".loco()
            return String(format: format, left) + "two_fmt".loco(left)
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.argumentMismatch).map(\.line) == [8], "\(report.findings(.argumentMismatch).map(\.message))")
    }

    /// mlem (2026-12-07): a literal passed to the app's function that takes a `LocalizedStringResource` was read as that
    /// argument and again through the function inferred to be a wrapper: every finding twice.
    @Test func aLiteralPassedToAResourceParameterIsOneReference() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"Saved\" = \"Saved\";\n")
        project.write("Localization/de.lproj/Localizable.strings", "\"Saved\" = \"Gespeichert\";\n")
        project.write("Sources/Toast.swift", """
        import SwiftUI
        struct Toast {
            let title: String
            static func failure(_ message: LocalizedStringResource) -> Toast { Toast(title: String(localized: message)) }
        }
        func report(_ lock: Bool) -> Toast { .failure(lock ? "Failed to lock post" : "Failed to unlock post") }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.missingKey).map(\.line) == [6, 6], "\(report.findings(.missingKey).map(\.message))")
        #expect(Set(report.findings(.missingKey).map(\.column)).count == 2)
    }

    /// MeetingBar (2026-12-07): its language picker's `Text("Deutsch").tag(…)` were missing-key findings that asked to
    /// translate the languages' own names, and its close button's `Button("x")` one to translate a glyph.
    @Test func aLanguagesNameInThatLanguageAtACallIsNotMissing() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"title\" = \"Language\";\n")
        project.write("Localization/de.lproj/Localizable.strings", "\"title\" = \"Sprache\";\n")
        project.write("Sources/Picker.swift", """
        import SwiftUI
        struct LanguagePicker: View {
            @State var choice = 0
            var body: some View {
                Picker("title", selection: $choice) {
                    Text("Deutsch").tag(0)
                    Text("Français").tag(1)
                    Text("Choose one").tag(2)
                }
                Button("x") { choice = 0 }
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.missingKey).compactMap(\.key) == ["Choose one"], "\(report.findings(.missingKey).map(\.message))")
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
    }

    @Test func wrongTableWhenTheKeyIsInAnotherTable() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Settings.strings", "\"settings.title\" = \"Settings\";\n")
        project.write("Localization/en.lproj/Profile.strings", "\"profile.title\" = \"Profile\";\n")
        project.write("Sources/App.swift", """
        import Foundation
        let a = NSLocalizedString("settings.title", tableName: "Profile", comment: "")
        let b = String(localized: "profile.title", table: "Profile")
        """)
        let report = try project.usageReport()
        #expect(report.findings(.wrongTable).map(\.key) == ["settings.title"])
        #expect(report.findings(.wrongTable).first?.message.contains("\"Settings\"") == true)
        #expect(report.findings(.keyNotInCatalog).isEmpty)
        #expect(report.findings(.unusedKey).isEmpty)
    }

    @Test func wrapperTablesResolveThroughConstantsInOtherFiles() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Core.strings", "\"action.retry\" = \"Retry\";\n\"items\" = \"%d items\";\n")
        project.write("Localization/l10n.json", #"{"usage": {"wrappers": [{"function": "Copy", "table": 1, "key": 2, "arguments": 3}]}}"#)
        project.write("Sources/CoreCopy.swift", "public enum CoreCopy { public static let table = \"Core\" }\n")
        project.write("Sources/Feature.swift", """
        extension CoreCopy {
            static let retry = Copy(table, "action.retry")
            static func items(_ n: Int) -> Copy { Copy(CoreCopy.table, "items", [.integer(n)]) }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.tables.first?.used == 2)
    }

    @Test func literalsForTheAppsOwnLocalizedParametersAreKeysAcrossFiles() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"empty.message\" = \"Nothing here\";\n\"row.title\" = \"Row\";\n\"validation.empty\" = \"Empty\";\n\"row.other\" = \"Other\";\n")
        project.write("Sources/DesignSystem/PlaceholderView.swift", """
        import SwiftUI
        public struct PlaceholderView: View {
            public init(icon: String, message: LocalizedStringKey) {}
            public var body: some View { EmptyView() }
        }
        struct Row { let title: LocalizedStringResource; let id: String }
        enum Validation { case valid, invalid(description: LocalizedStringKey) }
        """)
        project.write("Sources/Feature/List.swift", """
        import SwiftUI
        let a = PlaceholderView(icon: "tray", message: "empty.message")
        let b = Row(title: "row.title", id: "not.a.key")
        let c: Validation = .invalid(description: "validation.empty")
        """)
        // A file with none of the scanner's words is parsed in a second pass when it calls such a parameter.
        project.write("Sources/Feature/Rows.swift", "import Foundation\nlet other = Row(title: \"row.other\", id: \"x\")\n")
        let report = try project.usageReport()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.scan.references.count == 4)
    }

    @Test func generatedEnumMembersMapBackToTheirKeys() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "common.button.share" = "Share";
        "cart.items" = "%d items";
        "settings.url_text" = "Address";
        """)
        project.write("Localization/l10n.json", #"{"usage": {"generatedEnums": [{"root": "L10n", "style": "swiftgen", "table": "Localizable"}]}}"#)
        project.write("Sources/Generated/Strings.swift", """
        internal enum L10n {
            internal enum Common { internal enum Button { internal static let share = L10n.tr("Localizable", "common.button.share") } }
        }
        """)
        project.write("Sources/Share.swift", """
        let a = L10n.Common.Button.share
        let b = L10n.Cart.items(3)
        let c = L10n.Settings.urlText
        let d = L10n.Common.Button.shar
        """)
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["common.button.shar"])
        #expect(report.findings(.unusedKey).isEmpty)
        #expect(report.findings(.argumentMismatch).isEmpty)
    }

    /// Found on mastodon-ios: its SwiftGen accessors are followed by String API (`.localizedCapitalized`,
    /// `.uppercased()`), and its newest keys are in Base.lproj, which `l10n lint` compares the table with, but not yet
    /// in en.lproj. Both were reported as keys users would see raw.
    @Test func aGeneratedAccessorFollowedByStringAPIAndAKeyOnlyBaseHasAreFound() throws {
        let project = ProjectFolder()
        project.write("Localization/Base.lproj/Localizable.strings", """
        "Scene.Register.Input.Email.Placeholder" = "email";
        "Scene.Welcome.Separator.Or" = "or";
        "Scene.Notification.Policy.Title" = "Filter notifications from…";
        "Scene.ConfirmEmail.DidntGetLink.ResendIn" = "Resend (%@)";
        "Scene.Report.StepFinal.WhenYouSeeSomething." = "When you see something you don’t like…";
        """)
        project.write("Localization/en.lproj/Localizable.strings", """
        "Scene.Register.Input.Email.Placeholder" = "email";
        "Scene.Welcome.Separator.Or" = "or";
        """)
        project.write("Localization/l10n.json", #"{"usage": {"generatedEnums": [{"root": "L10n", "style": "swiftgen", "table": "Localizable"}]}}"#)
        project.write("Sources/Register.swift", """
        let a = L10n.Scene.Register.Input.Email.placeholder.localizedCapitalized
        let b = L10n.Scene.Welcome.Separator.or.uppercased()
        let c = L10n.Scene.Welcome.Separator.or.appending("!")
        let d = L10n.Scene.Notification.Policy.title
        let e = L10n.Scene.Register.Input.Email.placehold.uppercased()
        // SwiftGen takes `Any` for %@ and prints String(describing:) of it; a key's trailing "." makes no member.
        let f = L10n.Scene.ConfirmEmail.DidntGetLink.resendIn(60)
        let g = L10n.Scene.Report.StepFinal.whenYouSeeSomething
        """)
        let report = try project.usageReport()
        // Only the misspelt accessor is missing; the trailing call's argument is not the key's.
        let missing = report.findings(.keyNotInCatalog)
        #expect(missing.count == 1 && missing[0].message.contains("L10n.Scene.Register.Input.Email.placehold"), "\(missing.map(\.message))")
        #expect(report.findings(.argumentMismatch).isEmpty, "\(report.findings(.argumentMismatch).map(\.message))")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings(.unusedKey).map(\.message))")
    }

    /// kiwix-apple's LocalString generator lowers the key: `download_service.error.client.timedOut` is
    /// `LocalString.download_service_error_client_timedout` (30 keys were reported missing).
    @Test func aFlatGeneratedMemberMatchesItsKeyWithoutCase() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "download_service.error.client.timedOut" = "The request timed out.";
        "download_service.complete.description" = "%@ has been downloaded successfully.";
        """)
        project.write("Localization/l10n.json", #"{"usage": {"generatedEnums": [{"root": "LocalString", "style": "flat", "table": "Localizable"}]}}"#)
        project.write("Sources/Errors.swift", """
        let a = LocalString.download_service_error_client_timedout
        let b = LocalString.download_service_complete_description(withArgs: name)
        """)
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings(.unusedKey).map(\.message))")
    }

    /// mastodon-ios's Intents and WidgetExtension tables hold the object IDs of their `.intentdefinition` files
    /// ("3d6HSO"), which the system looks up: 42 keys were reported unused.
    @Test func aTableThatAnIntentDefinitionOrAStoryboardOwnsIsNotCheckedForUse() throws {
        let project = ProjectFolder()
        project.write("Localization/Base.lproj/Intents.intentdefinition", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>\n")
        project.write("Localization/en.lproj/Intents.strings", "\"3d6HSO\" = \"Post\";\n")
        project.write("Localization/Base.lproj/Main.storyboard", "<document/>\n")
        project.write("Localization/en.lproj/Main.strings", "\"Xyz-12-abc.text\" = \"Hello\";\n")
        project.write("Localization/en.lproj/Localizable.strings", "\"used\" = \"Used\";\n\"orphan\" = \"Never used\";\n")
        project.write("Sources/App.swift", "import Foundation\nlet a = NSLocalizedString(\"used\", comment: \"\")\n")
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).map(\.key) == ["orphan"])
        #expect(report.tables.first { $0.table == "Intents" }?.readBy == "Intents.intentdefinition")
        #expect(report.tables.first { $0.table == "Main" }?.readBy == "Main.storyboard")
        #expect(report.tables.first { $0.table == "Localizable" }?.readBy == nil)
    }

    /// Monal (2026-12-07) keeps `localization/Base.lproj/Main.storyboard` and its translations one folder down, in
    /// `localization/external/<locale>.lproj/Main.strings` (a submodule): the table was "unverifiable" and `--fix --force`
    /// deleted 24 keys the storyboards still have from 36 locales. The storyboard one folder up owns it; and a table of
    /// Interface Builder object IDs is read by one wherever it is.
    @Test func aStoryboardOneFolderUpOrAnyTableOfObjectIDsIsNotReadByCode() throws {
        let project = ProjectFolder()
        project.write("Localization/Base.lproj/Main.storyboard", "<document/>\n")
        project.write("Localization/external/en.lproj/Main.strings", "\"BWH-2I-fSI.title\" = \"Settings\";\n")
        project.write("Localization/external/de.lproj/Main.strings", "\"BWH-2I-fSI.title\" = \"Einstellungen\";\n")
        project.write("Localization/external/en.lproj/Share.strings", "\"kqX-d2-VxB.title\" = \"Send\";\n\"7Cs-k6-7n4.text\" = \"To\";\n")
        project.write("Localization/external/en.lproj/Localizable.strings", "\"used\" = \"Used\";\n")
        project.write("Sources/App.swift", "import Foundation\nlet a = NSLocalizedString(\"used\", comment: \"\")\n")
        let report = try project.usageReport()
        #expect(report.tables.first { $0.table == "Main" }?.readBy == "Main.storyboard", "\(report.tables)")
        #expect(report.tables.first { $0.table == "Share" }?.readBy?.hasPrefix("a storyboard or xib") == true, "\(report.tables)")
        #expect(report.unverifiedKeys.isEmpty && report.unusedKeys.isEmpty && report.findings(.unverifiableTable).isEmpty)
    }

    /// Monal: `@_exported import SwiftUI` in one file imports SwiftUI into every file of the module; its views import
    /// nothing themselves, and their `Text("…")` were no keys (about 97 texts missing from the catalog went unsaid).
    @Test func aModuleThatReExportsSwiftUIHasItsViewsTextsReadInEveryFile() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"Known\" = \"Known\";\n")
        project.write("Sources/Exports.swift", "@_exported import SwiftUI\n")
        project.write("Sources/V.swift", "struct V: View {\n    var body: some View { VStack { Text(\"Known\"); Text(\"Not in the catalog\") } }\n}\n")
        let report = try project.usageReport()
        #expect(report.findings(.missingKey).map(\.key) == ["Not in the catalog"], "\(report.findings.map(\.message))")
        #expect(report.tables.first?.used == 1)
    }

    /// ProtonVPN (2026-12-07) keeps `Siri Shortcut Handler/Intents.intentdefinition` in a target folder beside
    /// `ProtonVPN/Resources/<locale>.lproj/Intents.strings`; `l10n lint` took it for the table's base, the usage check did
    /// not, and `--fix --force` deleted its nine keys from 24 locales. Both look for it alike.
    @Test func anIntentDefinitionInATargetFolderNearbyOwnsItsTable() throws {
        let project = ProjectFolder()
        project.write("Localization/Siri/Intents.intentdefinition", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>INIntents</key><array><dict><key>INIntentTitle</key><string>Disconnect</string>
            <key>INIntentTitleID</key><string>1l8xNj</string></dict></array></dict></plist>

            """)
        project.write("Localization/App/Resources/en.lproj/Intents.strings", "\"1l8xNj\" = \"Disconnect\";\n")
        project.write("Localization/App/Resources/de.lproj/Intents.strings", "\"1l8xNj\" = \"Trennen\";\n")
        project.write("Localization/App/Resources/en.lproj/Localizable.strings", "\"used\" = \"Used\";\n")
        project.write("Sources/App.swift", "import Foundation\nlet a = NSLocalizedString(\"used\", comment: \"\")\n")
        let report = try project.usageReport()
        #expect(report.tables.first { $0.table == "Intents" }?.readBy == "Intents.intentdefinition", "\(report.tables)")
        #expect(report.unverifiedKeys.isEmpty && report.unusedKeys.isEmpty)
    }

    /// Two bundles' `Main` tables, told apart by folder (`Learn/Main`): each is still owned by its own storyboard.
    @Test func aTableNamedApartFromAnotherBundlesIsStillOwnedByItsStoryboard() throws {
        let project = ProjectFolder()
        for bundle in ["App", "Learn"] {
            project.write("\(bundle)/Base.lproj/Main.storyboard", "<document/>\n")
            project.write("\(bundle)/en.lproj/Main.strings", "\"Xyz-12-abc.text\" = \"Hello\";\n")
        }
        project.write("Sources/App.swift", "import Foundation\nlet a = 1\n")
        let catalog = try Catalog.load(paths: [project.path("App"), project.path("Learn")])
        let base = try Linter().baseLocale(of: catalog)
        let scan = try SourceUsage.scan(paths: [project.path("Sources")], configuration: UsageConfiguration())
        let report = UsageRules(configuration: LintConfiguration()).check(scan, catalog: catalog, baseLocale: base)
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.tables.map(\.readBy) == ["Main.storyboard", "Main.storyboard"], "\(report.tables.map { ($0.table, $0.readBy) })")
    }

    /// Every positive pattern of item 1 in one app-like tree, with a catalog holding exactly their keys plus the
    /// literals that must *not* count as keys: only those are unused.
    @Test func precisionFixtureHasNoFalseUnusedKeyAndNoFalseMissingKey() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "settings.title" = "Settings";
        "onboarding.long\\nbody" = "Welcome";
        "raw \\"quoted\\" \\\\n key" = "Raw";
        "%lld items" = "%lld items";
        "Hello, %@!" = "Hello, %@!";
        "toggle.key" = "Toggle";
        "navigation.key" = "Title";
        "%@ points" = "%@ points";
        "status.open" = "Open";
        "not.a.key" = "Verbatim";
        "looks.like.a.key" = "Plain";
        "commented.out" = "Comment";
        """)
        project.write("Localization/l10n.json", #"{"usage": {"dynamicKeyPrefixes": ["status."]}}"#)
        project.write("Sources/Settings/SettingsView.swift", #"""
        import SwiftUI

        struct SettingsView: View {
            @State private var isOn = false
            let count: Int
            let model: Model

            var body: some View {
                Form {
                    Toggle("toggle.key", isOn: $isOn)
                    Text("\(count) items")
                    Text("\(model.score) points")
                    Text(verbatim: "not.a.key")
                    // Text("commented.out")
                }
                .navigationTitle("navigation.key")
            }
        }
        """#)
        project.write("Sources/Legacy/Strings.swift", #"""
        import Foundation

        let identifier = "looks.like.a.key"
        let title = NSLocalizedString("settings.title", comment: "")
        let body = NSLocalizedString("""
            onboarding.long
            body
            """, comment: "")
        let raw = NSLocalizedString(#"raw "quoted" \n key"#, comment: "")
        let greeting = String(localized: "Hello, \(name)!")
        func status(_ raw: String) -> String { NSLocalizedString("status.\(raw)", comment: "") }
        """#)
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
        // A constant's literal is held as an argument's is (codeapp's `let PANEL_ID = "panel.execution.title"`, given
        // on to the view that localizes it): no reference, and not called unused either.
        #expect(Set(report.findings(.unusedKey).compactMap(\.key)) == ["not.a.key", "commented.out"])
        #expect(report.scan.dynamicKeys.count == 1)
    }

    /// Sequel-Ace (2026-11-28) turns each xib's English texts into its translations through Localizable.strings at
    /// build time (Wil Shipley's xibLocalizationPostprocessor): "Create Role" is a key no code names. `--fix` deleted 19
    /// such keys from every locale. A text of a `.xib` or `.storyboard` under the sources is never called unused.
    @Test func aTextOfAnInterfaceBuilderFileAmongTheSourcesIsNotAnUnusedKey() throws {
        let project = ProjectFolder()
        let used = (1...10).map { "Export table %\($0)$@" }
        let keys = used + ["Create Role", "Drop & Recreate", "Grant\nAll", "Old Feature", "scanner.tab-bar.item"]
        project.write("Localization/en.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        project.write("Sources/Controllers/SPExportController.m", used.map { "NSString *s = NSLocalizedString(@\"\($0)\", @\"export\");\n" }.joined())
        project.write("Sources/Interfaces/UserManagerView.xib", """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0">
            <objects>
                <buttonCell key="cell" type="check" title="Create Role" bezelStyle="regularSquare" id="crl-GL-cl1"/>
                <menuItem title="Drop &amp; Recreate" id="drp-1"/>
                <textFieldCell key="cell" title="Grant&#10;All" id="gra-2"/>
                <!-- openfoodfacts' IBLocalizable: the view localizes itself with the key at run time (--fix deleted 22). -->
                <tabBarItem key="tabBarItem" id="tab-1">
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="string" keyPath="localizableString" value="scanner.tab-bar.item"/>
                    </userDefinedRuntimeAttributes>
                </tabBarItem>
            </objects>
        </document>
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key) == ["Old Feature"], "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.scan.interfaceFilesRead == 1)
    }

    /// Home Assistant (2026-12-07) reads keys through a method of a value (`Current.localized.frontend(key)`), after
    /// `let key = "state::default::\(state)"`. The wrapper was inferred, but a method's argument counted only as a literal,
    /// so the family was unseen and `--fix` deleted its keys from 34 locales. A name given to such a method is a key
    /// computed at run time, and its literal protects the family.
    @Test func aNameGivenToAWrapperThatIsAMethodOfAValueIsAComputedKey() throws {
        let project = ProjectFolder()
        let panels = ["map", "energy", "logbook", "history", "media", "profile", "settings", "todo"]
        project.write("Localization/en.lproj/Server.strings", panels.map { "\"panel::\($0)\" = \"\($0.capitalized)\";\n" }.joined() + """
            "state::default::unknown" = "Unknown";
            "state::default::unavailable" = "Unavailable";
            "panel::config" = "Settings";
            "legacy.title" = "Old";

            """)
        project.write("Sources/Strings.swift", """
            import Foundation

            final class Strings {
                func string(_ key: String, _ table: String) -> String {
                    Bundle.main.localizedString(forKey: key, value: nil, table: table)
                }
                func server(_ key: String) -> String { string(key, "Server") }
            }

            struct Environment { var localized = Strings() }
            let current = Environment()

            let panels = [current.localized.server("panel::map"), current.localized.server("panel::energy"),
                          current.localized.server("panel::logbook"), current.localized.server("panel::history"),
                          current.localized.server("panel::media"), current.localized.server("panel::profile"),
                          current.localized.server("panel::settings"), current.localized.server("panel::todo")]

            func stateTitle(_ state: String) -> String {
                let key = "state::default::\\(state)"
                return current.localized.server(key)
            }

            // The panel's title: a key assigned in a branch, after the name is declared.
            func panelTitle(_ title: String, icon: String?) -> String {
                let possibleFrontendKey: String
                if icon != nil {
                    possibleFrontendKey = "panel::\\(title)"
                } else {
                    possibleFrontendKey = title
                }
                return current.localized.server(possibleFrontendKey)
            }
            """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key) == ["legacy.title"], "\(report.findings(.unusedKey).map(\.message))")
    }

    /// CotEditor (2026-12-07) has Xcode generate symbols for its String Catalog keys and reads "Cancel", "OK" and "Done"
    /// only through them (`String(localized: .cancel)`, `Button(.ok)`): `--fix` deleted them. And its
    /// `TextField(.init("Line Number", table: "Panel"), …)` names its table inside the resource: 375 `wrong-table` errors
    /// took the outer call's default table.
    @Test func generatedSymbolsAreUsesAndAResourceNamesItsOwnTable() throws {
        let project = ProjectFolder()
        let used = (1...8).map { "Item \($0)" }
        project.write("Localization/en.lproj/Localizable.strings", (used + ["Cancel", "OK", "%lld lines", "Line Number", "Old"]).map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        project.write("Localization/en.lproj/Panel.strings", "\"Line Number\" = \"Line Number\";\n\"Reset\" = \"Reset\";\n")
        project.write("Localization/en.lproj/InAppPurchase.strings", "\"donation.yearly\" = \"Yearly Donation\";\n\"donation.old\" = \"Old\";\n")
        project.write("Localization/en.lproj/Intents.strings", "\"CreateDocumentIntent.Parameter.content\" = \"Content\";\n")
        project.write("Sources/Panel.swift", """
            import AppKit
            import SwiftUI

            struct PanelView: View {
                @State private var line = 1
                var body: some View {
                    VStack {
                        \(used.map { "Text(\"\($0)\")" }.joined(separator: "; "))
                        TextField(.init("Line Number", table: "Panel"), value: $line, format: .number)
                        Button(.init("Reset", table: "Panel")) { line = 1 }
                        Button(.ok) {}
                        Text(.lines(line))
                        Text(.InAppPurchase.donationYearly)
                    }
                }
            }

            func confirm() {
                let alert = NSAlert()
                alert.addButton(withTitle: String(localized: .cancel))
            }

            struct CreateDocumentIntent: AppIntent {
                @Parameter(title: LocalizedStringResource("CreateDocumentIntent.Parameter.content", defaultValue: "Content", table: "Intents"))
                var content: String
            }
            """)
        let report = try project.usageReport()
        #expect(report.findings(.wrongTable).isEmpty, "\(report.findings(.wrongTable).map(\.message))")
        #expect(report.findings(.unusedKey).compactMap { "\($0.table) \($0.key ?? "")" } == ["Localizable Old"],
                "\(report.findings(.unusedKey).map(\.message))")
        // A table read only through symbols is not vouched for; the key its symbol names is never among those --force deletes.
        #expect(report.unverifiedKeys.map(\.key) == ["donation.old"], "\(report.unverifiedKeys)")
    }

    /// mullvad (2026-12-07): `LocalizedStringKey("\(model.chips.count - shown) more...")`, whose argument's type the scan
    /// cannot tell, fits both `%d more...` and `%lld more...`; it was matched to the first in the catalog's order, and
    /// `--fix` deleted the other, which the app reads. Every key it fits is used.
    @Test func anInterpolationOfAnUnknownTypeUsesEveryKeyItFits() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
            "%d more..." = "%d more...";
            "%lld more..." = "%lld more...";
            "Show all" = "Show all";
            "Old label" = "Old label";

            """)
        project.write("Sources/MoreButton.swift", """
            import SwiftUI

            protocol ChipsModel: ObservableObject { var chips: [String] { get } }

            struct MoreButton<Model: ChipsModel>: View {
                @ObservedObject var model: Model
                let shown: Int
                var body: some View {
                    VStack {
                        Button(LocalizedStringKey("\\(model.chips.count - shown) more...")) {}
                        Text("Show all")
                    }
                }
            }

            func moreLabel(_ n: Int) -> String { String(format: NSLocalizedString("%d more...", comment: ""), n) }
            """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key) == ["Old label"], "\(report.findings(.unusedKey).map(\.message))")
    }

    /// vienna-rss (2026-12-07) writes long keys as C's adjacent literals, across lines too
    /// (`NSLocalizedString(@"The subscription for \"%@\" requires " @"a user name and password for access.", nil)`): the
    /// key is the joined text, which no single literal was, and `--fix` deleted it. PlayCover keeps keys in a variable
    /// (`warningMessage = "ipaLibrary.version.older"`) read by `NSLocalizedString(warningMessage ?? "ipaLibrary.download", …)`:
    /// a file that computes a key at run time holds its literals as possible keys. And an `NSPredicateEditor` reads the
    /// table its xib names (`formattingStringsFilename="Predicates"`), which no code names.
    @Test func joinedObjectiveCLiteralsKeysHeldInVariablesAndAPredicateEditorsTableAreUsed() throws {
        let project = ProjectFolder()
        let used = (1...10).map { "Refresh feed \($0)" }
        let keys = used + ["The subscription for \"%@\" requires a user name and password for access.",
                           "This folder cannot be chosen because you don’t have permission.",
                           "ipaLibrary.version.older", "ipaLibrary.download", "Old Feature"]
        project.write("Localization/en.lproj/Localizable.strings", keys.map { key in
            let escaped = key.replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(escaped)\" = \"\(escaped)\";\n"
        }.joined())
        project.write("Localization/en.lproj/Predicates.strings", "\"%[Title]@ %[is]@ %@\" = \"%1$[Title]@ %2$[is]@ %3$@\";\n")
        project.write("Localization/de.lproj/Predicates.strings", "\"%[Title]@ %[is]@ %@\" = \"%1$[Titel]@ %2$[ist]@ %3$@\";\n")
        project.write("Sources/Feeds.m", used.map { "NSString *s = NSLocalizedString(@\"\($0)\", nil);\n" }.joined() + """
            NSString *credentials = NSLocalizedString(@"The subscription for \\"%@\\" requires "
                                                      @"a user name and password for access.", nil);
            NSString *folder = NSLocalizedString(@"This folder cannot be chosen " "because you don’t have permission.", nil);
            """)
        project.write("Sources/StoreAppView.swift", """
            import SwiftUI
            struct StoreAppView: View {
                @State var warningMessage: String?
                var body: some View {
                    Text("x").help(NSLocalizedString(warningMessage ?? "ipaLibrary.download", comment: ""))
                        .task { warningMessage = "ipaLibrary.version.older" }
                }
            }
            """)
        project.write("Sources/SearchFolder.xib", """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0">
                <objects>
                    <predicateEditor verticalHuggingPriority="750" formattingStringsFilename="Predicates" id="pe1"/>
                </objects>
            </document>
            """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key) == ["Old Feature"], "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.findings(.unverifiableTable).isEmpty, "\(report.findings(.unverifiableTable).map(\.message))")
        #expect(report.unverifiedKeys.isEmpty)
    }

    /// Cryptomator (2026-12-07): its File Provider extension names its actions in its Info.plist
    /// (`NSExtensionFileProviderActionName` = "Retry Upload"), and the system finds their text in the extension's
    /// Localizable.strings. No code names them; `--fix --force` deleted both from every locale. A string value of a
    /// property list among the sources is never called unused (XML and binary plists alike).
    @Test func aStringValueOfAPropertyListAmongTheSourcesIsNotAnUnusedKey() throws {
        let project = ProjectFolder()
        let used = (1...10).map { "Unlock vault %\($0)$@" }
        let keys = used + ["Retry Upload", "Clear from Cache", "Old Feature"]
        project.write("Localization/en.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        project.write("Sources/FileProviderExtensionUI/Actions.swift", used.map { "let s = NSLocalizedString(\"\($0)\", comment: \"\")\n" }.joined())
        project.write("Sources/FileProviderExtensionUI/Info.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>NSExtension</key>
            <dict>
                <key>NSExtensionFileProviderActions</key>
                <array>
                    <dict>
                        <key>NSExtensionFileProviderActionIdentifier</key>
                        <string>org.cryptomator.retry-upload</string>
                        <key>NSExtensionFileProviderActionName</key>
                        <string>Retry Upload</string>
                    </dict>
                </array>
            </dict>
        </dict>
        </plist>
        """)
        let binary = try PropertyListSerialization.data(fromPropertyList: ["Actions": [["Name": "Clear from Cache"]]], format: .binary, options: 0)
        try binary.write(to: URL(fileURLWithPath: project.path("Sources/FileProviderExtensionUI/Settings.plist")))
        project.write("Sources/FileProviderExtensionUI/Broken.plist", "<plist><dict><key>")
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key) == ["Old Feature"], "\(report.findings(.unusedKey).map(\.message))")
    }

    /// pocket-casts (2026-12-07) keeps its "What's New" pages and paywall reviews in bundled JSON whose texts are keys
    /// (`Bundle.main.localizedString(forKey: text, value: text, table: nil)`); `--fix --force` deleted 17 of them. A
    /// string value of a JSON file among the sources is never called unused, as a property list's is; object keys are not
    /// values, and a package manager's JSON (node_modules) is not the app's.
    @Test func aStringValueOfAJSONFileAmongTheSourcesIsNotAnUnusedKey() throws {
        let project = ProjectFolder()
        let used = (1...10).map { "settings_title_\($0)" }
        let keys = used + ["whats_new_autoplay_title", "review_title_0", "old_feature", "pages", "left_pad"]
        project.write("Localization/en.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        project.write("Sources/Settings.swift", used.map { "let s = NSLocalizedString(\"\($0)\", comment: \"\")\n" }.joined())
        project.write("Sources/WhatsNew/aboutWhatsNew.json", #"{"pages": [{"title": "whats_new_autoplay_title", "image": "autoplay"}], "reviews": [{"title": "review_title_0", "stars": 5}]}"#)
        project.write("Sources/node_modules/left-pad/package.json", #"{"name": "left_pad"}"#)
        project.write("Sources/Broken.json", "{\"title\": ")
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key).sorted() == ["left_pad", "old_feature", "pages"], "\(report.findings(.unusedKey).map(\.message))")
    }

    /// OsmAnd (2026-12-07): `--fix` deleted keys the app reads in four ways the scan did not follow. Objective-C builds
    /// them with `stringWithFormat:` (`@"lang_%@"`, or `@"%@%@%@", @"activity_type_", tag, @"_name"`), as Swift can
    /// with `String(format:)`; three `let title = localizedString("alert_a")` in static functions of one type made the
    /// type look like generated accessors, and their keys definitions, not uses; and a key held in a local through a
    /// ternary, or set in each case of a `switch`, reached its wrapper as a variable.
    @Test func keysBuiltFromFormatsHeldInLocalsOrLocalizedInStaticFunctionsAreNotUnused() throws {
        let project = ProjectFolder()
        let read = ["alert_a", "alert_b", "alert_c", "toast_on", "toast_off", "lang_de", "activity_type_hiking_name",
                    "ios_release_4_7", "obd_fuel_rate", "obd_fuel_level", "routing_attr_avoid_toll_name", "routeInfo_surface_description",
                    "product_desc_antarctica", "rendering_value__name"]
        let used = (1...12).map { "used_\($0)" }
        // Unused though a literal starts them: a format's shape keeps its suffix (`routing_attr_%@_name` builds no
        // `…_description`), a literal that is no format's argument starts no key, nor does a URL's escape (`t%C3%A1`).
        let unused = ["stale_1", "routing_attr_avoid_toll_description", "osm_edit_title", "tag_name", "roadClass_description", "poi_cafe"]
        project.write("Localization/en.lproj/Localizable.strings", (used + read + unused).map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        project.write("Sources/Routing.m", """
        #import <Foundation/Foundation.h>
        NSString *RoutingName(NSString *attr) {
            return NSLocalizedString([NSString stringWithFormat:@"routing_attr_%@_name", attr], nil);
        }
        static NSString *const kSettingsRow = @"osm_";
        static NSArray *const kRouteInfo = @[@"routeInfo_surface"];
        NSString *Describe(NSString *name) { return NSLocalizedString([NSString stringWithFormat:@"%@_description", name], nil); }
        NSString *Product(NSString *postfix) {
            NSString *key = [@"product_desc_" stringByAppendingString:postfix];
            return NSLocalizedString(key, nil);
        }
        NSString *Value(NSString *value) {
            NSString *key = [NSString stringWithFormat:@"rendering_value_%@_name", value];
            return NSLocalizedString(key, nil);
        }
        // A phrase dictionary's key, never localized: builds no key of the table.
        NSString *Phrase(NSDictionary *phrases, NSString *name) {
            return phrases[[NSString stringWithFormat:@"poi_%@", name]];
        }
        NSString *Escaped(void) { return @"t%C3%A1g"; }
        """)
        project.write("Sources/Lang.m", """
        #import <Foundation/Foundation.h>
        NSString *LangName(NSString *code) {
            return NSLocalizedString([NSString stringWithFormat:@"lang_%@", code], nil);
        }
        NSString *ActivityTitle(NSString *tag) {
            NSString *key = [NSString stringWithFormat:@"%@%@%@", @"activity_type_", tag, @"_name"];
            return NSLocalizedString(key, nil);
        }
        """)
        project.write("Sources/Alerts.swift", """
        import Foundation

        func localizedString(_ key: String) -> String { NSLocalizedString(key, comment: "") }

        enum Alerts {
            static func showA() { let title = localizedString("alert_a"); present(title) }
            static func showB() { let title = localizedString("alert_b"); present(title) }
            static func showC() { let message = localizedString("alert_c"); present(message) }
            static func present(_ s: String) { print(s) }
        }

        func toast(locked: Bool) -> String {
            let toastString = locked ? "toast_on" : "toast_off"
            return localizedString(toastString)
        }

        func whatsNew(version: String) -> String { localizedString(String(format: "ios_release_%@", version)) }

        func fuel(_ rate: Bool) -> String {
            let key: String
            switch rate {
            case true: key = "obd_fuel_rate"
            case false: key = "obd_fuel_level"
            }
            return localizedString(key)
        }

        func other() -> [String] { [\(used.map { "localizedString(\"\($0)\")" }.joined(separator: ", "))] }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key).sorted() == unused.sorted(), "\(report.findings(.unusedKey).map(\.message))")
    }

    /// damus (2026-11-28) builds its notification texts' keys whole from interpolations, through its own wrapper:
    /// `let localization_key = "\(verb)_\(reacting_to)_\(min(pubkeys.count, 3))"`. No key had a literal start, so
    /// "zapped_your_note_3" and 26 more were unused, and `--fix` deleted them from every locale. A key of the
    /// interpolation's shape (its literal texts in order, text in each interpolation's place) is never called unused.
    @Test func aKeyOfTheShapeOfAnInterpolatedKeyTheCodeBuildsIsNotUnused() throws {
        let project = ProjectFolder()
        let used = (1...10).map { "Settings \($0)" }
        let built = ["zapped_your_note_1", "zapped_your_note_3", "reposted_tagged_in_2"]
        let keys = used + built + ["Legacy Banner"]
        project.write("Localization/en-US.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        project.write("Sources/LocalizationUtil.swift", """
        import Foundation
        func localizedStringFormat(key: String, locale: Locale) -> String {
            Bundle.main.localizedString(forKey: key, value: nil, table: nil)
        }
        """)
        project.write("Sources/EventGroupView.swift", """
        import Foundation
        func reactingToText(verb: String, reactingTo: String, count: Int) -> String {
            let localization_key = "\\(verb)_\\(reactingTo)_\\(min(count, 3))"
            return localizedStringFormat(key: localization_key, locale: .current)
        }
        \(used.enumerated().map { "let s\($0.offset) = NSLocalizedString(\"\($0.element)\", comment: \"\")" }.joined(separator: "\n"))
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).compactMap(\.key) == ["Legacy Banner"], "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.scan.dynamicKeys.contains { $0.shape == ["", "_", "_", ""] })
    }

    /// Aidoku (2026-11-28) keeps a line's height with `Text("empty").lineLimit(1).opacity(0)`: nobody sees that text,
    /// so a key missing there is no error; it still counts as used. A visible one beside it is still reported.
    @Test func aKeyOfAViewNobodySeesIsNotReportedMissing() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"TITLE\" = \"Title\";\n")
        project.write("Sources/HomeScrollerView.swift", """
        import SwiftUI
        struct Row: View {
            var body: some View {
                VStack {
                    Text("TITLE")
                    Text("empty")
                        .font(.footnote)
                        .lineLimit(1)
                        .opacity(0)
                    Text("spacer").hidden()
                    Text("shown").opacity(0.5)
                }
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).compactMap(\.key) == ["shown"], "\(report.findings(.keyNotInCatalog).map(\.message))")
    }

    @Test func lintWithSourcesAddsTheRulesToANormalRun() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        project.write("Localization/nb.lproj/Localizable.strings", "\"a\" = \"A-nb\";\n")
        project.write("Sources/App.swift", "let a = NSLocalizedString(\"a\", comment: \"\")\nlet c = NSLocalizedString(\"c\", comment: \"\")\n")
        var options = L10nCommands.LintOptions(paths: [project.path("Localization")], format: .xcode)
        options.sourceCheck = UsageCommands.sourceCheck(sources: [project.path("Sources")])
        let outcome = L10nCommands.lint(options)
        #expect(outcome.exitCode == CommandOutcome.findings)
        #expect(outcome.standardOutput.contains("App.swift:2:27: error: NSLocalizedString uses \"c\""))
        #expect(outcome.standardOutput.contains("[unused-key]"))
        // "b", which nb lacks, is unused: not one to translate (UTM, the re-check of 2026-12-07). Without --sources it is.
        #expect(!outcome.standardOutput.contains("[missing-key]"), "\(outcome.standardOutput)")
        options.sourceCheck = nil
        #expect(L10nCommands.lint(options).standardOutput.contains("but has no nb translation; add it to this file [missing-key]"))
    }

    /// IceCubesApp's and mastodon-ios's extension targets keep their `.lproj` folders beside their Swift files, and a
    /// String Catalog may be named by its file: the folder is both catalogs and code, the file a catalog.
    @Test func aFolderWithLprojFoldersBesideItsCodeIsScannedAndACatalogFileAmongTheSourcesIsACatalog() {
        let project = ProjectFolder()
        project.write("Extension/en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Share\";\n")
        project.write("Extension/ShareView.swift", "import Foundation\nlet title = NSLocalizedString(\"share.missing\", comment: \"\")\n")
        project.write("App/Resources/Localizable.xcstrings", #"{"sourceLanguage": "en", "version": "1.0", "strings": {"home.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Home"}}}}}}"#)
        project.write("App/HomeView.swift", "import Foundation\nlet title = NSLocalizedString(\"home.title\", comment: \"\")\n")
        let outcome = UsageCommands.usage(.init(sources: [project.path("Extension"), project.path("App"), project.path("App/Resources/Localizable.xcstrings")]))
        // The extension's code was read (its key is missing), and the catalog file was loaded (home.title is found, not unused).
        #expect(outcome.standardOutput.contains("ShareView.swift:2:") && outcome.standardOutput.contains("share.missing"), "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("\"home.title\""), "\(outcome.standardOutput)")
        #expect(outcome.exitCode == 1)
    }

    /// mastodon-ios (2026-12-07): `l10n usage --sources App Packages Widget`, the widget's folder holding `.lproj` folders
    /// at its top, took that folder for the catalogs alone: the package's table deeper in `Packages` went unread, and
    /// each of its keys the code uses was "not in the catalog" (793 errors). Every source folder is walked for catalogs;
    /// and a folder named inside another (`--sources App .`) is scanned once.
    @Test func everySourceFolderIsWalkedForCatalogsWhenOneHoldsThemAtItsTop() {
        let project = ProjectFolder()
        project.write("Widget/en.lproj/Widget.strings", "\"widget.title\" = \"Timeline\";\n")
        project.write("Widget/Widget.swift", "import Foundation\nlet title = NSLocalizedString(\"widget.title\", tableName: \"Widget\", comment: \"\")\n")
        project.write("Packages/Strings/Sources/Strings/Resources/en.lproj/Localizable.strings", "\"common.cancel\" = \"Cancel\";\n")
        project.write("App/Alert.swift", "import Foundation\nlet cancel = NSLocalizedString(\"common.cancel\", comment: \"\")\n")
        let outcome = UsageCommands.usage(.init(sources: [project.path("App"), project.path("Packages"), project.path("Widget"), project.root]))
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("key-not-in-catalog"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("2 reference(s)"), "\(outcome.standardOutput)")
    }

    /// UTM localizes a second property list (`Info-Remote.plist` → `Info-RemotePlist.strings`) and a helper's
    /// (`QEMULauncher-InfoPlist.strings`): the system reads them, so no key of theirs is ever unused, and `--fix` never
    /// deletes one.
    @Test func everyPropertyListTableIsReadByTheSystemNotByCode() {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        project.write("Localization/en.lproj/Info-RemotePlist.strings", "\"NSLocalNetworkUsageDescription\" = \"Find servers.\";\n")
        project.write("Localization/en.lproj/QEMULauncher-InfoPlist.strings", "\"CFBundleDisplayName\" = \"Launcher\";\n")
        // CotEditor: the Services menu's items, named in Info.plist's NSServices, are looked up in ServicesMenu.strings.
        project.write("Localization/en.lproj/ServicesMenu.strings", "\"Open in CotEditor\" = \"Open in CotEditor\";\n")
        project.write("Sources/App.swift", "import Foundation\nlet a = NSLocalizedString(\"a\", comment: \"\")\n")
        let outcome = UsageCommands.usage(.init(sources: [project.path("Sources")], catalogPaths: [project.path("Localization")]))
        #expect(!outcome.standardOutput.contains("[unused-key]") && !outcome.standardOutput.contains("unverifiable"), "\(outcome.standardOutput)")
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)")
    }

    /// The re-check of 2026-12-08: `Text(name ?? "nil")` is a `String` SwiftUI shows as it is, never a key; only a key
    /// that is a `String` (a wrapper's, Sileo's `String(localizationKey: error ?? "Ready_Status")`) has both sides of `??`.
    @Test func aCoalescedLiteralIsAKeyOnlyWhereTheKeyIsAString() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"Ready_Status\" = \"Ready\";\n\"Title\" = \"Title\";\n")
        project.write("Sources/Rows.swift", """
            import SwiftUI
            func localized(_ key: String) -> String { NSLocalizedString(key, comment: "") }
            struct Row: View {
                let name: String?
                let error: String?
                var body: some View {
                    Text(name ?? "nil")
                    Text(localized(error ?? "Ready_Status"))
                    Text("Title")
                }
            }
            """)
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings.map(\.message))")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings.map(\.message))")
    }

    /// A Spotlight importer's `schema.strings` (Skim's `SkimImporter/<locale>.lproj`, beside its `schema.xml`): Spotlight
    /// and Finder read its attributes' names and descriptions; `--fix --force` deleted them from 12 locales. Beside a
    /// `schema.xml` it is read by the system; an app's own table of that name elsewhere is checked as any other.
    @Test func aSpotlightImportersSchemaTableIsReadBySpotlight() throws {
        let project = ProjectFolder()
        project.write("Importer/schema.xml", "<schema version=\"1.0\"><attributes><attribute name=\"org_example_viewer_pages\" type=\"CFNumber\"/></attributes></schema>\n")
        project.write("Importer/en.lproj/schema.strings", "\"org_example_viewer_pages\" = \"Pages\";\n\"org_example_viewer_pages.Description\" = \"Number of pages\";\n")
        project.write("Importer/de.lproj/schema.strings", "\"org_example_viewer_pages\" = \"Seiten\";\n\"org_example_viewer_pages.Description\" = \"Anzahl der Seiten\";\n")
        project.write("Importer/GetMetadataForFile.m", "#import <Foundation/Foundation.h>\nBoolean GetMetadataForFile(void *thisInterface, CFMutableDictionaryRef attributes) { return true; }\n")
        let run = try #require(try runL10n(["lint", "Importer", "--sources", "Importer", "--fix", "--force"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(!run.output.contains("[unused-key]") && !run.output.contains("[unverifiable-table]"), "\(run.output)")
        #expect(project.read("Importer/de.lproj/schema.strings").contains("\"org_example_viewer_pages.Description\" = \"Anzahl der Seiten\";"))
    }

    @Test func aSourceFolderThatDoesNotExistIsAUsageErrorNamingIt() {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let outcome = UsageCommands.usage(.init(sources: [project.path("Nope")], catalogPaths: [project.path("Localization")]))
        #expect(outcome.exitCode == CommandOutcome.usageOrIO)
        #expect(outcome.standardError.contains(project.path("Nope")) && outcome.standardError.contains("--sources"))
    }

    /// codeapp (2026-12-07): `private let PANEL_ID = "panel.execution.title"`, given on as `Panel(labelId: PANEL_ID)` and
    /// shown by `Text(LocalizedStringKey(panel.labelId))`, was unused to the scan; `--fix --force` deleted it from 7
    /// locales. And `showAlert(title: "source_control.confirm_delete_tag \(tag.name)")` looks up the key with `%@`
    /// interpolated into it: it was called text that English users see right, and the key it meant was deleted.
    @Test func aConstantsTextIsHeldAndAKeyWithAnInterpolationInItIsNoText() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "panel.execution.title" = "Execution";
        "panel.problems.title" = "Problems";
        "source_control.confirm_delete_tag" = "Are you sure you want to delete tag %@?";
        "source_control.tags" = "Tags";
        "legacy.unused" = "Old";
        "e.title" = "Edit";
        """)
        project.write("Localization/de.lproj/Localizable.strings", """
        "panel.execution.title" = "Ausführung";
        "panel.problems.title" = "Probleme";
        "source_control.confirm_delete_tag" = "Tag %@ wirklich löschen?";
        "source_control.tags" = "Tags";
        "legacy.unused" = "Alt";
        """)
        project.write("Sources/Panels.swift", #"""
        import SwiftUI
        private let PANEL_ID = "panel.execution.title"
        struct Panel { let labelId: String }
        let panels = [Panel(labelId: PANEL_ID), Panel(labelId: "panel.problems.title")]
        // The re-check of 2026-12-07: a key built from a constant and a literal (plain --fix deleted "e.title").
        let prefix = "e."
        let editTitle = NSLocalizedString(prefix + "title", comment: "")
        struct PanelTitle: View {
            let panel: Panel
            let tag: String
            var body: some View {
                Text(LocalizedStringKey(panel.labelId))
                Text("source_control.tags")
                Button("Delete") {}.alert("source_control.confirm_delete_tag \(tag)", isPresented: .constant(true)) {}
            }
        }
        """#)
        let report = try project.usageReport()
        let unused = report.findings(.unusedKey)
        #expect(!unused.contains { $0.key == "panel.execution.title" }, "\(unused.map(\.message))")
        #expect(report.unusedKeys.map(\.key) == ["legacy.unused"], "\(report.unusedKeys)")
        let renamed = try #require(unused.first { $0.key == "source_control.confirm_delete_tag" })
        #expect(renamed.message.contains("reads \"source_control.confirm_delete_tag %@\"") && renamed.message.contains("--fix leaves this key alone"), "\(renamed.message)")
        let raw = try #require(report.findings(.keyNotInCatalog).first, "\(report.findings.map(\.message))")
        #expect(raw.key == "source_control.confirm_delete_tag %@" && raw.severity == .error, "\(raw.message)")
    }

    /// QuickRecorder (2026-12-07): its text-keyed table was told to add `Text("H.265")`, `Text("MP4")` and the app's own
    /// name for translation; they read the same in every language. A real text beside them still is, and a Chinese
    /// button's text was said to read right in English.
    @Test func aCodeOrTheAppsOwnNameInATextKeyedTableIsNoMissingText() throws {
        let project = ProjectFolder()
        project.write("ScreenKeep.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { P = { isa = PBXProject; developmentRegion = en; knownRegions = ( en, de, fr, ); }; }; }\n")
        project.write("Localization/en.lproj/Localizable.strings", "\"Format\" = \"Format\";\n\"Quality\" = \"Quality\";\n")
        project.write("Localization/de.lproj/Localizable.strings", "\"Format\" = \"Format\";\n\"Quality\" = \"Qualität\";\n")
        project.write("Localization/fr.lproj/Localizable.strings", "\"Format\" = \"Format\";\n\"Quality\" = \"Qualité\";\n")
        project.write("Sources/Settings.swift", """
            import SwiftUI
            struct EncoderPicker: View {
                var body: some View {
                    Text("Format"); Text("Quality"); Text("ScreenKeep")
                    Text("H.265"); Text("MP4"); Text("1080p")
                    Text("Frame rate")
                    Button("共享...") {}
                }
            }
            """)
        let report = try project.usageReport()
        #expect(report.findings(.missingKey).map(\.key) == ["Frame rate", "共享..."], "\(report.findings.map(\.message))")
        // A text in another script than the table's is not what English users read either (QuickRecorder's Chinese button).
        let foreign = try #require(report.findings(.missingKey).last)
        #expect(foreign.message.contains("is not in the script of its en texts: every user sees it as it is written, en users too"), "\(foreign.message)")
    }
}
