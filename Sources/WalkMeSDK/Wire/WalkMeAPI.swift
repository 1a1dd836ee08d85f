import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// The four calls of the content protocol (assumed, see the module docs), over a `ClientTransport`:
/// `GET …/apps/{key}/settings.json`, `POST …/token`, `GET …/data.json` and `POST …/events`. The app's key and secret
/// go as HTTP Basic credentials; the data file of a token-protected app as `Authorization: Bearer`.
struct WalkMeAPI: Sendable {
    let transport: any ClientTransport
    let baseURL: URL
    let key: String
    let secret: String

    /// The settings URL: `{base}/sdk/v1/apps/{key}/settings.json`.
    var settingsURL: URL {
        let escaped = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/sdk/v1/apps/\(escaped)/settings.json") ?? baseURL
    }

    /// A URL of the settings (relative to the settings URL, or absolute).
    func resolve(_ reference: String, endpoint: String) throws(WalkMeError) -> URL {
        guard let url = URL(string: reference, relativeTo: settingsURL)?.absoluteURL, url.host != nil else {
            throw .malformedContent(
                document: "settings", pointer: "/\(endpoint)", reason: "'\(reference)' is not a URL")
        }
        return url
    }

    var basic: String {
        "Basic " + Data("\(key):\(secret)".utf8).base64EncodedString()
    }

    func settings(type: WMApplicationType) async throws(WalkMeError) -> JSONValue? {
        var components = URLComponents(url: settingsURL, resolvingAgainstBaseURL: true)
        components?.queryItems = [
            URLQueryItem(name: "platform", value: "ios"), URLQueryItem(name: "sdkVer", value: WalkMe.sdkVersion),
            URLQueryItem(name: "type", value: String(type.rawValue)),
        ]
        let url = components?.url ?? settingsURL
        return try await json(.get, url, authorization: basic, endpoint: "settings")
    }

    func token(at url: URL) async throws(WalkMeError) -> (token: String, expiresIn: Int) {
        let answer = try await json(.post, url, authorization: basic, endpoint: "token")
        guard let answer, let token = answer["access_token"]?.stringValue, !token.isEmpty,
            let expires = answer["expires_in"]?.numberValue?.integer, let seconds = Int(exactly: expires)
        else {
            throw .unexpectedResponse(endpoint: "token", status: 200, detail: "no access_token and expires_in")
        }
        return (token, seconds)
    }

    /// The data file, or `nil` when the server answers 304 to `If-None-Match: "v<storedVersion>"`.
    func dataFile(at url: URL, token: String?, storedVersion: Int?) async throws(WalkMeError) -> JSONValue? {
        try await json(
            .get, url, authorization: token.map { "Bearer " + $0 }, ifNoneMatch: storedVersion.map { "\"v\($0)\"" },
            endpoint: "data file")
    }

    func upload(_ batch: JSONValue, to url: URL) async throws(WalkMeError) {
        _ = try await json(.post, url, authorization: basic, body: batch, endpoint: "events")
    }

    private func json(
        _ method: HTTPRequest.Method, _ url: URL, authorization: String?, ifNoneMatch: String? = nil,
        body: JSONValue? = nil, endpoint: String
    ) async throws(WalkMeError) -> JSONValue? {
        let (origin, path) = split(url)
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        if let authorization { fields[.authorization] = authorization }
        if let ifNoneMatch { fields[.ifNoneMatch] = ifNoneMatch }
        var payload: HTTPBody?
        if let body {
            fields[.contentType] = "application/json"
            payload = HTTPBody(body.data([.sortedKeys]))
        }
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: fields)
        let status: Int
        let data: Data
        do {
            let (response, responseBody) = try await transport.send(
                request, body: payload, baseURL: origin, operationID: endpoint)
            status = response.status.code
            if let responseBody {
                data = try await Data(collecting: responseBody, upTo: 8 * 1024 * 1024)
            } else {
                data = Data()
            }
        } catch {
            throw .transport(endpoint: endpoint, detail: "\(error)")
        }
        if status == 304 && ifNoneMatch != nil { return nil }
        let parsed = try? JSONValue(parsing: data)
        guard (200..<300).contains(status) else {
            if let code = parsed?["error"]?.stringValue, let message = parsed?["message"]?.stringValue {
                throw .server(status: status, code: code, message: message)
            }
            throw .unexpectedResponse(endpoint: endpoint, status: status, detail: "no error body")
        }
        guard let parsed else {
            throw .malformedContent(document: endpoint, pointer: "", reason: "the body is not JSON")
        }
        return parsed
    }

    /// The transport's base URL and the request path: relative to the configured base URL when `url` lies under
    /// it (so a mount path such as `/walkme` stays the base's), else the URL's origin and its whole path.
    private func split(_ url: URL) -> (URL, String) {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let text = url.absoluteString
        if text.hasPrefix(base + "/") {
            return (URL(string: base) ?? baseURL, String(text.dropFirst(base.count)))
        }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path =
            (components?.percentEncodedPath ?? url.path) + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
        components?.path = ""
        components?.query = nil
        return (components?.url ?? url, path.isEmpty ? "/" : path)
    }
}
