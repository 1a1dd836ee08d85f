import Foundation
import JSONCore

/// The interactions of a cassette indexed for lookup: bucketed by method and path, then by the hash of each
/// request's normalized form, so finding the interactions that answer a request costs the same at 10 entries
/// as at 100,000. Immutable and thread-safe; the mock server and ``ReplaySession`` share it.
///
/// Buckets are normalized on first use (parsing recorded bodies once), so loading stays fast.
package final class InteractionIndex: Sendable {
    /// The cassette's name, such as `engage/login`.
    package let name: String
    /// The cassette file, for messages.
    package let file: String?
    package let hint: RecordingHint
    package let options: ReplayOptions
    let entries: [HAR.Entry]
    let requests: [CassetteRequest]
    let normalizer: Normalizer
    /// Entries that declare volatile fields of their own, with their normalizer.
    let ownNormalizers: [Int: Normalizer]
    let buckets: [BucketKey: [Int]]
    private let prepared = Locked<[BucketKey: PreparedBucket]>([:])
    /// Responses converted from HAR on first replay.
    private let responses: Locked<[CassetteResponse?]>

    struct PreparedBucket: Sendable {
        var byForm: [NormalizedRequest: [Int]] = [:]
        var own: [(entry: Int, form: NormalizedRequest)] = []
        var forms: [Int: NormalizedRequest] = [:]
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
        let context = MatchContext(
            volatile: harness.volatile + options.volatile, secrets: options.redaction.adding(harness.redact),
            namespaces: harness.namespaces)
        try context.validate()
        normalizer = Normalizer(matcher: options.matcher, context: context)
        entries = cassette.entries
        var requests: [CassetteRequest] = []
        var own: [Int: Normalizer] = [:]
        var buckets: [BucketKey: [Int]] = [:]
        requests.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard let request = entry.request.cassetteRequest else {
                throw .malformed(
                    file: file ?? name, pointer: "/log/entries/\(index)/request/postData/text", expected: "base64 text",
                    found: "text that is not base64")
            }
            requests.append(request)
            if let volatile = entry.harness?.volatile, !volatile.isEmpty {
                let entryContext = context.adding(volatile: volatile)
                try entryContext.validate()
                own[index] = Normalizer(matcher: options.matcher, context: entryContext)
            }
            buckets[normalizer.bucket(request), default: []].append(index)
        }
        self.requests = requests
        responses = Locked(Array(repeating: nil, count: requests.count))
        ownNormalizers = own
        self.buckets = buckets
    }

    /// How many interactions the cassette holds.
    package var count: Int { entries.count }

    /// The recorded request of entry `index`.
    package func request(at index: Int) -> CassetteRequest { requests[index] }

    /// The HAR entry `index`.
    package func entry(at index: Int) -> HAR.Entry { entries[index] }

    /// The recorded response of entry `index`: the recorded bytes and headers exactly.
    package func response(at index: Int) throws(CassetteError) -> CassetteResponse {
        if let cached = responses.withLock({ $0[index] }) { return cached }
        guard let response = entries[index].response.cassetteResponse else {
            throw .malformed(
                file: file ?? name, pointer: "/log/entries/\(index)/response/content/text", expected: "base64 text",
                found: "text that is not base64")
        }
        responses.withLock { $0[index] = response }
        return response
    }

    /// Every entry that answers `request`, in recording order.
    package func matches(for request: CassetteRequest) -> [Int] {
        let url = request.parts
        let key = normalizer.bucket(request, url: url)
        guard let members = buckets[key] else { return [] }
        let bucket = prepare(key, members)
        var found = bucket.byForm[normalizer.normalize(request, url: url)] ?? []
        if !bucket.own.isEmpty {
            for (entry, form) in bucket.own where ownNormalizers[entry]?.normalize(request) == form {
                found.append(entry)
            }
            found.sort()
        }
        let predicates = normalizer.customPredicates
        if !predicates.isEmpty {
            found.removeAll { entry in !predicates.allSatisfy { $0(requests[entry], request) } }
        }
        return found
    }

    /// Normalizes every bucket now (a server may call it at start-up so no request pays for it).
    package func prepareAll() {
        for (key, members) in buckets { _ = prepare(key, members) }
    }

    private func prepare(_ key: BucketKey, _ members: [Int]) -> PreparedBucket {
        if let ready = prepared.withLock({ $0[key] }) { return ready }
        var bucket = PreparedBucket()
        for entry in members {
            let form = (ownNormalizers[entry] ?? normalizer).normalize(requests[entry])
            bucket.forms[entry] = form
            if ownNormalizers[entry] != nil {
                bucket.own.append((entry, form))
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
        guard !entries.isEmpty else { return nil }
        let incoming = normalizer.normalize(request)
        var candidates = buckets[normalizer.bucket(request)] ?? []
        if candidates.isEmpty {
            // Another method or path: rank by the cheap parts first, then compare the closest few fully.
            let path = FormCoding.decodePath(request.parts.path)
            candidates = Array(
                entries.indices.sorted { left, right in
                    rough(left, method: request.method, path: path) < rough(right, method: request.method, path: path)
                }.prefix(8))
        }
        var best: (entry: Int, form: NormalizedRequest, distance: Int)?
        for entry in candidates {
            let form = (ownNormalizers[entry] ?? normalizer).normalize(requests[entry])
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
        return NearestMatch(entry: best.entry, request: requests[best.entry].summary, differences: differences)
    }

    private func rough(_ entry: Int, method: String, path: String) -> Int {
        let request = requests[entry]
        return (request.method == method.uppercased() ? 0 : 2)
            + (FormCoding.decodePath(request.parts.path) == path ? 0 : 3)
    }

    /// `request` described for messages, with secrets in its URL replaced.
    func summary(of request: CassetteRequest) -> String {
        var replacer = SecretReplacer(rules: normalizer.context.secrets, table: PlaceholderTable(numbered: false))
        return "\(request.method) \(replacer.url(request.url))"
    }
}
