/// Turns copy into text in one locale. Features hold `Copy` and never resolve it; the one place a feature needs text
/// itself (the summary's share card, an image written to a file) gets a resolver from the composition root through this
/// port, so the feature never links the localization engine (`LocalizationKit`'s `Localizer` is the live one).
public protocol CopyResolving: Sendable {
    /// The locale the text is in (`pl`, `ar`): the share card's `lang` and its digits.
    var locale: String { get }
    func string(_ copy: Copy) -> String
}
