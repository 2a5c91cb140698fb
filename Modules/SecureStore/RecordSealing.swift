import Core
@preconcurrency import Crypto
import Foundation

/// Subkeys derived from the master key: one to wrap users' data keys, one to blind-index user IDs.
struct MasterKeys: @unchecked Sendable { // SymmetricKey is an immutable value; nothing mutates it after init.
    let wrapKey: SymmetricKey
    let userIndexKey: SymmetricKey
    /// Stored once per database: a different value at open means the master key changed.
    let keyCheck: Data

    init(_ master: MasterKey) {
        let material = SymmetricKey(data: master.bytes)
        wrapKey = SealingFormat.derive(from: material, purpose: "wrap-user-key")
        userIndexKey = SealingFormat.derive(from: material, purpose: "user-index")
        let checkKey = SealingFormat.derive(from: material, purpose: "key-check")
        keyCheck = Data(HMAC<SHA256>.authenticationCode(for: Data("OfflineKit.SecureStore.key-check".utf8), using: checkKey))
    }

    /// The blind index of a user ID: the ID itself never reaches the file.
    func userIndex(_ userID: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(userID.utf8), using: userIndexKey))
    }

    /// Seals a fresh data key for one user; the user's index is bound as associated data, so a
    /// wrapped key copied to another user's row does not open.
    func wrap(dataKey: Data, userIndex: Data) throws -> Data {
        let box = try AES.GCM.seal(dataKey, using: wrapKey, nonce: AES.GCM.Nonce(), authenticating: Self.wrapAAD(userIndex))
        guard let combined = box.combined else { throw SealingError.malformed }
        return combined
    }

    func unwrap(_ wrapped: Data, userIndex: Data) throws -> Data {
        let box = try AES.GCM.SealedBox(combined: wrapped)
        return try AES.GCM.open(box, using: wrapKey, authenticating: Self.wrapAAD(userIndex))
    }

    private static func wrapAAD(_ userIndex: Data) -> Data {
        Data("SecureStore.user-key.v1".utf8) + userIndex
    }
}

/// One user's keys: the blind index of the user, the data key as stored (wrapped) and the two
/// subkeys derived from it. Dropping the wrapped key from the database shreds everything sealed with it.
struct UserKeys: @unchecked Sendable { // SymmetricKey is an immutable value; nothing mutates it after init.
    let userIndex: Data
    let wrapped: Data
    let sealKey: SymmetricKey
    let indexKey: SymmetricKey
    /// The HMAC already keyed with `indexKey`, copied for each index: keying it again cost as much as the hashing.
    private let indexMAC: HMAC<SHA256>
    /// Collection names seen, with their index: every transaction of the outbox needs the same one or two.
    private let collectionIndexes = Locked<[String: Data]>([:])

    init(userIndex: Data, wrapped: Data, dataKey: Data) {
        self.userIndex = userIndex
        self.wrapped = wrapped
        let material = SymmetricKey(data: dataKey)
        sealKey = SealingFormat.derive(from: material, purpose: "record-seal")
        indexKey = SealingFormat.derive(from: material, purpose: "record-index")
        indexMAC = HMAC<SHA256>(key: indexKey)
    }

    static func freshDataKey() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// The blind index of a collection name, per user (the same name gives unrelated indexes for two users).
    func collectionIndex(_ collection: String) -> Data {
        if let known = collectionIndexes.withLock({ $0[collection] }) { return known }
        var mac = indexMAC
        mac.update(data: Data("c:".utf8))
        Self.update(&mac, with: collection)
        let index = Data(mac.finalize())
        // A user writes to a handful of collections; a bound keeps a caller that invents names from growing it forever.
        collectionIndexes.withLock { known in
            if known.count >= 256 { known.removeAll() }
            known[collection] = index
        }
        return index
    }

    /// The blind index of a record key within one collection.
    func keyIndex(_ key: String, collectionIndex: Data) -> Data {
        var mac = indexMAC
        mac.update(data: Data("k:".utf8))
        mac.update(data: collectionIndex)
        Self.update(&mac, with: key)
        return Data(mac.finalize())
    }

    private static func update(_ mac: inout HMAC<SHA256>, with text: String) {
        var text = text
        text.withUTF8 { mac.update(data: UnsafeRawBufferPointer($0)) }
    }
}

enum SealingError: Error {
    case malformed
    case unknownPayloadVersion(Int)
}

/// The record payload: what is sealed, and what is bound to it as associated data.
///
/// Plaintext (payload version 1): value · key (UTF-8) · a 21-byte trailer: key length (UInt32 LE),
/// saved-at (Float64 bits, LE, seconds since 2001), expires-at (same, 0 when absent), flags (bit 0:
/// has expiry). The value comes first so a load hands out a zero-copy prefix of the decrypted bytes.
/// The associated data is user index · collection index · key index · payload version, so a sealed
/// record copied to another row, collection or user, or relabelled with another version, fails to open.
enum SealingFormat {
    /// Bump when the plaintext layout changes, and teach `open` the old layout (the migration hook).
    static let currentPayloadVersion = 1
    static let indexLength = 32
    static let aadLength = 3 * indexLength + 1

