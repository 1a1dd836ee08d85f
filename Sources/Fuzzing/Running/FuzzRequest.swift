public import Foundation

/// One request the fuzzer sends, with why: valid by the contract, or invalid in a named way.
public struct FuzzRequest: Sendable {
    public var method: String
    /// The path and query relative to the vendor's base URL (`/lists/MF83c9616aa3/subscribers?x=1`).
    public var target: String
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// The operation it was derived from (`POST /lists/{uuid}/subscribers`).
    public var operation: String
    /// The XML operation its body carries, for an operation that carries several (`GetLists` in Engage's
    /// `POST /XMLAPI`).
    public var xmlOperation: String?
    public var intent: Intent

    public init(
        method: String, target: String, headers: [(name: String, value: String)], body: Data, operation: String,
        intent: Intent
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.operation = operation
        self.intent = intent
    }

    /// What the request is meant to be.
    public enum Intent: Sendable, Hashable {
        /// Valid by the contract (and carrying working credentials): refusing it is a finding.
        case valid
        /// Broken on purpose. When `mustBeRefused`, accepting it (2xx without the vendor's refusal envelope) is a
        /// finding; otherwise only answers the contract does not allow are.
        case invalid(Mutation, detail: String, mustBeRefused: Bool)

        /// `valid`, or the mutation's name and detail.
        public var label: String {
            switch self {
            case .valid: "valid"
            case .invalid(let mutation, let detail, _): "\(mutation.rawValue) (\(detail))"
            }
        }
    }

    /// The ways an invalid request is broken.
    public enum Mutation: String, Sendable, Hashable, CaseIterable {
        case missingRequired = "missing-required"
        case wrongType = "wrong-type"
        case outOfRange = "out-of-range"
        case unknownMember = "unknown-member"
        case malformedJSON = "malformed-json"
        case malformedXML = "malformed-xml"
        case wrongNamespace = "wrong-namespace-xml"
        case wrongContentType = "wrong-content-type"
        case badPercentEncoding = "bad-percent-encoding"
        case badUTF8 = "bad-utf8"
        case oversizedBody = "oversized-body"
        case missingCredentials = "missing-credentials"
        case wrongCredentials = "wrong-credentials"
        /// An XML element in another case than its XSD declares (`<getLists>`): XMLAPI tags are case-sensitive.
        case wrongCase = "wrong-case"
        /// A path parameter, or an id in the query, headers or body, naming a record the target does not hold.
        case unknownRecord = "unknown-record"
        /// An id that is empty, whitespace only, very long, unicode, or a path's `.`, `..` or `/`.
        case degenerateID = "degenerate-id"
    }

    /// The value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
