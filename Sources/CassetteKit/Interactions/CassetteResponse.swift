public import Foundation

/// A response as replay returns it: status, header fields in order, and the body bytes exactly as received
/// (still gzip-encoded when the server sent `Content-Encoding: gzip`).
public struct CassetteResponse: Sendable, Hashable {
    /// The status code, such as `200`.
    public var status: Int
    /// The reason phrase (`OK`), possibly empty.
    public var statusText: String
    /// The HTTP version, `HTTP/1.1` by default.
    public var httpVersion: String
    /// The header fields in the order received.
    public var headers: HeaderFields
    /// The body bytes as received (possibly content-encoded); empty when there is none.
    public var body: Data

    /// A response from its parts; only `status` is required.
    public init(
        status: Int, statusText: String = "", httpVersion: String = "HTTP/1.1", headers: HeaderFields = [:],
        body: Data = Data()
    ) {
        self.status = status
        self.statusText = statusText
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
    }

    /// The body with its `Content-Encoding` undone, for reading and comparing.
    public var decodedBody: Data {
        ContentEncoding.decode(body, contentEncoding: headers["Content-Encoding"]) ?? body
    }
}
