import Foundation
import JSONCore

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
        /// The previous entries' text (``CassetteText``), kept from the first write.
        var baseTexts: [[UInt8]]?
        /// The recorded entries' text by position, with the `_harness.order` it holds.
        var recordedTexts: [Int: (order: Int, text: [UInt8])] = [:]

        /// The next write: the cassette as ``snapshot`` gives it, each entry with the text an earlier write kept.
        var writeJob: WriteJob {
            var frame = base
            frame.log.entries = []
            var parts: [WriteJob.Part] = []
            parts.reserveCapacity(base.log.entries.count + recorded.count)
            for (index, entry) in base.log.entries.enumerated() {
                parts.append(WriteJob.Part(entry: entry, text: baseTexts?[index], key: .base))
            }
            let start = base.log.entries.count
            for (offset, item) in recorded.enumerated() {
                let order = start + offset
                let kept = recordedTexts[item.position].flatMap { $0.order == order ? $0.text : nil }
                parts.append(
                    WriteJob.Part(entry: item.entry, text: kept, key: .recorded(position: item.position, order: order)))
            }
            return WriteJob(frame: frame, parts: parts)
        }

        /// Keeps the text a write encoded, for the writes after it.
        mutating func keep(_ encoded: WriteJob.Encoded) {
            if baseTexts == nil, encoded.base.count == base.log.entries.count { baseTexts = encoded.base }
            for item in encoded.recorded { recordedTexts[item.position] = (item.order, item.text) }
        }

        /// The cassette as it will be written: the previous entries, then the recorded ones in request order.
        var snapshot: Cassette { writeJob.cassette }
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
        while let job = takeJob(name) {
            let failure: CassetteError?
            do {
                let encoded = try await Self.write(job, to: url(for: name))
                recordings[name]?.keep(encoded)
                failure = nil
            } catch {
                failure = error
            }
            recordings[name]?.failure = failure
        }
    }

    /// The next state to write, or nil (and waiters resumed) when everything is written.
    private func takeJob(_ name: String) -> WriteJob? {
        guard recordings[name] != nil else { return nil }
        guard recordings[name]!.dirty else {
            recordings[name]!.writing = false
            let waiters = recordings[name]!.waiters
            recordings[name]!.waiters = []
            for waiter in waiters { waiter.resume() }
            return nil
        }
        recordings[name]!.dirty = false
        return recordings[name]!.writeJob
    }

    /// Encodes and writes off the actor, so recording goes on while a large cassette is written, and on a thread of
    /// its own: the write waits for `fsync`, which on a slow or busy disk takes long enough to stall the cooperative
    /// pool's one thread per core, and with it every request a recording server is answering.
    private static func write(_ job: WriteJob, to url: URL) async throws(CassetteError) -> WriteJob.Encoded {
        try await onOwnThread { () -> Result<WriteJob.Encoded, CassetteError> in
            Result { () throws(CassetteError) in try job.write(to: url) }
        }.get()
    }
}

/// One write of a cassette being recorded: the cassette without its entries, and each entry with its text when an
/// earlier write encoded it. Only the entries new since then (or moved, their order changed) are encoded.
struct WriteJob: Sendable {
    struct Part: Sendable {
        /// The entry as recorded; a recorded one gets its `_harness.order` from ``key`` when written.
        var entry: HAR.Entry
        var text: [UInt8]?
        var key: Key

        /// The entry as the file holds it.
        var written: HAR.Entry {
            guard case .recorded(_, let order) = key else { return entry }
            var entry = entry
            var harness = entry.harness ?? HarnessExtension()
            harness.order = order
            entry.harness = harness
            return entry
        }
    }

    /// Which entry a text belongs to.
    enum Key: Sendable {
        /// One of the entries the cassette held before recording.
        case base
        /// The entry recorded at `position`, written with `_harness.order` `order`.
        case recorded(position: Int, order: Int)
    }

    /// The text a write encoded: every previous entry's (all or none), and recorded entries'.
    struct Encoded: Sendable {
        var base: [[UInt8]] = []
        var recorded: [(position: Int, order: Int, text: [UInt8])] = []
    }

    var frame: Cassette
    var parts: [Part]

    /// The cassette this job writes, every entry as the file holds it.
    var cassette: Cassette {
        var cassette = frame
        cassette.log.entries = parts.map(\.written)
        return cassette
    }

    /// Encodes the entries without text, writes the file as ``Cassette/write(to:)`` would, and returns what it
    /// encoded.
    func write(to url: URL) throws(CassetteError) -> Encoded {
        var encoded = Encoded()
        var texts: [[UInt8]] = []
        texts.reserveCapacity(parts.count)
        for part in parts {
            if let text = part.text {
                texts.append(text)
                continue
            }
            let text = CassetteText.entry(part.written)
            texts.append(text)
            switch part.key {
            case .base: encoded.base.append(text)
            case .recorded(let position, let order): encoded.recorded.append((position, order, text))
            }
        }
        if let data = CassetteText.assemble(frame, entries: texts) {
            try AtomicFile.write(data, to: url)
            AtomicFile.removeAbandonedTemporaryFiles(beside: url)
        } else {
            try cassette.write(to: url)
        }
        return encoded
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
