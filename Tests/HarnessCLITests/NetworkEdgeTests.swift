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
        let sources = try RepositoryRoot.url().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var offending: [String] = []
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            guard !file.path.contains("/Sources/MockServer/") else { continue }
            checked += 1
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            for (number, line) in lines.enumerated() where Self.importedModule(line).map(Self.isEdge) == true {
                offending.append("\(file.path.split(separator: "/Sources/").last ?? ""):\(number + 1): \(line)")
            }
        }
        #expect(checked > 100)
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
        #expect(Self.importedModule("import NIOCore") == "NIOCore")
        #expect(Self.importedModule("public import NIOPosix") == "NIOPosix")
        #expect(Self.importedModule("@preconcurrency import Hummingbird") == "Hummingbird")
        #expect(Self.importedModule("// import NIOCore") == nil)
        #expect(Self.importedModule("let x = 1") == nil)
        #expect(Self.isEdge("NIOHTTP1") && !Self.isEdge("AsyncHTTPClient"))
    }

    static func importedModule(_ line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
            words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "package"].contains($0) })
        else { return nil }
        return String(words[index + 1])
    }

    static func isEdge(_ module: String) -> Bool { edgeModules.contains(module) }
}
