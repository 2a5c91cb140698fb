import Foundation
import PackagePlugin

/// `swift package l10n-lint [--sources DIR…] [l10n lint options]`: lints every catalog of the package's targets and
/// checks the targets' Swift code against them (`l10n lint CATALOG_DIRS --sources SOURCE_DIRS --format xcode`).
/// Arguments after the verb go to `l10n lint` as they are; `--sources` given there replaces the targets' folders.
@main
struct L10nLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let l10n = try context.tool(named: "l10n")
        var sourceFolders: [String] = []
        var catalogFolders: [String] = []
        for target in context.package.targets {
            guard let module = target as? SourceModuleTarget else { continue }
            let files = module.sourceFiles.map(\.url)
            if files.contains(where: { $0.pathExtension == "swift" }) { sourceFolders.append(module.directoryURL.path) }
            if files.contains(where: { ["strings", "stringsdict", "xcstrings"].contains($0.pathExtension) }) {
                catalogFolders.append(module.directoryURL.path)
            }
        }
        guard !catalogFolders.isEmpty else {
            Diagnostics.error("l10n-lint: no target of \(context.package.displayName) has .strings, .stringsdict or .xcstrings resources; add a <locale>.lproj folder to a target's resources")
            return
        }
        var passed = arguments
        if !passed.contains("--sources") { passed += ["--sources"] + sourceFolders }
        if !passed.contains("--format") { passed += ["--format", "xcode"] }
        let process = Process()
        process.executableURL = l10n.url
        process.arguments = ["lint"] + catalogFolders + passed
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("l10n lint found problems (exit \(process.terminationStatus)); see the lines above")
        }
    }
}
