/// Path arithmetic on the text of a path, for paths users type. Not `NSString.deletingLastPathComponent`, which traps
/// (an illegal instruction, no message) on a path of one character in this Foundation: `l10n lint X/Localizable.xcstrings`
/// died looking for its l10n.json beside `X`, and so did `"."`.
public enum PathText {
    /// The path without its last component, as `NSString.deletingLastPathComponent` gives it: `"a/b/c"` → `"a/b"`,
    /// `"a/b/"` → `"a"`, `"X"` → `""`, `"/X"` → `"/"`, `"/"` → `"/"`, `""` → `""`.
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
        guard trimmed != "/" else { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.last == "/" { parent.removeLast() }
        return parent.isEmpty ? "/" : String(parent)
    }
}
