public import Foundation

extension Wire {
    /// Money on the wire: a decimal string with two decimals (`"249.00"`) beside an ISO 4217 `currency`, never a JSON
    /// number, so that no amount passes through binary floating point on either side.
    public enum Money {
        /// `19.989` → `"19.99"`: rounded half up to cents, digits and a point only (no grouping, whatever the locale).
        public static func text(_ amount: Decimal) -> String {
            var amount = amount, rounded = Decimal()
            NSDecimalRound(&rounded, &amount, 2, .plain)
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.minimumFractionDigits = 2
            formatter.maximumFractionDigits = 2
            formatter.minimumIntegerDigits = 1
            formatter.usesGroupingSeparator = false
            return formatter.string(from: rounded as NSDecimalNumber) ?? "\(rounded)"
        }

        /// `"19.99"` → 19.99 exactly; nil for anything but `-?[0-9]+(\.[0-9]+)?` (`"12,50"`, `"1.2.3"`, `""`, `"1e3"`):
        /// nothing that `Decimal(string:)` would read half of.
        public static func amount(_ text: String) -> Decimal? {
            guard isPlainDecimal(text) else { return nil }
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        }

        static func isPlainDecimal(_ text: String) -> Bool {
            var digits = Substring(text)
            if digits.first == "-" { digits = digits.dropFirst() }
            let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 1 || parts.count == 2 else { return false }
            return parts.allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        }
    }
}
