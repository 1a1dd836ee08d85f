#if canImport(FoundationNetworking)
public import Foundation
import FoundationNetworking
#else
public import Foundation
#endif

/// A client of a mock server's admin API (`/__harness/`), over HTTP as `curl` or a CI script would use it.
public struct MockServerAdmin: Sendable {
    /// `http://127.0.0.1:<port>/__harness`.
    public let adminURL: URL

    /// A client of the admin API at `adminURL` (``MockServerScope/admin`` makes one for you).
    public init(adminURL: URL) {
        self.adminURL = adminURL
    }

    /// Resets a vendor's simulator state to its demo data (all vendors when nil) and rewinds cassette replay.
    public func reset(_ vendor: MockVendor? = nil) async throws {
        _ = try await send("POST", vendor.map { "reset/\($0.name)" } ?? "reset")
    }

    /// Adds a fault rule: requests matching `method` (any when nil) and `path` (the full path with the vendor
    /// prefix, a trailing `*` matching any rest) get `fault`, in the `X-Harness-Fault` grammar (`status=503`,
    /// `latency=2s`, `reset`, …), the next `times` times (always when nil).
    ///
    /// - Returns: the rule's id, for ``removeFault(_:)``.
    @discardableResult
    public func injectFault(
        _ fault: String, path: String, method: String? = nil, times: Int? = nil
    ) async throws -> Int {
        let rule = FaultRuleBody(id: nil, method: method, path: path, fault: fault, times: times)
        let data = try await send("POST", "faults", body: try JSONEncoder().encode(rule))
        return try JSONDecoder().decode(FaultRuleBody.self, from: data).id ?? 0
    }

    /// Removes the fault rule `id`.
    public func removeFault(_ id: Int) async throws {
        _ = try await send("DELETE", "faults/\(id)")
    }

    /// Removes every fault rule.
    public func removeAllFaults() async throws {
        _ = try await send("DELETE", "faults")
    }

    /// Calls a simulator's own admin endpoint (`/__harness/vendors/<vendor>/<path>`), such as ReferralHero's
    /// `PUT tokens`, and returns the response body.
    @discardableResult
    public func vendor(
        _ vendor: MockVendor, _ method: String, _ path: String, json body: Data? = nil
    ) async throws -> Data {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return try await send(method, "vendors/\(vendor.name)/\(relative)", body: body)
    }

    private func send(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: adminURL.appendingPathComponent(path))
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw HarnessTestingError.adminRequestFailed(
                method: method, path: "/__harness/\(path)", status: status, body: String(decoding: data, as: UTF8.self))
        }
        return data
    }
}

/// The admin API's fault rule body.
private struct FaultRuleBody: Codable {
    var id: Int?
    var method: String?
    var path: String
    var fault: String
    var times: Int?
}
