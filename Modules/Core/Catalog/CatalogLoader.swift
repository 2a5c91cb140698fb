public import Foundation

/// Why a catalog path could not be read at all (as opposed to a bad file inside it, which is a
/// `CatalogProblem`). The message names the path and says what to do.
public enum CatalogLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(path: String)
    case notAFolderOrCatalog(path: String)

    public var description: String {
        switch self {
        case let .missing(path):
            "\(path): no such file or folder; pass a folder of <locale>.lproj folders or .strings, .stringsdict, .xcstrings files"
        case let .notAFolderOrCatalog(path):
            "\(path): not a catalog file; expected .strings, .stringsdict or .xcstrings (or a folder of <locale>.lproj folders)"
        }
    }
}

extension Catalog {
    /// Files larger than this are refused with a message rather than read (a 100 MB table is a mistake).
    public static let maximumFileSize = 32 * 1024 * 1024

    public static let fileExtensions: Set<String> = ["strings", "stringsdict", "xcstrings"]

    /// Reads every catalog file under the given paths: folders are searched for `*.lproj` folders
    /// and `*.xcstrings` files; files are read directly (their locale is their `.lproj` folder's name).
    public static func load(paths: [String]) throws(CatalogLoadError) -> Catalog {
        var catalog = Catalog()
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .missing(path: path)
            }
            if isDirectory.boolValue {
                for file in catalogFiles(under: path) {
                    catalog.loadFile(file)
                }
            } else {
                guard fileExtensions.contains((path as NSString).pathExtension) else {
                    throw .notAFolderOrCatalog(path: path)
                }
                catalog.loadFile(path)
            }
        }
        return catalog
    }

    /// The catalog files under a folder, sorted so loading is deterministic.
    static func catalogFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = relative as NSString
            guard fileExtensions.contains(name.pathExtension) else { continue }
            let parent = (name.deletingLastPathComponent as NSString).lastPathComponent
            if name.pathExtension == "xcstrings" || parent.hasSuffix(".lproj") {
                found.append((folder as NSString).appendingPathComponent(relative))
            }
        }
        return found.sorted()
    }

    /// The locale a file belongs to: its `<locale>.lproj` folder's name, or "" when it has none.
    static func locale(ofFile path: String) -> String {
        let parent = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        return parent.hasSuffix(".lproj") ? String(parent.dropLast(".lproj".count)) : ""
    }

    static func tableName(ofFile path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Reads one file into the catalog, or records why it could not.
    public mutating func loadFile(_ path: String) {
        noteFile(path)
        let here = CatalogLocation(file: path, position: nil)
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > Self.maximumFileSize {
                report(CatalogProblem(kind: .unreadable, location: here,
                                      message: "file is \(size / (1024 * 1024)) MB, larger than the \(Self.maximumFileSize / (1024 * 1024)) MB a catalog may be",
                                      hint: "split the table into several files, or check that this is really a strings file"))
                return
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            report(CatalogProblem(kind: .unreadable, location: here, message: "cannot be read (\(Self.reason(error)))",
                                  hint: "check that it exists and that you may read it (e.g. chmod a+r)"))
            return
        }
        switch (path as NSString).pathExtension {
        case "strings": loadStrings(data, path: path)
        case "stringsdict": loadStringsdict(data, path: path)
        case "xcstrings": loadStringCatalog(data, path: path)
        default: break
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }

    // MARK: .strings

    private mutating func loadStrings(_ data: Data, path: String) {
        let file: StringsFile
        do {
            file = try StringsParser.parse(data)
        } catch {
            report(CatalogProblem(kind: error.kind == .encoding ? .encoding : .syntax,
                                  location: CatalogLocation(file: path, position: error.position),
                                  message: error.message, hint: error.hint))
            return
        }
        let table = Self.tableName(ofFile: path)
        let locale = Self.locale(ofFile: path)
        for entry in file.entries {
            let value: CatalogValue = if case let .string(text) = entry.value { .text(text) } else { .other(entry.value) }
            insert(CatalogEntry(key: entry.key, value: value, comment: entry.comment,
                                location: CatalogLocation(file: path, position: entry.keyPosition)),
                   table: table, locale: locale)
        }
        parsedStrings[path] = file
    }

    // MARK: .stringsdict

    private mutating func loadStringsdict(_ data: Data, path: String) {
        let here = CatalogLocation(file: path, position: nil)
        let root: [String: Any]
        do {
            guard let dictionary = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
                report(CatalogProblem(kind: .structure, location: here, message: "the root of a .stringsdict must be a dictionary",
                                      hint: "make the file a <plist> whose <dict> maps each key to its plural rule"))
                return
            }
            root = dictionary
        } catch {
            report(CatalogProblem(kind: .syntax, location: here, message: "not a valid property list (\((error as NSError).localizedDescription))",
                                  hint: "check the XML with `plutil -lint \(path)`"))
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        let table = Self.tableName(ofFile: path)
        let locale = Self.locale(ofFile: path)
        for key in root.keys.sorted(by: { Self.offset(ofKey: $0, in: text) < Self.offset(ofKey: $1, in: text) }) {
            let location = CatalogLocation(file: path, position: Self.position(ofKey: key, in: text))
            guard let rule = root[key] as? [String: Any], let format = rule["NSStringLocalizedFormatKey"] as? String else {
                report(CatalogProblem(kind: .structure, location: location,
                                      message: "\"\(key)\" has no NSStringLocalizedFormatKey",
                                      hint: "give it a <key>NSStringLocalizedFormatKey</key> such as <string>%#@count@</string>"))
                continue
            }
            var variables: [String: PluralVariable] = [:]
            for (name, value) in rule where name != "NSStringLocalizedFormatKey" {
                guard let spec = value as? [String: Any] else { continue }
                var forms: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases {
                    if let form = spec[category.rawValue] as? String { forms[category] = form }
                }
                variables[name] = PluralVariable(valueType: spec["NSStringFormatValueTypeKey"] as? String ?? "d", forms: forms,
                                                 location: CatalogLocation(file: path, position: Self.position(ofKey: name, in: text)))
            }
            insert(CatalogEntry(key: key, value: .plural(PluralRule(format: format, variables: variables)), location: location),
                   table: table, locale: locale)
        }
    }

    // MARK: .xcstrings

    private mutating func loadStringCatalog(_ data: Data, path: String) {
        let here = CatalogLocation(file: path, position: nil)
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let strings = root["strings"] as? [String: Any] else {
            report(CatalogProblem(kind: .syntax, location: here, message: "not a String Catalog (JSON with a \"strings\" object)",
                                  hint: "re-export it from Xcode, or check the JSON with `python3 -m json.tool \(path)`"))
            return
        }
        let sourceLanguage = root["sourceLanguage"] as? String ?? "en"
        noteSourceLanguage(sourceLanguage)
        let text = String(decoding: data, as: UTF8.self)
        let table = Self.tableName(ofFile: path)
        for key in strings.keys.sorted() {
            guard let item = strings[key] as? [String: Any] else { continue }
            let location = CatalogLocation(file: path, position: Self.position(ofJSONKey: key, in: text))
            let comment = item["comment"] as? String
            let shouldTranslate = item["shouldTranslate"] as? Bool ?? true
            let localizations = item["localizations"] as? [String: Any] ?? [:]
            if localizations[sourceLanguage] == nil {
                // Xcode leaves the source language implicit when the value is the key itself.
                insert(CatalogEntry(key: key, value: .text(key), comment: comment, location: location,
                                    state: nil, shouldTranslate: shouldTranslate), table: table, locale: sourceLanguage)
            }
            for (locale, raw) in localizations {
                guard let localization = raw as? [String: Any], let value = Self.stringCatalogValue(localization) else { continue }
                let state = ((localization["stringUnit"] as? [String: Any])?["state"] as? String)
                insert(CatalogEntry(key: key, value: value.value, comment: comment, location: location,
                                    state: state ?? value.state, shouldTranslate: shouldTranslate),
                       table: table, locale: locale)
            }
        }
    }

    /// A String Catalog localization as a value: a plain `stringUnit`, plural `variations`, or a
    /// `stringUnit` whose `%#@name@` placeholders are filled by plural `substitutions`.
    private static func stringCatalogValue(_ localization: [String: Any]) -> (value: CatalogValue, state: String?)? {
        func unit(_ object: Any?) -> (value: String, state: String?)? {
            guard let unit = (object as? [String: Any])?["stringUnit"] as? [String: Any],
                  let value = unit["value"] as? String else { return nil }
            return (value, unit["state"] as? String)
        }
        func pluralForms(_ variations: Any?) -> [PluralCategory: String]? {
            guard let plural = (variations as? [String: Any])?["plural"] as? [String: Any] else { return nil }
            var forms: [PluralCategory: String] = [:]
            for (name, form) in plural {
                if let category = PluralCategory(rawValue: name), let text = unit(form)?.value { forms[category] = text }
            }
            return forms
        }
        if let forms = pluralForms(localization["variations"]) {
            let sample = forms[.other] ?? forms.values.first ?? ""
            let valueType = FormatSpecifier.parse(sample).first?.conversion ?? "lld"
            let state = forms.isEmpty ? nil : (localization["variations"] as? [String: Any]).flatMap { _ in "translated" }
            return (.plural(PluralRule(format: "%#@count@", variables: ["count": PluralVariable(valueType: valueType, forms: forms)])), state)
        }
        guard let (value, state) = unit(localization) else { return nil }
        guard let substitutions = localization["substitutions"] as? [String: Any], !substitutions.isEmpty else {
            return (.text(value), state)
        }
        var format = value
        var variables: [String: PluralVariable] = [:]
        for (name, raw) in substitutions {
            guard let substitution = raw as? [String: Any], let forms = pluralForms(substitution["variations"]) else { continue }
            let specifier = substitution["formatSpecifier"] as? String ?? "lld"
            // In a catalog, "%arg" stands for the substitution's own argument.
            let expanded = forms.mapValues { $0.replacingOccurrences(of: "%arg", with: "%" + specifier) }
            variables[name] = PluralVariable(valueType: specifier, forms: expanded)
            if let number = substitution["argNum"] as? Int {
                format = format.replacingOccurrences(of: "%#@\(name)@", with: "%\(number)$#@\(name)@")
            }
        }
        return (.plural(PluralRule(format: format, variables: variables)), state)
    }

    // MARK: Positions in XML and JSON text (for messages; the values come from the real parsers)

    private static func offset(ofKey key: String, in text: String) -> Int {
        text.range(of: "<key>\(xmlEscaped(key))</key>").map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? Int.max
    }

    static func position(ofKey key: String, in text: String) -> SourcePosition? {
        text.range(of: "<key>\(xmlEscaped(key))</key>").map { position(of: $0.lowerBound, in: text) }
    }

    static func position(ofJSONKey key: String, in text: String) -> SourcePosition? {
        let quoted = (try? JSONSerialization.data(withJSONObject: [key], options: [.fragmentsAllowed, .withoutEscapingSlashes]))
            .map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) } ?? "\"\(key)\""
        guard let range = text.range(of: quoted + " :") ?? text.range(of: quoted + ":") else { return nil }
        return position(of: range.lowerBound, in: text)
    }

    private static func position(of index: String.Index, in text: String) -> SourcePosition {
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars[..<index] {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return SourcePosition(line: line, column: column)
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
