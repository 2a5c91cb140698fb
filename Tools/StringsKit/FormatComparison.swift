import Core
public import LocalizationKit

/// Compares the printf arguments of a translation with its base: count, kind and size, and position.
public enum FormatComparison {
    /// The arguments a string consumes by 1-based argument number, and whether it mixes `%1$@` with `%d`.
    struct ByNumber {
        private(set) var pairs: [(number: Int, specifier: FormatSpecifier)] = []

        subscript(number: Int) -> FormatSpecifier? {
            get { pairs.first { $0.number == number }?.specifier }
            set {
                pairs.removeAll { $0.number == number }
                if let newValue { pairs.append((number, newValue)) }
            }
        }

        var count: Int { pairs.count }
        var keys: [Int] { pairs.map(\.number) }
        var values: [FormatSpecifier] { pairs.map(\.specifier) }
    }

    struct Arguments {
        /// The specifier of each argument number, first one kept. A few pairs searched in order, not an
        /// `[Int: FormatSpecifier]`: that dictionary's first use looked its type up at run time (a scan of every protocol
        /// conformance in the binary, about 0.5 ms of a lint with one mismatch).
        var byNumber = ByNumber()
        var mixesNumbering = false
        var numbered = false
        var sequence: [FormatSpecifier] = []

        init(_ specifiers: [FormatSpecifier]) {
            var next = 1
            var sawNumbered = false
            var sawUnnumbered = false
            for specifier in specifiers {
                let number: Int
                if let position = specifier.position {
                    number = position
                    sawNumbered = true
                } else {
                    number = next
                    next += 1
                    sawUnnumbered = true
                }
                sequence.append(specifier)
                if byNumber[number] == nil { byNumber[number] = specifier }
            }
            mixesNumbering = sawNumbered && sawUnnumbered
            numbered = sawNumbered
        }

        var count: Int { byNumber.count }
        var highest: Int { byNumber.keys.max() ?? 0 }
    }

    /// A sentence saying what differs and what to do, or nil when the translation consumes the same arguments.
    public static func compare(_ specifiers: [FormatSpecifier], base baseSpecifiers: [FormatSpecifier], baseLocale: String) -> String? {
        let arguments = Arguments(specifiers)
        let baseArguments = Arguments(baseSpecifiers)
        let baseList = list(baseArguments)
        if arguments.mixesNumbering {
            return "mixes numbered (%1$@) and unnumbered (%@) specifiers, so the arguments it reads are undefined; number every specifier"
        }
        if let gap = (1...max(1, arguments.highest)).first(where: { arguments.byNumber[$0] == nil }), arguments.highest > 0 {
            return "never uses argument \(gap) but uses argument \(arguments.highest), which cannot be read safely; use each argument from 1 to \(arguments.highest)"
        }
        if arguments.count != baseArguments.count {
            let problem = "has \(arguments.count) format argument(s) (\(list(arguments))) but the base (\(baseLocale)) has \(baseArguments.count) (\(baseList))"
            // More unnumbered specifiers than the base, each of a kind the base has: the translation names an argument
            // twice ("屏蔽 %@ … %@"), which reads a second argument that nobody passes.
            let baseSignatures = Set(baseArguments.byNumber.values.map(\.signature))
            if !arguments.numbered, arguments.count > baseArguments.count, !baseSignatures.isEmpty,
               arguments.sequence.allSatisfy({ baseSignatures.contains($0.signature) }) {
                return "\(problem); to show an argument more than once, number it each time: \(numberedLike(arguments, baseArguments))"
            }
            return "\(problem); use the same specifiers as the base"
        }
        for number in 1...max(1, baseArguments.highest) {
            guard let mine = arguments.byNumber[number], let theirs = baseArguments.byNumber[number] else { continue }
            guard mine.signature != theirs.signature else { continue }
            // Same arguments, different order, and no numbers: the translator reordered the sentence.
            if !arguments.numbered, Self.sortedSignatures(arguments) == Self.sortedSignatures(baseArguments) {
                return "takes the arguments in a different order than the base (\(baseLocale): \(baseList)); to reorder them, number the specifiers, e.g. \(numberedLike(arguments, baseArguments))"
            }
            return "argument \(number) is \(mine.text) (\(describe(mine))) but the base (\(baseLocale)) has \(theirs.text) (\(describe(theirs))); use \(theirs.text)"
        }
        return nil
    }

    private static func sortedSignatures(_ arguments: Arguments) -> [String] {
        arguments.byNumber.values.map(\.signature).sorted()
    }

    private static func list(_ arguments: Arguments) -> String {
        let texts = (1...max(1, arguments.highest)).compactMap { arguments.byNumber[$0]?.text }
        return texts.isEmpty ? "none" : texts.joined(separator: ", ")
    }

    /// The translation's specifiers in its order, each numbered as the base's argument of the same kind: "%2$d … %1$@".
    /// Each specifier numbered as the first base argument of its type not taken yet: zotero's German
    /// "%@ in %@ synchronisieren (%d / %d)" for "Syncing %@ (%d / %d) in %@" is "%1$@ … %4$@ … %2$d … %3$d" (each
    /// number once; the example read "%1$@ … %1$@ … %2$d … %2$d" before).
    static func numberedLike(_ arguments: Arguments, _ baseArguments: Arguments) -> String {
        var taken = Set<Int>()
        return arguments.sequence.map { specifier in
            let number = (1...max(1, baseArguments.highest)).first { !taken.contains($0) && baseArguments.byNumber[$0]?.signature == specifier.signature }
                ?? (1...max(1, baseArguments.highest)).first { baseArguments.byNumber[$0]?.signature == specifier.signature } ?? 1
            taken.insert(number)
            return numbered(specifier, number)
        }.joined(separator: " … ")
    }

    private static func numbered(_ specifier: FormatSpecifier, _ number: Int) -> String {
        var text = specifier.text
        text.insert(contentsOf: "\(number)$", at: text.index(after: text.startIndex))
        return text
    }

    /// "64-bit integer", "object", "C string"…: what the argument must be.
    public static func describe(_ specifier: FormatSpecifier) -> String {
        func size(_ length: String) -> String {
            switch length {
            case "hh": "8-bit"
            case "h": "16-bit"
            case "": "32-bit"
            default: "64-bit"
            }
        }
        switch specifier.argumentKind {
        case .object: return "object"
        case .integer: return "\(size(specifier.length)) integer"
        case .unsignedInteger: return "\(size(specifier.length)) unsigned integer"
        case .floatingPoint: return specifier.length == "L" ? "long double" : "double"
        case .cString: return "C string"
        case .character: return "character"
        case .pointer: return "pointer"
        case .pluralVariable: return "plural variable"
        }
    }
}
