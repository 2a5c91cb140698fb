import Foundation

/// The `"usage"` object of `l10n.json`: how `l10n usage` and `l10n lint --sources` recognise keys in Swift code that
/// is not Foundation's or SwiftUI's own API (the app's wrappers, generated enums), which keys are built at run time,
/// and which findings are deliberate.
///
/// ```json
/// "usage": {
///   "defaultTable": "Localizable",
///   "wrappers": [{"function": "Copy", "table": 1, "key": 2, "arguments": 3}],
///   "generatedEnums": [{"root": "L10n", "style": "swiftgen", "table": "Localizable"}],
///   "dynamicKeyPrefixes": ["status.", {"table": "OfflineCommerce", "prefix": "status."}],
///   "exceptions": [{"rule": "unused-key", "table": "Core", "key": "legacy.title", "reason": "read by the widget"}],
///   "exclude": ["Generated/", "Tests/Fixtures/"]
/// }
/// ```
public struct UsageConfiguration: Sendable, Equatable {
    /// Where a wrapper's argument is: by 1-based position among all arguments, or by label.
    public enum ArgumentSlot: Sendable, Hashable {
        case position(Int)
        case label(String)
    }

    /// A function (or initialiser) of the app's whose argument is a key, e.g. `Copy(table, "cart.title", [.integer(n)])`.
    public struct Wrapper: Sendable, Equatable {
        /// `Copy` matches `Copy(…)` and `X.Copy(…)`; `Strings.tr` matches only `Strings.tr(…)`.
        public var function: String
        public var key: ArgumentSlot
        public var table: ArgumentSlot?
        /// An array literal whose element count is the number of format arguments (`[.integer(n)]`), or the first of
        /// the variadic arguments that follow the key when the wrapper formats them itself.
        public var arguments: ArgumentSlot?
        /// The table when the call names none; nil means `defaultTable`.
        public var defaultTable: String?

        public init(function: String, key: ArgumentSlot, table: ArgumentSlot? = nil, arguments: ArgumentSlot? = nil, defaultTable: String? = nil) {
            self.function = function
            self.key = key
            self.table = table
            self.arguments = arguments
            self.defaultTable = defaultTable
        }
    }

    /// How generated code names a key.
    public enum EnumStyle: String, Sendable, CaseIterable {
        /// SwiftGen's structured template: `common.button.share` → `L10n.Common.Button.share`.
        case swiftgen
        /// One flat member per key, every character that is not a letter, digit or `_` made `_`, matched without
        /// case (kiwix-apple's generator lowers the key): `common.button.share` → `LocalString.common_button_share`.
        case flat
        /// R.swift: `R.string.localizable.jitMenuDesc()` for `"JITMenuDesc"`, the table from the third name; matched
        /// by letters and digits alone, without case (R.swift drops separators and lowers the first word). Read
        /// without configuration: R.swift's plugin generates at build time, so no generated file is in the sources.
        case rswift
    }

    /// An enum generated from one table (`L10n` by SwiftGen, `LocalString`…); members are matched against the
    /// names its generator gives each key of that table, so the mapping back to the key is exact.
    public struct GeneratedEnum: Sendable, Equatable {
        public var root: String
        public var style: EnumStyle
        public var table: String
        /// The generator's own map (`l10n-accessors`): member path → table and key, used instead of naming each key
        /// by `style`; empty for the generators whose names `style` describes.
        public var members: [String: Member]
        /// Members of the generated type that name no key (`table`, `keys`, `all`): uses of them are not findings.
        public var nonKeyMembers: Set<String>

        /// One member of a generator's map.
        public struct Member: Sendable, Equatable {
            public var table: String
            public var key: String

            public init(table: String, key: String) {
                self.table = table
                self.key = key
            }
        }

        public init(root: String, style: EnumStyle, table: String, members: [String: Member] = [:], nonKeyMembers: Set<String> = []) {
            self.root = root
            self.style = style
            self.table = table
            self.members = members
            self.nonKeyMembers = nonKeyMembers
        }
    }

