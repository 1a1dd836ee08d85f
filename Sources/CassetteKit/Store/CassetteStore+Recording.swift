import Foundation

extension CassetteStore {
    /// A cassette being recorded: what was there, what was recorded since, and the state of its writer.
    struct Recording {
        var base: Cassette
        var recorded: [(position: Int, entry: HAR.Entry)] = []
        var redactor: Redactor
        var nextPosition = 0
        var dirty = false
        var writing = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var failure: CassetteError?

        /// The cassette as it will be written: the previous entries, then the recorded ones in request order.
        var snapshot: Cassette {
            var cassette = base
            let start = cassette.log.entries.count
            cassette.log.entries.reserveCapacity(start + recorded.count)
            for (offset, item) in recorded.enumerated() {
                var entry = item.entry
                var harness = entry.harness ?? HarnessExtension()
                harness.order = start + offset
                entry.harness = harness
                cassette.log.entries.append(entry)
            }
            return cassette
        }
    }

    /// Starts (or joins) recording into `name`. With `.all`, the previous interactions are dropped (the
    /// cassette's `_harness` settings are kept); otherwise new interactions are appended. Nothing is written
    /// until an interaction is recorded.
    func beginRecording(
        _ name: String, replacing: Bool, seed: HarnessExtension?, redaction: RedactionRules
    ) throws(CassetteError) {
        let bare = try Self.validated(name)
        guard recordings[bare] == nil else { return }
        var base = try load(bare) ?? Cassette()
        if replacing { base.log.entries = [] }
        if let seed { base.harness = base.harness.merging(seed) }
        recordings[bare] = Recording(base: base, redactor: Redactor(for: base, rules: redaction))
    }

    /// Reserves the position of a request that is starting, so interactions are kept in request order
    /// whatever order their responses arrive in.
    func reservePosition(in name: String) -> Int {
        let bare = (try? Self.validated(name)) ?? name
        defer { recordings[bare]?.nextPosition += 1 }
        return recordings[bare]?.nextPosition ?? 0
    }

    /// Redacts `entry`, adds it at `position` and schedules a write.
    func append(_ entry: HAR.Entry, at position: Int, to name: String) throws(CassetteError) {
        let bare = try Self.validated(name)
        guard recordings[bare] != nil else { throw .invalidRequest("cassette '\(bare)' is not being recorded") }
        var redacted = entry
        recordings[bare]!.redactor.redact(&redacted)
        // Mutated in place through the dictionary: copying the recording out would copy every entry.
        let index = recordings[bare]!.recorded.lastIndex { $0.position < position }.map { $0 + 1 } ?? 0
        recordings[bare]!.recorded.insert((position, redacted), at: index)
        // An in-memory store's cassette is the recording itself (``load(_:)`` gives its snapshot).
        guard !keepsInMemory else { return }
        recordings[bare]!.dirty = true
        let startWriter = !recordings[bare]!.writing
        recordings[bare]!.writing = true
        if startWriter {
            Task { await self.writeLoop(bare) }
        }
    }

    /// Waits until everything recorded into `name` (or into every cassette) is on disk. When the last write
    /// failed (a full disk), the recording is written again first, so once space is back a flush succeeds and
    /// nothing recorded meanwhile is lost.
    ///
    /// - Throws: the last write failure, ``CassetteError/noSpace(file:code:)`` or
    ///   ``CassetteError/unwritable(file:reason:)``.
    public func flush(_ name: String? = nil) async throws(CassetteError) {
        let names = try name.map { name throws(CassetteError) in [try Self.validated(name)] } ?? Array(recordings.keys)
        for bare in names {
            if recordings[bare]?.failure != nil, recordings[bare]?.writing == false {
                recordings[bare]!.dirty = true
                recordings[bare]!.writing = true
                Task { await self.writeLoop(bare) }
            }
            if recordings[bare]?.writing == true {
                await withCheckedContinuation { continuation in recordings[bare]?.waiters.append(continuation) }
            }
            if let failure = recordings[bare]?.failure { throw failure }
        }
    }

    /// Writes the recording until no change is left unwritten. Each write holds everything recorded so far, so a
    /// successful one makes up for a failed one before it, and clears its failure.
    private func writeLoop(_ name: String) async {
        while let snapshot = takeSnapshot(name) {
            let failure: CassetteError?
            do {
                try await Self.write(snapshot, to: url(for: name))
                failure = nil
            } catch {
                failure = error
            }
            recordings[name]?.failure = failure
        }
    }

    /// The next state to write, or nil (and waiters resumed) when everything is written.
    private func takeSnapshot(_ name: String) -> Cassette? {
        guard recordings[name] != nil else { return nil }
        guard recordings[name]!.dirty else {
            recordings[name]!.writing = false
            let waiters = recordings[name]!.waiters
            recordings[name]!.waiters = []
            for waiter in waiters { waiter.resume() }
            return nil
        }
        recordings[name]!.dirty = false
        return recordings[name]!.snapshot
    }

    /// Encodes and writes off the actor, so recording goes on while a large cassette is written.
    @concurrent
    private static func write(_ cassette: Cassette, to url: URL) async throws(CassetteError) {
        try cassette.write(to: url)
    }
}

extension HarnessExtension {
    /// These settings with `other`'s set values taking precedence (lists are joined).
    func merging(_ other: HarnessExtension) -> HarnessExtension {
        var merged = self
        merged.flow = other.flow ?? flow
        merged.vendor = other.vendor ?? vendor
        merged.volatile += other.volatile.filter { !volatile.contains($0) }
        merged.redact += other.redact.filter { !redact.contains($0) }
        merged.namespaces.merge(other.namespaces) { $1 }
        merged.schema = other.schema ?? schema
        merged.outcome = other.outcome ?? outcome
        return merged
    }
}
