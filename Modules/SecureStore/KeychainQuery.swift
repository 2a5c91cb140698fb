public import Foundation

/// The Keychain queries `KeychainKeyProvider` sends, built as plain data on every platform: the part of the Apple-only
/// provider that Linux can compile and test (attributes, access group, accessibility class), so the code that ships on
/// iOS is not code nothing ever compiled. Keys and constants are the Security framework's own string values (Apple
/// documents them as stable: `kSecClass` is `"class"`); on Apple platforms a test checks them against the framework.
public struct KeychainQuery: Sendable, Hashable {
    /// A value in a query.
    public enum Value: Sendable, Hashable {
        case string(String)
        case bool(Bool)
        case data(Data)
    }

    /// When the key can be read. The default, after the first unlock and on this device only, lets background refreshes
    /// read the store while the phone is locked and keeps the key out of backups restored to another device.
    public enum Accessibility: String, Sendable, Hashable, CaseIterable {
        /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`
        case afterFirstUnlockThisDeviceOnly = "cku"
        /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`: only while unlocked (no background refresh).
        case whenUnlockedThisDeviceOnly = "aku"
    }

    /// The Security framework's attribute names and constants, by their string values.
    public enum Name {
        public static let itemClass = "class"            // kSecClass
        public static let genericPassword = "genp"       // kSecClassGenericPassword
        public static let service = "svce"               // kSecAttrService
        public static let account = "acct"               // kSecAttrAccount
        public static let accessGroup = "agrp"           // kSecAttrAccessGroup
        public static let synchronizable = "sync"        // kSecAttrSynchronizable
        public static let accessible = "pdmn"            // kSecAttrAccessible
        public static let valueData = "v_Data"           // kSecValueData
        public static let returnData = "r_Data"          // kSecReturnData
        public static let matchLimit = "m_Limit"         // kSecMatchLimit
        public static let matchLimitOne = "m_LimitOne"   // kSecMatchLimitOne
    }

    public var service: String
    public var account: String
    /// Shares the key with the app's extensions (a widget, a share extension) in this Keychain access group; nil: the
    /// app's own.
    public var accessGroup: String?
    public var accessibility: Accessibility

    public init(service: String, account: String, accessGroup: String? = nil, accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.accessibility = accessibility
    }

    /// What names the item: a generic password of this service and account (and group), never synced to iCloud.
    public var item: [String: Value] {
        var query: [String: Value] = [
            Name.itemClass: .string(Name.genericPassword),
            Name.service: .string(service),
            Name.account: .string(account),
            Name.synchronizable: .bool(false),
        ]
        if let accessGroup { query[Name.accessGroup] = .string(accessGroup) }
        return query
    }

    /// Reads the key: the item, its data, one match.
    public var read: [String: Value] {
        item.merging([Name.returnData: .bool(true), Name.matchLimit: .string(Name.matchLimitOne)]) { _, new in new }
    }

    /// Stores a new key with its accessibility class.
    public func add(_ key: Data) -> [String: Value] {
        item.merging([Name.valueData: .data(key), Name.accessible: .string(accessibility.rawValue)]) { _, new in new }
    }
}
