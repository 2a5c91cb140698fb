public import Core
public import Foundation
import GRDB
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The encrypted record database of one app install, opened at a folder. It vends one `SecureVault`
/// per signed-in user (`vault(for:)`), which is what repositories and the outbox persist through.
///
/// Files in the folder: `store.sqlite` (+ `-wal`, `-shm`), all mode 0600, and, with
/// `FileKeyProvider`, `store.key`. A database that SQLite cannot open is moved aside as
/// `store.sqlite.unreadable-<UTC date>` and a fresh one started (see `openReport`).
public final class SecureStore: Sendable {
    /// The folder the store lives in.
    public let folder: URL
    /// The SQLite database file.
    public let databaseURL: URL
    /// What happened while opening: whether a damaged database was set aside.
    public let openReport: OpenReport

    let database: DatabasePool
    let masterKeys: MasterKeys
    let telemetry: Telemetry
    let now: @Sendable () -> Date
    let logger = Logger(label: "OfflineKit.SecureStore")
    /// Unwrapped data keys by user ID, so a read does not pay for HKDF and AES on the key each time.
    let userKeyCache = Locked<[String: UserKeys]>([:])
    let observers = Locked(ObserverRegistry())
    let bulkReadWorkers: Int
    /// True while the database holds records sealed under another master key (see `OpenReport.masterKeyChanged`).
    let masterKeyChanged: Locked<Bool>

    /// The schema version this build writes (GRDB migrations); records carry their own payload version.
    public static let schemaVersion = Schema.version
    public static let payloadVersion = SealingFormat.currentPayloadVersion
    public static let databaseFileName = "store.sqlite"

    /// Opens (or creates) the store in `folder`. `now` stamps saved records and names a database
    /// set aside after damage; `telemetry` receives the store's events (`secure_store_*`).
    public convenience init(
        folder: URL,
        keyProvider: any KeyProvider,
        telemetry: Telemetry,
        now: @escaping @Sendable () -> Date
    ) throws(SecureStoreError) {
        try self.init(folder: folder, keyProvider: keyProvider, telemetry: telemetry, now: now, bulkReadWorkers: BulkOpenBatch.defaultWorkers)
    }

    /// `bulkReadWorkers`: how many threads open the records of one `loadAll` (tests force the parallel path with it).
    init(
        folder: URL,
        keyProvider: any KeyProvider,
        telemetry: Telemetry,
        now: @escaping @Sendable () -> Date,
        bulkReadWorkers: Int
    ) throws(SecureStoreError) {
        let databaseURL = folder.appendingPathComponent(Self.databaseFileName)
        try Self.prepareFolder(folder)
        let masterKey = try keyProvider.masterKey()
        var report = OpenReport(databaseURL: databaseURL, schemaVersion: Schema.version)
        let database: DatabasePool
        do {
            database = try Self.openDatabase(at: databaseURL)
        } catch let failure {
            guard case let .damaged(reason) = failure else {
                throw .databaseUnavailable(path: databaseURL.path, reason: failure.reason)
            }
            let movedTo = try Self.moveAside(databaseURL, date: now())
            report.recoveredFrom = movedTo
            report.recoveryReason = reason
            telemetry.record("secure_store_database_recovered", attributes: [
                "reason": reason,
                "moved_to": movedTo.lastPathComponent,
            ])
            Logger(label: "OfflineKit.SecureStore").warning(
                "database was unreadable and was moved aside; starting empty",
                metadata: ["path": "\(databaseURL.path)", "moved_to": "\(movedTo.path)", "reason": "\(reason)"]
            )
            do {
                database = try Self.openDatabase(at: databaseURL)
            } catch let second {
                throw .databaseUnavailable(path: databaseURL.path, reason: second.reason)
            }
        }
        let masterKeys = MasterKeys(masterKey)
        do {
            report.masterKeyChanged = try database.write { db -> Bool in
                if let stored = try Data.fetchOne(db, sql: "SELECT check_value FROM key_check WHERE id = 1") {
                    return stored != masterKeys.keyCheck
                }
                try db.execute(sql: "INSERT INTO key_check (id, check_value) VALUES (1, ?)", arguments: [masterKeys.keyCheck])
                return false
            }
        } catch {
            try? database.close()
            throw .databaseUnavailable(path: databaseURL.path, reason: "the key check could not be read or written: \(error)")
        }
        if report.masterKeyChanged {
            telemetry.record("secure_store_master_key_changed")
            Logger(label: "OfflineKit.SecureStore").warning(
                "the master key does not match the one the database was sealed with; its records read as cache misses until the next save replaces them",
                metadata: ["path": "\(databaseURL.path)"]
            )
        }
        self.masterKeyChanged = Locked(report.masterKeyChanged)
        self.bulkReadWorkers = max(1, bulkReadWorkers)
        self.folder = folder
        self.databaseURL = databaseURL
        self.database = database
        self.masterKeys = masterKeys
        self.telemetry = telemetry
        self.now = now
        self.openReport = report
    }

