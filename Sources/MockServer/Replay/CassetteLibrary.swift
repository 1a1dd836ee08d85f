import CassetteKit
import Dispatch
import Foundation
import JSONCore
import Logging
import Synchronization

/// The cassettes the server replays from, by vendor, routed by method and path so a lookup costs the same with
/// one cassette as with hundreds (each cassette's own index makes the per-cassette lookup constant too).
///
/// Start-up reads the derived index beside the cassettes (``CassetteIndexFile``) and parses only the files it does
/// not know or that changed since; the others are outlined at the first request routed to them (a large one in the
/// background at start-up).
final class CassetteLibrary: Sendable {
    /// A cassette file that could not be loaded.
    struct Failure: Sendable, Hashable {
        var file: String
        var error: String
    }

    private struct Catalog {
        var cassettes: [CassetteName: CassetteSlot] = [:]
        /// vendor → route → cassettes holding an interaction on that route, sorted by name.
        var routes: [String: [RouteKey: [CassetteName]]] = [:]
        var failures: [Failure] = []

        mutating func rebuildRoutes() {
            // Sized up front: a cassette of 10,000 routes would otherwise grow each table a dozen times.
            var sizes: [String: Int] = [:]
            for (name, slot) in cassettes { sizes[name.vendor, default: 0] += slot.routes.count }
            routes = sizes.mapValues { [RouteKey: [CassetteName]](minimumCapacity: $0) }
            for name in cassettes.keys.sorted() {
                for route in cassettes[name]!.routes {
                    // A route listed twice (an index edited by hand) still names the cassette once.
                    if routes[name.vendor]?[route]?.last == name { continue }
                    routes[name.vendor, default: [:]][route, default: []].append(name)
                }
            }
        }
    }

    let directory: URL?
    let logger: Logger
    private let catalog = Locked(Catalog())
    /// How many times the set of cassettes has changed (loaded, reloaded, unloaded).
    private let changes = Atomic<UInt64>(0)

    /// Changes whenever a cassette is loaded, reloaded or unloaded: what a request was found to match holds while
    /// this stays the same (``ImmediateMemo``).
    var generation: UInt64 { changes.load(ordering: .acquiring) }

    /// Cassettes of at least this many bytes that the derived index knows are outlined at start-up, in the
    /// background (1 MiB: a smaller one outlines in a few milliseconds at its first use).
    static let outlinedEarly: Int64 = 1 << 20

    init(directory: URL?, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    /// Finds every `<vendor>/<flow>.har` under the directory: those the derived index knows unchanged are parsed
    /// at first use, the others now (on every core at once), and the index is rewritten when it was out of date.
    /// A broken file is logged, named in ``failures``, and skipped.
    func loadAll() {
        guard let directory else { return }
        let files = Self.cassetteFiles(in: directory)
        let index = CassetteIndexFile.read(in: directory)
        var slots: [CassetteName: CassetteSlot] = [:]
        var next = CassetteIndexFile()
        var unknown: [(name: CassetteName, file: URL, stamp: CassetteIndexFile.Stamp?)] = []
        // Whether the index is to be rewritten: a cassette was parsed into it (new or changed), or an entry of it is
        // gone (its file removed, changed and now broken).
        var changed = false
        var large: [(slot: CassetteSlot, size: Int64)] = []
        for (name, file) in files {
            let stamp = CassetteIndexFile.Stamp(path: file.path)
            // A file that leads out of the folder is never taken from the index: parsing refuses it below.
            let inside = (try? CassetteStore.requireInside(file, root: directory, name: name.description)) != nil
            if inside, let stamp, let entry = index.entries[name.description], entry.stamp == stamp {
                let slot = CassetteSlot(name: name, file: file, indexed: entry)
                slots[name] = slot
                if stamp.size >= Self.outlinedEarly { large.append((slot, stamp.size)) }
                next.entries[name.description] = entry
            } else {
                unknown.append((name, file, stamp))
            }
        }
        // Large cassettes the index knows are outlined on another thread from now on, largest first, while this
        // one parses the others, writes the index and the server starts, so the first request to one finds it
        // ready (or nearly); the others at their first use.
        let early = large.sorted { $0.size > $1.size }.map(\.slot)
        if !early.isEmpty {
            DispatchQueue.global(qos: .userInitiated).async {
                for slot in early { _ = slot.cassette }
            }
        }
        // Files are read and indexed on every core at once: start-up time is what a developer waits for.
        let parse = unknown.map { ($0.name, $0.file) }
        let results = Locked(
            [Result<(cassette: LoadedCassette, layout: CassetteIndexFile.Layout?), CassetteError>?](
                repeating: nil, count: parse.count))
        DispatchQueue.concurrentPerform(iterations: parse.count) { position in
            let (name, file) = parse[position]
            let result = Result { () throws(CassetteError) in
                try CassetteStore.requireInside(file, root: directory, name: name.description)
                return try LoadedCassette.withLayout(name: name, file: file)
            }
            results.withLock { $0[position] = result }
        }
        var failures: [Failure] = []
        for (position, result) in results.withLock({ $0 }).enumerated() {
            let (name, file, stamp) = unknown[position]
            switch result {
            case .success(let (cassette, layout)):
                slots[name] = CassetteSlot(cassette)
                if let stamp {
                    next.entries[name.description] = CassetteIndexFile.Entry(
                        stamp: stamp, count: cassette.count, routes: cassette.routes, layout: layout)
                    changed = true
                }
            case .failure(let error):
                logger.error("cassette not loaded", metadata: ["file": "\(file.path)", "error": "\(error)"])
                failures.append(Failure(file: file.path, error: error.description))
            case nil:
                continue
            }
        }
        if changed || next.entries.count != index.entries.count {
            if !next.write(in: directory) {
                logger.debug("derived index not written", metadata: ["folder": "\(directory.path)"])
            }
        }
        catalog.withLock { catalog in
            catalog.cassettes = slots
            catalog.failures = failures
            catalog.rebuildRoutes()
        }
        changes.add(1, ordering: .releasing)
        logger.info(
            "cassettes found",
            metadata: [
                "count": "\(slots.count)", "parsed": "\(unknown.count - failures.count)",
                "failed": "\(failures.count)",
            ])
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
            catalog.cassettes[name] = CassetteSlot(cassette)
            catalog.failures.removeAll { $0.file == file.path }
            catalog.rebuildRoutes()
        }
        changes.add(1, ordering: .releasing)
        return cassette
    }

