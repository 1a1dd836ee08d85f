import Foundation
import JSONCore
import LibXML

extension CassetteDiff {
    /// Compares `old` with `new`.
    ///
    /// Entries pair when their requests match the way replay matches them (``RequestMatcher/default``: method,
    /// path, query and body semantically, secrets redacted, volatile fields of either cassette ignored), in
    /// order; then status, headers (but `Content-Length`), body and the entry's outcome of each pair are
    /// compared, and the cassettes' recorded outcomes.
    ///
    /// - Parameters:
    ///   - oldName: the old cassette's name or file, for messages.
    ///   - redaction: the secrets compared in redacted form (each cassette's `_harness.redact` is added).
    ///   - volatile: volatile fields besides the cassettes' own (the vendor's `x-volatile` in `Schemas/`).
    /// - Throws: ``CassetteError/malformed(file:pointer:expected:found:)`` for a body that claims base64 but is
    ///   not, ``CassetteError/invalidField(text:reason:)`` for a volatile XPath that does not compile.
    public init(
        old: Cassette, new: Cassette, oldName: String = "old", newName: String = "new",
        redaction: RedactionRules = .default, volatile extra: [FieldRule] = []
    ) throws(CassetteError) {
        var volatile: [FieldRule] = []
        for rule in extra + old.harness.volatile + new.harness.volatile
            + (old.entries + new.entries).flatMap({
                $0.harness?.volatile ?? []
            }) where !volatile.contains(rule)
        {
            volatile.append(rule)
        }
        let context = MatchContext(
            volatile: volatile, secrets: redaction.adding(old.harness.redact + new.harness.redact),
            namespaces: old.harness.namespaces.merging(new.harness.namespaces) { mine, _ in mine })
        try context.validate()
        let comparer = EntryComparer(context: context)
        let oldSides = try Self.sides(of: old, name: oldName)
        let newSides = try Self.sides(of: new, name: newName)

        // Pair in order: each new entry takes the first unpaired old entry whose request normalizes the same.
        let matcher = Normalizer(matcher: .default, context: context)
        var waiting: [NormalizedRequest: [Int]] = [:]
        for (index, side) in oldSides.enumerated() {
            waiting[matcher.normalize(side.request), default: []].append(index)
        }
        var partner: [Int?] = []
        for side in newSides {
            let form = matcher.normalize(side.request)
            if let first = waiting[form]?.first {
                waiting[form]?.removeFirst()
                partner.append(first)
            } else {
                partner.append(nil)
            }
        }
        let paired = Set(partner.compactMap { $0 })

        var entries: [EntryChange] = []
        var nextOld = 0
        func flushRemoved(before limit: Int) {
            while nextOld < limit {
                if !paired.contains(nextOld) {
                    entries.append(
                        EntryChange(
                            kind: .removed, oldIndex: nextOld, newIndex: nil,
                            request: comparer.summary(oldSides[nextOld].request)))
                }
                nextOld += 1
            }
        }
        for (newIndex, oldIndex) in partner.enumerated() {
            guard let oldIndex else {
                entries.append(
                    EntryChange(
                        kind: .added, oldIndex: nil, newIndex: newIndex,
                        request: comparer.summary(newSides[newIndex].request)))
                continue
            }
            flushRemoved(before: oldIndex)
            let fields = comparer.changes(oldSides[oldIndex], newSides[newIndex])
            if !fields.isEmpty {
                entries.append(
                    EntryChange(
                        kind: .changed, oldIndex: oldIndex, newIndex: newIndex,
                        request: comparer.summary(newSides[newIndex].request), fields: fields))
            }
        }
        flushRemoved(before: oldSides.count)
        self.init(
            cassette: EntryComparer.outcomeChanges(old.harness.outcome, new.harness.outcome, prefix: "outcome"),
            entries: entries)
    }

