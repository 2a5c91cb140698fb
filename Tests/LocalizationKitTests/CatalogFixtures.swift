import Foundation

/// A throwaway folder of catalog files, removed when the value goes away.
final class TemporaryCatalog {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relativePath` (creating folders) in UTF-8, or the given encoding with a BOM.
    @discardableResult
    func write(_ relativePath: String, _ text: String, utf16: Bool = false) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = utf16 ? Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! : Data(text.utf8)
        try data.write(to: url)
        return url.path
    }

    func writeData(_ relativePath: String, _ data: Data) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}

/// A `.stringsdict` with one plural rule.
func stringsdict(key: String, variable: String = "count", format: String? = nil, valueType: String = "d", forms: [String: String]) -> String {
    let formEntries = forms.keys.sorted().map { "<key>\($0)</key><string>\(forms[$0]!)</string>" }.joined(separator: "\n")
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>\(key)</key>
        <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>\(format ?? "%#@\(variable)@")</string>
            <key>\(variable)</key>
            <dict>
                <key>NSStringFormatSpecTypeKey</key>
                <string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key>
                <string>\(valueType)</string>
                \(formEntries)
            </dict>
        </dict>
    </dict>
    </plist>
    """
}
