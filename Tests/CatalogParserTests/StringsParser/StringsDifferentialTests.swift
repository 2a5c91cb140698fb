import Foundation
import Testing
@testable import CatalogParser
import Core

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny deterministic RNG so every run generates the same inputs.

/// Builds random old-style `.strings` text from tricky pieces.
struct StringsInputGenerator {
    var rng: SplitMix64

    static let plainCharacters: [String] = ["a", "Z", "0", " ", "_", "$", "/", ":", ".", "-", "%@", "%1$@", "é", "e\u{301}", "ß", "日本", "😀", "👩‍👩‍👧", "\u{2028}", "\u{A0}", "\u{FEFF}", "*", "=", ";", "(", ")", "{", "}", "<", ">", ",", "#", "\t", "\n", "\r\n", "'", "/*", "*/", "//"]
    static let escapes: [String] = ["\\n", "\\t", "\\r", "\\a", "\\b", "\\f", "\\v", "\\\"", "\\'", "\\\\", "\\\n", "\\U00e9", "\\U20AC", "\\UD83D\\UDE00", "\\UD83D", "\\UDE00", "\\U12345", "\\U", "\\Ug", "\\u00e9", "\\101", "\\351", "\\0", "\\377", "\\777", "\\8", "\\q", "\\0123"]
    static let unquotedCharacters = Array("abcXYZ019_$/:.-")

    mutating func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
    mutating func count(upTo limit: Int) -> Int { Int(rng.next() % UInt64(limit + 1)) }

    mutating func whitespace() -> String {
        switch rng.next() % 10 {
        case 0: return ""
        case 1: return "\n"
        case 2: return " /* c */ "
        case 3: return " // note\n"
        case 4: return "\t"
        case 5: return "\r\n"
        case 6: return "\u{2029}"
        default: return " "
        }
    }

    mutating func unquoted() -> String {
        String((0..<max(1, count(upTo: 6))).map { _ in pick(Self.unquotedCharacters) })
    }

    mutating func quoted(forKey: Bool) -> String {
        let quote = chance(85) ? "\"" : "'"
        var body = ""
        for _ in 0..<count(upTo: forKey ? 5 : 8) {
            if chance(30) {
                let escape = pick(Self.escapes)
                // A lone surrogate becomes U+FFFD in a Swift String, so two such CF keys would collide; keep them to values.
                body += forKey && (escape == "\\UD83D" || escape == "\\UDE00") ? "\\U0041" : escape
            } else {
                var piece = pick(Self.plainCharacters)
                if forKey && piece == "e\u{301}" { piece = "e" }  // keep keys free of canonical-equivalence collisions
                if piece == quote || piece == "\\" { piece = "\\" + piece }
                body += piece
            }
        }
        return quote + body + quote
    }

    mutating func value(depth: Int) -> String {
        let roll = rng.next() % 100
        if depth < 3 && roll < 8 {
            let items = (0..<count(upTo: 3)).map { _ in value(depth: depth + 1) }
            return "(" + items.joined(separator: "," + whitespace()) + (chance(30) ? "," : "") + ")"
        }
        if depth < 3 && roll < 14 {
            let items = (0..<count(upTo: 3)).map { _ in key() + whitespace() + "=" + value(depth: depth + 1) + ";" }
            return "{" + items.joined(separator: whitespace()) + "}"
        }
        if roll < 19 {
            let hex = Array("0123456789abcdefABCDEF")
            let pairs = (0..<count(upTo: 6)).map { _ in String([pick(hex), pick(hex)]) + (chance(30) ? " " : "") }
            return "<" + pairs.joined() + ">"
        }
        if roll < 25 { return unquoted() }
        return quoted(forKey: false)
    }

    mutating func key() -> String { chance(85) ? quoted(forKey: true) : unquoted() }

    mutating func file() -> String {
        var text = chance(30) ? "/* Header */\n" : ""
        let braced = chance(8)
        if braced { text += "{" }
        for _ in 0..<count(upTo: 8) {
            if chance(25) { text += "/* " + pick(["Title", "A *", "x // y", "**"]) + " */\n" }
            text += key() + whitespace()
            if chance(8) {
                text += ";"
            } else {
                text += "=" + whitespace() + value(depth: 0) + whitespace() + ";"
            }
            text += pick(["\n", "\n\n", " ", "\r\n", ""])
        }
        if braced { text += "}" }
        return text
    }

    static let insertions: [[UInt8]] = [";", "\"", "*/", "/*", "\\", "=", "(", ")", "{", "}", "<", ">", "'", "\n", "//", ",", "\\U", "\u{0}", "é"].map { Array($0.utf8) }

    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + count(upTo: 2)) {
            let position = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count + 1))
            switch rng.next() % 4 {
            case 0 where !bytes.isEmpty && position < bytes.count:
                bytes[position] ^= UInt8(1 << (rng.next() % 8))
            case 1 where !bytes.isEmpty && position < bytes.count:
                bytes.removeSubrange(position..<min(bytes.count, position + 1 + count(upTo: 3)))
            default:
                bytes.insert(contentsOf: pick(Self.insertions), at: position)
            }
        }
        return bytes
    }
}

