import CassetteKit
import Foundation
import JSONCore

/// One cassette of the library: its routes and size known from the start, its interactions parsed at the first
/// request that may need them (or at once when the derived index did not know the file).
///
/// A cassette the derived index knows was read in full once with the same size and modification time, so at its
/// first use it is only outlined (``CassetteOutline``: where each entry lies, and its method and URL) and its
/// entries are decoded as requests reach them. When the outline does not hold as many entries as the index says,
/// or an entry then does not decode as outlined, the file is read in full as before (``reread()``), which names
/// any problem with the file and entry.
final class CassetteSlot: Sendable {
    let name: CassetteName
    let file: URL
    /// The method and decoded path of each entry, which the library routes by.
    let routes: [RouteKey]
    /// The number of interactions.
    let count: Int
    /// Where the interactions lie in the file (and its size), as the derived index says: what opens the cassette
    /// without reading the file.
    private let layout: (CassetteIndexFile.Layout, size: Int64)?
    /// What is known of the cassette now; held only to read or set it, so asking (``parsed``, ``failure``, from an
    /// event loop or at start-up) never waits for a file being read.
    private let state: Locked<State>
    /// Held while the file is read, so one thread reads it and the others wait for that result.
    private let reading = Locked<Void>(())

    private enum State {
        case unread
        case loaded(LoadedCassette)
        case failed(String)
    }

    /// A slot for a cassette already parsed.
    init(_ cassette: LoadedCassette) {
        name = cassette.name
        file = cassette.file
        routes = cassette.routes
        count = cassette.count
        layout = nil
        state = Locked(.loaded(cassette))
    }

    /// A slot parsed on first use, from what the derived index says about it.
    init(name: CassetteName, file: URL, indexed: CassetteIndexFile.Entry) {
        self.name = name
        self.file = file
        routes = indexed.routes
        count = indexed.count
        layout = indexed.layout.map { ($0, indexed.stamp.size) }
        state = Locked(.unread)
    }

    /// The parsed cassette, parsing it now if needed; nil when the file no longer reads (the error is kept for
    /// ``failure``).
    var cassette: LoadedCassette? {
        switch current {
        case .loaded(let cassette): return cassette
        case .failed: return nil
        case .unread: break
        }
        return reading.withLock { _ -> LoadedCassette? in
            // Another thread may have read it while this one waited.
            switch current {
            case .loaded(let cassette): return cassette
            case .failed: return nil
            case .unread:
                return settle { () throws(CassetteError) in try open() }
            }
        }
    }

    /// Reads the file in full when the outlined cassette found an entry that does not decode as outlined; the
    /// cassette now replayed, or nil when the file does not read (the error is kept for ``failure``). What was
    /// replayed so far is forgotten with the outlined cassette.
    func reread() -> LoadedCassette? {
        reading.withLock { _ -> LoadedCassette? in
            switch current {
            case .loaded(let cassette) where cassette.failure == nil: return cassette
            case .failed: return nil
            case .unread, .loaded:
                return settle { () throws(CassetteError) in try LoadedCassette(name: name, file: file) }
            }
        }
    }

    /// The state now, without waiting for a read in progress.
    private var current: State { state.withLock { $0 } }

    /// The cassette opened from its layout when the file still matches it (nothing read but the text around the
    /// interactions), else outlined when it outlines with ``count`` entries, else read in full.
    private func open() throws(CassetteError) -> LoadedCassette {
        if let (layout, size) = layout, let outline = layout.outline(of: file, size: size, count: count),
            let cassette = try? LoadedCassette(name: name, file: file, outline: outline, routes: routes)
        {
            return cassette
        }
        if let outline = CassetteOutline(contentsOf: file), outline.entries.count == count,
            let cassette = try? LoadedCassette(name: name, file: file, outline: outline, routes: routes)
        {
            return cassette
        }
        return try LoadedCassette(name: name, file: file)
    }

    /// The state set to what `read` gives, or to its error; called holding ``reading``, the state's lock taken only
    /// to set it.
    private func settle(_ read: () throws(CassetteError) -> LoadedCassette) -> LoadedCassette? {
        do {
            let cassette = try read()
            state.withLock { $0 = .loaded(cassette) }
            return cassette
        } catch {
            let reason = String(describing: error)
            state.withLock { $0 = .failed(reason) }
            return nil
        }
    }

    /// The parsed cassette when it has been parsed, without parsing it or waiting for a parse in progress.
    var parsed: LoadedCassette? {
        if case .loaded(let cassette) = current { return cassette }
        return nil
    }

    /// Why the file did not parse at its first use (nil while it is being read).
    var failure: String? {
        if case .failed(let reason) = current { return reason }
        return nil
    }
}
