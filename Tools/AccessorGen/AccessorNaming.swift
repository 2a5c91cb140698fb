/// How a catalog key becomes a Swift name. `xcode` follows Xcode 26's String Catalog symbols: the key's words (split at
/// every character that is not a letter or digit) joined in lowerCamelCase, a leading digit behind `_`, a keyword in
/// backticks. `structured` follows SwiftGen's `structured` template: one UpperCamelCase enum per `.`-separated part
/// but the last, which is lowerCamelCase. Two keys that name the same member are told apart deterministically: the
/// first in key order keeps the name, the next get `2`, `3`… (`AccessorNaming.assign`).
public enum AccessorNaming {
    /// `toast.title` → `toastTitle`, `2fa-code` → `_2faCode`, `URL_text` → `urlText`, `...` → `_`.
    public static func lowerCamel(_ text: String) -> String {
        let words = self.words(text)
        guard let first = words.first else { return "_" }
        return identifier(lowerFirstWord(first) + words.dropFirst().map(upperFirst).joined())
    }

    /// `toast` → `Toast`, `first_load` → `FirstLoad`.
    public static func upperCamel(_ text: String) -> String {
        let words = self.words(text)
        return words.isEmpty ? "_" : identifier(words.map(upperFirst).joined())
    }

    /// An enum's name for a namespace or a table: UpperCamelCase, with `_` after a name the generated code uses for a
    /// type (a key `copy.title` is `Copy_.title`, so that `Copy` still means OfflineKit's inside the file).
    public static func namespace(_ text: String) -> String {
        let name = upperCamel(text)
        return typeNamesInUse.contains(name) ? name + "_" : name
    }

    static let typeNamesInUse: Set<String> = ["Copy", "CopyArgument", "Core", "Bundle", "Foundation", "String", "Int", "Double",
                                              "Locale", "LocalizedStringResource", "CVarArg", "Swift"]

    /// The member path of `key` (`toastTitle`, or `Toast.title` in the structured style), before collisions.
    public static func path(of key: String, style: AccessorSettings.Style) -> [String] {
        switch style {
        case .xcode:
            return [lowerCamel(key)]
        case .structured:
            let parts = key.split(separator: ".").map(String.init)
            guard let last = parts.last else { return [lowerCamel(key)] }
            return parts.dropLast().map(namespace) + [lowerCamel(last)]
        }
    }

    /// Every key's member path, collisions resolved: keys sorted, the first keeps a name, the next get `2`, `3`…;
    /// a name the type already uses (`reserved`, e.g. `table`, `keys`) is never given out, nor a member named like a
    /// namespace beside it in the structured style.
    public static func assign(_ keys: [String], style: AccessorSettings.Style, reserved: Set<String>) -> [String: [String]] {
        var taken: Set<String> = Set(reserved.map { "." + $0 })
        var namespaces: Set<String> = []
        for key in keys {
            let path = self.path(of: key, style: style)
            for depth in 1..<max(path.count, 1) { namespaces.insert(path.prefix(depth).joined(separator: ".")) }
        }
        var assigned: [String: [String]] = [:]
        for key in keys.sorted() {
            var path = self.path(of: key, style: style)
            let parent = path.dropLast().joined(separator: ".")
            let base = path[path.count - 1]
            var candidate = base
            var number = 2
            func full(_ name: String) -> String { parent + "." + name }
            while taken.contains(full(candidate)) || namespaces.contains(parent.isEmpty ? candidate : parent + "." + candidate) {
                candidate = base + String(number)
                number += 1
            }
            taken.insert(full(candidate))
            path[path.count - 1] = candidate
            assigned[key] = path
        }
        return assigned
    }

    /// True for a plain Swift identifier (letters, digits, `_`; no leading digit).
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// `name` as it may be written in a declaration or after a dot: keywords in backticks.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The runs of letters and digits (with their combining marks); anything else separates words.
    static func words(_ text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = text.unicodeScalars.startIndex
        let end = text.unicodeScalars.endIndex
        while index < end {
            let scalar = text.unicodeScalars[index]
            if isWordScalar(scalar) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(text[first..<index])
                start = nil
            }
            index = text.unicodeScalars.index(after: index)
        }
        if let first = start { words.append(text[first..<end]) }
        return words
    }

    /// ASCII by its range (a 20,000-key table is mostly ASCII); other scalars by their Unicode properties.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0..<0x80: return false
        default:
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
            default: return properties.isAlphabetic
            }
        }
    }

    /// `Title` → `title`, `URL` → `url`, `URLText` → `urlText`, `iOS` → `iOS`.
    static func lowerFirstWord(_ word: Substring) -> String {
        let characters = Array(word)
        let upper = characters.prefix { $0.isUppercase }.count
        if upper == 0 { return String(word) }
        if upper == 1 || upper == characters.count { return String(characters.prefix(upper)).lowercased() + String(characters.dropFirst(upper)) }
        return String(characters.prefix(upper - 1)).lowercased() + String(characters.dropFirst(upper - 1))
    }

    static func upperFirst(_ word: Substring) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func identifier(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }

    /// Swift's keywords that cannot stand bare as a member name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "Any", "Type", "package", "consume", "borrowing", "consuming",
    ]
}
