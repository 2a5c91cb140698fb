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

    /// A screen that reads three of the SwiftGen file's accessors (the `--fix` and `--undo` tests share it).
    static let aboutScreen = """
    import UIKit

    final class AboutViewController: UIViewController {
        override func viewDidLoad() {
            title = L10n.About.title
            greetingLabel.text = L10n.greeting(user.name)
            countLabel.text = L10n.Items.count(photos.count).uppercased()
        }
    }
    """

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
        #expect(finding.message.contains("no scanned code names any of its 4 key(s)"))
        // No scanned code names any key of it: kept from every --fix, --force or not.
        #expect(report.unverifiedKeys.isEmpty && Set(report.unreadKeys.map(\.key)) == ["about.title", "items.count", "greeting", "legacy.banner"])
        #expect(finding.message.contains("--fix leaves it alone, even with --force"), "\(finding.message)")
        let run = try #require(try runL10n(["usage", "--sources", "Sources", "App", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.error.contains("--fix left the 4 key(s) of Localizable alone, as it does with or without --force"), "\(run.error)")
        let after = try ["en", "de", "fr"].map { try String(contentsOfFile: project.path("App/\($0).lproj/Localizable.strings"), encoding: .utf8) }
        #expect(after == before)
        #expect(!FileManager.default.fileExists(atPath: project.path(FixJournal.folderName)))
    }

    @Test func everyKeyFixDeletesIsListedAndUndoPutsTheFilesBack() throws {
        let project = Self.app(sources: ["Sources/Strings.swift": Self.swiftGenFile, "Sources/Screens.swift": Self.aboutScreen])
        let originals = try ["en", "de", "fr"].map { try Data(contentsOf: URL(fileURLWithPath: project.path("App/\($0).lproj/Localizable.strings"))) }
        let run = try #require(try runL10n(["usage", "--sources", "Sources", "App", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0, "\(run.output)\(run.error)")
        // Once for the files that lost the same keys: every locale named, then the keys.
        #expect(run.error.contains("removed 1 unused key(s) from each of 3 files, App/de.lproj/Localizable.strings, App/en.lproj/Localizable.strings, "
                                   + "App/fr.lproj/Localizable.strings: \"legacy.banner\""), "\(run.error)")
        #expect(!project.read("App/fr.lproj/Localizable.strings").contains("legacy.banner"))
        #expect(run.error.contains("l10n usage --undo"))
        // A file edited after the fix is kept unless --force.
        project.write("App/de.lproj/Localizable.strings", project.read("App/de.lproj/Localizable.strings") + "\n\"new\" = \"Neu\";\n")
        let undo = try #require(try runL10n(["usage", "--undo"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(undo.status == 1)
        #expect(undo.error.contains("kept \(project.path("App/de.lproj/Localizable.strings")): it changed after the fix"), "\(undo.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.path("App/en.lproj/Localizable.strings"))) == originals[0])
        let forced = try #require(try runL10n(["usage", "--undo", "--force"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(forced.status == 0, "\(forced.error)")
        let restored = try ["en", "de", "fr"].map { try Data(contentsOf: URL(fileURLWithPath: project.path("App/\($0).lproj/Localizable.strings"))) }
        #expect(restored == originals)
        #expect(!FileManager.default.fileExists(atPath: project.path(FixJournal.folderName)))
        let nothing = try #require(try runL10n(["usage", "--undo"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(nothing.status == 2 && nothing.error.contains("nothing to undo"))
    }

    /// 2026-12-07: the journal named files by absolute path, so `--undo` in a copy of a fixed project (`cp -a`, a second
    /// checkout) restored the original's files and left the copy's as the fix left them. A file inside the folder is
    /// named relative to it: each copy undoes its own.
    @Test func undoInACopyOfAFixedProjectRestoresTheCopysFiles() throws {
        let project = Self.app(sources: ["Sources/Strings.swift": Self.swiftGenFile, "Sources/Screens.swift": Self.aboutScreen])
        let original = project.read("App/de.lproj/Localizable.strings")
        let run = try #require(try runL10n(["usage", "--sources", "Sources", "App", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0 && !project.read("App/de.lproj/Localizable.strings").contains("legacy.banner"), "\(run.error)")
        let copy = project.root + "-copy"
        try FileManager.default.copyItem(atPath: project.root, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let undo = try #require(try runL10n(["usage", "--undo"], in: copy))
        #expect(undo.status == 0, "\(undo.error)")
        #expect(undo.error.contains("restored \(copy)/App/de.lproj/Localizable.strings"), "\(undo.error)")
        #expect(try String(contentsOfFile: copy + "/App/de.lproj/Localizable.strings", encoding: .utf8) == original)
        #expect(!project.read("App/de.lproj/Localizable.strings").contains("legacy.banner"), "the original project is left as the fix left it")
    }

    /// A table whose keys mostly look unused, but one of which the code names, is unverifiable: `--fix --force` deletes
    /// the others. A table no scanned code names a key of at all is read by something the scan never saw (mac-mouse-fix's
    /// Markdown catalogs, filled by a script from its templates: `--fix --force`, taken to get past an unscanned package,
    /// deleted all 115 of their keys in every locale), and not even `--force` deletes from it.
    @Test func fixForceDeletesWhatLooksUnusedInAnUnverifiableTableThatTheCodeReads() throws {
        let project = Self.app(sources: ["Sources/About.swift": "import Foundation\nlet title = NSLocalizedString(\"about.title\", comment: \"\")\n"])
        project.write("Docs/en.lproj/Readme.strings", "\"intro.title\" = \"Welcome\";\n\"intro.body\" = \"Read this first\";\n")
        project.write("Docs/de.lproj/Readme.strings", "\"intro.title\" = \"Willkommen\";\n\"intro.body\" = \"Zuerst lesen\";\n")
        let run = try #require(try runL10n(["usage", "--sources", "Sources", "App", "Docs", "--fix", "--force"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("removed 3 unused key(s) from each of 3 files, App/de.lproj/Localizable.strings, App/en.lproj/Localizable.strings, "), "\(run.error)")
        #expect(run.error.contains("--fix left the 2 key(s) of Readme alone, as it does with or without --force"), "\(run.error)")
        #expect(project.read("Docs/de.lproj/Readme.strings").contains("\"intro.body\" = \"Zuerst lesen\";"))
        let undo = try #require(try runL10n(["usage", "--undo"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(undo.status == 0 && undo.error.contains("3 file(s) restored"), "\(undo.error)")
        #expect(project.read("App/en.lproj/Localizable.strings").contains("\"legacy.banner\" = \"Old banner\";"))
    }

    /// A package manager's shape (Sileo, 2026-12-08): every text through the app's own initialiser on `String`,
    /// `String(localizationKey:)`. The scan inferred the wrapper but took each call for a `String(localized:)` without its
    /// label and dropped it, so the table looked three-quarters unused and `--fix --force` deleted 183 keys the code reads
    /// from 31 locales. The calls are the wrapper's now, and `String(format:)` beside them is no key.
    @Test func anInitializerWrapperOnStringCountsItsCalls() throws {
        let project = Self.app(sources: [
            "Sources/LanguageHelper.swift": """
            import Foundation

            extension String {
                init(localizationKey: String) {
                    self = NSLocalizedString(localizationKey, comment: "")
                }
            }
            """,
            "Sources/SettingsViewController.swift": """
            import UIKit

            final class SettingsViewController: UITableViewController {
                override func viewDidLoad() {
                    title = String(localizationKey: "about.title")
                    navigationItem.prompt = String(format: String(localizationKey: "items.count"), packages.count)
                    headerLabel.text = String(format: "%@ (%@)", name, version)
                    // Either side of `??` may be the key.
                    subtitleLabel.text = String(localizationKey: errorDescription ?? (loading ? "greeting" : "about.title"))
                }
            }
            """,
        ])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unverifiableTable).isEmpty, "\(report.findings)")
        #expect(Set(report.findings(.unusedKey).compactMap(\.key)) == ["legacy.banner"], "\(report.findings(.unusedKey))")
        let run = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix", "--force"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.error.contains("removed 1 unused key(s)"), "\(run.error)")
        #expect(project.read("App/de.lproj/Localizable.strings").contains("\"greeting\" = \"Hallo %@\";"))
        #expect(project.read("App/de.lproj/Localizable.strings").contains("\"about.title\" = \"Über\";"))
        #expect(project.read("App/fr.lproj/Localizable.strings").contains("\"items.count\" = \"%d choses\";"))
    }

    /// Sileo's wrapper also picks its table from an enum of the app's (`NSLocalizedString(key, tableName: type.tableName,
    /// comment: "")`, `String(localizationKey: "Download_Hash_Mismatch", type: .error)`): the inferred wrapper read the
    /// default table, and 48 calls were `wrong-table` errors. A table the wrapper computes is unknown at each call: the key
    /// is looked up in every table, and no call is told it names the wrong one.
    @Test func aWrapperThatComputesItsTableLooksKeysUpInEveryTable() throws {
        let project = ProjectFolder()
        project.write("App/Base.lproj/Localizable.strings", "\"Done\" = \"Done\";\n\"Queue\" = \"Queue\";\n")
        project.write("App/Base.lproj/Errors.strings", "\"Download_Failed\" = \"The download failed\";\n\"Old_Error\" = \"Old\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"Done\" = \"Fertig\";\n\"Queue\" = \"Warteschlange\";\n")
        project.write("App/de.lproj/Errors.strings", "\"Download_Failed\" = \"Der Download ist fehlgeschlagen\";\n\"Old_Error\" = \"Alt\";\n")
        project.write("Sources/LanguageHelper.swift", """
            import Foundation
            enum LocalizedStringType {
                case general, error
                var tableName: String? { self == .error ? "Errors" : nil }
            }
            extension String {
                init(localizationKey: String, type: LocalizedStringType = .general) {
                    self = NSLocalizedString(localizationKey, tableName: type.tableName, comment: "")
                }
            }
            """)
        project.write("Sources/DownloadViewController.swift", """
            import UIKit
            final class DownloadViewController: UIViewController {
                func failed() -> [String] {
                    [String(localizationKey: "Done"), String(localizationKey: "Queue"), String(localizationKey: "Download_Failed", type: .error)]
                }
            }
            """)
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.wrongTable).isEmpty, "\(report.findings(.wrongTable).map(\.message))")
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
        #expect(!report.findings(.unusedKey).contains { $0.key == "Download_Failed" }, "\(report.findings(.unusedKey).map(\.message))")
    }

    /// Zebra's wrapper takes its table as an optional argument, `tableName: String? = nil`, that most calls leave out:
    /// those calls read the default table (66 `key-not-in-catalog` errors against no table at all, and a failed run).
    @Test func aWrappersTableArgumentLeftOutIsItsDefault() throws {
        let project = Self.app(sources: [
            "Sources/String+Localization.swift": """
            import Foundation
            public extension String {
                static func localize(_ key: String, bundle: Bundle? = nil, tableName: String? = nil, comment: String = "") -> String {
                    NSLocalizedString(key, tableName: tableName, bundle: bundle ?? .main, comment: comment)
                }
            }
            """,
            "Sources/Screen.swift": """
            import Foundation
            struct Screen {
                var title: String { .localize("about.title") }
                var count: String { String(format: .localize("items.count"), 3) }
                var hello: String { .localize("greeting", tableName: "Localizable") }
            }
            """,
        ])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings(.keyNotInCatalog).map(\.message))")
        #expect(report.findings(.unusedKey).compactMap(\.key) == ["legacy.banner"], "\(report.findings(.unusedKey).map(\.message))")
    }

    /// A package manager's shape (Zebra, 2026-12-08): the names of a repository's sections ("Tweaks", "Themes") come from
    /// its data and are translated with `NSLocalizedString(self.section, @"")`; no code holds them, and plain `--fix`
    /// deleted them from every locale. A read with a key the scan does not follow (a property, a closure's `$0`, a local
    /// computed from data) may be of any key of its table: each key that looks unused is still said, naming that read, and
    /// only `--fix --force` deletes it. A key that is a parameter of the function or method around the read (a wrapper),
    /// or a name the file assigns literals to, is followed and holds nothing back.
    @Test func aKeyTheCodeComputesFromDataHoldsItsTableBackFromFix() throws {
        for (path, source) in [
            ("Sources/PackageListViewController.m", """
            #import <UIKit/UIKit.h>
            @implementation PackageListViewController
            - (NSString *)localizedTitle:(NSString *)title {
                return NSLocalizedString(title, @"");
            }
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.title = self.section ? NSLocalizedString(self.section, @"") : NSLocalizedString(@"about.title", @"");
                self.prompt = [NSString stringWithFormat:NSLocalizedString(@"items.count", @""), self.packages.count];
            }
            @end
            """),
            ("Sources/SectionViewController.m", """
            #define ZBLocalized(key) NSLocalizedString(key, @"")
            @implementation SectionViewController
            - (NSString *)titleForSection:(NSString *)section {
                return NSLocalizedString(section, @"");
            }
            - (void)setup:(ZBPackage *)package {
                self.a.text = ZBLocalized(@"about.title");
                self.b.text = [[NSBundle mainBundle] localizedStringForKey:@"items.count" value:nil table:nil];
                self.c.text = ZBLocalized(package.section);
                self.d.text = [[NSBundle mainBundle] localizedStringForKey:package.name value:nil table:nil];
            }
            @end
            """),
            ("Sources/PackageList.swift", """
            import Foundation
            final class PackageList {
                var section: String?
                var title: String { section.map { NSLocalizedString($0, comment: "") } ?? NSLocalizedString("about.title", comment: "") }
                var prompt: String { String(format: NSLocalizedString("items.count", comment: ""), packages.count) }
            }
            """),
        ] {
            let project = Self.app(sources: [path: source])
            let report = try project.usageReport(catalogs: "App")
            let unused = report.findings(.unusedKey)
            #expect(unused.compactMap(\.key).sorted() == ["greeting", "legacy.banner"], "\(path): \(unused.map(\.message))")
            #expect(unused.allSatisfy { $0.message.contains("reads Localizable with a key it computes at run time (") && $0.message.contains("--fix leaves it; --fix --force deletes it") },
                    "\(path): \(unused.map(\.message))")
            #expect(report.unusedKeys.isEmpty && report.unverifiedKeys.count == 2, "\(path)")
            let run = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
            #expect(run.error.contains("--fix left 2 key(s) that look unused in Localizable alone"), "\(path): \(run.error)")
            #expect(project.read("App/de.lproj/Localizable.strings").contains("\"legacy.banner\" = \"Altes Banner\";"), "\(path)")
        }
        // Followed: a Swift wrapper's parameter, an Objective-C macro's, and a name assigned literals. (An Objective-C
        // method's parameter is not: the scan does not follow its callers.)
        let followed = Self.app(sources: [
            "Sources/Strings.h": "#define AppLocalized(key) \\\n    NSLocalizedString(key, @\"\")\n",
            "Sources/Strings.swift": """
            import Foundation
            func localized(_ key: String) -> String { NSLocalizedString(key, comment: "") }
            let titles = [localized("about.title"), localized("greeting")]
            func banner(locked: Bool) -> String {
                let key = locked ? "about.title" : "greeting"
                return NSLocalizedString(key, comment: "")
            }
            """,
        ])
        let report = try followed.usageReport(catalogs: "App")
        #expect(report.unusedKeys.map(\.key).sorted() == ["items.count", "legacy.banner"], "\(report.findings.map(\.message))")
        #expect(report.unverifiedKeys.isEmpty, "\(report.findings.map(\.message))")
    }

    /// xdripswift's shape: a `Common` table of six keys its `Texts` enum reads (so the scan vouches for it), `english`
    /// and `german` entries after them and an unused `legacy`, and `calls` added to the enum (from line 9 on).
    static func commonTable(english: String, german: String, calls: String) -> ProjectFolder {
        let project = ProjectFolder()
        let base = (0..<6).map { "\"common.item\($0)\" = \"Item \($0)\";\n" }.joined()
        project.write("App/en.lproj/Common.strings", base + english + "\"legacy\" = \"Old\";\n")
        project.write("App/de.lproj/Common.strings", base + german + "\"legacy\" = \"Alt\";\n")
        project.write("Sources/Texts.swift", "import Foundation\nenum Texts {\n"
                      + (0..<6).map { "    static let item\($0) = NSLocalizedString(\"common.item\($0)\", tableName: \"Common\", comment: \"\")\n" }.joined()
                      + calls + "}\n")
        return project
    }

    /// xdripswift (2026-12-07): the code reads "Off" where the table has "off"; `--fix --force` deleted "off" from 18
    /// locales, the translations the app would show once either is renamed. A key that differs only in case from one the
    /// code reads is said so and kept.
    @Test func aKeyTheCodeReadsWithOtherCapitalsIsNeverDeleted() throws {
        let project = Self.commonTable(english: "\"off\" = \"Off\";\n", german: "\"off\" = \"Aus\";\n",
                                       calls: "    static let off = NSLocalizedString(\"Off\", tableName: \"Common\", value: \"off\", comment: \"\")\n")
        let run = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix", "--force"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.output.contains("\"off\" is in Common (en) but the code at Sources/Texts.swift:9:"), "\(run.output)")
        #expect(run.output.contains("reads \"Off\", which differs only in case"), "\(run.output)")
        #expect(project.read("App/de.lproj/Common.strings").contains("\"off\" = \"Aus\";"), "\(run.error)")
        #expect(!project.read("App/de.lproj/Common.strings").contains("legacy"), "\(run.error)")
    }

    /// xdripswift (2026-12-07): the code reads `NSLocalizedString("common_next", tableName: "Common", value: "Next", …)`
    /// where the table has `"next" = "Next";`, a key renamed in the code only (four such in 18 locales); `--fix --force`
    /// deleted the translations a rename would bring back. A key whose text is what a call the table lacks shows (its
    /// default value, or its key where it is the text) is said so and kept.
    @Test func aKeyRenamedInTheCodeOnlyIsNeverDeleted() throws {
        let project = Self.commonTable(english: "\"next\" = \"Next\";\n\"save_title\" = \"Save all\";\n",
                                       german: "\"next\" = \"Weiter\";\n\"save_title\" = \"Alles sichern\";\n",
                                       calls: "    static let next = NSLocalizedString(\"common_next\", tableName: \"Common\", value: \"Next\", comment: \"\")\n"
                                           + "    static let save = NSLocalizedString(\"Save all\", tableName: \"Common\", comment: \"\")\n")
        let run = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix", "--force"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.output.contains("\"next\" is in Common (en) but no scanned code uses it, and the code at Sources/Texts.swift:9:"), "\(run.output)")
        #expect(run.output.contains("reads \"common_next\", which Common does not have, for the same text \"Next\""), "\(run.output)")
        #expect(run.output.contains("reads \"Save all\", which Common does not have, for the same text \"Save all\""), "\(run.output)")
        let german = project.read("App/de.lproj/Common.strings")
        #expect(german.contains("\"next\" = \"Weiter\";") && german.contains("\"save_title\" = \"Alles sichern\";"), "\(run.error)")
        #expect(!german.contains("legacy"), "\(run.error)")
        // In a table the scan cannot vouch for too (the re-check of 2026-12-07: an app moving from identifier keys to
        // text keys, `Text("Hello there")` beside `"greeting.title" = "Hello there";`, lost them to --fix --force).
        let moving = ProjectFolder()
        moving.write("App/en.lproj/Localizable.strings", "\"greeting.title\" = \"Hello there\";\n\"alert.title\" = \"Settings Detected!\";\n\"used.key\" = \"Used\";\n")
        moving.write("App/de.lproj/Localizable.strings", "\"greeting.title\" = \"Hallo zusammen\";\n\"alert.title\" = \"Einstellungen gefunden!\";\n\"used.key\" = \"Benutzt\";\n")
        moving.write("Sources/V.swift", "import SwiftUI\nstruct V: View {\n    @State var show = false\n    var body: some View {\n"
                     + "        VStack { Text(\"Hello there\"); Text(\"used.key\") }.alert(\"Settings Detected!\", isPresented: $show) {}\n    }\n}\n")
        let forced = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix", "--force"], in: moving.root), "the l10n binary is built before the tests")
        #expect(forced.output.contains("\"greeting.title\" is in Localizable (en) but no scanned code uses it, and the code at Sources/V.swift:5:"), "\(forced.output)")
        #expect(moving.read("App/de.lproj/Localizable.strings").contains("\"alert.title\" = \"Einstellungen gefunden!\";"), "\(forced.error)")
        #expect(moving.read("App/de.lproj/Localizable.strings").contains("\"greeting.title\" = \"Hallo zusammen\";"), "\(forced.error)")
        // Explained, they do not look unused: the table is no longer one the scan cannot vouch for.
        #expect(!forced.output.contains("unverifiable-table"), "\(forced.output)")
        // Capitals aside (openHAB: `Text("Demo Mode")` beside `"demo_mode" = "Demo mode";`), and a translation's key the
        // code reads is the base's gap, not one to remove (OwnTracks' de "Open"); a path is no text to translate.
        let openHAB = ProjectFolder()
        openHAB.write("App/en.lproj/Localizable.strings", (0..<4).map { "\"k\($0)\" = \"Text \($0)\";\n" }.joined() + "\"demo_mode\" = \"Demo mode\";\n")
        openHAB.write("App/de.lproj/Localizable.strings", (0..<4).map { "\"k\($0)\" = \"Text \($0) de\";\n" }.joined() + "\"demo_mode\" = \"Demomodus\";\n\"Open\" = \"Öffnen\";\n")
        openHAB.write("Sources/S.swift", "import SwiftUI\nstruct S: View {\n    @State var path = \"\"\n    var body: some View {\n        VStack {\n"
                      + (0..<4).map { "            Text(\"k\($0)\")\n" }.joined()
                      + "            Text(\"Demo Mode\")\n            Text(\"Open\")\n            TextField(\"/overview/\", text: $path)\n        }\n    }\n}\n")
        let cased = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix", "--force"], in: openHAB.root), "the l10n binary is built before the tests")
        #expect(cased.output.contains("\"demo_mode\" is in Localizable (en) but no scanned code uses it, and the code at Sources/S.swift:10:"), "\(cased.output)")
        #expect(openHAB.read("App/de.lproj/Localizable.strings").contains("\"demo_mode\" = \"Demomodus\";"), "\(cased.error)")
        #expect(cased.output.contains("\"Open\" is not in the base locale's Localizable table, but the code at Sources/S.swift:11:"), "\(cased.output)")
        #expect(!cased.output.contains("/overview/"), "\(cased.output)")
    }

    /// XcodesApp (2026-12-07): "Universal" is `extractionState: stale` in its String Catalog, but read by
    /// `localizeString("Universal")`; with `--sources` the advice still said "if no code reads it any more, remove it". The
    /// check names where the code reads a stale key, and a stale key no code reads is its unused-key alone.
    @Test func aStaleEntryTheCodeReadsSaysWhereAndOneItDoesNotIsItsUnusedKey() throws {
        let project = ProjectFolder()
        let entries = (0..<6).map { "\"Item \($0)\": {\"localizations\": {\"de\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Ding \($0)\"}}}}" }
        project.write("App/Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {"
                      + (entries + ["\"Universal\": {\"extractionState\": \"stale\", \"localizations\": {\"de\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Universell\"}}}}",
                                    "\"Gone\": {\"extractionState\": \"stale\", \"localizations\": {\"de\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Weg\"}}}}"]).joined(separator: ", ")
                      + "}}")
        project.write("Sources/V.swift", "import SwiftUI\nstruct V: View {\n    var body: some View {\n        VStack {\n"
                      + (0..<6).map { "            Text(\"Item \($0)\")\n" }.joined() + "            Text(\"Universal\")\n        }\n    }\n}\n")
        let run = try #require(try runL10n(["lint", "App", "--sources", "Sources"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.output.contains("\"Universal\" is stale in Localizable (extractionState: stale), but the code at Sources/V.swift:11:"), "\(run.output)")
        #expect(!run.output.contains("\"Gone\" is stale") && run.output.contains("\"Gone\" is in Localizable (en) but no scanned code uses it"), "\(run.output)")
    }

    /// reminders-menubar (2026-12-07): every text is read as `rmbLocalized(.caseName)`, a function that looks up
    /// `key.rawValue` of its enum parameter; `--fix --force` deleted 176 of the 177 keys. The enum's cases are keys.
    @Test func theCasesOfAnEnumWhoseRawValueIsLookedUpAreKeys() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", "\"aboutTab\" = \"About\";\n\"quitButton\" = \"Quit\";\n\"custom\" = \"Custom\";\n\"legacy\" = \"Old\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"aboutTab\" = \"Über\";\n\"quitButton\" = \"Beenden\";\n\"custom\" = \"Eigen\";\n\"legacy\" = \"Alt\";\n")
        project.write("Sources/Localized.swift", """
        import Foundation
        enum LocalizedKeys: String {
            case aboutTab
            case quitButton
            case customLabel = "custom"
        }
        func appLocalized(_ key: LocalizedKeys, arguments: CVarArg...) -> String {
            Bundle.main.localizedString(forKey: key.rawValue, value: nil, table: nil)
        }
        let about = appLocalized(.aboutTab)
        """)
        let run = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix", "--force"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.error.contains("removed 1 unused key(s) from each of 2 files"), "\(run.error)")
        #expect(project.read("App/de.lproj/Localizable.strings") == "\"aboutTab\" = \"Über\";\n\"quitButton\" = \"Beenden\";\n\"custom\" = \"Eigen\";\n", "\(run.error)")
    }

    /// codeapp (2026-12-07): `SideBarButton("Initialize Repository")` stores its title and shows
    /// `Text(NSLocalizedString(title, comment: ""))`, a flow the scan does not follow; the translations of such texts,
    /// which the base lacks, were each "not in the base locale; remove it". Passed on by a call, it is said so.
    @Test func aTranslationOfATextTheCodePassesOnIsNotToldToBeRemoved() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", (0..<4).map { "\"k\($0)\" = \"Text \($0)\";\n" }.joined())
        project.write("App/de.lproj/Localizable.strings", (0..<4).map { "\"k\($0)\" = \"Text \($0) de\";\n" }.joined()
                      + "\"Initialize Repository\" = \"Repository initialisieren\";\n\"Old Button\" = \"Alter Knopf\";\n")
        project.write("Sources/V.swift", """
        import SwiftUI
        struct SideBarButton: View {
            @State var title: String
            init(_ title: String) { _title = State(initialValue: title) }
            var body: some View { Text(NSLocalizedString(title, comment: "")) }
        }
        struct V: View {
            var body: some View {
                VStack {
                    \((0..<4).map { "Text(\"k\($0)\")" }.joined(separator: "; "))
                    SideBarButton("Initialize Repository")
                }
            }
        }
        """)
        let run = try #require(try runL10n(["lint", "App", "--sources", "Sources"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.output.contains("\"Initialize Repository\" is not in the base locale's Localizable table, but the code at Sources/V.swift:11:"), "\(run.output)")
        #expect(run.output.contains("(SideBarButton(…)) passes this text on"), "\(run.output)")
        #expect(run.output.contains("\"Old Button\" is not in the base locale (en); remove it"), "\(run.output)")
    }

    /// MeetingBar (2026-12-07): a --fix with nothing to delete printed nothing about the fix at all.
    @Test func aFixWithNothingToDeleteSaysSo() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", "\"title\" = \"Title\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"title\" = \"Titel\";\n")
        project.write("Sources/App.swift", "import Foundation\nlet title = NSLocalizedString(\"title\", comment: \"\")\n")
        let run = try #require(try runL10n(["lint", "App", "--sources", "Sources", "--fix"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.status == 0 && run.error.contains("--fix deleted nothing: no key is unused"), "\(run.error)")
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

    /// pocket-casts (2026-12-07): `extension L10n { static var plusCloudStorageLimit: String {
    /// plusCloudStorageLimitFormat(…) } }` uses a generated member by its bare name; the key looked unused and
    /// `--fix --force` deleted it. A bare name (or `Self.name`) inside an extension of the generated type is a use of that
    /// member, in an extension of a nested enum too.
    @Test func aGeneratedMemberUsedByItsBareNameInAnExtensionOfItsTypeIsUsed() throws {
        let project = Self.app(sources: ["Sources/Strings.swift": Self.swiftGenFile, "Sources/Settings.swift": """
        import Foundation

        extension L10n {
            static var welcome: String { greeting(Settings.userName) }
        }

        extension L10n.Legacy {
            static var shown: String { Self.banner }
        }

        final class Settings { static let userName = "Ana" }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unusedKey).map(\.key) == ["about.title", "items.count"], "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.findings(.keyNotInCatalog).isEmpty)
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

    /// CodeEdit (2026-12-06): an English-only table and 692 SwiftUI literals it lacks. With no translation in the
    /// catalog every user sees the text right: a note each, not a warning, until a second language arrives.
    @Test func aTextKeyMissingFromAnUntranslatedAppIsANoteUntilALanguageArrives() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", "\"Settings\" = \"Settings\";\n\"Open\" = \"Open\";\n")
        project.write("Sources/View.swift", """
        import SwiftUI

        struct AboutView: View {
            var body: some View {
                VStack { Text("Settings"); Text("MIT License"); LabeledContent("Install Method", value: "npm") }
            }
        }
        """)
        let english = try project.usageReport(catalogs: "App")
        let note = try #require(english.findings(.missingKey).first { $0.key == "MIT License" })
        #expect(note.severity == .info)
        #expect(note.message.contains("the catalog has no language but en yet, so every user sees it right"), "\(note.message)")
        #expect(english.findings(.missingKey).count == 2 && english.findings(.missingKey).allSatisfy { $0.severity == .info },
                "\(english.findings(.missingKey).map(\.message))")
        project.write("App/fr.lproj/Localizable.strings", "\"Settings\" = \"Réglages\";\n")
        let translated = try project.usageReport(catalogs: "App")
        let warning = try #require(translated.findings(.missingKey).first { $0.key == "MIT License" })
        #expect(warning.severity == .warning && warning.message.contains("which no translation of table \"Localizable\" has"))
        #expect(translated.findings(.missingKey).allSatisfy { $0.severity == .warning })
    }

    /// Mastodon (2026-12-06): `l10n usage` given the folder that holds a converter's package reads what lint reads, and
    /// leaves the converter's input out with the same note; no key of it is reported unused, nor removed by `--fix`.
    @Test func usageLeavesOutAConvertersInputAsLintDoes() throws {
        let project = ProjectFolder()
        project.write("Catalogs/Converter/Package.swift", "let package = Package(name: \"Converter\", targets: [.target(name: \"Converter\")])\n")
        project.write("Catalogs/Converter/input/en.lproj/Localizable.strings", "\"old.title\" = \"Old\";\n")
        project.write("Catalogs/en.lproj/Localizable.strings", "\"title\" = \"Title\";\n")
        project.write("Sources/View.swift", "let title = NSLocalizedString(\"title\", comment: \"\")\n")
        let outcome = UsageCommands.usage(.init(sources: [project.path("Sources")], catalogPaths: [project.path("Catalogs")]))
        #expect(outcome.standardError.contains("left out the catalogs in \(project.path("Catalogs/Converter/input"))"), "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("old.title"), "\(outcome.standardOutput)")
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
            - (NSString *)missingToo { return SPLocalizedString(@"own.macro.key", nil); }
            #define TranslateKeyword(k) SPLocalizedString(@"items." k, nil)
            @end
            """,
        ])
        let report = try project.usageReport(catalogs: "App")
        // Used from Objective-C: items.count and greeting; the string and the comment are no use.
        #expect(report.findings(.unusedKey).map(\.key) == ["legacy.banner"], "\(report.findings.map(\.message))")
        // A macro that pastes its parameter on builds keys from its literal.
        #expect(report.scan.keyPrefixesSeen.contains("items."))
        // A key no table has is reported where Foundation's own macro names it (Sequel-Ace's 78 such texts were shown
        // in English everywhere, unreported); not through the app's macros, which the scan does not expand.
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["no.such.key"], "\(report.findings.map(\.message))")
    }

    /// Sequel-Ace (2026-12-07): `NSLocalizedString(@"…version\u00A0%1$ld…")` names a key with a no-break space, read as
    /// the letters `u00A0`: the key looked unused and `--fix --force` deleted it from 16 locales. C's escapes are read.
    @Test func objectiveCEscapesInAKeyAreReadAsCReadsThem() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings",
                      "\"Version\u{00A0}%ld is old\" = \"Version\u{00A0}%ld is old\";\n\"Ellipsis\u{2026}\" = \"Ellipsis\u{2026}\";\n"
                      + "\"Octal A\" = \"Octal A\";\n\"Smile \u{1F600}\" = \"Smile\";\n\"Hex A\" = \"Hex A\";\n\"legacy\" = \"Old\";\n")
        project.write("Sources/A.m", """
            NSString *a(void) { return NSLocalizedString(@"Version\\u00A0%ld is old", @"c"); }
            NSString *b(void) { return NSLocalizedString(@"Ellipsis\\u2026", @"c"); }
            NSString *c(void) { return NSLocalizedString(@"Octal \\101", @"c"); }
            NSString *d(void) { return NSLocalizedString(@"Smile \\U0001F600", @"c"); }
            NSString *e(void) { return NSLocalizedString(@"Hex \\x41", @"c"); }
            """)
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unusedKey).map(\.key) == ["legacy"], "\(report.findings.map(\.message))")
    }

    /// Sequel-Ace (the re-check of 2026-12-07): 91 of 92 Objective-C findings were a line or more below their call, one
    /// more for each line above it that ends in a name (the look past the name for a `(` counted its line break twice).
    @Test func anObjectiveCFindingIsAtItsCallsLine() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", "\"Hello\" = \"Hello\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"Hello\" = \"Hallo\";\n")
        project.write("Sources/A.m", "foo\nbar\n  x = NSLocalizedString(@\"ZZZ\", @\"c\");\nbaz\ny = NSLocalizedString(@\"Hello\", @\"c\");\nz = NSLocalizedString(@\"Bell\\a\", @\"c\");\n")
        project.write("Sources/B.m", "- (void)pin { t = NSLocalizedString([self isPinned] ? @\"Unpin Tables\" : @\"Hello\", @\"menu\"); }\n"
                      + "z = NSLocalizedStringFromTable(@\"CCC\",\n    @\"Errors\", nil);\nw = NSLocalizedString(@\"DDD\", @\"c\");\n")
        let report = try project.usageReport(catalogs: "App")
        let missing = report.findings(.missingKey).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column) \($0.key ?? "")" }
        // A conditional's branches are keys too (Sequel-Ace's `pinned ? @"Unpin Tables" : @"Pin Tables"`).
        #expect(missing == ["A.m:3:25 ZZZ", "A.m:6:23 Bell\u{7}", "B.m:1:55 Unpin Tables", "B.m:2:32 CCC", "B.m:4:23 DDD"], "\(report.findings.map(\.message))")
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

    /// A single-language app whose base is what genstrings writes (`"Cancel" = "Cancel";`): the code passes its text as
    /// the key, so a lowercase word, a scope name or a URL shown in a `Text` is text the user reads as it is, not a key
    /// gone missing. It still lacks a translation, which is a warning.
    @Test func anIdentityBaseTakesItsKeysAsText() throws {
        let project = ProjectFolder()
        var base = ""
        for word in ["General", "Appearance", "Light", "Dark", "Show in Finder", "Copy Path"] { base += "\"\(word)\"=\"\(word)\";\n" }
        project.write("Localization/en.lproj/Localizable.strings", base)
        project.write("Sources/SigninView.swift", """
        import SwiftUI

        struct SigninView: View {
            var body: some View {
                Text("Appearance")
                Text("spaces")
                Text("write:discussion")
                TextField("https://git.example.com", text: .constant(""))
                Image(systemName: "gear").accessibilityLabel("inspector")
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.keyNotInCatalog).isEmpty, "\(report.findings.map(\.message))")
        #expect(report.findings(.missingKey).map(\.key) == ["spaces", "write:discussion", "https://git.example.com", "inspector"])
    }

    /// The same words beside a base whose keys are identifiers are still keys the table lacks.
    @Test func anIdentifierBaseKeepsItsMissingKeysErrors() throws {
        let project = ProjectFolder()
        var base = ""
        for word in ["general", "appearance", "light", "dark", "finder", "path"] { base += "\"settings.\(word)\"=\"\(word.capitalized)\";\n" }
        project.write("Localization/en.lproj/Localizable.strings", base)
        project.write("Sources/SigninView.swift", """
        import SwiftUI

        struct SigninView: View {
            var body: some View {
                Text("settings.light")
                Text("settings.lihgt")
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.conventions.keysAsText.isEmpty)
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["settings.lihgt"], "\(report.findings.map(\.message))")
    }

    @Test func rSwiftAccessorsMapToKeysWithoutAGeneratedFile() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "GotIt" = "Got it";
        "JITMenuDesc" = "Just-in-time compilation";
        "welcome.title" = "Welcome, %@";
        "Unused Entry" = "Never shown";
        """)
        project.write("Sources/Intro.swift", """
        import UIKit

        final class IntroController: UIViewController {
            func configure(name: String) {
                button.setTitle(R.string.localizable.gotIt(), for: .normal)
                detail.text = R.string.localizable.jitMenuDesc()
                title = R.string.localizable.welcomeTitle(name)
                footer.text = R.string.localizable.notAKey()
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).map(\.key) == ["Unused Entry"], "\(report.findings.map(\.message))")
        #expect(report.findings(.unverifiableTable).isEmpty)
        #expect(report.findings(.keyNotInCatalog).count == 1)
    }

    @Test func keysBuiltFromALiteralStartAreNeverCalledUnused() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "winetricks.category.dlls" = "DLLs";
        "winetricks.category.fonts" = "Fonts";
        "alert.disk_full.title" = "Disk full";
        "menu.open" = "Open";
        "menu.close" = "Close";
        "settings.title" = "Settings";
        "settings.unused" = "Unused";
        """)
        project.write("Sources/Winetricks.swift", """
        import Foundation

        enum Category: String { case dlls, fonts }

        func title(of category: Category) -> String {
            let key = "winetricks.category.\\(category.rawValue)"
            return NSLocalizedString(key, comment: "")
        }

        func showAlert(_ name: String) -> String {
            NSLocalizedString("alert.\\(name).title", comment: "")
        }

        func menuTitle(_ item: String) -> String {
            NSLocalizedString("menu." + item, comment: "")
        }

        func settings() -> String {
            let key = "settings.title"
            return NSLocalizedString(key, comment: "")
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).map(\.key) == ["settings.unused"], "\(report.findings.map(\.message))")
        #expect(report.tables.first?.dynamicallyUsed == 5)
    }

    @Test func keysKeptAsDataAndLocalizedThroughAPropertyCountAsUsed() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "clear_all" = "Clear all";
        "3 sec" = "3 seconds";
        "Brown" = "Brown";
        "preferences" = "Preferences";
        "settings.unused" = "Unused";
        """)
        project.write("Sources/Footer.swift", """
        import SwiftUI

        struct FooterItem { let title: String }
        struct KeyValue { let key: String; let value: String }

        let footer = [FooterItem(title: "clear_all"), FooterItem(title: "preferences")]
        let intervals = [KeyValue(key: "3", value: "3 sec"), KeyValue(key: "brown", value: "Brown")]

        struct FooterView: View {
            var body: some View {
                ForEach(footer, id: \\.title) { item in Text(LocalizedStringKey(item.title)) }
                ForEach(intervals, id: \\.key) { entry in Text(localizedString(entry.value)) }
            }
        }

        func localizedString(_ key: String) -> String { NSLocalizedString(key, comment: "") }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).map(\.key) == ["settings.unused"], "\(report.findings.map(\.message))")
        #expect(report.findings(.keyNotInCatalog).isEmpty)
    }

    /// IceCubesApp's notification service: a `String` function returns a key per case, and the caller localizes what
    /// it returns. A literal a `String` function or property returns is held like an argument, never called unused.
    @Test func keysAStringFunctionOrPropertyReturnsCountAsUsed() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "notifications.follow.push" = "followed you";
        "notifications.boost.push" = "boosted your post";
        "notifications.reply" = "replied";
        "settings.title" = "Settings";
        "settings.accounts" = "Accounts";
        "settings.about" = "About";
        "settings.unused" = "Unused";
        """)
        project.write("Sources/NotificationService.swift", """
        import Foundation

        enum Kind {
            case follow, boost, reply
            func notificationKey() -> String {
                switch self {
                case .follow: "notifications.follow.push"
                case .boost:
                    return "notifications.boost.push"
                case .reply: ""
                }
            }
            var replyKey: String? { self == .reply ? "notifications.reply" : nil }
        }

        func body(for kind: Kind) -> String {
            NSLocalizedString(kind.notificationKey(), comment: "") + NSLocalizedString(kind.replyKey ?? "", comment: "")
        }

        let titles = [NSLocalizedString("settings.title", comment: ""), NSLocalizedString("settings.accounts", comment: ""),
                      NSLocalizedString("settings.about", comment: "")]
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).map(\.key) == ["settings.unused"], "\(report.findings.map(\.message))")
        #expect(report.findings(.keyNotInCatalog).isEmpty)
    }

    @Test func macOSAndAppIntentsTitlesImplicitInitialisersAndBacktickedMembersAreKeys() throws {
        let usage = scan("""
        import SwiftUI
        import AppIntents

        struct ProcessTable: View {
            var body: some View {
                Table(processes) {
                    TableColumn("process.table.pid", value: \\.pid)
                }
            }
        }

        struct Commands: SwiftUI.Commands {
            var body: some SwiftUI.Commands { CommandMenu("menu.tools") { } }
        }

        struct AppScene: Scene {
            var body: some Scene { Window("window.about", id: "about") { } }
        }

        struct Shortcut: AppEntity {
            static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "entity.note")
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "entity.title", subtitle: "entity.subtitle") }
        }

        struct Tab { var label: String = .init(localized: "tab.about", defaultValue: "About") }
        """)
        #expect(usage.keys == ["process.table.pid", "menu.tools", "window.about", "entity.note", "entity.title", "entity.subtitle", "tab.about"])
        #expect(UsageVisitor.unquoted("`default`") == "default")
    }

    @Test func aHandWrittenTypeWhoseMembersWrapACallIsNoAccessorNamespace() throws {
        let project = Self.app(sources: ["Sources/Units.swift": """
        import Foundation

        struct ByteUnit {
            let label: String
            static let items = ByteUnit(label: OCLocalizedString("items.count", nil))
            static let about = ByteUnit(label: OCLocalizedString("about.title", nil))
            static let greeting = ByteUnit(label: OCLocalizedString("greeting", nil))
        }

        let units: [ByteUnit] = [.items, .about]
        """])
        let report = try project.usageReport(catalogs: "App")
        // The keys are named where the members are defined; their uses do not spell `ByteUnit.items`.
        #expect(report.findings(.unusedKey).map(\.key) == ["legacy.banner"], "\(report.findings.map(\.message))")
    }

    /// WooCommerce (2026-12-07): `private extension OrdersListView { enum Localization { static let title =
    /// AppLocalizedString("watch.orders.title", …) } }` with five members is a namespace of accessors, and the view names
    /// them as Swift looks them up from inside it: `Text(Localization.title)`. Only `OrdersListView.Localization.title`
    /// counted, so --fix deleted the keys; and a private type of the same name in another file, with its own enum,
    /// overwrote the first one's accessors.
    @Test func accessorsNamedFromInsideTheirTypeOrAnotherFilesTypeOfTheSameNameAreUses() throws {
        let project = Self.app(sources: [
            "Sources/Wrap.swift": """
            import Foundation
            func AppLocalizedString(_ key: String, value: String, comment: String) -> String {
                NSLocalizedString(key, value: value, comment: comment)
            }
            """,
            "Sources/ListView.swift": """
            import SwiftUI
            struct ListView: View {
                var body: some View { VStack { Text(Localization.title); Text(Self.Localization.greeting) } }
                struct Row { let label = Localization.items }
            }
            private extension ListView {
                enum Localization {
                    static let title = AppLocalizedString("about.title", value: "About", comment: "c")
                    static let items = AppLocalizedString("items.count", value: "%d items", comment: "c")
                    static let greeting = AppLocalizedString("greeting", value: "Hello %@", comment: "c")
                }
            }
            """,
            "Sources/Other.swift": """
            import SwiftUI
            private struct ListView: View {
                var body: some View { Text(Localization.banner) }
            }
            private extension ListView {
                enum Localization { static let banner = AppLocalizedString("legacy.banner", value: "Old banner", comment: "c") }
            }
            """,
        ])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unusedKey).isEmpty, "\(report.findings(.unusedKey).map(\.message))")
        #expect(report.unusedKeys.isEmpty)
    }

    /// openfoodfacts (2026-12-07) swizzles `Bundle.localizedString(forKey:value:table:)`: its `@objc` method looks the
    /// keys UIKit asks of its CameraUI table up in Localizable (`NSLocalizedString(key, …)`), and calls only itself (the
    /// original). No scanned call names those keys, and --fix deleted 12 of them. Such a wrapper, which the runtime may
    /// call and no scanned code gives a key, may read any key of the table it chooses: each looks-unused key is still
    /// said, and --fix leaves it (--force deletes it). An override that passes the table it is given on reads only what
    /// its callers ask for, and changes nothing.
    @Test func aKeyAMethodTheRuntimeCallsMayReadIsSaidButNotDeletedByFix() throws {
        // The app's own calls, which read every key but one.
        let calls = """
            let title = NSLocalizedString("about.title", comment: "")
            let items = String(format: NSLocalizedString("items.count", comment: ""), 2)
            let hello = String(format: NSLocalizedString("greeting", comment: ""), "x")

            """
        let swizzle = """
            import Foundation
            extension Bundle {
                @objc private func swizzledLocalizedString(forKey key: String, value: String?, table: String?) -> String {
                    if table == "CameraUI" { return NSLocalizedString(key, comment: "camera") }
                    return swizzledLocalizedString(forKey: key, value: value, table: table)
                }
            }

            """ + calls
        let project = Self.app(sources: ["Sources/Bundle.swift": swizzle])
        let report = try project.usageReport(catalogs: "App")
        let unused = try #require(report.findings(.unusedKey).first)
        #expect(unused.key == "legacy.banner" && unused.message.contains("swizzledLocalizedString(…) looks keys of Localizable up"), "\(unused.message)")
        #expect(report.unusedKeys.isEmpty && report.unverifiedKeys.map(\.key) == ["legacy.banner"])

        let forwarding = Self.app(sources: ["Sources/Bundle.swift": """
            import Foundation
            final class LocalizedBundle: Bundle {
                override func localizedString(forKey key: String, value: String?, table tableName: String?) -> String {
                    Bundle.main.localizedString(forKey: key, value: value, table: tableName)
                }
            }

            """ + calls])
        let forwarded = try forwarding.usageReport(catalogs: "App")
        #expect(forwarded.unusedKeys.map(\.key) == ["legacy.banner"], "\(forwarded.findings.map(\.message))")
    }

    /// Monal's "Audio recoder init fail." beside `NSLocalizedString(@"Audio recorder init fail.")`, Sequel-Ace's
    /// "Clear History for %@" beside the code's "Clear History for “%@”" (16): a text corrected in the code only. --fix
    /// deleted their translations as unused; it is said as a rename now, and kept.
    @Test func aTextKeyOneTypoFromATextTheCodeReadsIsARenameNotUnused() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", "\"Audio recoder init fail.\" = \"Audio recoder init fail.\";\n\"Kept as it is\" = \"Kept as it is\";\n\"Something else entirely\" = \"Something else entirely\";\n")
        project.write("Localization/de.lproj/Localizable.strings", "\"Audio recoder init fail.\" = \"Audio-Rekorder fehlgeschlagen.\";\n\"Kept as it is\" = \"So\";\n\"Something else entirely\" = \"Anders\";\n")
        project.write("Sources/App.swift", "import Foundation\nlet a = NSLocalizedString(\"Audio recorder init fail.\", comment: \"\")\nlet b = NSLocalizedString(\"Kept as it is\", comment: \"\")\n")
        let report = try project.usageReport()
        let rename = try #require(report.findings(.unusedKey).first { $0.key == "Audio recoder init fail." })
        #expect(rename.message.contains("reads \"Audio recorder init fail.\"") && rename.message.contains("differs from it by a character or two"), "\(rename.message)")
        #expect(report.unusedKeys.map(\.key) == ["Something else entirely"], "\(report.unusedKeys)")
    }

    /// Monal: "Base users see it right and every other language sees it in Base": Base.lproj is a folder, the language en.
    @Test func aTextMissingFromABaseLprojTableNamesTheLanguageNotTheFolder() throws {
        let project = ProjectFolder()
        project.write("Localization/Base.lproj/Localizable.strings", "\"Known\" = \"Known\";\n")
        project.write("Localization/de.lproj/Localizable.strings", "\"Known\" = \"Bekannt\";\n")
        project.write("Localization/en.lproj/InfoPlist.strings", "\"CFBundleName\" = \"App\";\n")
        project.write("Sources/V.swift", "import SwiftUI\nlet a = Text(\"Known\")\nlet b = Text(\"New text here\")\n")
        let missing = try #require(try project.usageReport().findings(.missingKey).first)
        #expect(missing.message.contains("en users see it right and every other language sees it in en"), "\(missing.message)")
    }

    @Test func aTextKeyTheBaseLacksButTranslationsHaveSaysSo() throws {
        let project = Self.app(sources: ["Sources/Tabs.swift": "import SwiftUI\nlet select = Text(\"Select all\")\n"])
        project.write("App/de.lproj/Localizable.strings", "\"about.title\" = \"Über\";\n\"Select all\" = \"Alle auswählen\";\n")
        let report = try project.usageReport(catalogs: "App")
        let finding = try #require(report.findings(.missingKey).first)
        #expect(finding.message.contains("has in 1 translation(s) (de) but not in en"), "\(finding.message)")
    }

    @Test func keysTheCodeHoldsAsPlainTextOrBuildsAnywhereAreNeverCalledUnused() throws {
        let project = ProjectFolder()
        project.write("Localization/en.lproj/Localizable.strings", """
        "eq.preset.flat" = "Flat";
        "eq.preset.rock" = "Rock";
        "Haptic feedback" = "Haptic feedback";
        "Recommended" = "Recommended";
        "After 1 minute" = "After 1 minute";
        "After 5 minutes" = "After 5 minutes";
        "Never" = "Never";
        "Top edge" = "Top edge";
        "Battery Power" = "Battery power";
        "AC Power" = "AC power";
        "speed.fast" = "Fast";
        "speed.slow" = "Slow";
        "array.a" = "A";
        "Light gray" = "Light gray";
        "%@ places windows" = "%@ places windows";
        "%@ rows hidden" = "%@ rows hidden";
        "Bottom edge" = "Bottom edge";
        "settings.title" = "Settings";
        "settings.unused" = "Unused";
        """)
        project.write("Sources/Equalizer.swift", """
        import Foundation

        final class Preset {
            let localizationKey: String
            init(name: String) { self.localizationKey = "eq.preset." + name }
            var title: String { NSLocalizedString(localizationKey, comment: "") }
        }
        """)
        project.write("Sources/Settings.swift", """
        import SwiftUI
        import Luminare

        struct SettingsView: View {
            var body: some View {
                Text("settings.title")
                LuminareToggle("Haptic feedback", isOn: .constant(true))
            }
        }
        """)
        // An enum's raw values, shown through `LocalizedStringKey(rawValue)` or a package's view.
        project.write("Sources/Position.swift", """
        import SwiftUI

        enum Position: String, CaseIterable { case top = "Top edge", bottom = "Bottom edge" }
        func batteryPower() -> Int { readIOKit("Battery Power" as CFString) ?? 0 }
        func source(_ value: Status) -> String { value.powerSource == "AC Power" ? localizedString(value.powerSource) : "" }
        struct PositionPicker: View {
            var body: some View { ForEach(Position.allCases, id: \\.self) { LuminareRow(LocalizedStringKey($0.rawValue)) } }
        }
        """)
        // Literals of an array or dictionary, walked at run time, and a long if/else-if chain of a localized value.
        project.write("Sources/Rows.swift", """
        import SwiftUI

        enum Speed {
            case fast, slow
            var title: LocalizedStringResource {
                if self == .fast {
                    return "speed.fast"
                } else if self == .slow {
                    return "speed.slow"
                } else {
                    return "speed.fast"
                }
            }
        }
        struct Rows: View {
            var body: some View { ForEach(["array.a"], id: \\.self) { key in Text(tr(key)) } }
        }
        let colors = ["gray": "Light gray"]
        func hint(_ title: String) -> PackageInfoView { .init("\\(title) rows hidden") }
        """)
        // A file with nothing the scanner parses for: its literals still count, and an interpolated one as the key
        // Xcode derives.
        project.write("Sources/Setup.swift", "let levels = [(name: \"Recommended\", items: 3)]\nlet info = Info.init(\"\\(name) places windows\")\n")
        // A switch over cases is no generated accessor, however many members it has.
        project.write("Sources/Lock.swift", """
        import Foundation

        enum LockDelay {
            case one, five, never
            static func label(_ delay: LockDelay) -> String {
                switch delay {
                case .one: return OCLocalizedString("After 1 minute", nil)
                case .five: return OCLocalizedString("After 5 minutes", nil)
                case .never: return OCLocalizedString("Never", nil)
                }
            }
        }
        """)
        let report = try project.usageReport()
        #expect(report.findings(.unusedKey).map(\.key) == ["settings.unused"], "\(report.findings.map(\.message))")
    }

    @Test func swiftgenYmlNamesTheAccessorsWhenTheGeneratedFileIsBuiltAtBuildTime() throws {
        let project = Self.app(sources: ["Sources/AboutViewController.swift": """
        import UIKit

        final class AboutViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = Strings.About.title   // the project renames the enum
                greetingLabel.text = Strings.greeting(user.name)
                countLabel.text = Strings.Items.count(3)
            }
        }
        """])
        project.write("swiftgen.yml", """
        # SwiftGen runs in a build phase; Generated/ is ignored by git.
        strings:
          inputs: App/en.lproj/Localizable.strings
          outputs:
            - templateName: structured-swift5
              output: Generated/Strings.swift
              params:
                enumName: Strings
                publicAccess: true
        """)
        let yml = try #require(SwiftGenConfig.read(project.path("swiftgen.yml")))
        #expect(yml.generated == UsageConfiguration.GeneratedEnum(root: "Strings", style: .swiftgen, table: "Localizable"))
        #expect(yml.output == "Generated/Strings.swift")
        let run = try #require(try runL10n(["usage", "--sources", "Sources", "App"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.error.contains("Strings accessors of table Localizable (swiftgen)"), "\(run.error)")
        #expect(run.output.contains("legacy.banner") && !run.output.contains("unverifiable-table"), "\(run.output)")
        #expect(!run.output.contains("about.title"))
        let config = try #require(try runL10n(["usage", "--sources", "Sources", "App", "--print-config"], in: project.root), "the l10n binary is built before the tests")
        #expect(config.output.contains("\"generatedEnums\": [") && config.output.contains("{\"root\": \"Strings\", \"style\": \"swiftgen\", \"table\": \"Localizable\"}"), "\(config.output)")
        // Once the generated file is among the sources, it is read instead (and swiftgen.yml says nothing more).
        project.write("Generated/Strings.swift", Self.swiftGenFile)
        let generated = try #require(try runL10n(["usage", "--sources", "Sources", "App"], in: project.root), "the l10n binary is built before the tests")
        #expect(!generated.error.contains("accessors of table"))
    }

    /// Bitwarden's authenticator (2026-12-07) runs `swiftgen config run --config swiftgen-bwa.yml`: looked for only as
    /// `swiftgen.yml`, the configuration was missed, the table was unverifiable, and `--fix --force` deleted 140 keys the
    /// app shows through `Localizations.`. A YAML file whose name says swiftgen is read.
    @Test func aSwiftgenConfigurationNamedOtherwiseIsRead() throws {
        let project = Self.app(sources: ["Sources/AboutView.swift": """
        import SwiftUI
        struct AboutView: View {
            var body: some View { Text(Localizations.About.title) + Text(Localizations.greeting("x")) + Text(Localizations.Items.count(3)) }
        }
        """])
        project.write("swiftgen-bwa.yml", """
        strings:
          inputs: App/en.lproj/Localizable.strings
          outputs:
            - templateName: structured-swift5
              output: Generated/Localizations.swift
              params:
                enumName: Localizations
        """)
        #expect(SwiftGenConfig.isConfigurationName("swiftgen-bwa.yml") && SwiftGenConfig.isConfigurationName(".swiftgen.yaml")
                && !SwiftGenConfig.isConfigurationName("project-bwa.yml"))
        let run = try #require(try runL10n(["usage", "--sources", "Sources", "App"], in: project.root), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(run.error.contains("Localizations accessors of table Localizable (swiftgen)"), "\(run.error)")
        #expect(run.output.contains("legacy.banner") && !run.output.contains("unverifiable-table") && !run.output.contains("about.title"), "\(run.output)")
    }

    /// zotero (2026-12-07) lists its table's .strings and .stringsdict together; the file was ignored, so none of its
    /// 801 `L10n.` references counted and `--fix --force` deleted 137 keys the app reads. Several files of one table are
    /// one enum; files of several tables nest an enum per table, which the map does not describe.
    @Test func swiftgenYmlWithATablesStringsAndStringsdictIsOneEnum() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftgen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("swiftgen.yml").path
        try """
        strings:
          inputs: 
            - Zotero/Assets/en.lproj/Localizable.strings
            - Zotero/Assets/en.lproj/Localizable.stringsdict 
          outputs:
            templateName: structured-swift5
            output: Zotero/Extensions/Localizable.swift
        """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(SwiftGenConfig.read(path)?.generated == UsageConfiguration.GeneratedEnum(root: "L10n", style: .swiftgen, table: "Localizable"))
        try "strings:\n  inputs: [App/en.lproj/Localizable.strings, App/en.lproj/Settings.strings]\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(SwiftGenConfig.read(path) == nil)
    }

    @Test func aFunctionAndAStringMemberOfTheSameNameAreBothWrappers() throws {
        let project = Self.app(sources: [
            "Sources/Support/Localization Helpers.swift": """
            import Foundation

            func localized(_ key: String, _ arguments: CVarArg...) -> String {
                String(format: NSLocalizedString(key, comment: ""), arguments: arguments)
            }

            extension String {
                var localized: String { NSLocalizedString(self, comment: "") }
            }
            """,
            "Sources/About Screen/AboutView.swift": """
            import SwiftUI

            struct AboutView: View {
                var body: some View {
                    Text(localized("about.title"))
                    Text("legacy.banner".localized)
                    Text(localized("greeting", "Ana"))
                }
            }
            """,
        ])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.unusedKey).map(\.key) == ["items.count"], "\(report.findings.map(\.message))")
        #expect(report.scan.inferredWrappers.map(\.description) == ["localized(key: #1)", "\"…\".localized"])
    }

    @Test func aNameOfOneOrTwoWordsThatNoTableHasIsAWarningNotARawKey() throws {
        let project = Self.app(sources: ["Sources/Cores.swift": """
        import Foundation

        enum Core {
            static let cheats = [NSLocalizedString("GameShark", comment: ""), NSLocalizedString("CWCheat", comment: "")]
            static let title = NSLocalizedString("PromptLabelForYear", comment: "")
            static let hint = NSLocalizedString("settingsTitle", comment: "")
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.missingKey).map(\.key) == ["GameShark", "CWCheat"], "\(report.findings.map(\.message))")
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["PromptLabelForYear", "settingsTitle"])
        #expect(UsageRun.isNameLike("iCloud") == false && UsageRun.isNameLike("N64"))
    }

    /// Home Assistant (2026-12-07): `TextField("aa:bb:cc:dd:ee:ff", text: $mac)` is the input's pattern, shown as it is,
    /// and `@Parameter(title: .init("widgets.gauge.label_template", defaultValue: "Label Template"))` shows its default
    /// value: both were errors, "users would see the raw key".
    @Test func anInputPatternAndAParameterWithADefaultValueAreNoRawKeys() throws {
        let project = Self.app(sources: ["Sources/Gauge.swift": """
        import AppIntents
        import SwiftUI

        struct AddressRow: View {
            @Binding var mac: String
            @Binding var time: String
            var body: some View {
                TextField("aa:bb:cc:dd:ee:ff", text: $mac)
                TextField("hh:mm:ss", text: $time)
                TextField("ui:ok:no", text: $time)
            }
        }

        struct GaugeIntent: WidgetConfigurationIntent {
            @Parameter(title: .init("widgets.gauge.label_template", defaultValue: "Label Template"))
            var label: String?
        }

        enum GaugeType: AppEnum {
            static let caseDisplayRepresentations: [GaugeType: DisplayRepresentation] = [
                .single: DisplayRepresentation(title: .init("widgets.gauge.type.single", defaultValue: "Normal")),
            ]
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["ui:ok:no"], "\(report.findings.map(\.message))")
        let missing = report.findings(.missingKey)
        #expect(missing.map(\.key) == ["aa:bb:cc:dd:ee:ff", "hh:mm:ss", "widgets.gauge.label_template", "widgets.gauge.type.single"], "\(missing.map(\.message))")
        #expect(missing.last?.message.contains("default value") == true, "\(missing.last?.message ?? "")")
    }

    /// mullvad (2026-12-07): `#Preview { ItemRow(item: ListItem(title: "Blind mole")) }`, a `LocalizedStringKey` parameter
    /// of the app's own type, was a `missing-key` though `Text("…")` in a preview is not: nobody sees a preview's text.
    @Test func aPreviewsLiteralForTheAppsOwnLocalizedParameterIsNotMissing() throws {
        let project = Self.app(sources: ["Sources/ItemRow.swift": """
        import SwiftUI

        struct ListItem: Hashable {
            let title: LocalizedStringKey
            static func == (a: ListItem, b: ListItem) -> Bool { true }
            func hash(into hasher: inout Hasher) {}
        }

        struct ItemRow: View {
            let item: ListItem
            var body: some View { Text(item.title) }
        }

        let shown = ItemRow(item: ListItem(title: "Mole hill"))

        #Preview {
            ItemRow(item: ListItem(title: "Blind mole"))
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.missingKey).map(\.key) == ["Mole hill"], "\(report.findings.map(\.message))")
    }

    @Test func aNumberWithAUnitOrACodeNameReadsRightAsItIsLike4KNotARawKey() throws {
        // A player's quality menu: `Text("4K")` was a warning (text), `Text("1080p")` beside it an error ("users would see
        // the raw key"), though both show right as they are, in every language (QuickRecorder's "H.265" and "MP4" were
        // asked to be translated): no finding. A number with its unit may be written otherwise ("5 ГГц", "30 с", "2×").
        let project = Self.app(sources: ["Sources/QualityMenu.swift": """
        import SwiftUI

        struct QualityMenu: View {
            var body: some View {
                Menu("about.title") {
                    Text("4K")
                    Text("1080p")
                    Text("720p60")
                    Text("H.264")
                    Text("HDR10+")
                    Button("2x") {}
                    Text("5 GHz")
                    Text("30s")
                    Text("tab1")
                    Text("step2.title")
                }
            }
        }
        """])
        let report = try project.usageReport(catalogs: "App")
        #expect(report.findings(.missingKey).map(\.key) == ["2x", "5 GHz", "30s"], "\(report.findings.map(\.message))")
        #expect(report.findings(.keyNotInCatalog).map(\.key) == ["tab1", "step2.title"])
        #expect(UsageRun.isMeasureOrCode("v2.1") && UsageRun.isMeasureOrCode("5 GHz"))
        #expect(!UsageRun.isMeasureOrCode("iOS17") && !UsageRun.isMeasureOrCode("kHz") && !UsageRun.isMeasureOrCode("PAGE")
                && !UsageRun.isMeasureOrCode("user_1"))
    }

    @Test func keysInLabelledTuplesAndInFilesTheParserCannotReadWholeCountAsSeen() throws {
        let project = Self.app(sources: [
            "Sources/Presets.swift": """
            import SwiftUI
            let presets = [(name: "legacy.banner", items: 3)]
            // CodeEdit's sort menu: unlabelled tuples whose titles reach a view through a closure's parameter.
            let orders = [(true, "items.count"), (false, "greeting")]
            """,
            // A file whose syntax the parser cannot read whole: its literals still count.
            "Sources/Broken.swift": """
            import Foundation
            func build() {
                let title = OCLocalizedString("items.count", nil
                print(title
            """,
        ])
        let report = try project.usageReport(catalogs: "App")
        #expect(!report.findings(.unusedKey).map(\.key).contains("legacy.banner"), "\(report.findings.map(\.message))")
        #expect(!report.findings(.unusedKey).map(\.key).contains("items.count"))
        #expect(!report.findings(.unusedKey).map(\.key).contains("greeting"))
    }
}