    /// A family of keys the code builds at run time (`"status.\(status.rawValue)"`): every key starting with `prefix`
    /// (in `table`, or in any table when nil) counts as used.
    public struct DynamicPrefix: Sendable, Equatable {
        public var table: String?
        public var prefix: String

        public init(table: String? = nil, prefix: String) {
            self.table = table
            self.prefix = prefix
        }

        public func covers(table: String, key: String) -> Bool {
            (self.table == nil || self.table == table) && key.hasPrefix(prefix)
        }
    }

    /// A finding that is deliberate, with the reason a reader needs.
    public struct Exception: Sendable, Equatable {
        public var rule: Rule
        public var table: String?
        public var key: String
        public var reason: String

        public init(rule: Rule, table: String? = nil, key: String, reason: String) {
            self.rule = rule
            self.table = table
            self.key = key
            self.reason = reason
        }
    }

    /// The table of `NSLocalizedString`, `String(localized:)` and SwiftUI text with no table named.
    public var defaultTable: String
    public var wrappers: [Wrapper]
    public var generatedEnums: [GeneratedEnum]
    public var dynamicKeyPrefixes: [DynamicPrefix]
    public var exceptions: [Exception]
    /// Source paths containing any of these strings are not scanned (`.build` and hidden folders never are).
    public var exclude: [String]

    public init(defaultTable: String = "Localizable", wrappers: [Wrapper] = [], generatedEnums: [GeneratedEnum] = [],
                dynamicKeyPrefixes: [DynamicPrefix] = [], exceptions: [Exception] = [], exclude: [String] = []) {
        self.defaultTable = defaultTable
        self.wrappers = wrappers
        self.generatedEnums = generatedEnums
        self.dynamicKeyPrefixes = dynamicKeyPrefixes
        self.exceptions = exceptions
        self.exclude = exclude
    }

    public func isExcepted(_ rule: Rule, table: String, key: String) -> Bool {
        exceptions.contains { $0.rule == rule && $0.key == key && ($0.table == nil || $0.table == table) }
    }

    public func isDynamicallyUsed(table: String, key: String) -> Bool {
        dynamicKeyPrefixes.contains { $0.covers(table: table, key: key) }
    }

