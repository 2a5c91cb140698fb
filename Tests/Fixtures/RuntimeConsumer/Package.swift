// swift-tools-version: 6.1
// A feature team's app as a runtime consumer of OfflineKit: it takes OfflineProducts and Connectivity only.
// Tests/UsageScanTests/ConsumerFixtureTests.swift builds it (OFFLINEKIT_CONSUMER_TESTS=1) and reports what it resolves,
// compiles and links; README.md ("What a runtime consumer pays") has the figures.
import PackageDescription

let package = Package(
    name: "RuntimeConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // `traits: []`: without OfflineKit's default Toolchain trait, SwiftPM neither clones nor resolves the packages only
    // the localization toolchain and the composition roots use (swift-syntax, Hummingbird, ArgumentParser, swift-clocks).
    dependencies: [.package(name: "OfflineKit", path: "../../..", traits: [])],
    targets: [
        .executableTarget(
            name: "RuntimeConsumer",
            dependencies: [
                .product(name: "OfflineProducts", package: "OfflineKit"),
                .product(name: "Connectivity", package: "OfflineKit"),
            ]
        ),
    ]
)
