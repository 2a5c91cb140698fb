public import Core

/// Why the store, or its key, cannot be used. Each message names the file and says what to do.
public enum SecureStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key file can be read by group or others; the store refuses to use a key that leaked.
    case keyFileExposed(path: String, mode: String)
    /// The key file exists but is not a key this store wrote (wrong size or unreadable).
    case keyFileDamaged(path: String, reason: String)
    /// The key could not be read or created (permissions, disk full, Keychain refused).
    case keyUnavailable(reason: String)
    /// The folder or database file cannot be created, opened or protected.
    case databaseUnavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .keyFileExposed(path, mode):
            "the key file \(path) has mode \(mode) and can be read by other users; run `chmod 600 \(path)` and open the store again"
        case let .keyFileDamaged(path, reason):
            "the key file \(path) is damaged (\(reason)); restore it from a backup, or delete it together with the store's database to start empty"
        case let .keyUnavailable(reason):
            "the store's key is unavailable: \(reason)"
        case let .databaseUnavailable(path, reason):
            "the database \(path) cannot be used (\(reason)); check that the folder exists, is writable by this user and that the disk has free space"
        }
    }

    /// The same failure in the vocabulary of Core's `RecordStore` port.
    public var asRecordStoreError: RecordStoreError {
        .unavailable(reason: description)
    }
}
