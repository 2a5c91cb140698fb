import StringsKit

/// Display-width-aware text layout for a terminal phone frame: wide East Asian characters take
/// two columns, lines wrap at spaces (or between wide characters, which need none), and a word
/// longer than the line is broken.
enum TextLayout {
    static func width(_ text: String) -> Int {
        DisplayWidth.of(text)
    }

    /// `text` wrapped to lines of at most `width` columns.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrapParagraph(String(paragraph), width: width)
        }
        return lines
    }

    private static func wrapParagraph(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for token in tokens(text) {
            let tokenWidth = DisplayWidth.of(token)
            if token == " " {
                if lineWidth > 0 && lineWidth < width { line += " "; lineWidth += 1 }
                continue
            }
            if lineWidth + tokenWidth > width, lineWidth > 0 {
                lines.append(trimmedTrailing(line))
                line = ""
                lineWidth = 0
            }
            if tokenWidth > width {
                // A word longer than a line: break it by characters.
                for character in token {
                    let characterWidth = DisplayWidth.of(String(character))
                    if lineWidth + characterWidth > width { lines.append(line); line = ""; lineWidth = 0 }
                    line.append(character)
                    lineWidth += characterWidth
                }
                continue
            }
            line += token
            lineWidth += tokenWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(trimmedTrailing(line)) }
        return lines
    }

    /// Words, single spaces, and each wide character on its own (CJK text breaks between characters).
    private static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var word = ""
        for character in text {
            if character == " " {
                if !word.isEmpty { result.append(word); word = "" }
                result.append(" ")
            } else if let scalar = character.unicodeScalars.first, DisplayWidth.isWide(scalar) {
                if !word.isEmpty { result.append(word); word = "" }
                result.append(String(character))
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { result.append(word) }
        return result
    }

    private static func trimmedTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    /// `text` cut to `width` columns with "…" when it does not fit; `truncated` says whether it was cut.
    static func truncate(_ text: String, width: Int) -> (text: String, truncated: Bool) {
        guard DisplayWidth.of(text) > width else { return (text, false) }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(String(character))
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return (result + "…", true)
    }

    /// Pads `text` to `width` columns, on the right (left-to-right) or the left (right-to-left).
    static func pad(_ text: String, width: Int, rightToLeft: Bool = false, centered: Bool = false) -> String {
        let missing = max(0, width - DisplayWidth.of(text))
        if centered {
            let left = missing / 2
            return spaces(left) + text + spaces(missing - left)
        }
        return rightToLeft ? spaces(missing) + text : text + spaces(missing)
    }

    /// `count` spaces, written in one go: every line drawn is padded (`String(repeating:count:)` appends one at a time).
    static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: UInt8(ascii: " "))
            return count
        }
    }
}

/// Edit distance, for "did you mean …" suggestions.
enum Suggestion {
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = levenshtein(lowered, candidate.lowercased())
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let best, best.1 <= max(2, word.count / 2) else { return nil }
        return best.0
    }

    static func levenshtein(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
