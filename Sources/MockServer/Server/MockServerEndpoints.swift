public import Foundation

/// Where a running mock server answers.
public struct MockServerEndpoints: Sendable, Hashable {
    /// The address it listens on (`127.0.0.1`).
    public let host: String
    /// The port it listens on (the one the system picked when configured with 0).
    public let port: Int
    /// The vendors mounted at start.
    public let vendors: [String]
    /// The vendor served at the root (`--vendor NAME`), if any.
    public let rootVendor: String?

    /// `http://127.0.0.1:<port>`.
    public var origin: URL {
        let literal = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(literal):\(port)")!
    }

    /// The base URL to configure a vendor's SDK with: `origin/<vendor>`, or the origin for the root vendor.
    public func baseURL(for vendor: String) -> URL {
        vendor == rootVendor ? origin : origin.appendingPathComponent(vendor)
    }

    /// `origin/__harness`.
    public var adminURL: URL { origin.appendingPathComponent("__harness") }
}
