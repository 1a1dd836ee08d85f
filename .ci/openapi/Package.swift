// swift-tools-version:6.2
// Builds swift-openapi-generator, pinned to the version the root package's OpenAPIRuntime matches, for
// `.ci/openapi/generate`. The root package does not run it as a build plugin: building the generator and OpenAPIKit
// was about 220 CPU seconds of every cold build (issue #31), so its output is committed and CI checks it.
import PackageDescription

let package = Package(
    name: "openapi-generator-tool",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")],
    targets: []
)
