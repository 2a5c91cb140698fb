/// The version `l10n --version` prints. Raise it with each change users can see in `l10n`'s behaviour or output.
public enum L10nVersion {
    public static let current = "1.1.0"
}
