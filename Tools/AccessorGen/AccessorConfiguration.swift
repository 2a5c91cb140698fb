public import Foundation

/// What a target asks of the generator: `l10n.json`'s `"accessors"` object, one entry per target that uses the
/// `L10nAccessors` plugin, keyed by the target's name.
///
///     "accessors": {
///       "WarmupToast": {"tables": ["WarmupToast"], "template": "copy", "type": "WarmupToastCopy",
///                       "style": "xcode", "access": "public", "labels": {"items.count": ["count"]}}
///     }
///
/// Every field but the entry itself may be left out: the table is the target's name, the template `copy`, the type
/// `<Table>Copy` (`copy`) or `<Table>Strings` (`apple`), the style `xcode`, the access `public`, the bundle `module`.
public struct AccessorSettings: Sendable, Equatable {
    /// What a member returns.
    public enum Template: String, Sendable, CaseIterable {
        /// OfflineKit's `Copy(table, key, [arguments])`: view state carries keys, a `Localizer` resolves them.
        case copy
        /// Foundation: `LocalizedStringResource` (Apple platforms) or `String` through the bundle.
        case apple
    }

    /// How a key becomes a member name.
    public enum Style: String, Sendable, CaseIterable {
        /// As Xcode 26 names String Catalog symbols: one lowerCamelCase member per key (`toast.title` → `toastTitle`).
        case xcode
        /// SwiftGen's `structured` template: one nested enum per `.`-separated part (`toast.title` → `Toast.title`).
        case structured
    }

    public var target: String
    public var tables: [String]
    public var template: Template
    public var typeName: String
    public var style: Style
    /// `public`, `package` or `internal`.
    public var access: String
    /// Argument labels by key, in argument order; `_` leaves one unlabelled.
    public var labels: [String: [String]]
    /// `module` (`Bundle.module`, a target with resources) or `main`: where the `apple` template looks strings up.
    public var bundle: String

    public init(target: String, tables: [String]? = nil, template: Template = .copy, typeName: String? = nil, style: Style = .xcode,
                access: String = "public", labels: [String: [String]] = [:], bundle: String = "module") {
        self.target = target
        let tables = tables ?? [target]
        self.tables = tables
        self.template = template
        self.typeName = typeName ?? (tables.count == 1 ? tables[0] : target) + (template == .copy ? "Copy" : "Strings")
        self.style = style
        self.access = access
        self.labels = labels
        self.bundle = bundle
    }
}

/// A bad `"accessors"` object, with what to write instead.
public struct AccessorConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// `l10n.json` as far as the generator reads it: the base locale and the `"accessors"` entries.
public struct AccessorConfiguration: Sendable, Equatable {
    public var baseLocale: String
    public var targets: [String: AccessorSettings]

    public init(baseLocale: String = "en", targets: [String: AccessorSettings] = [:]) {
        self.baseLocale = baseLocale
        self.targets = targets
    }

    /// Reads `l10n.json`'s text; a file without `"accessors"` configures no target.
    public static func read(_ data: Data, file: String = "l10n.json") throws(AccessorConfigurationError) -> AccessorConfiguration {
        func fail(_ message: String) -> AccessorConfigurationError { AccessorConfigurationError(message: "\(file): \(message)") }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        var configuration = AccessorConfiguration(baseLocale: root["baseLocale"] as? String ?? "en")
        guard let raw = root["accessors"] else { return configuration }
        guard let entries = raw as? [String: Any] else {
            throw fail("\"accessors\" must be an object of targets, e.g. {\"WarmupToast\": {\"template\": \"copy\"}}")
        }
        for (target, value) in entries where !target.hasPrefix("$") {
            guard let entry = value as? [String: Any] else { throw fail("\"accessors.\(target)\" must be an object") }
            let path = "accessors.\(target)"
            let known: Set<String> = ["$comment", "tables", "template", "type", "style", "access", "labels", "bundle"]
            if let unknown = entry.keys.sorted().first(where: { !known.contains($0) }) {
                throw fail("\"\(path).\(unknown)\" is not a setting; use \(known.subtracting(["$comment"]).sorted().joined(separator: ", "))")
            }
            func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ fallback: Value) throws(AccessorConfigurationError) -> Value
                where Value.RawValue == String {
                guard let text = entry[name] else { return fallback }
                guard let string = text as? String, let value = Value(rawValue: string) else {
                    throw fail("\"\(path).\(name)\" must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return value
            }
            var tables: [String]?
            if let list = entry["tables"] {
                guard let names = list as? [String], !names.isEmpty else { throw fail("\"\(path).tables\" must be a non-empty list of table names") }
                tables = names
            }
            var labels: [String: [String]] = [:]
            if let list = entry["labels"] {
                guard let byKey = list as? [String: [String]] else {
                    throw fail("\"\(path).labels\" must map a key to its argument labels, e.g. {\"items.count\": [\"count\"]}")
                }
                labels = byKey
            }
            let access = entry["access"] as? String ?? "public"
            guard ["public", "package", "internal"].contains(access) else { throw fail("\"\(path).access\" must be public, package or internal") }
            let bundle = entry["bundle"] as? String ?? "module"
            guard ["module", "main"].contains(bundle) else { throw fail("\"\(path).bundle\" must be module or main") }
            if let type = entry["type"], !((type as? String).map(AccessorNaming.isIdentifier) ?? false) {
                throw fail("\"\(path).type\" must be a Swift type name")
            }
            configuration.targets[target] = AccessorSettings(
                target: target, tables: tables, template: try choice("template", AccessorSettings.Template.copy),
                typeName: entry["type"] as? String, style: try choice("style", AccessorSettings.Style.xcode),
                access: access, labels: labels, bundle: bundle)
        }
        return configuration
    }
}
