public import ContractKit

/// Why a fuzzing run could not run: a contract that does not load, a vendor without one, a server that cannot
/// be reached. Answers the contract does not allow are ``Finding`` values instead.
public enum FuzzError: Error, Sendable, CustomStringConvertible {
    /// The Schemas folder or a document in it did not load.
    case contract(ContractError)
    /// No `Schemas/<vendor>/<vendor>.openapi.yaml` for the vendor asked for.
    case unknownVendor(String, known: [String])
    /// The operation list of a vendor's document is empty: nothing to send.
    case noOperations(vendor: String, file: String)
    /// A profile's login step did not yield its credential.
    case loginFailed(vendor: String, request: String, reason: String)
    /// The target did not answer at all.
    case unreachable(target: String, reason: String)
    /// An operation asked for (`--operation`) that the vendor's contract does not declare.
    case unknownOperation(String, vendor: String, known: [String])

    public var description: String {
        switch self {
        case .contract(let error):
            error.description
        case .unknownVendor(let vendor, let known):
            "no contract for vendor '\(vendor)' (no Schemas/\(vendor)/\(vendor).openapi.yaml); "
                + "known vendors: \(known.joined(separator: ", "))"
        case .noOperations(let vendor, let file):
            "\(file) declares no operation for \(vendor): add paths before fuzzing it"
        case .loginFailed(let vendor, let request, let reason):
            "cannot log in to \(vendor) with its demo credentials (\(request)): \(reason); "
                + "check the simulator's defaults or the server given to --against"
        case .unreachable(let target, let reason):
            "cannot reach \(target): \(reason) (is the server running? check the URL given to --against)"
        case .unknownOperation(let name, let vendor, let known):
            "no operation '\(name)' in the \(vendor) contract; pass --operation one of: "
                + known.joined(separator: ", ")
        }
    }
}
