public import CatalogParser
public import Foundation

/// Why no file could be generated: a table with no base-locale file, a key that cannot be named.
public struct AccessorGenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// One target's generated accessors: the Swift file, and the map from each member to its key that `l10n usage` reads
/// code through.
public struct GeneratedAccessors: Sendable, Equatable {
    public var source: String
    public var accessors: [Accessor]
    public var typeName: String
    /// Members of the previous run whose keys are gone, kept in the map so they stay unavailable (not merely missing).
    public var removed: [Accessor] = []

    /// Member path (`toastTitle`, `Toast.title`, with the table's enum first when a target has several tables) → table
    /// and key.
    public var map: [String: (table: String, key: String)] {
        Dictionary(accessors.map { ($0.path.joined(separator: "."), ($0.table, $0.key)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The map as the JSON file the plugin writes beside the Swift file: `{"type": …, "members": {path: {"table", "key"}}}`,
    /// members sorted. Written by hand: Foundation's JSONSerialization took most of a 20,000-key run.
    public var mapJSON: Data {
        func string(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        func entries(_ list: [Accessor]) -> String {
            list.map { ($0.path.joined(separator: "."), $0) }.sorted { $0.0 < $1.0 }.map { path, accessor in
                // Labels and types only where there are parameters: what a removed member is declared with.
                let parameters = accessor.parameters.isEmpty ? "" : ", \"parameters\": ["
                    + accessor.parameters.map { "[\(string($0.label)), \(string($0.type.rawValue))]" }.joined(separator: ", ") + "]"
                return "    \(string(path)): {\"table\": \(string(accessor.table)), \"key\": \(string(accessor.key))\(parameters)}"
            }.joined(separator: ",\n")
        }
        var json = "{\n  \"type\": \(string(typeName)),\n  \"members\": {\n" + entries(accessors) + "\n  }"
        if !removed.isEmpty { json += ",\n  \"removed\": {\n" + entries(removed) + "\n  }" }
        return Data((json + "\n}\n").utf8)
    }

    public static func == (lhs: GeneratedAccessors, rhs: GeneratedAccessors) -> Bool {
        lhs.source == rhs.source && lhs.accessors == rhs.accessors && lhs.typeName == rhs.typeName && lhs.removed == rhs.removed
    }
}

public enum AccessorGenerator {
    /// Names the type gives itself, which no key's member may take.
    static let reservedNames: Set<String> = ["table", "all", "keys", "bundle", "string"]

    /// The members of the generated type that name no key: `table`, `all`, `keys` (each table's, when there are
    /// several), and the `apple` template's `bundle` and `string`.
    public static func nonKeyMembers(_ settings: AccessorSettings) -> Set<String> {
        let perTable = ["table", "all", "keys"]
        let root: Set<String> = ["bundle", "string"]
        guard settings.tables.count > 1 else { return root.union(perTable) }
        return root.union(settings.tables.flatMap { table in perTable.map { AccessorNaming.namespace(table) + "." + $0 } })
    }

    /// The accessors of `settings`' tables in the base locale of `catalog`, in each table's key order. A table with no
    /// base-locale catalog is an error, or left out when `skippingMissingTables` (what `l10n usage` reads).
    public static func accessors(settings: AccessorSettings, catalog: Catalog, baseLocale: String,
                                 skippingMissingTables: Bool = false) throws(AccessorGenerationError) -> [Accessor] {
        var result: [Accessor] = []
        let several = settings.tables.count > 1
        for tableName in settings.tables {
            guard let table = catalog.table(tableName, locale: baseLocale) else {
                if skippingMissingTables { continue }
                let found = catalog.tableNames.filter { catalog.table($0, locale: baseLocale) != nil }
                throw AccessorGenerationError(message: "l10n-accessors: target \(settings.target) names table \(tableName), which has no \(baseLocale) "
                    + "catalog (\(tableName).strings, .stringsdict or .xcstrings); tables in \(baseLocale): \(found.isEmpty ? "none" : found.joined(separator: ", "))")
            }
            let keys = table.keys.filter { key in
                if case .other = table.entries[key]?.value { return false }
                return true
            }
            let paths = AccessorNaming.assign(keys, style: settings.style, reserved: several ? [] : reservedNames)
            let prefix = several ? [AccessorNaming.namespace(tableName)] : []
            for key in keys {
                guard let entry = table.entries[key], let path = paths[key] else { continue }
                let labels = settings.labels[key] ?? []
                let parameters = Accessor.arguments(of: entry.value).enumerated().map { index, argument in
                    let label = index < labels.count ? labels[index] : argument.variable.flatMap { AccessorNaming.isIdentifier($0) ? $0 : nil } ?? "_"
                    let name = label == "_" ? "arg\(index + 1)" : label
                    return AccessorParameter(label: label, name: name, type: argument.type)
                }
                if let bad = labels.first(where: { $0 != "_" && !AccessorNaming.isIdentifier($0) }) {
                    throw AccessorGenerationError(message: "l10n-accessors: label \"\(bad)\" of \"\(key)\" in l10n.json is not a Swift identifier")
                }
                result.append(Accessor(table: tableName, key: key, path: prefix + path, parameters: parameters,
                                       baseText: Accessor.baseText(of: entry.value), comment: entry.comment))
            }
        }
        return result
    }

    /// The Swift file for `settings`, from `catalog`'s base locale.
    /// The Swift file for `settings`, from `catalog`'s base locale. `previousMap` is the map the last run wrote (the
    /// plugin keeps it in its work folder): a member it lists whose key is gone is declared unavailable, naming the key,
    /// until a clean build.
    public static func generate(settings: AccessorSettings, catalog: Catalog, baseLocale: String,
                                previousMap: Data? = nil) throws(AccessorGenerationError) -> GeneratedAccessors {
        let accessors = try accessors(settings: settings, catalog: catalog, baseLocale: baseLocale)
        let current = Set(accessors.map(\.path))
        let removed = previousMap.map(Self.members(ofMap:))?.filter { !current.contains($0.path) } ?? []
        let template: any AccessorTemplate = switch settings.template {
        case .copy: CopyTemplate(settings: settings)
        case .apple: AppleTemplate(settings: settings)
        }
        let source = SourceWriter(settings: settings, baseLocale: baseLocale, template: template, removed: removed).file(accessors)
        return GeneratedAccessors(source: source, accessors: accessors, typeName: settings.typeName, removed: removed)
    }

    /// The members and removed members a map lists (unreadable: none), sorted by path.
    static func members(ofMap data: Data) -> [Accessor] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        var found: [[String]: Accessor] = [:]
        for section in ["members", "removed"] {
            for (path, value) in object[section] as? [String: Any] ?? [:] {
                guard let entry = value as? [String: Any], let table = entry["table"] as? String, let key = entry["key"] as? String else { continue }
                let parameters = (entry["parameters"] as? [[String]] ?? []).enumerated().compactMap { index, pair -> AccessorParameter? in
                    guard pair.count == 2, let type = ArgumentType(rawValue: pair[1]) else { return nil }
                    return AccessorParameter(label: pair[0], name: pair[0] == "_" ? "arg\(index + 1)" : pair[0], type: type)
                }
                let split = path.split(separator: ".").map(String.init)
                found[split] = Accessor(table: table, key: key, path: split, parameters: parameters, baseText: "", comment: nil)
            }
        }
        return found.values.sorted { $0.path.joined(separator: ".") < $1.path.joined(separator: ".") }
    }
}
