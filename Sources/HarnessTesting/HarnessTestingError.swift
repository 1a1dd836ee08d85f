public import Foundation

/// What the test support can fail at.
public enum HarnessTestingError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// No folder above the test file holds a `Package.swift`: the test runs outside a ContractHarness checkout.
    case noCheckout(file: String)
    /// `CassetteScope.current` was read outside a `.cassette(…)` trait or `withCassette`.
    case noCassetteScope
    /// `MockServerScope.current` was read outside a `.mockServer(…)` trait or `withMockServer`.
    case noMockServerScope
    /// A `.mockServer(…)` trait named a vendor no simulator serves.
    case unknownVendor(String, known: [String])
    /// An admin request to the mock server answered with an error status.
    case adminRequestFailed(method: String, path: String, status: Int, body: String)
    /// ``URLSessionClient`` could not make a request's URL or got an answer that is not HTTP; the text says which.
    case unexpectedResponse(String)
    /// A ``SmallFileSystem`` could not be mounted or filled at `path`; `reason` is the system's.
    case smallFileSystem(path: String, reason: String)

    /// The message, naming the file and what to do next.
    public var description: String {
        switch self {
        case .noCheckout(let file):
            "no Package.swift above \(file): run the tests from a ContractHarness checkout (swift test at its root)"
        case .noCassetteScope:
            "no cassette in scope: add .cassette(\"<vendor>/<flow>\") to the @Test or @Suite, "
                + "or wrap the code in withCassette(\"<vendor>/<flow>\") { … }"
        case .noMockServerScope:
            "no mock server in scope: add .mockServer(.referralHero, …) to the @Test or @Suite, "
                + "or wrap the code in withMockServer(.referralHero) { … }"
        case .unknownVendor(let name, let known):
            "no simulator for vendor '\(name)': use one of \(known.joined(separator: ", "))"
        case .adminRequestFailed(let method, let path, let status, let body):
            "admin request \(method) \(path) answered \(status): \(body)"
        case .unexpectedResponse(let what):
            "URLSessionClient: \(what)"
        case .smallFileSystem(let path, let reason):
            "cannot prepare the small file system at \(path): \(reason) (it needs root or CAP_SYS_ADMIN on Linux)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
