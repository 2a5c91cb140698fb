import Foundation
import Testing
import TestSupport

/// Item 4: a small package that depends on this one uses both plugins, through the real `swift` (`swift package
/// l10n-lint`, and `swift build` with the build-tool plugin). Building `l10n` and swift-syntax in the fixture's own
/// scratch folder takes minutes, so the test runs when OFFLINEKIT_PLUGIN_TESTS=1 (and says so when it does not).
@Suite("SwiftPM plugins on a fixture package")
struct PluginTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let enabled = ProcessInfo.processInfo.environment["OFFLINEKIT_PLUGIN_TESTS"] == "1"

    /// A library target with an `en.lproj` catalog and one Swift file naming one missing and one present key.
    static func writeFixture(in root: String) throws {
        let files: [String: String] = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Greeter",
                defaultLocalization: "en",
                dependencies: [.package(name: "OfflineKit", path: "\(packageRoot)")],
                targets: [
                    .target(
                        name: "Greeter",
                        resources: [.process("Resources")],
                        plugins: [.plugin(name: "L10nKeyCheck", package: "OfflineKit")]
                    ),
                ]
            )
            """,
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
    }
}
