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
            if let code = Self.posixCode(of: error), Self.isNoSpace(code) {
                throw .noSpace(file: url.path, code: Self.name(of: code))
            }
            throw .unwritable(file: url.path, reason: "cannot create \(folder.path): \(Cassette.reason(error))")
        }
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8))\(temporarySuffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw Self.failure(errno, writing: url) }
        var failure: Int32?
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        // A file system may only report a full disk when the file is closed (NFS, some FUSE file systems).
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = errno }
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = errno }
        if let failure {
            // Never leave a partial file behind: the target is untouched, and its temporary file goes.
            unlink(temporary.path)
            throw Self.failure(failure, writing: url)
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

    /// The error for a failed system call with `code` while writing `url`: a full disk or quota is
    /// ``CassetteError/noSpace(file:code:)``, anything else ``CassetteError/unwritable(file:reason:)``.
    static func failure(_ code: Int32, writing url: URL) -> CassetteError {
        if isNoSpace(code) { return .noSpace(file: url.path, code: name(of: code)) }
        return .unwritable(file: url.path, reason: String(cString: strerror(code)))
    }

    /// Whether `code` says the file system has no room left for this user: `ENOSPC` or `EDQUOT`.
    static func isNoSpace(_ code: Int32) -> Bool {
        code == ENOSPC || code == EDQUOT
    }

    /// The symbolic name of a no-space `code`.
    static func name(of code: Int32) -> String {
        code == EDQUOT ? "EDQUOT" : "ENOSPC"
    }

    /// The POSIX code under a Foundation file error, when it has one.
    static func posixCode(of error: any Error) -> Int32? {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(exactly: nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(exactly: underlying.code)
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteOutOfSpaceError { return ENOSPC }
        return nil
    }
}
