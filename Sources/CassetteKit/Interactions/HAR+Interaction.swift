public import Foundation
import JSONCore

extension HAR.Request {
    /// The request as sent: header fields (HTTP/2 pseudo-headers such as `:authority` left out) and the body
    /// bytes (base64 decoded; a post exported with `params` only is form-encoded again).
    ///
    /// - Returns: nil when the body claims base64 but is not.
    public var cassetteRequest: CassetteRequest? {
        var body = Data()
        if let postData {
            guard let bytes = postData.bytes else { return nil }
            body = bytes
        }
        return CassetteRequest(method: method, url: url, headers: HeaderFields(httpHeaders: headers), body: body)
    }

    /// A HAR request from a request as sent: `queryString` and `cookies` filled from the URL and headers.
    public init(_ request: CassetteRequest, httpVersion: String = "HTTP/1.1") {
        let contentType = request.headers["Content-Type"]
        self.init(
            method: request.method,
            url: request.url,
            httpVersion: httpVersion,
            cookies: request.headers.values(for: "Cookie").flatMap(HAR.Cookie.parse(cookieHeader:)),
            headers: request.headers.map { HAR.NameValue($0.name, $0.value) },
            queryString: request.parts.queryItems.map { HAR.NameValue($0.name, $0.value) },
            postData: request.body.isEmpty
                ? nil
                : HAR.PostData(
                    body: request.body, mimeType: contentType ?? "",
                    contentEncoding: request.headers["Content-Encoding"]),
            headersSize: -1,
            bodySize: request.body.count
        )
    }
}

extension HAR.Response {
    /// The response as received: header fields (pseudo-headers left out) and the body bytes.
    ///
    /// - Returns: nil when the content claims base64 but is not.
    public var cassetteResponse: CassetteResponse? {
        guard let body = content.bytes else { return nil }
        return CassetteResponse(
            status: status, statusText: statusText, httpVersion: httpVersion.isEmpty ? "HTTP/1.1" : httpVersion,
            headers: HeaderFields(httpHeaders: headers), body: body)
    }

    /// A HAR response from a response as received; `cookies` filled from `Set-Cookie`.
    public init(_ response: CassetteResponse) {
        let contentEncoding = response.headers["Content-Encoding"]
        let content = HAR.Content(
            body: response.body, mimeType: response.headers["Content-Type"] ?? "", contentEncoding: contentEncoding)
        self.init(
            status: response.status,
            statusText: response.statusText,
            httpVersion: response.httpVersion,
            cookies: response.headers.values(for: "Set-Cookie").compactMap(HAR.Cookie.parse(setCookieHeader:)),
            headers: response.headers.map { HAR.NameValue($0.name, $0.value) },
            content: content,
            redirectURL: response.headers["Location"] ?? "",
            headersSize: -1,
            bodySize: response.body.count
        )
    }
}

extension HAR.Entry {
    /// An entry for a recorded interaction.
    public init(
        request: CassetteRequest, response: CassetteResponse, startedAt: Date, duration: Duration,
        harness: HarnessExtension? = nil
    ) {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds / 1_000_000_000_000) / 1000
        self.init(
            startedDateTime: RFC3339.milliseconds(startedAt),
            time: milliseconds,
            request: HAR.Request(request),
            response: HAR.Response(response),
            timings: HAR.Timings(send: 0, wait: milliseconds, receive: 0),
            harness: harness
        )
    }
}

extension HeaderFields {
    /// Header fields from HAR name/value pairs, without HTTP/2 pseudo-headers.
    init(httpHeaders: [HAR.NameValue]) {
        self.init(httpHeaders.lazy.filter { !$0.name.hasPrefix(":") }.map { Field($0.name, $0.value) })
    }
}
