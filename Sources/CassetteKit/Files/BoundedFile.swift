package import Foundation

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
    /// - Throws: the file system's error when the file cannot be opened or read.
    package static func read(_ url: URL, limit: Int) throws -> Contents {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        // A regular file says its size up front: refuse it without reading a byte.
        if let size = try? handle.seekToEnd() {
            if size > UInt64(max(limit, 0)) { return .tooLarge(bytes: Int(clamping: size)) }
            try handle.seek(toOffset: 0)
        }
        let data = try handle.read(upToCount: max(limit, 0) + 1) ?? Data()
        return data.count > limit ? .tooLarge(bytes: nil) : .data(data)
    }
}
