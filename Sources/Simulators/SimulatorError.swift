public import Foundation

/// Why a ``SimulatorHost`` could not open or answer: its vendors, its state store.
public enum SimulatorError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A request or an admin call names a vendor no simulator of the host provides.
    case unknownVendor(String, known: [String])
    /// Two simulators claim the same vendor name.
    case duplicateVendor(String)
    /// The vendor name cannot be a path prefix.
    case invalidVendorName(String)
    /// The simulator state store (`--state PATH` or `postgres://…`) could not be opened or migrated.
    case stateStore(path: String, reason: String)
    /// A write to the simulator state store failed because its disk is full (`SQLITE_FULL`): the write was rolled
    /// back, what was committed before is kept, and the next write once space is back succeeds.
    case stateStoreFull(path: String)

    public var description: String {
        switch self {
        case .unknownVendor(let name, let known):
            "unknown vendor '\(name)'; known vendors: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .duplicateVendor(let name):
            "two simulators are registered for vendor '\(name)'"
        case .invalidVendorName(let name):
            "vendor name '\(name)' must be lowercase letters, digits and '-' (it is a path prefix)"
        case .stateStore(let path, let reason) where path.hasPrefix("postgres://") || path.hasPrefix("postgresql://"):
            "simulator state store \(path) could not be prepared: \(reason)"
        case .stateStore(let path, let reason):
            "simulator state store \(path) could not be opened: \(reason); delete it or pass another --state PATH"
        case .stateStoreFull(let path):
            "cannot write simulator state store \(path): no space left on device (SQLITE_FULL); the request changed "
                + "nothing and the state stored before is intact: free space and send it again"
        }
    }

    public var errorDescription: String? { description }
}
