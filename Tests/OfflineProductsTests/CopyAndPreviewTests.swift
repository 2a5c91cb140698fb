import Core
import Foundation
import OfflineProducts
import Localization
import TestSupport
import Testing

/// Item 9 and the copy: previews for each screen and status, every word resolved in all seven locales.
@Suite struct CopyAndPreviewTests {
    @Test func previewsCoverTheListOnlineAndOfflineEachWarrantyStatusAndFirstUse() {
        let ids = Set(OfflineProductsPreviews.previews.map(\.id))
        for id in ["products.list-online", "products.list-offline", "products.card-active", "products.card-expiring-soon",
                   "products.card-expired", "products.first-use"] {
            #expect(ids.contains(id), "missing preview \(id)")
        }
        #expect(ids.allSatisfy { $0.hasPrefix("products.") })
        #expect(ids.count == OfflineProductsPreviews.previews.count, "preview ids are unique")
        let badges = OfflineProductsPreviews.previews.filter { $0.id.hasPrefix("products.card-") && $0.id != "products.card-offline-tap" }
            .flatMap { $0.node.descendants }.compactMap { node -> BadgeTone? in
                if case let .badge(_, tone, _) = node { return tone }
                return nil
            }
        #expect(Set(badges) == [.positive, .caution, .negative])
    }

    @Test func offlinePreviewsShowTheIndicatorAndOnlinePreviewsDoNot() {
        for preview in OfflineProductsPreviews.previews {
            let hasBanner = preview.node.descendants.contains(.banner(ProductsViewState.offlineBanner))
            let offline = preview.id.contains("offline") || preview.id.contains("expiring") || preview.id.contains("expired")
                || preview.id.contains("first-use") || preview.id.contains("reconnecting")
            #expect(hasBanner == offline, "\(preview.id)")
        }
    }

    @Test(arguments: locales)
    func everyPreviewResolvesWithoutMissingKeysIn(_ locale: String) {
        let localizer = localizer(locale)
        for preview in OfflineProductsPreviews.previews {
            for copy in preview.node.copies {
                let resolved = localizer.resolve(copy)
                #expect(resolved.issues.isEmpty, "\(preview.id) \(copy.qualifiedKey) in \(locale): \(resolved.issues)")
                #expect(!resolved.isFallback || locale == "en", "\(copy.qualifiedKey) falls back in \(locale)")
            }
        }
    }

    @Test func disabledActionsAreAnnouncedAsDisabled() {
        let en = localizer("en")
        let label = Action(id: "raise-service-request", title: ProductsCopy.actionRaiseServiceRequest,
                           state: .disabled(reason: CoreCopy.requiresConnection)).accessibilityLabel
        #expect(en.string(label) == "Raise Service Request, disabled")
        #expect(en.string(CoreCopy.disabledAccessibilityLabel(ProductsCopy.actionTransferOwnership)) == "Transfer Ownership, disabled")
        #expect(en.string(CoreCopy.requiresConnection) == "This feature requires an internet connection")
    }

    @Test func warrantyBadgeIsReadAsWarrantyStatus() {
        #expect(localizer("en").string(WarrantyStatus.expiringSoon.accessibilityLabel) == "Warranty status: Expiring soon")
        #expect(localizer("de").string(WarrantyStatus.expired.accessibilityLabel) == "Garantiestatus: Abgelaufen")
    }

    @Test(arguments: locales)
    func productCountIsPluralisedIn(_ locale: String) {
        let localizer = localizer(locale)
        for count in [0, 1, 2, 5, 11, 22, 10_000] {
            let resolved = localizer.resolve(ProductsCopy.productsCount(count: count))
            #expect(resolved.issues.isEmpty, "\(locale) \(count): \(resolved.issues)")
        }
        if locale == "en" {
            #expect(localizer.string(ProductsCopy.productsCount(count: 1)) == "1 product")
            #expect(localizer.string(ProductsCopy.productsCount(count: 10_000)) == "10,000 products")
        }
    }

    /// Issue 42: the generated lists are the walk. Every key of the table (`ProductsCopy.keys`, arguments or not) is in every
    /// shipped locale's catalog, and every key without arguments (`ProductsCopy.all`) resolves there without falling back.
    @Test(arguments: ["en", "nb", "es", "de", "ar", "ja", "pl"])
    func everyGeneratedKeyIsInTheCatalogOf(_ locale: String) throws {
        let catalog = try BundledCatalogs.load()
        let table = try #require(catalog.table(ProductsCopy.table, locale: locale))
        for key in ProductsCopy.keys {
            #expect(table.entries[key] != nil, "\(locale) lacks \(key)")
        }
        let localizer = try BundledCatalogs.localizer(locale: locale)
        for copy in ProductsCopy.all {
            let resolved = localizer.resolve(copy)
            #expect(resolved.issues.isEmpty && !resolved.isFallback, "\(locale) \(copy.qualifiedKey): \(resolved.issues)")
        }
        #expect(ProductsCopy.all.count < ProductsCopy.keys.count, "the keys with arguments are in keys, not in all")
    }
}
