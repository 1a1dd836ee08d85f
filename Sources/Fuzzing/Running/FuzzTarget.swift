public import CassetteKit

/// Where requests go: a simulator in process or a server over HTTP. The fuzzer sends through `send` and names
/// the target by `baseURL` in reproductions.
public struct FuzzTarget: Sendable {
    /// For messages: `the referralhero simulator`, `http://127.0.0.1:8080/referralhero`.
    public let name: String
    /// The base URL requests are relative to, for `curl` lines and cassette entries
    /// (`http://127.0.0.1:8080/referralhero` for a simulator, as `harness serve` mounts it).
    public let baseURL: String
    /// Sends a request whose URL is relative to the base URL (`/lists/…?x=1`).
    public let send: @Sendable (CassetteRequest) async throws -> CassetteResponse

    public init(
        name: String, baseURL: String, send: @escaping @Sendable (CassetteRequest) async throws -> CassetteResponse
    ) {
        self.name = name
        self.baseURL = baseURL
        self.send = send
    }
}
