import Foundation
import HarnessTesting
import Testing

/// ARCHITECTURE.md: MockServer is the network edge, the only module that imports SwiftNIO (and Hummingbird); the
/// verification engine and the CLI reach servers through MockServer's `UpstreamTransport`.
@Suite("Architecture: the network edge")
struct NetworkEdgeTests {
    static let edgeModules = [
        "NIO", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOHTTPTypes", "Hummingbird", "HummingbirdCore",
    ]

    @Test("No source file outside Sources/MockServer imports SwiftNIO or Hummingbird")
    func onlyMockServerImportsNIO() throws {
        let offending = try SourceScan.places(allowed: ["Sources/MockServer/"]) { line in
            SourceScan.importedModule(line).map { Self.isEdge($0.module) } == true
        }
        #expect(offending.isEmpty, "only MockServer may import SwiftNIO or Hummingbird: \(offending)")
    }

    @Test("No library or executable target but MockServer lists a SwiftNIO or Hummingbird product in Package.swift")
    func manifestKeepsNIOInMockServer() throws {
        let manifest = try String(
            contentsOf: try RepositoryRoot.url().appendingPathComponent("Package.swift"), encoding: .utf8)
        let starts = manifest.matches(of: /\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"/)
        #expect(starts.count > 10)
        var offending: [String] = []
        for (position, start) in starts.enumerated() where start.1 != "testTarget" && start.2 != "MockServer" {
            let end = position + 1 < starts.count ? starts[position + 1].range.lowerBound : manifest.endIndex
            for product in manifest[start.range.upperBound..<end].matches(of: /\.product\(name:\s*"([^"]+)"/)
            where Self.isEdge(String(product.1)) {
                offending.append("\(start.2) → \(product.1)")
            }
        }
        #expect(offending.isEmpty, "\(offending)")
    }

    @Test("The import reader sees plain, access-level and attributed imports, and nothing else")
    func readerSelfCheck() {
        #expect(SourceScan.importedModule("import NIOCore")?.module == "NIOCore")
        #expect(SourceScan.importedModule("public import NIOPosix")?.isPublic == true)
        #expect(SourceScan.importedModule("@preconcurrency import Hummingbird")?.module == "Hummingbird")
        #expect(SourceScan.importedModule("package import GRDB")?.isPublic == false)
        #expect(SourceScan.importedModule("// import NIOCore") == nil)
        #expect(SourceScan.importedModule("let x = 1") == nil)
        #expect(Self.isEdge("NIOHTTP1") && !Self.isEdge("AsyncHTTPClient"))
    }

    static func isEdge(_ module: String) -> Bool { edgeModules.contains(module) }
}
