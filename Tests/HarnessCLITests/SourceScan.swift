import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import Testing

/// The architecture tests' reader of the package's own Swift files.
enum SourceScan {
    /// Every Swift file under `folder` (`Sources`, `Sources/MockServer`, `Tests`), by its path relative to the
    /// repository root, with its lines (empty ones kept, so line numbers are right). Each folder is read once per
    /// run: a dozen tests scan the same 100,000 lines, on the two threads every other test of the run shares.
    static func files(in folder: String) throws -> [(path: String, lines: [Substring])] {
        if let read = cache.withLock({ $0[folder] }) { return read }
        let read = try Self.read(folder)
        cache.withLock { $0[folder] = read }
        return read
    }

    private static let cache = Locked<[String: [(path: String, lines: [Substring])]]>([:])

    private static func read(_ folder: String) throws -> [(path: String, lines: [Substring])] {
        let root = try RepositoryRoot.url()
        let files = try #require(
            FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
        var result: [(path: String, lines: [Substring])] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = String(file.path.dropFirst(root.path.count + 1))
            let text = try String(contentsOf: file, encoding: .utf8)
            result.append((path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return result.sorted { $0.path < $1.path }
    }

    /// Whether `line` holds `text`, compared as UTF-8 bytes (CassetteKit's `containsUTF8`): Foundation's `contains`
    /// bridges every line to an `NSString`, which made these scans minutes of CPU. A pattern is matched only on lines
    /// that pass this first.
    static func has(_ line: Substring, _ text: String) -> Bool {
        line.containsUTF8(text)
    }

    /// The `path:line: text` of each line that `matches`, in files under `folders` outside the `allowed` paths;
    /// expects at least `minimumFiles` files, so a wrong folder cannot pass by reading nothing.
    static func places(
        in folders: [String] = ["Sources"], allowed: [String] = [], minimumFiles: Int = 100,
        _ matches: (Substring) -> Bool
    ) throws -> [String] {
        let files = try folders.flatMap { try Self.files(in: $0) }
        #expect(files.count >= minimumFiles, "\(folders) hold the package's files")
        var found: [String] = []
        for file in files where !allowed.contains(where: file.path.hasPrefix) {
            for (number, line) in file.lines.enumerated() where matches(line) {
                found.append("\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// The module an `import` line imports (`public import X`, `@preconcurrency import X`), and whether it is
    /// imported publicly; nil for any other line.
    static func importedModule(_ line: Substring) -> (module: String, isPublic: Bool)? {
        guard has(line, "import ") else { return nil }
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
            words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "package"].contains($0) })
        else { return nil }
        return (String(words[index + 1]), words[..<index].contains { $0 == "public" || $0 == "@_exported" })
    }
}
