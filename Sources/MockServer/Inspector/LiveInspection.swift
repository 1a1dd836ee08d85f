import CassetteKit
import ContractKit
import Foundation
import JSONCore

/// The live side of the inspector: redacts each exchange with the recording rules for the journal, and checks it
/// against the vendor's contract with the engine `harness verify` uses (``ContractCheck``), as the exchange would
/// read once recorded (so a secret the redaction rules miss is reported as unredacted).
final class LiveInspection: Sendable {
    /// The contract check; nil when the live check is off.
    let check: ContractCheck?
    /// Whether a request that breaks its contract is answered with the violations instead of the vendor's answer.
    let strict: Bool
    /// One redactor for the session, so a secret gets the same placeholder in every entry (and in the HAR export).
    private let redactor = Locked(Redactor(rules: .default))

    /// The origin journal URLs are written under, as cassettes record the simulators.
    static let origin = "http://simulator.local"
    /// The response header carrying the verdict.
    static let header = "X-Harness-Contract"

    init(check: ContractCheck?, strict: Bool) {
        self.check = check
        self.strict = strict
    }

    /// Whether `vendor` has a contract to check against.
    func checks(_ vendor: String) -> Bool { check?.registry.contracts[vendor] != nil }

    /// The redacted exchange and, when the vendor has a contract, its verdict. `request` has its URL relative to
    /// the vendor's mount; unless `checksResponse`, only the request is checked (the answer is the harness's own).
    func inspect(
        vendor: String, request: CassetteRequest, response: CassetteResponse?, checksResponse: Bool, startedAt: Date,
        milliseconds: Double
    ) -> (exchange: JournalExchange, verdict: JournalVerdict?) {
        var absolute = request
        absolute.url = Self.origin + "/" + vendor + (request.url.hasPrefix("/") ? "" : "/") + request.url
        var entry = HAR.Entry(
            request: absolute, response: response ?? CassetteResponse(status: 0), startedAt: startedAt,
            duration: .milliseconds(milliseconds))
        redactor.withLock { _ = $0.redact(&entry) }
        let exchange = JournalExchange(
            url: entry.request.url, request: Self.message(entry.request),
            response: response == nil ? nil : Self.message(entry.response), milliseconds: milliseconds)
        guard let check, checks(vendor) else { return (exchange, nil) }
        var violations = check.check(Interaction(entry, cassette: "journal", index: 0), vendor: vendor)
        if !checksResponse { violations = violations.filter { $0.location.hasPrefix("request") } }
        let verdict = JournalVerdict(
            violations: violations.map {
                JournalVerdict.Violation(
                    kind: $0.kind.rawValue, location: $0.location, expected: $0.expected, actual: $0.actual,
                    schema: $0.schemaLocation)
            },
            requestOnly: !checksResponse)
        return (exchange, verdict)
    }

    /// The `X-Harness-Contract` value: `ok`, or `violations=N; /__harness/journal/SEQ`.
    static func headerValue(_ verdict: JournalVerdict, sequence: Int) -> String {
        verdict.ok ? "ok" : "violations=\(verdict.violations.count); /__harness/journal/\(sequence)"
    }

    /// The harness error `--strict-contract` answers a request breaking its contract with: 422 naming each
    /// violation (where, expected, actual, the declaration).
    static func strictRefusal(_ verdict: JournalVerdict, vendor: String, sequence: Int) -> CassetteResponse {
        let violations = verdict.requestViolations
        let lines = violations.map { "  " + $0.message }.joined(separator: "\n")
        return CassetteResponse.json(
            status: 422,
            .object(
                JSONObject([
                    ("error", "request breaks the contract"),
                    ("vendor", .string(vendor)),
                    ("journal", .string("/__harness/journal/\(sequence)")),
                    (
                        "violations",
                        .array(
                            violations.map { violation in
                                var object = JSONObject([
                                    ("kind", .string(violation.kind)), ("location", .string(violation.location)),
                                    ("expected", .string(violation.expected)), ("actual", .string(violation.actual)),
                                ])
                                if let schema = violation.schema { object["schema"] = .string(schema) }
                                return .object(object)
                            })
                    ),
                    (
                        "message",
                        .string(
                            "--strict-contract: the request breaks \(vendor)'s contract in \(violations.count) place(s)"
                                + " (the simulator was not asked):\n\(lines)"),
                    ),
                ])))
    }

    private static func message(_ request: HAR.Request) -> JournalMessage {
        JournalMessage(
            headers: request.headers.map { JournalMessage.Header(name: $0.name, value: $0.value) },
            body: request.postData?.text, base64: request.postData?.encoding == "base64",
            contentType: request.postData?.mimeType)
    }

    private static func message(_ response: HAR.Response) -> JournalMessage {
        JournalMessage(
            headers: response.headers.map { JournalMessage.Header(name: $0.name, value: $0.value) },
            body: response.content.text.flatMap { $0.isEmpty ? nil : $0 },
            base64: response.content.encoding == "base64",
            contentType: response.content.mimeType.isEmpty ? nil : response.content.mimeType)
    }
}

extension JournalNearestMiss {
    /// The nearest-miss explanation of a replay miss, as the miss's error body gives it.
    init(_ report: ReplayMissReport) {
        let match = report.nearest?.miss.nearest
        self.init(
            cassette: report.nearest?.cassette.description ?? report.searched.first?.description,
            entry: match?.entry, request: match?.request,
            differences: match?.differences.map {
                Difference(field: $0.field, expected: $0.expected, actual: $0.actual)
            } ?? [],
            message: report.message)
    }
}
