import CatalogParser
import Foundation

/// `l10n-accessors`: the generator as the plugin runs it, in a library so tests run it in process.
///
///     l10n-accessors --config l10n.json --target NAME --output FILE.swift [--map FILE.json] CATALOG…
///
/// CATALOG is a catalog file or a folder of `<locale>.lproj` folders and `.xcstrings` files (the plugin passes the
/// base locale's files of the target's tables). Exit codes: 0 written (or already up to date), 1 a catalog or table
/// problem (printed as `file:line:column: error: …`, which Xcode and SwiftPM show at the place), 2 a usage error.
public enum AccessorCommand {
    public static let usage = "usage: l10n-accessors --config l10n.json --target NAME --output FILE.swift [--map FILE.json] CATALOG…"

    /// Runs the command; what it would print goes to `errors`.
    public static func run(_ arguments: [String], errors: (String) -> Void) -> Int32 {
        var config: String?
        var target: String?
        var output: String?
        var map: String?
        var catalogs: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let options = ["--config", "--target", "--output", "--map"]
            if options.contains(argument) {
                guard index + 1 < arguments.count else { errors("l10n-accessors: \(argument) needs a value\n\(usage)"); return 2 }
                let value = arguments[index + 1]
                switch argument {
                case "--config": config = value
                case "--target": target = value
                case "--output": output = value
                default: map = value
                }
                index += 2
            } else if argument.hasPrefix("--") {
                errors("l10n-accessors: unknown option \(argument)\n\(usage)")
                return 2
            } else {
                catalogs.append(argument)
                index += 1
            }
        }
        guard let config, let target, let output, !catalogs.isEmpty else { errors(usage); return 2 }
        guard let data = FileManager.default.contents(atPath: config) else { errors("l10n-accessors: cannot read \(config)"); return 2 }
        do {
            let configuration = try AccessorConfiguration.read(data, file: config)
            guard let settings = configuration.targets[target] else {
                errors("\(config): error: target \(target) uses the L10nAccessors plugin but has no entry under \"accessors\"; "
                       + "add \"accessors\": {\"\(target)\": {\"tables\": [\"\(target)\"]}}")
                return 1
            }
            // Accessors name a table as code does, whichever bundle holds it.
            let catalog = try Catalog.load(paths: catalogs).mergingBundles()
            let problems = catalog.problems.filter { $0.kind != .shadowed }
            for problem in problems { errors("\(problem.location): error: \(problem.message). \(problem.hint)") }
            if !problems.isEmpty { return 1 }
            // The last run's map: a member whose key has gone since stays declared, unavailable, naming the key.
            let previous = map.flatMap { FileManager.default.contents(atPath: $0) }
            let generated = try AccessorGenerator.generate(settings: settings, catalog: catalog, baseLocale: configuration.baseLocale,
                                                           previousMap: previous)
            try writeIfChanged(Data(generated.source.utf8), to: output)
            if let map { try writeIfChanged(generated.mapJSON, to: map) }
            return 0
        } catch let error as AccessorConfigurationError {
            errors("error: \(error.message)")
        } catch let error as CatalogLoadError {
            errors("error: \(error.description)")
        } catch let error as AccessorGenerationError {
            errors("\(config): error: \(error.message)")
        } catch {
            errors("l10n-accessors: cannot write \(output): \(error.localizedDescription)")
            return 2
        }
        return 1
    }

    /// Leaves a file that already holds `data` alone, so what compiles it is not rebuilt for nothing.
    static func writeIfChanged(_ data: Data, to path: String) throws {
        if FileManager.default.contents(atPath: path) == data { return }
        // A bare file name (`--output Big.swift`) has no folder to make: it is the working directory.
        let folder = PathText.parent(of: path)
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
