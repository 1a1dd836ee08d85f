public import Foundation

/// Finds the ContractHarness checkout a test is running from.
public enum RepositoryRoot {
    /// The folder holding `Package.swift`, found by walking up from the calling test file.
    ///
    /// Call it with the default argument from a test: `try RepositoryRoot.url()`. Throws
    /// ``HarnessTestingError/noCheckout(file:)`` when no folder above the file holds a `Package.swift`.
    public static func url(filePath: StaticString = #filePath) throws(HarnessTestingError) -> URL {
        try url(containing: "\(filePath)")
    }

    /// The folder holding `Package.swift` above the file at `path`: the package of a test file.
    static func url(containing path: String) throws(HarnessTestingError) -> URL {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        throw .noCheckout(file: path)
    }

    /// `Cassettes/` at the repository root.
    public static func cassettes(filePath: StaticString = #filePath) throws(HarnessTestingError) -> URL {
        try url(filePath: filePath).appendingPathComponent("Cassettes", isDirectory: true)
    }

    /// `Schemas/` at the repository root.
    public static func schemas(filePath: StaticString = #filePath) throws(HarnessTestingError) -> URL {
        try url(filePath: filePath).appendingPathComponent("Schemas", isDirectory: true)
    }
}

/// The shared test data that lives beside the repository (`../shared/data`), present in CI and on the
/// developers' machines but not in a user's own clone.
package enum SharedData {
    /// `../shared/data`, or nil when it is absent.
    package static func url(filePath: StaticString = #filePath) -> URL? {
        guard let root = try? RepositoryRoot.url(filePath: filePath) else { return nil }
        let folder = root.deletingLastPathComponent()
            .appendingPathComponent("shared/data", isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return folder
    }

    /// The sentence a test prints when it is skipped because the shared data is absent.
    package static let absenceReason =
        "../shared/data is not beside this checkout (it ships with the ContractHarness workspace, not with a clone)"
}
