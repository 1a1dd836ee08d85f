public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CassetteStore {
    /// Checks that `file`, the file of cassette `name` under `root`, stays inside `root` once symbolic links are
    /// followed: a link (to the file or to a folder on its way) that leads elsewhere, or that leads nowhere, is
    /// refused, so neither reading nor recording can touch a file outside the cassette folder.
    ///
    /// - Throws: ``CassetteError/outsideFolder(name:resolved:folder:)``.
    public static func requireInside(_ file: URL, root: URL, name: String) throws(CassetteError) {
        let folder = resolved(root.path)
        let target = resolved(file.path)
        guard target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            throw .outsideFolder(name: name, resolved: target, folder: root.path)
        }
    }

    /// `path` with every symbolic link in its existing part followed; the part that does not exist yet is
    /// appended unchanged. A dangling link resolves to its destination (which does not exist).
    static func resolved(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var missing: [String] = []
        let manager = FileManager.default
        for _ in 0..<4096 {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                return missing.reversed().reduce(String(cString: real)) { $0 + "/" + $1 }
            }
            if let destination = try? manager.destinationOfSymbolicLink(atPath: existing) {
                let base = (existing as NSString).deletingLastPathComponent
                let absolute = destination.hasPrefix("/") ? destination : base + "/" + destination
                return missing.reversed().reduce(URL(fileURLWithPath: absolute).standardizedFileURL.path) {
                    $0 + "/" + $1
                }
            }
            guard existing != "/", !existing.isEmpty else { break }
            missing.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return path
    }
}
