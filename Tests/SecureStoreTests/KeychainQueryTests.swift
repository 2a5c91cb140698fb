import Foundation
import SecureStore
import Testing
#if canImport(Security)
import Security
#endif

/// The Keychain provider's queries (issue 40, item 9): compiled and checked on Linux too, so the code that ships on iOS
/// is code something compiled. The Apple-only part is the `SecItem` calls themselves.
@Suite struct KeychainQueryTests {
    let query = KeychainQuery(service: "app.offlinekit", account: "SecureStore.masterKey")

    @Test func theItemIsAGenericPasswordOfThisServiceAndAccountNeverSyncedToiCloud() {
        #expect(query.item == [
            "class": .string("genp"), "svce": .string("app.offlinekit"), "acct": .string("SecureStore.masterKey"), "sync": .bool(false),
        ])
    }

    @Test func aNewKeyIsReadableAfterTheFirstUnlockOnThisDeviceOnly() {
        let key = Data(repeating: 7, count: 32)
        let add = query.add(key)
        #expect(add["pdmn"] == .string("cku"), "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: background refreshes, no restore elsewhere")
        #expect(add["v_Data"] == .data(key))
        #expect(add["sync"] == .bool(false) && add["class"] == .string("genp"))
        let strict = KeychainQuery(service: "s", account: "a", accessibility: .whenUnlockedThisDeviceOnly).add(key)
        #expect(strict["pdmn"] == .string("aku"))
    }

    @Test func readingAsksForOneItemsDataAndAnAccessGroupIsSharedWithTheAppsExtensions() {
        #expect(query.read["r_Data"] == .bool(true) && query.read["m_Limit"] == .string("m_LimitOne"))
        #expect(query.read["agrp"] == nil, "the app's own group unless one is named")
        let shared = KeychainQuery(service: "s", account: "a", accessGroup: "TEAMID.app.offlinekit.shared")
        #expect(shared.read["agrp"] == .string("TEAMID.app.offlinekit.shared") && shared.add(Data())["agrp"] == .string("TEAMID.app.offlinekit.shared"))
    }

    #if canImport(Security)
    @Test func theNamesAreTheSecurityFrameworksOwn() {
        typealias Name = KeychainQuery.Name
        let pairs: [(String, CFString)] = [
            (Name.itemClass, kSecClass), (Name.genericPassword, kSecClassGenericPassword), (Name.service, kSecAttrService),
            (Name.account, kSecAttrAccount), (Name.accessGroup, kSecAttrAccessGroup), (Name.synchronizable, kSecAttrSynchronizable),
            (Name.accessible, kSecAttrAccessible), (Name.valueData, kSecValueData), (Name.returnData, kSecReturnData),
            (Name.matchLimit, kSecMatchLimit), (Name.matchLimitOne, kSecMatchLimitOne),
            (KeychainQuery.Accessibility.afterFirstUnlockThisDeviceOnly.rawValue, kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly),
            (KeychainQuery.Accessibility.whenUnlockedThisDeviceOnly.rawValue, kSecAttrAccessibleWhenUnlockedThisDeviceOnly),
        ]
        for (ours, framework) in pairs { #expect(ours == framework as String) }
    }
    #endif
}