    /// The vault of one user. Cheap: create one per sign-in, or per call.
    public func vault(for userID: String) -> SecureVault {
        SecureVault(store: self, userID: userID)
    }

    /// Closes the database; later calls fail with `RecordStoreError.unavailable`.
    public func close() {
        observers.withLock { registry in
            for observer in registry.observers.values { observer.continuation.finish() }
            registry.observers.removeAll()
        }
        try? database.close()
    }

    /// Moves everything written so far from the write-ahead log into the database file and empties the log.
    public func flushWriteAheadLog() throws(SecureStoreError) {
        do {
            _ = try database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        } catch {
            throw .databaseUnavailable(path: databaseURL.path, reason: "the write-ahead log could not be flushed: \(error)")
        }
    }

    /// How the files are protected right now, for tests and support screens.
    public func protection() throws(SecureStoreError) -> StoreProtection {
        do {
            let pragmas = try database.writeWithoutTransaction { db in
                (
                    try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                    try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0,
                    try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 0
                )
            }
            var modes: [String: Int] = [:]
            for url in Self.databaseFiles(databaseURL) {
                var status = stat()
                if stat(url.path, &status) == 0 { modes[url.lastPathComponent] = Int(status.st_mode) & 0o777 }
            }
            return StoreProtection(journalMode: pragmas.0, secureDelete: pragmas.1 == 1, syncsEveryCommit: pragmas.2 >= 2, fileModes: modes)
        } catch {
            throw .databaseUnavailable(path: databaseURL.path, reason: "\(error)")
        }
    }

    // MARK: - Opening

    enum OpenFailure: Error {
        case damaged(String)
        case unavailable(String)

        var reason: String {
            switch self {
            case let .damaged(reason), let .unavailable(reason): reason
            }
        }
    }

    static func databaseFiles(_ databaseURL: URL) -> [URL] {
        ["", "-wal", "-shm"].map { URL(fileURLWithPath: databaseURL.path + $0) }
    }

