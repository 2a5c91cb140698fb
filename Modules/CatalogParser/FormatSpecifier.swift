/// One printf-style specifier in a localized string, as Foundation's `String(format:)` reads it:
/// `%[N$][flags][width][.precision][length]conversion`, plus `%#@variable@` for plural variables.
/// `%%` is a literal percent sign and is not a specifier.
public struct FormatSpecifier: Sendable, Hashable, CustomStringConvertible {
    /// The explicit argument number of `%2$@`, 1-based; nil when the specifier takes the next argument.
    public var position: Int?
    public var flags: String
    public var width: String?
    public var precision: String?
    /// `h`, `hh`, `l`, `ll`, `q`, `z`, `t`, `j`, `L`, or "".
    public var length: String
    /// The conversion character: `@ d i u o x X c C f F e E g G a A s S p`; "#@" for a plural variable.
    public var conversion: String
    /// For `%#@name@`: the variable's name.
    public var variable: String?
    /// The specifier exactly as written.
    public var text: String
    /// Offset of the `%` in Unicode scalars from the start of the string.
    public var offset: Int

    public var description: String { text }

    /// What kind of argument the specifier consumes.
    public enum ArgumentKind: String, Sendable, Hashable {
        case object, integer, unsignedInteger, floatingPoint, cString, character, pointer, pluralVariable
    }

    public var argumentKind: ArgumentKind {
        switch conversion {
        case "@": .object
        case "d", "i": .integer
        case "u", "o", "x", "X": .unsignedInteger
        case "f", "F", "e", "E", "g", "G", "a", "A": .floatingPoint
        case "s", "S": .cString
        case "c", "C": .character
        case "p": .pointer
        default: .pluralVariable
        }
    }

    /// Kind and size together: what must agree between a base string and its translation
    /// (`%d` and `%ld` read different sizes of argument; `%d` and `%i` do not differ).
    public var signature: String {
        switch argumentKind {
        case .object, .pluralVariable: argumentKind.rawValue
        case .integer, .unsignedInteger, .character: "\(argumentKind.rawValue):\(normalizedLength)"
        case .floatingPoint: "floatingPoint:\(length == "L" ? "L" : "")"
        case .cString, .pointer: argumentKind.rawValue
        }
    }

    // `q` is Apple's spelling of `ll`; on 64-bit Apple and Linux `l`, `ll`, `q`, `z`, `t`, `j` are all 64-bit,
    // but Apple's and Xcode's checks still treat `%d` vs `%ld` as different, and so do we.
    private var normalizedLength: String {
        switch length {
        case "q": "ll"
        default: length
        }
    }

    /// printf's flags. A switch, not a `Set<Unicode.Scalar>`: the set's first use looked its type up at run time (a
    /// scan of every protocol conformance in the binary, about 0.45 ms of a lint).
    private static func isFlag(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "+", " ", "#", "0", "'": true
        default: false
        }
    }
    private static let conversions: Set<Unicode.Scalar> = ["@", "d", "i", "u", "o", "x", "X", "c", "C", "f", "F", "e", "E",
                                                          "g", "G", "a", "A", "s", "S", "p", "D", "U", "O"]

    /// Every specifier of `format`, in order. Text after a lone `%` that forms no specifier is skipped
    /// (Foundation prints it as is); `invalid` lists such places for the linter.
    public static func parse(_ format: String) -> [FormatSpecifier] {
        parseReportingInvalid(format).specifiers
    }

    public static func parseReportingInvalid(_ format: String) -> (specifiers: [FormatSpecifier], invalid: [Int]) {
        let scalars = Array(format.unicodeScalars)
        var found: [FormatSpecifier] = []
        var invalid: [Int] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            let start = index
            index += 1
            guard index < scalars.count else { invalid.append(start); break }
            if scalars[index] == "%" { index += 1; continue }
            // `%{title1}@`: a Cocoa Bindings display pattern's value (an `ibShadowedDisplayPattern` in a xib's table, Skim's
            // TransitionSheet), which the binding fills by name; no printf specifier, and no stray `%` either ("write %%"
            // would break the binding).
            if scalars[index] == "{" {
                var end = index + 1
                while end < scalars.count, scalars[end] != "}", end - index < 64 { end += 1 }
                if end + 1 < scalars.count, scalars[end] == "}", scalars[end + 1] == "@", end > index + 1 {
                    index = end + 2
                    continue
                }
            }

            var position: Int?
            // %N$…
            var lookahead = index
            var digits = ""
            while lookahead < scalars.count, ("0"..."9").contains(scalars[lookahead]) {
                digits.unicodeScalars.append(scalars[lookahead]); lookahead += 1
            }
            if !digits.isEmpty, lookahead < scalars.count, scalars[lookahead] == "$", let number = Int(digits), number > 0 {
                position = number
                index = lookahead + 1
            }
            var flags = ""
            while index < scalars.count, isFlag(scalars[index]) {
                // "%#@" is a plural variable, not the '#' flag.
                if scalars[index] == "#", index + 1 < scalars.count, scalars[index + 1] == "@" { break }
                flags.unicodeScalars.append(scalars[index]); index += 1
            }
            if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
                var end = index + 2
                var name = ""
                while end < scalars.count, scalars[end] != "@" { name.unicodeScalars.append(scalars[end]); end += 1 }
                guard end < scalars.count, !name.isEmpty else { invalid.append(start); continue }
                let text = String(String.UnicodeScalarView(scalars[start...end]))
                found.append(FormatSpecifier(position: position, flags: flags, width: nil, precision: nil, length: "",
                                             conversion: "#@", variable: name, text: text, offset: start))
                index = end + 1
                continue
            }
            var width = ""
            while index < scalars.count, scalars[index] == "*" || ("0"..."9").contains(scalars[index]) {
                width.unicodeScalars.append(scalars[index]); index += 1
            }
            var precision: String?
            if index < scalars.count, scalars[index] == "." {
                var text = "."
                index += 1
                while index < scalars.count, scalars[index] == "*" || ("0"..."9").contains(scalars[index]) {
                    text.unicodeScalars.append(scalars[index]); index += 1
                }
                precision = text
            }
            var length = ""
            for candidate in ["hh", "ll", "h", "l", "q", "z", "t", "j", "L"] {
                let candidateScalars = Array(candidate.unicodeScalars)
                if index + candidateScalars.count <= scalars.count,
                   Array(scalars[index..<(index + candidateScalars.count)]) == candidateScalars {
                    length = candidate
                    index += candidateScalars.count
                    break
                }
            }
            guard index < scalars.count, conversions.contains(scalars[index]) else {
                invalid.append(start)
                continue
            }
            var conversion = String(scalars[index])
            // %D, %U, %O are Apple's old spellings of %ld, %lu, %lo.
            if ["D", "U", "O"].contains(conversion) { conversion = conversion.lowercased(); length = "l" }
            let text = String(String.UnicodeScalarView(scalars[start...index]))
            found.append(FormatSpecifier(position: position, flags: flags, width: width.isEmpty ? nil : width,
                                         precision: precision, length: length, conversion: conversion,
                                         variable: nil, text: text, offset: start))
            index += 1
        }
        return (found, invalid)
    }
}
