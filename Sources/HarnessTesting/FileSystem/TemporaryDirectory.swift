public import Foundation

/// A uniquely named folder under the system's temporary directory, removed when the work is done.
public struct TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder. Prefer ``withTemporaryDirectory(_:)``, which also removes it.
    public init(prefix: String = "contractharness") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    public func appending(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }
}

/// Runs `body` with a fresh temporary folder and removes it afterwards, whether `body` returns or throws.
public func withTemporaryDirectory<T>(
    prefix: String = "contractharness",
    _ body: (TemporaryDirectory) async throws -> T
) async throws -> T {
    let directory = try TemporaryDirectory(prefix: prefix)
    defer { directory.remove() }
    return try await body(directory)
}

/// The synchronous form of ``withTemporaryDirectory(prefix:_:)-(_,(TemporaryDirectory)async throws->T)``.
public func withTemporaryDirectory<T>(
    prefix: String = "contractharness",
    _ body: (TemporaryDirectory) throws -> T
) throws -> T {
    let directory = try TemporaryDirectory(prefix: prefix)
    defer { directory.remove() }
    return try body(directory)
}
