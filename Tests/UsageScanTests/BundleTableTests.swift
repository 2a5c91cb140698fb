import Foundation
import LocalizationKit
import StringsKit
import TestSupport
import Testing
@testable import UsageScan

/// `l10n lint` on an app whose Swift package has a `Localizable` of its own (NetNewsWire's layout: the app's String
/// Catalog in English only, the ActivityLog package's with Spanish). The two were read as one table: every key of the
/// app was "missing" in Spanish. The fixtures are a notes app's, written here in that layout.
@Suite("Lint and usage across bundles")
struct BundleLintTests {
    static let appKeys = ["Notes", "New note", "Delete", "Search", "Settings"]
    static let packageKeys = ["Syncing": "Sincronizando", "Sync failed": "Falló la sincronización", "Synced": "Sincronizado",
                              "Retry": "Reintentar", "Offline": "Sin conexión"]

    static func project() -> ProjectFolder {
        let project = ProjectFolder()
        // The keys no code reads are stale, as Xcode marks them at its next build.
        project.write("Shared/Localizable.xcstrings", stringCatalogText(Dictionary(uniqueKeysWithValues: appKeys.map { ($0, ["en": $0]) }),
                                                                        extractionStates: ["New note": "stale"]))
        project.write("Modules/SyncLog/Sources/SyncLog/Resources/Localizable.xcstrings",
                      stringCatalogText(packageKeys.mapValues { ["es": $0] }, extractionStates: ["Sync failed": "stale"]))
        project.write("Shared/NotesView.swift", """
        import Foundation

        struct NotesView {
            let title = String(localized: "Notes")
            let delete = String(localized: "Delete")
            let search = String(localized: "Search")
            let settings = String(localized: "Settings")
        }
        """)
        project.write("Modules/SyncLog/Sources/SyncLog/SyncStatus.swift", """
        import Foundation

        enum SyncStatus {
            static let syncing = String(localized: "Syncing", bundle: .module)
            static let synced = String(localized: "Synced", bundle: .module)
            static let retry = String(localized: "Retry", bundle: .module)
            static let offline = String(localized: "Offline", bundle: .module)
        }
        """)
        return project
    }

