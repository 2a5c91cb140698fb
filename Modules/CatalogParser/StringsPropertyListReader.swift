public import Foundation

extension StringsPropertyList {
    /// The entries of a property-list `.strings` file in the order their keys stand in it, each at its `<key>`'s line
    /// (binary: line 1). A value that is not text (a number, a date) is left out with a `nonStringValue` note, as
    /// Bundle never returns it for a key.
    public static func parse(_ data: Data, format: Format) throws(StringsParseError) -> StringsFile {
        let root: Any
        do {
            root = try XMLPlistReader.read(data) ?? PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw StringsParseError(kind: .syntax, message: "The file is not a valid \(format == .xml ? "XML" : "binary") property list (\((error as NSError).localizedDescription))",
                                    position: SourcePosition(line: 1, column: 1), hint: "Check it with `plutil -lint`, or export it again from the tool that wrote it.")
        }
        guard let dictionary = root as? [String: Any] else {
            let what = root is String ? "a single string" : root is [Any] ? "an array" : "a \(type(of: root))"
            throw StringsParseError(kind: .syntax, message: "The property list holds \(what), not a dictionary of keys and texts",
                                    position: SourcePosition(line: 1, column: 1), hint: "A strings table must be a <dict> of <key> and <string> pairs.")
        }
        let positions = format == .xml ? Catalog.firstPositions(in: data, of: .xmlKey) : [:]
        let ordered = dictionary.keys.map { ($0, positions[Catalog.xmlEscaped($0)]) }
            .sorted { ($0.1?.offset ?? .max, $0.0) < ($1.1?.offset ?? .max, $1.0) }
        var entries: [StringsEntry] = []
        var notes: [StringsNote] = []
        entries.reserveCapacity(ordered.count)
        for (key, found) in ordered {
            let position = found?.position ?? SourcePosition(line: 1, column: 1)
            guard let value = plistValue(dictionary[key] as Any) else {
                notes.append(StringsNote(kind: .nonStringValue, position: position, key: key,
                                         message: "The value of \"\(key)\" is a \(type(of: dictionary[key]!)), not text; Bundle never returns it"))
                continue
            }
            entries.append(StringsEntry(key: key, value: value, keyPosition: position, valuePosition: position, comment: nil))
        }
        let encoding: StringsEncoding = data.starts(with: [0xEF, 0xBB, 0xBF]) ? .utf8BOM : data.starts(with: [0xFF, 0xFE]) ? .utf16LE
            : data.starts(with: [0xFE, 0xFF]) ? .utf16BE : .utf8
        return StringsFile(entries: entries, encoding: encoding, notes: notes, format: format)
    }

    /// The value as the text grammar's values are: strings, arrays, dictionaries, data; nil for anything else.
    static func plistValue(_ value: Any) -> PlistValue? {
        switch value {
        case let text as String: .string(text)
        case let data as Data: .data(data)
        case let array as [Any]: .array(array.compactMap(plistValue))
        case let dictionary as [String: Any]: .dictionary(dictionary.compactMapValues(plistValue))
        default: nil
        }
    }
}

extension StringsParser {
    /// Any `.strings` file Bundle reads: the text format, or an XML or binary property list (`StringsPropertyList`).
    /// `parse(_:)` reads the text format only, which the editors need (they change its bytes in place).
    public static func parseAnyFormat(_ data: Data) throws(StringsParseError) -> StringsFile {
        if let format = StringsPropertyList.format(of: data) { return try StringsPropertyList.parse(data, format: format) }
        return try parse(data)
    }
}
