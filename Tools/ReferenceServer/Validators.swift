import Crypto
import Foundation

/// What the backend tells a client to revalidate with (RFC 9110 §8.8): a strong `ETag` made from the content's digest,
/// and a `Last-Modified`.
struct Validator: Sendable, Equatable {
    /// The first 128 bits of the content's SHA-256, in hex.
    let digest: String
    let lastModified: Date
    /// `lastModified` as an HTTP-date, made once per version: a `DateFormatter` per answer would cost more than its headers.
    let lastModifiedHeader: String

    init(digest: String, lastModified: Date) {
        self.digest = digest
        self.lastModified = lastModified
        lastModifiedHeader = HTTPDate.format(lastModified)
    }

    static func digest(of body: Data) -> String {
        SHA256.hash(data: body).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// The `ETag` of the answer, gzipped or not: a gzipped answer is another representation, so its strong tag differs.
    func etag(gzipped: Bool) -> String { gzipped ? "\"\(digest)-gzip\"" : "\"\(digest)\"" }

    /// Whether an `If-None-Match` names this content (weak comparison, RFC 9110 §13.1.2, in either coding: the client
    /// holds the decoded content either way).
    func isMatched(byIfNoneMatch header: String) -> Bool {
        header.split(separator: ",").contains { raw in
            var tag = raw.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag.hasSuffix("-gzip\"") { tag = String(tag.dropLast("-gzip\"".count)) + "\"" }
            return tag == "\"\(digest)\""
        }
    }

    /// Whether an `If-Modified-Since` date is this content's or later (HTTP-dates have whole seconds).
    func isUnmodified(since header: String) -> Bool {
        guard let since = HTTPDate.parse(header) else { return false }
        return lastModified <= since
    }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the one HTTP-date form a server sends.
enum HTTPDate {
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    static func format(_ date: Date) -> String { formatter().string(from: date) }

    static func parse(_ text: String) -> Date? { formatter().date(from: text) }
}
