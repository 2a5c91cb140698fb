import Core
public import LocalizationKit

/// Compares the printf arguments of a translation with its base: count, kind and size, and position.
public enum FormatComparison {
    /// The specifier of each argument number (the first that reads it), in the order of the numbers. A sorted array
    /// searched by halves, not an `[Int: FormatSpecifier]`: that dictionary's first use looked its type up at run time
    /// (a scan of every protocol conformance in the binary, about 0.5 ms of a lint with one mismatch). Walked in order,
    /// never counted from 1 to the highest number: a value's `%2000000000$@` costs one entry, not two billion steps.
    struct ByNumber {
        /// Ascending numbers, each once.
        let pairs: [(number: Int, specifier: FormatSpecifier)]

        /// From the specifiers' numbers in reading order; a number read twice keeps its first specifier.
        init(_ numbered: [(number: Int, specifier: FormatSpecifier)]) {
            var pairs: [(number: Int, specifier: FormatSpecifier)] = []
            pairs.reserveCapacity(numbered.count)
            // `sorted` is stable: of equal numbers the first read stays first.
            for pair in numbered.sorted(by: { $0.number < $1.number }) where pairs.last?.number != pair.number {
                pairs.append(pair)
            }
            self.pairs = pairs
        }

        subscript(number: Int) -> FormatSpecifier? {
            var lower = 0, upper = pairs.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if pairs[middle].number < number { lower = middle + 1 } else { upper = middle }
            }
            return lower < pairs.count && pairs[lower].number == number ? pairs[lower].specifier : nil
        }

        var count: Int { pairs.count }
        var values: [FormatSpecifier] { pairs.map(\.specifier) }
        /// The arguments from 1 up, in order (what a count from 1 to the highest number finds).
        var fromOne: ArraySlice<(number: Int, specifier: FormatSpecifier)> { pairs.drop { $0.number < 1 } }
        var highest: Int { pairs.last?.number ?? 0 }

        /// The first number from 1 that no specifier reads, when a higher one is read.
        var firstGap: Int? {
            var expected = 1
            for pair in fromOne {
                if pair.number != expected { return expected }
                expected += 1
            }
            return nil
        }
    }

    /// The arguments a string consumes by 1-based argument number, and whether it mixes `%1$@` with `%d`.
    struct Arguments {
        let byNumber: ByNumber
        var mixesNumbering = false
        var numbered = false
        var sequence: [FormatSpecifier] = []

        init(_ specifiers: [FormatSpecifier]) {
            var next = 1
            var sawNumbered = false
            var sawUnnumbered = false
            var numbers: [(number: Int, specifier: FormatSpecifier)] = []
            numbers.reserveCapacity(specifiers.count)
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
                numbers.append((number, specifier))
            }
            byNumber = ByNumber(numbers)
            mixesNumbering = sawNumbered && sawUnnumbered
            numbered = sawNumbered
        }

        var count: Int { byNumber.count }
        var highest: Int { byNumber.highest }
    }

    /// A sentence saying what differs and what to do, or nil when the translation consumes the same arguments.
    public static func compare(_ specifiers: [FormatSpecifier], base baseSpecifiers: [FormatSpecifier], baseLocale: String) -> String? {
        let arguments = Arguments(specifiers)
        let baseArguments = Arguments(baseSpecifiers)
        let baseList = list(baseArguments)
        if arguments.mixesNumbering {
            return "mixes numbered (%1$@) and unnumbered (%@) specifiers, so the arguments it reads are undefined; number every specifier"
        }
        if let gap = arguments.byNumber.firstGap, arguments.highest > 0 {
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
        for (number, theirs) in baseArguments.byNumber.fromOne {
            guard let mine = arguments.byNumber[number] else { continue }
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
        let texts = arguments.byNumber.fromOne.map(\.specifier.text)
        return texts.isEmpty ? "none" : texts.joined(separator: ", ")
    }

    /// The translation's specifiers in its order, each numbered as the base's argument of the same kind: "%2$d … %1$@".
    /// Each specifier numbered as the first base argument of its type not taken yet: zotero's German
    /// "%@ in %@ synchronisieren (%d / %d)" for "Syncing %@ (%d / %d) in %@" is "%1$@ … %4$@ … %2$d … %3$d" (each
    /// number once; the example read "%1$@ … %1$@ … %2$d … %2$d" before).
    static func numberedLike(_ arguments: Arguments, _ baseArguments: Arguments) -> String {
        var taken = Set<Int>()
        return arguments.sequence.map { specifier in
            let candidates = baseArguments.byNumber.fromOne.filter { $0.specifier.signature == specifier.signature }.map(\.number)
            let number = candidates.first { !taken.contains($0) } ?? candidates.first ?? 1
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
