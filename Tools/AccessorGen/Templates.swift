/// What one template writes: the imports, the members of a table's enum, and the helpers of the root type. The
/// layout (doc comments, nesting, the `keys` list) is `SourceWriter`'s and the same for every template.
protocol AccessorTemplate {
    var imports: [String] { get }
    /// The declaration of one key's member, on one or more lines.
    func member(_ accessor: Accessor, name: String, access: String) -> [String]
    /// The type an argument has in a function's signature.
    func parameterType(_ type: ArgumentType) -> String
    /// The `all` list's element type, when the template lists its argument-free members.
    var listElement: String? { get }
    func rootHelpers(access: String) -> [String]
    /// The declaration of a member whose key left the catalog since the last run: unavailable, with `message`, so a use
    /// fails the build saying which key went and where from (a missing member would only say "has no member").
    func removedMember(_ accessor: Accessor, name: String, access: String, message: String) -> [String]
}

extension AccessorTemplate {
    func signature(_ accessor: Accessor, name: String) -> String {
        let parameters = accessor.parameters.map { parameter in
            (parameter.label == parameter.name ? parameter.name : "\(parameter.label) \(parameter.name)") + ": " + parameterType(parameter.type)
        }
        return "\(AccessorNaming.escaped(name))(\(parameters.joined(separator: ", ")))"
    }

    /// `@available(*, unavailable, message: …)` over a member of `type` (a property) or returning it (a function).
    func unavailable(_ accessor: Accessor, name: String, access: String, type: String, message: String) -> [String] {
        let literal = SourceWriter.literal(message)
        let declaration = accessor.parameters.isEmpty
            ? "\(access)static var \(AccessorNaming.escaped(name)): \(type) { fatalError(\(literal)) }"
            : "\(access)static func \(signature(accessor, name: name)) -> \(type) { fatalError(\(literal)) }"
        return ["@available(*, unavailable, message: \(literal))", declaration]
    }
}

/// OfflineKit's copy keys: `Copy(table, key, [arguments])`, which view state carries and a `Localizer` resolves. A
/// `%@` takes any `CopyArgument` (text, a date, a year, an amount, another copy: the Localizer formats it per locale),
/// a `%d` or a plural count an `Int` (`.integer`), a `%f` a `Double` (`.number`).
struct CopyTemplate: AccessorTemplate {
    var settings: AccessorSettings

    var imports: [String] { [settings.access == "internal" ? "import Core" : "\(settings.access) import Core"] }
    var listElement: String? { "Copy" }

    func parameterType(_ type: ArgumentType) -> String {
        switch type {
        case .int: "Int"
        case .double: "Double"
        case .text: "CopyArgument"
        }
    }

    func member(_ accessor: Accessor, name: String, access: String) -> [String] {
        let copy = "Copy(\(SourceWriter.literal(accessor.table)), \(SourceWriter.literal(accessor.key))"
        guard !accessor.parameters.isEmpty else {
            return ["\(access)static let \(AccessorNaming.escaped(name)) = \(copy))"]
        }
        let arguments = accessor.parameters.map { parameter in
            switch parameter.type {
            case .int: ".integer(\(parameter.name))"
            case .double: ".number(\(parameter.name))"
            case .text: parameter.name
            }
        }
        return ["\(access)static func \(signature(accessor, name: name)) -> Copy { \(copy), [\(arguments.joined(separator: ", "))]) }"]
    }

    func rootHelpers(access: String) -> [String] { [] }

    func removedMember(_ accessor: Accessor, name: String, access: String, message: String) -> [String] {
        unavailable(accessor, name: name, access: access, type: "Copy", message: message)
    }
}

/// Foundation, for an app target: on Apple platforms a key without arguments is a `LocalizedStringResource` (what
/// SwiftUI's `Text` and `String(localized:)` take, resolved in the user's locale when shown); a key with arguments is
/// a `String`, its format from the bundle filled in with `String(format:locale:arguments:)` (a `.stringsdict` plural
/// included). Elsewhere (Linux) every member is a `String` from the bundle, so the target still builds and tests.
struct AppleTemplate: AccessorTemplate {
    var settings: AccessorSettings

    var imports: [String] { [settings.access == "internal" ? "import Foundation" : "\(settings.access) import Foundation"] }
    var listElement: String? { nil }

    func parameterType(_ type: ArgumentType) -> String { type.rawValue }

    func member(_ accessor: Accessor, name: String, access: String) -> [String] {
        let root = settings.typeName
        let key = SourceWriter.literal(accessor.key)
        let table = SourceWriter.literal(accessor.table)
        let escaped = AccessorNaming.escaped(name)
        guard !accessor.parameters.isEmpty else {
            return [
                "#if canImport(Darwin)",
                "\(access)static var \(escaped): LocalizedStringResource {",
                "    LocalizedStringResource(\(key), table: \(table), bundle: .atURL(\(root).bundle.bundleURL))",
                "}",
                "#else",
                "\(access)static var \(escaped): String { \(root).string(\(key), table: \(table)) }",
                "#endif",
            ]
        }
        let arguments = accessor.parameters.map(\.name).joined(separator: ", ")
        return ["\(access)static func \(signature(accessor, name: name)) -> String { \(root).string(\(key), table: \(table), \(arguments)) }"]
    }

    func removedMember(_ accessor: Accessor, name: String, access: String, message: String) -> [String] {
        guard accessor.parameters.isEmpty else { return unavailable(accessor, name: name, access: access, type: "String", message: message) }
        return ["#if canImport(Darwin)"] + unavailable(accessor, name: name, access: access, type: "LocalizedStringResource", message: message)
            + ["#else"] + unavailable(accessor, name: name, access: access, type: "String", message: message) + ["#endif"]
    }

    func rootHelpers(access: String) -> [String] {
        [
            "/// Where the strings are looked up.",
            "static var bundle: Bundle { .\(settings.bundle) }",
            "",
            "/// The base text or translation of `key`, its specifiers filled in with `arguments` in the user's locale.",
            "fileprivate static func string(_ key: String, table: String, _ arguments: any CVarArg...) -> String {",
            "    let format = bundle.localizedString(forKey: key, value: nil, table: table)",
            "    return arguments.isEmpty ? format : String(format: format, locale: Locale.current, arguments: arguments)",
            "}",
        ]
    }
}
