#if canImport(Security)
import Foundation
import Security

/// Keeps the master key in the Keychain as a generic password, readable only on this device after
/// the first unlock (so background refreshes work), never synced to iCloud.
public struct KeychainKeyProvider: KeyProvider {
    public let service: String
    public let account: String
    /// The queries, built as plain data (`KeychainQuery`, compiled and tested on every platform).
    public let query: KeychainQuery

    public init(service: String, account: String = "SecureStore.masterKey", accessGroup: String? = nil,
                accessibility: KeychainQuery.Accessibility = .afterFirstUnlockThisDeviceOnly) {
        self.service = service
        self.account = account
        query = KeychainQuery(service: service, account: account, accessGroup: accessGroup, accessibility: accessibility)
    }

    public func masterKey() throws(SecureStoreError) -> MasterKey {
        if let existing = try readKey() { return existing }
        let key = MasterKey.random()
        let status = SecItemAdd(Self.dictionary(query.add(key.rawBytes)), nil)
        if status == errSecDuplicateItem, let winner = try readKey() {
            return winner
        }
        guard status == errSecSuccess else {
            throw .keyUnavailable(reason: "the Keychain refused to store the key for \(service) (OSStatus \(status)); unlock the device and try again")
        }
        return key
    }

    private func readKey() throws(SecureStoreError) -> MasterKey? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching(Self.dictionary(query.read), &result)
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

    /// The query as the Security framework takes it.
    static func dictionary(_ query: [String: KeychainQuery.Value]) -> CFDictionary {
        var dictionary: [String: Any] = [:]
        for (name, value) in query {
            switch value {
            case let .string(text): dictionary[name] = text
            case let .bool(flag): dictionary[name] = flag
            case let .data(bytes): dictionary[name] = bytes
            }
        }
        return dictionary as CFDictionary
    }
}
#endif
