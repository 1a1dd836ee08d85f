import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// The HTTP side of the SDK: builds requests with the global headers of the Adapty backend, sends them through
/// the injected `ClientTransport` with a timeout, and turns answers into bodies or ``AdaptyError``s following the
/// documented status table (401/403 → notActivated and the backend blocked; 429 blocked until `retry-after`; 444
/// blocked for the body's minutes; 499/5xx retryable; other 4xx badRequest).
final class AdaptyBackend: Sendable {
    enum Host: Sendable {
        case main
        case fallback
    }

    /// One request the SDK sends.
    struct Request: Sendable {
        var method: HTTPRequest.Method
        /// Relative to the host's base URL (`/sdk/events/`).
        var path: String
        var headers: [(String, String)] = []
        var body: JSONValue?
        /// The endpoint's name for errors (`fetch paywall variations`).
        var endpoint: String
    }

    /// An answer with a 2xx status.
    struct Response: Sendable {
        var status: Int
        var headers: HTTPFields
        var body: Data
    }

    let configuration: AdaptyConfiguration
    let transport: any ClientTransport
    let sessionId: String
    let now: @Sendable () -> Date
    /// Waits out a request timeout (seconds); injected so tests need not wait.
    let sleep: @Sendable (TimeInterval) async throws -> Void
    /// Until when the main host is not called, and the status (429 or 444) that blocked it.
    private let blocked = Locked<(until: Date, status: Int)?>(nil)
    private let unauthorized = Locked(false)

    init(
        configuration: AdaptyConfiguration, transport: any ClientTransport, sessionId: String,
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async throws -> Void
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sessionId = sessionId
        self.now = now
        self.sleep = sleep
    }

    /// Sends `request` to `host`, waiting at most `timeout` seconds.
    func send(
        _ request: Request, to host: Host = .main, timeout: TimeInterval = 30
    ) async throws(AdaptyError)
        -> Response
    {
        if unauthorized.withLock({ $0 }) {
            throw .notActivated(detail: "the SDK key was refused earlier (HTTP 401); \(request.endpoint) was not sent")
        }
        if host == .main, let block = blocked.withLock({ $0 }), now() < block.until {
            throw .serverError(
                endpoint: request.endpoint, status: block.status, serverCode: nil, retryAfter: block.until)
        }
        let hosts = configuration.resolvedHosts
        let target = host == .main ? hosts.main : hosts.fallback
        var fields = HTTPFields()
        for (name, value) in globalHeaders + request.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        var body: HTTPBody?
        if let json = request.body {
            fields[.contentType] = "application/json"
            body = HTTPBody(json.data(.sortedKeys))
        }
        let outgoing = HTTPRequest(
            method: request.method, scheme: nil, authority: nil, path: target.pathPrefix + request.path,
            headerFields: fields)
        let (response, data) = try await exchange(
            outgoing, body: body, baseURL: target.serverURL, endpoint: request.endpoint, timeout: timeout)
        return try validate(response, data: data, endpoint: request.endpoint)
    }

    private var globalHeaders: [(String, String)] {
        var headers = [
            ("Authorization", "Api-Key \(configuration.apiKey)"),
            ("adapty-sdk-version", AdaptyConfiguration.sdkVersion),
            ("adapty-sdk-platform", configuration.device.platform),
            ("adapty-sdk-session", sessionId),
            ("adapty-sdk-device-id", configuration.device.deviceId),
        ]
        if let version = configuration.device.appVersion { headers.append(("adapty-app-version", version)) }
        return headers
    }

    private func exchange(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, endpoint: String, timeout: TimeInterval
    ) async throws(AdaptyError) -> (HTTPResponse, Data) {
        let transport = transport
        let sleep = sleep
        do {
            return try await withThrowingTaskGroup(of: (HTTPResponse, Data)?.self) { group in
                group.addTask {
                    let (response, body) = try await transport.send(
                        request, body: body, baseURL: baseURL, operationID: endpoint)
                    var data = Data()
                    if let body { data = try await Data(collecting: body, upTo: 16 * 1024 * 1024) }
                    return (response, data)
                }
                group.addTask {
                    try await sleep(max(timeout, 0.1))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let answer = first else {
                    throw AdaptyError.networkFailed(endpoint: endpoint, detail: "timed out after \(timeout) s")
                }
                return answer
            }
        } catch let error as AdaptyError {
            throw error
        } catch {
            throw .networkFailed(endpoint: endpoint, detail: String(describing: error))
        }
    }

    private func validate(_ response: HTTPResponse, data: Data, endpoint: String) throws(AdaptyError) -> Response {
        let status = response.status.code
        if (200..<300).contains(status) {
            return Response(status: status, headers: response.headerFields, body: data)
        }
        let code = AdaptyServerErrorBody.code(in: data)
        switch status {
        case 401:
            unauthorized.withLock { $0 = true }
            throw .notActivated(detail: "\(endpoint) was refused with HTTP 401" + (code.map { " (\($0))" } ?? ""))
        case 403:
            throw .notActivated(detail: "\(endpoint) was refused with HTTP 403" + (code.map { " (\($0))" } ?? ""))
        case 429:
            let seconds =
                HTTPField.Name("retry-after").flatMap { response.headerFields[$0] }.flatMap { Double($0) } ?? 0
            let until = now().addingTimeInterval(seconds)
            blocked.withLock { $0 = (until, status) }
            throw .serverError(endpoint: endpoint, status: status, serverCode: code, retryAfter: until)
        case 444:
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let minutes = Double(text) ?? 24 * 60
            let until = now().addingTimeInterval(minutes * 60)
            blocked.withLock { $0 = (until, status) }
            throw .serverError(endpoint: endpoint, status: status, serverCode: code, retryAfter: until)
        case 499, 500..<600:
            throw .serverError(endpoint: endpoint, status: status, serverCode: code, retryAfter: nil)
        default:
            throw .badRequest(endpoint: endpoint, status: status, serverCode: code)
        }
    }
}

extension AdaptyError {
    /// Whether the SDK may try the fallback host after this error (499, 5xx, network failures).
    var allowsFallback: Bool {
        switch self {
        case .networkFailed: true
        case .serverError(_, let status, _, _): status == 499 || (500..<600).contains(status)
        default: false
        }
    }
}

/// The three error body forms the backend uses: `{"error_code":"X"}`, `{"detail":[{"type":"X"}]}`,
/// `{"errors":[{"code":"X"}]}`.
enum AdaptyServerErrorBody {
    static func code(in data: Data) -> String? {
        guard let body = try? JSONValue(parsing: data) else { return nil }
        if let code = body["error_code"]?.stringValue { return code }
        if let code = body["detail"]?[0]?["type"]?.stringValue { return code }
        return body["errors"]?[0]?["code"]?.stringValue
    }
}
