import Core
public import LocalizationKit
public import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One `<trans-unit>` of an XLIFF 1.2 file, as Xcode writes it.
public struct XLIFFUnit: Sendable, Equatable {
    public var id: String
    public var source: String
    public var target: String?
    public var state: String?
    public var note: String?
    /// False for internal identifiers and `shouldTranslate: false` entries (`translate="no"`).
    public var translate: Bool
    /// Where the text appears on screen (`<note from="context">`, one each): written on export, skipped on import.
    public var contextNotes: [String]

    public init(id: String, source: String, target: String?, state: String? = "translated", note: String?, translate: Bool = true,
                contextNotes: [String] = []) {
        self.contextNotes = contextNotes
        self.id = id
        self.source = source
        self.target = target
        self.state = target == nil ? nil : state
        self.note = note
        self.translate = translate
    }
}

/// One `<file original="en.lproj/Core.strings" source-language="en" target-language="nb" datatype="plaintext">`.
public struct XLIFFFile: Sendable, Equatable {
    public var original: String
    public var sourceLanguage: String
    public var targetLanguage: String
    public var units: [XLIFFUnit]

    public init(original: String, sourceLanguage: String, targetLanguage: String, units: [XLIFFUnit]) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.units = units
    }

    /// `Core` for `en.lproj/Core.strings`.
    public var table: String { ((original as NSString).lastPathComponent as NSString).deletingPathExtension }
    public var fileExtension: String { (original as NSString).pathExtension }
}

public struct XLIFFError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var problem: String
    public var description: String { "\(path): \(problem)" }

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }
}

/// XLIFF 1.2 in the shape Xcode's "Export Localizations" writes: one document per target locale.
/// `.stringsdict` rules use Xcode's ids (`/key:dict/count:dict/one:dict/:string`); the count's value type is
/// carried in a `translate="no"` unit so that export → import loses nothing.
public enum XLIFF {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"

    // MARK: Export

    /// The files of one target locale, built from the catalog. A table's source is `Base.lproj`'s where it holds the
    /// table, else the base locale's; tables neither has are skipped. `qqq.lproj`'s entries are translator notes.
    /// `contexts` maps `Table/key` to the context notes of its unit (for a plural rule: its format unit).
    public static func files(from catalog: Catalog, base: String, target: String, root: String,
                             identifiers: InternalIdentifiers, contexts: [String: [String]] = [:]) -> [XLIFFFile] {
        var files: [XLIFFFile] = []
        // String Catalogs are read as JSON too: their variations are exported with Xcode's `|==|` ids.
        var stringCatalogs: [String: OrderedJSON] = [:]
        func stringCatalog(_ path: String) -> OrderedJSON? {
            if let json = stringCatalogs[path] { return json }
            let json = FileManager.default.contents(atPath: path).flatMap(OrderedJSON.parse)
            stringCatalogs[path] = json
            return json
        }
        let targetCategories = LocaleFormatting.hasData(for: target) || LocaleFormatting.hasPluralRules(for: target) ? (try? LocaleFormatting.plurals(of: target).pluralCategories()) ?? [] : []
        for tableName in catalog.tableNames {
            guard let baseTable = catalog.table(tableName, locale: Linter.interfaceBase) ?? catalog.table(tableName, locale: base) else { continue }
            let targetTable = catalog.table(tableName, locale: target)
            let documentation = catalog.table(tableName, locale: Linter.documentation)
            // One XLIFF <file> per base file (a table may have both .strings and .stringsdict).
            var unitsByFile: [String: [XLIFFUnit]] = [:]
            for key in baseTable.keys {
                guard let entry = baseTable.entries[key] else { continue }
                let targetEntry = targetTable?.entries[key]
                let translate = entry.shouldTranslate && !identifiers.contains(key)
                    && (entry.value.text.map { !identifiers.contains($0.trimmingCharacters(in: .whitespaces)) } ?? true)
                let note = Self.note(entry.comment, documentation: documentation?.entries[key]?.value.text)
                if entry.location.file.hasSuffix(".xcstrings"), let item = stringCatalog(entry.location.file)?["strings"]?[key],
                   StringCatalogFile.varies(item, base: base, target: target) {
                    unitsByFile[entry.location.file, default: []] += StringCatalogFile.units(
                        key: key, item: item, base: base, target: target, targetCategories: targetCategories, note: note,
                        translate: translate, contextNotes: contexts["\(tableName)/\(key)"] ?? [])
                    continue
                }
                switch entry.value {
                case .text(let source):
                    unitsByFile[entry.location.file, default: []].append(
                        XLIFFUnit(id: key, source: source, target: targetEntry?.value.text, state: targetEntry?.state ?? "translated",
                                  note: note, translate: translate, contextNotes: contexts["\(tableName)/\(key)"] ?? []))
                case .plural(let rule):
                    let targetRule: PluralRule? = if case .plural(let rule)? = targetEntry?.value { rule } else { nil }
                    var units = pluralUnits(key: key, rule: rule, target: targetRule, note: note, translate: translate,
                                            targetCategories: targetCategories)
                    units[0].contextNotes = contexts["\(tableName)/\(key)"] ?? []
                    unitsByFile[entry.location.file, default: []] += units
                case .other:
                    continue
                }
            }
            for file in unitsByFile.keys.sorted() {
                files.append(XLIFFFile(original: relative(file, to: root), sourceLanguage: base, targetLanguage: target,
                                       units: unitsByFile[file] ?? []))
            }
        }
        return files
    }

