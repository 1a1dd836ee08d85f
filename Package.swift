// swift-tools-version:6.2
import PackageDescription

// One block of targets per module, in dependency order (ARCHITECTURE.md). Add a module as its own block.

let foundation: [Target] = [
    .systemLibrary(
        name: "CLibXML2",
        pkgConfig: "libxml-2.0",
        providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    .target(name: "LibXML", dependencies: ["CLibXML2", "JSONCore"]),
    .target(name: "JSONCore"),
    .testTarget(name: "LibXMLTests", dependencies: ["LibXML", "HarnessTesting", "JSONCore"], exclude: ["Fixtures"]),
    .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"]),
]

let cassetteKit: [Target] = [
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
        name: "CassetteKit",
        dependencies: [
            "CZlib",
            "LibXML",
            "JSONCore",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]
    ),
    .executableTarget(
        name: "CassetteRecordingProbe",
        dependencies: ["CassetteKit"],
        path: "Tests/Probes/CassetteRecordingProbe"
    ),
    .testTarget(
        name: "CassetteKitTests",
        dependencies: [
            "CassetteKit", "CassetteRecordingProbe", "HarnessTesting", "JSONCore", "LibXML",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ],
        exclude: ["Fixtures"]
    ),
]

let contractKit: [Target] = [
    .target(
        name: "ContractKit",
        dependencies: ["LibXML", "JSONCore", "CassetteKit", .product(name: "Yams", package: "Yams")]
    ),
    .testTarget(
        name: "ContractKitTests",
        dependencies: ["ContractKit", "JSONCore", "LibXML", "HarnessTesting"],
        exclude: ["Fixtures"]
    ),
]

let fuzzing: [Target] = [
    .target(name: "Fuzzing", dependencies: ["ContractKit", "CassetteKit", "JSONCore", "LibXML"]),
    .testTarget(
        name: "FuzzingTests",
        dependencies: [
            "Fuzzing", "ContractKit", "CassetteKit", "JSONCore", "LibXML", "MockServer", "Simulators", "HarnessTesting",
            "Verification",
        ]
    ),
]

