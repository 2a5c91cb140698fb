import GRDB

/// The database schema and its migrations. Add a migration for every change; never edit a shipped one.
/// Column contents: only blind indexes (HMAC-SHA256) and sealed payloads; no identifier, name or date in clear.
enum Schema {
    /// Bump together with a new `registerMigration` below.
    static let version = 1

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-sealed-records") { db in
            // One wrapped data key per user; deleting the row shreds every record of that user.
            try db.execute(sql: """
                CREATE TABLE user_key (
                    user_index BLOB PRIMARY KEY NOT NULL,
                    wrapped_key BLOB NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE record (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_index BLOB NOT NULL,
                    collection_index BLOB NOT NULL,
                    key_index BLOB NOT NULL,
                    payload_version INTEGER NOT NULL,
                    sealed BLOB NOT NULL,
                    UNIQUE (user_index, collection_index, key_index)
                );
                CREATE INDEX record_by_collection ON record (user_index, collection_index, seq);
                -- An HMAC under the master key: tells "the master key changed" apart from "no data yet".
                CREATE TABLE key_check (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    check_value BLOB NOT NULL
                );
                """)
        }
        return migrator
    }
}