    /// The base comment and the qqq documentation of a key, both where both exist.
    static func note(_ comment: String?, documentation: String?) -> String? {
        let parts = [comment, documentation].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n")
    }

    /// - Parameter targetCategories: the plural forms the target's language needs (ICU), offered even where neither
    ///   file has them yet, as Xcode does: Polish gets `few` and `many` units to fill beside English's `one`/`other`.
    static func pluralUnits(key: String, rule: PluralRule, target: PluralRule?, note: String?, translate: Bool,
                            targetCategories: [PluralCategory] = []) -> [XLIFFUnit] {
        var units = [XLIFFUnit(id: "/\(key):dict/\(formatKey):dict/:string", source: rule.format, target: target?.format,
                               note: note, translate: translate)]
        for name in rule.variables.keys.sorted() {
            guard let variable = rule.variables[name] else { continue }
            let targetVariable = target?.variables[name]
            units.append(XLIFFUnit(id: "/\(key):dict/\(name):dict/\(valueTypeKey):dict/:string", source: variable.valueType,
                                   target: targetVariable?.valueType, note: nil, translate: false))
            // Every category either side has, and every one the target's language needs: it may need forms (few, many)
            // the source language lacks.
            let categories = PluralCategory.allCases.filter {
                variable.forms[$0] != nil || targetVariable?.forms[$0] != nil || targetCategories.contains($0)
            }
            for category in categories {
                units.append(XLIFFUnit(id: "/\(key):dict/\(name):dict/\(category.rawValue):dict/:string",
                                       source: variable.forms[category] ?? variable.forms[.other] ?? "",
                                       target: targetVariable?.forms[category], note: nil, translate: translate))
            }
        }
        return units
    }

