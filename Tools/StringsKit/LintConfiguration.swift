public import Foundation
import LocalizationKit

/// Why `l10n.json` cannot be used. Always names the file and the JSON problem: a usage error (exit 2).
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}

/// The linter's settings, from `Localization/l10n.json` (or `--config`). Every field is optional:
///
/// ```json
/// {
///   "baseLocale": "en",
///   "requiredKeys": { "WarmupToast": ["warmup.toast.title"] },
///   "lengthBudgets": { "warmup.toast.title": 40, "Core/offline.banner": 60 },
///   "severities": { "untranslated": "off", "extra-key": "error" },
///   "requiredLocales": ["de", "nb"],
///   "minimumTranslated": { "*": 50, "ja": 90 },
///   "allowlists": { "untranslated": ["OK", "Wi-Fi"] },
///   "internalIdentifiers": { "WarmupToast": { "stateKeys": ["cacheWarmupState"], "telemetryEvents": ["cache_warmup_started"],
///                                            "iconAssets": ["icon.warmup.progress"], "other": ["warmup.toast"] } },
///   "tables": { "Localizable": { "keysAsText": true, "placeholders": "percent-index" } }
/// }
/// ```
public struct LintConfiguration: Sendable, Equatable {
    /// The locale every other locale is compared against; nil means `en`, or the only locale present.
    public var baseLocale: String?
    /// Keys that must exist in every locale, by table.
    public var requiredKeys: [String: [String]]
    /// Maximum display width by key (`key`, or `Table/key` for one table only).
    public var lengthBudgets: [String: Int]
    public var severities: [Rule: Severity]
    /// Keys or base values that may stay identical to the base locale.
    public var untranslatedAllowlist: Set<String>
    /// Strings the code matches on, never translated (`"internalIdentifiers"`): a plain list, or lists by feature and
    /// kind. Each project declares its own; the toolchain knows no app's identifiers.
    public var extraInternalIdentifiers: [String]
    /// The kinds of the identifiers declared by feature (`stateKeys`, `telemetryEvents`, `iconAssets`); the plain
    /// list's are `.configured`.
    public var internalIdentifierKinds: [String: InternalIdentifiers.Kind] = [:]
    /// How Swift sources refer to keys (`"usage"`: wrappers, generated enums, dynamic prefixes, exceptions).
    public var usage = UsageConfiguration()
    /// Locales that must be complete: a key missing there is an error, not a warning.
    public var requiredLocales: Set<String>
    /// The least translated percentage a locale may have (`*` for every locale not named); below it, one
    /// `incomplete-locale` error.
    public var minimumTranslated: [String: Double]
    /// Tables declared to take (true) or not take (false) the key as the base text; others are detected.
    public var keysAsText: [String: Bool] = [:]
    /// Tables declared to use the app's own placeholders (or printf); others are detected.
    public var placeholderStyles: [String: PlaceholderStyle] = [:]

    public init(baseLocale: String? = nil, requiredKeys: [String: [String]] = [:], lengthBudgets: [String: Int] = [:],
                severities: [Rule: Severity] = [:], untranslatedAllowlist: Set<String> = [], extraInternalIdentifiers: [String] = [],
                requiredLocales: Set<String> = [], minimumTranslated: [String: Double] = [:]) {
        self.requiredLocales = requiredLocales
        self.minimumTranslated = minimumTranslated
        self.baseLocale = baseLocale
        self.requiredKeys = requiredKeys
        self.lengthBudgets = lengthBudgets
        self.severities = severities
        self.untranslatedAllowlist = untranslatedAllowlist
        self.extraInternalIdentifiers = extraInternalIdentifiers
    }

    public static let fileName = "l10n.json"

    public func severity(of rule: Rule) -> Severity {
        severities[rule] ?? rule.defaultSeverity
    }

    /// A rule's severity in one locale: a missing key in a required locale is an error (unless the rule is off).
    public func severity(of rule: Rule, locale: String) -> Severity {
        let severity = severity(of: rule)
        if rule == .missingKey, severity != .off, requiredLocales.contains(locale) { return .error }
        return severity
    }

    /// The minimum translated percentage for a locale, if one is set.
    public func minimumTranslated(for locale: String) -> Double? {
        minimumTranslated[locale] ?? minimumTranslated["*"]
    }

