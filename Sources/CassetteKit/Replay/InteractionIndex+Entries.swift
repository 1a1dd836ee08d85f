import Foundation
import JSONCore

/// Where an ``InteractionIndex`` takes its entries from.
enum EntryStore: Sendable {
    /// Every entry decoded when the index was made.
    case decoded([IndexedEntry])
    /// Entries decoded from the outline's text at first use, and kept.
    case outlined(CassetteOutline, Locked<[IndexedEntry?]>)
}

/// An entry as the index uses it: its request as sent, its recorded response, and the normalizer of its own
/// volatile fields when it declares some. The HAR entry itself is not kept: replay needs only these, and a large
/// cassette's decoded entries would otherwise hold every response body a second time.
struct IndexedEntry: Sendable {
    let request: CassetteRequest
    let own: Normalizer?
    /// The recorded response, or nil when its body claims base64 but is not (``response(at:file:)`` reports it).
    private let response: CassetteResponse?

    /// Entry `index` of a cassette matched by `normalizer`.
    ///
    /// - Throws: ``CassetteError/malformed(file:pointer:expected:found:)`` for a request body that claims base64 but
    ///   is not, ``CassetteError/invalidField(text:reason:)`` for a volatile XPath of its own that does not compile.
    init(_ entry: HAR.Entry, at index: Int, normalizer: Normalizer, file: String) throws(CassetteError) {
        guard let request = entry.request.cassetteRequest else {
            throw .malformed(
                file: file, pointer: "/log/entries/\(index)/request/postData/text", expected: "base64 text",
                found: "text that is not base64")
        }
        self.request = request
        response = entry.response.cassetteResponse
        if let volatile = entry.harness?.volatile, !volatile.isEmpty {
            let context = normalizer.context.adding(volatile: volatile)
            try context.validate()
            own = Normalizer(matcher: normalizer.matcher, context: context)
        } else {
            own = nil
        }
    }

    /// The recorded response of this entry, entry `index` of the cassette in `file`.
    ///
    /// - Throws: ``CassetteError/malformed(file:pointer:expected:found:)`` when its body claims base64 but is not.
    func response(at index: Int, file: String) throws(CassetteError) -> CassetteResponse {
        guard let response else {
            throw .malformed(
                file: file, pointer: "/log/entries/\(index)/response/content/text", expected: "base64 text",
                found: "text that is not base64")
        }
        return response
    }
}

extension InteractionIndex {
    /// Entry `index`, decoded from the outline's text now if it was not yet.
    ///
    /// - Throws: what reading the entry throws, or ``CassetteError/malformed(file:pointer:expected:found:)`` when its
    ///   text is not the interaction the outline found there (the file changed since it was outlined).
    func indexed(_ index: Int) throws(CassetteError) -> IndexedEntry {
        switch store {
        case .decoded(let entries):
            return entries[index]
        case .outlined(let outline, let cache):
            if let kept = cache.withLock({ $0[index] }) { return kept }
            let decoded = try decode(index, from: outline)
            return cache.withLock { cache in
                if let kept = cache[index] { return kept }
                cache[index] = decoded
                return decoded
            }
        }
    }

    /// Reads entry `index` from its text, as a full read of the cassette would, and checks it is the interaction
    /// the outline routed (same method and URL). Its response is checked now, so a response that does not convert
    /// is found when its bucket is first used rather than at the hit.
    private func decode(_ index: Int, from outline: CassetteOutline) throws(CassetteError) -> IndexedEntry {
        let source = file ?? name
        let pointer = JSONPointer.root.appending("log").appending("entries").appending(index)
        let located = outline.entries[index]
        guard let value = try? JSONValue(parsing: outline.text(located.range)) else {
            throw .malformed(
                file: source, pointer: pointer.description, expected: "the interaction outlined there",
                found: "text that is not one JSON value")
        }
        var reader = try HARReader(value, at: pointer, file: source)
        let entry = try HAR.Entry(reading: &reader)
        guard entry.request.method == located.method, entry.request.url == located.url else {
            throw .malformed(
                file: source, pointer: pointer.appending("request").description,
                expected: "\(located.method) \(located.url) as outlined",
                found: "\(entry.request.method) \(entry.request.url)")
        }
        let indexed = try IndexedEntry(entry, at: index, normalizer: normalizer, file: source)
        _ = try indexed.response(at: index, file: source)
        return indexed
    }
}

extension CassetteOutline {
    /// The log's `_harness` object decoded (an empty one when there is none), as a full read would.
    func logHarness(file: String) throws(CassetteError) -> HarnessExtension {
        guard let harness else { return HarnessExtension() }
        let pointer = JSONPointer.root.appending("log").appending(HarnessExtension.key)
        guard let value = try? JSONValue(parsing: text(harness)) else {
            throw .malformed(
                file: file, pointer: pointer.description, expected: "the object outlined there",
                found: "text that is not one JSON value")
        }
        var reader = try HARReader(value, at: pointer, file: file)
        return try HarnessExtension(reading: &reader)
    }
}
