import Foundation
import LocalizationKit
import StringsKit
import TestSupport
import Testing
@testable import UsageScan

/// Keys that plain `usage --fix` deleted while the code reads them, found on apps the scan had not seen (2026-12-07):
/// NetNewsWire's App Intents parameter summary, Cork's keys returned from a closure called where it is written, Loop's
/// enum that looks its case names up, and NetNewsWire's `AppShortcuts` table (under `--force`). The fixtures are a
/// reader app's, written here in those apps' styles.
@Suite("usage --fix keeps what the code reads")
struct KeysFixKeepsTests {
    static let catalogKeys = [
        "Open Article", "Open ${article} in ${reader}", "Article", "Reader",
        "chart.bar.label.unknown", "chart.bar.label.formula", "chart.title",
        "lowBattery", "reservoirEmpty", "occlusion",
        "settings.title", "settings.units", "settings.alerts", "settings.about",
        "never.read",
    ]

    static func project() -> ProjectFolder {
        let project = ProjectFolder()
        for locale in ["en", "de"] {
            project.write("Localization/\(locale).lproj/Localizable.strings",
                          catalogKeys.map { "\"\($0)\" = \"\(locale == "en" ? $0 : "de: " + $0)\";\n" }.joined())
        }
        project.write("Localization/en.lproj/AppShortcuts.strings", "\"Refresh ${applicationName}\" = \"Refresh ${applicationName}\";\n")
        project.write("Localization/de.lproj/AppShortcuts.strings", "\"Refresh ${applicationName}\" = \"${applicationName} aktualisieren\";\n")
        project.write("Sources/OpenArticleIntent.swift", #"""
        import AppIntents

        struct OpenArticleIntent: AppIntent {
            static let title: LocalizedStringResource = "Open Article"
            @Parameter(title: "Article") var article: String
            @Parameter(title: "Reader") var reader: String

            static var parameterSummary: some ParameterSummary {
                Summary("Open \(\.$article) in \(\.$reader)")
            }

            func perform() async throws -> some IntentResult { .result() }
        }

        struct ReaderShortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: OpenArticleIntent(), phrases: ["Refresh \(.applicationName)"], shortTitle: "Open Article", systemImageName: "doc")
            }
        }
        """#)
        project.write("Sources/DownloadsChart.swift", #"""
        import SwiftUI

        struct DownloadsChart: View {
            let kinds: [Bool?]
            var body: some View {
                ForEach(kinds.indices, id: \.self) { index in
                    let barLabel: LocalizedStringKey = {
                        switch kinds[index] {
                        case .none: return "chart.bar.label.unknown"
                        case .some: return "chart.bar.label.formula"
                        }
                    }()
                    Text(barLabel)
                }
                .navigationTitle("chart.title")
            }
        }
        """#)
        project.write("Sources/PumpAlert.swift", """
        import Foundation

        enum PumpAlert {
            case lowBattery
            case reservoirEmpty
            case occlusion
        }

        struct Settings {
            let items = [
                NSLocalizedString("settings.title", comment: ""),
                NSLocalizedString("settings.units", comment: ""),
                NSLocalizedString("settings.alerts", comment: ""),
                NSLocalizedString("settings.about", comment: ""),
            ]
        }
        """)
        // In another file, as Loop has it: an extension of the enum, keyed by the value's own name.
        project.write("Sources/PumpAlert+Text.swift", """
        import Foundation

        extension PumpAlert: CustomStringConvertible {
            var description: String { NSLocalizedString(String(describing: self), comment: "Pump alert title") }
        }
        """)
        return project
    }

    @Test func fixDeletesOnlyTheKeyNoCodeReads() throws {
        let project = Self.project()
        let catalog = try Catalog.load(paths: [project.path("Localization")])
        let context = SourceCheckContext(catalog: catalog, configuration: LintConfiguration(), configurationPath: nil, baseLocale: "en")
        let run = UsageCommands.check(context, sources: [project.path("Sources")], fix: true, verbose: false, directory: project.root)
        #expect(run.outcome.usageError == nil, "\(run.outcome.notes)")
        let after = try Catalog.load(paths: [project.path("Localization")])
        for locale in ["en", "de"] {
            #expect(after.table("Localizable", locale: locale)?.keys.sorted() == Self.catalogKeys.filter { $0 != "never.read" }.sorted(),
                    "\(run.outcome.findings.map(\.message))")
        }
        #expect(!run.outcome.findings.contains { $0.rule.rawValue == "key-not-in-catalog" }, "\(run.outcome.findings.map(\.message))")
    }

    /// Siri and Shortcuts read an `AppShortcutsProvider`'s phrases from `AppShortcuts`: like `InfoPlist`, never through
    /// code, so not even `--force` deletes them.
    @Test func theAppShortcutsTableIsReadByTheSystem() {
        #expect(UsageRules.isSystemTable("AppShortcuts"))
        #expect(UsageRules.isSystemTable("Widgets/AppShortcuts"))
        #expect(!UsageRules.isSystemTable("Shortcuts"))
    }

    /// `Summary` is a common type name: outside a file that imports AppIntents, its literal is not a key.
    @Test func summaryIsAnAppIntentsKeyOnlyWhereAppIntentsIsImported() {
        let plain = scan("import Foundation\nstruct Summary { init(_ s: String) {} }\nlet s = Summary(\"not.a.key\")\n")
        #expect(plain.keys.isEmpty)
        let intents = scan("import AppIntents\nlet s = Summary(\"Open \\(\\.$article) now\")\n")
        #expect(intents.keys == ["Open ${article} now"])
    }
}

/// Rectangle (2026-12-07): `"Check for Updates…".localized(key: "menu.checkForUpdates")` beside `"menu.quit".localized`.
/// The text before the method that takes its key is its default value, not a key: it was a `key-not-in-catalog` error.
@Suite("A String member wrapper and its keyed method")
struct KeyedMethodBesideMemberTests {
    @Test func theTextBeforeAKeyedMethodIsItsDefaultValueNotAKey() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"menu.updates\" = \"Check for Updates…\";\n\"menu.quit\" = \"Quit\";\n")
        project.write("Sources/String+Localized.swift", """
        import Foundation

        extension String {
            var localized: String { NSLocalizedString(self, comment: "") }
            func localized(key: String) -> String { NSLocalizedString(key, value: self, comment: "") }
        }
        """)
        project.write("Sources/MenuBuilder.swift", """
        import Cocoa

        final class MenuBuilder {
            func build(_ menu: NSMenu) {
                menu.addItem(withTitle: "Check for Updates…".localized(key: "menu.updates"), action: nil, keyEquivalent: "")
                menu.addItem(withTitle: "menu.quit".localized, action: nil, keyEquivalent: "q")
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }
}

