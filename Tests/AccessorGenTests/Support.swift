import CatalogParser
import Foundation

/// A folder of catalog files for one test, removed when the value goes away.
final class CatalogFolder {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("accessors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func path(_ relativePath: String) -> String { root.appendingPathComponent(relativePath).path }

    /// The catalog the folder holds.
    func catalog() throws -> Catalog { try Catalog.load(paths: [root.path]) }

    deinit { try? FileManager.default.removeItem(at: root) }
}

/// A `.stringsdict` with one plural rule per key: `format` and the variable's `other` form and value type.
func stringsdict(_ rules: [(key: String, format: String, variable: String, valueType: String, other: String)]) -> String {
    let body = rules.map { rule in
        """
            <key>\(rule.key)</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key><string>\(rule.format)</string>
                <key>\(rule.variable)</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>\(rule.valueType)</string>
                    <key>one</key><string>one</string>
                    <key>other</key><string>\(rule.other)</string>
                </dict>
            </dict>
        """
    }.joined(separator: "\n")
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
}
