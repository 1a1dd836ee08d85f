import Foundation
import HarnessTesting
import Testing

/// The rules of ARCHITECTURE.md that keep the checks honest, read from `Package.swift` and `Sources/`.
@Suite("Architecture")
struct ArchitectureTests {
    @Test("No simulator depends on an SDK module or on the server, directly or through another target")
    func simulatorsFreeOfSDKs() throws {
        let graph = try PackageGraph(
            manifest: String(
                contentsOf: try RepositoryRoot.url().appendingPathComponent("Package.swift"), encoding: .utf8))
        for target in ["Simulators", "MockServer"] {
            #expect(graph.dependencies[target] != nil, "Package.swift declares the \(target) target")
            let sdks = graph.closure(of: target).filter { $0.hasSuffix("SDK") }.sorted()
            #expect(sdks.isEmpty, "\(target) reaches \(sdks) through Package.swift: simulators must not use SDK code")
        }
        #expect(!graph.closure(of: "Simulators").contains("MockServer"), "the simulators must not depend on the server")
        #expect(graph.dependencies["MockServer"]?.contains("Simulators") == true, "the server mounts the simulators")
    }

    @Test("No SDK module depends on the mock server or on another SDK")
    func sdksFreeOfTheServer() throws {
        let graph = try PackageGraph(
            manifest: String(
                contentsOf: try RepositoryRoot.url().appendingPathComponent("Package.swift"), encoding: .utf8))
        let sdks = graph.dependencies.keys.filter { $0.hasSuffix("SDK") }
        #expect(!sdks.isEmpty)
        for sdk in sdks {
            let reachable = graph.closure(of: sdk)
            #expect(!reachable.contains("MockServer"), "\(sdk) reaches MockServer")
            let others = reachable.filter { $0.hasSuffix("SDK") && $0 != sdk }
            #expect(others.isEmpty, "\(sdk) reaches \(others.sorted())")
        }
    }

    @Test("No source file of the mock server imports an SDK module")
    func simulatorSourcesImportNoSDK() throws {
        let offending = try SourceScan.places(in: ["Sources/Simulators", "Sources/MockServer"], minimumFiles: 10) {
            line in SourceScan.importedModule(line)?.module.hasSuffix("SDK") == true
        }
        #expect(offending.isEmpty, "\(offending)")
    }

    @Test("No source file of the mock server imports GRDB publicly, so the public Simulator API is free of GRDB")
    func simulatorAPIFreeOfGRDB() throws {
        let offending = try SourceScan.places(in: ["Sources/Simulators", "Sources/MockServer"], minimumFiles: 10) {
            line in SourceScan.importedModule(line).map { $0.module == "GRDB" && $0.isPublic } == true
        }
        #expect(offending.isEmpty, "\(offending)")
    }

    @Test("Only the mock server imports NIO, Hummingbird or PostgresNIO: the simulators stay free of the network")
    func onlyTheServerImportsNIO() throws {
        let offending = try SourceScan.places(in: ["Sources"], allowed: ["Sources/MockServer/"]) { line in
            guard let module = SourceScan.importedModule(line)?.module else { return false }
            return module.hasPrefix("NIO") || module.hasPrefix("Hummingbird") || module == "PostgresNIO"
        }
        #expect(offending.isEmpty, "\(offending)")
        let simulators = try SourceScan.places(in: ["Sources/Simulators"], minimumFiles: 10) { line in
            SourceScan.importedModule(line)?.module == "MockServer"
        }
        #expect(simulators.isEmpty, "\(simulators)")
    }

    /// CI builds the README's first command with the trait and compiles the default build (no PostgreSQL trait) of the
    /// mock server only, under ThreadSanitizer: that covers every difference between the two builds while the
    /// condition stays in the mock server's sources.
    @Test("Only the mock server's sources compile differently with the PostgreSQL trait (#if PostgreSQL)")
    func traitConditionsInTheServerOnly() throws {
        let offending = try SourceScan.places(in: ["Sources"], allowed: ["Sources/MockServer/"]) { line in
            let code = line.drop { $0 == " " }
            return (code.hasPrefix("#if") || code.hasPrefix("#elseif")) && SourceScan.has(code, "PostgreSQL")
        }
        #expect(offending.isEmpty, "\(offending)")
        let server = try SourceScan.places(in: ["Sources/MockServer"], minimumFiles: 10) { line in
            line.drop { $0 == " " }.hasPrefix("#if PostgreSQL")
        }
        #expect(!server.isEmpty, "the scan finds the mock server's own #if PostgreSQL")
    }

    @Test("One lock type: no source or test file takes Synchronization's Mutex, which ThreadSanitizer cannot see")
    func oneLockType() throws {
        let this = "Tests/HarnessCLITests/ArchitectureTests.swift"
        let offending = try SourceScan.places(in: ["Sources", "Tests"], allowed: [this]) { line in
            guard SourceScan.has(line, "Mutex") else { return false }
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? line
            return SourceScan.has(code, "Mutex<") || SourceScan.has(code, "Mutex(")
        }
        #expect(offending.isEmpty, "use JSONCore's Locked instead: \(offending)")
    }

    @Test("The manifest reader finds dependencies and ignores products")
    func readerSelfCheck() {
        let graph = PackageGraph(
            manifest: """
                .target(name: "A", dependencies: ["B", .product(name: "CSDK", package: "c")]),
                .target(
                    name: "B",
                    dependencies: [
                        "DSDK",
                    ]
                ),
                .target(name: "DSDK"),
                """)
        #expect(graph.dependencies["A"] == ["B"])
        #expect(graph.closure(of: "A") == ["B", "DSDK"])
    }
}

/// The local target graph of a `Package.swift`, read from its text: each `.target`, `.executableTarget` and
/// `.testTarget` with the quoted target names among its `dependencies` (products of other packages are skipped).
struct PackageGraph {
    var dependencies: [String: [String]] = [:]

    init(manifest: String) {
        let text = manifest.replacing(/\.product\([^)]*\)/, with: "")
        let starts = text.matches(of: /\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/)
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1].range.lowerBound : text.endIndex
            let body = text[start.range.upperBound..<end]
            var names: [String] = []
            if let list = body.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/) {
                names = list.1.matches(of: /"([^"]+)"/).map { String($0.1) }
            }
            dependencies[String(start.1)] = names
        }
    }

    /// Every target reachable from `target`, not counting itself.
    func closure(of target: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = dependencies[target] ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return seen
    }
}
