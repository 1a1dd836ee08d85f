import CassetteKit
import FlowCatalog
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// The consumer check: the flow, re-run against its cassette in record mode `none`, sends every recorded
/// request in recorded order (semantic matching, volatile fields ignored), leaves no entry unused, and ends
/// with the recorded outcome.
enum ConsumerCheck {
    static func run(_ flow: Flow, cassette: Cassette, file: String, timeout: Duration) async -> [String] {
        let session: ReplaySession
        do {
            session = try ReplaySession(
                cassette: cassette, name: flow.id, file: file, options: ReplayOptions(volatile: flow.volatile))
        } catch {
            return ["\(file): \(error.description)"]
        }
        let transport = OrderedReplayTransport(session: session)
        let record = "swift run harness record \(flow.id)"
        var failures: [String] = []
        let outcome: JSONValue?
        do {
            outcome = try await FlowRunner.run(
                flow, transport: transport, baseURL: recordedBaseURL(of: cassette, vendor: flow.vendor),
                timeout: timeout)
        } catch {
            outcome = nil
            let text = FlowFailure.describe(error)
            if !transport.problems.contains(where: { text.contains($0) }) {
                failures.append(
                    error is FlowRunError ? text : "the flow threw instead of returning its outcome: \(text)")
            }
        }
        failures.insert(contentsOf: transport.problems, at: 0)
        guard failures.isEmpty, let outcome else { return failures }
        for entry in session.unplayedEntries {
            let request = session.index.request(at: entry)
            failures.append(
                "\(file) entry \(entry) (\(request.summary)) is unused: the flow no longer sends it. If that is "
                    + "intended, re-record: \(record)")
        }
        guard let recorded = cassette.harness.outcome else {
            failures.append("\(file) holds no recorded outcome (_harness.outcome); re-record: \(record)")
            return failures
        }
        let differences = recorded.differences(from: outcome, limit: 5)
        if !differences.isEmpty {
            failures.append(
                "\(file): the outcome differs from the recorded one\n"
                    + differences.map { "  outcome \($0.description)" }.joined(separator: "\n")
                    + "\n  if the new outcome is right, re-record: \(record)")
        }
        return failures
    }

    /// The base URL the cassette was recorded with (`_harness.baseURL`), else the simulator placeholder.
    static func recordedBaseURL(of cassette: Cassette, vendor: String) -> URL {
        if let text = cassette.harness.extensions[FlowRecorder.baseURLKey]?.stringValue, let url = URL(string: text) {
            return url
        }
        return FlowRecorder.placeholderBaseURL(for: vendor)
    }
}

/// Replays a cassette and notes every miss and every request answered out of recorded order, so the consumer
/// check reports them even when the SDK turns the transport error into an outcome of its own.
final class OrderedReplayTransport: ClientTransport {
    let session: ReplaySession
    private let state = Locked<(last: Int, count: Int, problems: [String])>((-1, 0, []))

    init(session: ReplaySession) {
        self.session = session
    }

    var problems: [String] { state.withLock { $0.problems } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let sent = try await CassetteRequest(request, body: body, baseURL: baseURL)
        switch session.lookup(sent) {
        case .hit(let entry):
            let (position, previous) = state.withLock { state in
                state.count += 1
                defer { state.last = max(state.last, entry) }
                return (state.count, state.last)
            }
            if entry < previous {
                note(
                    "request \(position) (\(session.miss(for: sent).request)) matches entry \(entry), recorded before "
                        + "entry \(previous) that was already replayed: the flow sends its requests in another order",
                    counts: false)
            }
            let response = try session.index.response(at: entry)
            return (response.httpResponse, response.httpBody)
        case .exhausted(let matching):
            let error = CassetteError.exhausted(
                cassette: session.index.name, request: session.miss(for: sent).request, replayed: matching.count,
                hint: session.index.hint)
            note(error.description)
            throw error
        case .miss:
            let miss = session.miss(for: sent)
            note(miss.description)
            throw CassetteError.noMatch(miss)
        }
    }

    private func note(_ problem: String, counts: Bool = true) {
        state.withLock { state in
            if counts { state.count += 1 }
            state.problems.append(problem)
        }
    }
}
