import Core
public import LocalizationKit
import Foundation

/// `l10n migrate`: one table's `.strings` and `.stringsdict` files in every locale become one String Catalog, with
/// the same keys, values, comments and plural rules, so `l10n lint` finds the same problems in both forms.
public enum Migration {
    /// The String Catalog for `table`, in Xcode's layout. Base.lproj counts as the base locale; qqq documentation
    /// becomes the comment where the base has none. A key only translations have (an `extra-key`) is kept, marked
    /// `extractionState: stale`: a catalog has no keys outside its source language, and lint reports it as `stale-entry`.
    public static func stringCatalog(table: String, from catalog: Catalog, base: String) -> String? {
        let baseTable = catalog.table(table, locale: Linter.interfaceBase) ?? catalog.table(table, locale: base)
        guard let baseTable else { return nil }
        let documentation = catalog.table(table, locale: Linter.documentation)
        let locales = catalog.locales.filter { !Linter.isSpecialFolder($0) && !$0.isEmpty }
        var keys = baseTable.keys
        var known = Set(keys)
        for locale in locales {
            for key in catalog.table(table, locale: locale)?.keys ?? [] where !known.contains(key) {
                keys.append(key)
                known.insert(key)
            }
        }
        var strings: [(key: String, value: OrderedJSON)] = []
        for key in keys {
            var item: [(key: String, value: OrderedJSON)] = []
            let comment = baseTable.entries[key]?.comment ?? documentation?.entries[key]?.value.text
            if let comment, !comment.isEmpty { item.append(("comment", .string(comment))) }
            if baseTable.entries[key] == nil { item.append(("extractionState", .string("stale"))) }
            var localizations: [(key: String, value: OrderedJSON)] = []
            for locale in Set(locales + [base]).sorted() {
                let entry = locale == base ? baseTable.entries[key] ?? catalog.entry(table: table, locale: locale, key: key)
                    : catalog.entry(table: table, locale: locale, key: key)
                guard let entry, let localization = localization(entry.value) else { continue }
                localizations.append((locale, localization))
            }
            if !localizations.isEmpty { item.append(("localizations", .object(localizations))) }
            strings.append((key, .object(item)))
        }
        let json: OrderedJSON = .object([("sourceLanguage", .string(base)), ("strings", .object(strings)), ("version", .string("1.0"))])
        return json.sortedAsXcode().xcodeText() + "\n"
    }

    static func unit(_ value: String) -> OrderedJSON {
        .object([("stringUnit", .object([("state", .string("translated")), ("value", .string(value))]))])
    }

    static func plural(_ forms: [PluralCategory: String]) -> OrderedJSON {
        .object([("plural", .object(PluralCategory.allCases.compactMap { category in forms[category].map { (category.rawValue, unit($0)) } }))])
    }

    /// A value as a String Catalog localization: text, plural variations (a rule that is one variable), or a text with
    /// plural substitutions.
    static func localization(_ value: CatalogValue) -> OrderedJSON? {
        switch value {
        case .text(let text):
            return unit(text)
        case .plural(let rule):
            let names = rule.variables.keys.sorted()
            if names.count == 1, let name = names.first, let variable = rule.variables[name], rule.format == "%#@\(name)@",
               FormatSpecifier.parse(variable.forms[.other] ?? "").first?.conversion == variable.valueType {
                return .object([("variations", plural(variable.forms))])
            }
            var substitutions: [(key: String, value: OrderedJSON)] = []
            for name in names {
                guard let variable = rule.variables[name] else { continue }
                substitutions.append((name, .object([("formatSpecifier", .string(variable.valueType)), ("variations", plural(variable.forms))])))
            }
            guard case .object(var members) = unit(rule.format) else { return nil }
            members.append(("substitutions", .object(substitutions)))
            return .object(members)
        case .other:
            return nil
        }
    }
}

extension Migration {
    /// Where the old files and the new catalog part: the first locale and key whose value the catalog does not read
    /// back to (`Base.lproj` reads as the base locale; qqq documentation is a comment, not a value). Nil when they agree.
    public static func firstDifference(table: String, old: Catalog, new: Catalog, base: String) -> String? {
        for id in old.tables.keys.filter({ $0.table == table }).sorted(by: { $0.locale < $1.locale }) {
            guard let oldTable = old.tables[id], id.locale != Linter.documentation, !id.locale.isEmpty else { continue }
            let locale = id.locale == Linter.interfaceBase ? base : id.locale
            for key in oldTable.keys {
                guard let entry = oldTable.entries[key], !entry.location.file.hasSuffix(".xcstrings") else { continue }
                if !sameValue(entry.value, new.entry(table: table, locale: locale, key: key)?.value) {
                    return "\((entry.location.file as NSString).lastPathComponent) in \(id.locale).lproj, key \"\(key)\""
                }
            }
        }
        return nil
    }

