/// The one XML and HTML escaper: the share card's SVG, the gallery's HTML, XLIFF export and the `.stringsdict` reader
/// all write text through it, so every markup file escapes the same characters the same way.
public enum XMLText {
    /// Where the text goes: character data between tags, or an attribute value in double quotes.
    public enum Context: Sendable {
        /// `&`, `<`, `>` escaped; quotes stay as they are (an XLIFF `<source>` keeps them, as Xcode's does).
        case content
        /// Also `"` and `'`, and tab and newline as references, which an XML parser would otherwise turn into spaces
        /// (attribute-value normalisation).
        case attribute
    }

    /// `text` escaped for `context`. In both, a carriage return is `&#13;` (a parser turns a raw one into a newline),
    /// and characters XML 1.0 does not allow (other C0 controls, U+FFFE, U+FFFF) are left out.
    public static func escaped(_ text: String, for context: Context = .content) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let attribute = context == .attribute
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` with its character and entity references resolved (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#10;`,
    /// `&#xA;`); nil when a reference is malformed or unknown, or names U+0000.
    public static func resolvingReferences(_ text: String) -> String? {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { return nil }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            switch name {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                guard name.hasPrefix("#") else { return nil }
                let digits = name.dropFirst()
                let number = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let number, number != 0, let scalar = Unicode.Scalar(number) else { return nil }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