let engageSDK: [Target] = [
    .target(
        name: "EngageSDK",
        dependencies: [
            "JSONCore",
            "LibXML",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ],
        resources: [.copy("Resources/EngageConfigDefaults.json")]
    ),
    .executableTarget(
        name: "EngageStoreProbe",
        dependencies: [
            "EngageSDK",
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        path: "Tests/Probes/EngageStoreProbe"
    ),
    .executableTarget(
        name: "EngageRestartProbe",
        dependencies: ["EngageSDK", "MockServer", "Simulators"],
        path: "Tests/Probes/EngageRestartProbe"
    ),
    .testTarget(
        name: "EngageSDKTests",
        dependencies: [
            "EngageSDK",
            "EngageStoreProbe",
            "EngageRestartProbe",
            "HarnessTesting",
            "JSONCore",
            "LibXML",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        exclude: ["Fixtures"]
    ),
]

let referralHeroSDK: [Target] = [
    .target(
        name: "ReferralHeroSDK",
        dependencies: [
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        // The client swift-openapi-generator makes from openapi.yaml is committed in Generated/: building the
        // generator cost every cold build minutes. `.ci/openapi/generate --check` (in CI) fails on any drift.
        exclude: ["openapi.yaml", "openapi-generator-config.yaml"]
    ),
    .testTarget(
        name: "ReferralHeroSDKTests",
        dependencies: [
            "ReferralHeroSDK",
            "JSONCore",
            "HarnessTesting",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
]

let adaptySDK: [Target] = [
    .target(
        name: "AdaptySDK",
        dependencies: [
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
    .testTarget(
        name: "AdaptySDKTests",
        dependencies: [
            "AdaptySDK",
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        exclude: ["Fixtures"]
    ),
    .testTarget(
        name: "AdaptyDocumentSamplesTests",
        dependencies: [
            "AdaptySDK", "HarnessTesting",
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
]

let webEngageSDK: [Target] = [
    .target(
        name: "WebEngageSDK",
        dependencies: [
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
    .testTarget(
        name: "WebEngageSDKTests",
        dependencies: [
            "WebEngageSDK", "JSONCore", "HarnessTesting",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        exclude: ["Fixtures"]
    ),
    .testTarget(
        name: "WebEngageDocumentSamplesTests",
        dependencies: [
            "WebEngageSDK", "HarnessTesting", "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
]

let walkMeSDK: [Target] = [
    .target(
        name: "WalkMeSDK",
        dependencies: [
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
    .testTarget(
        name: "WalkMeSDKTests",
        dependencies: [
            "WalkMeSDK",
            "JSONCore",
            "CassetteKit",
            "HarnessTesting",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        exclude: ["Fixtures"]
    ),
    .testTarget(
        name: "WalkMeDocumentSamplesTests",
        dependencies: [
            "WalkMeSDK",
            "HarnessTesting",
            "JSONCore",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        exclude: ["Fixtures"]
    ),
]

let mockServer: [Target] = [
    .systemLibrary(name: "CSQLite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(
        name: "Simulators",
        dependencies: [
            "CSQLite3",
            "CassetteKit",
            "JSONCore",
            "LibXML",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]
    ),
    .target(
        name: "MockServer",
        dependencies: [
            "Simulators",
            "CassetteKit",
            "ContractKit",
            "JSONCore",
            "LibXML",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
        ]
    ),
    .testTarget(
        name: "MockServerTests",
        dependencies: [
            "MockServer", "Simulators", "CassetteKit", "ContractKit", "HarnessTesting", "JSONCore", "ReferralHeroSDK",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ],
        exclude: ["Inspector/Fixtures"]
    ),
    .testTarget(
        name: "EngageSimulatorTests",
        dependencies: [
            "MockServer", "Simulators", "EngageSDK", "FlowCatalog", "CassetteKit", "JSONCore", "LibXML", "ContractKit",
            "HarnessTesting",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
]

// The flow declarations: every documented flow and error case, runnable against any ClientTransport.
let flowCatalog: [Target] = [
    .target(
        name: "FlowCatalog",
        dependencies: [
            "CassetteKit",
            "ContractKit",
            "JSONCore",
            "EngageSDK",
            "ReferralHeroSDK",
            "AdaptySDK",
            "WebEngageSDK",
            "WalkMeSDK",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    )
]

// The verification engine: records flows, runs the three checks, and writes every report (text, JSON, JUnit,
// HTML, GitHub), the contract check's and the fuzzer's included.
let verification: [Target] = [
    .target(
        name: "Verification",
        dependencies: [
            "CassetteKit",
            "ContractKit",
            "FlowCatalog",
            "Fuzzing",
            "JSONCore",
            "LibXML",
            "MockServer",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
    .testTarget(
        name: "VerificationTests",
        dependencies: [
            "Verification", "FlowCatalog", "Fuzzing", "CassetteKit", "ContractKit", "MockServer", "Simulators",
            "JSONCore", "LibXML",
            "HarnessTesting",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
]

let engageDocumentSamples: [Target] = [
    .testTarget(
        name: "EngageDocumentSamplesTests",
        dependencies: [
            "EngageSDK", "MockServer", "Simulators", "FlowCatalog", "JSONCore",
            .product(name: "Logging", package: "swift-log"),
        ]
    )
]

let referralHeroDocumentSamples: [Target] = [
    .testTarget(
        name: "ReferralHeroDocumentSamplesTests",
        dependencies: [
            "ReferralHeroSDK", "HarnessTesting",
        ]
    )
]

// Test support shipped as a product: the cassette and mock-server traits (Swift Testing), their XCTest
// equivalents, the repository helpers. Below MockServer in the module order, above nothing but the tests.
let harnessTesting: [Target] = [
    .target(
        name: "HarnessTesting",
        dependencies: [
            "CassetteKit",
            "JSONCore",
            "MockServer",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
    // An app team's tests: only public products, no @testable (the README's "Use it in your own tests").
    .testTarget(
        name: "ConsumerExampleTests",
        dependencies: [
            "HarnessTesting",
            "CassetteKit",
            "MockServer", "Simulators",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ]
    ),
]

let cli: [Target] = [
    .executableTarget(
        name: "harness",
        dependencies: [
            "LibXML",
            "JSONCore",
            "CassetteKit",
            "ContractKit",
            "EngageSDK",
            "MockServer", "Simulators",
            "FlowCatalog",
            "Fuzzing",
            "Verification",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]
    ),
    .testTarget(
        name: "HarnessCLITests", dependencies: ["harness", "HarnessTesting", "CassetteKit", "JSONCore", "MockServer"]
    ),
]

let package = Package(
    name: "ContractHarness",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "harness", targets: ["harness"]),
        .library(name: "CassetteKit", targets: ["CassetteKit"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "EngageSDK", targets: ["EngageSDK"]),
        .library(name: "FlowCatalog", targets: ["FlowCatalog"]),
        .library(name: "Fuzzing", targets: ["Fuzzing"]),
        .library(name: "HarnessTesting", targets: ["HarnessTesting"]),
        .library(name: "JSONCore", targets: ["JSONCore"]),
        .library(name: "LibXML", targets: ["LibXML"]),
        .library(name: "MockServer", targets: ["MockServer"]),
        .library(name: "Simulators", targets: ["Simulators"]),
        .library(name: "Verification", targets: ["Verification"]),
        .library(name: "ReferralHeroSDK", targets: ["ReferralHeroSDK"]),
        .library(name: "AdaptySDK", targets: ["AdaptySDK"]),
        .library(name: "WebEngageSDK", targets: ["WebEngageSDK"]),
        .library(name: "WalkMeSDK", targets: ["WalkMeSDK"]),
    ],
    // The PostgreSQL state store (`harness serve --state postgres://…`, a team's shared mock) is built only with
    // `--traits PostgreSQL`: PostgresNIO brings swift-crypto and a second BoringSSL, about 100 s of a cold build on two
    // cores, which `swift run harness verify` on a fresh clone does not need. Without it, `--state postgres://…`
    // exits 2 saying how to build it in.
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "The PostgreSQL state store: several harness serve instances sharing one database.")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // FullFoundation only: with its two default traits (and ConfigurationSupport, which we do not use), SwiftPM
        // passes Hummingbird's two trait conditions in a different order from one run to the next, so that about
        // every other `swift build` or `swift test` recompiled Hummingbird's modules (30–40 s in each CI step that
        // builds).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: foundation + cassetteKit + contractKit + fuzzing + engageSDK + referralHeroSDK + adaptySDK + webEngageSDK
        + walkMeSDK + mockServer + flowCatalog + verification + referralHeroDocumentSamples + engageDocumentSamples
        + harnessTesting
        + cli
)

// Shared settings for every target we write (system libraries take no Swift settings). A vendor document's Swift
// samples compile as an app's package would build them, with the default settings: their targets take none.
for target in package.targets where target.type != .system && !target.name.hasSuffix("DocumentSamplesTests") {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .treatAllWarnings(as: .error),
        ]
}

// `.ci/sanitize --own-code` instruments only the code this package compiles, with the sanitizer HARNESS_SANITIZE_OWN
// names ("thread" or "address"): the dependencies stay as the plain debug build compiled them, so a sanitizer run in
// the same build folder recompiles our modules, not swift-nio, BoringSSL or GRDB. Unset, no target takes these flags.
if let sanitizer = Context.environment["HARNESS_SANITIZE_OWN"], ["thread", "address"].contains(sanitizer) {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}

// `.ci/sanitize` builds only the test targets it runs, named in HARNESS_TEST_TARGETS ("A B"), with the targets they
// depend on: a sanitizer build of every test target and every vendor SDK cost CI minutes that no report came from.
// Unset (every other build), the package is whole.
if let only = Context.environment["HARNESS_TEST_TARGETS"]?.split(separator: " ").map(String.init), !only.isEmpty {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept: Set<String> = []
    var pending = only
    while let name = pending.popLast() {
        guard let target = byName[name], kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            case .productItem: break
            @unknown default: break
            }
        }
    }
    package.targets = package.targets.filter { kept.contains($0.name) }
    package.products = package.products.filter { product in
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
        return targets.allSatisfy(kept.contains)
    }
}
