public import Foundation
public import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// One HTTP response with its body read into memory.
public struct HTTPExchangeResponse: Sendable {
    /// The status line and header fields.
    public var response: HTTPResponse
    /// The whole response body (empty when the server sent none).
    public var body: Data

    /// The HTTP status code.
    public var status: Int { response.status.code }
    /// The `Content-Type` header, or an empty string when absent.
    public var contentType: String { response.headerFields[.contentType] ?? "" }
    /// The body read as UTF-8 (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Sends requests through an OpenAPIRuntime `ClientTransport`, the only way EngageSDK reaches the network.
struct HTTPExchange: Sendable {
    var transport: any ClientTransport
    var endpoint: EngageEndpoint
    /// Response bodies larger than this are refused.
    var maximumResponseBytes = 16 * 1024 * 1024

    /// POSTs `body` to `path` and reads the whole response.
    func post(
        path: String, contentType: String, accept: String, authorization: String?, body: Data, operationID: String
    ) async throws -> HTTPExchangeResponse {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.accept] = accept
        if let authorization { fields[.authorization] = authorization }
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: path, headerFields: fields)
        do {
            let (response, responseBody) = try await transport.send(
                request, body: HTTPBody(body), baseURL: endpoint.baseURL, operationID: operationID)
            let data: Data
            if let responseBody {
                data = try await Data(collecting: responseBody, upTo: maximumResponseBytes)
            } else {
                data = Data()
            }
            return HTTPExchangeResponse(response: response, body: data)
        } catch let error as EngageError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw EngageError.transport(operationID: operationID, cause: String(describing: error))
        }
    }
}

/// `application/x-www-form-urlencoded` as browsers and the shipped SDKs write it: UTF-8, unreserved
/// characters as is, space as `+`, every other byte as `%XX` (``FormCoding/Spelling/browser``). Read bodies back
/// with ``FormCoding/decode(_:plus:)``.
public enum FormEncoding {
    /// The `Content-Type` header value for form bodies, with `charset=UTF-8`.
    public static let contentType = "application/x-www-form-urlencoded; charset=UTF-8"

    /// Encodes `fields` in order as a UTF-8 form body, spelled as browsers do: unreserved characters as is, space as
    /// `+`, every other byte as `%XX`.
    public static func encode(_ fields: [(String, String)]) -> Data {
        Data(FormCoding.encodedBytes(fields.lazy.map { FormField(name: $0.0, value: $0.1) }, spelling: .browser))
    }
}