enum OracleOutcome {
    case dictionary([String: PlistValue])
    case otherRoot
    case rejected
}

enum DifferentialSupport {
    static func plistValue(_ any: Any) -> PlistValue? {
        if let string = any as? String { return .string(string) }
        if let data = any as? Data { return .data(data) }
        if let array = any as? [Any] {
            var values: [PlistValue] = []
            for element in array {
                guard let value = plistValue(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        }
        if let dictionary = any as? [AnyHashable: Any] {
            var values: [String: PlistValue] = [:]
            for (key, element) in dictionary {
                guard let key = key.base as? String, let value = plistValue(element) else { return nil }
                values[key] = value
            }
            return .dictionary(values)
        }
        return nil
    }

    static func oracle(_ data: Data) -> OracleOutcome {
        guard let any = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
            return .rejected
        }
        if case .dictionary(let dictionary)? = plistValue(any) { return .dictionary(dictionary) }
        return .otherRoot
    }

    static func encode(_ text: String, as encoding: StringsEncoding) -> [UInt8] {
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .utf8BOM: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case .utf16LE: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case .utf16BE: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .utf32LE: return [0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } }
        case .utf32BE: return [0, 0, 0xFE, 0xFF] + text.unicodeScalars.flatMap { scalar in (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } }
        }
    }

    /// CF logs "missing semicolon" warnings to stderr; silence them while the oracle runs thousands of times.
    static func withStandardErrorSilenced<T>(_ body: () throws -> T) rethrows -> T {
        let saved = dup(STDERR_FILENO)
        let devNull = open("/dev/null", O_WRONLY)
        dup2(devNull, STDERR_FILENO)
        defer {
                dup2(saved, STDERR_FILENO)
            close(saved)
            close(devNull)
        }
        return try body()
    }
}

@Suite struct StringsDifferentialTests {
    @Test func agreesWithPropertyListSerializationOnTenThousandGeneratedAndMutatedInputs() throws {
        var generator = StringsInputGenerator(rng: SplitMix64(seed: 0x5EED_2026_1122))
        let encodings: [StringsEncoding] = [.utf8, .utf8BOM, .utf16LE, .utf16BE, .utf32LE, .utf32BE]
        var total = 0, accepted = 0, rejected = 0, deliberate = 0
        var mismatches: [String] = []

        DifferentialSupport.withStandardErrorSilenced {
            for round in 0..<12_000 {
                let text = generator.file()
                // Even rounds keep the generated text; odd rounds mutate it (bytes for UTF-8, text otherwise).
                var inputs: [[UInt8]] = []
                let encoding = encodings[round % encodings.count]
                if round % 2 == 0 {
                    inputs.append(DifferentialSupport.encode(text, as: encoding))
                    inputs.append(DifferentialSupport.encode(text, as: encodings[(round / 2) % encodings.count]))
                } else {
                    let mutated = generator.mutate(Array(text.utf8))
                    inputs.append(mutated)
                    let repaired = String(decoding: mutated, as: UTF8.self)
                    inputs.append(DifferentialSupport.encode(repaired, as: encoding))
                }
                for bytes in inputs {
                    let data = Data(bytes)
                    total += 1
                    let oracle = DifferentialSupport.oracle(data)
                    let ours = Result { () throws(StringsParseError) in try StringsParser.parse(data) }
                    switch (oracle, ours) {
                    case (.dictionary(let expected), .success(let file)):
                        accepted += 1
                        if file.dictionary != expected {
                            mismatches.append("dictionary differs for \(data as NSData): ours \(file.dictionary) oracle \(expected)")
                        }
                    case (.dictionary, .failure(let error)) where error.kind == .encoding:
                        deliberate += 1  // UTF-16 without BOM: CF guesses, we refuse (see StringsTextDecoder)
                    case (.dictionary, .failure(let error)):
                        mismatches.append("we reject what CF accepts: \(error) for \(data as NSData)")
                    case (.otherRoot, .success), (.rejected, .success):
                        mismatches.append("we accept what CF rejects (\(oracle)) for \(data as NSData)")
                    case (.otherRoot, .failure), (.rejected, .failure):
                        rejected += 1
                    }
                }
            }
        }
        print("differential: \(total) inputs, \(accepted) accepted, \(rejected) rejected, \(deliberate) deliberate encoding rejections, \(mismatches.count) mismatches")
        for mismatch in mismatches.prefix(10) { Issue.record(Comment(rawValue: mismatch)) }
        #expect(total >= 10_000)
        #expect(mismatches.isEmpty)
    }
}
