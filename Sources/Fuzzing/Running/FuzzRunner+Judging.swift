internal import CassetteKit
internal import ContractKit
internal import Foundation

extension FuzzRunner {
    /// The finding an answer makes, if any: a failure or hang, a 5xx, an answer the contract does not allow, a
    /// valid request refused, an invalid one accepted.
    func judge(
        _ request: FuzzRequest, outcome: Outcome, index: Int, check: ContractCheck, unsatisfiable: [ContractViolation]
    ) -> Finding? {
        switch outcome {
        case .failed(let error):
            return finding(
                .connectionFailure, request, nil, index, ["\(target.name) failed: \(String(describing: error))"])
        case .timedOut:
            return finding(.hang, request, nil, index, ["no answer within \(options.timeout) s"])
        case .answered(let response):
            return judge(request, response: response, index: index, check: check, unsatisfiable: unsatisfiable)
        }
    }

    private func judge(
        _ request: FuzzRequest, response: CassetteResponse, index: Int, check: ContractCheck,
        unsatisfiable: [ContractViolation]
    ) -> Finding? {
        let body = response.decodedBody
        let text = String(decoding: body.prefix(64 << 10), as: UTF8.self)
        let interaction = Interaction(
            cassette: "fuzz", entry: index,
            request: Interaction.Request(
                method: request.method, url: request.target,
                headers: request.headers.map { HeaderField(name: $0.name, value: $0.value) },
                body: request.body.isEmpty
                    ? nil : Interaction.Body(data: request.body, contentType: request.header("Content-Type"))),
            response: Interaction.Response(
                status: response.status, headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) },
                body: body.isEmpty ? nil : Interaction.Body(data: body, contentType: response.headers["Content-Type"])))
        let all = check.check(interaction, vendor: contract.vendor)
        let violations = all.filter { violation in
            violation.kind == .undeclaredStatus
                || (violation.location.hasPrefix("response") && violation.kind != .unredactedSecret)
        }
        var kind: Finding.Kind?
        var messages: [String] = []
        if all.contains(where: { $0.kind == .undeclaredOperation }),
            let undeclared = undeclaredStatus(request, response)
        {
            kind = .undeclaredStatus
            messages.append(undeclared)
        }
        if response.status >= 500 {
            kind = .serverError
            messages.append("status \(response.status): \(Self.excerpt(text))")
        }
        if !violations.isEmpty {
            kind =
                kind ?? (violations.contains { $0.kind == .undeclaredStatus } ? .undeclaredStatus : .responseContract)
            messages += violations.map { $0.message + ($0.schemaLocation.map { " (\($0))" } ?? "") }
        }
        switch request.intent {
        case .valid:
            if !unsatisfiable.isEmpty {
                kind = kind ?? .unsatisfiable
                messages += unsatisfiable.map { "generated request is invalid: " + $0.message }
            } else if (400..<500).contains(response.status),
                !profile.stateRefusals.contains(where: { $0.matches(status: response.status, body: text) })
            {
                kind = kind ?? .validRefused
                messages.append("a valid request refused with \(response.status): \(Self.excerpt(text))")
            }
        case .invalid(_, let detail, let mustBeRefused):
            if mustBeRefused, response.status < 400, profile.refusalInSuccess?(text) != true {
                kind = kind ?? .invalidAccepted
                messages.append("an invalid request (\(detail)) accepted with \(response.status)")
            }
        }
        guard let kind else { return nil }
        return finding(kind, request, response, index, messages)
    }

    /// For a request whose degenerate path parameter makes a path that matches no declared path (an empty one
    /// makes `/profiles//`): the status judged against the operation it was generated for, since the contract
    /// check has none to judge it by. (A path broken elsewhere, `…/subscribers%ZZ`, is another path: any status.)
    private func undeclaredStatus(_ request: FuzzRequest, _ response: CassetteResponse) -> String? {
        guard case .invalid(let mutation, let detail, _) = request.intent,
            mutation == .degenerateID || mutation == .unknownRecord, detail.hasPrefix("path parameter "),
            let operation = registry.contracts[contract.vendor]?.operations.first(where: {
                "\($0.method) \($0.pathTemplate)" == request.operation
            }), operation.response(for: response.status) == nil
        else { return nil }
        return "status \(response.status) is not declared for \(request.operation) (its path \(request.target) "
            + "matches no declared path, so it is judged by the operation it was generated for)"
    }

    private func finding(
        _ kind: Finding.Kind, _ request: FuzzRequest, _ response: CassetteResponse?, _ index: Int,
        _ messages: [String]
    ) -> Finding {
        var messages = messages
        if let operation = request.xmlOperation, !messages.isEmpty { messages[0] = "<\(operation)>: " + messages[0] }
        return Finding(
            kind: kind, index: index, operation: request.operation, request: request, response: response,
            messages: messages, curl: Reproduction.curl(request, baseURL: target.baseURL),
            cassette: Reproduction.cassette(
                request, response: response, baseURL: target.baseURL, vendor: contract.vendor,
                comment: "harness fuzz --vendor \(contract.vendor) --seed \(options.seed): request \(index), "
                    + "\(request.intent.label): \(messages.first ?? kind.rawValue)"))
    }

    static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}
