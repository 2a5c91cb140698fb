/// How long a date or a time is written, as the locale writes it: a copy argument names it (`.date(day, .medium)`) and
/// whatever renders the copy formats it. The raw values are ICU's `UDateFormatStyle` numbers, which the localization
/// engine passes on as they are.
public enum DateStyle: Int32, Sendable, CaseIterable {
    case none = -1, full = 0, long = 1, medium = 2, short = 3
}
