public import Foundation

/// Where the SDK keeps its SQLite database (events, the mobile user id and other identity, the current campaign).
///
/// The README: the local events "are durable under all circumstances other than the application being deleted",
/// and events queued before authentication or while offline "will be posted the next time the application is
/// opened". So the ``Engage`` entry points default to ``standard``, a file in the platform's application-support
/// folder; an app that wants nothing on disk asks for ``inMemory``.
public enum EngageStorage: Sendable, Hashable {
    /// A private in-memory database, gone when the SDK is released (nothing survives a restart).
    case inMemory
    /// A database file (created when missing, with its folder), opened in WAL mode.
    case file(URL)

    /// The default: ``defaultDatabaseURL(environment:)`` as a ``file(_:)``.
    public static var standard: EngageStorage { .file(defaultDatabaseURL()) }

    /// The store file in `folder`/EngageSDK, for an app (or a test) that keeps its data elsewhere.
    public static func applicationSupport(in folder: URL) -> EngageStorage {
        .file(databaseURL(in: folder))
    }

    /// The name of the SDK's folder inside the application-support (data) folder.
    public static let folderName = "EngageSDK"
    /// The database file's name (the README's `EngageLocalEventStore`).
    public static let fileName = "EngageLocalEventStore.sqlite"

    /// Where ``standard`` keeps the database: `<application support>/EngageSDK/EngageLocalEventStore.sqlite`. The
    /// application-support folder is the user domain's `Application Support` on Apple platforms and the XDG data
    /// home elsewhere (`$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`), so a test can point it
    /// at a temporary folder with `XDG_DATA_HOME`.
    public static func defaultDatabaseURL(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        databaseURL(in: applicationSupportFolder(environment: environment))
    }

    static func databaseURL(in folder: URL) -> URL {
        folder.appendingPathComponent(folderName, isDirectory: true).appendingPathComponent(fileName)
    }

    static func applicationSupportFolder(environment: [String: String]) -> URL {
        #if canImport(Darwin)
        if let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
            return folder
        }
        #endif
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
    }
}
