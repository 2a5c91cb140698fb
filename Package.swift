// swift-tools-version: 6.1
// OfflineKit: one package, a modular monolith. Layout, import rules and the target graph: ARCHITECTURE.md.
import Foundation
import PackageDescription

/// `OFFLINEKIT_COVERAGE=1` (scripts/test and scripts/run set it): this package's own targets are compiled for
/// source-based coverage in debug builds, and the packages it depends on are not. `swift test --enable-code-coverage`
/// would instrument those too, which makes its build a second build of the whole graph (13 minutes on 2 cores, where
/// CI has 20 for everything); this way the tests of `scripts/test` measure coverage in the one build that the REPL
/// shares; switching it off or on recompiles this package's targets (and Hummingbird's two modules, which SwiftPM
/// rebuilds too although their command is unchanged), not the graph.
let coverage = ProcessInfo.processInfo.environment["OFFLINEKIT_COVERAGE"] == "1"

/// One set of settings for every Swift target, so the language mode and upcoming features stay in one place.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
] + (coverage ? [.unsafeFlags(["-profile-generate", "-profile-coverage-mapping"], .when(configuration: .debug))] : [])

/// For an executable that must start fast: it links the Swift runtime and Foundation in (what `--static-swift-stdlib`
/// does, for that target alone), so no 27 shared libraries are resolved at start and no call into the runtime goes
/// through the PLT. Foundation's static archives do not name their own dependencies, hence the list (the one
/// `--static-swift-stdlib` passes with Swift 6.3 on Linux). `--no-export-dynamic` undoes SwiftPM's `-export-dynamic`:
/// the runtime's start-up (the backtracer locating itself) calls `dladdr`, which searches the dynamic symbols one by
/// one, and the 40,175 exported ones cost every start about 1 ms (644 are left; a crash's backtrace reads the full
/// symbol table from the file).
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-lFoundationEssentials",
                  "-l_FoundationCShims", "-l_FoundationCollections", "-lFoundationInternationalization",
                  "-lFoundationXML", "-l_CFXMLInterface", "-lxml2", "-lswiftSynchronization", "-lswiftDispatch",
                  "-ldispatch", "-lBlocksRuntime", "-lstdc++", "-lm", "-lutil", "-ldl", "-Xlinker", "--no-export-dynamic"],
                 .when(platforms: [.linux])),
]

/// The trait that brings the localization toolchain's and the composition roots' own packages (swift-syntax,
/// Hummingbird, service-lifecycle, ArgumentParser, swift-clocks). On by default, so this package builds everything; a
/// runtime consumer that takes only modules (`OfflineProducts`, `Connectivity`…) writes
/// `.package(url: …, from: …, traits: [])` and SwiftPM then neither clones nor resolves those packages (README,
/// "What a runtime consumer pays"). Every use of their products below goes through `tooling(_:_:)`.
let toolchainTrait = "Toolchain"

/// A product of a package only the toolchain, the composition roots and the tests use: guarded by the trait.
func tooling(_ name: String, _ package: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: [toolchainTrait]))
}

/// A shared or feature module: lives in `Modules/<name>`, its README.md is documentation, not a resource.
func module(_ name: String, dependencies: [Target.Dependency] = [], exclude: [String] = [], resources: [Resource]? = nil,
            linkerSettings: [LinkerSetting] = [], plugins: [Target.PluginUsage] = []) -> Target {
    .target(
        name: name,
        dependencies: dependencies,
        path: "Modules/\(name)",
        exclude: ["README.md"] + exclude,
        resources: resources,
        swiftSettings: swiftSettings,
        linkerSettings: linkerSettings,
        plugins: plugins
    )
}

/// A feature's live adapter: `Modules/<feature>/Live`, target `<feature>Live`, over Connectivity's HTTP client.
func liveAdapter(_ feature: String) -> Target {
    .target(
        name: "\(feature)Live",
        dependencies: [.target(name: feature), "Core", "Connectivity", "WireContract"],
        path: "Modules/\(feature)/Live",
        swiftSettings: swiftSettings
    )
}

/// The test target of a module: `Tests/<name>Tests`.
func tests(_ name: String, dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .testTarget(
        name: "\(name)Tests",
        dependencies: dependencies,
        path: "Tests/\(name)Tests",
        exclude: exclude,
        swiftSettings: swiftSettings
    )
}