    /// The budget `l10n.json` sets for a key, if any (`Table/key` wins over `key`; a bundle's table,
    /// `ActivityLog/Localizable`, also takes its file's name's budgets).
    public func lengthBudget(table: String, key: String) -> Int? {
        let fileTable = Catalog.fileTableName(table)
        return lengthBudgets["\(table)/\(key)"] ?? (fileTable == table ? nil : lengthBudgets["\(fileTable)/\(key)"]) ?? lengthBudgets[key]
    }

    /// What `tables.<Table>.keysAsText` declares for a table; a bundle's table (`ActivityLog/Localizable`) takes its
    /// own entry, else its file's name's (`Localizable`).
    public func declaredKeysAsText(table: String) -> Bool? {
        keysAsText[table] ?? keysAsText[Catalog.fileTableName(table)]
    }

    /// What `tables.<Table>.placeholders` declares for a table, looked up as `declaredKeysAsText` is.
    public func declaredPlaceholderStyle(table: String) -> PlaceholderStyle? {
        placeholderStyles[table] ?? placeholderStyles[Catalog.fileTableName(table)]
    }

    /// Reads and validates a configuration file. Unknown fields and rule ids are errors, so a typo never silently does nothing.
    public static func load(path: String) throws(ConfigurationError) -> LintConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationError(path: path, problem: "cannot be read; check that it exists and that you may read it")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> LintConfiguration {
        func fail(_ problem: String) -> ConfigurationError { ConfigurationError(path: path, problem: problem) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "invalid JSON"
            throw fail("not valid JSON (\(detail)); fix the syntax, e.g. with `python3 -m json.tool \(path)`")
        }
        guard let root = object as? [String: Any] else {
            throw fail("the top level must be a JSON object such as {\"baseLocale\": \"en\"}")
        }
        let known: Set<String> = ["baseLocale", "requiredKeys", "lengthBudgets", "severities", "allowlists", "internalIdentifiers",
                                 "requiredLocales", "minimumTranslated", "usage", "tables", "accessors", "$comment"]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown field \"\(unknown)\"; the fields are \(known.subtracting(["$comment"]).sorted().joined(separator: ", "))")
        }
        var configuration = LintConfiguration()
        if let value = root["baseLocale"] {
            guard let text = value as? String, !text.isEmpty else { throw fail("\"baseLocale\" must be a locale name such as \"en\"") }
            configuration.baseLocale = text
        }
        if let value = root["requiredKeys"] {
            guard let tables = value as? [String: Any] else {
                throw fail("\"requiredKeys\" must map table names to lists of keys, e.g. {\"Core\": [\"offline.title\"]}")
            }
            for (table, keys) in tables {
                guard let list = keys as? [String] else { throw fail("\"requiredKeys.\(table)\" must be a list of keys (strings)") }
                configuration.requiredKeys[table] = list
            }
        }
        if let value = root["lengthBudgets"] {
            guard let budgets = value as? [String: Any] else {
                throw fail("\"lengthBudgets\" must map keys to maximum lengths, e.g. {\"warmup.toast.title\": 40}")
            }
            for (key, raw) in budgets {
                guard let number = raw as? NSNumber, isNotBoolean(number), let budget = Int(exactly: number.doubleValue), budget > 0 else {
                    throw fail("\"lengthBudgets.\(key)\" must be a positive whole number")
                }
                configuration.lengthBudgets[key] = budget
            }
        }
        if let value = root["severities"] {
            guard let severities = value as? [String: Any] else {
                throw fail("\"severities\" must map rule ids to \"error\", \"warning\", \"info\" or \"off\"")
            }
            for (id, raw) in severities {
                guard let rule = Rule(rawValue: id) else {
                    throw fail("unknown rule \"\(id)\" in \"severities\"; the rules are \(Rule.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                guard let text = raw as? String, let severity = Severity(rawValue: text) else {
                    throw fail("\"severities.\(id)\" must be \"error\", \"warning\", \"info\" or \"off\"")
                }
                configuration.severities[rule] = severity
            }
        }
        if let value = root["allowlists"] {
            guard let lists = value as? [String: Any] else {
                throw fail("\"allowlists\" must be an object such as {\"untranslated\": [\"OK\"]}")
            }
            for (name, raw) in lists {
                guard name == "untranslated" else { throw fail("unknown allowlist \"\(name)\"; the only allowlist is \"untranslated\"") }
                guard let list = raw as? [String] else { throw fail("\"allowlists.untranslated\" must be a list of keys or values (strings)") }
                configuration.untranslatedAllowlist = Set(list)
            }
        }
        if let value = root["internalIdentifiers"] {
            let shape = "\"internalIdentifiers\" must be a list of strings, or lists by feature such as {\"WarmupToast\": {\"telemetryEvents\": [\"cache_warmup_started\"]}}"
            if let list = value as? [String] {
                configuration.extraInternalIdentifiers = list
            } else if let features = value as? [String: Any] {
                let kinds: [String: InternalIdentifiers.Kind] = ["stateKeys": .stateKey, "telemetryEvents": .telemetryEvent,
                                                                 "iconAssets": .iconAsset, "other": .configured]
                for (feature, raw) in features.sorted(by: { $0.key < $1.key }) where feature != "$comment" {
                    guard let lists = raw as? [String: Any] else { throw fail(shape) }
                    for (name, rawList) in lists.sorted(by: { $0.key < $1.key }) where name != "$comment" {
                        guard let kind = kinds[name] else {
                            throw fail("unknown list \"\(name)\" in \"internalIdentifiers.\(feature)\"; the lists are \(kinds.keys.sorted().joined(separator: ", "))")
                        }
                        guard let list = rawList as? [String] else { throw fail("\"internalIdentifiers.\(feature).\(name)\" must be a list of strings") }
                        for identifier in list where configuration.internalIdentifierKinds[identifier] == nil {
                            configuration.internalIdentifierKinds[identifier] = kind
                        }
                    }
                }
            } else {
                throw fail(shape)
            }
        }
        if let value = root["usage"] {
            configuration.usage = try UsageConfiguration.parse(value, fail: fail)
        }
        if let value = root["requiredLocales"] {
            guard let list = value as? [String], !list.contains(where: \.isEmpty) else {
                throw fail("\"requiredLocales\" must be a list of locale names such as [\"de\", \"nb\"]")
            }
            configuration.requiredLocales = Set(list)
        }
        if let value = root["minimumTranslated"] {
            guard let minimums = value as? [String: Any] else {
                throw fail("\"minimumTranslated\" must map locales (or \"*\" for all) to percentages, e.g. {\"*\": 80, \"de\": 100}")
            }
            for (locale, raw) in minimums {
                guard let number = raw as? NSNumber, isNotBoolean(number), (0...100).contains(number.doubleValue) else {
                    throw fail("\"minimumTranslated.\(locale)\" must be a percentage from 0 to 100")
                }
                configuration.minimumTranslated[locale] = number.doubleValue
            }
        }
        if let value = root["tables"] {
            guard let tables = value as? [String: Any] else {
                throw fail("\"tables\" must map table names to their conventions, e.g. {\"Localizable\": {\"keysAsText\": true, \"placeholders\": \"percent-index\"}}")
            }
            for (table, raw) in tables {
                guard let fields = raw as? [String: Any] else { throw fail("\"tables.\(table)\" must be an object such as {\"keysAsText\": true}") }
                if let unknown = fields.keys.sorted().first(where: { !["keysAsText", "placeholders"].contains($0) }) {
                    throw fail("unknown field \"\(unknown)\" in \"tables.\(table)\"; the fields are keysAsText, placeholders")
                }
                if let raw = fields["keysAsText"] {
                    guard let number = raw as? NSNumber, !isNotBoolean(number) else {
                        throw fail("\"tables.\(table).keysAsText\" must be true (the key is the base text, genstrings style) or false")
                    }
                    configuration.keysAsText[table] = number.boolValue
                }
                if let raw = fields["placeholders"] {
                    guard let name = raw as? String, let style = PlaceholderStyle(rawValue: name) else {
                        throw fail("\"tables.\(table).placeholders\" must be one of \(PlaceholderStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                    }
                    configuration.placeholderStyles[table] = style
                }
            }
        }
        return configuration
    }

    /// JSON booleans are NSNumbers too; refuse `true` as a length.
    private static func isNotBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) != "c"
    }
}