/// QuickRecorder (2026-12-07) has no English file: its base is its translations' keys, so the code's
/// `SToggle("Launch at Login")` finds its key in the base, and Italian's only "Launch at login" looked unused. `--fix`
/// deleted that translation. A key some locales hold under other capitals, or a character or two from a text the code
/// reads, where those locales lack the code's key, is a rename in them: said, and never deleted. The fixture is a screen
/// recorder's preferences, in that app's style.
@Suite("usage --fix keeps a translation filed under a near spelling of the code's key")
struct NearSpellingInTranslationsTests {
    @Test func aKeyOnlySomeLocalesSpellOtherwiseIsARenameThereNotUnused() throws {
        let project = ProjectFolder()
        // No English file: the project says English is the development language.
        project.write("Recorder.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { P = { isa = PBXProject; developmentRegion = en; knownRegions = ( en, Base, de, fr, es, ); }; }; }\n")
        project.write("Localization/de.lproj/Localizable.strings", """
            "Start Recording at Login" = "Beim Anmelden aufnehmen";
            "Show the Preview Window" = "Vorschaufenster zeigen";
            "Pick a Folder" = "Ordner wählen";
            "Old capture settings" = "Alte Aufnahmeeinstellungen";
            """)
        project.write("Localization/fr.lproj/Localizable.strings", """
            "Start recording at login" = "Enregistrer à la connexion";
            "Show the Preview Windows" = "Afficher l'aperçu";
            "Pick a Folder" = "Choisir un dossier";
            """)
        project.write("Localization/es.lproj/Localizable.strings", """
            "Start Recording at Login" = "Grabar al iniciar sesión";
            "Show the Preview Window" = "Mostrar la vista previa";
            "Pick a Folder" = "Elegir una carpeta";
            "Pick a folder" = "Elegir carpeta";
            """)
        project.write("Sources/Preferences.swift", """
            import SwiftUI
            struct PreferencesView: View {
                @State private var atLogin = false
                var body: some View {
                    Form {
                        Toggle("Start Recording at Login", isOn: $atLogin)
                        Text("Show the Preview Window")
                        Button("Pick a Folder") {}
                    }
                }
            }
            """)
        let report = try project.usageReport()
        let caseOnly = try #require(report.findings(.unusedKey).first { $0.key == "Start recording at login" })
        #expect(caseOnly.message.contains("reads \"Start Recording at Login\", which differs from it only in case and which the fr translation lacks"), "\(caseOnly.message)")
        #expect(caseOnly.locale == "fr")
        let typo = try #require(report.findings(.unusedKey).first { $0.key == "Show the Preview Windows" })
        #expect(typo.message.contains("by a character or two") && typo.message.contains("(--fix leaves this key alone)"), "\(typo.message)")
        // A leftover the code's key stands beside in every locale that has it, and a text no call is near, stay unused.
        #expect(report.unusedKeys.map(\.key).sorted() == ["Old capture settings", "Pick a folder"], "\(report.unusedKeys)")
    }

