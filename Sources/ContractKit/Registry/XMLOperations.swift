internal import CassetteKit
internal import Foundation
internal import JSONCore
internal import LibXML

/// The XML operations a contract declares (an endpoint such as Engage's `POST /XMLAPI` that carries one of many
/// operations in an XML body, each with its own XSD), and which of them an interaction sends.
extension SchemaRegistry {
    /// One XML operation a vendor's contract declares, with where its request and result are described.
    public struct XMLOperation: Sendable, Hashable {
        /// The endpoint carrying it, e.g. `POST /XMLAPI`.
        public let endpoint: String
        /// The operation element, e.g. `GetLists`.
        public let name: String
        /// The request XSD, relative to the vendor's folder.
        public let requestSchema: String
        /// The result XSD chosen for answers to this operation, when one is declared per operation.
        public let resultSchema: String?
    }

    /// Every XML operation of `vendor`'s contract, by endpoint and then name: the element names of a request body's
    /// (or XML form field's) `x-xsd` mapping.
    public func xmlOperations(vendor: String) -> [XMLOperation] {
        guard let contract = contracts[vendor] else { return [] }
        var found: [XMLOperation] = []
        for operation in contract.operations {
            for media in operation.requestBody?.content ?? [] {
                let requestContracts = [media.xml].compactMap { $0 } + media.xmlFields.values
                let results = operation.responses.values.flatMap { $0.content.compactMap(\.xml) }
                for xml in requestContracts {
                    for (name, schema) in xml.byElement {
                        let result = results.lazy.compactMap { $0.byElement[name]?.file }.first
                        found.append(
                            XMLOperation(
                                endpoint: operation.name, name: name, requestSchema: schema.file,
                                resultSchema: result))
                    }
                }
            }
        }
        return found.sorted { ($0.endpoint, $0.name) < ($1.endpoint, $1.name) }
    }

    /// The XML operation `interaction` sends, when its vendor declares XML operations for its endpoint: the first
    /// element child of `Envelope/Body` in the XML body or in the form field that carries XML.
    public func xmlOperation(of interaction: Interaction, vendor: String) -> String? {
        guard let contract = contracts[vendor],
            case .operation(let operation) = contract.match(
                method: interaction.request.method, path: interaction.request.path),
            let body = interaction.request.body, !body.data.isEmpty
        else { return nil }
        let mediaType = body.mediaType ?? "application/octet-stream"
        guard let media = operation.requestBody?.content.best(for: mediaType) else { return nil }
        switch MediaType(contentType: mediaType) {
        case .xml where media.xml != nil:
            return Self.operationElement(body.data)
        case .form where !media.xmlFields.isEmpty:
            guard let fields = FormCoding.decode(validating: body.data) else { return nil }
            for name in media.xmlFields.keys.sorted() {
                if let field = fields.last(where: { $0.name == name }),
                    let element = Self.operationElement(Data(field.value.utf8))
                {
                    return element
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// The first element child of `Envelope/Body` (any namespace), or nil when `data` is not such a document.
    static func operationElement(_ data: Data) -> String? {
        guard let document = try? XML.Document(data: data) else { return nil }
        return (try? document.select("/*/*[local-name()='Body']/*[1]"))?.first?.name
    }
}