    /// Each entry's request and response, or the error naming the entry whose body is not valid base64.
    private static func sides(of cassette: Cassette, name: String) throws(CassetteError) -> [EntryComparer.Side] {
        var sides: [EntryComparer.Side] = []
        for (index, entry) in cassette.entries.enumerated() {
            guard let request = entry.request.cassetteRequest else {
                throw .malformed(
                    file: name, pointer: "/log/entries/\(index)/request/postData/text", expected: "base64 text",
                    found: "text that is not base64")
            }
            guard let response = entry.response.cassetteResponse else {
                throw .malformed(
                    file: name, pointer: "/log/entries/\(index)/response/content/text", expected: "base64 text",
                    found: "text that is not base64")
            }
            sides.append(EntryComparer.Side(request: request, response: response, outcome: entry.harness?.outcome))
        }
        return sides
    }
}

/// Compares the two sides of a pair of entries, through the normalization request matching uses.
struct EntryComparer {
    struct Side {
        var request: CassetteRequest
        var response: CassetteResponse
        var outcome: JSONValue?
    }

    let context: MatchContext
    /// Headers left out: derived from the body, which is compared itself.
    static let derivedHeaders: Set<String> = ["content-length"]

    func changes(_ old: Side, _ new: Side) -> [FieldChange] {
        var found = headerChanges(old.request.headers, new.request.headers, prefix: "request ")
        if old.response.status != new.response.status {
            found.append(
                FieldChange(
                    kind: .changed, field: "response status", old: String(old.response.status),
                    new: String(new.response.status)))
        }
        found += headerChanges(old.response.headers, new.response.headers, prefix: "response ")
        found += bodyChanges(old.response, new.response)
        found += Self.outcomeChanges(old.outcome, new.outcome, prefix: "response outcome")
        return found
    }

    private func headerChanges(_ old: HeaderFields, _ new: HeaderFields, prefix: String) -> [FieldChange] {
        var names: [String] = []
        for field in Array(old) + Array(new) {
            let name = field.name.lowercased()
            if !names.contains(name), !Self.derivedHeaders.contains(name) { names.append(name) }
        }
        let normalizer = Normalizer(matcher: RequestMatcher([.headers(names.sorted())]), context: context)
        let url = "http://diff.local/"
        let left = normalizer.normalize(CassetteRequest(method: "GET", url: url, headers: old))
        let right = normalizer.normalize(CassetteRequest(method: "GET", url: url, headers: new))
        guard case .headers(let mine)? = left.parts.first, case .headers(let theirs)? = right.parts.first else {
            return []
        }
        return NormalizedRequest.pairDifferences("header", mine, theirs).map { FieldChange($0, prefix: prefix) }
    }

    private func bodyChanges(_ old: CassetteResponse, _ new: CassetteResponse) -> [FieldChange] {
        BodyComparison(context: context).differences(
            expected: old.body, expectedType: old.headers["Content-Type"], actual: new.body,
            actualType: new.headers["Content-Type"]
        ).map { FieldChange($0, prefix: "response ") }
    }

    /// Changes between two recorded outcomes, by JSON pointer.
    static func outcomeChanges(_ old: JSONValue?, _ new: JSONValue?, prefix: String) -> [FieldChange] {
        switch (old, new) {
        case (nil, nil): return []
        case (let old?, nil): return [FieldChange(kind: .removed, field: prefix, old: old.serialized(), new: nil)]
        case (nil, let new?): return [FieldChange(kind: .added, field: prefix, old: nil, new: new.serialized())]
        case (let old?, let new?):
            return old.differences(from: new, limit: 100).map {
                FieldChange(
                    FieldDifference(field: " json:\($0.pointer)", expected: $0.expected, actual: $0.actual),
                    prefix: prefix)
            }
        }
    }

    /// `METHOD URL`, secret query parameters replaced.
    func summary(_ request: CassetteRequest) -> String {
        var replacer = SecretReplacer(rules: context.secrets, table: PlaceholderTable(numbered: false))
        return "\(request.method) \(replacer.url(request.url))"
    }
}
