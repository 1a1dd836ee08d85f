import Foundation
import HTTPTypes
import OpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport ``RHApiKey/configure(withAPIKey:withuuID:)`` gives ``RH``: URLSession's shared session, as the
/// vendor's SDK uses. Answers are read whole, up to ``maximumBodySize``.
struct RHURLSessionTransport: ClientTransport {
    /// The largest request or response body sent or read: ReferralHero's answers are a few kilobytes.
    static let maximumBodySize = 16 << 20

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let url = URL(string: baseURL.absoluteString + (request.path ?? "")) else {
            throw RHError.transport("\(operationID): the server URL \(baseURL.absoluteString) is not usable")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.canonicalName)
        }
        if let body {
            urlRequest.httpBody = try await Data(collecting: body, upTo: Self.maximumBodySize)
        }
        let (data, response) = try await URLSession.shared.data(for: urlRequest)
        guard let answer = response as? HTTPURLResponse else {
            throw RHError.transport("\(operationID): the answer is not HTTP")
        }
        guard data.count <= Self.maximumBodySize else {
            throw RHError.transport("\(operationID): the answer is larger than \(Self.maximumBodySize) bytes")
        }
        var fields = HTTPFields()
        for (name, value) in answer.allHeaderFields {
            guard let name = (name as? String).flatMap({ HTTPField.Name($0) }), let value = value as? String else {
                continue
            }
            fields.append(HTTPField(name: name, value: value))
        }
        return (HTTPResponse(status: .init(code: answer.statusCode), headerFields: fields), HTTPBody(data))
    }
}
