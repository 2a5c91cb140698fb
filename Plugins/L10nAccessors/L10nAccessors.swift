import Foundation
import PackagePlugin

/// A build-tool plugin: for a target named under `"accessors"` in `l10n.json`, `l10n-accessors` generates one Swift file
/// of typed accessors (one member a key) from the base locale's catalogs of the target's tables, so a key that leaves
/// the catalog is a compile error at every use. It runs when one of those catalogs or `l10n.json` changes, not on every
/// build. `l10n.json` is the target's own, else the package's (at its root or in `Localization/`); the catalogs are the
/// target's resources, else the package's `Localization/` folder.
@main
struct L10nAccessors: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let package = context.package.directoryURL
        let candidates = [module.directoryURL.appending(path: "l10n.json"), package.appending(path: "l10n.json"),
                          package.appending(path: "Localization/l10n.json")]
        guard let config = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            Diagnostics.error("\(target.name) uses L10nAccessors, but there is no l10n.json in its folder, at the package's root or in Localization/")
            return []
        }
        // Only what picks the inputs is read here; the generator reads and checks the rest.
        let object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: config))) as? [String: Any] ?? [:]
        let baseLocale = object["baseLocale"] as? String ?? "en"
        let entry = (object["accessors"] as? [String: Any])?[target.name] as? [String: Any]
        let tables = Set(entry?["tables"] as? [String] ?? [target.name])

        let resources = module.sourceFiles.map(\.url).filter { ["strings", "stringsdict", "xcstrings"].contains($0.pathExtension) }
        let folder = resources.isEmpty ? package.appending(path: "Localization") : module.directoryURL
        let catalogs = (resources.isEmpty ? Self.catalogFiles(under: folder) : resources).filter { file in
            let table = file.deletingPathExtension().lastPathComponent
            guard tables.contains(table) else { return false }
            return file.pathExtension == "xcstrings" || file.deletingLastPathComponent().lastPathComponent == "\(baseLocale).lproj"
        }.sorted { $0.path < $1.path }

        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)L10nAccessors.swift")
        let map = context.pluginWorkDirectoryURL.appending(path: "\(target.name).l10n-accessors.json")
        return [.buildCommand(
            displayName: "Generating \(target.name)'s localization accessors from \(tables.sorted().joined(separator: ", "))",
            executable: try context.tool(named: "l10n-accessors").url,
            arguments: ["--config", config.path, "--target", target.name, "--output", output.path, "--map", map.path]
                // No file of the tables: the generator reads the folder and says which tables it has.
                + (catalogs.isEmpty ? [folder.path] : catalogs.map(\.path)),
            // A generator built for coverage writes its counters nowhere rather than into the package.
            environment: ["LLVM_PROFILE_FILE": "/dev/null"],
            inputFiles: [config] + catalogs,
            // The map (member → key) is not declared: SwiftPM would make a declared JSON output a resource of the target.
            outputFiles: [output]
        )]
    }

    /// The catalog files under a folder: `<locale>.lproj/*.strings|stringsdict` and `*.xcstrings`.
    static func catalogFiles(under folder: URL) -> [URL] {
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return all.filter { ["strings", "stringsdict", "xcstrings"].contains($0.pathExtension) }
    }
}
