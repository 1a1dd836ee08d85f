import Foundation
import HarnessTesting
import Testing

/// ARCHITECTURE.md's "one of each foundation type", read from `Sources/`: a second form decoder, media type,
/// RFC 3339 reader, clock or seeded generator fails here with the file that holds it.
@Suite("One of each foundation type")
struct FoundationTypesTests {
    /// Every Swift file under `Sources/`, by its path relative to the repository root, with its lines.
    static func sources() throws -> [(path: String, lines: [Substring])] {
        let root = try RepositoryRoot.url()
        let folder = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var result: [(path: String, lines: [Substring])] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = String(file.path.dropFirst(root.path.count + 1))
            result.append((path, try String(contentsOf: file, encoding: .utf8).split(separator: "\n")))
        }
        return result.sorted { $0.path < $1.path }
    }

    /// The `path:line` of each line outside `allowed` folders that `matches`.
    static func places(allowed: [String], _ matches: (Substring) -> Bool) throws -> [String] {
        let files = try sources()
        #expect(files.count > 100, "Sources/ holds the package's files")
        var found: [String] = []
        for file in files where !allowed.contains(where: file.path.hasPrefix) {
            for (number, line) in file.lines.enumerated() where matches(line) {
                found.append("\(file.path):\(number + 1)")
            }
        }
        return found
    }

    @Test("Percent-decoding happens only in JSONCore's FormCoding")
    func oneFormCodec() throws {
        let found = try Self.places(allowed: ["Sources/JSONCore/Forms/"]) { line in
            line.contains("removingPercentEncoding") || line.contains(#"replacingOccurrences(of: "+""#)
                || line.contains(#"split(separator: "&""#) || line.contains("enum FormFields")
        }
        #expect(found.isEmpty, "decode forms, queries and paths with FormCoding instead: \(found)")
    }
}
