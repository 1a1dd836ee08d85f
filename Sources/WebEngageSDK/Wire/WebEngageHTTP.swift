import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// The SDK's requests, sent through the core's `ClientTransport` (the only way it reaches the network).
struct WebEngageHTTP: Sendable {
    let setup: WebEngage.Setup
    /// Response bodies larger than this are refused.
    var maximumResponseBytes = 4 * 1024 * 1024

    struct Answer: Sendable {
        var status: Int
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// `/users/{licenseCode}/{luid}/<rest>`, each id percent-encoded.
    func userPath(_ rest: String) -> String {
        "/users/\(Self.escape(setup.configuration.licenseCode))/\(Self.escape(setup.configuration.luid))/\(rest)"
    }

    /// Sends a request; `json` becomes the body (`gzip` compresses it and says so in `Content-Encoding`).
    func send(
        _ method: HTTPRequest.Method, path: String, query: [(String, String)] = [], json: JSONValue? = nil,
        gzip: Bool = false, operation: String
    ) async throws(WebEngageError) -> Answer {
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        var body: Data?
        if let json {
            fields[.contentType] = "application/json"
            let data = json.data([.sortedKeys])
            if gzip {
                fields[.contentEncoding] = "gzip"
                body = Gzip.compress(data)
            } else {
                body = data
            }
        }
        let target =
            query.isEmpty
            ? path
            : path + "?"
                + query.map { "\(Self.escape($0))=\(Self.escape($1))" }
                .joined(separator: "&")
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: target, headerFields: fields)
        return try await exchange(request, body: body, operation: operation)
    }

    /// GETs an absolute URL, or one relative to the base URL (a template's image).
    func fetchResource(_ reference: String) async throws(WebEngageError) -> Answer {
        let base = setup.configuration.baseURL
        var path = reference
        if let absolute = URL(string: reference), let scheme = absolute.scheme, !scheme.isEmpty {
            let prefix = base.absoluteString.hasSuffix("/") ? base.absoluteString : base.absoluteString + "/"
            guard absolute.absoluteString.hasPrefix(prefix) else {
                var origin = URLComponents()
                origin.scheme = scheme
                origin.host = absolute.host
                origin.port = absolute.port
                guard let originURL = origin.url else {
                    throw .transport(operation: "fetchResource", reason: "\(reference) is not a usable URL")
                }
                let remote = absolute.path.isEmpty ? "/" : absolute.path
                let target = absolute.query.map { remote + "?" + $0 } ?? remote
                return try await exchange(
                    HTTPRequest(method: .get, scheme: nil, authority: nil, path: target, headerFields: [:]),
                    body: nil, operation: "fetchResource", baseURL: originURL)
            }
            path = "/" + absolute.absoluteString.dropFirst(prefix.count)
        }
        if !path.hasPrefix("/") { path = "/" + path }
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path, headerFields: [:])
        return try await exchange(request, body: nil, operation: "fetchResource")
    }

    private func exchange(
        _ request: HTTPRequest, body: Data?, operation: String, baseURL: URL? = nil
    ) async throws(WebEngageError) -> Answer {
        do {
            let (response, responseBody) = try await setup.transport.send(
                request, body: body.map { HTTPBody($0) }, baseURL: baseURL ?? setup.configuration.baseURL,
                operationID: operation)
            var data = Data()
            if let responseBody { data = try await Data(collecting: responseBody, upTo: maximumResponseBytes) }
            return Answer(status: response.status.code, body: data)
        } catch {
            throw .transport(operation: operation, reason: String(describing: error))
        }
    }

    /// Percent-encodes everything but the unreserved characters (RFC 3986).
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