    /// A rule of one variable becomes plural variations, read back as `%#@count@`: the same forms count as the same.
    static func sameValue(_ old: CatalogValue, _ new: CatalogValue?) -> Bool {
        switch (old, new) {
        case (.text(let before), .text(let after)?):
            return before == after
        case (.plural(let before), .plural(let after)?):
            if before.variables.count == 1, after.variables.count == 1, let (oldName, oldVariable) = before.variables.first,
               let (newName, newVariable) = after.variables.first {
                return oldVariable.forms == newVariable.forms
                    && before.format.replacingOccurrences(of: "%#@\(oldName)@", with: "%#@\(newName)@") == after.format
            }
            return before.format == after.format && before.variables.mapValues(\.forms) == after.variables.mapValues(\.forms)
        default:
            return false
        }
    }
}

extension L10nCommands {
    /// `l10n migrate TABLE [PATH] [--output FILE] [--delete-old]`: writes `PATH/TABLE.xcstrings` (or FILE). The old files
    /// stay and are named, unless `deleteOld`: then they are removed once the catalog reads back to their values.
    public static func migrate(table: String, path: String?, output: String?, configPath: String? = nil, deleteOld: Bool = false) -> CommandOutcome {
        let folder = path ?? defaultPath
        let catalog: Catalog
        let base: String
        do {
            let configuration = try loadConfiguration(explicit: configPath, paths: [folder]).0
            // Run again, the catalog an earlier run wrote is in the folder: the migration reads the old files only.
            let earlier = (folder as NSString).appendingPathComponent("\(table).xcstrings")
            let entries = FileManager.default.fileExists(atPath: earlier)
                ? (FileManager.default.subpaths(atPath: folder) ?? []).map { (folder as NSString).appendingPathComponent($0) }
                    .filter { path in path != earlier && [".strings", ".stringsdict", ".xcstrings"].contains { path.hasSuffix($0) } }.sorted()
                : [folder]
            catalog = try loadCatalog(paths: entries)
            base = try Linter(configuration: configuration).baseLocale(of: catalog)
        } catch let error as ConfigurationError {
            return .usage(error.description)
        } catch let error as CatalogLoadError {
            return .usage(error.description)
        } catch {
            return .usage("\(error)")
        }
        if let problem = catalog.problems.first {
            return CommandOutcome(standardError: "l10n: \(problem); fix it before migrating (`l10n lint` lists every problem)\n", exitCode: CommandOutcome.findings)
        }
        guard let text = Migration.stringCatalog(table: table, from: catalog, base: base) else {
            return .usage("\(folder): no table \(table) in the base locale (\(base)); the tables are \(catalog.tableNames.joined(separator: ", "))")
        }
        let destination = output ?? (folder as NSString).appendingPathComponent("\(table).xcstrings")
        // Run again (say, with --delete-old after checking the catalog), the catalog this would write is there already.
        let existing = FileManager.default.contents(atPath: destination)
        guard existing == nil || existing == Data(text.utf8) else {
            return .usage("\(destination) exists already and holds something else; pass --output FILE to write elsewhere")
        }
        if existing == nil {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
            } catch {
                return .usage("\(destination): cannot be written (\((error as NSError).localizedDescription))")
            }
        }
        let sources = catalog.tables.filter { $0.key.table == table }.flatMap(\.value.files).filter { !$0.hasSuffix(".xcstrings") }.sorted()
        let wrote = existing == nil ? "wrote \(destination) from \(sources.count) file(s)" : "\(destination) holds \(sources.count) file(s) already"
        guard deleteOld else {
            return CommandOutcome(standardOutput: "\(wrote); check it with `l10n lint`, then remove \(sources.joined(separator: ", ")) (or run again with --delete-old)\n", exitCode: 0)
        }
        let migrated: Catalog
        do {
            migrated = try loadCatalog(paths: [destination])
        } catch {
            return .usage("\(destination): cannot be read back (\(error.description)); nothing was deleted")
        }
        if let difference = migrated.problems.first.map({ "\($0)" }) ?? Migration.firstDifference(table: table, old: catalog, new: migrated, base: base) {
            return CommandOutcome(standardOutput: "\(wrote)\n", standardError: """
                l10n: \(destination) does not read back to what the old files hold (\(difference)), so nothing was deleted; \
                compare the two, then remove the catalog and migrate again, or remove the old files yourself

                """, exitCode: CommandOutcome.findings)
        }
        var removed: [String] = []
        for source in sources {
            do {
                try FileManager.default.removeItem(atPath: source)
            } catch {
                let left = sources.filter { !removed.contains($0) }
                return .usage("\(source): cannot be deleted (\((error as NSError).localizedDescription)); removed \(removed.count) of \(sources.count), still there: \(left.joined(separator: ", "))")
            }
            removed.append(source)
        }
        return CommandOutcome(standardOutput: "\(wrote); it reads back to the same values, so removed \(removed.joined(separator: ", "))\n", exitCode: 0)
    }
}
