import Core
import Foundation
import LocalizationKit

/// A percent sign meant literally that Foundation reads as a specifier: "100% guaranteed" is `100`, then `% g` (the
/// space flag and a double), then "uaranteed". Found in real catalogs (and generated accessors then take a `Float`
/// argument); so is Hungarian "100%-osan" (`%-o`). Only this shape counts, so an intended `% d` stays quiet: digits,
/// `%`, only space or `-` flags, no width, precision or argument number, and a letter right after the conversion (the
/// rest of the word).
public struct AccidentalSpecifier {
    var specifier: FormatSpecifier
    /// The digits before the `%`, for the fix ("100%%").
    var number: String
    /// From the digits to the first letter after the specifier: "100% gu".
    var excerpt: String

    static func first(in text: String) -> AccidentalSpecifier? {
        // Cheap filter first: most texts with a % have no "<digit>% " or "<digit>%-" at all. The text's own bytes are
        // read in place (a copy of each into an array cost more than the scan).
        let candidate = UTF8Bytes.with(text) { bytes in
            guard let base = bytes.baseAddress, bytes.count > 2 else { return false }
            var from = 1
            // From `%` to `%` with libc's vectorised search.
            while from + 1 < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "%")), bytes.count - 1 - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[index + 1] == UInt8(ascii: " ") || bytes[index + 1] == UInt8(ascii: "-"),
                   (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index - 1]) {
                    return true
                }
                from = index + 1
            }
            return false
        }
        guard candidate else { return nil }
        let scalars = Array(text.unicodeScalars)
        for specifier in FormatSpecifier.parse(text) {
            guard isAccidental(specifier, in: scalars) else { continue }
            let end = specifier.offset + specifier.text.unicodeScalars.count
            var start = specifier.offset
            while start > 0, ("0"..."9").contains(scalars[start - 1]) { start -= 1 }
            let number = String(String.UnicodeScalarView(scalars[start..<specifier.offset]))
            let excerpt = String(String.UnicodeScalarView(scalars[start...end]))
            return AccidentalSpecifier(specifier: specifier, number: number, excerpt: excerpt)
        }
        return nil
    }

    /// True when the text has specifiers and every one of them is a percent sign read as one ("in 5% steps" is
    /// `% s`): no format string at all, whose translations' own percent signs are nothing to compare.
    public static func isAllAccidental(_ text: String) -> Bool {
        guard first(in: text) != nil else { return false }
        let scalars = Array(text.unicodeScalars)
        return FormatSpecifier.parse(text).allSatisfy { isAccidental($0, in: scalars) }
    }

    /// A number, `%`, only a space or `-` as flags, and a letter right after the conversion.
    private static func isAccidental(_ specifier: FormatSpecifier, in scalars: [Unicode.Scalar]) -> Bool {
        guard specifier.position == nil, specifier.width == nil || specifier.width == "", specifier.precision == nil,
              !specifier.flags.isEmpty, specifier.flags.unicodeScalars.allSatisfy({ $0 == " " || $0 == "-" }),
              specifier.conversion != "#@", specifier.offset > 0,
              ("0"..."9").contains(scalars[specifier.offset - 1]) else { return false }
        let end = specifier.offset + specifier.text.unicodeScalars.count
        return end < scalars.count && scalars[end].properties.isAlphabetic
    }
}
