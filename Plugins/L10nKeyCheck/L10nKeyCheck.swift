import Foundation
import PackagePlugin

/// A build-tool plugin: while `swift build` builds a target, `l10n usage --rule key-not-in-catalog` checks that every
/// key its Swift code uses is in the base locale's catalogs (the target's own `<locale>.lproj` resources, else the
/// package's `Localization/` folder). Findings appear as build errors with file, line and column.
@main
struct L10nKeyCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles.map(\.url)
        let swiftFiles = files.filter { $0.pathExtension == "swift" }
        guard !swiftFiles.isEmpty else { return [] }
        let catalogExtensions: Set<String> = ["strings", "stringsdict", "xcstrings"]
        var catalogs = files.filter { catalogExtensions.contains($0.pathExtension) }
        let moduleFolder = Self.folder(of: module)
        var catalogFolder = moduleFolder
        if catalogs.isEmpty {
            catalogFolder = context.package.directoryURL.appending(path: "Localization")
            guard FileManager.default.fileExists(atPath: catalogFolder.path) else { return [] }
            catalogs = (FileManager.default.enumerator(at: catalogFolder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { catalogExtensions.contains($0.pathExtension) }
        }
        let stamp = context.pluginWorkDirectoryURL.appending(path: "\(target.name).l10n-keys-checked")
        return [.buildCommand(
            displayName: "Checking \(target.name)'s localization keys against \(catalogFolder.lastPathComponent)",
            executable: try context.tool(named: "l10n").url,
            arguments: ["usage", "--sources", moduleFolder.path, "--rule", "key-not-in-catalog", "--format", "xcode",
                        "--stamp", stamp.path, catalogFolder.path],
            inputFiles: swiftFiles + catalogs,
            outputFiles: [stamp]
        )]
    }

    /// A target's folder.
    static func folder(of module: any SourceModuleTarget) -> URL {
        module.directoryURL
    }
}
