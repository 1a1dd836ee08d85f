public import Foundation

/// Loads and saves cassettes under a root folder (`Cassettes/` by default), `<root>/<vendor>/<flow>.har`.
///
/// Writes are atomic (temporary file and rename in the same folder), so no cassette is ever left damaged.
/// Recording into a cassette goes through the store: interactions recorded concurrently, from any number of
/// tasks or recorders, are all kept, in the order their requests started, and written in coalesced batches.
public actor CassetteStore {
    /// The folder holding `<vendor>/<flow>.har`.
    public nonisolated let root: URL
    /// Whether cassettes live in this store's memory only (``inMemory()``), never in files.
    public nonisolated let keepsInMemory: Bool
    var recordings: [String: Recording] = [:]
    /// The cassettes saved into an in-memory store.
    private var kept: [String: Cassette] = [:]

    /// A store over `root`, relative to the current directory unless absolute; nothing is read until asked.
    public init(root: URL = URL(fileURLWithPath: "Cassettes", isDirectory: true)) {
        self.root = root
        keepsInMemory = false
    }

    /// A store that keeps its cassettes in memory and never touches a file: for a recording that is read back and
    /// then saved elsewhere (`harness record` records each flow into one before it writes the cassette). A file
    /// per recorded interaction, created and removed, cost `harness record` more than everything else it did.
    /// ``list()`` and ``cassetteFiles()`` list files, so they find none here.
    public static func inMemory() -> CassetteStore {
        CassetteStore(inMemory: ())
    }

    private init(inMemory: Void) {
        root = URL(fileURLWithPath: "/in-memory-cassettes", isDirectory: true)
        keepsInMemory = true
    }

    /// The file of the cassette `name` (`engage/login` → `<root>/engage/login.har`).
    ///
    /// - Throws: ``CassetteError/invalidName(_:)`` for an empty name, `..`, or characters outside
    ///   letters, digits, `-`, `_` and `.`; ``CassetteError/outsideFolder(name:resolved:folder:)`` when a
    ///   symbolic link leads the file out of the root.
    public nonisolated func url(for name: String) throws(CassetteError) -> URL {
        let url = try root.appendingPathComponent(Self.validated(name) + ".har")
        try Self.requireInside(url, root: root, name: name)
        return url
    }

    static func validated(_ name: String) throws(CassetteError) -> String {
        let bare = name.hasSuffix(".har") ? String(name.dropLast(4)) : name
        let components = bare.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard !bare.isEmpty,
            components.allSatisfy({
                !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") && $0.allSatisfy(allowed.contains)
            })
        else { throw .invalidName(name) }
        return bare
    }

    /// The cassette `name`, or nil when its file does not exist. While a recording into it is under way,
    /// the recorded state (written or about to be) is returned.
    public func load(_ name: String) throws(CassetteError) -> Cassette? {
        let bare = try Self.validated(name)
        if let recording = recordings[bare] { return recording.snapshot }
        if keepsInMemory { return kept[bare] }
        let url = try url(for: bare)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Cassette(contentsOf: url)
    }

    /// Whether the cassette file exists.
    public func exists(_ name: String) throws(CassetteError) -> Bool {
        if keepsInMemory { return kept[try Self.validated(name)] != nil }
        return FileManager.default.fileExists(atPath: try url(for: name).path)
    }

    /// Writes `cassette` as `name`, atomically.
    public func save(_ cassette: Cassette, as name: String) throws(CassetteError) {
        if keepsInMemory {
            kept[try Self.validated(name)] = cassette
        } else {
            try cassette.write(to: url(for: name))
        }
    }

    /// The names of every cassette under the root, sorted (`engage/login`, …). Temporary files are skipped,
    /// and so are files whose names a cassette name cannot hold (see ``cassetteFiles()`` for those).
    public nonisolated func list() -> [String] {
        let base = root.standardizedFileURL.path
        return cassetteFiles().compactMap { url in
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base) else { return nil }
            return try? Self.validated(String(path.dropFirst(base.count).drop { $0 == "/" }))
        }
    }

    /// Every `.har` file under the root, in a stable order; hidden (temporary) files are skipped.
    public nonisolated func cassetteFiles() -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator
        where url.pathExtension == "har" && !url.lastPathComponent.hasPrefix(".") {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}

extension Cassette {
    /// Writes the cassette to `url` atomically (a temporary file in the same folder, flushed, then renamed
    /// over the target), and removes temporary files that killed writers left beside it.
    public func write(to url: URL) throws(CassetteError) {
        try AtomicFile.write(encoded(), to: url)
        AtomicFile.removeAbandonedTemporaryFiles(beside: url)
    }
}
