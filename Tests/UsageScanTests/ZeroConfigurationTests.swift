import Core
import Foundation
import StringsKit
import Testing
@testable import UsageScan

/// The toolchain on a project it has never seen (issue 38): no l10n.json, the app's own conventions read from its code
/// and catalogs, and nothing deleted that the scan cannot vouch for. Every fixture is written here, in the style of
/// real apps (SwiftGen's generated file, a `String.localized` extension, genstrings keys, a Settings.bundle).
@Suite("Zero configuration on an unseen project")
struct ZeroConfigurationTests {
    /// An app whose catalogs have three locales and whose code reads them through something `sources` decides.
    static func app(sources: [String: String]) -> ProjectFolder {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", """
        /* Title of the about screen */
        "about.title" = "About";
        "items.count" = "%d items";
        "greeting" = "Hello %@";
        "legacy.banner" = "Old banner";

        """)
        project.write("App/de.lproj/Localizable.strings", """
        "about.title" = "Über";
        "items.count" = "%d Dinge";
        "greeting" = "Hallo %@";
        "legacy.banner" = "Altes Banner";
        """)
        project.write("App/fr.lproj/Localizable.strings", """
        "about.title" = "À propos";
        "items.count" = "%d choses";
        "greeting" = "Bonjour %@";
        "legacy.banner" = "Ancienne bannière";
        """)
        for (path, text) in sources { project.write(path, text) }
        return project
    }

    static let swiftGenFile = """
    // swiftlint:disable all
    // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
    import Foundation

    internal enum L10n {
      internal enum About {
        /// About
        internal static let title = L10n.tr("Localizable", "about.title", fallback: "About")
      }
      /// Hello %@
      internal static func greeting(_ p1: Any) -> String {
        return L10n.tr("Localizable", "greeting", String(describing: p1), fallback: "Hello %@")
      }
      internal enum Items {
        /// %d items
        internal static func count(_ p1: Int) -> String {
          return L10n.tr("Localizable", "items.count", p1, fallback: "%d items")
        }
      }
      internal enum Legacy {
        internal static let banner = L10n.tr("Localizable", "legacy.banner", fallback: "Old banner")
      }
    }

    extension L10n {
      private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
        let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
        return String(format: format, locale: Locale.current, arguments: args)
      }
    }

    private final class BundleToken {
      static let bundle = Bundle(for: BundleToken.self)
    }
    """

    // MARK: Item 1: nothing destructive

    @Test func fixDeletesNothingFromATableTheScanSeesNoUseOf() throws {
        // SwiftGen's accessors are used everywhere, but its generated file is not among the sources (built at build time).
        let project = Self.app(sources: ["Sources/AboutViewController.swift": """
        import UIKit

