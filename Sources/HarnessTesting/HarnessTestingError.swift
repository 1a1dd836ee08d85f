public import Foundation

/// What the test support can fail at.
public enum HarnessTestingError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// No folder above the test file holds a `Package.swift`: the test runs outside a ContractHarness checkout.
    case noCheckout(file: String)

    /// The message, naming the file and what to do next.
    public var description: String {
        switch self {
        case .noCheckout(let file):
            "no Package.swift above \(file): run the tests from a ContractHarness checkout (swift test at its root)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
