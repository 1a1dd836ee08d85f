public import Foundation

/// A request as the transports, the URL protocol, the mock server and the verifier all see it: method,
/// absolute URL, header fields in order, and the body bytes exactly as sent.
public struct CassetteRequest: Sendable, Hashable {
    /// Uppercase method, such as `POST`.
    public var method: String
    /// The absolute URL as sent, such as `https://api.example.com/XMLAPI?x=1`.
    public var url: String
    /// The header fields in the order sent.
    public var headers: HeaderFields
    /// The body bytes as sent (possibly content-encoded); empty when there is none.
    public var body: Data

    /// A request from its parts; `url` is absolute (or relative to the vendor's mount, when a simulator answers it).
    public init(method: String, url: String, headers: HeaderFields = [:], body: Data = Data()) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The URL split into scheme, host, port, path and query.
    public var parts: RequestURL { RequestURL(url) }

    /// The body with its `Content-Encoding` (gzip, deflate) undone; the bytes as sent when there is none,
    /// or when they cannot be decoded.
    public var decodedBody: Data {
        ContentEncoding.decode(body, contentEncoding: headers["Content-Encoding"]) ?? body
    }

    /// `POST https://api.example.com/XMLAPI`, for messages.
    public var summary: String { "\(method) \(url)" }
}