    /// Reads the `"usage"` object; `fail` turns a problem into the caller's error (which names the file).
    static func parse(_ value: Any, fail: (String) -> ConfigurationError) throws(ConfigurationError) -> UsageConfiguration {
        guard let object = value as? [String: Any] else {
            throw fail("\"usage\" must be an object such as {\"wrappers\": [{\"function\": \"Copy\", \"key\": 1}]}")
        }
        let known: Set<String> = ["defaultTable", "wrappers", "generatedEnums", "dynamicKeyPrefixes", "exceptions", "exclude", "$comment"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown field \"usage.\(unknown)\"; the fields are \(known.subtracting(["$comment"]).sorted().joined(separator: ", "))")
        }
        var configuration = UsageConfiguration()
        if let raw = object["defaultTable"] {
            guard let table = raw as? String, !table.isEmpty else { throw fail("\"usage.defaultTable\" must be a table name such as \"Localizable\"") }
            configuration.defaultTable = table
        }
        for (index, raw) in try list(object["wrappers"], "wrappers", fail).enumerated() {
            let path = "usage.wrappers[\(index)]"
            guard let wrapper = raw as? [String: Any], let function = wrapper["function"] as? String, !function.isEmpty else {
                throw fail("\"\(path)\" must be an object with \"function\" and \"key\", e.g. {\"function\": \"Copy\", \"table\": 1, \"key\": 2}")
            }
            try only(wrapper, ["function", "key", "table", "arguments", "defaultTable"], path, fail)
            guard let key = try slot(wrapper["key"], "\(path).key", fail) else {
                throw fail("\"\(path).key\" is missing: the 1-based position or the label of the key argument, e.g. 1 or \"key\"")
            }
            configuration.wrappers.append(Wrapper(function: function, key: key, table: try slot(wrapper["table"], "\(path).table", fail),
                                                  arguments: try slot(wrapper["arguments"], "\(path).arguments", fail),
                                                  defaultTable: wrapper["defaultTable"] as? String))
        }
        for (index, raw) in try list(object["generatedEnums"], "generatedEnums", fail).enumerated() {
            let path = "usage.generatedEnums[\(index)]"
            guard let entry = raw as? [String: Any], let root = entry["root"] as? String, !root.isEmpty else {
                throw fail("\"\(path)\" must be an object such as {\"root\": \"L10n\", \"style\": \"swiftgen\", \"table\": \"Localizable\"}")
            }
            try only(entry, ["root", "style", "table"], path, fail)
            let styleName = entry["style"] as? String ?? EnumStyle.swiftgen.rawValue
            guard let style = EnumStyle(rawValue: styleName) else {
                throw fail("\"\(path).style\" must be one of \(EnumStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            configuration.generatedEnums.append(GeneratedEnum(root: root, style: style, table: entry["table"] as? String ?? configuration.defaultTable))
        }
        for (index, raw) in try list(object["dynamicKeyPrefixes"], "dynamicKeyPrefixes", fail).enumerated() {
            if let prefix = raw as? String, !prefix.isEmpty {
                configuration.dynamicKeyPrefixes.append(DynamicPrefix(prefix: prefix))
            } else if let entry = raw as? [String: Any], let prefix = entry["prefix"] as? String, !prefix.isEmpty {
                try only(entry, ["table", "prefix", "reason"], "usage.dynamicKeyPrefixes[\(index)]", fail)
                configuration.dynamicKeyPrefixes.append(DynamicPrefix(table: entry["table"] as? String, prefix: prefix))
            } else {
                throw fail("\"usage.dynamicKeyPrefixes[\(index)]\" must be a non-empty prefix or {\"table\": \"Core\", \"prefix\": \"status.\"}")
            }
        }
        for (index, raw) in try list(object["exceptions"], "exceptions", fail).enumerated() {
            let path = "usage.exceptions[\(index)]"
            guard let entry = raw as? [String: Any], let ruleID = entry["rule"] as? String, let key = entry["key"] as? String else {
                throw fail("\"\(path)\" must be an object such as {\"rule\": \"unused-key\", \"table\": \"Core\", \"key\": \"…\", \"reason\": \"…\"}")
            }
            try only(entry, ["rule", "table", "key", "reason"], path, fail)
            guard let rule = Rule(rawValue: ruleID) else { throw fail("unknown rule \"\(ruleID)\" in \"\(path)\"") }
            guard let reason = entry["reason"] as? String, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("\"\(path)\" has no \"reason\"; say why this \(ruleID) is deliberate, so the next reader need not guess")
            }
            configuration.exceptions.append(Exception(rule: rule, table: entry["table"] as? String, key: key, reason: reason))
        }
        if let raw = object["exclude"] {
            guard let paths = raw as? [String] else { throw fail("\"usage.exclude\" must be a list of path fragments (strings)") }
            configuration.exclude = paths
        }
        return configuration
    }

    private static func list(_ raw: Any?, _ name: String, _ fail: (String) -> ConfigurationError) throws(ConfigurationError) -> [Any] {
        guard let raw else { return [] }
        guard let list = raw as? [Any] else { throw fail("\"usage.\(name)\" must be a list") }
        return list
    }

    private static func only(_ object: [String: Any], _ fields: Set<String>, _ path: String,
                             _ fail: (String) -> ConfigurationError) throws(ConfigurationError) {
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw fail("unknown field \"\(unknown)\" in \"\(path)\"; the fields are \(fields.sorted().joined(separator: ", "))")
        }
    }

    private static func slot(_ raw: Any?, _ path: String, _ fail: (String) -> ConfigurationError) throws(ConfigurationError) -> ArgumentSlot? {
        guard let raw else { return nil }
        if let label = raw as? String, !label.isEmpty { return .label(label) }
        if let number = raw as? NSNumber, String(cString: number.objCType) != "c", let position = Int(exactly: number.doubleValue), position >= 1 {
            return .position(position)
        }
        throw fail("\"\(path)\" must be a 1-based argument position (1, 2…) or an argument label (\"table\")")
    }
}
