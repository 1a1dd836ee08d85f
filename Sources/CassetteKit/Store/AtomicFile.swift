import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so a reader (or a crash) only ever sees the old or the new content: the bytes go to a hidden
/// temporary file in the same folder, are flushed to disk, and the file is renamed over the target.
enum AtomicFile {
    /// The suffix of temporary files; they start with `.`, so they are never taken for cassettes.
    static let temporarySuffix = ".tmp"

    static func write(_ data: Data, to url: URL) throws(CassetteError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(file: url.path, reason: "cannot create \(folder.path): \(Cassette.reason(error))")
        }
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8))\(temporarySuffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .unwritable(file: url.path, reason: Self.lastError()) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Self.lastError()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = Self.lastError() }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = Self.lastError() }
        if let failure {
            unlink(temporary.path)
            throw .unwritable(file: url.path, reason: failure)
        }
        let folderDescriptor = open(folder.path, O_RDONLY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes temporary files left beside `url` by processes that no longer run (a writer killed mid-write).
    static func removeAbandonedTemporaryFiles(beside url: URL) {
        let prefix = ".\(url.lastPathComponent)."
        AbandonedFiles.remove(in: url.deletingLastPathComponent()) { name in
            guard name.hasPrefix(prefix), name.hasSuffix(temporarySuffix) else { return nil }
            return name.dropFirst(prefix.count).split(separator: ".").first.flatMap { pid_t($0) }
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
