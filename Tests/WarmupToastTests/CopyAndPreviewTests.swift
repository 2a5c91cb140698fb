import Core
import Foundation
import Localization
import Testing
import WarmupToast

@Suite("WarmupToast copy, identifiers and previews")
struct CopyAndPreviewTests {
    @Test func theToastAndBannerSayWhatTheStorySaysInEnglish() throws {
        let localizer = try BundledCatalogs.localizer(locale: "en")
        #expect(localizer.string(WarmupToastCopy.toastTitle) == "Optimizing your experience")
        #expect(localizer.string(WarmupToastCopy.toastMessage)
            == "We’re saving data to help the app load faster next time. Please don’t close the app while this finishes.")
        #expect(localizer.string(WarmupToastCopy.bannerOptimizedTitle) == "App optimized")
        #expect(localizer.string(WarmupToastCopy.bannerClose) == "Close")
    }

    @Test(arguments: shippedLocales)
    func everyKeyIsTranslatedInEveryLocale(locale: String) throws {
        let localizer = try BundledCatalogs.localizer(locale: locale)
        let english = try BundledCatalogs.localizer(locale: "en")
        for copy in WarmupToastCopy.all {
            let resolved = localizer.resolve(copy)
            #expect(resolved.issues.isEmpty, "\(locale) \(copy.qualifiedKey): \(resolved.issues)")
            #expect(!resolved.isFallback, "\(locale) \(copy.qualifiedKey) falls back to \(resolved.locale)")
            if locale != "en" {
                #expect(resolved.text != english.string(copy), "\(locale) \(copy.qualifiedKey) is untranslated")
            }
        }
    }

    @Test(arguments: shippedLocales)
    func everyPreviewResolvesInEveryLocale(locale: String) throws {
        let localizer = try BundledCatalogs.localizer(locale: locale)
        for preview in WarmupToastPreviews.previews {
            for copy in preview.node.copies {
                let resolved = localizer.resolve(copy)
                #expect(resolved.issues.isEmpty && !resolved.isFallback, "\(preview.id) \(locale) \(copy.qualifiedKey)")
            }
        }
    }

    @Test func previewsShowTheToastInProgressAndTheSuccessBanner() {
        let previews = WarmupToastPreviews.previews
        #expect(previews.map(\.id) == ["warmup.toast", "warmup.optimized-banner"])
        #expect(previews[0].node == .toast(WarmupToastViewState.optimizingToast))
        #expect(previews[1].node == .banner(WarmupToastViewState.optimizedBanner))
        #expect(WarmupToastPreviews.inProgress.viewNode == previews[0].node)
        #expect(WarmupToastPreviews.optimized.viewNode == previews[1].node)
    }

    @Test func noInternalIdentifierIsInAnyCatalog() throws {
        let catalog = try BundledCatalogs.load()
        for locale in shippedLocales {
            let table = try #require(catalog.table(WarmupToastCopy.table, locale: locale))
            for (key, entry) in table.entries {
                for identifier in WarmupIdentifiers.all + [WarmupIdentifiers.toastID, WarmupIdentifiers.bannerID] {
                    #expect(!key.contains(identifier), "\(locale) key \(key)")
                    #expect(entry.value.text?.contains(identifier) != true, "\(locale) \(key) contains \(identifier)")
                }
            }
        }
    }

    /// The linter learns the feature's identifiers from `Localization/l10n.json` (it imports no feature): the file
    /// must list exactly the constants the code uses, by kind, so a renamed event cannot drift out of the check.
    @Test func l10nJSONDeclaresTheFeaturesInternalIdentifiers() throws {
        let data = try Data(contentsOf: BundledCatalogs.directory.appendingPathComponent("l10n.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let declared = try #require((root["internalIdentifiers"] as? [String: Any])?["WarmupToast"] as? [String: [String]])
        #expect(declared["stateKeys"] == WarmupIdentifiers.stateKeys)
        #expect(declared["telemetryEvents"] == WarmupIdentifiers.telemetryEvents)
        #expect(declared["iconAssets"] == WarmupIdentifiers.iconAssets)
    }

    @Test func theModuleHasNoPlatformBranches() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Modules/WarmupToast")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for branch in ["#if os(", "#if canImport", "targetEnvironment", "import UIKit", "import SwiftUI", "import AppKit"] {
                #expect(!text.contains(branch), "\(file) contains \(branch)")
            }
        }
    }
}
