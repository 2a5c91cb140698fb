public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Files only this user may read, made without a window in which they are wider: the one 0600 atomic writer of
/// OfflineKit (the summary's share card, the store's key file). A file is written under a temporary name created 0600
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`), flushed, then moved into place, so no reader ever sees it half written or with
/// wider permissions; the folder is flushed after, so the name survives a crash.
public enum PrivateFiles {
    /// What failed, in words for the user's message: the step and the system's reason.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// `mkdir -p` with 0700 for every component it creates; then the folder must be a directory (not a symlink) owned by
    /// this user, and is narrowed to 0700 if it was wider.
    public static func makeFolder(_ folder: URL) throws(Failure) {
        var missing: [String] = []
        var path = folder.standardizedFileURL.path
        while !path.isEmpty, path != "/", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        for component in missing.reversed() where mkdir(component, 0o700) != 0 && errno != EEXIST {
            throw Failure(description: "mkdir \(component): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { throw Failure(description: "lstat: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(description: "not a directory (a symlink or a file is in its place)") }
        guard info.st_uid == geteuid() else { throw Failure(description: "owned by another user (uid \(info.st_uid))") }
        if info.st_mode & 0o077 != 0, chmod(folder.path, 0o700) != 0 {
            throw Failure(description: "chmod 0700: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `data` to `url`, 0600, atomically. `onlyIfAbsent`: the file is put in place only if none is there yet
    /// (`link`, which fails when another process won the race); then false is returned and the file there is kept.
    /// `temporaryPrefix` starts the temporary file's name in the same folder (a caller may sweep leftovers by it).
    @discardableResult
    public static func write(_ data: Data, to url: URL, temporaryPrefix: String = ".private-", onlyIfAbsent: Bool = false) throws(Failure) -> Bool {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "create \(temporary): \(String(cString: strerror(errno)))") }
        defer { unlink(temporary) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "write: \(String(cString: strerror(errno)))"
                    return
                }
                offset += written
            }
            if fsync(descriptor) != 0 { failure = "fsync: \(String(cString: strerror(errno)))" }
        }
        close(descriptor)
        if let failure { throw Failure(description: failure) }
        var installed = true
        if onlyIfAbsent {
            if link(temporary, url.path) != 0 {
                guard errno == EEXIST else { throw Failure(description: "link: \(String(cString: strerror(errno)))") }
                installed = false
            }
        } else if rename(temporary, url.path) != 0 {
            throw Failure(description: "rename: \(String(cString: strerror(errno)))")
        }
        let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return installed
    }
}
