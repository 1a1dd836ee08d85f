// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "ContractHarness",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "harness", targets: ["harness"]),
        .library(name: "LibXML", targets: ["LibXML"]),
        .library(name: "JSONCore", targets: ["JSONCore"]),
        .library(name: "HarnessTesting", targets: ["HarnessTesting"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "EngageSDK", targets: ["EngageSDK"]),
        .library(name: "ReferralHeroSDK", targets: ["ReferralHeroSDK"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "LibXML", dependencies: ["CLibXML2"]),
        .target(name: "JSONCore"),
        .target(name: "HarnessTesting"),
        .target(
            name: "ContractKit",
            dependencies: ["JSONCore", "LibXML", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "ReferralHeroSDK",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "EngageSDK",
            dependencies: [
                "LibXML",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Documentation.md"],
            resources: [.copy("Resources/EngageConfigDefaults.json")]
        ),
        .executableTarget(
            name: "EngageStoreProbe",
            dependencies: [
                "EngageSDK",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Tests/Probes/EngageStoreProbe"
        ),
        .executableTarget(
            name: "harness",
            dependencies: [
                "LibXML",
                "JSONCore",
                "ContractKit",
                "EngageSDK",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "LibXMLTests", dependencies: ["LibXML", "HarnessTesting"], exclude: ["Fixtures"]),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"]),
        .testTarget(
            name: "ContractKitTests",
            dependencies: ["ContractKit", "JSONCore", "LibXML", "HarnessTesting"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "HarnessCLITests", dependencies: ["harness", "HarnessTesting"]),
        .testTarget(
            name: "ReferralHeroSDKTests",
            dependencies: [
                "ReferralHeroSDK",
                "HarnessTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        .testTarget(
            name: "EngageSDKTests",
            dependencies: [
                "EngageSDK",
                "EngageStoreProbe",
                "HarnessTesting",
                "LibXML",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
    ]
)

// Shared settings for every target we write (system libraries take no Swift settings).
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .treatAllWarnings(as: .error),
        ]
}
