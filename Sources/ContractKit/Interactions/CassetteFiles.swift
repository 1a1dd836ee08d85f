package import Foundation

/// Finds cassette files: `.har` files given directly, or under given folders (recursively), sorted.
package enum CassetteFiles {
    /// The cassettes at `paths`. A folder that does not exist gives none; a file that does not exist is
    /// returned anyway, so that reading it reports it as unreadable.
    package static func find(_ paths: [URL]) -> [URL] {
        var found: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
                if path.pathExtension == "har" { found.append(path) }
                continue
            }
            guard isDirectory.boolValue else {
                found.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(at: path, includingPropertiesForKeys: nil)
            while let next = enumerator?.nextObject() as? URL {
                if next.pathExtension == "har" { found.append(next) }
            }
        }
        return found.map(\.standardizedFileURL).sorted { $0.path < $1.path }
    }

    /// `path` relative to `root` when it is under it (`Cassettes/engage/login.har`), else as given.
    package static func displayPath(_ path: URL, relativeTo root: URL) -> String {
        let base = root.standardizedFileURL.path
        let full = path.standardizedFileURL.path
        if full.hasPrefix(base + "/") { return String(full.dropFirst(base.count + 1)) }
        return full
    }
}
