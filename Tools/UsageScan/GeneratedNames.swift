/// The member names code generators give a key, so a use such as `L10n.Common.Button.share` maps back to
/// `common.button.share` exactly: every key of the table is named forward, then the use is looked up.
import StringsKit

enum GeneratedNames {
    static func memberPath(of key: String, style: UsageConfiguration.EnumStyle) -> String {
        switch style {
        case .rswift:
            return String(key.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }).lowercased()
        case .flat:
            return identifier(key.map { $0.isLetter || $0.isNumber || $0 == "_" ? String($0) : "_" }.joined())
        case .swiftgen:
            // SwiftGen's structured template: one namespace per `.`-separated part (empty parts left out, as its
            // `Strings.Entry.split` does: mastodon-ios's "…Experience." is `…experience`), `swiftIdentifier:"pretty"`,
            // and the last part with its first word lowered (`lowerFirstWord`).
            let parts = key.split(separator: ".").map { pretty(String($0)) }
            guard let last = parts.last else { return key }
            return (parts.dropLast() + [lowerFirstWord(last)]).joined(separator: ".")
        }
    }

    /// How a member path is compared: the flat style without case, as kiwix-apple's generator lowers the key
    /// (`download_service.error.client.timedOut` is `download_service_error_client_timedout`) and others keep it.
    static func lookupForm(of path: String, style: UsageConfiguration.EnumStyle) -> String {
        switch style {
        case .flat: path.lowercased()
        case .rswift: memberPath(of: path, style: .rswift)
        case .swiftgen: path
        }
    }

    /// `R.string.localizable.gotIt(…)`: the root an R.swift use is looked up under (`R.string.localizable`) and the member.
    static func rswiftUse(_ path: [String]) -> (root: String, member: String)? {
        guard path.count >= 4, path[0] == "R", path[1] == "string" else { return nil }
        return ("R.string.\(path[2])", path[3])
    }

    /// `share_button` → `ShareButton`, `2fa` → `_2fa`: words split on anything that is not a letter or digit, each
    /// with its first letter upper-cased.
    static func pretty(_ part: String) -> String {
        let words = part.split { !($0.isLetter || $0.isNumber) }
        return identifier(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
    }

    /// `ShareButton` → `shareButton`, `URLText` → `urlText`, `OK` → `ok`.
    static func lowerFirstWord(_ name: String) -> String {
        let characters = Array(name)
        let upper = characters.prefix { $0.isUppercase }.count
        if upper == 0 { return name }
        if upper == 1 || upper == characters.count { return String(characters.prefix(upper)).lowercased() + String(characters.dropFirst(upper)) }
        return String(characters.prefix(upper - 1)).lowercased() + String(characters.dropFirst(upper - 1))
    }

    private static func identifier(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }

    /// The key a member path most likely stands for, for a finding when no key of the table is named so.
    static func guessedKey(forMemberPath path: String) -> String {
        path.split(separator: ".").map { part in part.prefix(1).lowercased() + part.dropFirst() }.joined(separator: ".")
    }
}
