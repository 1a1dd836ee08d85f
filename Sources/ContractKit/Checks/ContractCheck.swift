internal import CassetteKit
internal import Foundation
internal import JSONCore
internal import LibXML

/// The contract check of one interaction: the operation exists, the status is declared, required headers are
/// present, bodies validate (JSON Schema, XSD, form fields) and no secret is recorded in clear.
///
/// It returns every violation it finds; it never throws (a registry that loaded can always check).
public struct ContractCheck: Sendable {
    /// The contracts interactions are checked against.
    public let registry: SchemaRegistry
    /// Bodies larger than this are reported as ``ContractViolation/Kind/bodyTooLarge`` and not parsed.
    public var maximumBodyBytes: Int

    /// A check against `registry`; bodies over `maximumBodyBytes` (16 MiB) are not parsed.
    public init(registry: SchemaRegistry, maximumBodyBytes: Int = 16 << 20) {
        self.registry = registry
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Checks `interaction` against the contract of `vendor`.
    public func check(_ interaction: Interaction, vendor: String) -> [ContractViolation] {
        var report = ViolationList(cassette: interaction.cassette, entry: interaction.entry)
        var bodies = ParsedBodies()
        scanSecrets(interaction, bodies: &bodies, into: &report)
        guard let contract = registry.contracts[vendor] else {
            report.add(
                .unknownVendor, "vendor", expected: "one of: \(registry.vendors.joined(separator: ", "))",
                actual: "'\(vendor)' (no Schemas/\(vendor)/\(vendor).openapi.yaml)")
            return report.violations
        }
        let request = interaction.request
        let operation: Operation
        switch contract.match(method: request.method, path: request.path) {
        case .operation(let found):
            operation = found
        case .methodNotDeclared(let path, let declared):
            report.add(
                .undeclaredOperation, "request method", expected: declared.joined(separator: " or ") + " on \(path)",
                actual: request.method.uppercased(), schema: contract.file)
            return report.violations
        case .pathNotDeclared:
            report.add(
                .undeclaredOperation, "request path", expected: "a path declared in \(contract.file)",
                actual: "\(request.method.uppercased()) \(request.path)", schema: contract.file)
            return report.violations
        }
        for name in operation.requiredHeaders where request.headers.value(of: name) == nil {
            report.add(
                .missingHeader, "request header \(name)", expected: "the header (required)", actual: "it is missing",
                schema: operation.location)
        }
        checkBody(
            request.body, declared: operation.requestBody?.content ?? [],
            required: operation.requestBody?.required ?? false,
            side: "request", schema: operation.location, bodies: &bodies, into: &report)
        let requestOperation = xmlOperation(of: request.body, declared: operation.requestBody?.content ?? [])
        // A request whose operation cannot be read has its own violation; its answer's XSD cannot be chosen by it.
        let requestUnreadable =
            requestOperation == nil && carriesXML(request.body, operation.requestBody?.content ?? [])

        let response = interaction.response
        guard let (key, declared) = operation.response(for: response.status) else {
            report.add(
                .undeclaredStatus, "response status",
                expected: "one of \(operation.responses.keys.sorted().joined(separator: ", ")) for \(operation.name)",
                actual: String(response.status), schema: operation.location + "/responses")
            return report.violations
        }
        for name in declared.requiredHeaders where response.headers.value(of: name) == nil {
            report.add(
                .missingHeader, "response header \(name)", expected: "the header (required)", actual: "it is missing",
                schema: operation.location + "/responses/" + key)
        }
        checkBody(
            response.body, declared: declared.content, required: !declared.content.isEmpty, side: "response",
            schema: operation.location + "/responses/" + key, requestOperation: requestOperation,
            requestUnreadable: requestUnreadable, bodies: &bodies, into: &report)
        return report.violations
    }

    private func checkBody(
        _ body: Interaction.Body?, declared: [MediaTypeContract], required: Bool, side: String, schema: String,
        requestOperation: String? = nil, requestUnreadable: Bool = false, bodies: inout ParsedBodies,
        into report: inout ViolationList
    ) {
        guard let body, !body.data.isEmpty else {
            if required {
                report.add(
                    .missingBody, "\(side) body",
                    expected: "a body (\(declared.map(\.mediaType).joined(separator: " or ")))", actual: "no body",
                    schema: schema)
            }
            return
        }
        let mediaType = body.mediaType ?? "application/octet-stream"
        guard let contract = declared.best(for: mediaType) else {
            let expected = declared.isEmpty ? "no body" : declared.map(\.mediaType).joined(separator: " or ")
            report.add(
                .undeclaredMediaType, "\(side) Content-Type", expected: expected, actual: mediaType, schema: schema)
            return
        }
        guard body.data.count <= maximumBodyBytes else {
            report.add(
                .bodyTooLarge, "\(side) body", expected: "at most \(maximumBodyBytes) bytes",
                actual: "\(body.data.count) bytes")
            return
        }
        switch MediaType(contentType: mediaType) {
        case .json:
            checkJSON(bodies.json(body.data, side: side), contract: contract, location: "\(side) body", into: &report)
        case .xml:
            if let xml = contract.xml {
                checkXML(
                    body.data, contract: xml, location: "\(side) body", requestOperation: requestOperation,
                    requestUnreadable: requestUnreadable, into: &report)
            }
        case .form: checkForm(body.data, contract: contract, side: side, into: &report)
        case .text, .binary: break
        }
    }

    private func checkJSON(
        _ parsed: Result<JSONValue, JSONError>, contract: MediaTypeContract, location: String,
        into report: inout ViolationList
    ) {
        let value: JSONValue
        switch parsed {
        case .success(let parsed): value = parsed
        case .failure(let error):
            report.add(.malformedBody, location, expected: "JSON", actual: error.description)
            return
        }
        guard let schema = contract.schema else { return }
        for violation in schema.validate(value) {
            let pointer = violation.instanceLocation.tokens.isEmpty ? "/" : violation.instanceLocation.description
            report.add(
                .jsonSchema, "\(location) \(pointer)", expected: violation.expected, actual: violation.actual,
                schema: SchemaFile.displayName(violation.schemaLocation))
        }
    }

    /// The operation element of an XML request (the first element child of `Envelope/Body`), read from the body or
    /// from the form field that carries XML; a response's XSD may be chosen by it (Engage's `RESULT` does not name
    /// the operation it answers).
    private func xmlOperation(of body: Interaction.Body?, declared: [MediaTypeContract]) -> String? {
        guard let body, !body.data.isEmpty, body.data.count <= maximumBodyBytes else { return nil }
        let mediaType = body.mediaType ?? "application/octet-stream"
        switch MediaType(contentType: mediaType) {
        case .xml:
            return SchemaRegistry.operationElement(body.data)
        case .form:
            guard let contract = declared.best(for: mediaType), !contract.xmlFields.isEmpty,
                let fields = FormCoding.decode(validating: body.data)
            else { return nil }
            for name in contract.xmlFields.keys.sorted() {
                if let field = fields.last(where: { $0.name == name }),
                    let operation = SchemaRegistry.operationElement(Data(field.value.utf8))
                {
                    return operation
                }
            }
            return nil
        case .json, .text, .binary:
            return nil
        }
    }

    /// Whether `body` is one the contract reads an XML operation from (an XML body, or a form with an XML field).
    private func carriesXML(_ body: Interaction.Body?, _ declared: [MediaTypeContract]) -> Bool {
        guard let body, !body.data.isEmpty else { return false }
        let mediaType = body.mediaType ?? "application/octet-stream"
        guard let contract = declared.best(for: mediaType) else { return false }
        return contract.xml != nil || !contract.xmlFields.isEmpty
    }

    private func checkXML(
        _ data: Data, contract: XMLContract, location: String, requestOperation: String? = nil,
        requestUnreadable: Bool = false, into report: inout ViolationList
    ) {
        let document: XML.Document
        do {
            document = try XML.Document(data: data)
        } catch {
            report.add(.malformedBody, location, expected: "well-formed XML", actual: error.description)
            return
        }
        let operation = (try? document.select("/*/*[local-name()='Body']/*[1]"))?.first?.name
        guard
            let (file, schema) = contract.schema(
                root: document.rootName, operation: operation, requestOperation: requestOperation)
        else {
            if requestUnreadable { return }
            let actual =
                requestOperation.map { "<\(operation ?? document.rootName ?? "?")> answering <\($0)>" }
                ?? "<\(operation ?? document.rootName ?? "?")>"
            report.add(
                .xmlSchema, "\(location) /\(document.rootName ?? "")",
                expected:
                    "a root, operation or request operation element with an XSD (\(contract.elements.joined(separator: ", ")))",
                actual: actual)
            return
        }
        for diagnostic in schema.validate(document) {
            let path = diagnostic.path.map { " \($0)" } ?? ""
            report.add(
                .xmlSchema, "\(location)\(path) (line \(diagnostic.line))",
                expected: "a document valid against \(file)",
                actual: diagnostic.message, schema: file)
        }
    }

    private func checkForm(_ data: Data, contract: MediaTypeContract, side: String, into report: inout ViolationList) {
        guard let fields = FormCoding.decode(validating: data) else {
            report.add(
                .malformedBody, "\(side) body", expected: "UTF-8 form fields",
                actual: "a field that is not UTF-8 once decoded")
            return
        }
        if let schema = contract.schema {
            var object = JSONObject()
            for field in fields { object[field.name] = .string(field.value) }
            for violation in schema.validate(.object(object)) {
                let name = violation.instanceLocation.tokens.first.map { " \($0)" } ?? ""
                report.add(
                    .jsonSchema, "\(side) form field\(name)", expected: violation.expected, actual: violation.actual,
                    schema: SchemaFile.displayName(violation.schemaLocation))
            }
        }
        for (name, xml) in contract.xmlFields.sorted(by: { $0.key < $1.key }) {
            guard let field = fields.first(where: { $0.name == name }) else { continue }
            checkXML(Data(field.value.utf8), contract: xml, location: "\(side) form field \(name)", into: &report)
        }
    }

    private func scanSecrets(_ interaction: Interaction, bodies: inout ParsedBodies, into report: inout ViolationList) {
        let scanner = SecretScanner()
        var findings = scanner.scanHeaders(interaction.request.headers, side: "request")
        findings += scanner.scanHeaders(interaction.response.headers, side: "response")
        findings += scanner.scanFields(interaction.request.query, location: "request query")
        for (side, body) in [("request", interaction.request.body), ("response", interaction.response.body)] {
            guard let body, !body.data.isEmpty, body.data.count <= maximumBodyBytes else { continue }
            let mediaType = MediaType(contentType: body.mediaType ?? "")
            if mediaType == .form, let fields = FormCoding.decode(validating: body.data) {
                findings += scanner.scanFields(fields.map { ($0.name, $0.value) }, location: "\(side) form field")
                for field in fields {
                    findings += scanner.scanText(field.value, location: "\(side) form field \(field.name)")
                }
            } else if mediaType == .json, case .success(let value) = bodies.json(body.data, side: side) {
                scanner.scanJSON(value, at: .root, side: side, into: &findings)
            } else if let text = String(validating: body.data, as: UTF8.self) {
                findings += scanner.scanText(text, location: "\(side) body")
            }
        }
        for finding in findings {
            report.add(
                .unredactedSecret, finding.location, expected: "a redaction placeholder such as <redacted:…>",
                actual: "a value of \(finding.length) characters in clear")
        }
    }
}

/// Violations of one interaction, collected in order.
struct ViolationList {
    let cassette: String
    let entry: Int
    var violations: [ContractViolation] = []

    mutating func add(
        _ kind: ContractViolation.Kind, _ location: String, expected: String, actual: String, schema: String? = nil
    ) {
        violations.append(
            ContractViolation(
                cassette: cassette, entry: entry, kind: kind, location: location, expected: expected, actual: actual,
                schemaLocation: schema))
    }
}

/// The JSON bodies of one interaction, each parsed once: the secret scan and the schema check read the same values.
private struct ParsedBodies {
    private var parsed: [String: Result<JSONValue, JSONError>] = [:]

    /// The body of `side` (`request` or `response`) parsed; `data` is that body's bytes, read the first time.
    mutating func json(_ data: Data, side: String) -> Result<JSONValue, JSONError> {
        if let kept = parsed[side] { return kept }
        let value = Result { () throws(JSONError) in try JSONValue(parsing: data) }
        parsed[side] = value
        return value
    }
}
