public import Foundation

/// Plays one cassette for a test or a flow run: replays what the cassette holds and, as the record mode
/// allows, records what it lacks through an upstream (a real transport), redacted, into a ``CassetteStore``.
///
/// | mode | recorded match | no match |
/// | --- | --- | --- |
/// | `none` | replayed | ``CassetteError/noMatch(_:)`` with the nearest request |
/// | `once` | replayed | recorded when the file did not exist, else an error |
/// | `new-episodes` | replayed | recorded and appended |
/// | `all` | recorded again | recorded |
///
/// Thread-safe: concurrent requests are all replayed or recorded, nothing is lost.
public final class CassetteRecorder: Sendable {
    /// The cassette's name in the store, `<vendor>/<flow>`.
    public let name: String
    /// The record mode it was opened with.
    public let mode: RecordMode
    /// The store it reads from and records into.
    public let store: CassetteStore
    /// The replay of what the cassette held when opened (nil when every request is recorded).
    public let replay: ReplaySession?
    /// Whether requests without a recorded match are recorded.
    public let records: Bool
    private let now: @Sendable () -> Date

    /// Opens the cassette `name` of `store`.
    ///
    /// - Parameters:
    ///   - mode: the record mode (``RecordMode/fromEnvironment(_:default:)`` reads `HARNESS_RECORD`).
    ///   - options: matching and replay options; their `redaction` rules are also applied when recording.
    ///   - settings: `_harness` settings for a new cassette (flow, vendor, volatile fields…), merged into an
    ///     existing one.
    ///   - now: the clock that stamps recorded interactions.
    /// - Throws: ``CassetteError/cassetteNotFound(cassette:file:hint:)`` in mode `none` when the file does not
    ///   exist; ``CassetteError/invalidRecordMode(value:source:)`` for a bad `HARNESS_RECORD`; load errors.
    public init(
        cassette name: String,
        store: CassetteStore,
        mode: RecordMode,
        options: ReplayOptions = ReplayOptions(),
        settings: HarnessExtension? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws(CassetteError) {
        self.name = name
        self.mode = mode
        self.store = store
        self.now = now
        let existing = try await store.load(name)
        var options = options
        options.mode = mode
        switch (mode, existing) {
        case (.none, nil):
            throw .cassetteNotFound(
                cassette: name, file: try store.url(for: name).path,
                hint: RecordingHint(cassette: name, flow: settings?.flow))
        case (.none, let cassette?), (.once, let cassette?):
            replay = try ReplaySession(
                cassette: cassette, name: name, file: try store.url(for: name).path, options: options)
            records = false
        case (.once, nil), (.all, _):
            replay = nil
            records = true
        case (.newEpisodes, let cassette):
            replay = try cassette.map { cassette throws(CassetteError) in
                try ReplaySession(cassette: cassette, name: name, file: try store.url(for: name).path, options: options)
            }
            records = true
        }
        if records {
            try await store.beginRecording(name, replacing: mode == .all, seed: settings, redaction: options.redaction)
        }
    }

    /// The response to `request`: replayed from the cassette, or fetched from `upstream` and recorded.
    public func response(
        for request: CassetteRequest,
        upstream: @Sendable (CassetteRequest) async throws -> CassetteResponse
    ) async throws -> CassetteResponse {
        if let replay {
            switch replay.lookup(request) {
            case .hit(let entry):
                return try replay.index.response(at: entry)
            case .exhausted(let matching) where !records:
                throw CassetteError.exhausted(
                    cassette: name, request: replay.index.summary(of: request), replayed: matching.count,
                    hint: replay.index.hint)
            case .miss where !records:
                throw CassetteError.noMatch(replay.miss(for: request))
            case .exhausted, .miss:
                break
            }
        }
        guard records else { throw CassetteError.invalidRequest("cassette '\(name)' neither replays nor records") }
        let position = await store.reservePosition(in: name)
        let startedAt = now()
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await upstream(request)
        let entry = HAR.Entry(
            request: request, response: response, startedAt: startedAt, duration: start.duration(to: clock.now))
        try await store.append(entry, at: position, to: name)
        return response
    }

    /// Waits until every recorded interaction is written.
    public func finish() async throws(CassetteError) {
        if records { try await store.flush(name) }
    }
}
