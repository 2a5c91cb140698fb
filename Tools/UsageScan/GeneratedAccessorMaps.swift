import AccessorGen
import Foundation
import LocalizationKit
import StringsKit

/// The types the `L10nAccessors` plugin generates, read from `l10n.json`'s `"accessors"` with the generator's own code:
/// the member → key map `l10n-accessors` writes beside each file is this one, so `WarmupToastCopy.toastTitle` counts
/// as a use of `toast.title`, a member whose key left the catalog is `key-not-in-catalog`, and nothing is configured
/// twice. The generated file itself is in the build folder, never among the sources.
enum GeneratedAccessorMaps {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func generatedEnums(configurationPath: String?, catalog: Catalog, baseLocale: String) throws(Failure) -> [UsageConfiguration.GeneratedEnum] {
        guard let configurationPath, let data = FileManager.default.contents(atPath: configurationPath) else { return [] }
        let configuration: AccessorConfiguration
        do {
            configuration = try AccessorConfiguration.read(data, file: configurationPath)
        } catch {
            throw Failure(description: error.message)
        }
        var enums: [UsageConfiguration.GeneratedEnum] = []
        for name in configuration.targets.keys.sorted() {
            guard let settings = configuration.targets[name] else { continue }
            // A table this catalog does not hold is the generator's error at build time; here its keys are simply absent.
            guard let first = settings.tables.first(where: { catalog.table($0, locale: baseLocale) != nil }) else { continue }
            let accessors = (try? AccessorGenerator.accessors(settings: settings, catalog: catalog, baseLocale: baseLocale,
                                                              skippingMissingTables: true)) ?? []
            let members = Dictionary(accessors.map { ($0.path.joined(separator: "."), UsageConfiguration.GeneratedEnum.Member(table: $0.table, key: $0.key)) },
                                     uniquingKeysWith: { first, _ in first })
            enums.append(UsageConfiguration.GeneratedEnum(root: settings.typeName, style: .swiftgen, table: first, members: members,
                                                          nonKeyMembers: AccessorGenerator.nonKeyMembers(settings)))
        }
        return enums
    }
}