        final class AboutViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = L10n.About.title
                greetingLabel.text = L10n.greeting(user.name)
            }
        }
        """])
        let before = try ["en", "de", "fr"].map { try String(contentsOfFile: project.path("App/\($0).lproj/Localizable.strings"), encoding: .utf8) }
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings(.unusedKey).map(\.message))")
        let finding = try #require(report.findings(.unverifiableTable).first)
        #expect(finding.message.contains("no scanned Swift code names any of its 4 key(s)"))
        #expect(Set(report.unverifiedKeys.map(\.key)) == ["about.title", "items.count", "greeting", "legacy.banner"])
        guard let run = try runL10n(["usage", "--sources", "Sources", "App", "--fix"], in: project.root) else { return }
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.error.contains("--fix left 4 key(s) that look unused in Localizable alone"))
        let after = try ["en", "de", "fr"].map { try String(contentsOfFile: project.path("App/\($0).lproj/Localizable.strings"), encoding: .utf8) }
        #expect(after == before)
        #expect(!FileManager.default.fileExists(atPath: project.path(FixJournal.folderName)))
    }

    @Test func everyKeyFixDeletesIsListedAndUndoPutsTheFilesBack() throws {
        let project = Self.app(sources: ["Sources/Strings.swift": Self.swiftGenFile, "Sources/Screens.swift": """
        import UIKit

        final class AboutViewController: UIViewController {
            override func viewDidLoad() {
                title = L10n.About.title
                greetingLabel.text = L10n.greeting(user.name)
                countLabel.text = L10n.Items.count(photos.count).uppercased()
            }
        }
        """])
        let originals = try ["en", "de", "fr"].map { try Data(contentsOf: URL(fileURLWithPath: project.path("App/\($0).lproj/Localizable.strings"))) }
        guard let run = try runL10n(["usage", "--sources", "Sources", "App", "--fix"], in: project.root) else { return }
        #expect(run.status == 0, "\(run.output)\(run.error)")
        for locale in ["de", "en", "fr"] {
            #expect(run.error.contains("removed 1 unused key(s) from App/\(locale).lproj/Localizable.strings: \"legacy.banner\""), "\(run.error)")
        }
        #expect(!project.read("App/fr.lproj/Localizable.strings").contains("legacy.banner"))
        #expect(run.error.contains("l10n usage --undo"))
        // A file edited after the fix is kept unless --force.
        project.write("App/de.lproj/Localizable.strings", project.read("App/de.lproj/Localizable.strings") + "\n\"new\" = \"Neu\";\n")
        guard let undo = try runL10n(["usage", "--undo"], in: project.root) else { return }
        #expect(undo.status == 1)
        #expect(undo.error.contains("kept \(project.path("App/de.lproj/Localizable.strings")): it changed after the fix"), "\(undo.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.path("App/en.lproj/Localizable.strings"))) == originals[0])
        guard let forced = try runL10n(["usage", "--undo", "--force"], in: project.root) else { return }
        #expect(forced.status == 0, "\(forced.error)")
        let restored = try ["en", "de", "fr"].map { try Data(contentsOf: URL(fileURLWithPath: project.path("App/\($0).lproj/Localizable.strings"))) }
        #expect(restored == originals)
        #expect(!FileManager.default.fileExists(atPath: project.path(FixJournal.folderName)))
        guard let nothing = try runL10n(["usage", "--undo"], in: project.root) else { return }
        #expect(nothing.status == 2 && nothing.error.contains("nothing to undo"))
    }

    @Test func fixForceDeletesWhatLooksUnusedInAnUnverifiableTable() throws {
        let project = Self.app(sources: ["Sources/Empty.swift": "import Foundation\nlet answer = 42\n"])
        guard let run = try runL10n(["usage", "--sources", "Sources", "App", "--fix", "--force"], in: project.root) else { return }
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("removed 4 unused key(s) from App/en.lproj/Localizable.strings"))
        guard let undo = try runL10n(["usage", "--undo"], in: project.root) else { return }
        #expect(undo.status == 0 && undo.error.contains("3 file(s) restored"), "\(undo.error)")
        #expect(project.read("App/en.lproj/Localizable.strings").contains("\"legacy.banner\" = \"Old banner\";"))
    }

    // MARK: Item 4: what the project already says

    @Test func swiftGensGeneratedFileMapsItsMembersToKeysAndHandWrittenMembersAreNotKeys() throws {
        let project = Self.app(sources: ["Sources/Strings.swift": Self.swiftGenFile, "Sources/Screens.swift": """
        import UIKit

        extension L10n {
            /// Hand-written beside the generated accessors: not a key.
            static var appName: String { Bundle.main.object(forInfoDictionaryKey: "CFBundleName") as? String ?? "" }
        }

        final class AboutViewController: UIViewController {
            override func viewDidLoad() {
                title = L10n.About.title.localizedCapitalized
                navigationItem.prompt = L10n.appName
                greetingLabel.text = L10n.greeting(user.name)
                countLabel.text = L10n.Items.count()
            }
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
        #expect(report.findings(.unusedKey).map(\.key) == ["legacy.banner"])
        let mismatch = try #require(report.findings(.argumentMismatch).first)
        #expect(mismatch.key == "items.count" && mismatch.line == 13)
        #expect(report.findings(.argumentMismatch).count == 1)
        #expect(report.scan.accessors == 4)
    }

    @Test func wrappersAreInferredFromWhereTheirParameterGoesTransitivelyAndAsStringMembers() throws {
        let project = Self.app(sources: ["Sources/Localization.swift": """
        import Foundation

        extension String {
            var localized: String { NSLocalizedString(self, comment: "") }
            func localized(with arguments: CVarArg...) -> String {
                String(format: NSLocalizedString(self, comment: ""), arguments: arguments)
            }
        }

        enum Loc {
            static func text(_ key: String, table: String = "Localizable") -> String {
                Bundle.main.localizedString(forKey: key, value: nil, table: table)
            }
        }

        /// Passes its parameter on to a wrapper: a wrapper too.
        func screenTitle(_ key: String) -> String { Loc.text(key) }
        """, "Sources/Screens.swift": """
        import UIKit

        final class Screens {
            func configure(isOn: Bool, count: Int) {
                aboutLabel.text = screenTitle("about.title")
                banner.text = (isOn ? "legacy.banner" : "greeting").localized
                countLabel.text = "items.count".localized(with: count)
                missing.text = Loc.text("about.subtitle")
            }
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["about.subtitle"])
        let names = Set(report.scan.inferredWrappers.map(\.description))
        #expect(names.isSuperset(of: ["text(key: #1)", "screenTitle(key: #1)", "\"…\".localized"]), "\(names)")
    }

    @Test func aLocalizingNameDeclaredOutsideTheSourcesIsTakenForAWrapper() throws {
        // The wrappers live in an SDK that is not among the sources: only their names say what they do.
        let project = Self.app(sources: ["Sources/Share.swift": """
        import UIKit

        final class ShareController {
            func build() {
                title = "about.title".localized
                subtitle = OCLocalizedString("greeting", nil)
                count = "items.count".localized
                detail = error.localizedDescription
            }
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unusedKey).map(\.key) == ["legacy.banner"], "\(report.findings.map(\.message))")
        #expect(report.findings(.unverifiableTable).isEmpty)
    }

    @Test func aKeyThatIsTextAndInNoCatalogIsAMissingTranslationNotARawKey() throws {
        let project = Self.app(sources: ["Sources/Feed.swift": """
        import SwiftUI

        struct FeedView: View {
            var body: some View {
                VStack {
                    Text("about.title")
                    Text("Load more")
                    Text("feed.empty.title")
                }
            }
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        // "Load more" shows right in English and untranslated elsewhere; "feed.empty.title" shows as a raw key.
        #expect(report.findings(.missingKey).map(\.key) == ["Load more"])
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["feed.empty.title"])
    }

    // MARK: Item 3: keys that are the English text

    @Test func aGenstringsTableReportsAKeyMissingFromTheTranslationsNotARawKey() throws {
        let project = ProjectFolder()
        // genstrings style: the key is the English text; en.lproj holds one override, Settings.bundle its own table.
        project.write("App/en.lproj/Localizable.strings", "\"OK\" = \"Okay\";\n")
        project.write("App/de.lproj/Localizable.strings", """
        "OK" = "OK";
        "Delete %@?" = "%@ löschen?";
        "Open in Safari" = "In Safari öffnen";
        "Share" = "Teilen";
        """)
        project.write("App/fr.lproj/Localizable.strings", """
        "Delete %@?" = "Supprimer %@ ?";
        "Open in Safari" = "Ouvrir dans Safari";
        """)
        project.write("App/Settings.bundle/en.lproj/Root.strings", "\"Version\" = \"Version\";\n\"Acknowledgements\" = \"Acknowledgements\";\n")
        project.write("Sources/Actions.swift", """
        import UIKit

        final class Actions {
            func menu(for item: Item) -> [UIAction] {
                [
                    UIAction(title: NSLocalizedString("Open in Safari", comment: "Menu item")) { _ in },
                    UIAction(title: String(format: NSLocalizedString("Delete %@?", comment: ""), item.name)) { _ in },
                    UIAction(title: NSLocalizedString("Share", comment: "")) { _ in },
                    UIAction(title: NSLocalizedString("OK", comment: "")) { _ in },
                    UIAction(title: NSLocalizedString("Acknowledgements", comment: "")) { _ in },
                ]
            }
        }
        """)
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
        #expect(report.findings(.wrongTable).isEmpty, "\(report.findings(.wrongTable).map(\.message))")
        let missing = try #require(report.findings(.missingKey).first)
        #expect(missing.key == "Acknowledgements" && missing.line == 10)
        #expect(missing.message.contains("which no translation of table \"Localizable\" has"))
        #expect(report.findings(.unusedKey).isEmpty)
        #expect(report.tables.first { $0.table == "Root" }?.readBy == "the Settings app (Settings.bundle)")
    }

    // MARK: Found on apps the tool had never seen (second pass)

    @Test func aCallThatGivesADefaultValueShowsItSoAMissingKeyIsAMissingTranslation() throws {
        let project = Self.app(sources: ["Sources/Intro.swift": """
        import UIKit

        enum UserText {
            static let aboutTitle = NSLocalizedString("about.title", value: "About", comment: "")
            static let shareLink = NSLocalizedString("tab.switcher.share.link", value: "Share Link", comment: "Menu item")
            static let welcome = String(localized: "intro.welcome", defaultValue: "Welcome")
            // Deliberately not localized yet, in an SDK outside the sources.
            static let bookmarkAll = NotLocalizedString("tab.switcher.bookmark.all", value: "Bookmark All", comment: "")
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings.map(\.message))")
        #expect(report.findings(.missingKey).map(\.key) == ["tab.switcher.share.link", "intro.welcome"])
        #expect(report.findings(.missingKey).allSatisfy { $0.message.contains("default value") })
    }

    @Test func debugScreensAndPreviewsAreNotMissingKeys() throws {
        let project = Self.app(sources: ["Sources/Debug.swift": """
        import SwiftUI

        struct DeveloperOptionsView: View {
            var body: some View {
                List {
                    Text("about.title")
                    #if DEBUG
                    Section("Device Details") { Text("debug.crash.now") }
                    #else
                    Text("settings.footer")
                    #endif
                }
            }
        }

        struct DeveloperOptionsView_Previews: PreviewProvider {
            static var previews: some View { Text("preview.sample.title") }
        }

        #Preview { Text("preview.other.title") }
        """])
        let report = try project.usageReport(catalogs: "App")
        // Only the release branch's key is missing.
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["settings.footer"], "\(report.findings.map(\.message))")
        #expect(report.findings(.missingKey).isEmpty)
    }

    @Test func aWidgetFileWrappedInIfCanImportStillImportsSwiftUI() {
        let usage = scan("""
        #if canImport(ActivityKit)
        import ActivityKit
        import SwiftUI
        import WidgetKit

        struct TrackWidgetView: View {
            var body: some View { Text("widget.points") }
        }
        #endif
        """)
        #expect(usage.keys == ["widget.points"])
    }

    @Test func anSDKWrapperWhoseSignatureIsUnknownNeverCountsItsOtherArgumentsAsFormatArguments() throws {
        let project = Self.app(sources: ["Sources/Account.swift": """
        import UIKit

        final class AccountRow {
            func update(user: String, method: String, price: String) {
                // The SDK's macro takes a comment as its second argument; the formatting happens around it.
                value = NSString(format: OCLocalizedString("greeting", nil) as NSString, user) as String
                label = label.appendingFormat(OCLocalizedString("items.count", nil), 3)
                title = OCLocalizedString("about.title", nil)
            }
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.argumentMismatch).isEmpty, "\(report.findings(.argumentMismatch).map(\.message))")
        #expect(report.findings(.unusedKey).map(\.key) == ["legacy.banner"])
    }

    @Test func keysObjectiveCLocalizesCountAsUsed() throws {
        let project = Self.app(sources: [
            "Sources/Feed.swift": "import UIKit\nlet title = NSLocalizedString(\"about.title\", comment: \"\")\n",
            "Sources/Legacy/SPNoteListViewController.m": """
            #import "SPNoteListViewController.h"

            @implementation SPNoteListViewController
            - (void)viewDidLoad {
                // NSLocalizedString(@"greeting", nil) in a comment is no use
                self.title = NSLocalizedStringFromTable(@"items.count", @"Localizable", @"Count of notes");
                NSString *s = @"NSLocalizedString(@\"legacy.banner\", nil)";
                NSLog(@"%@", [NSString localizedStringWithFormat:@"greeting"]);
            }
            @end
            """,
            "Sources/Legacy/SPSettings.m": """
            @implementation SPSettings
            - (NSString *)greetingText { return SPLocalizedString(@"greeting", @"Shown on top"); }
            - (NSString *)missing { return NSLocalizedString(@"no.such.key", nil); }
            @end
            """,
        ])
        let report = try project.usageReport(catalogs: "App")
        // Used from Objective-C: items.count and greeting; the string and the comment are no use.
        #expect(report.findings(.unusedKey).map(\.key) == ["legacy.banner"], "\(report.findings.map(\.message))")
        // A key Objective-C names that no table has is not reported: its macros are not expanded.
        #expect(report.findings(.keyNotInCatalog).isEmpty)
    }

    @Test func aLowercaseWordAmongDottedKeysIsTextShownAsItIs() throws {
        let project = ProjectFolder()
        var base = ""
        for index in 0..<12 { base += "\"menu.item\(index)\" = \"Item \(index)\";\n" }
        project.write("Localization/en.lproj/Localizable.strings", base)
        project.write("Sources/Console.swift", """
        import SwiftUI

        struct ValueView: View {
            var flag: Bool
            var body: some View {
                Text(flag ? "true" : "false")
                Text("undefined")
                Text("menu.item1")
                Text("menu.missing")
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["menu.missing"], "\(report.findings.map(\.message))")
        #expect(report.findings(.missingKey).map(\.key) == ["true", "false", "undefined"])
    }
}
