import Core
public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the master key in a file of exactly 32 random bytes with mode 0600, beside the store.
/// A key file that group or others can read is refused (`SecureStoreError.keyFileExposed`),
/// because a leaked key defeats the encryption. Creation is atomic: a process killed while creating
/// the key never leaves a half-written key behind.
public struct FileKeyProvider: KeyProvider {
    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The conventional key file for a store folder: `<folder>/store.key`.
    public init(folder: URL) {
        self.init(fileURL: folder.appendingPathComponent("store.key"))
    }

    public func masterKey() throws(SecureStoreError) -> MasterKey {
        if let existing = try readKey() { return existing }
        try createKey()
        guard let created = try readKey() else {
            throw .keyUnavailable(reason: "the key file \(fileURL.path) vanished right after it was created; check that no other program deletes files in \(fileURL.deletingLastPathComponent().path)")
        }
        return created
    }

    /// Reads the key, or returns nil when there is no key file yet.
    private func readKey() throws(SecureStoreError) -> MasterKey? {
        let path = fileURL.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw .keyFileDamaged(path: path, reason: "it is a symbolic link; replace it with the real key file")
            }
            throw .keyUnavailable(reason: "cannot open the key file \(path): \(String(cString: strerror(code))); check its owner (`ls -l \(path)`)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .keyUnavailable(reason: "cannot inspect the key file \(path): \(String(cString: strerror(errno)))")
        }
        let permissions = UInt32(status.st_mode) & 0o777
        if permissions & 0o077 != 0 {
            throw .keyFileExposed(path: path, mode: String(permissions, radix: 8))
        }
        var buffer = [UInt8](repeating: 0, count: MasterKey.byteCount + 1)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(descriptor, base + total, raw.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .keyUnavailable(reason: "cannot read the key file \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            total += count
        }
        guard total == MasterKey.byteCount, let key = MasterKey(bytes: Data(buffer[0..<total])) else {
            throw .keyFileDamaged(path: path, reason: "it holds \(total) bytes instead of \(MasterKey.byteCount)")
        }
        return key
    }

    /// Writes a fresh key through Core's one private-file writer: a temporary file created 0600, flushed, then linked
    /// into place; the link fails when another process won the race, and then that process's key is used.
    private func createKey() throws(SecureStoreError) {
        do {
            try PrivateFiles.write(MasterKey.random().bytes, to: fileURL, temporaryPrefix: ".masterkey-", onlyIfAbsent: true)
        } catch {
            throw .keyUnavailable(reason: "cannot write the key file \(fileURL.path): \(error.description); check that the folder exists, is writable and has free space")
        }
    }
}
