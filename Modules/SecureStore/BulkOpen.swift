import Core
@preconcurrency import Crypto
import Dispatch
import Foundation

/// Opens the records of a bulk read in batches, spread over the CPU cores: AES-GCM dominates a bulk
/// read, and each record opens independently. Batches keep memory flat: only `capacity` sealed
/// copies are alive at once, beside the records already opened.
struct BulkOpenBatch {
    static let capacity = 512
    /// Below this many records a batch opens on the calling thread (spreading costs more than it saves).
    static let parallelThreshold = 64
    /// Half the cores, at most 4, and none spread on a machine with fewer than 4 cores: measured on
    /// 2 busy cores, waiting for a preempted worker cost more wall time than the spreading saved.
    static let defaultWorkers = {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return cores >= 4 ? min(4, cores / 2) : 1
    }()

    let keys: UserKeys
    let collection: String
    let workers: Int
    private var versions: [Int] = []
    private var sealed: [AES.GCM.SealedBox] = []
    /// One AAD per pending record, back to back: user index · collection index · key index · version.
    private var aads: [UInt8]

    init(keys: UserKeys, collection: String, collectionIndex: Data, workers: Int) {
        self.keys = keys
        self.collection = collection
        self.workers = max(1, workers)
        var template = [UInt8](repeating: 0, count: SealingFormat.aadLength)
        _ = SealingFormat.fillAAD(&template, userIndex: keys.userIndex, collectionIndex: collectionIndex, keyIndex: collectionIndex, version: 0)
        aads = Array([[UInt8]](repeating: template, count: Self.capacity).joined())
        versions.reserveCapacity(Self.capacity)
        sealed.reserveCapacity(Self.capacity)
    }

    var isFull: Bool { sealed.count == Self.capacity }

    /// Copies one row's bytes (they point into SQLite's buffer); false when the row is malformed.
    mutating func add(keyIndex: UnsafeRawBufferPointer, version: Int, sealed bytes: UnsafeRawBufferPointer) -> Bool {
        // The sealed box copies the bytes out of SQLite's buffer: the only copy a record's ciphertext gets.
        guard keyIndex.count == SealingFormat.indexLength, let origin = keyIndex.baseAddress,
              let box = try? AES.GCM.SealedBox(combined: bytes)
        else { return false }
        let slot = sealed.count * SealingFormat.aadLength
        aads.withUnsafeMutableBytes { raw in
            guard let target = raw.baseAddress else { return }
            (target + slot + 2 * SealingFormat.indexLength).copyMemory(from: origin, byteCount: SealingFormat.indexLength)
            raw[slot + 3 * SealingFormat.indexLength] = UInt8(truncatingIfNeeded: version)
        }
        versions.append(version)
        sealed.append(box)
        return true
    }

    /// Opens every pending record, in order, and empties the batch. Throws the first failure.
    mutating func open(appendingTo records: inout [StoredRecord]) throws {
        let count = sealed.count
        guard count > 0 else { return }
        var opened = [StoredRecordParts?](repeating: nil, count: count)
        let workers = count >= Self.parallelThreshold ? self.workers : 1
        var failures = [(any Error)?](repeating: nil, count: workers)
        let keys = keys
        sealed.withUnsafeBufferPointer { sealed in
            versions.withUnsafeBufferPointer { versions in
                aads.withUnsafeBytes { aads in
                    opened.withUnsafeMutableBufferPointer { opened in
                        failures.withUnsafeMutableBufferPointer { failures in
                            let work = SharedBuffers(sealed: sealed, versions: versions, aads: aads, opened: opened, failures: failures)
                            let openSlice: @Sendable (Int) -> Void = { worker in
                                var index = worker
                                while index < count {
                                    let aad = UnsafeRawBufferPointer(rebasing: work.aads[(index * SealingFormat.aadLength)..<((index + 1) * SealingFormat.aadLength)])
                                    do {
                                        work.opened[index] = try SealingFormat.open(work.sealed[index], version: work.versions[index], keys: keys, aad: aad)
                                    } catch {
                                        work.failures[worker] = error
                                        return
                                    }
                                    index += workers
                                }
                            }
                            if workers == 1 {
                                openSlice(0)
                            } else {
                                DispatchQueue.concurrentPerform(iterations: workers, execute: openSlice)
                            }
                        }
                    }
                }
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first {
            if case SealingError.unknownPayloadVersion = failure { throw VaultFailure.recordUnreadable(cause: "newer_payload_version") }
            throw VaultFailure.recordUnreadable(cause: "authentication_failed")
        }
        records.reserveCapacity(records.count + count)
        for parts in opened {
            guard let parts else { throw VaultFailure.recordUnreadable(cause: "authentication_failed") }
            records.append(StoredRecord(collection: collection, key: parts.key, value: parts.value, savedAt: parts.savedAt, expiresAt: parts.expiresAt))
        }
        versions.removeAll(keepingCapacity: true)
        sealed.removeAll(keepingCapacity: true)
    }
}

/// The buffers one batch shares with its workers.
private struct SharedBuffers: @unchecked Sendable { // each worker reads shared inputs and writes only its own indexes (worker, worker + n, …)
    let sealed: UnsafeBufferPointer<AES.GCM.SealedBox>
    let versions: UnsafeBufferPointer<Int>
    let aads: UnsafeRawBufferPointer
    let opened: UnsafeMutableBufferPointer<StoredRecordParts?>
    let failures: UnsafeMutableBufferPointer<(any Error)?>
}
