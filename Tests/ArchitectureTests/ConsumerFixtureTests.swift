import Foundation
import Testing
import TestSupport

/// What a runtime consumer pays (issue 39): `Tests/Fixtures/RuntimeConsumer`, an app that takes `OfflineProducts` and
/// `Connectivity` with OfflineKit's traits off, built from nothing in a scratch folder of its own. It clones none of the
/// toolchain's packages, compiles no localization engine, ICU shim, swift-syntax, Hummingbird or ArgumentParser, and
/// links no system ICU. A clean build takes minutes (NIO and BoringSSL), so the test runs when
/// OFFLINEKIT_CONSUMER_TESTS=1; it prints the figures README.md quotes.
@Suite("A runtime consumer's clean build")
struct ConsumerFixtureTests {
    static let enabled = ProcessInfo.processInfo.environment["OFFLINEKIT_CONSUMER_TESTS"] == "1"
    static let fixture = ManifestRulesTests.packageRoot.appendingPathComponent("Tests/Fixtures/RuntimeConsumer")

    @Test(.enabled(if: ConsumerFixtureTests.enabled, "opt-in: set OFFLINEKIT_CONSUMER_TESTS=1 to build the consumer fixture from nothing (about 4 minutes)"))
    func aRuntimeConsumerBuildsNoToolchainAndLinksNoICU() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let started = ContinuousClock.now
        let build = try Self.run(["swift", "build", "--scratch-path", scratch.path], in: Self.fixture)
        let seconds = (ContinuousClock.now - started).components.seconds
        try #require(build.status == 0, "\(build.output.suffix(3_000))")

        let checkouts = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("checkouts").path).sorted()
        for package in ["swift-syntax", "hummingbird", "swift-argument-parser", "swift-clocks"] {
            #expect(!checkouts.contains(package), "the consumer cloned \(package)")
        }
        let debug = scratch.appendingPathComponent("debug")
        let compiled = try FileManager.default.contentsOfDirectory(atPath: debug.path).filter { $0.hasSuffix(".build") }.filter { folder in
            let objects = FileManager.default.enumerator(atPath: debug.appendingPathComponent(folder).path)?.contains { ($0 as? String)?.hasSuffix(".o") == true }
            return objects == true
        }.map { String($0.dropLast(".build".count)) }.sorted()
        for module in ["CICUShim", "LocalizationKit", "SwiftSyntax", "SwiftParser", "Hummingbird", "ArgumentParser", "GRDB"] {
            #expect(!compiled.contains(module), "the consumer compiled \(module)")
        }
        #expect(compiled.contains("Core") && compiled.contains("OfflineProducts") && compiled.contains("Connectivity"))
        let libraries = try Self.run(["ldd", debug.appendingPathComponent("RuntimeConsumer").path], in: Self.fixture).output
        #expect(!libraries.contains("libicuuc") && !libraries.contains("libicui18n"), "\(libraries)")
        print("consumer fixture: clean build \(seconds) s; \(checkouts.count) packages cloned (\(checkouts.joined(separator: ", "))); "
              + "\(compiled.count) modules compiled; \(libraries.split(separator: "\n").count) shared libraries linked")
    }

    static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try runToCompletion(arguments, in: folder)
    }
}
