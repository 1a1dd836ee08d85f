public import CassetteKit

/// One answer the contract does not allow, with a reproduction.
public struct Finding: Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A status the operation does not declare.
        case undeclaredStatus = "undeclared-status"
        /// A response header, media type or body that breaks the contract.
        case responseContract = "response-contract"
        /// Any 5xx.
        case serverError = "server-error"
        /// The connection failed or was reset (or the simulator threw).
        case connectionFailure = "connection-failure"
        /// No answer within the timeout.
        case hang
        /// A request valid by the contract refused with a 4xx (the schema is too loose or the target too strict).
        case validRefused = "valid-refused"
        /// An invalid request accepted with a 2xx (the target too lenient).
        case invalidAccepted = "invalid-accepted"
        /// The generator could not satisfy the schema: the contract itself may be unsatisfiable.
        case unsatisfiable
    }

    public var kind: Kind
    /// The 0-based number of the request in the run (same seed, same number).
    public var index: Int
    public var operation: String
    public var request: FuzzRequest
    public var response: CassetteResponse?
    /// What was wrong, one line each.
    public var messages: [String]
    /// A `curl` command sending the request.
    public var curl: String
    /// A one-entry HAR cassette holding the request and the answer.
    public var cassette: Cassette

    /// What groups findings: the operation (and the XML operation it carries), the kind and the mutation.
    public var signature: String {
        "\(operation)|\(request.xmlOperation ?? "")|\(kind.rawValue)|\(request.intent.mutationName)"
    }
}

extension FuzzRequest.Intent {
    var mutationName: String {
        switch self {
        case .valid: "valid"
        case .invalid(let mutation, _, _): mutation.rawValue
        }
    }
}