    static func findings(_ outcome: CommandOutcome) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        return try #require(json["findings"] as? [[String: Any]])
    }

    @Test func theAppsKeysAreNotMissingFromThePackagesSpanish() throws {
        let project = Self.project()
        let findings = try Self.findings(L10nCommands.lint(.init(paths: [project.root], format: .json)))
        let missing = findings.filter { $0["rule"] as? String == "missing-key" }
        // One finding for the app's table, which has no Spanish at all; none per key, and none in the package.
        #expect(missing.count == 1)
        let message = try #require(missing.first?["message"] as? String)
        #expect(message.contains("es has no Localizable table, so 5 key(s) are untranslated there"))
        #expect(message.contains("add its es translations to \(project.path("Shared/Localizable.xcstrings"))"))
        #expect(missing.first?["table"] as? String == "Localizable")
        #expect(!findings.contains { ($0["table"] as? String) == "SyncLog/Localizable" && !["untranslated", "stale-entry"].contains($0["rule"] as? String ?? "") })
    }

    @Test func aWidgetsMissingTableIsToBeAddedInTheWidgetsFolder() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", "\"Done\" = \"Done\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"Done\" = \"Fertig\";\n")
        project.write("App/fr.lproj/Localizable.strings", "\"Done\" = \"Terminé\";\n")
        project.write("NotesWidget/en.lproj/Localizable.strings", "\"Today\" = \"Today\";\n\"Pinned\" = \"Pinned\";\n")
        project.write("NotesWidget/de.lproj/Localizable.strings", "\"Today\" = \"Heute\";\n\"Pinned\" = \"Angeheftet\";\n")
        let outcome = L10nCommands.lint(.init(paths: [project.root], format: .json))
        let findings = try Self.findings(outcome)
        #expect(findings.count == 1)
        #expect(findings.first?["table"] as? String == "NotesWidget/Localizable")
        #expect(findings.first?["locale"] as? String == "fr")
        #expect((findings.first?["message"] as? String)?.hasSuffix("fr has no NotesWidget/Localizable table, so 2 key(s) are untranslated there; "
                                                                  + "add \(project.path("NotesWidget/fr.lproj/Localizable.strings"))") == true)
    }

    /// Code names a table, not its bundle: a key the package's code reads is used, and `--fix` deletes only the keys
    /// no code reads, each from its own bundle's file.
    @Test func usageMatchesCodeToTablesByNameAndFixDeletesOnlyUnusedKeys() throws {
        let project = Self.project()
        var options = L10nCommands.LintOptions(paths: [project.root], format: .json)
        options.sourceCheck = UsageCommands.sourceCheck(sources: [project.root])
        let findings = try Self.findings(L10nCommands.lint(options))
        let unused = findings.filter { $0["rule"] as? String == "unused-key" }.compactMap { $0["key"] as? String }.sorted()
        #expect(unused == ["New note", "Sync failed"])
        #expect(!findings.contains { ["key-not-in-catalog", "unverifiable-table"].contains($0["rule"] as? String ?? "") })

        let catalog = try Catalog.load(paths: [project.root])
        let context = SourceCheckContext(catalog: catalog.mergingBundles(), configuration: LintConfiguration(), configurationPath: nil, baseLocale: "en")
        let run = UsageCommands.check(context, sources: [project.root], fix: true, verbose: false, directory: project.root)
        #expect(run.outcome.usageError == nil)
        let after = try Catalog.load(paths: [project.root])
        #expect(after.table("Localizable", locale: "en")?.keys.sorted() == ["Delete", "Notes", "Search", "Settings"])
        #expect(after.table("SyncLog/Localizable", locale: "es")?.keys.sorted() == ["Offline", "Retry", "Synced", "Syncing"])
    }

    /// XcodesApp's package XcodesKit reads "Downloading" from the app's bundle; the app's own code never names it. With
    /// the package's code unscanned, `--fix` deletes nothing and says why; with its checkout passed to `--sources` (or
    /// `--force`), it deletes what is still unused.
    @Test func fixDeletesNothingWhileARemotePackageThatMayReadTheKeysIsUnscanned() throws {
        let project = ProjectFolder()
        project.write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            { objects = {
            A1 /* XCRemoteSwiftPackageReference "XcodesKit" */ = {
                isa = XCRemoteSwiftPackageReference;
                repositoryURL = "https://github.com/RobotsAndPencils/XcodesKit";
            };
            A2 /* XCRemoteSwiftPackageReference "swift-log" */ = {
                isa = XCRemoteSwiftPackageReference;
                repositoryURL = "https://github.com/apple/swift-log.git";
            };
            }; }
            """)
        project.write("App/en.lproj/Localizable.strings", "\"Done\" = \"Done\";\n\"Open\" = \"Open\";\n\"Quit\" = \"Quit\";\n"
                      + "\"Downloading\" = \"Downloading\";\n\"Stale\" = \"Old\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"Done\" = \"Fertig\";\n\"Open\" = \"Öffnen\";\n\"Quit\" = \"Beenden\";\n"
                      + "\"Downloading\" = \"Lädt\";\n\"Stale\" = \"Alt\";\n")
        project.write("App/App.swift", "import Foundation\nlet done = NSLocalizedString(\"Done\", comment: \"\")\n"
                      + "let open = NSLocalizedString(\"Open\", comment: \"\")\nlet quit = NSLocalizedString(\"Quit\", comment: \"\")\n")
        project.write("checkouts/XcodesKit/Sources/XcodesKit/Step.swift",
                      "import Foundation\npublic let step = NSLocalizedString(\"Downloading\", comment: \"\")\n")
        project.write("checkouts/swift-log/Sources/Logging/Logger.swift", "public struct Logger {}\n")
        #expect(XcodeProject.remotePackages(near: [project.path("App/en.lproj")], manifestsIn: []) == ["XcodesKit", "swift-log"])

        func context() throws -> SourceCheckContext {
            SourceCheckContext(catalog: try Catalog.load(paths: [project.path("App")]), configuration: LintConfiguration(), configurationPath: nil, baseLocale: "en")
        }
        let refused = UsageCommands.check(try context(), sources: [project.path("App")], fix: true, verbose: false, directory: project.root)
        #expect(refused.outcome.notes.contains("--fix deleted nothing: 2 remote package(s) were not scanned (XcodesKit, swift-log)"), "\(refused.outcome.notes)")
        // Counted as --force would: less "Downloading", which the checkout under the project's folder reads.
        #expect(refused.outcome.notes.contains("--fix --force would delete the 1 key(s)") && refused.outcome.notes.contains("(the unused-key findings listed here that do not say --fix leaves them)"), "\(refused.outcome.notes)")
        #expect(try Catalog.load(paths: [project.path("App")]).table("Localizable", locale: "de")?.keys.count == 5)
        let lint = UsageCommands.check(try context(), sources: [project.path("App")], fix: false, verbose: false, directory: project.root)
        #expect(lint.outcome.notes.contains("unused-key counts the app's own code only"))

        // The checkouts scanned: the package's key is used, and --fix deletes the one nobody reads.
        let fixed = UsageCommands.check(try context(), sources: [project.path("App"), project.path("checkouts")], fix: true, verbose: false,
                                        directory: project.root)
        #expect(!fixed.outcome.notes.contains("deleted nothing"), "\(fixed.outcome.notes)")
        #expect(try Catalog.load(paths: [project.path("App")]).table("Localizable", locale: "de")?.keys.sorted() == ["Done", "Downloading", "Open", "Quit"])
    }

    /// Onion Browser (2026-12-07) lists eight pods in its Podfile and commits no Pods folder: `--fix` deleted a key with no
    /// word of them, while a pod's NSLocalizedString reads the main bundle as a package's does. Pods and Carthage's
    /// repositories are dependencies the scan did not read, as remote packages are; their checkouts, once passed, count.
    @Test func podsAndCarthageRepositoriesAreDependenciesTheScanDidNotRead() throws {
        let project = ProjectFolder()
        project.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { }; }\n")
        project.write("Podfile", "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Eureka', '~> 5.3'\n  pod \"Firebase/Analytics\"\n  # pod 'Old'\n  pod 'Kit', :path => 'LocalPods/Kit'\nend\n")
        project.write("Cartfile", "github \"ReactiveX/RxSwift\" ~> 6.0\n")
        #expect(XcodeProject.remotePackages(near: [project.path("App/en.lproj")], manifestsIn: []) == ["Eureka", "Firebase", "RxSwift"])
        // An XcodeGen spec's packages (Bitwarden's authenticator commits no .xcodeproj), and Carthage's other forms.
        let generated = ProjectFolder()
        generated.write("project-bwa.yml", "name: Authenticator\npackages:\n  BitwardenSdk:\n    url: https://github.com/bitwarden/sdk-swift\n"
                        + "    exactVersion: 1.0.0\n  Local:\n    path: Packages/Local\ntargets:\n  App:\n    url: not-a-package\n")
        generated.write("Cartfile.private", "  github \"Quick/Nimble\"\nbinary \"https://example.com/Analytics.json\"\n")
        #expect(XcodeProject.remotePackages(near: [], manifestsIn: [generated.root]) == ["Analytics", "Nimble", "sdk-swift"])
        project.write("App/en.lproj/Localizable.strings", "\"Done\" = \"Done\";\n\"Open\" = \"Open\";\n\"Quit\" = \"Quit\";\n\"Stale\" = \"Old\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"Done\" = \"Fertig\";\n\"Open\" = \"Öffnen\";\n\"Quit\" = \"Beenden\";\n\"Stale\" = \"Alt\";\n")
        project.write("App/App.swift", "import Foundation\nlet done = NSLocalizedString(\"Done\", comment: \"\")\n"
                      + "let open = NSLocalizedString(\"Open\", comment: \"\")\nlet quit = NSLocalizedString(\"Quit\", comment: \"\")\n")
        let context = SourceCheckContext(catalog: try Catalog.load(paths: [project.path("App")]), configuration: LintConfiguration(), configurationPath: nil, baseLocale: "en")
        let refused = UsageCommands.check(context, sources: [project.path("App")], fix: true, verbose: false, directory: project.root)
        #expect(refused.outcome.notes.contains("--fix deleted nothing: 3 remote package(s) were not scanned (Eureka, Firebase, RxSwift)"), "\(refused.outcome.notes)")
        // The finding says it too (MacDown: a pod's header macro reads `JJ_PLURAL_FORM_RULE`, which was told "delete it").
        let stale = try #require(refused.outcome.findings.first { $0.rule == .unusedKey && $0.key == "Stale" })
        #expect(stale.message.contains("if the code outside the scan (Eureka, Firebase, RxSwift) does not read it either")
                && !stale.message.contains("(`--fix` does)"), "\(stale.message)")
        project.write("Pods/Eureka/Source/Core.swift", "public struct Form {}\n")
        #expect(UsageCommands.unscannedPackages(["Eureka", "RxSwift"], sources: [project.path("Pods"), project.path("Carthage/Checkouts/RxSwift")]).isEmpty)
        #expect(UsageCommands.unscannedPackages(["Eureka", "RxSwift"], sources: [project.root]) == ["RxSwift"])
        // A local package's own remote packages (Cryptomator's CryptomatorCommon, 2026-12-07: the app links them).
        project.write("Common/Package.swift", "let package = Package(name: \"Common\", dependencies: [.package(url: \"https://github.com/x/SwiftECC.git\", from: \"1.0.0\")])\n")
        project.write(".build/checkouts/Deep/Package.swift", "let package = Package(name: \"Deep\", dependencies: [.package(url: \"https://github.com/x/Hidden.git\", from: \"1.0.0\")])\n")
        #expect(XcodeProject.remotePackages(near: [project.path("App/en.lproj")], manifestsIn: [project.root]) == ["Eureka", "Firebase", "RxSwift", "SwiftECC"])
        // An empty folder of the package's name is no checkout (openfoodfacts, 2026-12-07: it counted as scanned).
        try FileManager.default.createDirectory(atPath: project.path("Carthage/Checkouts/RxSwift"), withIntermediateDirectories: true)
        #expect(UsageCommands.unscannedPackages(["Eureka", "RxSwift"], sources: [project.root]) == ["RxSwift"])
    }

    /// IceCubes (2026-12-07): asked to fix with `--sources IceCubesApp Packages/Account`, --fix deleted 356 keys, 325 of
    /// them read by the app's other local packages and its intents extension; DuckDuckGo's vendored LetsMove (Objective-C)
    /// likewise. The rest of the app's code (under the folder of its Xcode project, or of a Package.swift above the
    /// catalogs) is scanned before anything goes: a key read there stays, and the note names one.
    @Test func fixKeepsKeysTheRestOfTheAppReadsOutsideSources() throws {
        let project = ProjectFolder()
        project.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { }; }\n")
        // Most keys read by the code asked about, so the table is one the scan vouches for.
        let read = ["Done", "Open", "Quit", "Save", "Share", "Edit"]
        let keys = read + ["Post", "Move", "Stale"]
        project.write("App/en.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        project.write("App/de.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"\($0) (de)\";\n" }.joined())
        project.write("App/App.swift", "import Foundation\n" + read.map { "let \($0.lowercased()) = NSLocalizedString(\"\($0)\", comment: \"\")\n" }.joined())
        project.write("AppIntents/PostIntent.swift", "import Foundation\nlet post = NSLocalizedString(\"Post\", comment: \"\")\n")
        project.write("ThirdParty/LetsMove/Move.m", "#import <Foundation/Foundation.h>\nNSString *move(void) { return NSLocalizedString(@\"Move\", nil); }\n")
        func context() throws -> SourceCheckContext {
            SourceCheckContext(catalog: try Catalog.load(paths: [project.path("App")]), configuration: LintConfiguration(), configurationPath: nil, baseLocale: "en")
        }
        let fixed = UsageCommands.check(try context(), sources: [project.path("App")], fix: true, verbose: false, directory: project.root)
        #expect(try Catalog.load(paths: [project.path("App")]).table("Localizable", locale: "de")?.keys.sorted() == (read + ["Move", "Post"]).sorted(),
                "\(fixed.outcome.notes)")
        #expect(fixed.outcome.notes.contains("--fix kept 2 key(s) that look unused in --sources but that the rest of the app's code"), "\(fixed.outcome.notes)")
        #expect(fixed.outcome.notes.contains("\"Post\" (") && fixed.outcome.notes.contains("PostIntent.swift:2"), "\(fixed.outcome.notes)")
        // Reported as unused in the code asked about, still.
        #expect(fixed.report?.unusedKeys.map(\.key).sorted() == ["Move", "Post", "Stale"])
        // The whole app scanned: nothing outside, nothing more to say.
        let whole = UsageCommands.check(try context(), sources: [project.root], fix: true, verbose: false, directory: project.root)
        #expect(!whole.outcome.notes.contains("--fix kept"), "\(whole.outcome.notes)")
    }

    /// ownCloud (2026-12-07) keeps its SDK in a git submodule (`ios-sdk`), whose code reads the app's strings too. Not
    /// checked out, or outside every --sources folder, it is code the scan has not seen: `--fix` deletes nothing and
    /// names it, as for a remote package; checked out and scanned, `--fix` goes ahead.
    @Test func fixDeletesNothingWhileAGitSubmoduleIsUnscanned() throws {
        let project = ProjectFolder()
        try FileManager.default.createDirectory(atPath: project.path(".git"), withIntermediateDirectories: true)
        project.write(".gitmodules", "[submodule \"ios-sdk\"]\n\tpath = ios-sdk\n\turl = https://github.com/owncloud/ios-sdk.git\n")
        try FileManager.default.createDirectory(atPath: project.path("ios-sdk"), withIntermediateDirectories: true)
        project.write("App/en.lproj/Localizable.strings", "\"Done\" = \"Done\";\n\"Open\" = \"Open\";\n\"Quit\" = \"Quit\";\n"
                      + "\"Create folder\" = \"Create folder\";\n\"Stale\" = \"Old\";\n")
        project.write("App/App.swift", "import Foundation\nlet done = NSLocalizedString(\"Done\", comment: \"\")\n"
                      + "let open = NSLocalizedString(\"Open\", comment: \"\")\nlet quit = NSLocalizedString(\"Quit\", comment: \"\")\n")
        func context() throws -> SourceCheckContext {
            SourceCheckContext(catalog: try Catalog.load(paths: [project.path("App")]), configuration: LintConfiguration(), configurationPath: nil, baseLocale: "en")
        }
        let refused = UsageCommands.check(try context(), sources: [project.path("App")], fix: true, verbose: false, directory: project.root)
        #expect(refused.outcome.notes.contains("--fix deleted nothing: 1 git submodule(s) were not scanned (ios-sdk, not checked out)"), "\(refused.outcome.notes)")
        #expect(try Catalog.load(paths: [project.path("App")]).table("Localizable", locale: "en")?.keys.count == 5)

        // Checked out but not among the sources: still unscanned.
        project.write("ios-sdk/ownCloudSDK/Actions.m", "NSString *title = OCLocalizedString(@\"Create folder\", nil);\n")
        let outside = UsageCommands.check(try context(), sources: [project.path("App")], fix: false, verbose: false, directory: project.root)
        #expect(outside.outcome.notes.contains("unused-key counts the app's own code only: 1 git submodule(s) were not scanned (ios-sdk)"), "\(outside.outcome.notes)")

        // Scanned: its key is used, and --fix deletes the one nobody reads.
        let fixed = UsageCommands.check(try context(), sources: [project.path("App"), project.path("ios-sdk")], fix: true, verbose: false,
                                        directory: project.root)
        #expect(!fixed.outcome.notes.contains("deleted nothing"), "\(fixed.outcome.notes)")
        #expect(try Catalog.load(paths: [project.path("App")]).table("Localizable", locale: "en")?.keys.sorted() == ["Create folder", "Done", "Open", "Quit"])
    }

    @Test func aPackageManifestsRemoteDependenciesAreNamedByTheirRepository() {
        let project = ProjectFolder()
        project.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [
                .package(url: "https://github.com/SwiftGen/SwiftGen.git", from: "6.6.0"),
                .package(name: "Kit", url: "git@github.com:team/kit-ios.git", .branch("main")),
                .package(path: "../LocalKit"),
            ], targets: [])
            """)
        #expect(XcodeProject.remotePackages(near: [], manifestsIn: [project.root]) == ["SwiftGen", "kit-ios"])
        #expect(UsageCommands.unscannedPackages(["SwiftGen", "kit-ios"], sources: [project.path(".build/checkouts/SwiftGen/Sources")]) == ["kit-ios"])
        // An app that lives in a folder named like one of its packages has not scanned that package.
        #expect(UsageCommands.unscannedPackages(["Sparkle"], sources: ["/Users/dev/Sparkle/App"]) == ["Sparkle"])
        #expect(UsageCommands.unscannedPackages(["Sparkle"], sources: ["/Users/dev/DerivedData/SourcePackages/checkouts/Sparkle"]).isEmpty)
    }

    @Test func settingsByTableApplyToEveryBundlesTableOfThatNameAndItsOwnWins() {
        var configuration = LintConfiguration()
        configuration.keysAsText = ["Localizable": true, "SyncLog/Localizable": false]
        configuration.placeholderStyles = ["Localizable": .noPlaceholders]
        configuration.lengthBudgets = ["Localizable/Syncing": 12, "SyncLog/Localizable/Retry": 8, "Synced": 20]
        #expect(configuration.declaredKeysAsText(table: "Widget/Localizable") == true)
        #expect(configuration.declaredKeysAsText(table: "SyncLog/Localizable") == false)
        #expect(configuration.declaredPlaceholderStyle(table: "SyncLog/Localizable") == .noPlaceholders)
        #expect(configuration.declaredPlaceholderStyle(table: "InfoPlist") == nil)
        #expect(configuration.lengthBudget(table: "SyncLog/Localizable", key: "Syncing") == 12)
        #expect(configuration.lengthBudget(table: "SyncLog/Localizable", key: "Retry") == 8)
        #expect(configuration.lengthBudget(table: "Localizable", key: "Retry") == nil)
        #expect(configuration.lengthBudget(table: "SyncLog/Localizable", key: "Synced") == 20)
    }
}
