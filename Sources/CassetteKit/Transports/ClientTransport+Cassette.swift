public import Foundation
import HTTPTypes
public import OpenAPIRuntime

extension ClientTransport {
    /// Sends a cassette request (its URL a path relative to `baseURL`) as it is, headers and body included, and
    /// returns the answer as a cassette response: how the provider check and `harness fuzz --against` reach a live
    /// server through any transport.
    ///
    /// - Throws: what the transport throws (connection refused, timeout), or OpenAPIRuntime's too-many-bytes error
    ///   when the answer's body is larger than ``CassetteResponse/maximumBodySize``.
    public func send(_ request: CassetteRequest, baseURL: URL, operationID: String) async throws -> CassetteResponse {
        var fields = HTTPFields()
        for field in request.headers {
            if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
        }
        let outgoing = HTTPRequest(
            method: HTTPRequest.Method(request.method) ?? .get, scheme: nil, authority: nil, path: request.url,
            headerFields: fields)
        let (response, body) = try await send(
            outgoing, body: request.body.isEmpty ? nil : HTTPBody(request.body), baseURL: baseURL,
            operationID: operationID)
        return try await CassetteResponse(response, body: body)
    }
}
