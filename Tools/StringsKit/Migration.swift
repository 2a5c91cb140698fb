public import Core
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

extension L10nCommands {
    /// `l10n migrate TABLE [PATH] [--output FILE]`: writes `PATH/TABLE.xcstrings` (or FILE); the old files stay for you to
    /// compare and remove.
    public static func migrate(table: String, path: String?, output: String?, configPath: String? = nil) -> CommandOutcome {
        let folder = path ?? defaultPath
        let catalog: Catalog
        let base: String
        do {
            let configuration = try loadConfiguration(explicit: configPath, paths: [folder]).0
            catalog = try loadCatalog(paths: [folder])
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
        guard !FileManager.default.fileExists(atPath: destination) else {
            return .usage("\(destination) exists already; pass --output FILE to write elsewhere")
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            return .usage("\(destination): cannot be written (\((error as NSError).localizedDescription))")
        }
        let sources = catalog.tables.filter { $0.key.table == table }.flatMap(\.value.files).filter { !$0.hasSuffix(".xcstrings") }.sorted()
        return CommandOutcome(standardOutput: "wrote \(destination) from \(sources.count) file(s); check it with `l10n lint`, then remove \(sources.joined(separator: ", "))\n", exitCode: 0)
    }
}
