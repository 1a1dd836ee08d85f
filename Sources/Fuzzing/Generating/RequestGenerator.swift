internal import CassetteKit
public import ContractKit
internal import Foundation
public import JSONCore

/// Derives requests from a vendor's contract: valid ones for every operation (``valid(_:random:)``) and
/// invalid ones (``invalid(_:random:)``), each checked by ContractKit's contract check so a valid request
/// really is valid and an invalid one really is invalid.
public struct RequestGenerator: Sendable {
    public let contract: FuzzContract
    public let profile: FuzzProfile
    let values: ValueGenerator
    let check: ContractCheck
    /// Credentials by scheme name and fixed values, after the profile's login.
    let credentials: [String: String]
    let fixed: [String: String]
    /// Whether invalid requests may carry broken percent-encodings in their paths.
    public var brokenPaths = true
    /// The mutations invalid requests are drawn from.
    public var mutations = FuzzRequest.Mutation.allCases

    public init(
        contract: FuzzContract, registry: SchemaRegistry, profile: FuzzProfile, loginValue: String? = nil
    ) {
        self.contract = contract
        self.profile = profile
        var credentials = profile.credentials
        var fixed = profile.fixed
        if let login = profile.login, let loginValue {
            if contract.operations.contains(where: { $0.credentials.contains { $0.scheme == login.name } }) {
                credentials[login.name] = loginValue
            } else {
                fixed[login.name] = login.prefix + loginValue
            }
        }
        self.credentials = credentials
        self.fixed = fixed
        values = ValueGenerator(contract: contract, fixed: fixed)
        check = ContractCheck(registry: registry)
    }

    /// A request valid by the contract, or the best attempt (see ``requestViolations(_:)``). For an operation
    /// whose body carries XML operations, `xmlOperation` names the one to send (nil: any).
    public func valid(
        _ operation: FuzzOperation, xmlOperation: String? = nil, random: inout SeededGenerator
    ) -> FuzzRequest {
        var draft = validDraft(operation, xmlOperation: xmlOperation, random: &random)
        for _ in 0..<8 where !requestViolations(draft.request(intent: .valid)).isEmpty {
            draft = validDraft(operation, xmlOperation: xmlOperation, random: &random)
        }
        return draft.request(intent: .valid)
    }

    /// The contract check's complaints about `request` itself (its response side is not looked at).
    public func requestViolations(_ request: FuzzRequest) -> [ContractViolation] {
        let interaction = Interaction(
            cassette: "fuzz", entry: 0,
            request: Interaction.Request(
                method: request.method, url: request.target,
                headers: request.headers.map { HeaderField(name: $0.name, value: $0.value) },
                body: request.body.isEmpty
                    ? nil : Interaction.Body(data: request.body, contentType: request.header("Content-Type"))),
            response: Interaction.Response(status: 599))
        return check.check(interaction, vendor: contract.vendor).filter {
            $0.kind != .unredactedSecret && $0.kind != .undeclaredStatus && $0.location.hasPrefix("request")
                || $0.kind == .undeclaredOperation
        }
    }

    func validDraft(
        _ operation: FuzzOperation, xmlOperation: String? = nil, random: inout SeededGenerator
    ) -> RequestDraft {
        var draft = RequestDraft(operation: operation)
        draft.prefix = profile.pathPrefix(for: operation.pathTemplate)
        for header in profile.headers { draft.setHeader(header.name, header.value) }
        for parameter in operation.parameters {
            let include = parameter.required || random.chance(parameter.location == .header ? 30 : 50)
            guard include, parameter.location != .cookie else { continue }
            let value = fixed[parameter.name] ?? parameterValue(parameter, random: &random)
            switch parameter.location {
            case .path: draft.pathValues[parameter.name] = value
            case .query: draft.query.append((parameter.name, value))
            case .header: draft.setHeader(parameter.name, value)
            case .cookie: break
            }
        }
        for credential in operation.credentials {
            guard let value = credentials[credential.scheme] ?? fixed[credential.name] else { continue }
            switch credential.kind {
            case .basic: draft.setHeader(credential.name, "Basic " + Data(value.utf8).base64EncodedString())
            case .bearer: draft.setHeader(credential.name, value.hasPrefix("Bearer ") ? value : "Bearer " + value)
            case .apiKeyHeader: draft.setHeader(credential.name, value)
            case .apiKeyQuery: draft.query.append((credential.name, value))
            }
        }
        if let body = operation.body, body.required || random.chance(70) {
            fillBody(&draft, body: body, xmlOperation: xmlOperation, random: &random)
        }
        return draft
    }

    private func parameterValue(_ parameter: FuzzOperation.Parameter, random: inout SeededGenerator) -> String {
        if let example = parameter.example, random.chance(60) { return Self.text(example) }
        guard let schema = parameter.schema else { return ValueGenerator.word(&random) }
        return Self.text(values.value(schema, random: &random))
    }

    /// A parameter or form field value as text: strings as they are, other values as JSON.
    static func text(_ value: JSONValue) -> String {
        if let string = value.stringValue { return string }
        return value.serialized()
    }

    private func fillBody(
        _ draft: inout RequestDraft, body: FuzzOperation.Body, xmlOperation: String?, random: inout SeededGenerator
    ) {
        var usable = body.media.filter {
            let type = MediaType(contentType: $0.mediaType)
            return type == .json || type == .form || type == .xml
        }
        if let xmlOperation {
            let carrying = usable.filter { $0.xmlOperations.contains(xmlOperation) }
            if !carrying.isEmpty { usable = carrying }
        }
        guard let media = random.pick(usable) ?? body.media.first else { return }
        draft.media = media
        draft.contentType = media.mediaType.contains("*") ? "application/octet-stream" : media.mediaType
        if MediaType(contentType: media.mediaType) == .form {
            var fields: [(name: String, value: String)] = []
            if let schema = media.schema, case .object(let object) = values.value(schema, random: &random) {
                for member in object { fields.append((member.key, Self.text(member.value))) }
            }
            draft.form = fields
            for (field, files) in media.xmlFields.sorted(by: { $0.key < $1.key }) {
                let names = files.keys.sorted()
                guard
                    let name = xmlOperation.flatMap({ files[$0] != nil ? $0 : nil }) ?? random.pick(names),
                    let file = files[name], let schema = contract.xsds[file],
                    let root = XSDGenerator(schema: schema, known: profile.xmlValues).instance(name, random: &random)
                else { continue }
                draft.xml = RequestDraft.XMLField(field: field, operation: name.isEmpty ? root.name : name, root: root)
                draft.writeXML()
            }
        } else if let schema = media.schema {
            draft.json = values.value(schema, random: &random)
        }
    }
}
