public import Core
public import Foundation

/// Images kept for offline use in the user's store (a SecureStore vault in the app: encrypted, per user), within a
/// byte budget: when a new image would pass it, the least recently shown ones go first (LRU).
///
/// An index record keeps each image's byte count, pixel size and when it was last shown, so a screen learns which of
/// its images are on the device (and their sizes) from one small read; the bytes are read only to draw them.
/// Saving an image, its index entry and any eviction is one transaction: a crash never leaves an image the index
/// does not know (which would never be evicted) nor an index entry without its image.
public final class ImageCache: Sendable {
    /// The collection of the image records (key: the image's reference); the index is `\(collection).index`.
    public let collection: String
    /// The most bytes of image data kept for this user.
    public let budgetBytes: Int
    private let store: any RecordStore
    private let now: @Sendable () -> Date
    /// Reads and changes of the index, one at a time (the store applies each change atomically; this keeps two
    /// changes from both starting from the same old index).
    private let index = Locked<Index?>(nil)

    struct Entry: Codable, Equatable {
        var bytes: Int
        var size: PixelSize
        var lastShown: Date
    }

    typealias Index = [String: Entry]
    static let indexKey = "index"

    /// - Parameters:
    ///   - budgetBytes: the per-user budget (the cart's default: 2 MiB, a few hundred small product images).
    ///   - now: when an image is shown (its LRU stamp).
    public init(store: any RecordStore, collection: String, budgetBytes: Int, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.collection = collection
        self.budgetBytes = budgetBytes
        self.now = now
    }

    /// How stale a saved "last shown" stamp may get before showing the image writes the index again: eviction order
    /// only needs to be right to the hour, and a screen opening should not cost a store write every time.
    static let stampResolution: TimeInterval = 3_600

    /// The pixel sizes of those of `references` that are kept, marking them shown now. The stamps change in memory at
    /// once; the index is written only when one of them moved by more than `stampResolution` (or with the next `keep`).
    public func show(_ references: [String]) -> [String: PixelSize] {
        withIndex { index in
            var shown: [String: PixelSize] = [:]
            var worthSaving = false
            let date = now()
            for reference in Set(references) {
                guard var entry = index[reference] else { continue }
                if date.timeIntervalSince(entry.lastShown) > Self.stampResolution { worthSaving = true }
                entry.lastShown = date
                index[reference] = entry
                shown[reference] = entry.size
            }
            // The stamp is a hint: if it cannot be saved, the next eviction is merely less exact.
            if worthSaving { _ = try? store.apply([save(index)].compactMap { $0 }) }
            return shown
        }
    }

    /// Whether the image is kept (no LRU stamp).
    public func contains(_ reference: String) -> Bool {
        withIndex { $0[reference] != nil }
    }

    /// The kept bytes of an image, marking it shown now; nil when it is not kept or cannot be read.
    public func image(_ reference: String) -> Data? {
        guard let record = try? store.load(collection: collection, key: reference) else { return nil }
        _ = show([reference])
        return record.value
    }

    /// Bytes kept now.
    public var usedBytes: Int { withIndex { $0.values.reduce(0) { $0 + $1.bytes } } }

    /// Keeps a PNG for `reference`, evicting the least recently shown images while the budget would be passed.
    /// Returns its pixel size; nil (and nothing kept) when `data` is not a PNG or alone passes the budget.
    @discardableResult
    public func keep(_ data: Data, for reference: String) throws(RecordStoreError) -> PixelSize? {
        guard let size = PixelSize(png: data), data.count <= budgetBytes else { return nil }
        return try withIndex { (index: inout Index) throws(RecordStoreError) -> PixelSize? in
            var next = index
            next[reference] = Entry(bytes: data.count, size: size, lastShown: now())
            var changes: [RecordChange] = [.save(collection: collection, key: reference, value: data)]
            var used = next.values.reduce(0) { $0 + $1.bytes }
            let oldestFirst = next.filter { $0.key != reference }.sorted { ($0.value.lastShown, $0.key) < ($1.value.lastShown, $1.key) }
            for (evicted, entry) in oldestFirst where used > budgetBytes {
                next.removeValue(forKey: evicted)
                used -= entry.bytes
                changes.append(.delete(collection: collection, key: evicted))
            }
            guard let saveIndex = save(next) else { return nil }
            try store.apply(changes + [saveIndex])
            index = next
            return size
        }
    }

    /// Forgets every kept image.
    public func removeAll() throws(RecordStoreError) {
        try withIndex { (index: inout Index) throws(RecordStoreError) in
            try store.apply([.deleteAll(collection: collection), .deleteAll(collection: indexCollection)])
            index = [:]
        }
    }

    private var indexCollection: String { "\(collection).index" }

    private func save(_ index: Index) -> RecordChange? {
        (try? CachedResourceCoding.encoder.encode(index)).map { .save(collection: indexCollection, key: Self.indexKey, value: $0) }
    }

    /// Runs `body` on the index (read from the store once, then kept in memory), one caller at a time.
    private func withIndex<T, Failure: Error>(_ body: (inout Index) throws(Failure) -> T) throws(Failure) -> T {
        try index.withLock { (cached: inout Index?) throws(Failure) -> T in
            var current = cached ?? loadIndex()
            defer { cached = current }
            return try body(&current)
        }
    }

    private func loadIndex() -> Index {
        guard let record = try? store.load(collection: indexCollection, key: Self.indexKey),
              let index = try? CachedResourceCoding.decoder.decode(Index.self, from: record.value) else { return [:] }
        return index
    }
}
