import Foundation
import Testing
import TestSupport

/// Item 4: a small package that depends on this one uses the three plugins, through the real `swift` (`swift package
/// l10n-lint`, and `swift build` with the build-tool plugins: the key check, and issue 42's generated accessors in both
/// templates). Building `l10n` and swift-syntax in the fixture's own scratch folder takes minutes, so the test runs
/// when OFFLINEKIT_PLUGIN_TESTS=1 (and says so when it does not).
@Suite("SwiftPM plugins on a fixture package")
struct PluginTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let enabled = ProcessInfo.processInfo.environment["OFFLINEKIT_PLUGIN_TESTS"] == "1"

    /// A library target with an `en.lproj` catalog and one Swift file naming one missing and one present key; and a
    /// product `Kit` of two targets whose accessors the L10nAccessors plugin generates (`Shelf`: the `apple` template
    /// from its own resources; `Counter`: the `copy` template over OfflineKit's `Core`).
    static func writeFixture(in root: String) throws {
        let files: [String: String] = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Greeter",
                defaultLocalization: "en",
                products: [.library(name: "Kit", type: .static, targets: ["Shelf", "Counter"])],
                dependencies: [.package(name: "OfflineKit", path: "\(packageRoot)")],
                targets: [
                    .target(
                        name: "Greeter",
                        resources: [.process("Resources")],
                        plugins: [.plugin(name: "L10nKeyCheck", package: "OfflineKit")]
                    ),
                    .target(
                        name: "Shelf",
                        resources: [.process("Resources")],
                        plugins: [.plugin(name: "L10nAccessors", package: "OfflineKit")]
                    ),
                    .target(
                        name: "Counter",
                        dependencies: [.product(name: "Core", package: "OfflineKit")],
                        resources: [.process("Resources")],
                        plugins: [.plugin(name: "L10nAccessors", package: "OfflineKit")]
                    ),
                ]
            )
            """,
            "l10n.json": #"{"baseLocale": "en", "accessors": {"Shelf": {"template": "apple"}, "Counter": {}}}"#,
            "Sources/Shelf/Shelf.swift": """
            import Foundation

            public func shelfTitle(books: Int) -> String {
                #if canImport(Darwin)
                String(localized: ShelfStrings.shelfTitle) + " " + ShelfStrings.shelfCount(count: books)
                #else
                ShelfStrings.shelfTitle + " " + ShelfStrings.shelfCount(count: books)
                #endif
            }
            """,
            "Sources/Shelf/Resources/en.lproj/Shelf.strings": "/* The shelf's name. */\n\"shelf.title\" = \"Shelf\";\n",
            "Sources/Shelf/Resources/en.lproj/Shelf.stringsdict": Self.plural(key: "shelf.count", other: "%d books"),
            "Sources/Counter/Counter.swift": """
            import Core

            public func counterCopies(taps: Int) -> [Copy] {
                [CounterCopy.counterTitle, CounterCopy.counterTaps(taps, .text("today")), CounterCopy.counterEmpty] + CounterCopy.all
            }
            """,
            "Sources/Counter/Resources/en.lproj/Counter.strings": Self.counterStrings,
            "Sources/Greeter/Greeter.swift": """
            import Foundation

            public func greeting() -> String {
                NSLocalizedString("greeting.hello", bundle: .module, comment: "") + NSLocalizedString("greeting.helo", bundle: .module, comment: "")
            }
            """,
            "Sources/Greeter/Resources/en.lproj/Localizable.strings": "\"greeting.hello\" = \"Hello\";\n\"greeting.unused\" = \"Nobody\";\n",
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static let counterStrings = """
    /* Title of the counter. */
    "counter.title" = "Counter";
    /* %1$d is a number of taps, %2$@ when. */
    "counter.taps" = "%1$d taps %2$@";
    "counter.empty" = "No taps yet";

    """

    static func plural(key: String, other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>\(key)</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@count@</string>
        <key>count</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d book</string><key>other</key><string>\(other)</string></dict>
        </dict></dict></plist>
        """
    }

    static func swift(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        try runToCompletion(["swift"] + arguments, in: URL(fileURLWithPath: directory))
    }

    @Test(.enabled(if: PluginTests.enabled, "opt-in: set OFFLINEKIT_PLUGIN_TESTS=1 to build a fixture package with both plugins (several minutes)"))
    func commandPluginAndBuildToolPluginReportTheMissingKey() throws {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("PluginFixture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.writeFixture(in: root)

        let command = try Self.swift(["package", "--disable-sandbox", "l10n-lint"], in: root)
        #expect(command.status != 0)
        #expect(command.output.contains("Greeter.swift:4:"), "\(command.output)")
        #expect(command.output.contains("error: NSLocalizedString uses \"greeting.helo\""))
        #expect(command.output.contains("Did you mean \"greeting.hello\""))
        #expect(command.output.contains("warning: \"greeting.unused\" is in Localizable (en)"))

        let build = try Self.swift(["build", "--disable-sandbox"], in: root)
        #expect(build.status != 0)
        #expect(build.output.contains("error: NSLocalizedString uses \"greeting.helo\""), "\(build.output)")
        #expect(!build.output.contains("greeting.unused"))

        // Issue 42: the accessors of both templates are generated and compile; a build with no catalog change does not
        // run the generator again; a key removed from the catalog fails the build at its use, naming the key.
        let clock = ContinuousClock()
        var start = clock.now
        let kit = try Self.swift(["build", "--disable-sandbox", "--product", "Kit"], in: root)
        let first = clock.now - start
        #expect(kit.status == 0, "\(kit.output)")
        #expect(kit.output.contains("Generating Shelf's localization accessors"), "\(kit.output)")
        let generated = try Self.generatedFile(named: "CounterL10nAccessors.swift", under: root)
        #expect(generated.contains("public static func counterTaps(_ arg1: Int, _ arg2: CopyArgument) -> Copy"), "\(generated)")
        #expect(generated.contains("/// \"Counter\"\n    ///\n    /// Title of the counter.\n    public static let counterTitle = Copy(\"Counter\", \"counter.title\")"))
        // The first build after a clean one relinks the plugin's tool, which runs the generator once more (it rewrites
        // nothing, so nothing recompiles); from then on an unchanged catalog does not run it.
        _ = try Self.swift(["build", "--disable-sandbox", "--product", "Kit"], in: root)
        start = clock.now
        let again = try Self.swift(["build", "--disable-sandbox", "--product", "Kit"], in: root)
        let incremental = clock.now - start
        #expect(again.status == 0)
        #expect(!again.output.contains("Generating"), "\(again.output)")

        try Data(Self.counterStrings.replacingOccurrences(of: "\"counter.empty\" = \"No taps yet\";", with: "").utf8)
            .write(to: URL(fileURLWithPath: root).appendingPathComponent("Sources/Counter/Resources/en.lproj/Counter.strings"))
        start = clock.now
        let removed = try Self.swift(["build", "--disable-sandbox", "--product", "Kit"], in: root)
        let afterEdit = clock.now - start
        #expect(removed.status != 0)
        #expect(removed.output.contains("Counter.swift:4:"), "\(removed.output)")
        #expect(removed.output.contains("'counterEmpty' is unavailable: \"counter.empty\" is no longer in the en catalog of Counter"), "\(removed.output)")
        print("PluginTests: Kit first build \(first) (generator built and run), unchanged rebuild \(incremental), after removing a key \(afterEdit)")
    }

    /// A file the build-tool plugins wrote, under the fixture's `.build/plugins/outputs`.
    static func generatedFile(named name: String, under root: String) throws -> String {
        let outputs = URL(fileURLWithPath: root).appendingPathComponent(".build/plugins/outputs")
        let files = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        let file = try #require(files.first { $0.lastPathComponent == name }, "no \(name) under \(outputs.path)")
        return try String(contentsOf: file, encoding: .utf8)
    }
}
