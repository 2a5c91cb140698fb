/// The CLDR cardinal plural categories: the forms a `.stringsdict` rule or a String Catalog variation names.
public enum PluralCategory: String, Sendable, CaseIterable, Codable {
    case zero, one, two, few, many, other
}
