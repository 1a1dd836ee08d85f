public import Foundation

/// A response as replay returns it: status, header fields in order, and the body bytes exactly as received
/// (still gzip-encoded when the server sent `Content-Encoding: gzip`).
public struct CassetteResponse: Sendable, Hashable {
    public var status: Int
    public var statusText: String
    public var httpVersion: String
    public var headers: HeaderFields
    public var body: Data

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
