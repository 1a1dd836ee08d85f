public import Foundation
public import HTTPTypes
public import OpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's HTTP client over `URLSession.shared`, as the `ClientTransport` an app hands an SDK: what the document
/// samples run with against `.mockServer`, so their requests cross a real socket the way an app's do.
public struct URLSessionClient: ClientTransport {
    /// The client; it keeps no state of its own.
    public init() {}

    /// Sends `request` to `baseURL` + its path through `URLSession.shared`, its body collected up to 16 MiB.
    ///
    /// - Throws: ``HarnessTestingError/unexpectedResponse(_:)`` for an answer that is not HTTP, and what
    ///   `URLSession` throws for a failed exchange.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let url = URL(string: baseURL.absoluteString + (request.path ?? "")) else {
            throw HarnessTestingError.unexpectedResponse("'\(baseURL.absoluteString)\(request.path ?? "")' is no URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.canonicalName)
        }
        if let body { urlRequest.httpBody = try await Data(collecting: body, upTo: 1 << 24) }
        let (data, response) = try await URLSession.shared.data(for: urlRequest)
        guard let answer = response as? HTTPURLResponse else {
            throw HarnessTestingError.unexpectedResponse("\(url) answered without an HTTP response")
        }
        var fields = HTTPFields()
        for case (let name as String, let value as String) in answer.allHeaderFields {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return (HTTPResponse(status: .init(code: answer.statusCode), headerFields: fields), HTTPBody(data))
    }
}
