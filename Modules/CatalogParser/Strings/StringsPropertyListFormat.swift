public import Foundation

/// A `.strings` file written as an XML or binary property list instead of the text format. CFBundle reads a strings
/// table with `CFPropertyListCreateWithData`, which takes every format, so an app ships these as they are: GlotPress
/// (WordPress, Pocket Casts and other Automattic apps) exports its translations as XML `<plist><dict>`, and
/// `plutil -convert xml1` or `binary1` turns any table into one. Telling the format apart lives here, beside the text
/// parser that refuses such a file by name; reading one (`parse(_:format:)`, `StringsParser.parseAnyFormat`) lives in the
/// catalog module, which has the XML reader.
public enum StringsPropertyList {
    public enum Format: String, Sendable {
        case xml, binary
    }

    /// The format the bytes begin with (after a byte-order mark and white space), or nil for the text format.
    public static func format(of data: Data) -> Format? {
        data.withUnsafeBytes { raw -> Format? in
            let bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: Array("bplist".utf8)) { return .binary }
            // UTF-16 XML (a BOM, then `<` as a code unit) is rare but CF reads it: one code unit read per ASCII byte.
            var index = 0
            var step = 1
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                index = 3
            } else if bytes.starts(with: [0xFF, 0xFE]) {
                index = 2
                step = 2
            } else if bytes.starts(with: [0xFE, 0xFF]) {
                index = 3
                step = 2
            }
            func byte(_ offset: Int) -> UInt8? {
                let at = index + offset * step
                return at < bytes.count ? bytes[at] : nil
            }
            while let next = byte(0), next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { index += step }
            for opening in ["<?xml", "<!DOCTYPE", "<plist"] {
                if opening.utf8.enumerated().allSatisfy({ byte($0.offset) == $0.element }) { return .xml }
            }
            return nil
        }
    }
}
