public import JSONCore

/// A schema as found in a document: its value and where it is (for `$ref`s relative to it).
public struct SchemaNode: Sendable {
    public let value: JSONValue
    /// The absolute URI of the document holding it (`file:///…/referralhero.openapi.yaml`).
    public let document: String

    public init(value: JSONValue, document: String) {
        self.value = value
        self.document = document
    }
}

/// One operation as the fuzzer sees it: what a request must carry, with the raw schemas values are drawn from.
public struct FuzzOperation: Sendable {
    public let method: String
    public let pathTemplate: String
    public let operationID: String?
    public let parameters: [Parameter]
    /// The credentials one `security` requirement asks for (the first requirement when there are several).
    public let credentials: [Credential]
    public let body: Body?

    /// `POST /lists/{uuid}/subscribers`.
    public var name: String { "\(method) \(pathTemplate)" }

    public struct Parameter: Sendable {
        public enum Location: String, Sendable { case path, query, header, cookie }
        public let name: String
        public let location: Location
        public let required: Bool
        public let schema: SchemaNode?
        /// `example` or the first of `examples`, when declared.
        public let example: JSONValue?
    }

    /// A credential a security scheme puts on the request.
    public struct Credential: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            /// `Authorization: Basic base64(user:password)`.
            case basic
            /// `Authorization: Bearer <token>`.
            case bearer
            /// A raw value in a header (`Authorization: <token>` for an `apiKey` scheme).
            case apiKeyHeader
            /// A raw value in the query.
            case apiKeyQuery
        }
        /// The scheme's name in `components/securitySchemes` (`ApiToken`).
        public let scheme: String
        public let kind: Kind
        /// The header or query parameter that carries it.
        public let name: String
    }

    public struct Body: Sendable {
        public let required: Bool
        public let media: [Media]
    }

    /// One declared media type of a request body.
    public struct Media: Sendable {
        public let mediaType: String
        public let schema: SchemaNode?
        /// Form fields that carry XML: for each, the operation (or root) elements its `x-xsd` mapping lists, with
        /// the absolute URI of each one's XSD (`""` names the one XSD of a field that is not mapped by element).
        public let xmlFields: [String: [String: String]]

        /// The operation elements of the XML fields, sorted (`""` left out).
        public var xmlOperations: [String] {
            Set(xmlFields.values.flatMap(\.keys)).filter { !$0.isEmpty }.sorted()
        }
    }
}
