import Foundation
import Core
import LocalizationKit
import StringsKit

/// What a project's `swiftgen.yml` says about its strings accessors, for the projects that generate them at build
/// time (a build phase or a plugin) and so have no generated file among the sources to read them from:
///
/// ```yaml
/// strings:
///   inputs: Resources/en.lproj/Localizable.strings
///   outputs:
///     - templateName: structured-swift5
///       output: Generated/Strings.swift
///       params:
///         enumName: L10n
/// ```
///
/// A light reader of that one block (not a YAML parser): `inputs` (or the older `paths`), `templateName` and
/// `enumName`, `output`. One table per configuration: several inputs make nested enums this does not model.
enum SwiftGenConfig {
    struct Strings: Equatable {
        var generated: UsageConfiguration.GeneratedEnum
        /// Where SwiftGen writes the file, relative to the configuration's folder.
        var output: String?
    }

    /// `swiftgen.yml` in `directory` and in each source folder and the folders above it, up to `directory`; or a file
    /// named otherwise that says swiftgen (`swiftgen-bwa.yml`, which Bitwarden's authenticator passes to `swiftgen config
    /// run --config`: missed, its 159 keys looked unread and `--fix --force` deleted 140 the app shows).
    static func find(directory: String, sources: [String]) -> [String] {
        var folders = [directory]
        for source in sources {
            var folder = (source as NSString).isAbsolutePath ? source : (directory as NSString).appendingPathComponent(source)
            for _ in 0..<3 {
                folders.append(folder)
                folder = PathText.parent(of: folder)
            }
        }
        var seen = Set<String>()
        return folders.map { ($0 as NSString).standardizingPath }.filter { seen.insert($0).inserted }.flatMap { folder in
            let path = (folder as NSString).appendingPathComponent("swiftgen.yml")
            if FileManager.default.fileExists(atPath: path) { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter(isConfigurationName).sorted().map { (folder as NSString).appendingPathComponent($0) }
        }
    }

    /// `swiftgen.yml`, `swiftgen-bwa.yml`, `.swiftgen.yaml`, `app.swiftgen.yml`: a YAML file whose name says swiftgen.
    static func isConfigurationName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("swiftgen") && (lowered.hasSuffix(".yml") || lowered.hasSuffix(".yaml"))
    }

    /// The strings accessors a configuration file describes, or nil when it has none this can read.
    static func read(_ path: String) -> Strings? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var inBlock = false
        var inputs: [String] = []
        var listKey: String?
        var template: String?
        var enumName: String?
        var output: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let indented = line.first == " " || line.first == "\t" || line.hasPrefix("-")
            if !indented {
                inBlock = line.trimmingCharacters(in: .whitespaces) == "strings:"
                listKey = nil
                continue
            }
            guard inBlock else { continue }
            var content = line.trimmingCharacters(in: .whitespaces)
            if content.hasPrefix("- ") {
                content = String(content.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                if let key = listKey, !content.contains(":") {
                    if key == "inputs" || key == "paths" { inputs.append(unquoted(content)) }
                    continue
                }
            }
            guard let colon = content.firstIndex(of: ":") else { continue }
            let key = String(content[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = unquoted(String(content[content.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
            listKey = value.isEmpty ? key : nil
            switch key {
            case "inputs", "paths":
                if value.hasPrefix("[") {
                    inputs += value.dropFirst().dropLast().split(separator: ",").map { unquoted($0.trimmingCharacters(in: .whitespaces)) }
                } else if !value.isEmpty {
                    inputs.append(value)
                }
            case "templateName": template = value
            case "enumName": enumName = value
            case "output": output = value
            default: break
            }
        }
        // One table: one file, or its .strings and .stringsdict listed together (zotero's swiftgen.yml), which SwiftGen
        // merges into one enum. Several tables nest an enum per table, which the map does not describe.
        guard let input = inputs.first, Set(inputs.map(Catalog.tableName(ofFile:))).count == 1 else { return nil }
        let style: UsageConfiguration.EnumStyle = (template ?? "structured").hasPrefix("flat") ? .flat : .swiftgen
        let folder = PathText.parent(of: path)
        var table = Catalog.tableName(ofFile: input)
        if !Catalog.fileExtensions.contains((input as NSString).pathExtension) {
            // A folder of tables: readable only when it holds one.
            let full = (folder as NSString).appendingPathComponent(input)
            let tables = Set(((try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [])
                .filter { Catalog.fileExtensions.contains(($0 as NSString).pathExtension) }.map(Catalog.tableName(ofFile:)))
            guard tables.count == 1, let only = tables.first else { return nil }
            table = only
        }
        return Strings(generated: UsageConfiguration.GeneratedEnum(root: enumName ?? "L10n", style: style, table: table), output: output)
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// The accessors to read from `swiftgen.yml` files whose generated file is not on disk (generated at build time).
    static func generatedEnums(directory: String, sources: [String], configured: [UsageConfiguration.GeneratedEnum])
        -> (enums: [UsageConfiguration.GeneratedEnum], notes: [String]) {
        var enums: [UsageConfiguration.GeneratedEnum] = []
        var notes: [String] = []
        for path in find(directory: directory, sources: sources) {
            guard let strings = read(path), !configured.contains(where: { $0.root == strings.generated.root }),
                  !enums.contains(where: { $0.root == strings.generated.root }) else { continue }
            let folder = PathText.parent(of: path)
            if let output = strings.output, FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(output)) {
                continue // the generated file is there: its accessors are read from it
            }
            enums.append(strings.generated)
            notes.append("l10n: \(strings.generated.root) accessors of table \(strings.generated.table) (\(strings.generated.style.rawValue)) as \(path) describes them; the file it generates is not among the sources")
        }
        return (enums, notes)
    }
}
