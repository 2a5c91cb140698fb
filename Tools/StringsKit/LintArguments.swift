/// `l10n lint`'s arguments as plain values, and a reading of them that needs no ArgumentParser.
///
/// ArgumentParser builds a command's arguments by reflection and looks up protocol conformances across the binary's
/// (11,000 of them in `l10n`) before it reads a word: 2.3–2.7 ms of every lint (median of 25 interleaved runs of the
/// 20,000-entry pair: 45.0 → 42.3 ms; a fifth of a small project's lint). `l10n lint` reads its arguments with
/// `quick(_:)` first and hands anything it does not take to ArgumentParser, whose help, messages and validation stay
/// the only ones: a quick reading means exactly what ArgumentParser's would, or is nil.
public struct LintArguments: Equatable, Sendable {
    public var paths: [String] = []
    public var format: ReportFormat = .text
    public var config: String?
    public var strict = false
    public var summary = false
    public var maxFindings: Int?
    public var baseline: String?
    public var writeBaseline: String?

    public init(paths: [String] = [], format: ReportFormat = .text, config: String? = nil, strict: Bool = false, summary: Bool = false,
                maxFindings: Int? = nil, baseline: String? = nil, writeBaseline: String? = nil) {
        self.paths = paths
        self.format = format
        self.config = config
        self.strict = strict
        self.summary = summary
        self.maxFindings = maxFindings
        self.baseline = baseline
        self.writeBaseline = writeBaseline
    }

    /// The words after `lint`, when each is a path (not starting with `-`), `--strict`, `--summary`, or one of
    /// `--format`, `--config`, `--max-findings`, `--baseline`, `--write-baseline` with its value (next word, or after
    /// `=`), each at most once, with a valid value and without a combination `Lint.validate()` refuses. Anything else
    /// (`--help`, `--sources`, `--`, a short option, a repeated or misspelt option, a bad value) is nil.
    /// An array, not any sequence: a generic sequence's iterator type was looked up at run time (a scan of every
    /// protocol conformance in the binary, about 0.4 ms of each lint).
    public static func quick(_ words: [String]) -> LintArguments? {
        var arguments = LintArguments()
        var seen: Set<String> = []
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            guard word.hasPrefix("-") else {
                arguments.paths.append(word)
                continue
            }
            let name: Substring, inlineValue: Substring?
            if let equals = word.firstIndex(of: "=") {
                (name, inlineValue) = (word[..<equals], word[word.index(after: equals)...])
            } else {
                (name, inlineValue) = (word[...], nil)
            }
            guard seen.insert(String(name)).inserted else { return nil }
            switch name {
            case "--strict", "--summary":
                guard inlineValue == nil else { return nil }
                if name == "--strict" { arguments.strict = true } else { arguments.summary = true }
            case "--format", "--config", "--max-findings", "--baseline", "--write-baseline":
                guard let value = inlineValue.map(String.init) ?? iterator.next(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
                switch name {
                case "--format":
                    guard let format = ReportFormat(rawValue: value) else { return nil }
                    arguments.format = format
                case "--config": arguments.config = value
                case "--max-findings":
                    guard let count = Int(value), count >= 0 else { return nil }
                    arguments.maxFindings = count
                case "--baseline": arguments.baseline = value
                default: arguments.writeBaseline = value
                }
            default:
                return nil
            }
        }
        if arguments.baseline != nil, arguments.writeBaseline != nil { return nil }
        return arguments
    }
}
