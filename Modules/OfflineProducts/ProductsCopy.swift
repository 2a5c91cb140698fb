public import Core
public import Foundation

/// The keys of this module's catalog table (`Localization/<locale>.lproj/OfflineProducts.strings|.stringsdict`).
/// The wording lives in the catalogs; these are only references to it.
public enum ProductsCopy {
    public static let table = "OfflineProducts"

    /// "My Products"
    public static let listTitle = Copy(table, "products.title")
    /// "Warranty card"
    public static let cardTitle = Copy(table, "card.title")
    /// "Product Name"
    public static let productNameLabel = Copy(table, "card.productName")
    /// "Model"
    public static let modelLabel = Copy(table, "card.model")
    /// "Serial Number"
    public static let serialNumberLabel = Copy(table, "card.serialNumber")
    /// "Warranty Expiry Date"
    public static let warrantyExpiryLabel = Copy(table, "card.warrantyExpiry")
    public static let badgeActive = Copy(table, "badge.active")
    public static let badgeExpiringSoon = Copy(table, "badge.expiringSoon")
    public static let badgeExpired = Copy(table, "badge.expired")
    /// "Raise Service Request"
    public static let raiseServiceRequest = Copy(table, "action.raiseServiceRequest")
    /// "Transfer Ownership"
    public static let transferOwnership = Copy(table, "action.transferOwnership")
    /// "Please connect to the internet to sync your products"
    public static let firstUseMessage = Copy(table, "firstUse.message")
    /// "Couldn’t load your products": online, never synced, and the sync failed (5xx, reset, timeout), not the connection.
    public static let loadFailedTitle = Copy(table, "firstUse.failed.title")
    /// "It didn’t load this time. Try again in a moment."
    public static let loadFailedMessage = Copy(table, "firstUse.failed.message")
    /// "Syncing your products…"
    public static let syncInProgress = Copy(table, "sync.inProgress")
    /// "You have no registered products yet"
    public static let noProducts = Copy(table, "empty.noProducts")

    /// "Warranty status: %@"
    public static func badgeAccessibilityLabel(_ status: Copy) -> Copy {
        Copy(table, "accessibility.badge", [.copy(status)])
    }

    /// "%d products", plural per locale.
    public static func productCount(_ count: Int) -> Copy {
        Copy(table, "products.count", [.integer(count)])
    }

    /// The warranty expiry date alone, in the reader's locale ("Nov 22, 2026", "22.11.2026").
    public static func warrantyExpiryDate(_ date: Date) -> Copy {
        Copy(table, "card.warrantyExpiry.value", [.date(date, .medium)])
    }
}
