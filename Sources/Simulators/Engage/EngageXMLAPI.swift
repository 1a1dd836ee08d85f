import CassetteKit
import Foundation
import JSONCore
import LibXML

/// `/XMLAPI` (§2): the `xml` form field, the bearer check, and the operations.
///
/// Every problem is a fault with HTTP 200 (§2.1, §2.6): no, unknown or expired bearer token → 145 (SP.Admin); a
/// body that is not a form, has no `xml` field, is empty, is larger than ``maximumBodyBytes``, is not
/// well-formed XML, is in an XML namespace, has a form field besides `xml`, is not `<Envelope><Body><Operation>`, or
/// names an operation the simulator does not know → 51; so is a request its operation's request XSD refuses
/// (``EngageRequestXSD``), unless the operation refuses it with a documented fault of its own.
enum EngageXMLAPI {
    /// Envelopes larger than this are refused with fault 51 before parsing.
    static let maximumBodyBytes = 1 << 20

    static func respond(to request: CassetteRequest, db: StateDB, now: Date) throws -> CassetteResponse {
        let xml: String
        do {
            if let refusal = try EngageOAuth.refusal(request.headers["Authorization"], db: db, now: now) {
                throw EngageFault.sessionExpired(refusal)
            }
            // A data job due by now has done its work before any operation reads the data it changes.
            try EngageJobs.settle(db, now: now)
            let (operation, document) = try parse(request)
            xml = try perform(operation, checking: document, db: db, now: now).envelope
        } catch let fault as EngageFault {
            xml = fault.envelope
        }
        try EngageSettings.tick(db)
        return CassetteResponse(
            status: 200, headers: ["Content-Type": "text/xml;charset=UTF-8"], body: Data(xml.utf8))
    }

    static func parse(_ request: CassetteRequest) throws(EngageFault) -> (EngageRequest, XML.Document) {
        let body = request.decodedBody
        guard !body.isEmpty else { throw .invalidXML("empty body") }
        guard body.count <= maximumBodyBytes else {
            throw .invalidXML("the request is larger than \(maximumBodyBytes) bytes")
        }
        guard MediaType(contentType: request.headers["Content-Type"]) == .form else {
            throw .invalidXML("the body must be application/x-www-form-urlencoded with an xml field")
        }
        guard let fields = FormCoding.decode(validating: body)?.lastValues else {
            throw .invalidXML("the form body cannot be decoded")
        }
        guard let text = fields["xml"], !text.trimmingWhitespace(newlines: true).isEmpty else {
            throw .invalidXML("missing xml field")
        }
        if let extra = fields.keys.sorted().first(where: { $0 != "xml" }) {
            throw .invalidXML("the form carries a field \(extra) besides xml")
        }
        let document: XML.Document
        do {
            document = try XML.Document(string: text)
        } catch {
            throw .invalidXML("the envelope is not well-formed XML")
        }
        // XMLAPI documents use no namespace: `<Envelope xmlns="…">` is another document altogether.
        if let namespaced = try? document.select("//*[namespace-uri() != '']"), !namespaced.isEmpty {
            throw .invalidXML("the envelope must not be in an XML namespace")
        }
        guard let root = document.root, root.name == "Envelope", root.elements.count == 1,
            let bodyElement = root.first("Body"), bodyElement.elements.count == 1,
            let operation = bodyElement.elements.first
        else {
            throw .invalidXML("expected <Envelope><Body><Operation>…</Operation></Body></Envelope>")
        }
        return (EngageRequest(element: operation), document)
    }

    /// Runs the operation `request` names. When `document` is one its request XSD refuses (``EngageRequestXSD``),
    /// the operation still runs first, on a savepoint it rolls back, so that a request it refuses with a fault of its
    /// own (an id that is not a number, a COLUMN without NAME, a missing required element) gets that documented
    /// fault; whatever it would have done otherwise is undone and the answer is fault 51 naming what the XSD
    /// refused.
    static func perform(
        _ request: EngageRequest, checking document: XML.Document, db: StateDB, now: Date
    ) throws -> EngageResult {
        guard let handler = EngageOperations.handlers[request.operation] else {
            throw EngageFault.invalidXML("unknown or unsupported operation \(request.operation)")
        }
        let context = EngageOperationContext(db: db, now: now)
        guard let refusal = EngageRequestXSD.refusal(of: document, operation: request.operation) else {
            return try handler(request, context)
        }
        var fault = EngageFault.invalidXML(refusal)
        try db.inSavepoint {
            do {
                _ = try handler(request, context)
            } catch let own as EngageFault {
                fault = own
            }
            return .rollback
        }
        throw fault
    }
}

/// One operation element of a request envelope, read without depending on element order (§2.2).
struct EngageRequest: Sendable {
    let element: XML.Element

    var operation: String { element.name }

    /// The trimmed text of the first child element `name`, or nil when absent.
    func scalar(_ name: String) -> String? {
        element.first(name).map { $0.text.trimmingWhitespace(newlines: true) }
    }

    /// `<COLUMN><NAME>n</NAME><VALUE>v</VALUE></COLUMN>` children. A COLUMN without NAME is fault 316.
    func columns() throws(EngageFault) -> [(name: String, value: String)] {
        try pairs(element.all("COLUMN"), missingName: EngageFault(316, "COLUMN element is missing NAME."))
    }

    /// `<SYNC_FIELDS><SYNC_FIELD>…` pairs. A SYNC_FIELD without NAME is fault 329.
    func syncFields() throws(EngageFault) -> [(name: String, value: String)] {
        try pairs(
            element.first("SYNC_FIELDS")?.all("SYNC_FIELD") ?? [],
            missingName: EngageFault(329, "SYNC_FIELD element is missing NAME."))
    }

    /// `<ROWS><ROW><COLUMN name="n">v</COLUMN>…</ROW>…</ROWS>`.
    var rows: [[(name: String, value: String)]] {
        (element.first("ROWS")?.all("ROW") ?? []).map { row in
            row.all("COLUMN").map { (name: $0.attribute("name") ?? "", value: $0.text) }
        }
    }

    private func pairs(
        _ elements: [XML.Element], missingName: EngageFault
    ) throws(EngageFault) -> [(
        name: String, value: String
    )] {
        var result: [(name: String, value: String)] = []
        for element in elements {
            guard let name = element.first("NAME")?.text.trimmingWhitespace(newlines: true),
                !name.isEmpty
            else { throw missingName }
            result.append((name: name, value: element.first("VALUE")?.text ?? ""))
        }
        return result
    }
}