    static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }

    /// The XML text of one document.
    public static func document(_ files: [XLIFFFile]) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">

        """
        for file in files {
            xml += "  <file original=\"\(escape(file.original, attribute: true))\" source-language=\"\(escape(file.sourceLanguage, attribute: true))\" target-language=\"\(escape(file.targetLanguage, attribute: true))\" datatype=\"plaintext\">\n"
            xml += "    <header>\n      <tool tool-id=\"com.offlinekit.l10n\" tool-name=\"l10n\" tool-version=\"\(L10nVersion.current)\"/>\n    </header>\n"
            xml += "    <body>\n"
            for unit in file.units {
                let translate = unit.translate ? "" : " translate=\"no\""
                xml += "      <trans-unit id=\"\(escape(unit.id, attribute: true))\" xml:space=\"preserve\"\(translate)>\n"
                xml += "        <source>\(escape(unit.source))</source>\n"
                if let target = unit.target {
                    xml += "        <target state=\"\(escape(unit.state ?? "translated", attribute: true))\">\(escape(target))</target>\n"
                }
                if let note = unit.note {
                    xml += "        <note>\(escape(note))</note>\n"
                }
                for context in unit.contextNotes {
                    xml += "        <note from=\"context\">\(escape(context))</note>\n"
                }
                xml += "      </trans-unit>\n"
            }
            xml += "    </body>\n  </file>\n"
        }
        return xml + "</xliff>\n"
    }

    /// XML-escapes text for a `<source>`/`<target>`/`<note>` or an attribute (Core's one escaper).
    static func escape(_ text: String, attribute: Bool = false) -> String { XMLText.escaped(text, for: attribute ? .attribute : .content) }

    // MARK: Import

    public static func parse(_ data: Data, path: String) throws(XLIFFError) -> [XLIFFFile] {
        let reader = XLIFFReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        let parsed = parser.parse()
        if !parsed || reader.failure != nil {
            let reason = reader.failure ?? parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not well-formed XML"
            throw XLIFFError(path: path, problem: "\(reason) (line \(parser.lineNumber)); check that it is an XLIFF 1.2 file as Xcode exports it")
        }
        if reader.files.isEmpty {
            throw XLIFFError(path: path, problem: "has no <file> elements; export it again with `l10n export --xliff DIR`")
        }
        return reader.files
    }

    /// Writes the units of `files` into `folder`: each target locale's `.strings`/`.stringsdict`, merged over what is there,
    /// and the source locale's file from `<source>` where it does not exist yet. Returns the paths written.
    public static func write(_ files: [XLIFFFile], into folder: String) throws(XLIFFError) -> [String] {
        var written: [String] = []
        for file in files {
            let sourceComponents = (file.original as NSString).pathComponents
            let relativeFolder = sourceComponents.count > 1 ? PathText.parent(of: file.original) : "\(file.sourceLanguage).lproj"
            let targetFolder = (PathText.parent(of: (folder as NSString).appendingPathComponent(relativeFolder)) as NSString)
                .appendingPathComponent("\(file.targetLanguage).lproj")
            let sourceFolder = (folder as NSString).appendingPathComponent(relativeFolder)
            let name = (file.original as NSString).lastPathComponent
            let catalogPath = (folder as NSString).appendingPathComponent(file.original)
            switch file.fileExtension {
            case "xcstrings" where FileManager.default.fileExists(atPath: catalogPath):
                // A String Catalog takes its translations back in place.
                guard let data = FileManager.default.contents(atPath: catalogPath),
                      let updated = StringCatalogFile.importing(file.units, locale: file.targetLanguage, into: data) else {
                    throw XLIFFError(path: catalogPath, problem: "is not a String Catalog that can be read; check the JSON with `python3 -m json.tool \(catalogPath)`")
                }
                written += try writeEdited(updated, over: data, to: catalogPath)
            case "stringsdict":
                let (source, target) = pluralRules(file.units)
                written += try writeStringsdict(target, order: source.map(\.0), merging: true, to: (targetFolder as NSString).appendingPathComponent(name))
                let sourcePath = (sourceFolder as NSString).appendingPathComponent(name)
                if !FileManager.default.fileExists(atPath: sourcePath) {
                    written += try writeStringsdict(source, order: [], merging: false, to: sourcePath)
                }
            default:
                let stringsName = (name as NSString).deletingPathExtension + ".strings"
                let targetEntries = file.units.compactMap { unit in unit.target.map { (unit.id, $0, unit.note) } }
                written += try writeStrings(targetEntries, merging: true, to: (targetFolder as NSString).appendingPathComponent(stringsName))
                let sourcePath = (sourceFolder as NSString).appendingPathComponent(stringsName)
                if !FileManager.default.fileExists(atPath: sourcePath) {
                    written += try writeStrings(file.units.map { ($0.id, $0.source, $0.note) }, merging: false, to: sourcePath)
                }
            }
        }
        return written
    }

    /// Rebuilds the source and target plural rules from Xcode's `/key:dict/var:dict/one:dict/:string` ids.
    static func pluralRules(_ units: [XLIFFUnit]) -> (source: [(String, PluralRule)], target: [(String, PluralRule)]) {
        var order: [String] = []
        var source: [String: PluralRule] = [:]
        var target: [String: PluralRule] = [:]
        for unit in units {
            guard unit.id.hasPrefix("/"), unit.id.hasSuffix(":dict/:string") else { continue }
            let path = unit.id.dropFirst().dropLast(":dict/:string".count)
            var parts = path.components(separatedBy: ":dict/")
            guard let last = parts.popLast(), !parts.isEmpty else { continue }
            func update(_ rules: inout [String: PluralRule], _ text: String?, _ change: (inout PluralRule, String) -> Void) {
                guard let text else { return }
                let key = last == formatKey ? parts.joined(separator: ":dict/") : parts.dropLast().joined(separator: ":dict/")
                var rule = rules[key] ?? PluralRule(format: "", variables: [:])
                change(&rule, text)
                rules[key] = rule
            }
            if last == formatKey {
                let key = parts.joined(separator: ":dict/")
                if !order.contains(key) { order.append(key) }
                update(&source, unit.source) { $0.format = $1 }
                update(&target, unit.target) { $0.format = $1 }
            } else if parts.count >= 2, let variable = parts.last {
                let setter: (inout PluralRule, String) -> Void
                if last == valueTypeKey {
                    setter = { rule, text in rule.variables[variable, default: PluralVariable(valueType: text, forms: [:])].valueType = text }
                } else if let category = PluralCategory(rawValue: last) {
                    setter = { rule, text in rule.variables[variable, default: PluralVariable(valueType: "d", forms: [:])].forms[category] = text }
                } else { continue }
                update(&source, unit.source, setter)
                update(&target, unit.target, setter)
            }
        }
        // A target variable without its own value type takes the source's.
        for (key, rule) in target {
            for (name, variable) in rule.variables where variable.valueType == "d" {
                if let sourceType = source[key]?.variables[name]?.valueType { target[key]?.variables[name]?.valueType = sourceType }
            }
        }
        let sourceList = order.compactMap { key in source[key].map { (key, $0) } }
        let targetList = order.compactMap { key in target[key].flatMap { $0.format.isEmpty ? nil : (key, $0) } }
        return (sourceList, targetList)
    }

    // MARK: Writing catalog files

    static func writeStrings(_ entries: [(key: String, value: String, comment: String?)], merging: Bool, to path: String) throws(XLIFFError) -> [String] {
        guard !entries.isEmpty else { return [] }
        var merged: [(key: String, value: String, comment: String?)] = []
        // An existing translation is edited in place: only what changed, nothing it does not understand is lost.
        if merging, let data = FileManager.default.contents(atPath: path),
           let edited = StringsFileEditor.edit(data, updates: entries.map { ($0.key, $0.value) }) {
            return try writeEdited(edited, over: data, to: path)
        }
        if merging, let data = FileManager.default.contents(atPath: path) {
            let existing: StringsFile
            do { existing = try StringsParser.parse(data) } catch {
                // A property-list table is never rewritten in the text format behind its tool's back.
                if StringsPropertyList.format(of: data) != nil {
                    throw XLIFFError(path: path, problem: "cannot be merged: \(error.message.lowercasedFirst). \(error.hint)")
                }
                throw XLIFFError(path: path, problem: "exists but cannot be parsed, so it cannot be merged; fix it (see `l10n parse \(path)`) or move it away")
            }
            merged = existing.entries.compactMap { entry in entry.value.stringValue.map { (entry.key, $0, entry.comment) } }
        }
        var indexByKey: [String: Int] = [:]
        for (index, entry) in merged.enumerated() { indexByKey[entry.key] = index }
        for entry in entries {
            if let index = indexByKey[entry.key] { merged[index] = entry } else {
                indexByKey[entry.key] = merged.count
                merged.append(entry)
            }
        }
        try write(StringsWriter.text(merged), to: path)
        return [path]
    }

    /// An existing `.stringsdict` is edited in place (`StringsdictFileEditor`); one it cannot follow is an error naming
    /// it, never rewritten. A new file is written through `PropertyListSerialization`.
    static func writeStringsdict(_ rules: [(String, PluralRule)], order: [String], merging: Bool, to path: String) throws(XLIFFError) -> [String] {
        guard !rules.isEmpty else { return [] }
        if merging, let data = FileManager.default.contents(atPath: path) {
            let edited: Data
            do {
                edited = try StringsdictFileEditor.edit(data, rules: rules, order: order)
            } catch {
                throw XLIFFError(path: path, problem: "\(error.reason), so nothing was imported into it; check it with `plutil -lint \(path)` or move it away, then import again")
            }
            return try writeEdited(edited, over: data, to: path)
        }
        var root: [String: Any] = [:]
        for (key, rule) in rules { root[key] = StringsWriter.stringsdictObject(rule) }
        let data: Data
        do {
            data = try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        } catch {
            throw XLIFFError(path: path, problem: "cannot be encoded as a property list (\(error))")
        }
        try write(String(decoding: data, as: UTF8.self), to: path)
        return [path]
    }

    /// An edited file goes back only when the edit changed it; returns the paths written.
    static func writeEdited(_ edited: Data, over original: Data, to path: String) throws(XLIFFError) -> [String] {
        guard edited != original else { return [] }
        do {
            try edited.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw XLIFFError(path: path, problem: "cannot be written (\((error as NSError).localizedDescription)); check the folder's permissions")
        }
        return [path]
    }

    static func write(_ text: String, to path: String) throws(XLIFFError) {
        do {
            try FileManager.default.createDirectory(atPath: PathText.parent(of: path), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw XLIFFError(path: path, problem: "cannot be written (\((error as NSError).localizedDescription)); check the folder's permissions")
        }
    }
}

/// SAX reader for the subset of XLIFF 1.2 that Xcode writes (inline markup inside `<target>` is kept as text).
final class XLIFFReader: NSObject, XMLParserDelegate {
    var files: [XLIFFFile] = []
    var failure: String?
    private var file: XLIFFFile?
    private var unit: XLIFFUnit?
    private var field: String?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch elementName {
        case "file":
            guard let original = attributes["original"], let source = attributes["source-language"] else {
                failure = "a <file> lacks original= or source-language="
                parser.abortParsing()
                return
            }
            file = XLIFFFile(original: original, sourceLanguage: source, targetLanguage: attributes["target-language"] ?? source, units: [])
        case "trans-unit":
            guard let id = attributes["id"] else {
                failure = "a <trans-unit> lacks id="
                parser.abortParsing()
                return
            }
            unit = XLIFFUnit(id: id, source: "", target: nil, note: nil, translate: attributes["translate"] != "no")
        case "source", "target", "note":
            // Context notes say where the text appears; they are not the entry's comment.
            guard unit != nil, field == nil, attributes["from"] != "context" else { return }
            field = elementName
            text = ""
            if elementName == "target" { unit?.state = attributes["state"] }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if field != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if field != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        switch elementName {
        case "source" where field == "source": unit?.source = text; field = nil
        case "target" where field == "target": unit?.target = text; field = nil
        case "note" where field == "note": unit?.note = text; field = nil
        case "trans-unit":
            if let unit { file?.units.append(unit) }
            unit = nil
        case "file":
            if let file { files.append(file) }
            file = nil
        default:
            break
        }
    }
}
