import Foundation

/// Turns the bytes of a `.strings` file into UTF-16 code units, detecting the encoding exactly the way
/// CoreFoundation's `encodingForXMLData` does (BOM sniffing in a fixed order, length thresholds included).
enum StringsTextDecoder {
    static let reencodeHint = "Re-save the file as UTF-8 (with or without BOM) or UTF-16 with a BOM."

    static func decode(_ data: Data) throws(StringsParseError) -> (units: [UInt16], encoding: StringsEncoding) {
        let result: Result<([UInt16], StringsEncoding), StringsParseError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return decode(bytes)
        }
        switch result {
        case .success(let decoded): return decoded
        case .failure(let error): throw error
        }
    }

    /// The bytes of a UTF-16 LE file after its BOM, to be read in place as code units, when this machine is
    /// little-endian and they are 2-byte aligned; nil otherwise (then `decode` copies). Same rules as `decode`: CF's
    /// UTF-32 LE BOM wins over UTF-16's, and a trailing odd byte is dropped.
    static func utf16LittleEndianBody(_ raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let count = raw.count
        guard UInt16(littleEndian: 1) == 1, count > 2, raw[0] == 0xFF, raw[1] == 0xFE,
              !(count > 4 && raw[2] == 0x00 && raw[3] == 0x00),
              let base = raw.baseAddress, Int(bitPattern: base + 2) % MemoryLayout<UInt16>.alignment == 0
        else { return nil }
        return UnsafeRawBufferPointer(rebasing: raw[2..<(2 + (count - 2) / 2 * 2)])
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<([UInt16], StringsEncoding), StringsParseError> {
        let count = bytes.count
        if count == 0 {
            return .failure(emptyError(cfMessage: "Cannot parse a NULL or zero-length data"))
        }
        // The thresholds (> 4, > 3, > 2) are CF's: a file that is exactly a BOM falls through to the next rule.
        if count > 4 && bytes[0] == 0x00 && bytes[1] == 0x00 && bytes[2] == 0xFE && bytes[3] == 0xFF {
            return decodeUTF32(bytes, bigEndian: true).map { ($0, .utf32BE) }
        }
        if count > 4 && bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0x00 && bytes[3] == 0x00 {
            return decodeUTF32(bytes, bigEndian: false).map { ($0, .utf32LE) }
        }
        if count > 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            return decodeUTF8(bytes, from: 3).map { ($0, .utf8BOM) }
        }
        if count > 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
            return .success((decodeUTF16(bytes, bigEndian: false), .utf16LE))
        }
        if count > 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
            return .success((decodeUTF16(bytes, bigEndian: true), .utf16BE))
        }
        if count > 2 && (bytes[0] == 0x00 || bytes[1] == 0x00) {
            // CF drops the first two bytes and guesses host-order UTF-16; we refuse instead of guessing.
            return .failure(StringsParseError(
                kind: .encoding,
                message: "The file looks like UTF-16 without a byte-order mark",
                position: SourcePosition(line: 1, column: 1),
                hint: reencodeHint,
                coreFoundationMessage: "Could not determine the encoding of the XML data"))
        }
        if count == 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            return .failure(emptyError(cfMessage: "Conversion of string failed. The string is empty."))
        }
        return decodeUTF8(bytes, from: 0).map { ($0, .utf8) }
    }

    private static func emptyError(cfMessage: String) -> StringsParseError {
        StringsParseError(
            kind: .empty,
            message: "The file is empty",
            position: SourcePosition(line: 1, column: 1),
            hint: "Add at least one entry or a comment; CoreFoundation refuses a file with no text at all.",
            coreFoundationMessage: cfMessage)
    }

    private static func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> [UInt16] {
        // A trailing odd byte is dropped, as CFStringCreateWithBytes does.
        let unitCount = (bytes.count - 2) / 2
        return [UInt16](unsafeUninitializedCapacity: unitCount) { buffer, initialized in
            var byteIndex = 2
            if bigEndian {
                for index in 0..<unitCount {
                    buffer[index] = UInt16(bytes[byteIndex]) << 8 | UInt16(bytes[byteIndex + 1])
                    byteIndex += 2
                }
            } else {
                for index in 0..<unitCount {
                    buffer[index] = UInt16(bytes[byteIndex + 1]) << 8 | UInt16(bytes[byteIndex])
                    byteIndex += 2
                }
            }
            initialized = unitCount
        }
    }

    private static func decodeUTF32(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> Result<[UInt16], StringsParseError> {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 4)
        var byteIndex = 4
        while byteIndex + 4 <= bytes.count {
            let b0 = UInt32(bytes[byteIndex]), b1 = UInt32(bytes[byteIndex + 1])
            let b2 = UInt32(bytes[byteIndex + 2]), b3 = UInt32(bytes[byteIndex + 3])
            let value = bigEndian ? (b0 << 24 | b1 << 16 | b2 << 8 | b3) : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
            guard let scalar = Unicode.Scalar(value) else {
                return .failure(invalidCodeError(
                    description: String(format: "UTF-32 value 0x%X is not a Unicode scalar", value),
                    encodingName: "UTF-32", unitsSoFar: units))
            }
            units.append(contentsOf: scalar.utf16)
            byteIndex += 4
        }
        return .success(units)
    }

    private static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<[UInt16], StringsParseError> {
        let count = bytes.count
        guard start < count else { return .success([]) }
        // Written in place (no UTF-8 byte makes more than one UTF-16 unit; a 4-byte sequence makes two), ASCII eight
        // bytes at a time: appending unit by unit was 3 % of a 100,000-entry lint.
        var invalidLead: UInt8?
        let units = [UInt16](unsafeUninitializedCapacity: count - start) { output, initialized in
            var written = 0
            var index = start
            defer { initialized = written }
            while index < count {
                while index + 8 <= count {
                    var word: UInt64 = 0
                    for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << UInt64(8 * offset) }
                    guard word & 0x8080_8080_8080_8080 == 0 else { break }
                    for offset in 0..<8 { output[written + offset] = UInt16(bytes[index + offset]) }
                    written += 8
                    index += 8
                }
                guard index < count else { break }
                let lead = bytes[index]
                if lead < 0x80 {
                    output[written] = UInt16(lead)
                    written += 1
                    index += 1
                    continue
                }
                // Strict UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF): what CFStringCreateWithBytes accepts.
                var scalar: UInt32 = 0
                var length = 0
                var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
                case 0xE0: length = 3; scalar = UInt32(lead & 0x0F); lowerBound = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
                case 0xED: length = 3; scalar = UInt32(lead & 0x0F); upperBound = 0x9F
                case 0xF0: length = 4; scalar = UInt32(lead & 0x07); lowerBound = 0x90
                case 0xF1...0xF3: length = 4; scalar = UInt32(lead & 0x07)
                case 0xF4: length = 4; scalar = UInt32(lead & 0x07); upperBound = 0x8F
                default: invalidLead = lead; return
                }
                guard index + length <= count else { invalidLead = lead; return }
                for offset in 1..<length {
                    let continuation = bytes[index + offset]
                    let low = offset == 1 ? lowerBound : 0x80
                    let high = offset == 1 ? upperBound : 0xBF
                    guard continuation >= low && continuation <= high else { invalidLead = lead; return }
                    scalar = scalar << 6 | UInt32(continuation & 0x3F)
                }
                if scalar >= 0x10000 {
                    let shifted = scalar - 0x10000
                    output[written] = UInt16(0xD800 + (shifted >> 10))
                    output[written + 1] = UInt16(0xDC00 + (shifted & 0x3FF))
                    written += 2
                } else {
                    output[written] = UInt16(scalar)
                    written += 1
                }
                index += length
            }
        }
        if let invalidLead { return .failure(invalidUTF8(byte: invalidLead, unitsSoFar: units)) }
        return .success(units)
    }

    private static func invalidUTF8(byte: UInt8, unitsSoFar: [UInt16]) -> StringsParseError {
        invalidCodeError(description: String(format: "byte 0x%02X is not valid UTF-8", byte), encodingName: "UTF-8", unitsSoFar: unitsSoFar)
    }

    private static func invalidCodeError(description: String, encodingName: String, unitsSoFar: [UInt16]) -> StringsParseError {
        let position = unitsSoFar.withUnsafeBufferPointer { SourcePositionTracker(units: $0).position(atEndOf: $0.count) }
        return StringsParseError(
            kind: .encoding,
            message: "The file is not valid \(encodingName): \(description) (line \(position.line), column \(position.column))",
            position: position,
            hint: reencodeHint,
            coreFoundationMessage: "Conversion of string failed.")
    }
}
