#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Byte questions about a string's UTF-8, answered from its bytes in place. `String.UTF8View` as a collection
/// (`text.utf8.contains(_:)`, `.last`) steps index by index through the string's storage, about 500 instructions to
/// find a `%` in a sentence; a native (or small) string's bytes are contiguous, and `memchr` reads them a word at a time.
enum UTF8Bytes {
    /// The text's UTF-8 in place. `var copy = text; copy.withUTF8 { … }` retains and releases the string's storage
    /// each time (it may have to make the copy contiguous), which the per-key checks paid on every value of every
    /// locale; a native or small string is read where it is, and only a string without contiguous UTF-8 is copied.
    @inline(__always)
    static func with<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return try copy.withUTF8(body)
    }

    /// True when the text's UTF-8 has the byte (an ASCII character, for meaning).
    @inline(__always)
    static func contains(_ text: String, _ byte: UInt8) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? text.utf8.contains(byte)
    }

    /// The first and last bytes of the text's UTF-8 (nil for an empty text).
    @inline(__always)
    static func ends(_ text: String) -> (first: UInt8, last: UInt8)? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.isEmpty ? nil : (bytes[0], bytes[bytes.count - 1])
        } ?? text.utf8.first.map { ($0, text.utf8.last!) }
    }
}

extension UTF8Bytes {
    /// True when the text's UTF-8 ends with the bytes of `suffix` (compared byte for byte, as `utf8.suffix` was).
    static func hasSuffix(_ text: String, _ suffix: StaticString) -> Bool {
        let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count >= tail.count && UnsafeBufferPointer(rebasing: bytes[(bytes.count - tail.count)...]).elementsEqual(tail)
        } ?? text.utf8.suffix(tail.count).elementsEqual(tail)
    }
}
