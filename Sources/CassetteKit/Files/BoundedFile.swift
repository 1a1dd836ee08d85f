package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file with an upper bound on what is held in memory, so a huge file (or a device that never ends)
/// is refused after at most `limit + 1` bytes instead of being read whole.
package enum BoundedFile {
    /// What a bounded read found.
    package enum Contents: Sendable, Hashable {
        /// The whole file, at most `limit` bytes.
        case data(Data)
        /// The file is larger than the limit: its size when the file system knows it (nil for a stream).
        case tooLarge(bytes: Int?)
    }

    /// Reads `url`, or reports it too large without reading past `limit` bytes.
    ///
    /// A regular file is read with as few `read` calls as its size allows, into a buffer of that size (plus one
    /// byte, to see a file that grew meanwhile): two calls for a 20 MB cassette, where FileHandle's
    /// `read(upToCount:)` made 4,900 of 4 KB. (The time is the same: faulting in 20 MB of fresh pages, about 60 ms.)
    ///
    /// - Throws: the file system's error when the file cannot be opened or read (a `POSIXError` for a failed read,
    ///   `EISDIR` for a folder).
    package static func read(_ url: URL, limit: Int) throws -> Contents {
        let limit = max(limit, 0)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let descriptor = handle.fileDescriptor
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // A folder opens for reading, and seeking to its end gives a size in exabytes: say what it is instead.
        if status.st_mode & S_IFMT == S_IFDIR { throw POSIXError(.EISDIR) }
        // A regular file says its size up front: refuse it without reading a byte. Devices and pipes do not.
        var expected = 0
        if status.st_mode & S_IFMT == S_IFREG {
            guard let size = Int(exactly: status.st_size), size >= 0 else { return .tooLarge(bytes: nil) }
            if size > limit { return .tooLarge(bytes: size) }
            expected = size
        }
        // One byte over the limit at most: a file that grows past it (or a stream that never ends) is refused.
        var data = Data(count: min(expected, limit) + 1)
        var count = 0
        while count <= limit {
            if count == data.count { data.count += min(data.count, limit + 1 - count) }
            let read = data.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { Foundation.read(descriptor, $0 + count, raw.count - count) } ?? 0
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if read == 0 { break }
            count += read
        }
        if count > limit { return .tooLarge(bytes: nil) }
        data.count = count
        return .data(data)
    }

    /// The bytes of `url` in `range` (offsets from its start), at most `limit` of them; nil when the range is empty
    /// or inverted, over the limit, or the file cannot be opened or does not hold all of it (cut short since).
    /// One `pread` of the range, retried where it stops short.
    package static func read(_ url: URL, range: (start: Int, end: Int), limit: Int) -> Data? {
        guard range.start >= 0, range.end > range.start, range.end - range.start <= limit,
            let offset = off_t(exactly: range.start)
        else { return nil }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data(count: range.end - range.start)
        var count = 0
        while count < data.count {
            let read = data.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { pread(descriptor, $0 + count, raw.count - count, offset + off_t(count)) } ?? 0
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            count += read
        }
        return data
    }
}