    /// Notes that a cassette was replaced, so what was found for requests before is found again.
    func changed() {
        changes.add(1, ordering: .releasing)
    }

    /// Stops replaying a cassette; false when it was not loaded.
    func unload(_ name: CassetteName) -> Bool {
        let removed = catalog.withLock { catalog in
            guard catalog.cassettes.removeValue(forKey: name) != nil else { return false }
            catalog.rebuildRoutes()
            return true
        }
        if removed { changes.add(1, ordering: .releasing) }
        return removed
    }

    /// Every cassette, by name (parsed or not yet).
    var slots: [CassetteSlot] {
        catalog.withLock { catalog in catalog.cassettes.keys.sorted().map { catalog.cassettes[$0]! } }
    }

    /// The cassettes found at start-up that failed, and those that failed at their first use.
    var failures: [Failure] {
        let (failures, slots) = catalog.withLock { ($0.failures, Array($0.cassettes.values)) }
        let late = slots.compactMap { slot in slot.failure.map { Failure(file: slot.file.path, error: $0) } }
        return failures + late.sorted { $0.file < $1.file }
    }

    /// Whether `vendor` has at least one cassette.
    func hasVendor(_ vendor: String) -> Bool { catalog.withLock { $0.routes[vendor] != nil } }

    /// The vendors that have at least one cassette.
    var vendors: Set<String> { catalog.withLock { Set($0.cassettes.keys.map(\.vendor)) } }

    /// Replays from the start: every session forgets what it replayed (a cassette not parsed yet has none).
    func rewind(vendor: String? = nil) {
        for slot in slots where vendor == nil || slot.name.vendor == vendor { slot.parsed?.session.reset() }
    }

    /// ``candidates(vendor:route:named:)`` when every one is parsed already; nil when one is not.
    func parsedCandidates(vendor: String, route: RouteKey, named: CassetteName?) -> [LoadedCassette]? {
        let slots = candidateSlots(vendor: vendor, route: route, named: named)
        var parsed: [LoadedCassette] = []
        parsed.reserveCapacity(slots.count)
        for slot in slots {
            guard let cassette = slot.parsed else { return nil }
            parsed.append(cassette)
        }
        return parsed
    }

    /// The cassettes that may answer a request of `vendor`: the named one, or those with its route.
    func candidateSlots(vendor: String, route: RouteKey, named: CassetteName?) -> [CassetteSlot] {
        catalog.withLock { catalog in
            if let named { return catalog.cassettes[named].map { [$0] } ?? [] }
            return (catalog.routes[vendor]?[route] ?? []).compactMap { catalog.cassettes[$0] }
        }
    }

    /// Every cassette of a vendor (or the named one), for miss diagnostics.
    func cassettes(vendor: String, named: CassetteName?) -> [LoadedCassette] {
        let slots = catalog.withLock { catalog in
            if let named { return catalog.cassettes[named].map { [$0] } ?? [] }
            return catalog.cassettes.keys.filter { $0.vendor == vendor }.sorted().map { catalog.cassettes[$0]! }
        }
        return slots.compactMap(\.cassette)
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
