import CassetteKit
import Dispatch
import Foundation
import Logging
import Synchronization

/// The cassettes the server replays from, by vendor, routed by method and path so a lookup costs the same with
/// one cassette as with hundreds (each cassette's own index makes the per-cassette lookup constant too).
final class CassetteLibrary: Sendable {
    /// A cassette file that could not be loaded.
    struct Failure: Sendable, Hashable {
        var file: String
        var error: String
    }

    private struct Catalog {
        var cassettes: [CassetteName: LoadedCassette] = [:]
        /// vendor → route → cassettes holding an interaction on that route, sorted by name.
        var routes: [String: [RouteKey: [CassetteName]]] = [:]
        var failures: [Failure] = []

        mutating func rebuildRoutes() {
            routes = [:]
            for name in cassettes.keys.sorted() {
                for route in cassettes[name]!.routes {
                    routes[name.vendor, default: [:]][route, default: []].append(name)
                }
            }
        }
    }

    let directory: URL?
    private let logger: Logger
    private let catalog = Mutex(Catalog())

    init(directory: URL?, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    /// Loads every `<vendor>/<flow>.har` under the directory; a broken file is logged, named in ``failures``,
    /// and skipped.
    func loadAll() {
        guard let directory else { return }
        let files = Self.cassetteFiles(in: directory)
        // Files are read and indexed on every core at once: start-up time is what a developer waits for.
        let results = Mutex([Result<LoadedCassette, CassetteError>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (name, file) = files[index]
            let result = Result { () throws(CassetteError) in
                try CassetteStore.requireInside(file, root: directory, name: name.description)
                return try LoadedCassette(name: name, file: file)
            }
            results.withLock { $0[index] = result }
        }
        var loaded: [CassetteName: LoadedCassette] = [:]
        var failures: [Failure] = []
        for (index, result) in results.withLock({ $0 }).enumerated() {
            let (name, file) = files[index]
            switch result {
            case .success(let cassette):
                loaded[name] = cassette
            case .failure(let error):
                logger.error("cassette not loaded", metadata: ["file": "\(file.path)", "error": "\(error)"])
                failures.append(Failure(file: file.path, error: error.description))
            case nil:
                continue
            }
        }
        catalog.withLock { catalog in
            catalog.cassettes = loaded
            catalog.failures = failures
            catalog.rebuildRoutes()
        }
        logger.info("cassettes loaded", metadata: ["count": "\(loaded.count)", "failed": "\(failures.count)"])
    }

    /// Loads (or reloads) one cassette from its file.
    func load(_ name: CassetteName) throws(MockServerError) -> LoadedCassette {
        guard let directory else {
            throw .cassette(name: name.description, reason: "no cassette folder (--cassettes DIR)")
        }
        let file = directory.appendingPathComponent(name.relativePath)
        let cassette: LoadedCassette
        do {
            try CassetteStore.requireInside(file, root: directory, name: name.description)
            cassette = try LoadedCassette(name: name, file: file)
        } catch {
            throw .cassette(name: name.description, reason: error.description)
        }
        catalog.withLock { catalog in
            catalog.cassettes[name] = cassette
            catalog.failures.removeAll { $0.file == file.path }
            catalog.rebuildRoutes()
        }
        return cassette
    }

    /// Stops replaying a cassette; false when it was not loaded.
    func unload(_ name: CassetteName) -> Bool {
        catalog.withLock { catalog in
            guard catalog.cassettes.removeValue(forKey: name) != nil else { return false }
            catalog.rebuildRoutes()
            return true
        }
    }

    var loaded: [LoadedCassette] {
        catalog.withLock { catalog in catalog.cassettes.keys.sorted().map { catalog.cassettes[$0]! } }
    }

    var failures: [Failure] { catalog.withLock { $0.failures } }

    /// Whether `vendor` has at least one cassette.
    func hasVendor(_ vendor: String) -> Bool { catalog.withLock { $0.routes[vendor] != nil } }

    /// The vendors that have at least one cassette.
    var vendors: Set<String> { catalog.withLock { Set($0.cassettes.keys.map(\.vendor)) } }

    /// Replays from the start: every session forgets what it replayed.
    func rewind(vendor: String? = nil) {
        for cassette in loaded where vendor == nil || cassette.name.vendor == vendor { cassette.session.reset() }
    }

    /// The cassettes that may answer `request` of `vendor`: the named one, or those with its route.
    func candidates(vendor: String, route: RouteKey, named: CassetteName?) -> [LoadedCassette] {
        catalog.withLock { catalog in
            if let named { return catalog.cassettes[named].map { [$0] } ?? [] }
            return (catalog.routes[vendor]?[route] ?? []).compactMap { catalog.cassettes[$0] }
        }
    }

    /// Every cassette of a vendor (or the named one), for miss diagnostics.
    func cassettes(vendor: String, named: CassetteName?) -> [LoadedCassette] {
        catalog.withLock { catalog in
            if let named { return catalog.cassettes[named].map { [$0] } ?? [] }
            return catalog.cassettes.keys.filter { $0.vendor == vendor }.sorted().map { catalog.cassettes[$0]! }
        }
    }

    /// The `<vendor>/<flow>.har` files under `directory`, sorted by name.
    static func cassetteFiles(in directory: URL) -> [(CassetteName, URL)] {
        let manager = FileManager.default
        guard let vendors = try? manager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var files: [(CassetteName, URL)] = []
        for vendor in vendors.sorted() where VendorName.isValid(vendor) {
            let folder = directory.appendingPathComponent(vendor)
            guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for file in names.sorted() where file.hasSuffix(".har") {
                guard let name = try? CassetteName("\(vendor)/\(file)") else { continue }
                files.append((name, folder.appendingPathComponent(file)))
            }
        }
        return files
    }
}
