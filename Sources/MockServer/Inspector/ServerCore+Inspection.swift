import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension ServerCore {
    static let contractHeader = HTTPField.Name(LiveInspection.header)!

    /// `response` with the `X-Harness-Contract` header, and `entry` with the redacted exchange and the verdict.
    /// The vendor's answer (a simulator's, a recorded or a proxied one) is checked whole; a miss, a refusal or a
    /// faulted answer only on its request side, since the answer is the harness's own.
    func inspected(
        _ response: Response, request: CassetteRequest, vendor: String, faulted: Bool, started: ContinuousClock.Instant,
        entry: inout JournalEntry
    ) async throws -> Response {
        let body = try await FaultInjector.collect(response.body)
        var response = response
        let checksAnswer =
            !faulted && [JournalEntry.Outcome.simulated, .hit, .recorded].contains(entry.outcome)
        let recorded = CassetteResponse(
            status: response.status.code, statusText: response.status.reasonPhrase,
            headers: HeaderFields(response.headers), body: Data(body.readableBytesView))
        var record = liveRecord(vendor: vendor, request: request, response: recorded, checksResponse: checksAnswer)
        record.exchange.milliseconds = Self.milliseconds(since: started)
        entry.exchange = record.exchange
        entry.contract = record.verdict
        let verdict = record.verdict
        if let verdict {
            entry.sequence = journal.reserveSequence()
            response.headers[Self.contractHeader] = LiveInspection.headerValue(verdict, sequence: entry.sequence)
        }
        response.body = ResponseBody(byteBuffer: body)
        return response
    }

    /// The redacted exchange and its verdict, worked out once per exact request and response.
    func liveRecord(
        vendor: String, request: CassetteRequest, response: CassetteResponse, checksResponse: Bool
    ) -> LiveMemo.Record {
        let key = ExchangeMemo.Key(
            vendor: vendor, request: request, response: response, checksResponse: checksResponse)
        return exchanges.record(key) {
            let (exchange, verdict) = inspection.inspect(
                vendor: vendor, request: request, response: response, checksResponse: checksResponse,
                startedAt: now(), milliseconds: 0)
            return LiveMemo.Record(exchange: exchange, verdict: verdict)
        }
    }

    /// With `--strict-contract`, the harness error for a request that breaks its vendor's contract, journaled
    /// in `entry` (the simulator, the cassettes and the upstream are not asked); nil for any other request.
    func strictRefusal(_ request: CassetteRequest, vendor: String, entry: inout JournalEntry) -> Response? {
        guard inspection.strict, inspection.checks(vendor) else { return nil }
        let (_, verdict) = inspection.inspect(
            vendor: vendor, request: request, response: nil, checksResponse: false, startedAt: entry.time,
            milliseconds: 0)
        guard let verdict, !verdict.requestViolations.isEmpty else { return nil }
        entry.sequence = journal.reserveSequence()
        let refusal = LiveInspection.strictRefusal(verdict, vendor: vendor, sequence: entry.sequence)
        entry.outcome = .rejected
        entry.status = refusal.status
        let (exchange, _) = inspection.inspect(
            vendor: vendor, request: request, response: refusal, checksResponse: false, startedAt: entry.time,
            milliseconds: 0)
        entry.exchange = exchange
        entry.contract = verdict
        var response = refusal.hummingbirdResponse
        response.headers[Self.contractHeader] = LiveInspection.headerValue(verdict, sequence: entry.sequence)
        return response
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
