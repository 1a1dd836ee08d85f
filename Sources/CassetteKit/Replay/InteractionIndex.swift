import Foundation
import JSONCore

/// The interactions of a cassette indexed for lookup: bucketed by method and path, then by the hash of each
/// request's normalized form, so finding the interactions that answer a request costs the same at 10 entries
/// as at 100,000. Immutable and thread-safe; the mock server and ``ReplaySession`` share it.
///
/// Buckets are normalized on first use (parsing recorded bodies once), so loading stays fast. An index made from
/// a ``CassetteOutline`` goes further: it decodes an entry from the cassette's text only when a bucket holding it
/// is first used (``init(outline:name:file:options:)``).
package final class InteractionIndex: Sendable {
    /// The cassette's name, such as `engage/login`.
    package let name: String
    /// The cassette file, for messages.
    package let file: String?
    package let hint: RecordingHint
    package let options: ReplayOptions
    let normalizer: Normalizer
    /// Where the entries come from: decoded already, or from the outline's text at first use.
    let store: EntryStore
    /// The recorded request of each entry, or (outlined) its method and URL only, which route it.
    let routing: [CassetteRequest]
    let buckets: [BucketKey: [Int]]
    private let prepared = Locked<[BucketKey: PreparedBucket]>([:])
    /// The first entry of an outlined index that did not decode.
    private let damage = Locked<CassetteError?>(nil)

    struct PreparedBucket: Sendable {
        var byForm: [NormalizedRequest: [Int]] = [:]
        var own: [(entry: Int, form: NormalizedRequest, normalizer: Normalizer)] = []
    }

    /// Indexes `cassette`.
    ///
    /// - Throws: ``CassetteError/malformed(file:pointer:expected:found:)`` for a request body that claims
    ///   base64 but is not, ``CassetteError/invalidField(text:reason:)`` for a volatile XPath that does not compile.
    package init(
        cassette: Cassette, name: String, file: String? = nil, options: ReplayOptions = ReplayOptions()
    )
        throws(CassetteError)
    {
        self.name = name
        self.file = file
        self.options = options
        let harness = cassette.harness
        hint = RecordingHint(cassette: name, flow: harness.flow)
        let normalizer = try Self.normalizer(harness, options: options)
        self.normalizer = normalizer
        var decoded: [IndexedEntry] = []
        var buckets: [BucketKey: [Int]] = [:]
        decoded.reserveCapacity(cassette.entries.count)
        for (index, entry) in cassette.entries.enumerated() {
            let indexed = try IndexedEntry(entry, at: index, normalizer: normalizer, file: file ?? name)
            decoded.append(indexed)
            buckets[normalizer.bucket(indexed.request), default: []].append(index)
        }
        routing = decoded.map(\.request)
        store = .decoded(decoded)
        self.buckets = buckets
    }

    /// Indexes the cassette `outline` found, decoding each entry at the first lookup that may need it. The log's
    /// `_harness` object is decoded now.
    ///
    /// - Throws: what ``init(cassette:name:file:options:)`` throws for the log's `_harness` object; an entry that
    ///   does not decode later is kept in ``failure`` and matches nothing.
    package init(
        outline: CassetteOutline, name: String, file: String? = nil, options: ReplayOptions = ReplayOptions()
    ) throws(CassetteError) {
        self.name = name
        self.file = file
        self.options = options
        let harness = try outline.logHarness(file: file ?? name)
        hint = RecordingHint(cassette: name, flow: harness.flow)
        // A local, so the loop below does not copy the normalizer out of the object under construction per entry.
        let normalizer = try Self.normalizer(harness, options: options)
        self.normalizer = normalizer
        var routing: [CassetteRequest] = []
        var buckets: [BucketKey: [Int]] = [:]
        routing.reserveCapacity(outline.entries.count)
        buckets.reserveCapacity(outline.entries.count)
        for (index, entry) in outline.entries.enumerated() {
            let request = CassetteRequest(method: entry.method, url: entry.url)
            routing.append(request)
            buckets[normalizer.bucket(request), default: []].append(index)
        }
        self.routing = routing
        store = .outlined(outline, Locked(Array(repeating: nil, count: routing.count)))
        self.buckets = buckets
    }

    private static func normalizer(
        _ harness: HarnessExtension, options: ReplayOptions
    ) throws(CassetteError)
        -> Normalizer
    {
        let context = MatchContext(
            volatile: harness.volatile + options.volatile, secrets: options.redaction.adding(harness.redact),
            namespaces: harness.namespaces)
        try context.validate()
        return Normalizer(matcher: options.matcher, context: context)
    }

    /// Why an entry of an outlined index did not decode (the first one found); nil while every entry used did.
    /// The cassette's text is then not what its outline said: read it in full for the whole story.
    package var failure: CassetteError? { damage.withLock { $0 } }

    /// How many interactions the cassette holds.
    package var count: Int { routing.count }

    /// The recorded request of entry `index` (of an outlined index whose entry does not decode, its method and URL
    /// only: see ``failure``).
    package func request(at index: Int) -> CassetteRequest { (try? indexed(index).request) ?? routing[index] }

    /// The recorded response of entry `index`: the recorded bytes and headers exactly.
    package func response(at index: Int) throws(CassetteError) -> CassetteResponse {
        try indexed(index).response(at: index, file: file ?? name)
    }

    /// Every entry that answers `request`, in recording order.
    package func matches(for request: CassetteRequest) -> [Int] {
        let url = request.parts
        let key = normalizer.bucket(request, url: url)
        guard let members = buckets[key], let bucket = prepare(key, members) else { return [] }
        var found = bucket.byForm[normalizer.normalize(request, url: url)] ?? []
        if !bucket.own.isEmpty {
            for (entry, form, own) in bucket.own where own.normalize(request) == form {
                found.append(entry)
            }
            found.sort()
        }
        let predicates = normalizer.customPredicates
        if !predicates.isEmpty {
            found.removeAll { entry in
                guard let recorded = try? indexed(entry).request else { return true }
                return !predicates.allSatisfy { $0(recorded, request) }
            }
        }
        return found
    }

    /// Normalizes every bucket now (a server may call it at start-up so no request pays for it).
    package func prepareAll() {
        for (key, members) in buckets { _ = prepare(key, members) }
    }

    /// The bucket `key` normalized, normalizing it now if needed; nil when one of its entries does not decode.
    private func prepare(_ key: BucketKey, _ members: [Int]) -> PreparedBucket? {
        if let ready = prepared.withLock({ $0[key] }) { return ready }
        var bucket = PreparedBucket()
        for entry in members {
            guard let indexed = usable(entry) else { return nil }
            let form = (indexed.own ?? normalizer).normalize(indexed.request)
            if let own = indexed.own {
                bucket.own.append((entry, form, own))
            } else {
                bucket.byForm[form, default: []].append(entry)
            }
        }
        return prepared.withLock { stored in
            if let existing = stored[key] { return existing }
            stored[key] = bucket
            return bucket
        }
    }

    /// The recorded request closest to `request` and how they differ (redacted), or nil for an empty cassette.
    package func nearestMatch(to request: CassetteRequest) -> NearestMatch? {
        guard !routing.isEmpty else { return nil }
        let incoming = normalizer.normalize(request)
        var candidates = buckets[normalizer.bucket(request)] ?? []
        if candidates.isEmpty {
            // Another method or path: rank by the cheap parts first, then compare the closest few fully.
            let path = FormCoding.decodePath(request.parts.path)
            candidates = Array(
                routing.indices.sorted { left, right in
                    rough(left, method: request.method, path: path) < rough(right, method: request.method, path: path)
                }.prefix(8))
        }
        var best: (entry: Int, form: NormalizedRequest, distance: Int)?
        for entry in candidates {
            guard let indexed = usable(entry) else { continue }
            let form = (indexed.own ?? normalizer).normalize(indexed.request)
            let distance = form.distance(to: incoming)
            if best == nil || distance < best!.distance { best = (entry, form, distance) }
        }
        guard let best else { return nil }
        var differences = best.form.differences(from: incoming)
        if differences.isEmpty, !normalizer.customPredicates.isEmpty {
            let names = options.matcher.rules.compactMap { rule -> String? in
                if case .custom(let name, _) = rule { return name }
                return nil
            }
            differences = [FieldDifference(field: "custom", expected: names.joined(separator: ", "), actual: "false")]
        }
        return NearestMatch(entry: best.entry, request: routing[best.entry].summary, differences: differences)
    }

    private func rough(_ entry: Int, method: String, path: String) -> Int {
        let request = routing[entry]
        return (request.method == method.uppercased() ? 0 : 2)
            + (FormCoding.decodePath(request.parts.path) == path ? 0 : 3)
    }

    /// Entry `index` decoded, or nil (kept in ``failure``) when it does not decode.
    private func usable(_ index: Int) -> IndexedEntry? {
        do {
            return try indexed(index)
        } catch {
            damage.withLock { damage in damage = damage ?? error }
            return nil
        }
    }

    /// `request` described for messages, with secrets in its URL replaced.
    func summary(of request: CassetteRequest) -> String {
        var replacer = SecretReplacer(rules: normalizer.context.secrets, table: PlaceholderTable(numbered: false))
        return "\(request.method) \(replacer.url(request.url))"
    }
}
