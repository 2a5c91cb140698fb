import Foundation

/// Strings the code uses as identifiers — state keys, telemetry event names, icon asset names — that must never
/// be translated: the linter refuses them as keys or values of a translatable catalog, and XLIFF export marks entries
/// that use them `translate="no"`.
///
/// They come from the project's `l10n.json` (`internalIdentifiers`, by feature and kind), read from the catalogs'
/// folder: the toolchain runs on apps it has never seen, so it knows no app's identifiers itself. OfflineKit's own
/// are in `Localization/l10n.json`, and each feature's tests check that file against the feature's constants
/// (`WarmupIdentifiers`), so a renamed event cannot drift.
public struct InternalIdentifiers: Sendable, Equatable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case stateKey = "state key"
        case telemetryEvent = "telemetry event"
        case iconAsset = "icon asset name"
        case configured = "internal identifier from l10n.json"
    }

    public private(set) var kinds: [String: Kind] {
        didSet { updateLengths() }
    }
    // Shortest and longest identifier in UTF-8 bytes: most text is ruled out by length alone.
    private var minimumLength = 4
    private var maximumLength = 0
    private var signatures: UInt64 = 0

    public init(_ kinds: [String: Kind] = [:]) {
        self.kinds = kinds
        updateLengths()
    }

    private mutating func updateLengths() {
        minimumLength = max(4, kinds.keys.map(\.utf8.count).min() ?? 4)
        maximumLength = kinds.keys.map(\.utf8.count).max() ?? 0
        signatures = 0
        for identifier in kinds.keys {
            let bytes = Array(identifier.utf8)
            if let first = bytes.first, let last = bytes.last {
                signatures |= Self.signatureBit(length: bytes.count, first: first, last: last)
            }
        }
    }

    /// The `internalIdentifiers` of a configuration: by feature with their kinds, and the plain list.
    public static func forConfiguration(_ configuration: LintConfiguration) -> InternalIdentifiers {
        InternalIdentifiers().adding(configuration)
    }

    /// These identifiers and the configuration's.
    public func adding(_ configuration: LintConfiguration) -> InternalIdentifiers {
        var copy = self
        for (identifier, kind) in configuration.internalIdentifierKinds.sorted(by: { $0.key < $1.key }) where copy.kinds[identifier] == nil {
            copy.kinds[identifier] = kind
        }
        return copy.adding(configuration.extraInternalIdentifiers, kind: .configured)
    }

    /// A copy with more identifiers (a feature's, or the configuration's); an existing entry keeps its kind.
    public func adding(_ identifiers: some Sequence<String>, kind: Kind) -> InternalIdentifiers {
        var copy = self
        for identifier in identifiers where copy.kinds[identifier] == nil {
            copy.kinds[identifier] = kind
        }
        return copy
    }

    public var all: [String] { kinds.keys.sorted() }

    public func contains(_ text: String) -> Bool { containsKey(text) }

    public func kind(of identifier: String) -> Kind? { containsKey(identifier) ? kinds[identifier] : nil }

    /// The identifier a translatable text *is* or contains as a whole token, if any. Only distinctive identifiers
    /// (with `_`, `.` or an inner capital) are looked for inside longer text, so ordinary words never match.
    /// Works on UTF-8 bytes: the linter calls it for every value, and identifiers are ASCII.
    public func identifier(in text: String) -> String? {
        guard maximumLength > 0 else { return nil }
        return UTF8Bytes.with(text) { bytes -> String? in
            var lower = 0
            var upper = bytes.count
            while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
            if upper - lower <= maximumLength, mayContain(bytes, lower..<upper) {
                let whole = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
                if kinds[whole] != nil { return whole }
            }
            guard upper - lower > minimumLength else { return nil }
            // Only distinctive tokens are looked up; track what makes one so without building a String.
            var start = -1
            var isASCII = true
            var hasSeparator = false
            var hasInnerCapital = false
            var index = lower
            while index <= upper {
                let byte: UInt8 = index < upper ? bytes[index] : 0x20
                if Self.isTokenByte(byte) {
                    if start < 0 {
                        start = index
                        isASCII = true
                        hasSeparator = false
                        hasInnerCapital = false
                    } else if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") {
                        hasInnerCapital = true
                    }
                    if byte >= 0x80 { isASCII = false }
                    if byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") { hasSeparator = true }
                } else if start >= 0 {
                    var end = index
                    while end > start, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
                    let length = end - start
                    if isASCII, hasSeparator || hasInnerCapital, length >= minimumLength, length <= maximumLength,
                       mayContain(bytes, start..<end) {
                        let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                        if kinds[token] != nil, Self.isDistinctive(token) { return token }
                    }
                    start = -1
                }
                index += 1
            }
            return nil
        }
    }

    /// True when some identifier has this length, first byte and last byte (a one-word Bloom filter), so most
    /// words are ruled out without hashing a String.
    @inline(__always) private func mayContain(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return kinds[""] != nil }
        return signatures & Self.signatureBit(length: range.count, first: bytes[range.lowerBound], last: bytes[range.upperBound - 1]) != 0
    }

    @inline(__always) private static func signatureBit(length: Int, first: UInt8, last: UInt8) -> UInt64 {
        1 << UInt64((length &* 31 &+ Int(first) &* 7 &+ Int(last)) & 63)
    }

    /// `contains` without building a String when the filter already says no.
    func containsKey(_ key: String) -> Bool {
        guard maximumLength > 0 else { return false }
        let possible = UTF8Bytes.with(key) { bytes in bytes.count <= maximumLength && mayContain(bytes, 0..<bytes.count) }
        return possible && kinds[key] != nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Letters, digits, `_`, `.`, and any non-ASCII byte (so "café_x" stays one token that matches nothing).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "."), 0x80...: true
        default: false
        }
    }

    private static func isDistinctive(_ identifier: String) -> Bool {
        identifier.contains("_") || identifier.contains(".")
            || identifier.dropFirst().contains { $0.isUppercase } && identifier.first?.isLowercase == true
    }
}
