internal import CassetteKit
internal import ContractKit
internal import Foundation
internal import JSONCore
internal import LibXML

/// A request while it is built and mutated: structured (path values, query, headers, a JSON value or form
/// fields) until ``request(intent:)`` writes it out.
struct RequestDraft {
    let operation: FuzzOperation
    /// Prepended to the path (the target's mount of the API, `/api/v1`).
    var prefix = ""
    var pathValues: [String: String] = [:]
    var query: [(name: String, value: String)] = []
    var headers: [(name: String, value: String)] = []
    var media: FuzzOperation.Media?
    var contentType: String?
    var json: JSONValue?
    var form: [(name: String, value: String)]?
    /// Set by mutations that need bytes no structure can hold (malformed JSON, bad UTF-8).
    var rawBody: Data?
    /// Set by mutations of the path's encoding.
    var rawTarget: String?
    /// The XML document of a form field that carries XML, as drawn from its XSD; ``writeXML()`` puts it into
    /// the form after a mutation changed it.
    var xml: XMLField?

    struct XMLField {
        /// The form field (`xml`).
        var field: String
        /// The operation element the document was drawn for (`GetLists`).
        var operation: String
        var root: XMLInstance
    }

    init(operation: FuzzOperation) {
        self.operation = operation
    }

    var body: Data {
        if let rawBody { return rawBody }
        if let json { return json.data() }
        if let form { return Data(Self.encodeForm(form).utf8) }
        return Data()
    }

    var target: String {
        if let rawTarget { return rawTarget }
        var path = prefix
        for segment in operation.pathTemplate.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            path += "/"
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                let name = String(segment.dropFirst().dropLast())
                path += FormCoding.encode(pathValues[name] ?? "x")
            } else {
                path += segment
            }
        }
        if path.isEmpty || path == prefix { path += "/" }
        if !query.isEmpty { path += "?" + Self.encodeForm(query) }
        return path
    }

    static func encodeForm(_ fields: [(name: String, value: String)]) -> String {
        fields.map { FormCoding.encode($0.name) + "=" + FormCoding.encode($0.value) }.joined(separator: "&")
    }

    func request(intent: FuzzRequest.Intent) -> FuzzRequest {
        var headers = self.headers
        let body = self.body
        if let contentType, !body.isEmpty { headers.append(("Content-Type", contentType)) }
        var request = FuzzRequest(
            method: operation.method, target: target, headers: headers, body: body, operation: operation.name,
            intent: intent)
        request.xmlOperation = xml?.operation
        return request
    }

    /// Writes ``xml`` into its form field (replacing the field's value, or adding the field).
    mutating func writeXML() {
        guard let xml else { return }
        let text = xml.root.element.serialized()
        var fields = form ?? []
        if let index = fields.firstIndex(where: { $0.name == xml.field }) {
            fields[index].value = text
        } else {
            fields.append((xml.field, text))
        }
        form = fields
    }

    mutating func removeHeader(_ name: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    mutating func setHeader(_ name: String, _ value: String) {
        removeHeader(name)
        headers.append((name, value))
    }
}
