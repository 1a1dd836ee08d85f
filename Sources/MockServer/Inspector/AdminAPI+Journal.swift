import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import NIOCore
import ServiceLifecycle

extension AdminAPI {
    /// The journal's filters from a query: `vendor`, `method`, `path`, `status`, `outcome`, `violations` and
    /// `since`. A value that is not what its name says is a ``MockServerError/invalidAdminRequest(_:)`` naming it.
    func journalFilter(_ request: Request) throws(MockServerError) -> JournalFilter {
        let query = request.uri.queryParameters
        func number(_ name: String, in range: ClosedRange<Int>) throws(MockServerError) -> Int? {
            guard let text = query[Substring(name)].map(String.init) else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw .invalidAdminRequest(
                    "\(name)=\(text.prefix(40)) is not a whole number in \(range.lowerBound)...\(range.upperBound)")
            }
            return value
        }
        var outcome: JournalEntry.Outcome?
        if let text = query["outcome"].map(String.init) {
            guard let value = JournalEntry.Outcome(rawValue: text) else {
                let known = [
                    "simulated", "hit", "miss", "recorded", "proxy-failed", "unknown-vendor", "rejected", "fault",
                ]
                throw .invalidAdminRequest("outcome=\(text.prefix(40)) is not one of \(known.joined(separator: ", "))")
            }
            outcome = value
        }
        let violations = query["violations"].map { ["1", "true", "yes", ""].contains(String($0).lowercased()) }
        return JournalFilter(
            vendor: query["vendor"].map(String.init), method: query["method"].map(String.init),
            path: query["path"].map(String.init), status: try number("status", in: 0...999), outcome: outcome,
            violationsOnly: violations ?? false, since: try number("since", in: 0...Int.max))
    }

    /// `GET /__harness/journal`: the entries matching the query's filters, with what the bounds dropped.
    func journal(_ request: Request) -> Response {
        do {
            let entries = core.journal.entries(matching: try journalFilter(request))
            return encode(AdminModels.Journal(count: entries.count, dropped: core.journal.dropped, entries: entries))
        } catch {
            return failure(error)
        }
    }

    /// `GET /__harness/journal/{seq}`: one entry, while the journal keeps it.
    func journalEntry(_ context: HarnessRequestContext) -> Response {
        let text = context.parameters.get("seq") ?? ""
        guard let sequence = Int(text), sequence > 0 else {
            return failure(
                MockServerError.invalidAdminRequest("journal/\(text.prefix(40)) is not a sequence number (1 or more)"))
        }
        guard let entry = core.journal.entry(sequence) else {
            let kept = core.journal.entries()
            let range = kept.isEmpty ? "the journal is empty" : "it keeps \(kept.count) entries, \(kept[0].sequence)…"
            return .json(
                status: 404,
                [
                    "error": "no such journal entry",
                    "message": .string(
                        "journal entry \(sequence) is not kept (\(range)); GET /__harness/journal lists them"),
                ])
        }
        return encode(entry)
    }

    /// `GET /__harness/journal/stream`: server-sent events, one `entry` event per new journal entry (its JSON, the
    /// sequence as the event id), after those above `since` (or `Last-Event-ID`) that match the filters. Ends when
    /// the client goes or the server shuts down.
    func journalStream(_ request: Request) -> Response {
        var filter: JournalFilter
        do {
            filter = try journalFilter(request)
        } catch {
            return failure(error)
        }
        if filter.since == nil, let last = request.headers[HTTPField.Name("Last-Event-ID")!].flatMap({ Int($0) }) {
            filter.since = max(0, last)
        }
        let journal = core.journal
        let stream = journal.subscribe()
        let backlog = filter.since == nil ? [] : journal.entries(matching: filter)
        let matching = filter
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            var last = 0
            for entry in backlog {
                try await writer.write(Self.event(entry))
                last = entry.sequence
            }
            try await withGracefulShutdownHandler {
                for await entry in stream where entry.sequence > last && matching.matches(entry) {
                    try await writer.write(Self.event(entry))
                }
            } onGracefulShutdown: {
                journal.finishSubscribers()
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    private static func event(_ entry: JournalEntry) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let json = (try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ByteBuffer(string: "id: \(entry.sequence)\nevent: entry\ndata: \(json)\n\n")
    }

    /// `GET /__harness/journal.har`: the journaled exchanges matching the filters as a redacted HAR cassette of
    /// one vendor, which `harness verify` and `harness import` accept.
    func journalCassette(_ request: Request) -> Response {
        do {
            let cassette = try JournalCassette.make(from: core.journal.entries(matching: try journalFilter(request)))
            var data = cassette.encoded()
            if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/json",
                    .contentDisposition: "attachment; filename=\"journal.har\"",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        } catch {
            return failure(error, status: 400)
        }
    }
}