    /// The re-check (2026-12-07): a short key one character from the code's (`Text("Settings…")` beside "Settings"), an
    /// ellipsis written as three dots, and a straight apostrophe for the code's curly one were deleted by plain `--fix`
    /// from every locale. A key that differs from a text the code reads only in its final marks, its apostrophes or its
    /// capitals is that text renamed, at any length.
    @Test func aKeyThatDiffersOnlyInItsEndOrItsApostrophesIsARename() throws {
        let project = ProjectFolder()
        for (locale, prefix) in [("en", ""), ("de", "de: "), ("fr", "fr: ")] {
            project.write("Localization/\(locale).lproj/Localizable.strings", """
                "Settings" = "\(prefix)Settings";
                "Check for Updates..." = "\(prefix)Check for Updates...";
                "Don't Save" = "\(prefix)Don't Save";
                "Archive" = "\(prefix)Archive";
                "Open" = "\(prefix)Open";
                """)
        }
        project.write("Sources/Menu.swift", """
            import SwiftUI
            struct AppMenu: View {
                var body: some View {
                    Text("Settings…")
                    Text("Check for Updates…")
                    Button("Don’t Save") {}
                    Text("Open")
                }
            }
            """)
        let report = try project.usageReport()
        #expect(report.unusedKeys.map(\.key) == ["Archive"], "\(report.unusedKeys)")
        let renames = report.findings(.unusedKey).filter { $0.message.contains("only in its final punctuation, its apostrophes or its capitals") }
        #expect(renames.compactMap(\.key).sorted() == ["Check for Updates...", "Don't Save", "Settings"], "\(report.findings.map(\.message))")
        #expect(UsageRun.sameTextForm("Check for Updates…") == UsageRun.sameTextForm("check for updates...") && UsageRun.sameTextForm("Open") != UsageRun.sameTextForm("Opens"))
    }
}
