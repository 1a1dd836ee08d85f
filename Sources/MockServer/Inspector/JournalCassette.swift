import CassetteKit
import Foundation

/// The journal as a cassette: "what my app just did" as a contract-checked artefact.
enum JournalCassette {
    /// The outcomes whose answer is the vendor's (a simulator's, a recording's or the upstream's).
    static let exported: Set<JournalEntry.Outcome> = [.simulated, .hit, .recorded]

    /// A HAR cassette of the exchanges in `entries` that a vendor answered, in journal order, already redacted.
    ///
    /// - Throws: ``MockServerError/invalidAdminRequest(_:)`` when none is left, or when they come from more than
    ///   one vendor (a cassette holds one: filter with `vendor=`).
    static func make(from entries: [JournalEntry]) throws(MockServerError) -> Cassette {
        let chosen = entries.filter {
            exported.contains($0.outcome) && $0.exchange?.response != nil && $0.vendor != nil
        }
        let vendors = Set(chosen.compactMap(\.vendor)).sorted()
        guard let vendor = vendors.first else {
            throw .invalidAdminRequest(
                "no journaled exchange to export: only simulated, replayed (hit) and recorded answers with their"
                    + " bodies are (\(entries.count) entries matched the filters)")
        }
        guard vendors.count == 1 else {
            throw .invalidAdminRequest(
                "the journal holds exchanges of \(vendors.count) vendors (\(vendors.joined(separator: ", "))); a"
                    + " cassette holds one: add vendor=\(vendor)")
        }
        var cassette = Cassette(flow: "journal", vendor: vendor)
        for entry in chosen {
            guard let exchange = entry.exchange, let response = exchange.response, let status = entry.status else {
                continue
            }
            let request = CassetteRequest(
                method: entry.method, url: exchange.url, headers: fields(exchange.request.headers),
                body: exchange.request.bodyData)
            let answer = CassetteResponse(
                status: status, headers: fields(response.headers), body: response.bodyData)
            cassette.log.entries.append(
                HAR.Entry(
                    request: request, response: answer, startedAt: entry.time,
                    duration: .milliseconds(exchange.milliseconds)))
        }
        return cassette
    }

    private static func fields(_ headers: [JournalMessage.Header]) -> HeaderFields {
        HeaderFields(headers.map { HeaderFields.Field($0.name, $0.value) })
    }
}
