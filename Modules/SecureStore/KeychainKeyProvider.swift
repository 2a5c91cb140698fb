#if canImport(Security)
import Foundation
import Security

/// Keeps the master key in the Keychain as a generic password, readable only on this device after
/// the first unlock (so background refreshes work), never synced to iCloud.
public struct KeychainKeyProvider: KeyProvider {
    public let service: String
    public let account: String

    public init(service: String, account: String = "SecureStore.masterKey") {
        self.service = service
        self.account = account
    }

    public func masterKey() throws(SecureStoreError) -> MasterKey {
        if let existing = try readKey() { return existing }
        let key = MasterKey.random()
        var attributes = baseQuery()
        attributes[kSecValueData as String] = key.rawBytes
        attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(attributes as CFDictionary, nil)
        if status == errSecDuplicateItem, let winner = try readKey() {
            return winner
        }
        guard status == errSecSuccess else {
            throw .keyUnavailable(reason: "the Keychain refused to store the key for \(service) (OSStatus \(status)); unlock the device and try again")
        }
        return key
    }

    private func readKey() throws(SecureStoreError) -> MasterKey? {
        var query = baseQuery()
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data, let key = MasterKey(bytes: data) else {
                throw .keyUnavailable(reason: "the Keychain item \(service)/\(account) is not a 32-byte key; delete it (and the store's database) to start empty")
            }
            return key
        case errSecItemNotFound:
            return nil
        default:
            throw .keyUnavailable(reason: "the Keychain refused to read the key for \(service) (OSStatus \(status)); unlock the device and try again")
        }
    }

    private func baseQuery() -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecAttrSynchronizable as String: false,
        ]
    }
}
#endif