    private static func prepareFolder(_ folder: URL) throws(SecureStoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .databaseUnavailable(path: folder.path, reason: "a file is in the way where the store's folder should be; move it away")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .databaseUnavailable(path: folder.path, reason: "the folder cannot be created: \(error.localizedDescription)")
        }
    }

    private static func openDatabase(at url: URL) throws(OpenFailure) -> DatabasePool {
        try createProtectedFile(url)
        var configuration = Configuration()
        configuration.label = "SecureStore"
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // Deleted records are overwritten with zeros, not left in free pages.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        var pool: DatabasePool?
        do {
            let opened = try DatabasePool(path: url.path, configuration: configuration)
            pool = opened
            // A committed batch survives power loss too: the outbox relies on it. Set on the writer once the pool is
            // open, not in `prepareDatabase`: DatabasePool turns WAL on after that and sets `synchronous = NORMAL` with
            // it, which undid FULL on the one connection that commits (`protection().syncsEveryCommit` checks it).
            try opened.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            try Schema.migrator.migrate(opened)
            let check = try opened.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(1)") }
            guard check == ["ok"] else {
                try? opened.close()
                throw OpenFailure.damaged("integrity check failed: \(check.joined(separator: "; "))")
            }
            try protectFiles(url)
            return opened
        } catch let failure as OpenFailure {
            try? pool?.close()
            throw failure
        } catch let error as DatabaseError {
            try? pool?.close()
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
                throw .damaged("SQLite cannot read the file (\(error.resultCode)): \(error.message ?? "no detail")")
            default:
                throw .unavailable("SQLite error \(error.resultCode): \(error.message ?? "no detail")")
            }
        } catch {
            try? pool?.close()
            throw .unavailable("\(error)")
        }
    }

    /// Creates the database file with mode 0600 before SQLite does: SQLite gives the -wal and -shm
    /// files the database file's mode, so they are born private too.
    private static func createProtectedFile(_ url: URL) throws(OpenFailure) {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .unavailable("cannot create or open the file: \(String(cString: strerror(errno)))")
        }
        closeDescriptor(descriptor)
        try protectFiles(url)
    }

    /// Sets mode 0600 on the database, -wal and -shm files that exist, and checks that it holds.
    private static func protectFiles(_ url: URL) throws(OpenFailure) {
        for file in databaseFiles(url) {
            var status = stat()
            guard stat(file.path, &status) == 0 else { continue }
            if Int(status.st_mode) & 0o777 != 0o600 {
                guard chmod(file.path, 0o600) == 0 else {
                    throw .unavailable("cannot make \(file.path) private (chmod 600 failed: \(String(cString: strerror(errno)))); run `chmod 600 \(file.path)`")
                }
            }
        }
    }

    /// Renames a damaged database (and its write-ahead log) to `<name>.unreadable-<UTC date>`, kept for support.
    private static func moveAside(_ url: URL, date: Date) throws(SecureStoreError) -> URL {
        let stamp = utcStamp(date)
        var target = URL(fileURLWithPath: "\(url.path).unreadable-\(stamp)")
        var attempt = 2
        while FileManager.default.fileExists(atPath: target.path) {
            target = URL(fileURLWithPath: "\(url.path).unreadable-\(stamp)-\(attempt)")
            attempt += 1
        }
        guard rename(url.path, target.path) == 0 else {
            throw .databaseUnavailable(path: url.path, reason: "the damaged file could not be moved aside (\(String(cString: strerror(errno)))); move or delete it by hand")
        }
        _ = rename(url.path + "-wal", target.path + "-wal")
        _ = unlink(url.path + "-shm")
        return target
    }

    private static func utcStamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))\(pad(parts.tm_mon + 1, 2))\(pad(parts.tm_mday, 2))T\(pad(parts.tm_hour, 2))\(pad(parts.tm_min, 2))\(pad(parts.tm_sec, 2))Z"
    }
}

/// What happened when the store was opened.
public struct OpenReport: Sendable, Equatable {
    public var databaseURL: URL
    /// Where a database that SQLite could not open was moved; nil when the existing one was used.
    public var recoveredFrom: URL?
    /// Why that database was set aside.
    public var recoveryReason: String?
    /// The schema version of the open database.
    public var schemaVersion: Int
    /// True when the master key is not the one the existing records were sealed with (key file or
    /// Keychain item replaced or lost): loads fail as `unreadable` until the first save drops them.
    public var masterKeyChanged = false

    public init(databaseURL: URL, recoveredFrom: URL? = nil, recoveryReason: String? = nil, schemaVersion: Int, masterKeyChanged: Bool = false) {
        self.databaseURL = databaseURL
        self.recoveredFrom = recoveredFrom
        self.recoveryReason = recoveryReason
        self.schemaVersion = schemaVersion
        self.masterKeyChanged = masterKeyChanged
    }
}

/// How the store's files are protected, as observed (for tests and support).
public struct StoreProtection: Sendable, Equatable {
    public var journalMode: String
    public var secureDelete: Bool
    /// The writer's `synchronous` is FULL (or EXTRA) between transactions: a commit is on disk when it returns.
    public var syncsEveryCommit: Bool
    /// Permission bits by file name (`store.sqlite`, `store.sqlite-wal`, `store.sqlite-shm`).
    public var fileModes: [String: Int]
}

/// `close(2)`; a free function because inside `SecureStore` the name `close` means the store's own method.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