/// Every `<locale>.lproj` folder of `Localization/`, copied into the resource bundle as is
/// (`.process` would treat them as Apple-platform localizations, which Linux does not need).
let localizationFolders: [String] = {
    let root = Context.packageDirectory + "/Localization"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.filter { $0.hasSuffix(".lproj") }.sorted()
}()

/// What a feature's tests use: the feature, the shared modules, the real backend and store, the catalogs, a test clock.
func featureTestDependencies(_ feature: String) -> [Target.Dependency] {
    [
        .target(name: feature), "Core", "LocalizationKit", "OfflinePatterns", "WireContract", "Connectivity", "SecureStore", "Localization", "ReferenceServer",
        "TestSupport", "IntegrationSupport",
        tooling("Clocks", "swift-clocks"), .product(name: "Logging", package: "swift-log"),
    ]
}

let package = Package(
    name: "OfflineKit",
    defaultLocalization: "en",
    // The floor the code truly supports: Clock and Duration need iOS 16 / macOS 13 (README, "Platforms").
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Core", targets: ["Core"]),
        .library(name: "LocalizationKit", targets: ["LocalizationKit"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "SecureStore", targets: ["SecureStore"]),
        .library(name: "OfflinePatterns", targets: ["OfflinePatterns"]),
        .library(name: "WireContract", targets: ["WireContract"]),
        .library(name: "Connectivity", targets: ["Connectivity"]),
        .library(name: "WarmupToast", targets: ["WarmupToast"]),
        .library(name: "OfflineSummary", targets: ["OfflineSummary"]),
        .library(name: "OfflineCommerce", targets: ["OfflineCommerce"]),
        .library(name: "OfflineProducts", targets: ["OfflineProducts"]),
        .library(name: "ReferenceServer", targets: ["ReferenceServer"]),
        .executable(name: "l10n", targets: ["l10n"]),
        .executable(name: "l10n-repl", targets: ["L10nREPLTool"]),
        .executable(name: "l10n-gallery", targets: ["L10nGalleryTool"]),
        .executable(name: "offline-bench", targets: ["Bench"]),
        .executable(name: "store-torture", targets: ["StoreTorture"]),
        .executable(name: "outbox-torture", targets: ["OutboxTorture"]),
        .executable(name: "offline-server", targets: ["offline-server"]),
        .executable(name: "app-stress", targets: ["AppStress"]),
        // `swift package l10n-lint` and the build-time key check, for packages that depend on this one (README).
        .plugin(name: "L10nLint", targets: ["L10nLint"]),
        .plugin(name: "L10nKeyCheck", targets: ["L10nKeyCheck"]),
        // Typed accessors generated from a target's catalogs at build time (README, "Typed accessors").
        .plugin(name: "L10nAccessors", targets: ["L10nAccessors"]),
    ],
    traits: [
        .trait(name: toolchainTrait, description: "The localization toolchain, the reference server, the REPL and the benchmarks "
               + "(swift-syntax, Hummingbird, ArgumentParser, swift-clocks). Runtime consumers turn it off with traits: []."),
        .default(enabledTraits: [toolchainTrait]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        // The HTTP transport everywhere but Apple platforms: real cancellation, a connection pool, explicit shutdown
        // (FoundationNetworking's URLSession deadlocks on Linux when a request is cancelled).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // `swift package generate-documentation --target Core`: the runtime's DocC catalogue (CI builds it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Parse only (no type checker): `l10n usage` and `l10n lint --sources` read Swift sources for localization keys.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        // MARK: - Shared modules

        // The runtime's vocabulary: ports, the feature runtime, view state and copy keys, time, locks, telemetry. Pure
        // Swift and swift-log: a runtime consumer links no C target, no ICU. Every product links it, so the profile
        // runtime that coverage needs is named here.
        module("Core", dependencies: [
            .product(name: "Logging", package: "swift-log"),
        ], linkerSettings: coverage ? [.unsafeFlags(["-profile-generate"], .when(configuration: .debug))] : []),

        // The catalog parser: `.strings` (Apple-exact), `.stringsdict` and `.xcstrings` read into tables, and printf
        // specifiers. Foundation and Core only, no ICU: the accessors generator, which a feature's build runs, needs
        // nothing more, and the engine re-exports it.
        module("CatalogParser", dependencies: ["Core"], exclude: ["Strings/README.md"]),

        // The localization engine: the catalog parser's types (re-exported), the Localizer, locale formatting on ICU 72
        // (through the C shim). Only what renders text depends on it: the catalogs' target, the lint tools, the REPL, the gallery.
        .target(
            name: "CICUShim",
            path: "Modules/CICUShim",
            exclude: ["README.md"],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        module("LocalizationKit", dependencies: [
            "Core", "CatalogParser", "CICUShim",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // The offline patterns features program against, with no network code: the durable outbox, cached resources
        // read stale-while-revalidate, the blocking patterns. What they send through are Core's ports.
        module("OfflinePatterns", dependencies: ["Core", .product(name: "Logging", package: "swift-log")]),

        // The backend's API as it travels: its routes and every JSON body, declared once for the features' live adapters
        // and the reference server, so the two cannot drift apart. Data only, over Core's `Endpoint` and `WireJSON`.
        module("WireContract", dependencies: ["Core"]),

        // The live adapters, imported only by composition roots (and tests): the connectivity monitor and its path
        // monitors and probe, the fail-fast HTTP client and its transports, the outbox's live transport.
        .systemLibrary(name: "CNetlink", path: "Modules/CNetlink"),
        module("Connectivity", dependencies: [
            "Core",
            .target(name: "CNetlink", condition: .when(platforms: [.linux, .android])),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        ]),
        module("SecureStore", dependencies: [
            "Core",
            .product(name: "GRDB", package: "GRDB.swift"),
            // The bulk read steps a GRDB statement through the sqlite3 C API.
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // MARK: - Feature modules (each imports only Core, OfflinePatterns and the wire contract; never one another)

        // The warmup session needs only Core's ports (the app injects the network and store behind them); keeping it
        // that light keeps `l10n`, whose linter reads `WarmupIdentifiers`, free of the network and database stacks.
        module("WarmupToast", dependencies: ["Core", .product(name: "Logging", package: "swift-log")],
               plugins: [.plugin(name: "L10nAccessors")]),
        module("OfflineSummary", dependencies: ["Core", "OfflinePatterns", "WireContract"], exclude: ["Live"],
               plugins: [.plugin(name: "L10nAccessors")]),
        module("OfflineCommerce", dependencies: ["Core", "OfflinePatterns", "WireContract"], exclude: ["Live"],
               plugins: [.plugin(name: "L10nAccessors")]),
        module("OfflineProducts", dependencies: ["Core", "OfflinePatterns", "WireContract"], exclude: ["Live"],
               plugins: [.plugin(name: "L10nAccessors")]),
        // Each feature's live API (`…API.live(client:user:)` over Connectivity's HTTP client), in the feature's own
        // `Live/` folder: only composition roots and tests import these.
        liveAdapter("OfflineSummary"),
        liveAdapter("OfflineCommerce"),
        liveAdapter("OfflineProducts"),

        // MARK: - Localization (data: the catalogs, and the accessor that loads them)

        .target(
            name: "Localization",
            dependencies: ["LocalizationKit"],
            path: "Localization",
            exclude: ["README.md"],
            resources: localizationFolders.map { .copy($0) } + [.copy("l10n.json")],
            swiftSettings: swiftSettings
        ),

        // MARK: - Tools (composition roots)

        .target(
            name: "StringsKit",
            // The engine only: internal identifiers come from each project's l10n.json, not from a feature.
            dependencies: ["LocalizationKit"],
            path: "Tools/StringsKit",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        /// Which localization keys Swift code uses (swift-syntax, parse only) and the code ↔ catalog rules. Only this
        /// target and `l10n` see swift-syntax, so the REPL, the app and the modules build without it.
        .target(
            name: "UsageScan",
            dependencies: [
                "LocalizationKit", "StringsKit", "AccessorGen",
                tooling("SwiftSyntax", "swift-syntax"), tooling("SwiftParser", "swift-syntax"),
            ],
            path: "Tools/UsageScan",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        /// `swift package l10n-lint`: `l10n lint` over every target's catalogs, with the targets' Swift code as --sources.
        .plugin(
            name: "L10nLint",
            capability: .command(intent: .custom(verb: "l10n-lint", description: "Lint the package's catalogs and check its Swift code against them")),
            dependencies: ["l10n"],
            path: "Plugins/L10nLintCommand"
        ),
        /// During `swift build`: every key a target's Swift code uses must be in its catalogs (key-not-in-catalog).
        .plugin(name: "L10nKeyCheck", capability: .buildTool(), dependencies: ["l10n"], path: "Plugins/L10nKeyCheck"),
        /// Typed accessors from the catalogs: names, argument types and the `copy`/`apple` templates. The catalog parser
        /// only (no ICU, no swift-syntax, no ArgumentParser), because a feature's build runs it: a consumer of that feature
        /// compiles this and the parser, and nothing of the toolchain behind its trait.
        .target(
            name: "AccessorGen",
            dependencies: ["CatalogParser"],
            path: "Tools/AccessorGen",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "l10n-accessors",
            dependencies: ["AccessorGen"],
            path: "Tools/l10n-accessors",
            swiftSettings: swiftSettings
        ),
        /// During `swift build`: one Swift file of accessors for a target that `l10n.json`'s "accessors" names.
        .plugin(name: "L10nAccessors", capability: .buildTool(), dependencies: ["l10n-accessors"], path: "Plugins/L10nAccessors"),
        /// glibc's allocator tuning (`mallopt`), which the `l10n` executable sets for itself; header only.
        .systemLibrary(name: "CMallocTuning", path: "Tools/CMallocTuning"),
        .systemLibrary(
            name: "CEditLine",
            path: "Tools/CEditLine",
            providers: [.apt(["libedit-dev"])]
        ),
        /// The previews of every module (one registry the REPL and the gallery share), their HTML rendering, and the
        /// headless-Chromium check of text overflow. No network or database: `l10n-gallery` (what `l10n gallery` runs) links it and stays lean.
        .target(
            name: "Gallery",
            dependencies: ["Core", "LocalizationKit", "StringsKit", "WarmupToast", "OfflineSummary", "OfflineCommerce", "OfflineProducts"],
            path: "Tools/Gallery",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        /// The translators' REPL: catalogs, previews and rendering. It knows no app: the `app …` commands are a group
        /// that `l10n-repl` plugs in (L10nREPLApp), so this library links no store, network or server. ArgumentParser
        /// reads every line it runs.
        .target(
            name: "L10nREPL",
            dependencies: ["Core", "LocalizationKit", "Localization", "StringsKit", "Gallery", "CEditLine",
                           tooling("ArgumentParser", "swift-argument-parser")],
            path: "Tools/L10nREPL",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        /// `app …` in the REPL: drives the composed app (OfflineApp) and draws its screens with the REPL's renderer.
        .target(
            name: "L10nREPLApp",
            dependencies: ["L10nREPL", "OfflineApp", "Core", "LocalizationKit", tooling("ArgumentParser", "swift-argument-parser")],
            path: "Tools/L10nREPLApp",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        /// The composition root: the four features with the live monitor, client, store and outbox (`app` in the REPL).
        .target(
            name: "OfflineApp",
            dependencies: [
                "Core", "OfflinePatterns", "Connectivity", "SecureStore", "ReferenceServer", "WireContract",
                "WarmupToast", "OfflineSummary", "OfflineCommerce", "OfflineProducts",
                "OfflineSummaryLive", "OfflineCommerceLive", "OfflineProductsLive",
                tooling("Clocks", "swift-clocks"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tools/OfflineApp",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        /// `l10n`: lint, parse, export, import, pseudo, format. Lean on purpose (the engine and the lint tools): CI and
        /// editors run `l10n lint` often, and each start-up would otherwise load the app's network, database and
        /// server stacks. `l10n repl` runs `l10n-repl` from the same folder (not a dependency: SwiftPM would link
        /// an executable dependency's code in); scripts/run builds both.
        .executableTarget(
            name: "l10n",
            dependencies: [
                "LocalizationKit", "StringsKit", "UsageScan", "L10nCommandLine", "CMallocTuning",
                tooling("ArgumentParser", "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tools/l10n",
            exclude: ["README.md"],
            swiftSettings: swiftSettings,
            // One file that runs where no Swift toolchain is installed (only libc, libstdc++, ICU 72 and libxml2; copy
            // scripts/build-l10n's onto CI runners), and that starts and runs faster. Debug builds link it the same way,
            // so that CI's one build checks this link (a release build of swift-syntax alone takes CI 12 minutes).
            linkerSettings: staticSwiftRuntime
        ),
        /// What `l10n` and `l10n-gallery` share: how they start and map exit codes, `export`'s options, option types.
        .target(
            name: "L10nCommandLine",
            dependencies: ["StringsKit", tooling("ArgumentParser", "swift-argument-parser"), .product(name: "Logging", package: "swift-log")],
            path: "Tools/L10nCommandLine",
            swiftSettings: swiftSettings
        ),
        /// `l10n-gallery`: `l10n gallery`, and `l10n export` with the previews' context notes (l10n hands both over to
        /// it). The previews are every feature's, and `l10n`, the tool of the L10nLint and L10nKeyCheck plugins, must
        /// link no feature: SwiftPM builds a plugin's tool without running the build-tool plugins (L10nAccessors) of the
        /// targets it links.
        .executableTarget(
            name: "L10nGalleryTool",
            dependencies: [
                "Gallery", "StringsKit", "L10nCommandLine",
                tooling("ArgumentParser", "swift-argument-parser"),
            ],
            path: "Tools/l10n-gallery",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        /// `l10n-repl`: the REPL with the app (`l10n repl` hands over to it).
        .executableTarget(
            name: "L10nREPLTool",
            dependencies: [
                "L10nREPL", "L10nREPLApp",
                tooling("ArgumentParser", "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tools/l10n-repl",
            exclude: ["README.md"],
            swiftSettings: swiftSettings,
            // Its start is the app's cold start (`l10n repl`, `offline-bench app`): no shared Swift libraries to resolve.
            linkerSettings: staticSwiftRuntime
        ),
        .executableTarget(
            name: "Bench",
            dependencies: [
                "Core", "LocalizationKit", "SecureStore", "OfflinePatterns", "Connectivity", "ReferenceServer", "WireContract", "L10nREPL", "Gallery", "OfflineApp",
                "OfflineProducts", "WarmupToast", "OfflineSummary", "OfflineCommerce", "OfflineProductsLive", "OfflineSummaryLive", "OfflineCommerceLive",
                // The lint, repl and app suites run these programs; depending on them builds them beside offline-bench.
                "l10n", "L10nREPLTool", "L10nGalleryTool",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tools/Bench",
            exclude: ["README.md", "guard-baseline.json"],
            swiftSettings: swiftSettings
        ),

        /// zlib, for the reference backend's gzip answers (a runtime module never links it: clients decompress with
        /// their platform's HTTP stack).
        .systemLibrary(name: "CZlib", path: "Tools/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "ReferenceServer",
            dependencies: [
                "Core", "WireContract", "CZlib",
                tooling("Hummingbird", "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                tooling("ServiceLifecycle", "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),  // sessions are kept by the SHA-256 of their token
            ],
            path: "Tools/ReferenceServer",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "offline-server",
            dependencies: ["ReferenceServer", "Connectivity", "Core", tooling("ArgumentParser", "swift-argument-parser")],
            path: "Tools/offline-server",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "AppStress",
            dependencies: ["ReferenceServer", "Core", tooling("ArgumentParser", "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")],
            path: "Tools/AppStress",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "StoreTorture",
            dependencies: ["Core", "SecureStore"],
            path: "Tools/StoreTorture",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "OutboxTorture",
            dependencies: ["Core", "OfflinePatterns", "Connectivity", "SecureStore"],
            path: "Tools/OutboxTorture",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Tests

        /// Shared by every test target, and light (Core only, so the lint tools' tests link no web server): the one fixed
        /// date, recording stores, waits with a deadline, finding the package's built executables, `Requirement`.
        .target(name: "TestSupport", dependencies: ["Core"], path: "Tests/TestSupport", exclude: ["README.md"], swiftSettings: swiftSettings),
        /// For tests that run real parts together: the reference server on 127.0.0.1, HTTP clients, encrypted stores.
        .target(name: "IntegrationSupport",
                dependencies: ["TestSupport", "Core", "Connectivity", "ReferenceServer", "SecureStore", .product(name: "Logging", package: "swift-log")],
                path: "Tests/IntegrationSupport", exclude: ["README.md"], swiftSettings: swiftSettings),

        tests("Core", dependencies: [
            "Core", "TestSupport", .product(name: "Logging", package: "swift-log"), tooling("Clocks", "swift-clocks"),
        ]),
        // Every body through WireJSON and back, the routes' paths, money both ways.
        tests("WireContract", dependencies: ["WireContract", "Core", "TestSupport"]),
        // The engine's tests need no server or store: the parser, catalogs, Localizer and ICU goldens (TestSupport for fixtures).
        tests("LocalizationKit", dependencies: ["LocalizationKit", "CatalogParser", "Core", "TestSupport", .product(name: "Logging", package: "swift-log")]),
        // The parser against Apple's grammar (fixtures, fast path, differential runs), with no ICU linked.
        tests("CatalogParser", dependencies: ["CatalogParser", "Core"], exclude: ["StringsParser/Fixtures"]),
        tests("Localization", dependencies: ["Localization", "LocalizationKit", "Core"]),
        // StoreTorture is the child process the crash-consistency test kills; depending on it builds it.
        tests("Connectivity", dependencies: [
            "Connectivity", "OfflinePatterns", "Core", "ReferenceServer", "WireContract", "TestSupport", "IntegrationSupport",
            // The namespace test runs the real `offline-server watch` inside the namespace.
            "offline-server",
            tooling("Clocks", "swift-clocks"), .product(name: "Logging", package: "swift-log"),
        ]),
        // The outbox and cached resources, on the real store and against the reference server over the live transport.
        tests("OfflinePatterns", dependencies: [
            "OfflinePatterns", "Core", "SecureStore", "Connectivity", "ReferenceServer", "WireContract", "TestSupport", "IntegrationSupport",
            // The outbox kill test SIGKILLs this child while it enqueues and while it replays.
            "OutboxTorture",
            tooling("Clocks", "swift-clocks"), .product(name: "Logging", package: "swift-log"),
        ]),
        // The reference backend: per-user isolation, idempotent writes, faults, the request log.
        tests("ReferenceServer", dependencies: ["ReferenceServer", "WireContract", "Connectivity", "Core", "TestSupport", "IntegrationSupport",
                                                tooling("Clocks", "swift-clocks"), .product(name: "Logging", package: "swift-log")]),
        tests("SecureStore", dependencies: ["Core", "SecureStore", "StoreTorture", "TestSupport", "IntegrationSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        tests("WarmupToast", dependencies: featureTestDependencies("WarmupToast")),
        tests("OfflineSummary", dependencies: featureTestDependencies("OfflineSummary") + ["OfflineSummaryLive"]),
        tests("OfflineCommerce", dependencies: featureTestDependencies("OfflineCommerce") + ["OfflineCommerceLive"]),
        tests("OfflineProducts", dependencies: featureTestDependencies("OfflineProducts") + ["OfflineProductsLive"]),
        tests("StringsKit", dependencies: ["StringsKit", "LocalizationKit", "Core", "TestSupport"]),
        // The generator's names, argument types and templates, and its speed on a 20,000-key table.
        tests("AccessorGen", dependencies: ["AccessorGen", "CatalogParser", "TestSupport"]),
        // The subprocess tests (`l10n usage`, `l10n lint --sources --fix`, the plugin fixture) run the `l10n` that every
        // build makes; a dependency on it would link its static runtime into the test binary, which Testing cannot join.
        tests("UsageScan", dependencies: ["UsageScan", "StringsKit", "LocalizationKit", "Core", "TestSupport"]),
        tests("L10nREPL", dependencies: ["L10nREPL", "L10nREPLApp", "OfflineApp", "Gallery", "StringsKit", "LocalizationKit", "Core", "Localization", "TestSupport"]),
        // The composition root driven in process (its embedded reference backend on 127.0.0.1), and the checks that
        // hold for every feature at once through their one surface.
        tests("OfflineApp", dependencies: [
            "OfflineApp", "Core", "LocalizationKit", "Connectivity", "ReferenceServer", "TestSupport", "IntegrationSupport", "Localization",
            "WarmupToast", "OfflineProducts", "OfflineCommerce", "OfflineSummary",
        ]),
        .testTarget(
            name: "ArchitectureTests",
            dependencies: ["TestSupport"],
            path: "Tests/ArchitectureTests",
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
