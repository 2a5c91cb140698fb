import Core
public import LocalizationKit
import Foundation

/// Pseudo-localization: text that still reads as the base language but shows, on screen, what translation
/// will break — hard-coded strings, truncation, mirroring. Format specifiers and `%#@var@` stay intact.
public enum PseudoStyle: String, Sendable, CaseIterable {
    /// "Šåvé ƒîļé": every Latin letter accented.
    case accented
    /// "SSaavvee": every letter doubled, about as long as German or Finnish get.
    case double
    /// Right-to-left: each run of text wrapped in RIGHT-TO-LEFT OVERRIDE … POP DIRECTIONAL FORMATTING.
    case rtl
    /// "[Šåvé ƒîļé~~~~]": brackets show truncation, padding adds 40%.
    case bounded

    /// The locale folder the pseudo copy is written to (beside the base locale), after Android's pseudo-locales.
    public var localeName: String {
        switch self {
        case .accented: "en-XA"
        case .double: "en-XD"
        case .rtl: "ar-XB"
        case .bounded: "en-XL"
        }
    }
}

public enum PseudoLocalizer {
    private static let accents: [Character: Character] = [
        "a": "å", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ", "l": "ļ",
        "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ",
        "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ",
        "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ",
        "Y": "Ý", "Z": "Ž",
    ]

    /// Splits text into literal runs and format specifiers (kept verbatim), then transforms only the literal runs.
    public static func transform(_ text: String, style: PseudoStyle) -> String {
        let scalars = Array(text.unicodeScalars)
        var pieces: [(literal: Bool, text: String)] = []
        var cursor = 0
        for specifier in FormatSpecifier.parse(text) {
            if specifier.offset > cursor {
                pieces.append((true, String(String.UnicodeScalarView(scalars[cursor..<specifier.offset]))))
            }
            pieces.append((false, specifier.text))
            cursor = specifier.offset + specifier.text.unicodeScalars.count
        }
        if cursor < scalars.count { pieces.append((true, String(String.UnicodeScalarView(scalars[cursor...])))) }

        var out = ""
        for piece in pieces {
            guard piece.literal else { out += piece.text; continue }
            switch style {
            case .accented, .bounded:
                out += String(piece.text.map { accents[$0] ?? $0 })
            case .double:
                out += String(piece.text.flatMap { $0.isLetter ? [$0, $0] : [$0] })
            case .rtl:
                // Specifiers stay outside the override so they are never reordered visually.
                out += piece.text.isEmpty ? "" : "\u{202E}\(piece.text)\u{202C}"
            }
        }
        if style == .bounded {
            let padding = String(repeating: "~", count: max(1, DisplayWidth.of(text) * 2 / 5))
            out = "[\(out)\(padding)]"
        }
        return out
    }

    public static func transform(_ rule: PluralRule, style: PseudoStyle) -> PluralRule {
        var copy = rule
        // The format key is usually only "%#@count@"; transform its literal text the same way.
        copy.format = transform(rule.format, style: style)
        for (name, variable) in rule.variables {
            copy.variables[name]?.forms = variable.forms.mapValues { transform($0, style: style) }
        }
        return copy
    }

    /// Writes a pseudo-localized copy of the `.strings` and `.stringsdict` files of `baseFolder` (an `.lproj`) into
    /// `outputFolder`. Returns the files written.
    public static func write(baseFolder: String, style: PseudoStyle, outputFolder: String) throws(PseudoError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: baseFolder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PseudoError(message: "\(baseFolder): no such folder; pass the base locale's folder, e.g. Localization/en.lproj")
        }
        // Catalog.load looks for <locale>.lproj folders *inside* a folder, so pass the files of this one directly.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: baseFolder)) ?? []).sorted()
            .filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
        let catalog: Catalog
        do {
            catalog = try Catalog.load(paths: names.map { (baseFolder as NSString).appendingPathComponent($0) })
        } catch {
            throw PseudoError(message: error.description)
        }
        if let problem = catalog.problems.first {
            throw PseudoError(message: "\(problem); fix it first (`l10n lint \(baseFolder)`)")
        }
        let stringsFiles = catalog.files.filter { $0.hasSuffix(".strings") }
        let dictFiles = catalog.files.filter { $0.hasSuffix(".stringsdict") }
        if stringsFiles.isEmpty && dictFiles.isEmpty {
            throw PseudoError(message: "\(baseFolder): no .strings or .stringsdict files; pass the base locale's .lproj folder")
        }
        var written: [String] = []
        for path in stringsFiles {
            guard let parsed = catalog.parsedStrings[path] else { continue }
            var seen = Set<String>()
            var entries: [(key: String, value: String, comment: String?)] = []
            for entry in parsed.entries.reversed() where seen.insert(entry.key).inserted {
                guard let value = entry.value.stringValue else { continue }
                entries.append((entry.key, transform(value, style: style), entry.comment))
            }
            let target = (outputFolder as NSString).appendingPathComponent((path as NSString).lastPathComponent)
            try save(StringsWriter.text(entries.reversed()), to: target)
            written.append(target)
        }
        for path in dictFiles {
            let table = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let locale = Catalog.locale(ofFile: path)
            guard let tableEntries = catalog.table(table, locale: locale) else { continue }
            var root: [String: Any] = [:]
            for (key, entry) in tableEntries.entries where entry.location.file == path {
                if case .plural(let rule) = entry.value { root[key] = StringsWriter.stringsdictObject(transform(rule, style: style)) }
            }
            guard let data = try? PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0) else { continue }
            let target = (outputFolder as NSString).appendingPathComponent((path as NSString).lastPathComponent)
            try save(String(decoding: data, as: UTF8.self), to: target)
            written.append(target)
        }
        return written
    }

    private static func save(_ text: String, to path: String) throws(PseudoError) {
        do {
            try FileManager.default.createDirectory(atPath: PathText.parent(of: path), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PseudoError(message: "\(path): cannot be written (\((error as NSError).localizedDescription)); check the folder's permissions")
        }
    }
}

public struct PseudoError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
