public import Foundation

/// What `--fix` changed, kept so that `--undo` can put it back: before a file is rewritten its bytes are copied into
/// `.l10n-undo/<run>/` in the folder the command runs in, with a manifest naming each file and a digest of what the fix
/// wrote. `--undo` restores the newest run's files whose content is still what the fix left (a file edited since is
/// named and kept, unless `--force`), then removes that run, so repeated `--undo`s walk back through earlier fixes.
public enum FixJournal {
    public static let folderName = ".l10n-undo"

    struct Record: Codable, Equatable {
        /// The file's path relative to the folder that holds `.l10n-undo`, when it is inside it, else absolute: a project
        /// copied or moved with its journal undoes its own files. (Absolute always, before: `--undo` in a copy restored
        /// the original's files.)
        var path: String
        /// The copy of its bytes before the fix, inside the run's folder.
        var backup: String
        /// FNV-1a of the bytes the fix wrote: `--undo` restores only a file that still holds them.
        var digestAfterFix: String
    }

    struct Manifest: Codable, Equatable {
        var command: String
        var files: [Record]
    }

    /// Records one run's edits; created before the first file is written, so even a run stopped half-way can be undone.
    public final class Recorder: @unchecked Sendable {  // used by one thread: the command that edits, in order
        let folder: URL
        private let root: String
        private var manifest: Manifest

        /// A new run folder under `root/.l10n-undo/`; `command` is what the manifest says was run.
        public init(root: String, command: String) throws {
            self.root = URL(fileURLWithPath: root).standardizedFileURL.path
            let base = URL(fileURLWithPath: root).appendingPathComponent(FixJournal.folderName)
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            let existing = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
            // Runs are numbered, so the newest is the highest number whatever the clock says.
            let next = (existing.compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0) + 1
            folder = base.appendingPathComponent(String(format: "%04d", next))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            manifest = Manifest(command: command, files: [])
            try write()
        }

        /// Saves `before` as the file's original and records what the fix is about to write.
        public func save(_ path: String, before: Data, after: Data) throws {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            let inside = root == "/" ? "/" : root + "/"
            let recorded = absolute.hasPrefix(inside) ? String(absolute.dropFirst(inside.count)) : absolute
            let backup = "\(manifest.files.count + 1).orig"
            try before.write(to: folder.appendingPathComponent(backup), options: .atomic)
            manifest.files.append(Record(path: recorded, backup: backup, digestAfterFix: FixJournal.digest(after)))
            try write()
        }

        /// The run folder, for the message that says how to undo; removed when nothing was saved.
        public func finish() -> String? {
            if manifest.files.isEmpty {
                try? FileManager.default.removeItem(at: folder)
                let base = folder.deletingLastPathComponent()
                if (try? FileManager.default.contentsOfDirectory(atPath: base.path))?.isEmpty == true { try? FileManager.default.removeItem(at: base) }
                return nil
            }
            return folder.path
        }

        private func write() throws {
            try FixJournal.write(manifest, in: folder)
        }
    }

    public struct UndoOutcome: Sendable, Equatable {
        /// Lines for stderr: each file restored or kept, and why.
        public var lines: [String] = []
        public var restored = 0
        /// Files left as they are because they changed after the fix (without `--force`).
        public var kept = 0
        /// Set when there was nothing to undo or the journal could not be read.
        public var problem: String?
    }

    /// Puts back the newest run's files under `root/.l10n-undo/`.
    public static func undo(root: String, force: Bool) -> UndoOutcome {
        var outcome = UndoOutcome()
        let base = URL(fileURLWithPath: root).appendingPathComponent(folderName)
        let runs = ((try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []).filter { Int($0) != nil }.sorted()
        guard let newest = runs.last else {
            outcome.problem = "nothing to undo: \(base.path) holds no --fix run (--undo works in the folder the --fix ran in)"
            return outcome
        }
        let folder = base.appendingPathComponent(newest)
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else {
            outcome.problem = "\(folder.path)/manifest.json cannot be read; the originals are in that folder, numbered in the order they were saved"
            return outcome
        }
        var left: [Record] = []
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        for record in manifest.files {
            let target = record.path.hasPrefix("/") ? record.path : (rootPath as NSString).appendingPathComponent(record.path)
            let current = FileManager.default.contents(atPath: target)
            if let current, digest(current) != record.digestAfterFix, !force {
                outcome.kept += 1
                left.append(record)
                outcome.lines.append("kept \(target): it changed after the fix; --undo --force restores it anyway (the original is \(folder.path)/\(record.backup))")
                continue
            }
            guard let original = FileManager.default.contents(atPath: folder.appendingPathComponent(record.backup).path) else {
                outcome.kept += 1
                left.append(record)
                outcome.lines.append("kept \(target): its original \(folder.path)/\(record.backup) is gone")
                continue
            }
            do {
                try original.write(to: URL(fileURLWithPath: target), options: .atomic)
                outcome.restored += 1
                outcome.lines.append("restored \(target)")
            } catch {
                outcome.kept += 1
                left.append(record)
                outcome.lines.append("kept \(target): it cannot be written (\(error.localizedDescription))")
            }
        }
        if outcome.kept == 0 {
            try? FileManager.default.removeItem(at: folder)
            if runs.count == 1 { try? FileManager.default.removeItem(at: base) }
            outcome.lines.append("undid \(manifest.command): \(outcome.restored) file(s) restored" + (runs.count > 1 ? "; \(runs.count - 1) earlier run(s) left to undo" : ""))
        } else {
            // Only what is still to restore stays listed, so the next --undo (--force) deals with those alone.
            try? write(Manifest(command: manifest.command, files: left), in: folder)
            outcome.lines.append("\(outcome.restored) file(s) restored, \(outcome.kept) kept; the run stays in \(folder.path) until every file is restored")
        }
        return outcome
    }

    static func write(_ manifest: Manifest, in folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(manifest).write(to: folder.appendingPathComponent("manifest.json"), options: .atomic)
    }

    /// FNV-1a, 64 bits, as hex: enough to tell whether a file still holds what the fix wrote.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