    static func derive(from material: SymmetricKey, purpose: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: material,
            salt: Data("OfflineKit.SecureStore".utf8),
            info: Data(purpose.utf8),
            outputByteCount: 32
        )
    }

    /// Writes the associated data into `buffer` (reused across a bulk read, so no allocation per record).
    static func fillAAD(_ buffer: inout [UInt8], userIndex: Data, collectionIndex: Data, keyIndex: Data, version: Int) -> Bool {
        guard userIndex.count == indexLength, collectionIndex.count == indexLength else { return false }
        if buffer.count != aadLength { buffer = [UInt8](repeating: 0, count: aadLength) }
        buffer.withUnsafeMutableBytes { raw in
            copy(userIndex, into: raw, at: 0)
            copy(collectionIndex, into: raw, at: indexLength)
        }
        return fillAAD(&buffer, keyIndex: keyIndex, version: version)
    }

    /// Rewrites only the per-record part (key index, version) of an AAD whose user and collection are already filled in.
    static func fillAAD(_ buffer: inout [UInt8], keyIndex: Data, version: Int) -> Bool {
        guard keyIndex.count == indexLength, buffer.count == aadLength else { return false }
        buffer.withUnsafeMutableBytes { raw in
            copy(keyIndex, into: raw, at: 2 * indexLength)
            raw[3 * indexLength] = UInt8(truncatingIfNeeded: version)
        }
        return true
    }

    /// A plain memcpy: `Data.copyBytes(to:)` goes through generic `DataProtocol` code that costs more than the AES.
    private static func copy(_ data: Data, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) {
        data.withUnsafeBytes { source in
            guard let base = source.baseAddress, let target = buffer.baseAddress else { return }
            (target + offset).copyMemory(from: base, byteCount: min(source.count, buffer.count - offset))
        }
    }

    static let trailerLength = 4 + 8 + 8 + 1

    static func seal(key: String, value: Data, savedAt: Date, expiresAt: Date?, keys: UserKeys, aad: [UInt8]) throws -> Data {
        let keyBytes = Array(key.utf8)
        var plaintext = Data(capacity: value.count + keyBytes.count + trailerLength)
        plaintext.append(value)
        plaintext.append(contentsOf: keyBytes)
        appendLittleEndian(&plaintext, UInt32(keyBytes.count))
        appendLittleEndian(&plaintext, savedAt.timeIntervalSinceReferenceDate.bitPattern)
        appendLittleEndian(&plaintext, (expiresAt?.timeIntervalSinceReferenceDate ?? 0).bitPattern)
        plaintext.append(expiresAt == nil ? 0 : 1)
        let box = try AES.GCM.seal(plaintext, using: keys.sealKey, nonce: AES.GCM.Nonce(), authenticating: aad)
        guard let combined = box.combined else { throw SealingError.malformed }
        return combined
    }

    /// Opens a sealed record; throws when the tag does not verify (tampered, wrong key, wrong row).
    static func open(_ sealed: Data, version: Int, keys: UserKeys, aad: some DataProtocol) throws -> StoredRecordParts {
        try open(AES.GCM.SealedBox(combined: sealed), version: version, keys: keys, aad: aad)
    }

    static func open(_ box: AES.GCM.SealedBox, version: Int, keys: UserKeys, aad: some DataProtocol) throws -> StoredRecordParts {
        guard version == currentPayloadVersion else { throw SealingError.unknownPayloadVersion(version) }
        let plaintext = try AES.GCM.open(box, using: keys.sealKey, authenticating: aad)
        return try decodeVersion1(plaintext)
    }

    private static func decodeVersion1(_ plaintext: Data) throws -> StoredRecordParts {
        let count = plaintext.count
        guard count >= trailerLength else { throw SealingError.malformed }
        let (keyLength, savedBits, expiresBits, flags) = plaintext.withUnsafeBytes { raw in
            let trailer = count - trailerLength
            return (
                Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: trailer, as: UInt32.self))),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: trailer + 4, as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: trailer + 12, as: UInt64.self)),
                raw[trailer + 20]
            )
        }
        let valueLength = count - trailerLength - keyLength
        guard keyLength >= 0, valueLength >= 0 else { throw SealingError.malformed }
        let start = plaintext.startIndex
        let key = String(decoding: plaintext[(start + valueLength)..<(start + valueLength + keyLength)], as: UTF8.self)
        // A prefix of a zero-based Data is zero-based too, and shares the decrypted buffer (no copy).
        let value = start == 0 ? plaintext.prefix(valueLength) : Data(plaintext.prefix(valueLength))
        return StoredRecordParts(
            key: key,
            value: value,
            savedAt: Date(timeIntervalSinceReferenceDate: Double(bitPattern: savedBits)),
            expiresAt: flags & 1 == 1 ? Date(timeIntervalSinceReferenceDate: Double(bitPattern: expiresBits)) : nil
        )
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ data: inout Data, _ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}

/// What a sealed payload holds besides its collection.
struct StoredRecordParts {
    var key: String
    var value: Data
    var savedAt: Date
    var expiresAt: Date?
}
