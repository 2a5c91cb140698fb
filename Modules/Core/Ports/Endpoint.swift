public import Foundation

/// A path on the backend, built from segments that are each percent-encoded exactly once: an id holding `/`, `%`,
/// spaces or non-ASCII letters stays one segment (`Endpoint("v1", "users", user, "products", id)`). A string literal
/// is a constant path whose `/` separate segments (`"/health"`). The outbox stores `encodedPath` and sends it as is.
public struct Endpoint: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The percent-encoded path without a leading slash: `v1/users/a%2Fb/cart`.
    public let encodedPath: String

    public init(_ segments: String...) {
        self.init(segments: segments)
    }

    public init(segments: [String]) {
        encodedPath = segments.map(Self.encode).joined(separator: "/")
    }

    /// A path encoded earlier (by an `Endpoint`): used as it is, never encoded again.
    public init(encodedPath path: String) {
        encodedPath = String(path.drop { $0 == "/" })
    }

    /// A constant path: split on `/`, each segment encoded (a no-op for the plain ASCII names routes use).
    public init(stringLiteral path: String) {
        self.init(segments: path.split(separator: "/", omittingEmptySubsequences: true).map(String.init))
    }

    public func appending(_ segments: String...) -> Endpoint {
        Endpoint(encodedPath: ([encodedPath] + segments.map(Self.encode)).filter { !$0.isEmpty }.joined(separator: "/"))
    }

    /// `base` + this path (+ the query, sorted by name so a request's URL is stable).
    public func url(relativeTo base: URL, query: [String: String] = [:]) throws(HTTPClientError) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/" + encodedPath
        if !query.isEmpty {
            text += "?" + query.sorted { $0.key < $1.key }.map { "\(Self.encodeQuery($0.key))=\(Self.encodeQuery($0.value))" }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw .invalidRequest("\(self) does not make a valid URL with \(base.absoluteString)") }
        return url
    }

    public var description: String { "/" + encodedPath }

    public init(from decoder: any Decoder) throws {
        self.init(encodedPath: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encodedPath)
    }

    /// RFC 3986 `pchar` minus the sub-delimiters a server might read specially: letters, digits, `-._~`.
    private static let segmentAllowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    static func encode(_ segment: String) -> String {
        // `.` and `..` are unreserved but a whole segment of them would be read as "here" or "up" by URL resolution.
        if segment == "." || segment == ".." { return String(repeating: "%2E", count: segment.count) }
        // Route names and most ids need no encoding: checked on the bytes, without Foundation's bridging (which cost
        // about a tenth of a request to the local backend, for every literal path of every call).
        if segment.utf8.allSatisfy(isUnreserved) { return segment }
        return segment.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? segment
    }

    static func encodeQuery(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? text
    }

    /// `segmentAllowed` on one UTF-8 byte: ASCII letters, digits and `-._~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
