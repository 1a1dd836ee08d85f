public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

extension CassetteRequest {
    /// The request an OpenAPI client sends: `baseURL` joined with the request's path and query, the header
    /// fields in order, and the body collected.
    public init(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL) async throws {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let path = request.path ?? ""
        let data = try await Self.collect(body)
        self.init(
            method: request.method.rawValue,
            url: base + (path.hasPrefix("/") || path.isEmpty ? path : "/" + path),
            headers: HeaderFields(request.headerFields.map { ($0.name.rawName, $0.value) }),
            body: data)
    }
}

extension CassetteRequest {
    static func collect(_ body: HTTPBody?) async throws -> Data {
        guard let body else { return Data() }
        return try await Data(collecting: body, upTo: CassetteResponse.maximumBodySize)
    }
}

extension CassetteResponse {
    /// The largest body, in bytes, collected from a transport's request or response: 64 MiB, the size of the
    /// largest cassette file the store reads back, so what is recorded can be replayed.
    public static let maximumBodySize = Cassette.maximumFileSize

    /// A response an OpenAPI transport returned, its body collected (at most ``maximumBodySize`` bytes).
    public init(_ response: HTTPResponse, body: HTTPBody?) async throws {
        let data = try await CassetteRequest.collect(body)
        self.init(
            status: response.status.code, statusText: response.status.reasonPhrase,
            headers: HeaderFields(response.headerFields.map { ($0.name.rawName, $0.value) }), body: data)
    }

    /// The response as HTTPTypes sees it (header fields with invalid names are left out).
    public var httpResponse: HTTPResponse {
        var fields = HTTPFields()
        for field in headers {
            guard let name = HTTPField.Name(field.name) else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        return HTTPResponse(status: HTTPResponse.Status(code: status, reasonPhrase: statusText), headerFields: fields)
    }

    /// The body for an OpenAPI client: the recorded bytes, or nil when there are none.
    public var httpBody: HTTPBody? {
        body.isEmpty ? nil : HTTPBody(body)
    }
}
