public import Foundation

/// The backend's JSON: ISO 8601 dates (with or without fractional seconds). The HTTP client and the outbox's
/// persisted requests use these, so a body written by one is read by the other.
public enum WireJSON {
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ISO8601Timestamp.decodingStrategy
        return decoder
    }()
}
